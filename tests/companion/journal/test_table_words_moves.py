"""The words of an undo put back what really moved (issue 30): over random games of every game,
for every step, the moves the undo's words carry (:class:`companion.journal.table_words.Move`
and ``Put``, made by the code that makes each sentence) are carried out on a model of the
cardboard after the step, the public things only (coins, castle pieces, documents counted,
tiles, figures, cards as they show, treasures counted), and give the model of the cardboard
before it; the redo's words, the other way. No place is ever asked for more than it holds, and
every move goes back the way things came in the step's events (or again the way they went):
Blue's raided gold goes back to Red, not to a field."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.registry import engine
from companion.journal.table_words import Line, Move, Put, lines
from engines.gluecksritter.state import GameState as GRState
from engines.raubritter.rules import KINDS as RB_KINDS
from engines.raubritter.state import GameState as RBState
from engines.schatzjagd.state import GameState as SJState
from tests.companion.games.words import FAST, seeds
from tests.companion.journal.fixtures.games import legal_command, random_config

Table = dict[Any, Any]


def gluecksritter_table(state: GRState) -> Table:
    table: Table = {}
    for p in state.players:
        table[p.colour, "silver"], table[p.colour, "gold"] = p.silver, p.gold
        table[p.colour, "wall"], table[p.colour, "tower"] = p.walls, p.towers
        table[("hand", p.colour), "document"] = len(p.documents)
        table[("down", p.colour), "document"] = sum(1 for who, _ in state.face_down if who == p.colour)
        table[p.colour, "dungeon"] = p.knight_in_dungeon
        if p.pick is not None and state.phase not in ("E", "over"):
            table[p.colour, "pick"] = "down"  # which cards is a secret
        elif p.pick is not None:  # face up; a knight sent to the dungeon lies there
            table[p.colour, "pick"] = tuple(c for c in p.pick if c != 4 or not p.knight_in_dungeon)
    for pile in ("sack", "field5", "field6"):
        table[pile, "silver"], table[pile, "gold"] = state.pile(pile).silver, state.pile(pile).gold
    table["supply", "wall"], table["supply", "tower"] = state.supply_walls, state.supply_towers
    table[("deck", ""), "document"], table[("discard", ""), "document"] = len(state.deck), len(state.discard)
    return table


def raubritter_table(state: RBState) -> Table:
    table: Table = Counter()
    for cell in state.cells:
        table["at", cell.x, cell.y] = (cell.kind, cell.owner, cell.stack)
        table[("board", cell.owner, cell.kind), "tile"] += 1
        for colour in cell.stack:
            table[("board", colour), "knight"] += 1
    for p in state.players:
        for kind, n in zip(RB_KINDS, p.tiles, strict=True):
            table[("pile", p.colour, kind), "tile"] = n
        table[("hand", p.colour), "knight"] = p.knights
        table[("aside", p.colour), "knight"] = p.aside
    return dict(table)


SJ_VALUES = ("life", "gold", "strength", "weapons", "poison", "searching")


def schatzjagd_table(state: SJState) -> Table:
    table: Table = Counter()
    for p in state.players:
        table[p.colour, "place"] = (p.place, p.before)
        for attr in SJ_VALUES:
            table[p.colour, attr] = getattr(p, attr)
        table[("hand", p.colour), "card"] = p.cards
        table[("carried", p.colour, False), "treasure"] = len(p.treasures)
        table[("hidden", p.colour, False), "treasure"] = len(p.hidden)
    fields = [card.field for card in state.board]
    assert len(set(fields)) == len(fields), "one card a field"
    for card in state.board:
        shows = (card.kind, card.value, card.effects, card.name)
        table["card", card.field] = shows if not card.face_down else "down"
    table[("board", ""), "card"] = len(state.board)
    table[("discard", ""), "card"] = state.discard_total
    table[("draw", ""), "card"] = state.draw
    table[("maps", ""), "card"] = state.used_maps
    down = {card.id for card in state.board if card.face_down}  # a monster slotted back face down guards unseen
    for t in state.loose:
        table[("loose", t.place, t.guard is not None and t.guard not in down), "treasure"] += 1
    table[("stack", "", False), "treasure"] = sum(state.treasure_stack)
    return dict(table)


TABLES: dict[str, Callable[[Any], Table]] = {
    "gluecksritter": gluecksritter_table,
    "raubritter": raubritter_table,
    "schatzjagd": schatzjagd_table,
}


def seen(table: Table) -> Table:
    """The table as compared: an empty place, a thing not there, a knight not in the dungeon are alike."""
    return {k: v for k, v in table.items() if v is not None and not (isinstance(v, int) and v == 0)}


def carry_out(table: Table, said: list[Line]) -> Table:
    table = dict(table)
    for line in said:
        for act in line.acts:
            if isinstance(act, Move):
                source, target = (act.source, act.kind), (act.target, act.kind)
                assert act.count > 0, line
                assert table.get(source, 0) >= act.count, f"{line}: {source} holds {table.get(source, 0)}"
                table[source] -= act.count
                table[target] = table.get(target, 0) + act.count
            else:
                assert isinstance(act, Put)
                table[act.thing] = act.value
    return seen(table)


CARRIED = {
    "gluecksritter": {"silver", "gold", "wall", "tower", "document"},
    "raubritter": {"tile", "knight"},
    "schatzjagd": {"card", "treasure"},
}


def real_moves(game: str, states: list[Any]) -> Counter[tuple[str, Any, Any]]:
    """What may have gone from where to where in the step: event by event, as many of a kind as one
    place gave up and another gained (an event that moves between several places allows each pair)."""
    model = TABLES[game]
    moved: Counter[tuple[str, Any, Any]] = Counter()
    for now, then in zip(states, states[1:], strict=False):
        before, after = model(now), model(then)
        change: Counter[tuple[Any, str]] = Counter()
        for key in before.keys() | after.keys():
            if isinstance(key, tuple) and len(key) == 2 and key[1] in CARRIED[game]:
                change[key] += after.get(key, 0) - before.get(key, 0)
        for (source, kind), lost in change.items():
            for (target, other), gained in change.items():
                if other == kind and lost < 0 < gained:
                    moved[kind, source, target] += min(-lost, gained)
    return moved


def check_step(game: str, events: list[Any], before: Any, after: Any, command: dict[str, Any]) -> None:
    model = TABLES[game]
    real = real_moves(game, events)
    for current, restored, redo in ((after, before, False), (before, after, True)):
        said = lines(game, current, restored, command, redo=redo)
        got = carry_out(model(current), said)
        want = seen(model(restored))
        wrong = {k: (got.get(k), want.get(k)) for k in got.keys() | want.keys() if got.get(k) != want.get(k)}
        assert not wrong, f"{'redo' if redo else 'undo'} of {command}: {wrong} (got, wanted) after {said}"
        # each thing goes back the way it came (an undo), or again the way it went (a redo)
        told: Counter[tuple[str, Any, Any]] = Counter()
        for act in (act for line in said for act in line.acts if isinstance(act, Move)):
            told[act.kind, act.source, act.target] += act.count
        for (kind, source, target), n in told.items():
            start, end = (source, target) if redo else (target, source)
            ok = real[kind, start, end] >= n or reaches(real, kind, start, end)
            assert ok, f"{'redo' if redo else 'undo'} of {command}: {n} {kind} {source}->{target}: {said}"


def reaches(real: Counter[tuple[str, Any, Any]], kind: str, start: Any, end: Any) -> bool:
    """Things of ``kind`` went from ``start`` to ``end`` by way of other places (a card laid on the
    discard pile, which was then shuffled into the draw pile)."""
    seen_places, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for (k, source, target), n in real.items():
            if k == kind and source == here and n and target not in seen_places:
                if target == end and here != start:
                    return True
                seen_places.add(target)
                todo.append(target)
    return False


STEPS = {"gluecksritter": 300, "raubritter": 120, "schatzjagd": 300}
checked: Counter[str] = Counter()  # undos checked per game (the redos as many)


def play_and_check(game: str, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    rules = engine(game)
    state = rules.setup(random_config(game, rng))
    for _ in range(steps):
        if state.phase == "over":
            break
        command = legal_command(game, state, rng)
        states = [state]
        for event in rules.decide(state, command):
            states.append(rules.evolve(states[-1], event))
        after = states[-1]
        check_step(game, states, state, after, json.loads(json.dumps(rules.dump_command(command))))  # as journalled
        checked[game] += 1
        state = after


@settings(FAST, max_examples=80)
@given(game=st.sampled_from(sorted(TABLES)), seed=seeds)
def test_the_words_of_every_undo_and_redo_carry_the_table_back(game: str, seed: int) -> None:
    play_and_check(game, seed, STEPS[game])


def test_every_game_is_checked() -> None:
    # a few games of each, whichever games hypothesis picked above
    for game in sorted(TABLES):
        for seed in range(2):
            play_and_check(game, seed, STEPS[game] // 3)
    assert all(checked[game] > 0 for game in TABLES), checked
