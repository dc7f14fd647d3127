"""Phase B on the button panel (mock pins, with the players' LEDs): while three players have locked
in and the fourth has not, nothing the table shows depends on the cards they chose. Two games on
the same seed with different picks show exactly the same widgets' texts, status line, game log,
last word and LED states; only after the reveal do the picks appear."""

from __future__ import annotations

from tests.companion.app.ui import run_session

ONE = "14,24,15,36"
OTHER = "23,56,46,12"


def test_nothing_shown_in_phase_b_depends_on_the_picks(tmp_path):
    first = run_session("secrecy", tmp_path / "one", ONE)
    second = run_session("secrecy", tmp_path / "other", OTHER)
    assert first["seen"] == second["seen"]
    seen = first["seen"]
    assert seen["leds"] == [True, True, True, False]  # the locked-in players' LEDs, never which card
    assert "3 of 4 locked in" in seen["status"]
    everything = "\n".join([*seen["board"], *seen["log"], seen["word"], seen["status"]])
    for pair in ("1 + 4", "2 + 4", "1 + 5", "1 and 4", "2 and 4", "1 and 5"):
        assert pair not in everything
    assert first["revealed"] != second["revealed"]  # after the reveal, the picks are on the board
    assert any("1 + 4" in text for text in first["revealed"])
    assert any("2 + 3" in text for text in second["revealed"])
