"""``evolve(state, event) -> state`` for Schatzjagd."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core.frozen import replace
from engines.schatzjagd import events as ev
from engines.schatzjagd.rules import CARD_TYPES, START, UNSEEN, castle, castle_colour
from engines.schatzjagd.state import CATHARSIS, OVER, PLAY, BoardCard, Fight, GameState, Henchman, Loose, Turn

# Each frequent event makes one new state (one ``replace`` of the state with all its changes): a
# state has many fields, and making one is most of what applying an event costs. (Tuples are made
# from lists, ``tuple([...])``: quicker than from a generator.)

_NEW_TURN = Turn()


def _players(s: GameState, colour: str, **changes: Any) -> tuple[Henchman, ...]:
    """The henchmen with ``colour``'s changed."""
    return tuple([replace(p, **changes) if p.colour == colour else p for p in s.players])


def _update(s: GameState, colour: str, **changes: Any) -> GameState:
    return replace(s, players=_players(s, colour, **changes))


def _turn(s: GameState, **changes: Any) -> GameState:
    return replace(s, turn=replace(s.turn, **changes))


def _remove(items: tuple[str, ...], kinds: tuple[str, ...]) -> tuple[str, ...]:
    left = list(items)
    for kind in kinds:
        left.remove(kind)
    return tuple(left)


def _to_discard(s: GameState, kind: str | None, n: int = 1) -> tuple[int, ...]:
    i = UNSEEN if kind is None else CARD_TYPES.index(kind)
    return s.discard[:i] + (s.discard[i] + n,) + s.discard[i + 1 :]


def counter_changed(s: GameState, e: ev.CounterChanged) -> GameState:
    return _update(s, e.player, **{e.counter: e.new})


def travelled(s: GameState, e: ev.Travelled) -> GameState:
    p = s.henchman(e.player)
    if e.to == e.origin:  # staying: the field stays before the walls it was before, unless the table says
        players = _players(s, e.player, before=e.before or p.before)
    else:
        players = _players(s, e.player, place=e.to, before=e.before, searching=0)
    return replace(s, players=players, turn=replace(s.turn, travelled=True))


def _without(board: tuple[BoardCard, ...], card: int) -> tuple[BoardCard, ...]:
    return tuple([c for c in board if c.id != card])


def card_revealed(s: GameState, e: ev.CardRevealed) -> GameState:
    card = e.card
    board = tuple(
        [
            replace(c, kind=e.kind, value=e.value, effects=e.effects, name=e.name, down=False) if c.id == card else c
            for c in s.board
        ]
    )
    return replace(s, board=board)


def card_turned_down(s: GameState, e: ev.CardTurnedDown) -> GameState:
    return replace(s, board=tuple([replace(c, down=True) if c.id == e.card else c for c in s.board]))


def _to_discard_from_board(s: GameState, card_id: int) -> GameState:
    """A card from the board onto the discard pile. A card off the board guards nothing: a treasure
    of the same kind as a guarded one may have lain free beside it, and picking up by kind may have
    taken the free one (they are alike)."""
    card = s.card(card_id)
    s = replace(s, board=_without(s.board, card_id), discard=_to_discard(s, card.kind))
    if any(t.guard == card_id for t in s.loose):
        s = replace(s, loose=tuple(replace(t, guard=None) if t.guard == card_id else t for t in s.loose))
    return s


def card_discarded(s: GameState, e: ev.CardDiscarded) -> GameState:
    return _to_discard_from_board(s, e.card)


def card_taken(s: GameState, e: ev.CardTaken) -> GameState:
    players = _players(s, e.player, cards=s.henchman(e.player).cards + 1)
    return replace(s, board=_without(s.board, e.card), players=players)


def fight_began(s: GameState, e: ev.FightBegan) -> GameState:
    fight = Fight(e.player, e.opponent, e.monster, e.monster_life)
    if e.opponent:
        return replace(s, fight=fight, turn=replace(s.turn, challenged=s.turn.challenged + (e.opponent,)))
    return replace(s, fight=fight)


def exchanged(s: GameState, e: ev.Exchanged) -> GameState:
    assert s.fight is not None
    return replace(s, fight=replace(s.fight, exchanges=s.fight.exchanges + 1))


def monster_wounded(s: GameState, e: ev.MonsterWounded) -> GameState:
    assert s.fight is not None
    return replace(s, fight=replace(s.fight, monster_life=e.new))


def fled(s: GameState, e: ev.Fled) -> GameState:
    return _turn(s, halted=True) if e.player == s.current else s


def fight_ended(s: GameState, e: ev.FightEnded) -> GameState:
    return replace(s, fight=None)


def henchman_died(s: GameState, e: ev.HenchmanDied) -> GameState:
    return _turn(s, died=True) if e.player == s.current else s


def hand_discarded(s: GameState, e: ev.HandDiscarded) -> GameState:
    players = _players(s, e.player, cards=s.henchman(e.player).cards - e.cards)
    return replace(s, players=players, discard=_to_discard(s, None, e.cards))


def treasures_taken(s: GameState, e: ev.TreasuresTaken) -> GameState:
    s = _update(s, e.player, treasures=_remove(s.henchman(e.player).treasures, e.kinds))
    return _update(s, e.to, treasures=s.henchman(e.to).treasures + e.kinds)


def treasures_dropped(s: GameState, e: ev.TreasuresDropped) -> GameState:
    s = _update(s, e.player, treasures=_remove(s.henchman(e.player).treasures, e.kinds))
    return replace(s, loose=s.loose + tuple(Loose(e.place, kind, e.guard) for kind in e.kinds))


def henchman_restarted(s: GameState, e: ev.HenchmanRestarted) -> GameState:
    p = s.henchman(e.player)
    return _update(
        s, e.player, place=castle(e.player), before=None, poison=0, searching=0, deaths=p.deaths + 1, **START
    )


def treasures_picked_up(s: GameState, e: ev.TreasuresPickedUp) -> GameState:
    loose = list(s.loose)
    for kind in e.kinds:
        loose.remove(next(t for t in loose if t.place == e.place and t.kind == kind))
    s = replace(s, loose=tuple(loose))
    return _update(s, e.player, treasures=s.henchman(e.player).treasures + e.kinds)


def special_used(s: GameState, e: ev.SpecialUsed) -> GameState:
    return _turn(s, specials=s.turn.specials + (e.card,))


def teleported(s: GameState, e: ev.Teleported) -> GameState:
    s = _turn(s, teleported=True)
    return _update(s, e.player, place=e.to, before=e.before, searching=0) if e.to else s


def plunder_rolled(s: GameState, e: ev.PlunderRolled) -> GameState:
    s = _turn(s, plundered=True)
    if e.kind is None:
        return _update(s, e.player, searching=e.days)
    victim = castle_colour(e.castle)
    assert victim is not None
    s = _update(s, victim, hidden=_remove(s.henchman(victim).hidden, (e.kind,)))
    return _update(s, e.player, searching=0, treasures=s.henchman(e.player).treasures + (e.kind,))


def business_done(s: GameState, e: ev.BusinessDone) -> GameState:
    return _turn(s, business=True)


def card_placed(s: GameState, e: ev.CardPlaced) -> GameState:
    players = _players(s, e.player, cards=s.henchman(e.player).cards - 1)
    return replace(
        s,
        players=players,
        board=s.board + (BoardCard(e.card, e.field, e.player),),
        next_card=e.card + 1,
        turn=replace(s.turn, card_played=True, halted=True),
    )


def spell_cast(s: GameState, e: ev.SpellCast) -> GameState:
    players = _players(s, e.player, cards=s.henchman(e.player).cards - 1)
    return replace(s, players=players, discard=_to_discard(s, "spell"), turn=replace(s.turn, card_played=True))


def treasure_dug(s: GameState, e: ev.TreasureDug) -> GameState:
    p = s.henchman(e.player)
    i = s.kinds.index(e.kind)
    stack = s.treasure_stack[:i] + (s.treasure_stack[i] - 1,) + s.treasure_stack[i + 1 :]
    s = _update(s, e.player, cards=p.cards - 1, treasures=p.treasures + (e.kind,))
    return _turn(replace(s, treasure_stack=stack, used_maps=s.used_maps + 1), card_played=True, halted=True)


def treasure_hidden(s: GameState, e: ev.TreasureHidden) -> GameState:
    p = s.henchman(e.player)
    s = _update(s, e.player, treasures=_remove(p.treasures, (e.kind,)), hidden=p.hidden + (e.kind,))
    return _turn(s, card_played=True, halted=True)


def turn_ended(s: GameState, e: ev.TurnEnded) -> GameState:
    """A search of a rival castle lapses unless the henchman plundered this turn."""
    if s.turn.plundered or all(p.searching == 0 for p in s.players if p.colour == e.player):
        return s  # nothing to change: the same state
    return _update(s, e.player, searching=0)


def cards_drawn(s: GameState, e: ev.CardsDrawn) -> GameState:
    players = _players(s, e.player, cards=s.henchman(e.player).cards + e.count)
    owed = tuple((who, n - e.count) if who == e.player else (who, n) for who, n in s.owed)
    return replace(s, players=players, draw=s.draw - e.count, owed=tuple(o for o in owed if o[1] > 0))


def deck_reshuffled(s: GameState, e: ev.DeckReshuffled) -> GameState:
    return replace(s, draw=s.draw + e.cards, discard=(0,) * len(s.discard))


def catharsis_began(s: GameState, e: ev.CatharsisBegan) -> GameState:
    return replace(s, phase=CATHARSIS, catharsis=e.order, owed=e.owed)


def card_removed(s: GameState, e: ev.CardRemoved) -> GameState:
    if e.card is not None:
        s = _to_discard_from_board(s, e.card)
    rest = s.catharsis[1:]
    return replace(s, catharsis=rest, phase=s.phase if rest else PLAY)


def turn_began(s: GameState, e: ev.TurnBegan) -> GameState:
    return replace(s, current=e.player, day=e.day, turn=_NEW_TURN)


def game_won(s: GameState, e: ev.GameWon) -> GameState:
    return replace(s, phase=OVER, winner=e.player)


def relocated(s: GameState, e: ev.Relocated) -> GameState:
    searching = s.henchman(e.player).searching if e.to == e.origin else 0
    return _update(s, e.player, place=e.to, before=e.before, searching=searching)


def corrected(s: GameState, e: Any) -> GameState:
    colour, counter = e.counter.split(".")
    return _update(s, colour, **{counter: e.new})


HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "counter-changed": counter_changed,
    "travelled": travelled,
    "card-revealed": card_revealed,
    "card-discarded": card_discarded,
    "card-taken": card_taken,
    "fight-began": fight_began,
    "exchanged": exchanged,
    "monster-wounded": monster_wounded,
    "fled": fled,
    "card-turned-down": card_turned_down,
    "fight-ended": fight_ended,
    "henchman-died": henchman_died,
    "hand-discarded": hand_discarded,
    "treasures-taken": treasures_taken,
    "treasures-dropped": treasures_dropped,
    "henchman-restarted": henchman_restarted,
    "treasures-picked-up": treasures_picked_up,
    "special-used": special_used,
    "teleported": teleported,
    "plunder-rolled": plunder_rolled,
    "business-done": business_done,
    "card-placed": card_placed,
    "spell-cast": spell_cast,
    "treasure-dug": treasure_dug,
    "treasure-hidden": treasure_hidden,
    "turn-ended": turn_ended,
    "cards-drawn": cards_drawn,
    "deck-reshuffled": deck_reshuffled,
    "catharsis-began": catharsis_began,
    "card-removed": card_removed,
    "turn-began": turn_began,
    "game-won": game_won,
    "relocated": relocated,
    "corrected": corrected,
}


def evolve(state: GameState, event: Any) -> GameState:
    return HANDLERS[event.type](state, event)
