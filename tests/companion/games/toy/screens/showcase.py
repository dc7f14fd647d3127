"""The race's scripted states for ``companion screenshots``: the form with two players seated,
the table before the first roll, after a roll on the screen and after a rest."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App

from companion.i18n import Message


def play(driver: Any, shot: Callable[[str], None]) -> None:
    app = App.get_running_app()
    form = driver.new_game_form("Wettlauf")
    for colour in ("red", "blue"):
        driver.choose(next(chip for chip in form.seating.chips.children if chip.colour == colour))
    shot("toy-new-game")
    driver.choose(app.say("Start the game"))
    if app.root.manager.current != "toy-table":  # a game still runs: it is saved first
        driver.choose(app.say("Save it and go on"))
    shot("toy-table")
    driver.choose(app.say("Roll on the screen"))
    shot("toy-rolled")
    driver.choose(app.tr(Message("Rest")))
    shot("toy-rested")
