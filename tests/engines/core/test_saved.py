"""Saved documents: a history or a single state through JSON and back; documents that cannot be
loaded (newer version, another game, a corrupt event, an impossible state) are refused clearly."""

from __future__ import annotations

import copy
import json

import pytest

from companion.catalogue import load_catalogue
from engines.core.correction import Correct
from engines.core.history import History
from engines.core.saved import SavedFormatError, dump_history, dump_state, load_history, load_state
from engines.gluecksritter import GAME, OSULLIVAN, Setup
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import (
    AcceptOffer,
    ChooseActions,
    ChooseFirstOfferer,
    EndRound,
    HandOver,
    KnightAct,
    MakeOffer,
    PayOffer,
    PlaceDucats,
    PlayDocument,
    RevealActions,
    RevealDocuments,
    RollDie,
    TakeDocument,
)

SETUP = Setup(
    rules=OSULLIVAN,
    players=("red", "blue", "green"),
    names={"red": "Anna", "blue": "Jörg"},
    digital_sack=True,
    documents=load_catalogue(),
)


def through_json(document: dict) -> dict:
    return json.loads(json.dumps(document, ensure_ascii=False))


def played() -> History:
    """Two rounds with most kinds of events: documents, haggling, a loot promise and its
    hand-over, a correction."""
    h = History(GAME, SETUP)
    h.apply(Correct("red.walls", 1, "a wall built before the app was switched on"))
    h.apply(PlaceDucats(2, 1, draws=(0, 60, 3)))
    h.apply(ChooseActions("red", (1, 4)))
    h.apply(ChooseActions("blue", (4, 5)))
    h.apply(ChooseActions("green", (5, 6)))
    h.apply(RevealDocuments())
    h.apply(RevealActions())
    h.apply(TakeDocument("red", "red-seal"))
    h.apply(ChooseFirstOfferer("blue", "red"))
    h.apply(MakeOffer("red", ducats=1, loot_promise=2))
    h.apply(AcceptOffer("blue"))
    h.apply(PayOffer("red"))
    h.apply(KnightAct("red", "raid", victim="green", face=5))
    h.apply(HandOver("red", "blue", coins=Coins(1, 0)))  # part of the promised loot
    h.apply(EndRound())  # red holds a document: the round waited for the table
    assert h.state.round == 2
    h.apply(PlaceDucats(1, 1, draws=(0, 0)))
    h.apply(ChooseActions("red", (2, 3)))
    h.apply(PlayDocument("red", "red-seal"))
    return h


def haggling() -> History:
    """A history stopped in the middle of haggling (knight state with an offer on the table)."""
    h = History(GAME, SETUP)
    h.apply(PlaceDucats(0, 0, draws=()))
    for colour in ("red", "blue"):
        h.apply(ChooseActions(colour, (4, 5)))
    h.apply(ChooseActions("green", (5, 6)))
    h.apply(RevealDocuments())
    h.apply(RevealActions())
    h.apply(RollDie("red", 2))
    h.apply(RollDie("blue", 6))
    h.apply(ChooseFirstOfferer("blue", "blue"))
    h.apply(MakeOffer("blue", ducats=2, walls=0))
    return h


# -- round trips -----------------------------------------------------------------------------------


def test_a_history_survives_json_and_replays_to_the_same_state():
    h = played()
    saved = through_json(dump_history(h))
    assert (saved["format"], saved["game"], saved["version"]) == ("companion.history", "gluecksritter", 1)
    loaded = load_history(GAME, saved)
    assert loaded.state == h.state
    assert loaded.config == h.config
    assert [e.command for e in loaded.entries] == [e.command for e in h.entries]
    assert list(loaded.events()) == list(h.events())
    assert loaded.replay() == h.state


def test_a_loaded_history_plays_on_and_undoes_like_the_original():
    h = played()
    loaded = load_history(GAME, through_json(dump_history(h)))
    loaded.undo()
    h.undo()
    assert loaded.state == h.state
    loaded.apply(PlayDocument("red", "red-seal"))
    h.apply(PlayDocument("red", "red-seal"))
    assert loaded.state == h.state


def test_loading_does_not_decide_again():
    """The recorded events stand even where deciding the command again would give other ones."""
    h = played()
    saved = through_json(dump_history(h))
    first = saved["entries"][1]  # the digital draws of round 1
    assert first["command"]["type"] == "place-ducats"
    first["command"]["draws"] = [1, 1, 1]  # a different draw: ignored, the events are the record
    assert load_history(GAME, saved).state == h.state


@pytest.mark.parametrize("make", [played, haggling])
def test_a_state_survives_json(make):
    state = make().state
    saved = through_json(dump_state(GAME, state))
    assert (saved["format"], saved["game"]) == ("companion.state", "gluecksritter")
    assert load_state(GAME, saved) == state


def test_the_haggling_state_keeps_its_offer():
    state = load_state(GAME, through_json(dump_state(GAME, haggling().state)))
    assert state.knight.stage == "haggle"
    assert (state.knight.offer.by, state.knight.offer.value, state.knight.turn) == ("blue", 2, "red")


# -- refusals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("dump", ["history", "state"])
def test_a_document_from_a_newer_version_is_refused(dump):
    saved = through_json(dump_history(played()) if dump == "history" else dump_state(GAME, played().state))
    saved["version"] = GAME.format_version + 1
    load = load_history if dump == "history" else load_state
    with pytest.raises(SavedFormatError, match="newer version"):
        load(GAME, saved)


@pytest.mark.parametrize("dump", ["history", "state"])
def test_a_document_of_another_game_is_refused(dump):
    saved = through_json(dump_history(played()) if dump == "history" else dump_state(GAME, played().state))
    saved["game"] = "raubritter"
    load = load_history if dump == "history" else load_state
    with pytest.raises(SavedFormatError, match="'raubritter' game"):
        load(GAME, saved)


def test_a_state_saved_as_a_history_is_refused():
    with pytest.raises(SavedFormatError, match="not a valid saved game"):
        load_history(GAME, through_json(dump_state(GAME, played().state)))


def test_an_unknown_version_is_refused():
    saved = through_json(dump_history(played()))
    saved["version"] = 0
    with pytest.raises(SavedFormatError, match="unknown format version"):
        load_history(GAME, saved)


def corrupt(change) -> dict:
    saved = through_json(dump_history(played()))
    change(saved)
    return saved


def event(saved: dict, entry: int, index: int = 0) -> dict:
    return saved["entries"][entry]["events"][index]


def drawn(saved: dict) -> dict:
    """The event of the document drawn on field 1 in round 1."""
    return next(e for entry in saved["entries"] for e in entry["events"] if e["type"] == "document-drawn")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda s: event(s, 1).update(type="dragon-slain"), "not a valid saved game"),
        (lambda s: event(s, 1).pop("field5"), "not a valid saved game"),
        (lambda s: event(s, 1).update(field5={"silver": "many", "gold": 0}), "not a valid saved game"),
        (lambda s: s["entries"][2]["command"].update(cards=[1]), "not a valid saved game"),
        (lambda s: s["config"].update(players=["red"]), "not a valid saved game"),
        # events that parse but cannot have happened
        (lambda s: event(s, 1).update(field5={"silver": 60, "gold": 0}), "do not replay"),
        (lambda s: event(s, 2).update(player="white"), "do not replay"),
        (lambda s: drawn(s).update(document="dragon"), "do not replay"),
    ],
)
def test_a_corrupt_history_is_refused_with_a_clear_message(change, words):
    saved = corrupt(change)
    with pytest.raises(SavedFormatError, match=words):
        load_history(GAME, saved)


def test_an_event_that_needs_a_knight_when_there_is_none_is_refused_as_corrupt():
    """A die roll recorded where no Black Knight is on field 4: a corrupt save, not a crash."""
    saved = through_json(dump_history(played()))
    saved["entries"][1]["events"].append({"type": "die-rolled", "player": "red", "value": 3, "purpose": "duel"})
    with pytest.raises(SavedFormatError, match="do not replay"):
        load_history(GAME, saved)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda s: s["state"]["players"][0].update(silver=99), "impossible"),
        (lambda s: s["state"]["players"][0].update(walls=5), "impossible"),
        (lambda s: s["state"].update(supply_towers=23), "impossible"),
        (lambda s: s["state"].update(deck=[]), "impossible"),
        (lambda s: s["state"]["players"][1].update(gold=-1), "impossible"),
        (lambda s: s["state"].update(phase="Z"), "impossible"),
        (lambda s: s["state"].update(taxes=[["purple", "gold"]]), "impossible"),
        (lambda s: s["state"]["players"][0].update(pick=[3, 3]), "impossible"),
        (lambda s: s["state"].update(players="nobody"), "not a valid saved state"),
        (lambda s: s.update(extra=1), "not a valid saved state"),
    ],
)
def test_an_impossible_or_broken_state_is_refused(change, words):
    saved = through_json(dump_state(GAME, played().state))
    change(saved)
    with pytest.raises(SavedFormatError, match=words):
        load_state(GAME, saved)


def test_refusing_a_document_leaves_the_document_as_it_was():
    saved = corrupt(lambda s: event(s, 1).update(type="dragon-slain"))
    before = copy.deepcopy(saved)
    with pytest.raises(SavedFormatError):
        load_history(GAME, saved)
    assert saved == before


def test_a_saved_history_names_the_coins_plainly():
    saved = through_json(dump_history(played()))
    placed = event(saved, 1)
    assert placed["type"] == "ducats-placed"
    assert set(placed["field5"]) == {"silver", "gold"}
    assert Coins(**placed["field5"]).count == 2
