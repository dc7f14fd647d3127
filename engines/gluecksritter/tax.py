"""Royal tax: whoever holds 8 or more coins of one kind gives half of that kind (rounded down)
back to the sack, after each step that gave them coins of that kind, unless they play a Gift.
Paying (or losing coins any other way) never raises a tax."""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import Kind
from engines.gluecksritter.events import CoinsMoved, Event, RoyalTaxDue, RoyalTaxSettled
from engines.gluecksritter.rules import TAX_THRESHOLD
from engines.gluecksritter.state import GameState

KINDS: tuple[Kind, ...] = ("silver", "gold")


def taxes_after(before: GameState, after: GameState) -> list[Event]:
    """RoyalTaxDue for every player and kind that grew in this step and now reaches 8."""
    due: list[Event] = []
    for old, new in zip(before.players, after.players, strict=True):
        for kind in KINDS:
            count = getattr(new, kind)
            if count >= TAX_THRESHOLD and count > getattr(old, kind) and (new.colour, kind) not in after.taxes:
                due.append(RoyalTaxDue(new.colour, kind))
    return due


def tax_amount(count: int) -> int:
    return count // 2 if count >= TAX_THRESHOLD else 0


def pay_royal_tax(state: GameState, player: str) -> list[Event]:
    kinds = [kind for who, kind in state.taxes if who == player]
    if not kinds:
        raise RuleViolation("royal-tax.none-due", "{player} owes no royal tax now", player=player)
    events: list[Event] = []
    p = state.player(player)
    for kind in kinds:
        amount = tax_amount(getattr(p, kind))
        if amount:
            coins = Coins(amount, 0) if kind == "silver" else Coins(0, amount)
            events.append(CoinsMoved(player, "sack", coins, f"royal tax on {kind}"))
        events.append(RoyalTaxSettled(player, kind, waived=False))
    return events


def waive_royal_tax(state: GameState, player: str, kind: Kind | None) -> RoyalTaxSettled:
    """The tax a Gift cancels: the named kind, or the only one due."""
    due = [k for who, k in state.taxes if who == player]
    if not due:
        raise RuleViolation("gift.no-tax", "a Gift cancels a royal tax, and {player} owes none now", player=player)
    if kind is None:
        if len(due) > 1:
            raise RuleViolation(
                "gift.which-tax",
                "{player} owes royal tax on silver and gold: say which one the Gift cancels",
                player=player,
            )
        kind = due[0]
    if kind not in due and kind == "silver":
        raise RuleViolation("gift.which-tax", "{player} owes no royal tax on silver", player=player)
    if kind not in due:
        raise RuleViolation("gift.which-tax", "{player} owes no royal tax on gold", player=player)
    return RoyalTaxSettled(player, kind, waived=True)
