"""Random legal Schatzjagd play for 2-4 players with random optional rules and victory conditions
(:mod:`tests.engines.schatzjagd.table`): after every event the henchmen's values stay within 0..15,
the 12 treasures and the 122 cards are conserved; replay, undo/redo and a saved game reproduce the
live state; illegal commands are refused by the rule that forbids them and change nothing; the
public view and the game log show no secret and, while the game runs, no note (who slotted a card,
the discard pile by type); a low victory condition is reached."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engines.core.errors import RuleViolation
from engines.core.history import History
from engines.core.saved import dump_history, load_history
from engines.schatzjagd import GAME
from engines.schatzjagd.rules import CARD_TYPES, COMPOSITION
from engines.schatzjagd.state import OVER, GameState, Loose
from engines.schatzjagd.views import place_key
from tests.engines.schatzjagd.table import GREEDY, illegal_with_rule, new_history, play_step

DECK, TREASURES = 122, 12
VALUES = ("life", "gold", "strength", "weapons", "poison")

# No shrinking (a seed replays a whole game) and no example database in the working tree.
FAST = settings(
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow],
)
seeds = st.integers(0, 2**32 - 1)
players = st.integers(2, 4)


def start(seed: int, count: int, **setting: Any) -> tuple[History, random.Random]:
    rng = random.Random(seed)
    return new_history(rng, count, **setting), rng


def steps(history: History, rng: random.Random, count: int, style=None):
    """Play up to ``count`` legal commands; yield (state before, command, events) for each."""
    for _ in range(count):
        if history.state.phase == OVER:
            return
        before = history.state
        command, events = play_step(history, rng, style) if style else play_step(history, rng)
        yield before, command, events


def each_event(before: GameState, events: tuple[Any, ...]):
    """Each event of one command with the states before and after it, folded by hand."""
    state = before
    for event in events:
        after = GAME.evolve(state, event)
        yield event, state, after
        state = after


# ------------------------------------------------------------------------------ the checks


def check_values(state: GameState, after: Any) -> None:
    for p in state.players:
        for value in VALUES:
            assert 0 <= p.value(value) <= 15, f"{p.colour}.{value} = {p.value(value)} after {after}"


def check_treasures(history: History, state: GameState, after: Any) -> None:
    agreed = history.config.treasure_kinds
    assert sum(agreed.values()) == TREASURES
    where: Counter[str] = Counter()
    for kind, left in zip(state.kinds, state.treasure_stack, strict=True):
        assert left >= 0, f"{left} {kind} in the stack after {after}"
        where[kind] += left
    for p in state.players:
        where.update(p.treasures)
        where.update(p.hidden)
    where.update(t.kind for t in state.loose)
    assert dict(where) == agreed, f"treasures {dict(where)} instead of {agreed} after {after}"


def check_cards(state: GameState, after: Any) -> None:
    hands = sum(p.cards for p in state.players)
    parts = (state.draw, sum(state.discard), state.used_maps, hands, len(state.board))
    assert min(parts) >= 0 and min(state.discard) >= 0 and all(p.cards >= 0 for p in state.players), parts
    assert sum(parts) == DECK, f"draw, discard, used maps, hands, board = {parts} after {after}"
    for kind in CARD_TYPES:
        assert state.public_count(kind) <= COMPOSITION[kind], f"too many {kind} face up after {after}"


# ------------------------------------------------------------------------------ conservation


@settings(FAST, max_examples=20)
@given(seed=seeds, count=players)
def test_every_value_stays_within_0_to_15_after_every_event(seed, count):
    history, rng = start(seed, count, victory=None)  # the guide value: a long game
    changes = 0
    for before, _, events in steps(history, rng, 300):
        for event, prior, state in each_event(before, events):
            check_values(state, event)
            if event.type == "counter-changed":
                changes += 1
                assert event.old == prior.henchman(event.player).value(event.counter), event
                assert state.henchman(event.player).value(event.counter) == event.new, event
                assert event.lost >= 0 and (event.lost == 0 or event.new in (0, 15)), f"{event}: only a limit swallows"
    assert changes > 0


@settings(FAST, max_examples=20)
@given(seed=seeds, count=players)
def test_the_twelve_treasures_are_never_created_or_destroyed(seed, count):
    history, rng = start(seed, count, victory=None)
    for before, _, events in steps(history, rng, 300, GREEDY):
        for event, _, state in each_event(before, events):
            check_treasures(history, state, event)


@settings(FAST, max_examples=20)
@given(seed=seeds, count=players)
def test_the_122_cards_are_conserved(seed, count):
    history, rng = start(seed, count, victory=None)
    assert history.state.draw == DECK - 4 * count
    for before, _, events in steps(history, rng, 300):
        for event, _, state in each_event(before, events):
            check_cards(state, event)


# ------------------------------------------------------------------------------ history


@settings(FAST, max_examples=15)
@given(seed=seeds, count=players)
def test_replay_from_the_setup_gives_the_live_state(seed, count):
    history, rng = start(seed, count)
    for n, _ in enumerate(steps(history, rng, 250)):
        if n % 25 == 0:
            assert history.replay() == history.state
    assert history.replay() == history.state


@settings(FAST, max_examples=15)
@given(seed=seeds, count=players, back=st.integers(1, 6))
def test_undo_then_redo_gives_the_live_state(seed, count, back):
    history, rng = start(seed, count)
    for before, _, _ in steps(history, rng, 200):
        after, length = history.state, len(history.entries)
        undone = history.undo()
        assert history.state == before and len(history.entries) == length - 1
        assert history.redo() is undone
        assert history.state == after and not history.can_redo
    live = history.state
    back = min(back, len(history.entries))
    for _ in range(back):
        history.undo()
    for _ in range(back):
        history.redo()
    assert history.state == live


@settings(FAST, max_examples=12)
@given(seed=seeds, count=players, length=st.integers(1, 250))
def test_a_saved_game_loads_to_the_same_state_and_plays_on_alike(seed, count, length):
    history, rng = start(seed, count)
    for _ in steps(history, rng, length):
        pass
    document = json.loads(json.dumps(dump_history(history), ensure_ascii=False))
    loaded = load_history(GAME, document)
    assert loaded.state == history.state
    assert loaded.config == history.config
    assert [e.events for e in loaded.entries] == [e.events for e in history.entries]
    assert [e.command for e in loaded.entries] == [e.command for e in history.entries]
    if history.state.phase == OVER:
        return
    twin = random.Random()
    twin.setstate(rng.getstate())
    for _ in range(20):
        if history.state.phase == OVER:
            break
        play_step(history, rng)
        play_step(loaded, twin)
        assert loaded.state == history.state


# ------------------------------------------------------------------------------ refusals


@settings(FAST, max_examples=60)
@given(seed=seeds, count=players, moves=st.integers(0, 200), greedy=st.booleans())
def test_illegal_commands_are_refused_by_their_rule_and_change_nothing(seed, count, moves, greedy):
    history, rng = start(seed, count, low_victory=greedy)
    for _ in steps(history, rng, moves, GREEDY if greedy else None):
        pass
    for _ in range(15):
        before, length = history.state, len(history.entries)
        illegal = illegal_with_rule(before, rng)
        with pytest.raises(RuleViolation) as error:
            history.apply(illegal.command)
        assert error.value.rule == illegal.rule, f"{illegal.command} ({illegal.why}): {error.value}"
        assert history.state == before and len(history.entries) == length


# ------------------------------------------------------------------------------ secrets


def relabel(state: GameState) -> GameState:
    """The same table as everyone sees it, with every treasure's kind replaced by another kind."""
    kinds = state.kinds
    shift = {k: kinds[(i + 1) % len(kinds)] for i, k in enumerate(kinds)}
    players = tuple(
        replace(p, treasures=tuple(shift[k] for k in p.treasures), hidden=tuple(shift[k] for k in p.hidden))
        for p in state.players
    )
    loose = tuple(Loose(t.place, shift[t.kind], t.guard) for t in state.loose)
    stack = state.treasure_stack[-1:] + state.treasure_stack[:-1]
    return replace(state, players=players, loose=loose, treasure_stack=stack)


def quoted(view: Any) -> str:
    return json.dumps(view, ensure_ascii=False)


def without_kinds(view: Any) -> dict[str, Any]:
    """The view without the kinds of treasure the game has (the setup's, public)."""
    return {**view, "options": {k: v for k, v in view["options"].items() if k != "kinds"}}


def check_view(state: GameState) -> None:
    view = GAME.public_view(state)
    over = state.phase == OVER
    # by place, not in the order the cards came (which beside the log would say who slotted them)
    board = sorted(state.board, key=lambda c: place_key(c.field))
    assert [entry["field"] for entry in view["board"]] == [c.field for c in board]
    assert all("id" not in entry for entry in view["board"]), "a card's id counts the slottings"
    assert all(isinstance(field, str) for field in view["turn"]["specials"]), "specials by their fields"
    for entry, card in zip(view["board"], board, strict=True):
        if card.kind is None:
            assert entry == {"field": card.field, "face_down": True, **({"owner": card.owner} if over else {})}
        assert ("owner" in entry) is over, "who slotted a card shows only once the game is over (no notes)"
    assert view["piles"]["discard"] == state.discard_total
    assert ("discard_by_type" in view["piles"]) is over, "the discard pile by type shows only once the game is over"
    if state.options.show_treasure_kinds:
        for shown, p in zip(view["players"], state.players, strict=True):
            assert shown["treasure_kinds"] == sorted(p.treasures) and shown["hidden_kinds"] == sorted(p.hidden)
    else:
        assert view["options"]["kinds"] == list(state.kinds)  # the kinds the table plays with, as agreed
        assert without_kinds(GAME.public_view(relabel(state))) == without_kinds(view), (
            "the public view depends on the kinds of treasures"
        )
        text = quoted(without_kinds({k: v for k, v in view.items() if k != "victory"}))  # the agreed victory
        # and the kinds agreed name kinds
        for kind in state.kinds:
            assert f'"{kind}"' not in text, f"{kind} shows in the public view: {text}"
    for p in state.players:
        own = dict(GAME.player_view(state, p.colour))
        assert own.pop("you") == p.colour
        assert own.pop("your_treasures") == sorted(p.treasures) and own.pop("your_hidden") == sorted(p.hidden)
        assert own.pop("your_cards") == p.cards
        assert own == view, f"{p.colour}'s view shows more than the public view and the own hand"


def check_public_event(event: Any, kinds: tuple[str, ...]) -> None:
    shown = GAME.public_event(event)
    assert shown["type"] == event.type
    text = quoted(shown)
    for kind in kinds:
        assert f'"{kind}"' not in text, f"{kind} shows in the log: {shown}"
    if event.type == "card-placed":  # who played a card face down, never which card or where (no notes)
        assert shown == {"type": "card-placed", "player": event.player}, shown
    for key in ("card", "monster", "guard"):  # a card's id counts the slottings: never shown
        assert not isinstance(shown.get(key), int) or isinstance(shown.get(key), bool), shown
    if hasattr(event, "field") and event.type != "card-placed":
        assert shown["field"] == event.field, shown


@settings(FAST, max_examples=15)
@given(seed=seeds, count=players, show=st.booleans())
def test_the_public_view_and_log_show_no_treasure_kind_and_no_face_down_card(seed, count, show):
    history, rng = start(seed, count, show_treasure_kinds=show)
    kinds = history.state.kinds
    seen = Counter()
    for _, _, events in steps(history, rng, 250, GREEDY):
        check_view(history.state)
        for event in events:
            check_public_event(event, kinds)
            seen[event.type] += 1
    assert seen["card-placed"] or seen["treasure-dug"] or history.state.phase == OVER


# ------------------------------------------------------------------------------ the end


@settings(FAST, max_examples=20)
@given(seed=seeds, count=players, plunder=st.booleans(), needed=st.integers(1, 2))
def test_a_low_victory_condition_is_reached_and_ends_the_game(seed, count, plunder, needed):
    """With plunder, any low condition (one or two treasures, of one kind, of different kinds, a
    combination); without it a combination can become unreachable once all 12 treasures are hidden
    elsewhere (the rules then have no way on), so the count of treasures is agreed: 1 or 2 can
    always be reached when the 12 are shared by at most 4 castles."""
    if plunder:
        history, rng = start(seed, count, low_victory=True, plunder=True)
    else:
        history, rng = start(seed, count, plunder=False, victory={"treasures": needed})
    for _ in steps(history, rng, 3000, GREEDY):
        pass
    state = history.state
    assert state.phase == OVER and state.winner in state.colours, f"no winner after 3000 commands, day {state.day}"
    winner = state.henchman(state.winner)
    assert state.options.victory.met(winner.hidden)
    last = history.entries[-1]
    assert last.command.type == "hide-treasure" and last.events[-1].type == "game-won"
    for _ in range(5):
        illegal = illegal_with_rule(state, rng)
        with pytest.raises(RuleViolation) as error:
            history.apply(illegal.command)
        assert error.value.rule == illegal.rule
    assert history.state == state
