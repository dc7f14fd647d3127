"""Sessions of the shared table screen (:mod:`companion.app.pieces.table`), each game's table in a
real app, headless, run in a process of their own: ``python -m tests.companion.app.table_sessions
NAME DATA``. Each prints what it saw as one line of JSON."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from typing import Any

from tests.companion.app.touch import start


def _buttons(screen: Any) -> list[dict[str, Any]]:
    """The choices' buttons the screen shows: their words and whether a finger can take them."""
    from kivy.uix.behaviors import ButtonBehavior

    return [
        {"text": widget.text, "disabled": bool(widget.disabled)}
        for widget in screen.ids.options.box.walk(restrict=True)
        if isinstance(widget, ButtonBehavior)
    ]


def kinds(data: Path) -> dict[str, Any]:
    """Every game's table screen class, as the shell gets it."""
    app, driver = start(data)
    from companion.app.contract import screens_of
    from companion.app.pieces.table import GameTable

    seen = {}
    for game in ("gluecksritter", "schatzjagd", "raubritter"):
        screens = screens_of(game)
        assert screens is not None
        (cls,) = screens.screens()
        seen[game] = {"name": cls.screen_name, "table": issubclass(cls, GameTable), "first": screens.first}
    driver.stop()
    return seen


def schatzjagd_school(data: Path) -> dict[str, Any]:
    """Anna's henchman at the school with 1 gold: a day's training (3 gold) is offered, greyed with
    the rules' reason."""
    app, driver = start(data, language="de")
    from companion.i18n import Message
    from companion.table.notices import Refused
    from engines.core.correction import Correct
    from engines.schatzjagd import commands as c
    from engines.schatzjagd.rules import Setup

    app.start_game("schatzjagd", Setup(players=[{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}]))
    driver.frames()
    table = app.table
    for command in (
        c.Travel("red", 1, "castle-red"),
        c.Relocate("red", "school", "a test: at the school"),
        Correct("red.gold", 1, "a test: spent"),
    ):
        notice = table.submit(command)
        assert not isinstance(notice, Refused), notice
    screen = app.screen("schatzjagd-table")
    school = app.tr(Message("School: +1 strength for 3 gold"))
    driver.until(lambda: any(b["text"].startswith(school) for b in _buttons(screen)), what="the school offered")
    seen = {"school": school, "buttons": _buttons(screen)}
    driver.stop()
    return seen


def raubritter_castle_first(data: Path) -> dict[str, Any]:
    """The first turn of the initial placement, its step drawn with a castle to lay (which the rules
    refuse before the initial tiles are down) beside a plain tile: the castle greyed with the
    reason, the plain one to tap, in the table's own frame with Raubritter's buttons."""
    app, driver = start(data, language="de")
    from dataclasses import replace

    from companion.app.option import Option
    from companion.games.raubritter.screens.setup import setup
    from engines.raubritter.commands import LayTile

    birthdays = {"red": datetime.date(1990, 5, 1), "blue": datetime.date(1991, 6, 2)}
    app.start_game("raubritter", setup(("red", "blue"), {"red": "Anna", "blue": "Ben"}, birthdays))
    driver.frames()
    table = app.table
    screen = app.screen("raubritter-table")
    view = table.public_view()["view"]
    current = view["current"]
    now = screen.step_now(table, view, table.awaiting())
    offered = (
        Option("castle", LayTile(current, "plain-castle", 0, 0), player=current),
        Option("plain", LayTile(current, "plain", 0, 0), player=current),
    )
    screen.draw_step(app, table, view, table.awaiting(), replace(now, options=offered))
    driver.frames()
    seen = {"buttons": _buttons(screen), "refusal": app.tr(table.trial(offered[0].command).shown)}
    driver.stop()
    return seen


SESSIONS = {"kinds": kinds, "schatzjagd-school": schatzjagd_school, "raubritter-castle-first": raubritter_castle_first}

if __name__ == "__main__":
    name, data = sys.argv[1:3]
    print(json.dumps(SESSIONS[name](Path(data)), ensure_ascii=False), flush=True)
