"""A play's history: apply, undo and redo whole commands, replay from the setup."""

from __future__ import annotations

import pytest

from companion.catalogue import load_catalogue
from engines.core.errors import RuleViolation
from engines.core.history import History
from engines.gluecksritter import GAME, Setup
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import BuyPieces, ChooseActions, PlaceDucats, RevealActions, RevealDocuments

SETUP = Setup(players=("red", "blue", "green"), documents=load_catalogue())


def history() -> History:
    return History(GAME, SETUP)


def into_round(h: History) -> None:
    """Phase A to E: red alone on field 2 (walls), everyone else on 5/6."""
    h.apply(PlaceDucats(3, 2, Coins(1, 2), Coins(2, 0)))
    h.apply(ChooseActions("red", (2, 5)))
    h.apply(ChooseActions("blue", (5, 6)))
    h.apply(ChooseActions("green", (5, 6)))
    h.apply(RevealDocuments())
    h.apply(RevealActions())


def test_a_new_history_starts_from_the_setup():
    h = history()
    assert h.state == GAME.setup(SETUP) == h.initial
    assert not h.can_undo and not h.can_redo
    assert h.entries == ()


def test_apply_records_the_command_its_events_and_the_state_after_them():
    h = history()
    events = h.apply(PlaceDucats(3, 2, Coins(1, 2), Coins(2, 0)))
    assert [e.type for e in events] == ["ducats-placed"]
    (entry,) = h.entries
    assert entry.command == PlaceDucats(3, 2, Coins(1, 2), Coins(2, 0))
    assert entry.events == events
    assert entry.state is h.state and h.state.phase == "B"
    assert list(h.events()) == list(events)


def test_one_command_may_record_many_events_and_undo_takes_them_all_back():
    h = history()
    into_round(h)
    before = h.state
    events = h.apply(BuyPieces("red", 1))
    assert len(events) > 3  # the purchase, then fields 5 and 6 and the end of the round by themselves
    assert h.state.round == 2
    entry = h.undo()
    assert entry.events == events
    assert h.state == before and h.state.field == 2


def test_a_refused_command_records_nothing():
    h = history()
    h.apply(PlaceDucats(1, 1, Coins(1, 0), Coins(1, 0)))
    state, count = h.state, len(h.entries)
    with pytest.raises(RuleViolation) as info:
        h.apply(ChooseActions("red", (3, 3)))
    assert info.value.rule == "B.two-different"
    assert h.state is state and len(h.entries) == count


def test_undo_and_redo_move_whole_commands():
    h = history()
    into_round(h)
    states = [e.state for e in h.entries]
    h.undo()
    h.undo()
    assert h.state == states[-3] and h.can_redo
    h.redo()
    assert h.state == states[-2]
    h.redo()
    assert h.state == states[-1] and not h.can_redo


def test_undo_to_the_setup():
    h = history()
    into_round(h)
    while h.can_undo:
        h.undo()
    assert h.state == h.initial
    assert list(h.events()) == []


def test_a_new_command_clears_the_redo_stack():
    h = history()
    h.apply(PlaceDucats(1, 1, Coins(1, 0), Coins(1, 0)))
    h.apply(ChooseActions("red", (1, 2)))
    h.undo()
    assert h.can_redo
    h.apply(ChooseActions("red", (5, 6)))
    assert not h.can_redo
    assert h.state.player("red").pick == (5, 6)
    with pytest.raises(RuleViolation) as info:
        h.redo()
    assert info.value.rule == "history.redo"


def test_undo_of_nothing_is_refused():
    h = history()
    with pytest.raises(RuleViolation) as info:
        h.undo()
    assert info.value.rule == "history.undo"
    assert h.state == h.initial and not h.can_redo


def test_redo_of_nothing_is_refused():
    h = history()
    h.apply(PlaceDucats(0, 0, Coins(), Coins()))
    state = h.state
    with pytest.raises(RuleViolation) as info:
        h.redo()
    assert info.value.rule == "history.redo"
    assert h.state is state


def test_replay_rebuilds_the_live_state_from_the_setup_and_the_events():
    h = history()
    into_round(h)
    h.apply(BuyPieces("red", 1))
    assert h.state.round == 2 and h.state.player("red").walls == 1
    assert h.replay() == h.state
    h.undo()
    assert h.replay() == h.state


def test_restore_appends_recorded_events_without_deciding_again():
    h = history()
    into_round(h)
    copy = History(GAME, SETUP)
    for entry in h.entries:
        copy.restore(entry.command, entry.events)
    assert copy.state == h.state
    assert [e.command for e in copy.entries] == [e.command for e in h.entries]
