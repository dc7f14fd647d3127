"""The three games play on one table screen (:mod:`companion.app.pieces.table`): each game's table
is a subclass of it, and what the frame does for one game it does for all. A choice the rules
refuse now is greyed with the rules' reason in Schatzjagd and Raubritter too, not only in Die
Glücksritter. Each test plays a real app in a window of its own."""

from __future__ import annotations

import datetime
from typing import Any

from tests.companion.app.touch import start
from tests.support.window import in_window


def _buttons(screen: Any) -> list[dict[str, Any]]:
    """The choices' buttons the screen shows: their words and whether a finger can take them."""
    from kivy.uix.behaviors import ButtonBehavior

    return [
        {"text": widget.text, "disabled": bool(widget.disabled)}
        for widget in screen.ids.options.box.walk(restrict=True)
        if isinstance(widget, ButtonBehavior)
    ]


@in_window
def test_each_games_table_is_the_shared_table_screen(tmp_path):
    """Every game's table screen class, as the shell gets it."""
    app, driver = start(tmp_path)
    from companion.app.contract import screens_of
    from companion.app.pieces.table import GameTable

    tables = {
        "gluecksritter": "gluecksritter-board",
        "schatzjagd": "schatzjagd-table",
        "raubritter": "raubritter-table",
    }
    for game, name in tables.items():
        screens = screens_of(game)
        assert screens is not None
        (cls,) = screens.screens()
        assert issubclass(cls, GameTable), cls
        assert (cls.screen_name, screens.first) == (name, name), game
    driver.stop()


@in_window
def test_schatzjagd_greys_a_training_the_henchman_cannot_pay_with_the_reason(tmp_path):
    """Anna's henchman at the school with 1 gold: a day's training (3 gold) is offered, greyed with
    the rules' reason."""
    app, driver = start(tmp_path, language="de")
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
    buttons = _buttons(screen)
    offered = [b for b in buttons if b["text"].startswith(school)]
    assert len(offered) == 1, buttons
    text = offered[0]["text"]
    assert offered[0]["disabled"], offered  # greyed: a finger cannot send it
    assert "\n" in text and "3" in text.split("\n", 1)[1], text  # the reason under the words, with the price
    assert any(not b["disabled"] for b in buttons), buttons  # the rest can still be chosen
    driver.stop()


@in_window
def test_raubritter_greys_a_castle_in_the_initial_placement_with_the_reason(tmp_path):
    """The first turn of the initial placement, its step drawn with a castle to lay (which the rules
    refuse before the initial tiles are down) beside a plain tile: the castle greyed with the
    reason, the plain one to tap, in the table's own frame with Raubritter's buttons."""
    app, driver = start(tmp_path, language="de")
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
    buttons = _buttons(screen)
    refusal = app.tr(table.trial(offered[0].command).shown)
    by_words = {b["text"].split("\n", 1)[0]: b for b in buttons}
    assert by_words["castle"] == {"text": f"castle\n{refusal}", "disabled": True}, buttons
    assert by_words["plain"] == {"text": "plain", "disabled": False}, buttons
    driver.stop()
