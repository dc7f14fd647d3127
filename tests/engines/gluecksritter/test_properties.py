"""Property tests of the Die Glücksritter engine, driven by the seeded random table.

Hypothesis draws the seed and the table (3-6 players, both rule sets, digital sack or entered
mixes, change from the sack on/off, special dice, the shipped catalogue or one where every
document has an id of its own); :mod:`tests.engines.gluecksritter.autoplay` plays legal commands from that
seed. After every accepted command the properties below are checked.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engines.core.errors import RuleViolation
from engines.core.history import History
from engines.core.saved import dump_history, dump_state, load_history, load_state
from engines.gluecksritter import GAME, OSULLIVAN, SCHMIDT
from engines.gluecksritter.state import GameState
from tests.engines.gluecksritter.autoplay import (
    RULESETS,
    new_history,
    play,
    play_step,
    unique_catalogue,
)
from tests.engines.gluecksritter.illegal import illegal_commands

SILVER, GOLD, PIECES, CASTLE = 60, 40, 24, 4
SECRET_EVENT_FIELDS = {"actions-chosen": "cards", "document-drawn": "document"}

DIES = (
    None,  # the default: 4 sack faces, 2 castle faces
    ("castle",) * 6,
    ("sack", "castle") * 3,
)

tables = st.fixed_dictionaries(
    {
        "players": st.integers(3, 6),
        "ruleset": st.sampled_from(RULESETS),
        "digital_sack": st.booleans(),
        "change_from_sack": st.booleans(),
        "special_die": st.sampled_from(DIES),
        "unique_ids": st.booleans(),
    }
)
seeds = st.integers(0, 2**32 - 1)
# No shrinking (a seed replays a whole game; shrinking it costs minutes and teaches little),
# no example database in the working tree, and the first failure only: the file stays fast
# even when a property fails.
FAST = settings(
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow],
)


def start(seed: int, table: dict[str, Any]) -> tuple[History, random.Random]:
    rng = random.Random(seed)
    history = new_history(
        rng,
        table["players"],
        table["ruleset"],
        digital_sack=table["digital_sack"],
        change_from_sack=table["change_from_sack"],
        special_die=table["special_die"],
        documents=unique_catalogue() if table["unique_ids"] else None,
    )
    return history, rng


# --------------------------------------------------------------------------- the checks


def check_box(state: GameState) -> None:
    """Coins and castle pieces are conserved and never negative; castles hold 0..4 of each."""
    GAME.check(state)
    piles = [state.sack, state.field5, state.field6] + [p.coins for p in state.players]
    assert sum(c.silver for c in piles) == SILVER, piles
    assert sum(c.gold for c in piles) == GOLD, piles
    assert all(c.silver >= 0 and c.gold >= 0 for c in piles), piles
    for p in state.players:
        assert 0 <= p.walls <= CASTLE and 0 <= p.towers <= CASTLE, p
    assert state.supply_walls >= 0 and state.supply_walls + sum(p.walls for p in state.players) == PIECES
    assert state.supply_towers >= 0 and state.supply_towers + sum(p.towers for p in state.players) == PIECES


def check_undo_redo(history: History, before: GameState) -> None:
    """Undoing the last command restores the state before it; redoing restores the state after."""
    after, length = history.state, len(history.entries)
    undone = history.undo()
    assert history.state == before
    assert len(history.entries) == length - 1
    redone = history.redo()
    assert redone is undone
    assert history.state == after
    assert len(history.entries) == length
    assert not history.can_redo


def unique_ids(state: GameState) -> bool:
    return all(kind.count == 1 for kind in state.rules.documents)


def scramble_secrets(state: GameState, *, picks: bool = True, hands: bool = True, face_down: bool = True) -> GameState:
    """The same table as far as everyone can see, with secrets replaced.

    ``picks``: other cards, unless revealed (phase E); ``hands``: other document ids in every
    hand; ``face_down``: other ids for the face-down documents, wherever the state records
    them (the face-down pile and the player's documents played this round). A public view
    that depends only on public facts cannot tell the two states apart.
    """
    from dataclasses import replace

    renamed: dict[str, list[tuple[str, str]]] = {}
    for n, (who, doc) in enumerate(state.face_down):
        renamed.setdefault(who, []).append((doc, f"face-down-{n}"))
    players = []
    for p in state.players:
        changes: dict[str, Any] = {}
        if face_down:
            played = list(p.played)
            for doc, secret in renamed.get(p.colour, []):
                if doc in played:
                    played[played.index(doc)] = secret
            changes["played"] = tuple(played)
        if hands:
            changes["documents"] = tuple(f"hidden-{p.colour}-{i}" for i in range(len(p.documents)))
        if picks and p.pick is not None and state.phase not in ("E", "over"):
            changes["pick"] = (5, 6) if p.pick != (5, 6) else (1, 2)
        players.append(replace(p, **changes))
    state = replace(state, players=tuple(players))
    if face_down:
        state = replace(state, face_down=tuple((who, f"face-down-{n}") for n, (who, _) in enumerate(state.face_down)))
    return state


def differences(a: Any, b: Any, path: str = "view") -> list[str]:
    """Where two JSON-like values differ, as readable paths."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in dict.fromkeys([*a, *b]):
            out += differences(a.get(key), b.get(key), f"{path}.{key}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += differences(x, y, f"{path}[{i}]")
        return out
    return [] if a == b else [f"{path}: {a!r} (real) vs {b!r} (secrets replaced)"]


def check_view_hides(state: GameState, *, picks: bool, hands: bool, face_down: bool) -> None:
    view = GAME.public_view(state)
    # the catalogue names every kind of card in the box (public); anywhere else an id is a card
    text = json.dumps({key: value for key, value in view.items() if key != "catalogue"})
    if picks and state.phase not in ("E", "over"):
        for p in view["players"]:
            assert p["pick"] is None, f"{p['colour']}'s pick is visible in phase {state.phase}: {p}"
    if unique_ids(state):
        secret = []
        if hands:
            # A card played face up earlier this round may have come back into a hand through
            # a reshuffle; the view may still list it among that round's plays (public history).
            shown = {doc for p in state.players for doc in p.played}
            secret += [doc for p in state.players for doc in p.documents if doc not in shown]
        if face_down:
            secret += [doc for _, doc in state.face_down]
        for doc in secret:
            assert f'"{doc}"' not in text, f"secret document {doc} is visible in the public view: {text}"
    other = GAME.public_view(scramble_secrets(state, picks=picks, hands=hands, face_down=face_down))
    diff = differences(view, other)
    assert not diff, f"the public view (phase {state.phase}) shows a secret: {diff}"


def check_public_events(state_before: GameState, events: tuple[Any, ...]) -> None:
    unique = unique_ids(state_before)
    for event in events:
        shown = GAME.public_event(event)
        text = json.dumps(shown)
        assert shown["type"] == event.type
        secret_field = SECRET_EVENT_FIELDS.get(event.type)
        if secret_field:
            assert shown[secret_field] is None, f"{event.type} shows {secret_field}: {shown}"
        if event.type == "document-played" and event.face_down:
            assert shown["document"] is None, f"a face-down document is shown: {shown}"
            if unique:
                assert f'"{event.document}"' not in text
        if event.type == "document-drawn" and unique:
            assert f'"{event.document}"' not in text
        if event.type == "actions-chosen":
            assert "cards" in shown and shown["cards"] is None


def check_illegal_refused(history: History, rng: random.Random, count: int) -> None:
    for command in illegal_commands(history.state, rng, count):
        before, length, redo = history.state, len(history.entries), history.can_redo
        try:
            events = history.apply(command)
        except RuleViolation:
            pass
        else:
            history.undo()
            pytest.fail(f"accepted an illegal command {command} in phase {before.phase}: {events}")
        assert history.state is before and history.state == before, command
        assert len(history.entries) == length and history.can_redo == redo, command


# --------------------------------------------------------------------------- the properties


@settings(FAST, max_examples=20)
@given(seed=seeds, table=tables, steps=st.integers(1, 100))
def test_every_step_keeps_the_box_replays_and_undoes(seed: int, table: dict[str, Any], steps: int) -> None:
    history, rng = start(seed, table)
    check_box(history.state)
    for _ in range(steps):
        before = history.state
        if play_step(history, rng) is None:
            break
        check_box(history.state)
        assert history.replay() == history.state
        check_undo_redo(history, before)


@settings(FAST, max_examples=12)
@given(seed=seeds, table=tables)
def test_whole_games_keep_the_box_replay_and_undo(seed: int, table: dict[str, Any]) -> None:
    """Whole games, to the end: a fold of the recorded events from a fresh setup (the same
    computation as ``history.replay()``, kept incremental so that long games stay cheap)
    matches after every command, and ``history.replay()`` itself every 40 commands."""
    history, rng = start(seed, table)
    replayed = GAME.setup(history.config)
    assert replayed == history.initial
    for step in range(1, 3001):
        before = history.state
        if play_step(history, rng) is None:
            break
        check_box(history.state)
        for event in history.entries[-1].events:
            replayed = GAME.evolve(replayed, event)
            GAME.check(replayed)
        assert replayed == history.state
        if step % 40 == 0:
            assert history.replay() == history.state
        check_undo_redo(history, before)
    assert history.replay() == history.state


def play_checking_views(seed: int, table: dict[str, Any], steps: int, **secrets: bool) -> None:
    history, rng = start(seed, table)
    check_view_hides(history.state, **secrets)
    for _ in range(steps):
        if play_step(history, rng) is None:
            break
        check_view_hides(history.state, **secrets)


@settings(FAST, max_examples=25)
@given(seed=seeds, table=tables, steps=st.integers(1, 700))
def test_public_view_hides_picks_and_hands(seed: int, table: dict[str, Any], steps: int) -> None:
    """Picks only from the reveal (phase E, and after the end); the documents in hands never
    (only how many)."""
    play_checking_views(seed, table, steps, picks=True, hands=True, face_down=False)


@settings(FAST, max_examples=25)
@given(seed=seeds, table=tables, steps=st.integers(1, 700))
def test_public_view_hides_face_down_documents(seed: int, table: dict[str, Any], steps: int) -> None:
    """A red document played face down shows as a count until the documents are revealed."""
    play_checking_views(seed, table, steps, picks=False, hands=False, face_down=True)


@settings(FAST, max_examples=30)
@given(seed=seeds, table=tables, steps=st.integers(1, 700))
def test_public_events_hide_picks_and_documents(seed: int, table: dict[str, Any], steps: int) -> None:
    history, rng = start(seed, table)
    for _ in range(steps):
        before = history.state
        if play_step(history, rng) is None:
            break
        check_public_events(before, history.entries[-1].events)


@settings(FAST, max_examples=30)
@given(seed=seeds, table=tables, steps=st.integers(1, 700), tries=st.integers(1, 4))
def test_illegal_commands_are_refused_and_change_nothing(
    seed: int, table: dict[str, Any], steps: int, tries: int
) -> None:
    history, rng = start(seed, table)
    check_illegal_refused(history, rng, tries)
    for _ in range(steps):
        if play_step(history, rng) is None:
            break
        check_illegal_refused(history, rng, tries)
    if history.state.phase == "over":  # only corrections remain, and not these
        check_illegal_refused(history, rng, 20)


@settings(FAST, max_examples=25)
@given(seed=seeds, table=tables, steps=st.integers(0, 600))
def test_save_and_load_round_trip(seed: int, table: dict[str, Any], steps: int) -> None:
    history, rng = start(seed, table)
    play(history, rng, steps)
    text = json.dumps(dump_history(history))
    loaded = load_history(GAME, json.loads(text))
    assert loaded.state == history.state
    assert loaded.config == history.config
    assert [e.command for e in loaded.entries] == [e.command for e in history.entries]
    assert [e.events for e in loaded.entries] == [e.events for e in history.entries]
    assert loaded.replay() == history.state
    state_text = json.dumps(dump_state(GAME, history.state))
    assert load_state(GAME, json.loads(state_text)) == history.state
    # the loaded game goes on exactly as the original would
    twin = random.Random()
    twin.setstate(rng.getstate())
    play(history, rng, 30)
    play(loaded, twin, 30)
    assert loaded.state == history.state


# --------------------------------------------------------------------------- the end is reachable


@pytest.mark.parametrize(
    ("ruleset", "players", "seed"),
    [(SCHMIDT, 3, 1), (SCHMIDT, 4, 2), (SCHMIDT, 6, 3), (OSULLIVAN, 3, 4), (OSULLIVAN, 5, 5), (OSULLIVAN, 6, 6)],
)
def test_a_game_is_won(ruleset: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    history = new_history(rng, players, ruleset, check_every_event=False)
    played = play(history, rng, 5000)
    state = history.state
    assert state.phase == "over", f"no winner after {played} commands (round {state.round})"
    assert history.entries[-1].events[-1].type == "game-ended"
    complete = [p for p in state.players if p.walls == CASTLE and p.towers == CASTLE]
    assert state.winners and set(state.winners) <= {p.colour for p in complete}
    best = max(p.coins.value for p in complete)
    assert {p.colour for p in complete if p.coins.value == best} == set(state.winners)
    check_box(state)
    assert history.replay() == state


def test_the_table_plays_every_kind_of_command() -> None:
    """The random table reaches every command type of the engine (so the properties see them)."""
    stats: Counter = Counter()
    for seed in range(8):
        rng = random.Random(seed)
        history = new_history(
            rng, 3 + seed % 4, RULESETS[seed % 2], check_every_event=False, digital_sack=seed % 3 == 0
        )
        play(history, rng, 5000, stats=stats)
    expected = {
        "place-ducats", "choose-actions", "play-document", "reveal-documents", "reveal-actions", "ransom",
        "take-document", "decline", "buy-pieces", "knight-act", "raid-piece", "roll-die",
        "choose-first-offerer", "make-offer", "accept-offer", "decline-to-offer", "pay-offer", "keep-loot",
        "hand-over", "end-round", "pay-royal-tax", "correct",
    }  # fmt: skip
    assert expected <= set(stats), expected - set(stats)
