"""The invariant check that runs after every event says exactly what the plain check says.

``reference`` below is the whole check as it was plainly written before it was made fast (a copy,
kept here unchanged but for a monster slotted back face down, which fights nobody; with the state's
count of cards face up as it was then). On every state of
seeded random games, and on states broken on purpose (each made from a state checked just before,
where remembering what was already checked could hide a change; and the next event applied to such
a broken state), ``invariants.check`` refuses a state exactly when the reference does, with the
same error, and ``quick_check.holds`` says yes exactly when the reference finds nothing wrong.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from engines.core.errors import InvariantBroken
from engines.schatzjagd import GAME
from engines.schatzjagd.invariants import check
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
from engines.schatzjagd.state import CATHARSIS, OVER, PLAY, BoardCard, Fight, GameState, Loose
from tests.engines.schatzjagd.table import GREEDY, new_history, play_step

# ---------------------------------------------------------------------------- the reference


def reference(s: GameState) -> None:
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
        if _public_count(s, kind) > COMPOSITION[kind]:
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


def _public_count(s: GameState, kind: str) -> int:  # GameState.public_count as it was written then
    n = s.discard[CARD_TYPES.index(kind)] + sum(1 for c in s.board if c.kind == kind)
    return n + (s.used_maps if kind == "map" else 0)


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


# ------------------------------------------------------------------------------- comparing


def verdict(judge: Callable[[GameState], None], s: GameState) -> tuple[str, str] | None:
    """None if ``judge`` finds nothing wrong, else the kind of error and what it says."""
    try:
        judge(s)
    except Exception as error:  # the reference may fail otherwise too, e.g. KeyError for an absent player
        return type(error).__name__, str(error)
    return None


def agree(s: GameState) -> tuple[str, str] | None:
    """Asks the quick check first (the plain check after it would remember the state)."""
    expected = verdict(reference, s)
    assert holds(s) == (expected is None), f"quick check: {expected or 'sound'} expected for {s}"
    assert verdict(check, s) == expected
    return expected


# ------------------------------------------------------------------------------ the states

GAMES = [  # (seed, players, table settings, style)
    (1, 3, {"victory": {"treasures": 12}, "catharsis": True, "plunder": True}, None),  # long games
    (2, 2, {"victory": {"treasures": 12}}, None),
    (4, 4, {"victory": {"treasures": 12}, "catharsis": True}, GREEDY),
    (3, 4, {"plunder": True}, GREEDY),  # short ones, won
    (4, 3, {"low_victory": True}, GREEDY),
    (5, 4, {"victory": None, "catharsis": True, "plunder": True}, None),
    (6, 2, {"low_victory": True, "plunder": True}, GREEDY),
]


def played(seed: int, players: int, settings: dict[str, Any], style: Any, commands: int = 260) -> Iterator[Any]:
    """(state, the next event or None) after each event of a game of the random table, folded here."""
    rng = random.Random(seed)
    history = new_history(rng, players, **settings)
    state = history.state
    for _ in range(commands):
        if state.phase == OVER:
            break
        _, events = play_step(history, rng, style) if style else play_step(history, rng)
        for event in events:
            following = state
            state = GAME.evolve(state, event)
            yield following, event
    yield state, None


@pytest.mark.parametrize(("seed", "players", "settings", "style"), GAMES)
def test_every_state_of_a_game_is_judged_alike(seed, players, settings, style):
    count = 0
    for state, _ in played(seed, players, settings, style, commands=1200):
        assert agree(state) is None
        count += 1
    assert count > 50


# ---------------------------------------------------------------------- states broken on purpose

Mutation = Callable[[GameState, random.Random], GameState | None]


def _seat(s: GameState, rng: random.Random) -> int:
    return rng.randrange(len(s.players))


def henchman(**changes: Any) -> Mutation:
    def mutate(s: GameState, rng: random.Random) -> GameState:
        i = _seat(s, rng)
        values = {k: v(s.players[i]) if callable(v) else v for k, v in changes.items()}
        return replace(s, players=s.players[:i] + (replace(s.players[i], **values),) + s.players[i + 1 :])

    return mutate


def board_card(**changes: Any) -> Mutation:
    def mutate(s: GameState, rng: random.Random) -> GameState | None:
        if not s.board:
            return None
        i = rng.randrange(len(s.board))
        values = {k: v(s, s.board[i]) if callable(v) else v for k, v in changes.items()}
        return replace(s, board=s.board[:i] + (replace(s.board[i], **values),) + s.board[i + 1 :])

    return mutate


def _rival(s: GameState) -> str:
    return next((p.colour for p in s.players if p.colour != s.current), s.current)


def _absent(s: GameState) -> str:
    return next(c for c in ("red", "yellow", "blue", "green", "purple") if c not in s.colours)


def _moved_treasure(s: GameState, rng: random.Random, *, to_hand: bool) -> GameState | None:
    """A treasure from the stack into a hand (sound) or lying loose where the henchman stands."""
    i = next((i for i, n in enumerate(s.treasure_stack) if n), None)
    if i is None:
        return None
    stack = s.treasure_stack[:i] + (s.treasure_stack[i] - 1,) + s.treasure_stack[i + 1 :]
    if to_hand:
        s = henchman(treasures=lambda p: p.treasures + (s.kinds[i],))(s, rng)
        return replace(s, treasure_stack=stack)
    return replace(s, treasure_stack=stack, loose=s.loose + (Loose(s.players[0].place, s.kinds[i]),))


def _duplicate_id(s: GameState, rng: random.Random) -> GameState | None:
    if len(s.board) < 2:
        return None
    i, j = rng.sample(range(len(s.board)), 2)
    board = list(s.board)
    board[j] = replace(board[j], id=board[i].id)
    return replace(s, board=tuple(board))


def _shuffled_board(s: GameState, rng: random.Random) -> GameState:
    board = list(s.board)
    rng.shuffle(board)
    return replace(s, board=tuple(board))


def _board_copied(s: GameState, rng: random.Random) -> GameState:
    """Equal cards, none of them the same object (sound)."""
    return replace(s, board=tuple(replace(c) for c in s.board))


def _card_gone(s: GameState, rng: random.Random) -> GameState | None:
    if not s.board:
        return None
    i = rng.randrange(len(s.board))
    return replace(s, board=s.board[:i] + s.board[i + 1 :])


def _card_swapped_for_a_hand_card(s: GameState, rng: random.Random) -> GameState | None:
    """A card off the board into the discard pile, unseen (sound: the count stays)."""
    if not s.board:
        return None
    i = rng.randrange(len(s.board))
    discard = s.discard[:-1] + (s.discard[-1] + 1,)
    return replace(s, board=s.board[:i] + s.board[i + 1 :], discard=discard)


def _too_many_face_up(s: GameState, rng: random.Random) -> GameState | None:
    i = rng.randrange(len(CARD_TYPES))
    need = COMPOSITION[CARD_TYPES[i]] + 1 - s.public_count(CARD_TYPES[i])
    if need > s.draw:
        return None
    discard = s.discard[:i] + (s.discard[i] + need,) + s.discard[i + 1 :]
    return replace(s, draw=s.draw - need, discard=discard)


def _guarded_by(s: GameState, rng: random.Random) -> GameState | None:
    """A loose treasure where a henchman stands, guarded by a random card or an absent one."""
    moved = _moved_treasure(s, rng, to_hand=False)
    if moved is None:
        return None
    guard = rng.choice(s.board).id if s.board and rng.random() < 0.7 else s.next_card + 5
    return replace(moved, loose=moved.loose[:-1] + (replace(moved.loose[-1], guard=guard),))


def _monster_fight(s: GameState, rng: random.Random) -> GameState | None:
    """The current henchman fights a card: a monster on its field (sound) or any other card."""
    if not s.board:
        return None
    me = s.henchman(s.current)
    monsters = [c for c in s.board if c.kind == "monster"]
    card = rng.choice(monsters) if monsters and rng.random() < 0.6 else rng.choice(s.board)
    if rng.random() < 0.7:  # bring the henchman to the card
        s = replace(s, players=tuple(replace(p, place=card.field, before=None) if p is me else p for p in s.players))
    return replace(s, fight=Fight(s.current, monster=card.id, monster_life=rng.choice((1, 15, 16, -1))))


def _duel(s: GameState, rng: random.Random) -> GameState:
    """The current henchman fights a rival: beside it (sound on a field) or elsewhere."""
    rival = _rival(s)
    if rng.random() < 0.7:
        here = s.henchman(s.current).place
        s = replace(s, players=tuple(replace(p, place=here) if p.colour == rival else p for p in s.players))
    return replace(s, fight=Fight(s.current, opponent=rival))


def fight(**changes: Any) -> Mutation:
    def mutate(s: GameState, rng: random.Random) -> GameState | None:
        if s.fight is None:
            return None
        values = {k: v(s) if callable(v) else v for k, v in changes.items()}
        return replace(s, fight=replace(s.fight, **values))

    return mutate


def state(**changes: Any) -> Mutation:
    def mutate(s: GameState, rng: random.Random) -> GameState:
        return replace(s, **{k: v(s) if callable(v) else v for k, v in changes.items()})

    return mutate


MUTATIONS: dict[str, Mutation] = {
    # a counter outside 0..15, cards or a search below 0
    "life 16": henchman(life=16),
    "life -1": henchman(life=-1),
    "gold 16": henchman(gold=16),
    "strength -1": henchman(strength=-1),
    "weapons 16": henchman(weapons=16),
    "poison 16": henchman(poison=16),
    "poison -1": henchman(poison=-1),
    "gold 15": henchman(gold=15),
    "cards -1": henchman(cards=-1),
    "searching -1": henchman(searching=-1),
    # the card count off
    "a card more in a hand": henchman(cards=lambda p: p.cards + 1),
    "draw +1": state(draw=lambda s: s.draw + 1),
    "draw -1": state(draw=lambda s: s.draw - 1),
    "discard +1": state(discard=lambda s: (s.discard[0] + 1,) + s.discard[1:]),
    "used maps +1": state(used_maps=lambda s: s.used_maps + 1),
    "a map used from the draw pile": state(used_maps=lambda s: s.used_maps + 1, draw=lambda s: s.draw - 1),
    "a board card lost": _card_gone,
    "a board card discarded": _card_swapped_for_a_hand_card,
    "too many cards of a type face up": _too_many_face_up,
    # treasures duplicated or lost
    "a treasure duplicated in a hand": lambda s, rng: henchman(treasures=lambda p: p.treasures + s.kinds[:1])(s, rng),
    "a treasure duplicated at home": lambda s, rng: henchman(hidden=lambda p: p.hidden + s.kinds[-1:])(s, rng),
    "a treasure lost from a hand": henchman(treasures=lambda p: p.treasures[1:]),
    "a treasure carried home": henchman(
        treasures=lambda p: p.treasures[1:], hidden=lambda p: p.hidden + p.treasures[:1]
    ),
    "a treasure lost from the stack": state(treasure_stack=lambda s: (s.treasure_stack[0] - 1,) + s.treasure_stack[1:]),
    "a treasure more in the stack": state(treasure_stack=lambda s: (s.treasure_stack[0] + 1,) + s.treasure_stack[1:]),
    "a treasure dug": lambda s, rng: _moved_treasure(s, rng, to_hand=True),
    "a treasure dropped": lambda s, rng: _moved_treasure(s, rng, to_hand=False),
    "a loose treasure guarded": _guarded_by,
    "a loose treasure nowhere": lambda s, rng: state(loose=lambda s: tuple(replace(t, place="Q") for t in s.loose))(
        _moved_treasure(s, rng, to_hand=False) or s, rng
    ),
    # henchmen on no place, or before walls they cannot be before
    "henchman nowhere": henchman(place="nowhere"),
    "henchman on a lower-case field": henchman(place="c7", before=None),
    "henchman on an empty place": henchman(place=""),
    "henchman in an absent castle": lambda s, rng: henchman(place=f"castle-{_absent(s)}", before=None)(s, rng),
    "henchman at an absent gate": lambda s, rng: henchman(place=f"gate-{_absent(s)}", before=None)(s, rng),
    "henchman in a rival's castle": lambda s, rng: henchman(place=f"castle-{_rival(s)}", before=None)(s, rng),
    "henchman at an old city gate": henchman(place="city-gate", before=None),
    "henchman in the inn": henchman(place="inn", before=None),
    "henchman in the inn before the city": henchman(place="inn", before=CITY),
    "henchman on a field before the city": henchman(place="C3", before=CITY),
    "henchman before an absent castle": lambda s, rng: henchman(place="A1", before=f"castle-{_absent(s)}")(s, rng),
    "henchman before a rival's castle": lambda s, rng: henchman(place="A1", before=f"castle-{_rival(s)}")(s, rng),
    "waiting before an absent castle where it stands": lambda s, rng: henchman(before=f"castle-{_absent(s)}")(s, rng),
    "waiting before the city where it stands": henchman(before=CITY),
    "a player's colour absent": lambda s, rng: henchman(colour=_absent(s))(s, rng),
    # board cards
    "a duplicate board card id": _duplicate_id,
    "next card too low": state(next_card=lambda s: max((c.id for c in s.board), default=0)),
    "next card higher": state(next_card=lambda s: s.next_card + 3),
    "a card in the inn": board_card(field="inn"),
    "a card in the city": board_card(field=CITY),
    "a card in a castle": lambda s, rng: board_card(field=f"castle-{s.current}")(s, rng),
    "a card at an old gate": lambda s, rng: board_card(field=f"gate-{s.current}")(s, rng),
    "a card nowhere": board_card(field="river"),
    "a card on another field": board_card(field="N14"),
    "a card of an absent prince": lambda s, rng: board_card(owner=_absent(s))(s, rng),
    "a card of a rival": lambda s, rng: board_card(owner=_rival(s))(s, rng),
    "a card of no type": board_card(kind="dragon"),
    "a card turned up as a monster": board_card(kind="monster"),
    "a card turned face down": board_card(kind=None),
    "a card with a new id": board_card(id=lambda s, c: s.next_card),
    "a card with the next id": board_card(id=lambda s, c: s.next_card - 1),
    "the board shuffled": _shuffled_board,
    "the board copied": _board_copied,
    # fights
    "a fight against a monster": _monster_fight,
    "a duel": _duel,
    "a duel with oneself": state(fight=lambda s: Fight(s.current, opponent=s.current)),
    "a fight of a rival": state(fight=lambda s: Fight(_rival(s), opponent=s.current)),
    "a fight against nobody": state(fight=lambda s: Fight(s.current)),
    "a fight against both": state(fight=lambda s: Fight(s.current, opponent=_rival(s), monster=1)),
    "a fight of an absent prince": state(fight=lambda s: Fight(_absent(s), opponent=s.current)),
    "a fight against an absent prince": state(fight=lambda s: Fight(s.current, opponent=_absent(s))),
    "the monster overwhelming": fight(monster_life=MONSTER_LIFE + 1),
    "the monster beaten": fight(monster_life=0),
    "another exchange": fight(exchanges=lambda s: s.fight.exchanges + 1),
    "the fight handed to a rival": fight(henchman=_rival),
    "the fight over": state(fight=None),
    # the turn, the phase and the winner
    "an absent prince's turn": lambda s, rng: state(current=_absent(s))(s, rng),
    "a rival's turn": state(current=_rival),
    "over without a winner": state(phase=OVER, winner=None),
    "a winner while playing": state(winner=lambda s: s.current),
    "over with a winner": state(phase=OVER, winner=lambda s: s.current),
    "catharsis with nobody to remove": state(phase=CATHARSIS, catharsis=()),
    "someone to remove outside the catharsis": state(catharsis=lambda s: s.catharsis or (s.current,)),
    "a catharsis": state(phase=CATHARSIS, catharsis=lambda s: s.catharsis or (s.current,)),
    "an unknown phase": state(phase="lunch"),
}


def last(states: Iterator[tuple[GameState, Any]]) -> GameState:
    return deque(states, maxlen=1)[0][0]


def checked_states(every: int) -> Iterator[tuple[GameState, Any]]:
    for game in GAMES:
        for n, (s, event) in enumerate(played(*game, commands=600)):
            if n % every == 0:
                yield s, event


def test_states_broken_on_purpose_are_judged_alike():
    rng = random.Random(2024)
    broken: Counter[str] = Counter()
    sound: Counter[str] = Counter()
    for s, event in checked_states(every=17):
        for name, mutate in MUTATIONS.items():
            check(s)  # the state just before is sound and remembered
            changed = mutate(s, rng)
            if changed is None:
                continue
            (broken if agree(changed) else sound)[name] += 1
            if event is not None:  # the next event, applied to the changed state
                try:
                    following = GAME.evolve(changed, event)
                except Exception:  # the event does not fit the changed state: nothing to compare
                    continue
                check(s)
                agree(following)
                agree(following)  # again, now that a sound one may be remembered
    # every kind of break was tried and found (the mutations are not all harmless)
    expected_sound = {
        "gold 15",
        "a map used from the draw pile",
        "a board card discarded",
        "a treasure carried home",
        "a treasure dug",
        "a treasure dropped",
        "henchman in a rival's castle",
        "henchman at an old city gate",
        "henchman in the inn",
        "henchman on a field before the city",
        "henchman before a rival's castle",
        "next card higher",
        "a card on another field",
        "a card of a rival",
        "a card turned face down",
        "a card turned up as a monster",
        "the monster beaten",
        "another exchange",
        "the board shuffled",
        "the board copied",
        "the fight over",
        "a rival's turn",
        "over with a winner",
        "a catharsis",
    }
    for name in MUTATIONS:
        if name in expected_sound:
            assert sound[name], f"{name}: never sound"
        else:
            assert broken[name], f"{name}: never broken"


def test_a_broken_state_is_refused_again_after_a_sound_one():
    """A failed check remembers nothing: the same broken state, or one sharing its broken henchman,
    is refused whatever was checked in between."""
    s = last(played(7, 3, {}, None, commands=40))
    bad = henchman(life=16)(s, random.Random(1))
    for _ in range(2):
        check(s)
        with pytest.raises(InvariantBroken, match="outside 0..15"):
            check(bad)
        with pytest.raises(InvariantBroken, match="outside 0..15"):
            check(replace(bad, day=bad.day + 1))  # another state, the same broken henchman
    check(s)


def test_a_card_put_back_with_another_id_is_judged_alike():
    """Board cards are recognised by their place in the board: a board card swapped for a new card
    object, or a card added and another taken away in one step, is looked at again."""
    for s, _ in played(8, 2, {}, None, commands=120):
        if len(s.board) >= 3:
            break
    first, second = s.board[0], s.board[1]
    check(s)
    assert agree(replace(s, board=(replace(first, id=second.id),) + s.board[1:])) is not None
    check(s)
    rest = s.board[1:] + (BoardCard(s.next_card, "nowhere", s.current),)
    assert agree(replace(s, board=rest, next_card=s.next_card + 1)) is not None


def test_odd_values_are_left_to_the_plain_check():
    """A value of an odd type (a card id that is no whole number, a counter that is a fraction) is
    not judged by the quick check; the plain check's verdict stands, whatever it is."""
    for s, _ in played(8, 2, {}, None, commands=120):
        if s.board:
            break
    odd_card = replace(s, board=(replace(s.board[0], id=0.5),) + s.board[1:])
    odd_life = henchman(life=7.5)(s, random.Random(3))
    odd_place = henchman(place=None)(s, random.Random(3))
    for odd in (odd_card, odd_life, odd_place):
        check(s)
        assert not holds(odd)
        assert verdict(check, odd) == verdict(reference, odd)
    assert verdict(reference, odd_card) is None and verdict(reference, odd_life) is None
    assert verdict(reference, odd_place)[0] == "AttributeError"
