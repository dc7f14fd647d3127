"""``evolve(state, event) -> state``: apply a fact. No judging here; decide already did."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.correction import Corrected
from engines.core.frozen import replace
from engines.gluecksritter import events as ev
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.counters import set_counter
from engines.gluecksritter.rules import OSULLIVAN
from engines.gluecksritter.state import (
    CHOOSE,
    DOCUMENTS,
    DUCATS,
    OVER,
    RANSOM,
    RESOLVE,
    GameState,
    Knight,
    Player,
)


def _sorted_add(items: tuple[str, ...], *more: str) -> tuple[str, ...]:
    return tuple(sorted(items + more))


def _remove_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def _map_players(state: GameState, fn: Callable[[Player], Player]) -> GameState:
    return replace(state, players=tuple(fn(p) for p in state.players))


def _knight(state: GameState, **changes: Any) -> GameState:
    assert state.knight is not None
    return replace(state, knight=replace(state.knight, **changes))


def _other(state: GameState, player: str) -> str:
    assert state.knight is not None
    a, b = state.knight.knights
    return b if player == a else a


def ducats_placed(s: GameState, e: ev.DucatsPlaced) -> GameState:
    return replace(
        s,
        sack=s.sack - e.field5 - e.field6,
        field5=s.field5 + e.field5,
        field6=s.field6 + e.field6,
        phase=CHOOSE,
    )


def actions_chosen(s: GameState, e: ev.ActionsChosen) -> GameState:
    return s.with_player(replace(s.player(e.player), pick=tuple(sorted(e.cards))))


def document_played(s: GameState, e: ev.DocumentPlayed) -> GameState:
    p = s.player(e.player)
    s = s.with_player(replace(p, documents=_remove_one(p.documents, e.document), played=p.played + (e.document,)))
    if e.face_down:
        return replace(s, face_down=s.face_down + ((e.player, e.document),))
    return replace(s, discard=_sorted_add(s.discard, e.document))


def document_applied(s: GameState, e: ev.DocumentApplied) -> GameState:
    p = s.player(e.player)
    return s.with_player(replace(p, applied=p.applied + (e.document,)))


def hand_corrected(s: GameState, e: ev.HandCorrected) -> GameState:
    p = s.player(e.player)
    hand = list(p.documents)
    for doc in e.removed:
        hand.remove(doc)
    deck, discard = list(s.deck), list(s.discard) + list(e.removed)
    for doc in e.drawn:
        deck.remove(doc)
    for doc in e.taken:
        discard.remove(doc)
    s = s.with_player(replace(p, documents=tuple(sorted(hand + [*e.drawn, *e.taken]))))
    return replace(s, deck=tuple(deck), discard=tuple(sorted(discard)))


def documents_revealed(s: GameState, e: ev.DocumentsRevealed) -> GameState:
    return replace(
        s,
        face_down=(),
        discard=_sorted_add(s.discard, *(doc for _, doc in e.documents)),
        phase=DOCUMENTS,
    )


def actions_revealed(s: GameState, e: ev.ActionsRevealed) -> GameState:
    return replace(s, phase=RESOLVE, field=0, field_open=False)


def field_opened(s: GameState, e: ev.FieldOpened) -> GameState:
    todo = e.players if e.field in (1, 2, 3) else ()
    return replace(s, field=e.field, field_open=True, todo=todo, passed_over=())


def field_closed(s: GameState, e: ev.FieldClosed) -> GameState:
    return replace(s, field_open=False, todo=(), passed_over=(), knight=None)


BOARD_PILES = ("sack", "field5", "field6")


def coins_moved(s: GameState, e: ev.CoinsMoved) -> GameState:
    """One replace of the state however the coins move (the most frequent event)."""
    changes: dict[str, Any] = {}
    players = None
    for place, delta in ((e.source, Coins(-e.coins.silver, -e.coins.gold)), (e.target, e.coins)):
        if place in BOARD_PILES:
            changes[place] = changes.get(place, getattr(s, place)) + delta
        else:
            players = list(s.players) if players is None else players
            i = s.index(place)
            players[i] = players[i].with_coins(players[i].coins + delta)
    if players is not None:
        changes["players"] = tuple(players)
    return replace(s, **changes)


def pieces_built(s: GameState, e: ev.PiecesBuilt) -> GameState:
    p = s.player(e.player)
    if e.piece == "wall":
        return replace(s.with_player(replace(p, walls=p.walls + e.count)), supply_walls=s.supply_walls - e.count)
    return replace(s.with_player(replace(p, towers=p.towers + e.count)), supply_towers=s.supply_towers - e.count)


def piece_moved(s: GameState, e: ev.PieceMoved) -> GameState:
    return _move_pieces(s, "walls" if e.piece == "wall" else "towers", e.source, e.target, 1)


def deck_reshuffled(s: GameState, e: ev.DeckReshuffled) -> GameState:
    return replace(s, deck=_sorted_add(s.deck, *s.discard), discard=())


def document_drawn(s: GameState, e: ev.DocumentDrawn) -> GameState:
    p = s.player(e.player)
    s = s.with_player(replace(p, documents=_sorted_add(p.documents, e.document)))
    return replace(s, deck=_remove_one(s.deck, e.document))


def player_done(s: GameState, e: ev.PlayerDone) -> GameState:
    return replace(s, todo=tuple(c for c in s.todo if c != e.player))


def player_passed_over(s: GameState, e: ev.PlayerPassedOver) -> GameState:
    todo = tuple(c for c in s.todo if c != e.player)
    return replace(s, todo=todo, passed_over=s.passed_over + ((e.player, e.reason),))


def knights_imprisoned(s: GameState, e: ev.KnightsImprisoned) -> GameState:
    jailed = set(e.players)
    return _map_players(s, lambda p: replace(p, knight_in_dungeon=True) if p.colour in jailed else p)


def knights_in_dungeon(s: GameState, e: ev.KnightsInDungeon) -> GameState:
    return s


def knight_ransomed(s: GameState, e: ev.KnightRansomed) -> GameState:
    s = s.with_player(replace(s.player(e.player), knight_in_dungeon=False))
    if s.rules.ruleset == OSULLIVAN and s.phase == DOCUMENTS:
        return replace(s, phase=RANSOM)  # the documents are done: phase D has begun
    return s


def knight_started(s: GameState, e: ev.KnightStarted) -> GameState:
    return replace(s, knight=Knight(knights=e.knights, stage=e.stage, actor=e.actor, decider=e.decider))


def die_rolled(s: GameState, e: ev.DieRolled) -> GameState:
    assert s.knight is not None
    return _knight(s, rolls=s.knight.rolls + ((e.player, e.value),))


def rolls_tied(s: GameState, e: ev.RollsTied) -> GameState:
    return _knight(s, rolls=())


def duel_won(s: GameState, e: ev.DuelWon) -> GameState:
    return _knight(s, stage="act", actor=e.winner)


def decider_chosen(s: GameState, e: ev.DeciderChosen) -> GameState:
    return _knight(s, stage="choose-first", decider=e.decider, rolls=())


def first_offerer_chosen(s: GameState, e: ev.FirstOffererChosen) -> GameState:
    return _knight(s, stage="haggle", turn=e.offerer)


def offer_made(s: GameState, e: ev.OfferMade) -> GameState:
    assert s.knight is not None
    return _knight(s, offers=s.knight.offers + (e.offer,), turn=_other(s, e.offer.by), passed=())


def offer_declined(s: GameState, e: ev.OfferDeclined) -> GameState:
    assert s.knight is not None
    return _knight(s, passed=s.knight.passed + (e.player,), turn=_other(s, e.player))


def offer_rejected(s: GameState, e: ev.OfferRejected) -> GameState:
    assert s.knight is not None
    return _knight(s, offers=s.knight.offers[:-1], turn=e.offer.by, passed=())


def offer_accepted(s: GameState, e: ev.OfferAccepted) -> GameState:
    return _knight(s, stage="act", actor=e.offer.by, turn=None)


def offer_payment_due(s: GameState, e: ev.OfferPaymentDue) -> GameState:
    return _knight(s, stage="pay")


def offer_paid(s: GameState, e: ev.OfferPaid) -> GameState:
    return _knight(s, stage="act")


def loot_promise_due(s: GameState, e: ev.LootPromiseDue) -> GameState:
    return _knight(s, stage="promise")


def loot_kept(s: GameState, e: ev.LootKept) -> GameState:
    return s


def handed_over(s: GameState, e: ev.HandedOver) -> GameState:
    if e.coins.count:
        s = coins_moved(s, ev.CoinsMoved(e.source, e.target, e.coins, "hand-over"))
    for attr, n in (("walls", e.walls), ("towers", e.towers)):
        if n:
            s = _move_pieces(s, attr, e.source, e.target, n)
    return s


def _move_pieces(s: GameState, attr: str, source: str, target: str, n: int) -> GameState:
    """``n`` walls or towers from ``source`` to ``target``: a player's colour or ``supply``."""
    supply = f"supply_{attr}"
    for place, delta in ((source, -n), (target, n)):
        if place == "supply":
            s = replace(s, **{supply: getattr(s, supply) + delta})
        else:
            p = s.player(place)
            s = s.with_player(replace(p, **{attr: getattr(p, attr) + delta}))
    return s


def knight_acted(s: GameState, e: ev.KnightActed) -> GameState:
    return _knight(s, victim=e.victim)


def raid_rolled(s: GameState, e: ev.RaidRolled) -> GameState:
    return _knight(s, victim=e.victim)


def raid_piece_wanted(s: GameState, e: ev.RaidPieceWanted) -> GameState:
    return _knight(s, stage="raid-piece", victim=e.victim)


def knight_finished(s: GameState, e: ev.KnightFinished) -> GameState:
    return _knight(s, stage="done")


def royal_tax_due(s: GameState, e: ev.RoyalTaxDue) -> GameState:
    return replace(s, taxes=s.taxes + ((e.player, e.kind),))


def royal_tax_settled(s: GameState, e: ev.RoyalTaxSettled) -> GameState:
    return replace(s, taxes=tuple(t for t in s.taxes if t != (e.player, e.kind)))


# between rounds (and after the last one) no field is open and nothing of phase E is awaited
NO_FIELD: dict[str, Any] = {
    "field": 0,
    "field_open": False,
    "todo": (),
    "passed_over": (),
    "knight": None,
    "round_closing": False,
}


def round_end_awaited(s: GameState, e: ev.RoundEndAwaited) -> GameState:
    return replace(s, round_closing=True)


def round_ended(s: GameState, e: ev.RoundEnded) -> GameState:
    s = _map_players(s, lambda p: replace(p, pick=None, played=(), applied=()))
    return replace(s, round=e.round + 1, phase=DUCATS, **NO_FIELD)


def game_ended(s: GameState, e: ev.GameEnded) -> GameState:
    return replace(s, phase=OVER, winners=e.winners, **NO_FIELD)


def victory_judged_again(s: GameState, e: ev.VictoryJudgedAgain) -> GameState:
    return replace(s, winners=e.winners)


def corrected(s: GameState, e: Corrected) -> GameState:
    return set_counter(s, e.counter, e.new)


HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "ducats-placed": ducats_placed,
    "actions-chosen": actions_chosen,
    "document-played": document_played,
    "document-applied": document_applied,
    "hand-corrected": hand_corrected,
    "documents-revealed": documents_revealed,
    "actions-revealed": actions_revealed,
    "field-opened": field_opened,
    "field-closed": field_closed,
    "coins-moved": coins_moved,
    "pieces-built": pieces_built,
    "piece-moved": piece_moved,
    "deck-reshuffled": deck_reshuffled,
    "document-drawn": document_drawn,
    "player-done": player_done,
    "player-passed-over": player_passed_over,
    "knights-imprisoned": knights_imprisoned,
    "knights-in-dungeon": knights_in_dungeon,
    "knight-ransomed": knight_ransomed,
    "knight-started": knight_started,
    "die-rolled": die_rolled,
    "rolls-tied": rolls_tied,
    "duel-won": duel_won,
    "decider-chosen": decider_chosen,
    "first-offerer-chosen": first_offerer_chosen,
    "offer-made": offer_made,
    "offer-declined": offer_declined,
    "offer-rejected": offer_rejected,
    "offer-accepted": offer_accepted,
    "offer-payment-due": offer_payment_due,
    "offer-paid": offer_paid,
    "loot-promise-due": loot_promise_due,
    "loot-kept": loot_kept,
    "handed-over": handed_over,
    "knight-acted": knight_acted,
    "raid-rolled": raid_rolled,
    "raid-piece-wanted": raid_piece_wanted,
    "knight-finished": knight_finished,
    "royal-tax-due": royal_tax_due,
    "royal-tax-settled": royal_tax_settled,
    "round-end-awaited": round_end_awaited,
    "round-ended": round_ended,
    "game-ended": game_ended,
    "victory-judged-again": victory_judged_again,
    "corrected": corrected,
}


def evolve(state: GameState, event: Any) -> GameState:
    return HANDLERS[event.type](state, event)
