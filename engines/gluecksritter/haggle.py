"""Haggling (osullivan): two Black Knights bid for the right to act. Who offers first, the
offers, accepting, rejecting a promise of loot or declining; then the winner pays in coins of
his choice, acts, and answers his promise of loot."""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.gluecksritter import events as ev
from engines.gluecksritter.commands import (
    AcceptOffer,
    ChooseFirstOfferer,
    DeclineToOffer,
    KeepLoot,
    MakeOffer,
    PayOffer,
    RejectOffer,
)
from engines.gluecksritter.knight import field4, other_knight
from engines.gluecksritter.payment import pay_player
from engines.gluecksritter.rules import CASTLE_LIMIT
from engines.gluecksritter.state import GameState, Knight, Offer


def choose_first_offerer(state: GameState, cmd: ChooseFirstOfferer) -> list[ev.Event]:
    k = field4(state, ("choose-first",), RuleViolation("field4.not-now", "naming who offers first is not due now"))
    if cmd.player != k.decider:
        raise RuleViolation(
            "haggle.decider", "{decider} decides who offers first, not {player}", decider=k.decider, player=cmd.player
        )
    if cmd.offerer not in k.knights:
        raise RuleViolation("haggle.offerer", "{player} is not haggling", player=cmd.offerer)
    return [ev.FirstOffererChosen(cmd.player, cmd.offerer)]


def _haggle_turn(state: GameState, player: str, not_now: RuleViolation) -> Knight:
    k = field4(state, ("haggle",), not_now)
    if player != k.turn:
        raise RuleViolation(
            "haggle.turn", "it is {turn}'s turn in the haggling, not {player}'s", turn=k.turn, player=player
        )
    return k


def make_offer(state: GameState, cmd: MakeOffer) -> list[ev.Event]:
    k = _haggle_turn(state, cmd.player, RuleViolation("field4.not-now", "an offer is not due now"))
    offer = Offer(cmd.player, cmd.ducats, cmd.walls, cmd.towers, cmd.loot_promise)
    if min(cmd.ducats, cmd.walls, cmd.towers, cmd.loot_promise) < 0:
        raise RuleViolation("haggle.negative", "an offer cannot contain negative amounts")
    if offer.value < 1:
        raise RuleViolation("haggle.minimum", "an offer is worth at least 1 Ducat")
    me, other = state.player(cmd.player), state.player(other_knight(k, cmd.player))
    if cmd.ducats > me.coins.value:
        raise RuleViolation(
            "haggle.ducats", "{player} holds only {ducats} Ducats", player=cmd.player, ducats=me.coins.value
        )
    if cmd.walls > me.walls or cmd.towers > me.towers:
        raise RuleViolation(
            "haggle.pieces",
            "{player} has only {walls} walls and {towers} towers",
            player=cmd.player,
            walls=me.walls,
            towers=me.towers,
        )
    if other.walls + cmd.walls > CASTLE_LIMIT or other.towers + cmd.towers > CASTLE_LIMIT:
        raise RuleViolation("castle.limit", "{player}'s castle has no room for those pieces", player=other.colour)
    if k.offer is not None and offer.value <= k.offer.value:
        raise RuleViolation("haggle.top", "an offer must top the last one, worth {ducats} Ducats", ducats=k.offer.value)
    return [ev.OfferMade(offer)]


def accept_offer(state: GameState, cmd: AcceptOffer) -> list[ev.Event]:
    k = _haggle_turn(state, cmd.player, RuleViolation("field4.not-now", "accepting an offer is not due now"))
    offer = k.offer
    if offer is None:
        raise RuleViolation("haggle.no-offer", "there is no offer to accept")
    events: list[ev.Event] = [ev.OfferAccepted(cmd.player, offer)]
    giver, taker = state.player(offer.by), state.player(cmd.player)
    walls = min(offer.walls, giver.walls, CASTLE_LIMIT - taker.walls)
    towers = min(offer.towers, giver.towers, CASTLE_LIMIT - taker.towers)
    events += [ev.PieceMoved(offer.by, cmd.player, "wall", "the accepted offer")] * walls
    events += [ev.PieceMoved(offer.by, cmd.player, "tower", "the accepted offer")] * towers
    ducats = min(offer.ducats, giver.coins.value)
    if ducats:  # the payer says which coins: the next step
        events.append(ev.OfferPaymentDue(offer.by, cmd.player, ducats))
    return events


def pay_offer(state: GameState, cmd: PayOffer) -> list[ev.Event]:
    """The winner pays the Ducats of the accepted offer in coins of his choice (or the app's
    proposal), at most what he holds; then he acts."""
    k = field4(state, ("pay",), RuleViolation("field4.not-now", "paying the accepted offer is not due now"))
    if cmd.player != k.actor:
        raise RuleViolation(
            "field4.actor", "{actor} pays the accepted offer, not {player}", actor=k.actor, player=cmd.player
        )
    assert k.offer is not None
    payee = other_knight(k, cmd.player)
    amount = min(k.offer.ducats, state.player(cmd.player).coins.value)
    return pay_player(state, cmd.player, payee, amount, cmd.payment, "the accepted offer") + [ev.OfferPaid(cmd.player)]


def keep_loot(state: GameState, cmd: KeepLoot) -> list[ev.Event]:
    """The winner hands over none of the promised loot (handing over all or part of it is a
    hand-over, see :mod:`handover`)."""
    k = field4(state, ("promise",), RuleViolation("field4.not-now", "answering the promise of loot is not due now"))
    if cmd.player != k.actor:
        raise RuleViolation("field4.actor", "{actor} made the promise, not {player}", actor=k.actor, player=cmd.player)
    assert k.offer is not None
    return [ev.LootKept(cmd.player, k.offer.loot_promise), ev.KnightFinished()]


def reject_offer(state: GameState, cmd: RejectOffer) -> list[ev.Event]:
    k = _haggle_turn(state, cmd.player, RuleViolation("field4.not-now", "rejecting an offer is not due now"))
    offer = k.offer
    if offer is None or not offer.loot_promise:
        raise RuleViolation("haggle.reject", "only an offer that promises loot can be rejected: top it or accept it")
    return [ev.OfferRejected(cmd.player, offer)]


def decline_to_offer(state: GameState, cmd: DeclineToOffer) -> list[ev.Event]:
    k = _haggle_turn(state, cmd.player, RuleViolation("field4.not-now", "declining to offer is not due now"))
    if k.offer is not None:
        raise RuleViolation(
            "haggle.answer", "{player} must top {offerer}'s offer or accept it", player=cmd.player, offerer=k.offer.by
        )
    events: list[ev.Event] = [ev.OfferDeclined(cmd.player)]
    if other_knight(k, cmd.player) in k.passed:
        events += [ev.KnightsImprisoned(k.knights, "neither knight made an offer"), ev.KnightFinished()]
    return events
