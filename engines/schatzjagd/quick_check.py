"""Whether every invariant of :mod:`engines.schatzjagd.invariants` holds, fast enough to ask after
every event: :func:`holds` looks again only at what changed since the last state it found sound.

It answers the same as the plain check (``invariants.explain``), which says what is wrong when this
says no; ``tests/engines/schatzjagd/test_invariants.py`` holds them to that. Any odd value (a wrong
type, a missing player) is left to the plain check too: then this only says no.

Why looking only at what changed is sound. Each part of the check depends on some fields of the
state only. States are immutable all the way down (frozen dataclasses, tuples, strings, numbers),
and the last state found sound is kept here by a strong reference, so none of its objects can be
freed and a new object cannot get the identity of one of them: a field of the new state that *is*
(``is``) the object of the last state has the value it had then, and a part that depends only on
such fields holds again. So do the checks of each henchman and each board card that is the same
object as before (henchmen at the same seat, cards by their place in the board). A board card equal
(``==``) to the one before has equal fields and is judged alike. A state found unsound is not kept.
One state is kept, so nothing grows; the memos of places and cards are bounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, count
from operator import attrgetter, is_not

from engines.schatzjagd.rules import (
    CARD_TYPES,
    CITY,
    COMPOSITION,
    COUNTERS,
    DECK,
    HIGH,
    LOW,
    MONSTER_LIFE,
    castle_colour,
    gate_colour,
    in_city,
    is_field,
    normal_place,
)
from engines.schatzjagd.state import CATHARSIS, OVER, PLAY, BoardCard, Fight, GameState, Henchman

_TYPE = {kind: i for i, kind in enumerate(CARD_TYPES)}
_LIMITS = tuple(COMPOSITION[kind] for kind in CARD_TYPES)
_MAPS = _TYPE["map"]
_IN_RANGE = frozenset(range(LOW, HIGH + 1))
_VALUES = attrgetter(*COUNTERS, "poison")
_COLOUR = attrgetter("colour")
_CARDS = attrgetter("cards")


# _Board and _Sound are never changed once made (not frozen: they are made after every event,
# and a frozen dataclass takes longer to make).


@dataclass(slots=True)
class _Board:
    """A board all of whose cards are sound for the colours of the :class:`_Sound` it belongs to,
    with ids all different (and all int, so that the highest is above all others)."""

    cards: tuple[BoardCard, ...]
    by_id: dict[int, BoardCard]
    top: int | None  # the highest id; None: no card
    face_up: tuple[int, ...]  # cards whose type everyone has seen, by CARD_TYPES


@dataclass(slots=True)
class _Sound:
    """The last state found sound, with what was learnt of it."""

    state: GameState
    colours: tuple[str, ...]
    board: _Board


_last: _Sound | None = None


def holds(s: GameState) -> bool:
    global _last
    try:
        sound = _judge(s, _last)
    except (AttributeError, LookupError, TypeError, ValueError):  # an odd value: the plain check says what
        return False
    if sound is None:
        return False
    _last = sound
    return True


def _judge(s: GameState, last: _Sound | None) -> _Sound | None:
    """The sound state with what was learnt of it; None if an invariant is broken."""
    if last is not None and s is last.state:
        return last  # an event that changed nothing
    players = s.players
    if last is not None and players is last.state.players:
        colours = last.colours
    else:
        colours = tuple(map(_COLOUR, players))
        if last is not None and colours != last.colours:
            last = None  # other players (never in a play): everything is looked at again
    if last is None:
        before = None
        if not all(_henchman_ok(p, colours) for p in players):
            return None
        treasures_moved = True
    else:
        before = last.state
        treasures_moved = False
        if players is not before.players:
            for p, q in zip(players, before.players, strict=True):
                if p is not q:  # only a henchman that changed is looked at again
                    if not _henchman_ok(p, colours, q):
                        return None
                    treasures_moved = treasures_moved or p.treasures is not q.treasures or p.hidden is not q.hidden
    total = s.draw + sum(s.discard) + s.used_maps + sum(map(_CARDS, players)) + len(s.board)
    if total != DECK or s.draw < 0 or min(s.discard) < 0:
        return None
    board = last.board if last is not None and s.board is last.board.cards else _board(s.board, colours, last)
    if board is None or (board.top is not None and board.top >= s.next_card):
        return None
    public_moved = (
        before is None
        or last is None  # None only with before None; narrows last
        or board is not last.board
        or s.discard is not before.discard
        or s.used_maps is not before.used_maps
    )
    if public_moved and not _public_ok(s, board):
        return None
    treasures_moved = (
        before is None  # treasures_moved then; narrows before
        or treasures_moved
        or s.loose is not before.loose
        or s.treasure_stack is not before.treasure_stack
        or s.kinds is not before.kinds
        or s.options is not before.options
    )
    if treasures_moved and not _treasures_ok(s):
        return None
    for t in s.loose:
        if not _place_ok(t.place, colours):
            return None
        if t.guard is not None:
            guard = board.by_id.get(t.guard)
            if guard is None or guard.kind != "monster" or guard.field != t.place:
                return None
    if (s.fight is not None and not _fight_ok(s, s.fight, board)) or s.current not in colours:
        return None
    if (s.phase == CATHARSIS) != bool(s.catharsis) or s.phase not in (PLAY, CATHARSIS, OVER):
        return None
    if (s.phase == OVER) != (s.winner is not None):
        return None
    return _Sound(s, colours, board)


def _henchman_ok(p: Henchman, colours: tuple[str, ...], was: Henchman | None = None) -> bool:
    """``was``: the henchman at the same seat in the last sound state; where it stood is not looked
    at again if it still stands there."""
    return (
        _IN_RANGE.issuperset(_VALUES(p))
        and p.cards >= 0
        and p.searching >= 0
        and ((was is not None and p.place is was.place and p.before is was.before) or _stands_ok(p, colours))
    )


def _stands_ok(p: Henchman, colours: tuple[str, ...]) -> bool:
    return _place_ok(p.place, colours) and (
        p.before is None or (is_field(p.place) and (p.before == CITY or castle_colour(p.before) in colours))
    )


@lru_cache(maxsize=256)
def _place_ok(place: str, colours: tuple[str, ...]) -> bool:
    try:
        ok = normal_place(place) == place
    except ValueError:
        return False
    colour = castle_colour(place) or gate_colour(place)
    return ok and (colour is None or colour in colours)


@lru_cache(maxsize=1024)
def _card_ok(field: str, owner: str, kind: str | None, colours: tuple[str, ...]) -> bool:
    return (
        _place_ok(field, colours)
        and not (in_city(field) or castle_colour(field) or gate_colour(field))
        and owner in colours
        and (kind is None or kind in CARD_TYPES)
    )


def _board(cards: tuple[BoardCard, ...], colours: tuple[str, ...], last: _Sound | None) -> _Board | None:
    """The board's facts, from those of the last sound board when one card was laid, changed or
    taken away since (the rest the same objects or equal, in the same order); None if not sound."""
    if last is None:
        return _count(cards, colours)
    known = last.board
    old = known.cards
    n, m = len(old), len(cards)
    if m == n + 1 and cards[:n] == old:  # a card laid (the most frequent change)
        return _edit(known, cards, colours, None, cards[n])
    k = next(compress(count(), map(is_not, old, cards)), min(n, m))  # the first position that differs
    if m == n and k < n and cards[k + 1 :] == old[k + 1 :]:
        return _edit(known, cards, colours, old[k], cards[k])
    if m == n - 1 and cards[k:] == old[k + 1 :]:
        return _edit(known, cards, colours, old[k], None)
    return _count(cards, colours)


def _count(cards: tuple[BoardCard, ...], colours: tuple[str, ...]) -> _Board | None:
    by_id: dict[int, BoardCard] = {}
    face_up = [0] * len(CARD_TYPES)
    for c in cards:
        if type(c.id) is not int or c.id in by_id or not _card_ok(c.field, c.owner, c.kind, colours):
            return None
        by_id[c.id] = c
        if c.kind is not None:
            face_up[_TYPE[c.kind]] += 1
    return _Board(cards, by_id, max(by_id, default=None), tuple(face_up))


def _edit(
    known: _Board,
    cards: tuple[BoardCard, ...],
    colours: tuple[str, ...],
    gone: BoardCard | None,
    laid: BoardCard | None,
) -> _Board | None:
    """``known`` (of the last sound state, whose colours are ``colours``) with ``gone`` taken away
    and ``laid`` laid."""
    by_id = dict(known.by_id)
    face_up = list(known.face_up)
    top = known.top
    if gone is not None:
        del by_id[gone.id]
        if gone.kind is not None:
            face_up[_TYPE[gone.kind]] -= 1
        if gone.id == top:
            top = max(by_id, default=None)
    if laid is not None:
        if type(laid.id) is not int or laid.id in by_id or not _card_ok(laid.field, laid.owner, laid.kind, colours):
            return None
        by_id[laid.id] = laid
        if laid.kind is not None:
            face_up[_TYPE[laid.kind]] += 1
        if top is None or laid.id > top:
            top = laid.id
    return _Board(cards, by_id, top, tuple(face_up))


def _public_ok(s: GameState, board: _Board) -> bool:
    """No more cards of a type face up (discard, board, used maps) than the deck holds."""
    for i, limit in enumerate(_LIMITS):
        if s.discard[i] + board.face_up[i] + (s.used_maps if i == _MAPS else 0) > limit:
            return False
    return True


def _treasures_ok(s: GameState) -> bool:
    """Every treasure of each kind is somewhere: in the stack, carried, hidden or lying loose."""
    for i, kind in enumerate(s.kinds):
        where = (
            s.treasure_stack[i]
            + sum(p.treasures.count(kind) + p.hidden.count(kind) for p in s.players)
            + sum(1 for t in s.loose if t.kind == kind)
        )
        if where != s.options.treasures[i] or s.treasure_stack[i] < 0:
            return False
    return True


def _fight_ok(s: GameState, f: Fight, board: _Board) -> bool:
    h = s.henchman(f.henchman)  # a henchman nobody plays: KeyError, left to the plain check
    if f.henchman != s.current or (f.opponent is None) == (f.monster is None):
        return False
    if f.opponent is not None:
        o = s.henchman(f.opponent)
        return o.place == h.place and o.colour != h.colour and not in_city(h.place)
    assert f.monster is not None  # one of opponent and monster, as checked above
    card = board.by_id.get(f.monster)
    return (
        card is not None
        and card.kind == "monster"
        and not card.down
        and card.field == h.place
        and 0 <= f.monster_life <= MONSTER_LIFE
    )
