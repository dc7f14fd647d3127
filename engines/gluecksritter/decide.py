"""``decide(state, command) -> events``: check a command against the rules and the state.

A refused command raises RuleViolation and leaves everything as it was. An accepted one yields
its own events followed by every automatic step it made possible (royal taxes falling due,
fields opening, splits, the end of the round).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.correction import Correct, Corrected, require_reason
from engines.core.errors import RuleViolation
from engines.gluecksritter import events as ev
from engines.gluecksritter import fields, haggle, knight
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import (
    ChooseActions,
    PayRoyalTax,
    PlaceDucats,
    PlayDocument,
    Ransom,
    RevealActions,
    RevealDocuments,
)
from engines.gluecksritter.counters import correction_refusal, read_counter
from engines.gluecksritter.effects import apply_document, correct_hand
from engines.gluecksritter.evolve import evolve
from engines.gluecksritter.handover import hand_over
from engines.gluecksritter.payment import pay_sack
from engines.gluecksritter.round_end import end_round, judge_again
from engines.gluecksritter.rules import OSULLIVAN, RANSOM_PRICE, TAX_THRESHOLD
from engines.gluecksritter.state import CHOOSE, DOCUMENTS, DUCATS, OVER, RANSOM, GameState
from engines.gluecksritter.tax import pay_royal_tax, taxes_after, waive_royal_tax

MAX_CARD_NUMBER = 20


def place_ducats(state: GameState, cmd: PlaceDucats) -> list[ev.Event]:
    if state.phase != DUCATS:
        raise RuleViolation("A.once", "the Ducat card is drawn once, at the start of a round")
    for n in (cmd.top, cmd.bottom):
        if not 0 <= n <= MAX_CARD_NUMBER:
            raise RuleViolation(
                "A.card", "a Ducat card shows numbers from 0 to {most}, not {n}", most=MAX_CARD_NUMBER, n=n
            )
    in_sack = state.sack.count
    want5 = min(cmd.top, in_sack)
    want6 = min(cmd.bottom, in_sack - want5)
    if state.rules.digital_sack:
        if cmd.draws is None or cmd.field5 is not None or cmd.field6 is not None:
            raise RuleViolation("A.digital-sack", "with the digital sack the app draws: send the draws, not a mix")
        field5, field6 = _draw(state.sack, cmd.draws, want5, want6)
    else:
        if cmd.draws is not None or cmd.field5 is None or cmd.field6 is None:
            raise RuleViolation("A.entered-mix", "say how many silver and gold landed on field 5 and on field 6")
        field5, field6 = cmd.field5, cmd.field6
        for field, mix in ((5, field5), (6, field6)):
            if mix.silver < 0 or mix.gold < 0:
                raise RuleViolation(
                    "A.negative",
                    "field {field} cannot get a negative number of coins ({silver} silver, {gold} gold)",
                    field=field,
                    silver=mix.silver,
                    gold=mix.gold,
                )
        for field, mix, want, shown in ((5, field5, want5, cmd.top), (6, field6, want6, cmd.bottom)):
            if mix.count != want and want < shown:
                raise RuleViolation(
                    "A.count",
                    "field {field} gets {want} coins (the sack ran short), not {count}",
                    field=field,
                    want=want,
                    count=mix.count,
                )
            if mix.count != want:
                raise RuleViolation(
                    "A.count", "field {field} gets {want} coins, not {count}", field=field, want=want, count=mix.count
                )
        wanted = field5 + field6
        if not state.sack.covers(wanted):
            raise RuleViolation(
                "A.sack",
                "the sack holds only {silver} silver and {gold} gold, not {want_silver} silver and {want_gold} gold",
                silver=state.sack.silver,
                gold=state.sack.gold,
                want_silver=wanted.silver,
                want_gold=wanted.gold,
            )
    return [ev.DucatsPlaced(cmd.top, cmd.bottom, field5, field6)]


def _draw(sack: Coins, draws: tuple[int, ...], want5: int, want6: int) -> tuple[Coins, Coins]:
    """Blind draws without replacement: each index picks one of the coins left (silver first)."""
    if len(draws) != want5 + want6:
        raise RuleViolation(
            "A.draws", "the digital sack draws {want} coins, not {count}", want=want5 + want6, count=len(draws)
        )
    left, drawn = sack, []
    for index in draws:
        if not 0 <= index < left.count:
            raise RuleViolation(
                "A.draws", "draw index {index} is outside the {left} coins left", index=index, left=left.count
            )
        coin = Coins(1, 0) if index < left.silver else Coins(0, 1)
        drawn.append(coin)
        left = left - coin
    return sum(drawn[:want5], Coins()), sum(drawn[want5:], Coins())


def choose_actions(state: GameState, cmd: ChooseActions) -> list[ev.Event]:
    if state.phase != CHOOSE:
        raise RuleViolation("B.not-now", "action cards are chosen in phase B, after the Ducat card")
    player = state.player(cmd.player)
    if player.pick is not None:
        raise RuleViolation(
            "B.locked", "{player} has already locked in two cards (undo to change them)", player=cmd.player
        )
    a, b = cmd.cards
    if a == b:
        raise RuleViolation("B.two-different", "pick two different action cards")
    held = player.hand()
    for card in (a, b):
        if card not in held:
            hand = ", ".join(str(c) for c in held)
            if card == 4:
                raise RuleViolation("B.in-hand", "card 4 is in the dungeon: pick from [{hand}]", hand=hand)
            raise RuleViolation("B.in-hand", "card {card} does not exist: pick from [{hand}]", card=card, hand=hand)
    return [ev.ActionsChosen(cmd.player, (min(a, b), max(a, b)))]


def play_document(state: GameState, cmd: PlayDocument) -> list[ev.Event]:
    player = state.player(cmd.player)
    kind = state.rules.document(cmd.document)
    if kind is None:
        raise RuleViolation(
            "document.unknown", "there is no document '{document}' in the catalogue", document=cmd.document
        )
    if cmd.document not in player.documents:
        raise RuleViolation(
            "document.in-hand", "{player} does not hold '{document}'", player=cmd.player, document=cmd.document
        )
    if cmd.document in player.played and not kind.generic:
        raise RuleViolation(
            "document.twice",
            "{player} has already played '{document}' this round",
            player=cmd.player,
            document=cmd.document,
        )
    if cmd.kind is not None and kind.effect != "royal-tax-waiver":
        raise RuleViolation("document.kind", "'{document}' is not played against a royal tax", document=cmd.document)
    if kind.seal == "red":
        if state.phase == CHOOSE:
            return [ev.DocumentPlayed(cmd.player, cmd.document, face_down=True)]
        raise RuleViolation(
            "document.red-seal",
            "a red-sealed document is played face down only in phase B, while the action cards are chosen: "
            "'{document}' stays in {player}'s hand",
            document=cmd.document,
            player=cmd.player,
        )
    played = ev.DocumentPlayed(cmd.player, cmd.document, face_down=False)
    if kind.effect == "royal-tax-waiver":
        return [played, waive_royal_tax(state, cmd.player, cmd.kind)]
    return [played]


def reveal_documents(state: GameState, cmd: RevealDocuments) -> list[ev.Event]:
    if state.phase != CHOOSE:
        raise RuleViolation("C.not-now", "documents are revealed once, after everyone has chosen")
    waiting = [p.colour for p in state.players if p.pick is None]
    if waiting:
        raise RuleViolation("B.waiting", "still choosing: {players}", players=", ".join(waiting))
    return [ev.DocumentsRevealed(state.face_down)]


def reveal_actions(state: GameState, cmd: RevealActions) -> list[ev.Event]:
    if state.phase not in (DOCUMENTS, RANSOM):
        raise RuleViolation("E.not-now", "the action cards are revealed after the documents")
    return [ev.ActionsRevealed(tuple((p.colour, p.pick) for p in state.players if p.pick))]


def ransom(state: GameState, cmd: Ransom) -> list[ev.Event]:
    player = state.player(cmd.player)
    if not player.knight_in_dungeon:
        raise RuleViolation("ransom.not-jailed", "{player}'s Black Knight is not in the dungeon", player=cmd.player)
    if state.rules.ruleset == OSULLIVAN:
        if state.phase not in (DOCUMENTS, RANSOM):
            raise RuleViolation(
                "ransom.window", "a knight is ransomed in phase D: after the documents, before the reveal"
            )
    elif not (state.phase == DUCATS or (state.phase == CHOOSE and player.pick is None)):
        raise RuleViolation(
            "ransom.window", "a knight is ransomed at the start of a round, before its owner chooses cards"
        )
    return pay_sack(state, cmd.player, RANSOM_PRICE, cmd.payment, "ransom") + [ev.KnightRansomed(cmd.player)]


def correct(state: GameState, cmd: Correct) -> list[ev.Event]:
    reason = require_reason(cmd.reason)
    refusal = correction_refusal(state, cmd.counter, cmd.value)
    if refusal is not None:
        raise refusal
    events: list[ev.Event] = [Corrected(cmd.counter, read_counter(state, cmd.counter), cmd.value, reason)]
    owner, _, kind = cmd.counter.partition(".")
    due = next((k for who, k in state.taxes if (who, k) == (owner, kind)), None)
    if due is not None and cmd.value < TAX_THRESHOLD:
        events.append(ev.RoyalTaxSettled(owner, due, waived=False))  # nothing left to tax
    return events


def royal_tax(state: GameState, cmd: PayRoyalTax) -> list[ev.Event]:
    return pay_royal_tax(state, cmd.player)


HANDLERS: dict[str, Callable[[GameState, Any], list[ev.Event]]] = {
    "place-ducats": place_ducats,
    "choose-actions": choose_actions,
    "play-document": play_document,
    "reveal-documents": reveal_documents,
    "reveal-actions": reveal_actions,
    "end-round": end_round,
    "ransom": ransom,
    "take-document": fields.take_document,
    "decline": fields.decline,
    "buy-pieces": fields.buy_pieces,
    "knight-act": knight.knight_act,
    "raid-piece": knight.raid_piece,
    "roll-die": knight.roll_die,
    "choose-first-offerer": haggle.choose_first_offerer,
    "make-offer": haggle.make_offer,
    "accept-offer": haggle.accept_offer,
    "pay-offer": haggle.pay_offer,
    "keep-loot": haggle.keep_loot,
    "reject-offer": haggle.reject_offer,
    "decline-to-offer": haggle.decline_to_offer,
    "hand-over": hand_over,
    "apply-document": apply_document,
    "correct-hand": correct_hand,
    "pay-royal-tax": royal_tax,
    "correct": correct,
}
ALLOWED_WHILE_TAX_DUE = {"pay-royal-tax", "play-document", "correct", "correct-hand"}
ALLOWED_WHEN_OVER = {"correct", "correct-hand"}
# A correction is the table's own count, and paying the tax is the tax: neither raises a new one.
NO_TAX_AFTER = {"correct", "correct-hand", "pay-royal-tax"}


def _check_player(state: GameState, command: Any) -> None:
    for attr in ("player", "victim", "offerer"):
        colour = getattr(command, attr, None)
        if colour is not None and not state.has_player(colour):
            raise RuleViolation("player.unknown", "nobody plays '{colour}' at this table", colour=colour)


def decide(state: GameState, command: Any) -> list[ev.Event]:
    handler = HANDLERS.get(getattr(command, "type", ""))  # no command type is ""
    if handler is None:
        what = getattr(command, "type", None) or type(command).__name__
        raise RuleViolation("command.unknown", "'{command}' is not a Die Glücksritter command", command=str(what))
    if state.phase == OVER and command.type not in ALLOWED_WHEN_OVER:
        raise RuleViolation("game.over", "the game is over; only corrections are possible")
    if state.taxes and command.type not in ALLOWED_WHILE_TAX_DUE:
        owing = sorted({p for p, _ in state.taxes})
        if len(owing) == 1:
            raise RuleViolation(
                "royal-tax.pending", "first the royal tax: {player} must pay it or play a Gift", player=owing[0]
            )
        raise RuleViolation(
            "royal-tax.pending", "first the royal tax: {players} must pay it or play a Gift", players=", ".join(owing)
        )
    _check_player(state, command)
    events = list(handler(state, command))
    after = _fold(state, events)
    if state.phase == OVER:  # only a correction gets here: it may change who has won
        verdict = judge_again(after)
        events += verdict
        after = _fold(after, verdict)
    if command.type not in NO_TAX_AFTER:
        due = taxes_after(state, after)
        events += due
        after = _fold(after, due)
    while (step := fields.auto_step(after)) is not None:
        nxt = _fold(after, step)
        due = taxes_after(after, nxt)
        events += step + due
        after = _fold(nxt, due)
    return events


def _fold(state: GameState, events: list[ev.Event]) -> GameState:
    for event in events:
        state = evolve(state, event)
    return state
