"""What is always true on a Schatzjagd table, checked after every event.

:func:`explain` is the check as plainly written: it looks at the whole state and says what is
wrong. After every event :func:`check` first asks :func:`engines.schatzjagd.quick_check.holds`,
which answers the same while looking only at what changed since the last sound state, and lets
:func:`explain` say what is wrong when it says no.
"""

from __future__ import annotations

from engines.core.errors import InvariantBroken
from engines.schatzjagd.quick_check import holds
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
from engines.schatzjagd.state import CATHARSIS, OVER, PLAY, GameState


def check(s: GameState) -> None:
    if not holds(s):
        explain(s)


def explain(s: GameState) -> None:
    colours = s.colours
    for p in s.players:
        for counter in COUNTERS + ("poison",):
            if not LOW <= p.value(counter) <= HIGH:
                raise InvariantBroken(f"{p.colour}.{counter} is {p.value(counter)}, outside 0..15")
        if p.cards < 0 or p.searching < 0:
            raise InvariantBroken(f"{p.colour}: {p.cards} cards in hand, searching {p.searching}")
        _place(s, p.place, f"{p.colour}'s henchman")
        if p.before is not None:
            colour = castle_colour(p.before)
            if not is_field(p.place) or not (p.before == CITY or colour in colours):
                raise InvariantBroken(f"{p.colour}'s henchman on {p.place} is said to wait before {p.before}")
    held = sum(p.cards for p in s.players)
    total = s.draw + s.discard_total + s.used_maps + held + len(s.board)
    if total != DECK or s.draw < 0 or min(s.discard) < 0:
        raise InvariantBroken(f"{total} cards counted, not {DECK} (draw {s.draw}, discard {s.discard})")
    for kind in CARD_TYPES:
        if s.public_count(kind) > COMPOSITION[kind]:
            raise InvariantBroken(f"more than {COMPOSITION[kind]} {kind} cards face up")
    for i, kind in enumerate(s.kinds):
        where = (
            s.treasure_stack[i]
            + sum(p.treasures.count(kind) + p.hidden.count(kind) for p in s.players)
            + sum(1 for t in s.loose if t.kind == kind)
        )
        if where != s.options.treasures[i] or s.treasure_stack[i] < 0:
            raise InvariantBroken(f"{where} {kind} treasures counted, not {s.options.treasures[i]}")
    ids = [c.id for c in s.board]
    if len(set(ids)) != len(ids) or any(i >= s.next_card for i in ids):
        raise InvariantBroken(f"board card ids {ids} (next {s.next_card})")
    for c in s.board:
        _place(s, c.field, f"card {c.id}")
        if in_city(c.field) or castle_colour(c.field) or gate_colour(c.field) or c.owner not in colours:
            raise InvariantBroken(f"card {c.id} on {c.field} placed by {c.owner}")
        if c.kind is not None and c.kind not in CARD_TYPES:
            raise InvariantBroken(f"card {c.id} of type {c.kind}")
    for t in s.loose:
        _place(s, t.place, "a loose treasure")
        if t.guard is not None:
            guard = next((c for c in s.board if c.id == t.guard), None)
            if guard is None or guard.kind != "monster" or guard.field != t.place:
                raise InvariantBroken(f"a treasure on {t.place} guarded by card {t.guard}, which is no monster there")
    _fight(s)
    if s.current not in colours:
        raise InvariantBroken(f"the turn is {s.current!r}'s, who does not play")
    if (s.phase == CATHARSIS) != bool(s.catharsis) or s.phase not in (PLAY, CATHARSIS, OVER):
        raise InvariantBroken(f"phase {s.phase} with catharsis order {s.catharsis}")
    if (s.phase == OVER) != (s.winner is not None):
        raise InvariantBroken(f"phase {s.phase} with winner {s.winner}")


def _place(s: GameState, place: str, what: str) -> None:
    try:
        ok = normal_place(place) == place
    except ValueError:
        ok = False
    colour = castle_colour(place) or gate_colour(place)
    if not ok or (colour is not None and colour not in s.colours):
        raise InvariantBroken(f"{what} is on {place!r}, which is no place in this game")


def _fight(s: GameState) -> None:
    f = s.fight
    if f is None:
        return
    h = s.henchman(f.henchman)
    if f.henchman != s.current or (f.opponent is None) == (f.monster is None):
        raise InvariantBroken(f"impossible fight {f}")
    if f.opponent is not None:
        o = s.henchman(f.opponent)
        if o.place != h.place or o.colour == h.colour or in_city(h.place):
            raise InvariantBroken(f"{f.henchman} fights {f.opponent} who is not beside it")
    else:
        card = next((c for c in s.board if c.id == f.monster), None)
        if card is None or card.kind != "monster" or card.down or card.field != h.place:
            raise InvariantBroken(f"{f.henchman} fights card {f.monster}, which is no monster on {h.place}")
        if not 0 <= f.monster_life <= MONSTER_LIFE:  # 0: beaten, the fight ends within the same command
            raise InvariantBroken(f"a monster fights with {f.monster_life} life")
