"""Phase B on the button panel (mock pins, with the players' LEDs): while three players have locked
in and the fourth has not, nothing the table shows depends on the cards they chose. Two games on
the same seed with different picks, each in a window of its own, show exactly the same widgets'
texts, status line, game log, last word and LED states; only after the reveal do the picks
appear."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import PICKS, new_game
from tests.support.window import run

ONE = [[1, 4], [2, 4], [1, 5], [3, 6]]  # the cards of seats 1 to 4
OTHER = [[2, 3], [5, 6], [4, 6], [1, 2]]


def shown_in_phase_b(data: Path, picks: list[list[int]]) -> dict[str, Any]:
    """A game whose seats choose ``picks`` on the panel: everything the table shows while seats 1 to
    3 have locked in and seat 4 has not (what the test compares across two games), and the board's
    texts after the reveal."""
    from tests.companion.table.panels import MatrixRig

    rig = MatrixRig()
    app, driver = start(data, "en", hardware=lambda: {"panel": rig.factory, "leds": rig.leds})
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    for seat, cards in enumerate(picks[:3], start=1):
        for card in cards:
            rig.tap(seat, card)
    driver.until(lambda: len(app.table.awaiting().locked) == 3, what="three lock-ins")
    driver.frames(5)
    rig.leds.wait_idle(2.0)
    seen = {
        "board": driver.texts(),
        "word": app.root.word,
        "leds": [rig.lit(seat) for seat in range(1, 5)],
        "status": app.root.status_text,
    }
    assert seen["leds"] == [True, True, True, False]  # the locked-in players' LEDs, never which card
    assert "3 of 4 locked in" in seen["status"]
    driver.tap(say(app, "Game log"))
    seen["log"] = driver.texts()
    driver.tap(say(app, "Back"))
    everything = "\n".join([*seen["board"], *seen["log"], seen["word"], seen["status"]])
    for first, second in picks[:3]:
        assert f"{first} + {second}" not in everything and f"{first} and {second}" not in everything

    for card in picks[3]:
        rig.tap(4, card)
    driver.until(lambda: not app.table.awaiting().choosing, what="the reveal of the picks")
    driver.frames(3)
    driver.tap(say(app, "Reveal the documents"))
    driver.tap(say(app, "Reveal the action cards"))
    revealed = driver.texts()
    driver.stop()
    first, second = picks[0]
    assert any(f"{first} + {second}" in text for text in revealed), "after the reveal, the picks are on the board"
    return {"seen": seen, "revealed": revealed}


def test_nothing_shown_in_phase_b_depends_on_the_picks(tmp_path):
    one = run(shown_in_phase_b, data=tmp_path / "one", picks=ONE)
    other = run(shown_in_phase_b, data=tmp_path / "other", picks=OTHER)
    assert one["seen"] == other["seen"]
    assert one["revealed"] != other["revealed"]
