"""Turning a price into coin movements: to the sack (with change) or to another player."""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.gluecksritter.coins import Coins, payment_refusal, propose_payment
from engines.gluecksritter.events import CoinsMoved, Event
from engines.gluecksritter.state import GameState


def _coins_paid(state: GameState, payer: str, amount: int, payment: Coins | None, reason: str) -> Coins:
    """The coins the payer names (None: the app's proposal), checked against what he holds."""
    held = state.player(payer).coins
    paid = payment if payment is not None else propose_payment(held, amount)
    if paid is None:
        raise _unaffordable(payer, amount, held, reason)
    refusal = payment_refusal(payer, held, amount, paid)
    if refusal is not None:
        raise refusal
    return paid


def _unaffordable(payer: str, amount: int, held: Coins, reason: str) -> RuleViolation:
    """A price the payer cannot pay, one sentence for each thing paid for (castle pieces are
    refused before they come here, in :func:`~engines.gluecksritter.fields.buy_pieces`; the
    accepted offer is never more than the maker holds)."""
    values = {"player": payer, "ducats": amount, "silver": held.silver, "gold": held.gold}
    if reason == "a document":
        return RuleViolation(
            "payment.afford",
            "{player} cannot pay {ducats} Ducats for a document (holds {silver} silver and {gold} gold)",
            **values,
        )
    if reason == "ransom":
        return RuleViolation(
            "payment.afford",
            "{player} cannot pay {ducats} Ducats for ransom (holds {silver} silver and {gold} gold)",
            **values,
        )
    return RuleViolation(
        "payment.afford",
        "{player} cannot pay {ducats} Ducats (holds {silver} silver and {gold} gold)",
        **values,
    )


def pay_sack(state: GameState, player: str, amount: int, payment: Coins | None, reason: str) -> list[Event]:
    """A price paid into the sack. ``payment`` None: the app's proposal. Overpaying by one
    Ducat (gold only, odd price) gets a silver back from the sack when the setting allows
    and the sack has one."""
    paid = _coins_paid(state, player, amount, payment, reason)
    events: list[Event] = [CoinsMoved(player, "sack", paid, reason)]
    if paid.value > amount and state.rules.change_from_sack and state.sack.silver >= 1:
        events.append(CoinsMoved("sack", player, Coins(1, 0), "change"))
    return events


def can_afford(state: GameState, player: str, amount: int) -> bool:
    return state.player(player).coins.value >= amount


def pay_player(
    state: GameState, payer: str, payee: str, amount: int, payment: Coins | None, reason: str
) -> list[Event]:
    """Ducats handed from one player to another, in the coins the payer names (``payment``
    None: the app's proposal, as for the sack). Only gold and an odd sum: one gold too many goes
    over and the payee gives a silver back, or, holding none, changes a gold at the sack first;
    failing both, the Ducat too many stays with the payee."""
    paid = _coins_paid(state, payer, amount, payment, reason)
    events: list[Event] = [CoinsMoved(payer, payee, paid, reason)]
    if paid.value <= amount:
        return events
    if state.player(payee).silver >= 1:
        return events + [CoinsMoved(payee, payer, Coins(1, 0), "change")]
    if state.sack.silver >= 2:
        return events + [
            CoinsMoved(payee, "sack", Coins(0, 1), "changing a gold coin"),
            CoinsMoved("sack", payee, Coins(2, 0), "changing a gold coin"),
            CoinsMoved(payee, payer, Coins(1, 0), "change"),
        ]
    return events
