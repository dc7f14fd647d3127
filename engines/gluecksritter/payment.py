"""Turning a price into coin movements: to the sack (with change) or to another player."""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.gluecksritter.coins import Coins, exact_payment, payment_problem, propose_payment
from engines.gluecksritter.events import CoinsMoved
from engines.gluecksritter.state import GameState


def pay_sack(state: GameState, player: str, amount: int, payment: Coins | None, reason: str) -> list:
    """A price paid into the sack. ``payment`` None: the app's proposal. Overpaying by one
    Ducat (gold only, odd price) gets a silver back from the sack when the setting allows
    and the sack has one."""
    held = state.player(player).coins
    paid = payment if payment is not None else propose_payment(held, amount)
    if paid is None:
        raise RuleViolation("payment.afford", f"{player} cannot pay {amount} Ducats for {reason} (holds {held})")
    problem = payment_problem(held, amount, paid)
    if problem:
        raise RuleViolation("payment.coins", f"{player} {problem}")
    events: list = [CoinsMoved(player, "sack", paid, reason)]
    if paid.value > amount and state.rules.change_from_sack and state.sack.silver >= 1:
        events.append(CoinsMoved("sack", player, Coins(1, 0), "change"))
    return events


def can_afford(state: GameState, player: str, amount: int) -> bool:
    return state.player(player).coins.value >= amount


def pay_player(state: GameState, payer: str, payee: str, amount: int, reason: str) -> list:
    """Ducats handed from one player to another; at most what the payer holds.

    Exactly when possible; otherwise (only gold, odd sum) the payee gives a silver back, or a
    gold is changed into two silver at the sack, or, failing both, one Ducat too many is paid.
    """
    held = state.player(payer).coins
    amount = min(amount, held.value)
    if amount <= 0:
        return []
    exact = exact_payment(held, amount)
    if exact is not None:
        return [CoinsMoved(payer, payee, exact, reason)]
    gold = Coins(0, (amount + 1) // 2)
    if state.player(payee).silver >= 1:
        return [CoinsMoved(payer, payee, gold, reason), CoinsMoved(payee, payer, Coins(1, 0), "change")]
    if state.sack.silver >= 2:
        changed = held + Coins(2, -1)
        return [
            CoinsMoved(payer, "sack", Coins(0, 1), "changing a gold coin"),
            CoinsMoved("sack", payer, Coins(2, 0), "changing a gold coin"),
            CoinsMoved(payer, payee, exact_payment(changed, amount) or gold, reason),
        ]
    return [CoinsMoved(payer, payee, gold, reason)]
