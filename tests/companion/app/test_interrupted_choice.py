"""A power cut during Die Glücksritter's secret choice on the panel is said, not hidden: the picks
locked in lived in memory only (a secret never reaches a file before its reveal), so after the
restart the table says that the choice was cut off and everyone chooses again, the board shows
nobody locked in, and every LED is dark. The journal kept only who had locked in, never a card."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.companion.app.ui import killed_when_ready, run_session

COLOURS = {"red", "blue", "green", "yellow"}


def only_colours(rows: dict[str, str], game: int | None = None) -> None:
    """The session table holds the running game and, at most, who has locked in: no pick."""
    assert set(rows) <= {"running", "choosing"}, rows
    if "choosing" in rows:
        record = json.loads(rows["choosing"])
        assert set(record) == {"game", "entry", "locked"}, record
        assert isinstance(record["entry"], int) and isinstance(record["game"], int)
        assert game is None or record["game"] == game
        assert set(record["locked"]) <= COLOURS and len(set(record["locked"])) == len(record["locked"])


def test_a_power_cut_while_two_have_locked_in_is_said_after_the_restart(tmp_path):
    before = killed_when_ready("locked-until-killed", tmp_path, "red,blue")
    for rows in before["rows"]:  # at every press: colours only
        only_colours(rows, before["game"])
    assert "choosing" not in before["rows"][0]  # nobody had locked in yet
    assert json.loads(before["rows"][-1]["choosing"]) == {
        "game": before["game"],
        "entry": before["entry"],
        "locked": ["red", "blue"],
    }
    assert before["leds"] == [True, True, False, False]  # lit before the cut

    after = run_session("panel-restarted", tmp_path)
    assert after["screen"] == "gluecksritter-board"
    assert after["entry"] == before["entry"]  # still the same step: the choice
    message = after["message"]
    assert message == "Die geheime Wahl wurde durch einen Stromausfall unterbrochen: Alle wählen noch einmal."
    assert message in after["word"]  # the bottom line
    assert after["prompt"].startswith("Die Wahl wurde durch einen Stromausfall unterbrochen")  # the board's step
    assert after["interrupted"]
    assert after["choosing"] == ["red", "blue", "green", "yellow"]
    assert after["locked"] == []  # nobody locked in
    assert "0 von 4" in after["status"], after["status"]
    assert after["leds"] == [False, False, False, False]  # every LED starts dark
    assert "choosing" not in after["rows"]  # said once: the record is gone

    locked = after["after_lock"]  # choosing again: the first lock-in ends what was said of the cut
    assert not locked["interrupted"]
    assert "Stromausfall" not in locked["prompt"]
    only_colours(locked["rows"])
    assert json.loads(locked["rows"]["choosing"])["locked"] == ["red"]


def test_a_restart_after_a_whole_reveal_says_nothing_of_a_cut(tmp_path):
    before = killed_when_ready("revealed-until-killed", tmp_path)
    for rows in before["rows"]:
        only_colours(rows)
    assert "choosing" not in before["rows"][-1]  # the reveal cleared the record

    after = run_session("panel-restarted", tmp_path)
    assert after["entry"] == before["entry"]
    assert after["message"] not in after["word"]
    assert "Stromausfall" not in after["prompt"]
    assert not after["interrupted"] and after["choosing"] == []
    assert after["leds"] == [False, False, False, False]
    assert "choosing" not in after["rows"]


def test_a_power_cut_at_every_statement_of_a_reveal_leaves_all_picks_or_none(tmp_path):
    """The app is killed just before each SQL statement that green's last press sets off (the
    lock-in's record and the reveal), one boundary a run, and started again on what it left: the
    journal then holds every pick or none, never some; with none, everyone is asked again with
    every LED dark and the choice is said to be cut off, and the picks made again are written
    whole; with all, the round goes on and nothing is said of a cut."""
    from concurrent.futures import ThreadPoolExecutor

    whole = killed_when_ready("reveal-killed-at", tmp_path / "whole", "1000000")
    assert whole.get("whole"), whole
    statements = whole["seen"]
    reveal = max(i for i, s in enumerate(statements, start=1) if s == "COMMIT")  # the reveal's commit
    assert sum(s.startswith("INSERT INTO entries") for s in statements) == 3
    assert statements[reveal - 1] == "COMMIT" and "choosing" in statements[reveal - 2]

    def cut_at(boundary: int) -> tuple[int, dict[str, Any], dict[str, Any]]:
        data = tmp_path / f"cut-{boundary}"
        before = killed_when_ready("reveal-killed-at", data, str(boundary))
        return boundary, before, run_session("reveal-restarted", data)

    boundaries = range(1, len(statements) + 2)  # before each statement, and after the last
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(cut_at, boundaries))
    counts = {}
    for boundary, before, after in runs:
        if boundary <= len(statements):
            assert timeless(before["killed_before"]) == timeless(statements[boundary - 1]), boundary
        picks = after["commands"].count("choose-actions")
        counts[boundary] = picks
        assert picks in (0, 3), (boundary, after["commands"])  # never some
        assert picks == (3 if boundary > reveal else 0), (boundary, picks)
        assert after["leds"] == [False, False, False], boundary  # every LED dark either way
        assert "choosing" not in after["rows"], boundary  # what was cut off is said once
        if picks == 0:
            assert after["entry"] == before["entry"], boundary
            assert after["choosing"] == list(THREE) and after["locked"] == [], boundary
            assert after["interrupted"] and after["cut"] in after["word"], boundary
            assert after["again"].count("choose-actions") == 3, boundary  # chosen again, written whole
            assert "choosing" not in after["rows_again"]
        else:
            assert after["entry"] == before["entry"] + 3, boundary
            assert after["choosing"] == [] and not after["interrupted"], boundary
            assert after["cut"] not in after["word"], boundary
            assert after["awaiting"], boundary  # the round goes on: the game awaits its next step
    assert sorted(set(counts.values())) == [0, 3], counts


THREE = ("red", "blue", "green")


def timeless(statement: str) -> str:
    """A statement without the moments it writes (each run writes its own)."""
    return re.sub(r"'\d{4}-\d\d-\d\dT[^']*'", "'(moment)'", statement)
