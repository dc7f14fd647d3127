"""The end of every game in real windows: the result comes by itself at the last step, with the
winners, a row per player, the BG Stats code that a phone reads back from the screenshot as the
play, and the plot with one line per player and a point per period; the history of played games
and the players' statistics."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.results.push import play_of
from tests.companion.app.ui import run_session

LEAST_PX = 3  # a module's pixels at least, wherever a code is drawn


@pytest.mark.parametrize(
    ("key", "language", "players", "size"),
    [
        ("gluecksritter", "de", 3, ""),
        ("raubritter", "en", 4, ""),
        ("schatzjagd", "de", 3, ""),
        ("gluecksritter-six", "de", 6, ""),
        ("gluecksritter", "en", 3, "1280x720"),
        ("gluecksritter-six", "de", 6, "1280x720"),
    ],
)
def test_the_result_comes_at_the_last_step(tmp_path: Path, key: str, language: str, players: int, size: str) -> None:
    seen = run_session("result-at-the-end", tmp_path, key, language, str(tmp_path), size)
    assert seen["window"] == [int(n) for n in (size or "800x480").split("x")]
    assert seen["rows"] == players
    assert seen["winners"]
    for text in seen["verdict"]:
        assert any(text in shown for shown in seen["texts"])  # the verdict is on the screen
    # A code is drawn on the screen only at 3 px a module and more, and a phone reads it even a
    # little blurred: beside the figures where the window has the room (1280×720), else a button
    # shows it over the whole window (800×480). Either way the phone reads the play.
    assert [p["winner"] for p in seen["play"]["players"]].count(True) == len(seen["winners"])
    if size:
        assert seen["module_px"] >= LEAST_PX and seen["button"] is None
        assert seen["decoded_play"] == [seen["play"]]
        assert seen["codes_blurred"] == seen["codes"]
    else:
        assert seen["module_px"] == 0 and seen["codes"] == [] and seen["codes_blurred"] == []
        assert seen["button"] == ("BG Stats code" if language == "en" else "BG-Stats-Code")
    assert [play_of(code) for code in seen["big_codes"]] == [seen["play"]]
    assert seen["big_codes_blurred"] == seen["big_codes"]
    assert seen["big_module_px"] >= max(LEAST_PX, seen["module_px"])
    assert seen["big_at_once"]  # the code was made while the result was shown: a tap shows it at once
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


def contrast(a: list[float], b: list[float]) -> float:
    def luminance(rgb: list[float]) -> float:
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb[:3]]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_win_is_marked_alike_on_every_players_row(tmp_path: Path) -> None:
    """Each of six players the winner in turn: the winner's name is in ink (bold), on a band of the
    darker parchment across the row, with the win's mark in ink; no text in a colour of the
    players' or the old "good" green (which read as Green's on Red's row), and the other rows
    plain."""
    from companion.app import theme

    seen = run_session("winner-rows", tmp_path, "de")
    ink = [round(c, 3) for c in theme.INK]
    band = [round(c, 3) for c in theme.PAPER_DARK]
    others = {name: [round(c * 255) for c in rgba[:3]] for name, rgba in theme.PLAYERS.items()}
    good = [round(c * 255) for c in theme.GOOD[:3]]
    assert list(seen) == list(theme.PLAYERS)
    for winner, drawn in seen.items():
        assert drawn["window"] == [800, 480]
        for colour, row in drawn["rows"].items():
            assert row["name_colour"] == ink, (winner, colour)
            if colour == winner:
                assert row == {"name_colour": ink, "bold": True, "won": True, "band": band, "mark_colour": ink}
            else:
                assert row == {"name_colour": ink, "bold": False, "won": False, "band": None, "mark_colour": None}
        assert contrast(theme.INK, theme.PAPER_DARK) >= 7
        pixels = [tuple(p) for p in drawn["pixels"]]

        def near(rgb: list[int], pixels: list[tuple[int, ...]] = pixels) -> bool:
            return any(all(abs(a - b) <= 3 for a, b in zip(p, rgb, strict=True)) for p in pixels)

        assert near([round(c * 255) for c in theme.PAPER_DARK[:3]]), winner  # the band
        assert not near(good), winner
        for colour, rgb in others.items():  # the winner's chip is in its colour; no other player's
            if colour != winner and colour not in ("white", "black"):  # white/black: the mark, the ink
                assert not near(rgb), (winner, colour)
