"""A power cut mid-round: the app killed with SIGKILL while it shows a screen of a running game
starts again on the same screen, at the same step of the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import (
    PICKS,
    choose_behind_the_cover,
    enter_the_card,
    new_game,
    pay_the_first_way,
)
from tests.support.waiting import PROCESS
from tests.support.window import killed_when_ready, ready, run


def until_killed(data: Path, screen: str) -> None:
    """Play into the middle of round 1 (red has taken a document on field 1), open ``screen``
    ("board" or "log"), say where the app stands, and wait to be killed."""
    app, driver = start(data, "de")
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    for player, cards in PICKS.items():
        choose_behind_the_cover(app, driver, player, cards)
    driver.tap(say(app, "Reveal the documents"))
    driver.tap(say(app, "Reveal the action cards"))
    driver.tap(say(app, "{player} takes a document", player="red"))
    pay_the_first_way(driver)
    enter_the_card(app, driver)
    if screen == "log":
        driver.tap(say(app, "Game log"))
    driver.frames(3)
    ready(screen=app.root.manager.current, entry=app.table.public_view()["entry"])
    driver.until(lambda: False, seconds=PROCESS, what="the power cut")


def restarted(data: Path, stood: dict[str, Any]) -> None:
    """The app started again on the same data folder opens where it ``stood`` before the cut."""
    app, driver = start(data)
    driver.frames(3)
    assert app.table is not None, "no running game after the restart"
    assert app.root.manager.current == stood["screen"]
    view = app.table.public_view()
    assert view["entry"] == stood["entry"]  # the same step of the game
    assert view["view"]["field"] == 1  # green still decides on field 1
    driver.stop()


@pytest.mark.parametrize("screen", ["board", "log"])
def test_killed_mid_round_it_opens_where_it_stood(tmp_path, screen):
    before = killed_when_ready(until_killed, data=tmp_path, screen=screen)
    assert before["screen"] == ("gluecksritter-board" if screen == "board" else "log")
    run(restarted, data=tmp_path, stood=before)
