"""Raubritter at the table, in real windows: whole games for 2 and for 4 players by touches into a
real journal until the end; the marches the screen offers are exactly the rules'; a march or a
tile the rules refuse is refused in their words and changes nothing; corrections made on the grid
by touch; a power cut in the middle of a turn; at 800×480 the kinds keep their places when one runs
out, a stack of knights is shown large with a tap, every chip carries its player's mark, and a new
game starts with nothing of the game before drawn."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.journal.session import Session
from companion.journal.store import Journal
from engines.raubritter import GAME
from engines.raubritter.rules import KINDS
from tests.companion.app.ui import killed_when_ready, run_session


@pytest.mark.parametrize("players", [2, 4])
def test_a_whole_game_by_touch_ends_with_the_score_in_the_journal(tmp_path, players):
    played = run_session("raubritter-whole-game", tmp_path / "game", str(players))
    view = played["view"]
    assert view["phase"] == "over"
    assert played["first"] == ("yellow" if players == 4 else "red")  # the oldest begins
    assert len(view["cells"]) == 24 * players - (0 if players == 2 else _left(view, "green"))
    assert played["turns_ended"] > 0 and played["marches"] > 0
    assert any(p["surrendered"] for p in view["players"]) == (players == 4)
    assert "Das Spiel ist aus" in played["prompt"]

    journal = Journal.open(Path(played["journal"]), create=False)
    try:
        game = journal.games()[-1]
        assert game.game == "raubritter" and game.finished is not None and game.head == played["entry"]
        session = Session.open(journal, game.id)
        state = session.state
        assert state.phase == "over"
        assert dict(state.scores) == view["scores"] and list(state.winners) == view["winners"]
        assert GAME.public_view(state)["cells"] == view["cells"]
        kinds = {entry.command["type"] for entry in journal.entries(game.id) if entry.kind == "command"}
        assert {"lay-tile", "end-turn"} <= kinds
        assert ("surrender" in kinds) == (players == 4)
    finally:
        journal.close()


def _left(view, colour):
    return next(p["tiles_total"] for p in view["players"] if p["colour"] == colour)


def test_only_the_marches_the_rules_allow_are_offered_and_others_are_refused(tmp_path):
    seen = run_session("raubritter-marches", tmp_path)
    assert seen["far"]["cells"] == 4 and seen["far"]["refusal"]
    assert "-1,-1" in seen["far"]["said"]  # the rules' own reason, with the place
    assert seen["offered"] == ["stay", "south"]  # not east into the lake, nowhere without tiles
    assert seen["splits"] == [[1, 2]]  # the forest keeps 2 and cannot be passed with 3
    assert "See" in seen["lake"] and "0,1" not in seen["lake"]
    assert "Wald" in seen["forest"] and "0,1" in seen["forest"]
    assert seen["unchanged"]


def test_killed_in_the_middle_of_a_turn_it_opens_at_the_same_turn(tmp_path):
    before = killed_when_ready("raubritter-until-killed", tmp_path)
    assert before["view"]["laid"] == 1
    after = run_session("raubritter-restarted", tmp_path)
    assert after["screen"] == "raubritter-table"
    assert after["entry"] == before["entry"]
    assert after["view"] == before["view"]  # the same turn, one tile laid
    assert "hat 1 von höchstens 3 Plättchen gelegt" in after["prompt"]  # the kind chosen was not written
    assert after["laid_after"] == 2


def test_a_castle_laid_before_its_march_is_laid_again_after_a_power_cut(tmp_path):
    before = killed_when_ready("raubritter-castle-until-killed", tmp_path)
    assert before["ghost"]  # the castle stood on the screen's grid, as on the table
    assert before["kept"]["screen"] == {
        "step": "raubritter-castle",
        "kind": before["kind"],
        "cell": before["cell"],
        "knights": 1,
        "direction": None,
        "drops": None,
    }
    after = run_session("raubritter-castle-restarted", tmp_path)
    assert after["entry"] == before["entry"]  # nothing written meanwhile
    assert (after["kind"], after["cell"], after["knights"]) == (before["kind"], before["cell"], 1)
    assert after["ghost"]  # drawn again where it lies on the table
    assert after["said"] in after["word"]  # the bottom line says the step was cut and goes on
    x, y = before["cell"]
    assert f"Burg bei {x},{y}" in after["happened"], after["happened"]  # and which castle, where
    assert after["written"]["type"] == "lay-tile" and after["written"]["kind"] == before["kind"]
    assert (after["written"]["x"], after["written"]["y"], list(after["written"]["drops"])) == (x, y, [1])
    assert after["kept_after"] is None  # written with the castle: the record of it is gone


def test_corrections_on_the_grid_change_the_table_and_the_score(tmp_path):
    seen = run_session("raubritter-corrections", tmp_path)
    assert seen["kind"] == "plain-town"  # the village at 0,0 was a town
    assert seen["stack"] == ["red", "red", "blue"]  # a blue knight on top of the castle
    assert seen["points"] == {"red": 0, "blue": 1}  # the castle scores for blue now
    assert [0, 1] in seen["moved"] and [2, 1] in seen["moved"] and [1, 1] not in seen["moved"]
    assert seen["occupied"] == {"said": "A tile already lies at 0,1", "refusal": True, "same": True}
    assert (seen["added"]["kind"], seen["added"]["owner"], seen["added"]["stack"]) == ("lake", "red", [])
    assert "Knights never stand on the lake." in seen["lake_knights"]
    assert not any(text.startswith("+ ") for text in seen["lake_knights"])  # no knight offered
    assert [2, 0] not in seen["gone"]  # the castle was not there
    assert seen["hands"] == {"red": 29, "blue": 30}  # its knights went back to their hands
    assert (seen["red_hand"]["knights"], seen["red_hand"]["knights_aside"]) == (24, 5)
    assert seen["corrections"] == [
        "correct-tile",
        "correct-stack",
        "move-tile",
        "correct-tile",
        "correct-tile",
        "correct",
    ]
    assert seen["prompt"].startswith("Anna (Red) has laid 1 of at most 3 tiles")  # the turn goes on


# ----------------------------------------------------------------------------- at 800×480, by touch
@pytest.fixture(scope="module")
def kinds(tmp_path_factory):
    return run_session("raubritter-kinds-in-place", tmp_path_factory.mktemp("kinds"))


def test_every_kind_keeps_its_place_when_one_runs_out(kinds):
    before, after = kinds["before"], kinds["after"]
    assert list(before) == list(after) == list(KINDS)  # all nine, in the same order
    for kind in KINDS:
        assert before[kind]["at"] == after[kind]["at"], kind  # not moved by a pixel
    assert kinds["current"] == "red"  # the same player, the second initial tile
    assert kinds["refusals"] == {
        "lake": "keine mehr",
        "plain-castle": "noch nicht",
        "forest-castle": "noch nicht",
    }
    assert after["lake"]["has_refusal"] and not before["lake"]["has_refusal"]
    assert before["lake"]["text"] == "See\n1 übrig" and after["lake"]["text"] == "See\nkeine mehr"
    assert len({tuple(button["size"]) for button in (*before.values(), *after.values())}) == 1  # one size for all
    assert kinds["targets_after_tap"] == []  # the lake tapped anyway: no cell is offered for it


def test_a_kind_that_cannot_be_laid_is_greyed_with_its_reason(kinds):
    lake, castle = kinds["after"]["lake"], kinds["before"]["plain-castle"]
    assert lake["disabled"] and "keine mehr" in lake["text"]
    assert castle["disabled"] and castle["text"] == "Ebene/Burg\nnoch nicht"


def test_kind_buttons_are_big_enough_for_a_finger(kinds):
    for kind, button in kinds["after"].items():
        assert min(button["size"]) >= 48, (kind, button["size"])


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    return run_session("raubritter-new-game-clean", tmp_path_factory.mktemp("fresh"))


def test_a_new_game_without_blue_draws_nothing_of_blue(fresh):
    old = fresh["old"]["drawn"]
    assert "blue" in old["owners"] and old["lens"]  # blue's tiles were drawn, a stack shown large
    assert any("blue" in key for key in old["pictures"])
    assert fresh["same_screen"]  # the table screen of the game before, drawn anew
    assert set(fresh["players"]) == {"red", "green", "yellow"}
    for drawn in (fresh["drawn"], fresh["after_tile"]):
        assert not any("blue" in key for key in drawn["pictures"]), drawn["pictures"]
        assert fresh["blue_rgba"] not in [list(c) for c in drawn["colours"]]
        assert "blue" not in drawn["owners"] and "blue" not in drawn["knights"]
        assert not drawn["lens"]
    assert fresh["drawn"]["owners"] == [] and fresh["drawn"]["pictures"] == []  # nothing laid yet: nothing drawn
    assert len(fresh["after_tile"]["owners"]) == 1
    assert "blue" not in fresh["chips"] and set(fresh["chips"]) == {"red", "green", "yellow"}


def test_a_new_game_without_blue_says_nothing_of_blue(fresh):
    assert fresh["texts"] == []


def test_a_game_started_while_the_table_is_shown_is_drawn_at_once_with_nothing_of_the_one_before(fresh):
    assert fresh["said_before"]  # a tile's words were said in the game before
    two = fresh["two"]
    assert two["chips"] == ["green", "red"] and two["info"] is None and two["cells"] == 0
    assert two["asked"].startswith("Anna (Rot)")


@pytest.fixture(scope="module")
def lens(tmp_path_factory):
    return run_session("raubritter-stack-shown-large", tmp_path_factory.mktemp("lens"))


def test_a_tap_on_a_stack_shows_it_large_at_800x480_with_four_players(lens):
    assert lens["window"] == [800, 480] and lens["players"] == 4
    assert len(set(lens["stack"])) > 1 and len(lens["stack"]) >= 3
    assert lens["on_grid"]["under_mark_px"] < 12  # on the fitted grid the marks under the top are small...
    shown = lens["lens"]
    assert lens["open"] and shown["inside"] and not shown["covers_the_tile"]
    assert shown["rows"] == list(reversed(lens["stack"]))  # one row a knight, the top one first
    assert shown["mark_px"] >= 30 and shown["row_px"] >= 44  # ...shown large they are a finger wide
    names = {"red": "Anna (Rot)", "blue": "Ben (Blau)", "green": "Clara (Grün)", "yellow": "Gelb"}
    top_down = [names[c] for c in reversed(lens["stack"])]
    assert shown["texts"][1:] == [f"{top_down[0]} · oben", *top_down[1:-1], f"{top_down[-1]} · unten"]
    assert shown["tags"] == ["oben"] + [""] * (len(top_down) - 2) + ["unten"]
    assert f"{len(lens['stack'])} Ritter, der oberste zuerst" in shown["texts"][0]
    assert lens["closed_by_a_tap"]


def test_the_tiles_words_name_every_knight_of_the_stack_bottom_to_top(lens):
    names = {"red": "Anna (Rot)", "blue": "Ben (Blau)", "green": "Clara (Grün)", "yellow": "Gelb"}
    bottom_up = [names[c] for c in lens["stack"]]
    stack = f"unten {bottom_up[0]}, dann {', '.join(bottom_up[1:-1])}, oben {bottom_up[-1]}"
    assert f": {len(bottom_up)} Ritter, {stack}" in lens["info"], lens["info"]


def test_all_nine_kinds_are_on_one_page_at_800x480_with_four_players(lens):
    choices = lens["choices"]
    assert choices["kinds"] == 9 and choices["pages"] == 1
    assert choices["shown"] == choices["all"]  # the kinds, "End the turn" or "Surrender": all a finger can tap


def test_every_player_chip_carries_its_mark(lens):
    assert set(lens["chips"]) == {"red", "blue", "green", "yellow"}
    for colour, chip in lens["chips"].items():
        assert chip["mark"] >= 0.4 * chip["height"] - 1, (colour, chip)
