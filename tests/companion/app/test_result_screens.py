"""The end of every game in real windows: the result comes by itself at the last step, with the
winners, a row per player, the BG Stats code that a phone reads back from the screenshot as the
play, and the plot with one line per player and a point per period; the history of played games
and the players' statistics."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.companion.app.ui import run_session


@pytest.mark.parametrize(
    ("key", "language", "players"),
    [("gluecksritter", "de", 3), ("raubritter", "en", 4), ("schatzjagd", "de", 3), ("gluecksritter-six", "de", 6)],
)
def test_the_result_comes_at_the_last_step(tmp_path: Path, key: str, language: str, players: int) -> None:
    seen = run_session("result-at-the-end", tmp_path, key, language, str(tmp_path))
    assert seen["rows"] == players
    assert seen["winners"]
    for text in seen["verdict"]:
        assert any(text in shown for shown in seen["texts"])  # the verdict is on the screen
    # The code on the screen is the play, as a phone reads it from the display, and full screen.
    assert len(seen["codes"]) == 1
    assert seen["decoded_play"] == [seen["play"]]
    assert [p["winner"] for p in seen["play"]["players"]].count(True) == len(seen["winners"])
    assert seen["big_codes"] == seen["codes"]
    assert seen["module_px"] >= 2 and seen["big_module_px"] >= seen["module_px"]
    # The plot: per measure, one line per player with a point per period (and the setup).
    assert seen["panels"]
    for lines in seen["panels"]:
        assert len(lines) == players
        assert all(points == seen["periods"] for _colour, points in lines)
    assert seen["plot_left"] == {"plots": False, "widgets": 0}  # drawn again at the next visit, not kept
    # Back at the table, the end can still be undone.
    assert seen["after_back"] != "result"
    assert seen["over_after_undo"] is False


def test_history_of_an_evening(tmp_path: Path) -> None:
    seen = run_session("history-of-evening", tmp_path, "de", str(tmp_path))
    raubritter, schatzjagd, gluecksritter = seen["ids"]
    assert seen["listed"] == [gluecksritter, schatzjagd, raubritter]  # newest first; the running game not
    assert seen["shown"] == schatzjagd
    assert seen["back_text"] == "Zurück"
    texts = " ".join(seen["player_texts"])
    assert "Anna: 2 Spiele, " in texts and "Ben: 2 Spiele, " in texts  # both played Glücksritter and Schatzjagd
    assert "Raubritter: " in texts and "Schatzjagd: " in texts


def test_a_power_cut_on_the_result_comes_back_to_it(tmp_path: Path) -> None:
    seen = run_session("result-after-restart", tmp_path)
    assert seen["shown"] == seen["game_id"]
    assert seen["verdict"][0].startswith("David (Gelb) gewinnt")
    assert seen["then"] == "raubritter-table"
