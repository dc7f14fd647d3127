"""Raubritter's scripted states for ``companion screenshots``: a game set up by touch with birthdays,
the initial placement, a tile laid, a castle with its knights' march chosen and drawn, a stack, the
score, a correction on the grid, surrender asked twice, the log with an undo's words, the help, a
whole 4-player game's full layout zoomed out (a stack of four players' knights shown large with a
tap, a kind that ran out greyed in its place) and in, and the end. Touches where a player would
touch (the grid's cells tapped); the table's commands where the same screen was already shown."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.uix.behaviors import ButtonBehavior

from companion.games.raubritter.autoplay import commands
from companion.i18n import Message as M
from companion.i18n import Plural, Word
from engines.raubritter import GAME
from engines.raubritter.commands import LayTile
from engines.raubritter.rules import Kind, PlayerSpec, Setup
from engines.raubritter.view_types import RaubritterView

SCREEN = "raubritter-table"


TABLE = (  # seated in this order; the oldest (yellow, without a name) begins
    ("red", "Anna", datetime.date(1961, 3, 14)),
    ("blue", "Ben", datetime.date(1984, 11, 2)),
    ("yellow", "", datetime.date(1958, 1, 9)),
)


def play(driver: Any, shot: Callable[[str], None]) -> None:
    app = App.get_running_app()
    say = app.say
    form = driver.new_game_form("Raubritter")
    shot("raubritter-new-game")
    seat(driver, form, TABLE, shot)
    shot("raubritter-new-game-birthdays")
    driver.choose(say("Start the game"))
    if app.root.manager.current != SCREEN:  # a game still runs: it is saved first
        driver.choose(say("Save it and go on"))
    Showcase(driver, shot).run()


def seat(driver: Any, form: Any, players: Any, shot: Callable[[str], None] | None = None) -> None:
    """Players seated on the new-game form by touch: each colour's chip, its name (typed, as a
    table with a keyboard would), its birthday with the date picker (decade, year, month, day)."""
    from kivy.core.window import Window

    from companion.app.pieces.date import DateDialog

    seating = form.seating
    for colour, name, born in players:
        if colour not in seating.seated:
            driver.choose(next(chip for chip in seating.chips.children if chip.colour == colour))
        fields = [w for w in seating.name_rows.children if hasattr(w, "hint_text")][::-1]
        fields[seating.seated.index(colour)].text = name
        button = seating.birthday_buttons[colour]
        if form.box.height > form.scroll.height:
            form.scroll.scroll_to(button, padding=10, animate=False)
            driver.frames(2)
        driver.choose(button)
        picker = next(w for w in Window.children if isinstance(w, DateDialog) and w._is_open).picker
        driver.choose(picker.decade_buttons[picker.decades.index(born.year // 10 * 10)])
        driver.choose(picker.year_buttons[born.year % 10])
        driver.choose(picker.month_buttons[born.month - 1])
        driver.choose(picker.day_buttons[born.day - 1])
        if shot is not None and colour == players[0][0]:
            shot("raubritter-new-game-date")
        driver.choose(App.get_running_app().say("Done"))


class Showcase:
    def __init__(self, driver: Any, shot: Callable[[str], None]) -> None:
        self.driver, self.shot = driver, shot
        self.app = App.get_running_app()
        self.table = self.app.table
        self.screen = self.app.screen(SCREEN)

    # ------------------------------------------------------------------------------ touches
    def tap(self, text: Any) -> None:
        self.driver.choose(self.app.tr(text))

    def option(self, text: Any) -> None:
        """A button of the table screen's choices, by its whole text."""
        said = self.app.tr(text)
        options = self.screen.ids.options
        button = next(w for w in options.walk(restrict=True) if isinstance(w, ButtonBehavior) and w.text == said)
        options.scroll.scroll_to(button, padding=4, animate=False)
        self.driver.frames(2)
        self.driver.choose(button)

    def kind(self, kind: str) -> None:
        view: RaubritterView = self.table.public_view()["view"]
        me = next(p for p in view["players"] if p["colour"] == view["current"])
        self.option(M("{kind}\n{n} left", kind=Word(kind), n=me["tiles"][kind]))

    def cell(self, x: int, y: int) -> None:
        """A finger on the grid's cell (x, y)."""
        self.driver.frames(2)
        self.driver.touch_at(*self.screen.ids.grid.centre_of(x, y))

    def send(self, *sent: Any) -> None:
        for command in sent:
            self.table.submit(command)
        self.driver.frames()

    def view(self) -> RaubritterView:
        return self.table.public_view()["view"]

    def run(self) -> None:
        shot, tap = self.shot, self.tap
        order = [p["colour"] for p in self.view()["players"]]

        # the initial placement by touch: the kind, then the highlighted cell
        shot("raubritter-initial")
        self.kind("plain-village")
        shot("raubritter-initial-cell")
        self.cell(0, 0)
        self.kind("forest-village")
        self.cell(1, 0)
        shot("raubritter-tile-laid")
        pair: tuple[Kind, Kind] = ("plain", "mountains")
        for colour, cells in zip(order[1:], ([(0, 1), (1, 1)], [(-1, 0), (-1, 1)], [(2, 0), (2, 1)]), strict=False):
            for kind, (x, y) in zip(pair, cells, strict=True):
                self.send(LayTile(colour, kind, x, y))

        # the first turn: a castle north of the first tiles, four knights marching south
        self.kind("plain-castle")
        self.cell(0, -1)
        shot("raubritter-castle-knights")
        self.option(Plural("{n} knight", "{n} knights", 4))
        shot("raubritter-march-direction")
        self.option(M("March {direction}", direction=M("south")))
        shot("raubritter-march-split")
        self.option(self.screen.guided_now().options[0].label)  # the first split the rules allow
        shot("raubritter-march")
        self.option(M("Confirm the march"))
        shot("raubritter-marched")
        self.cell(0, -1)  # no kind chosen: the tile tapped says what stands on it
        shot("raubritter-stack")
        self.driver.choose(self.app.tr(M("Score")))
        shot("raubritter-score")
        tap(M("Back"))

        # a correction on the grid: the tile tapped, then its knights
        self.driver.choose(self.app.tr(M("Correct")))
        shot("raubritter-correct")
        self.cell(0, -1)
        shot("raubritter-correct-tile")
        tap(M("Other knights"))
        tap(M("Take the top knight off"))
        shot("raubritter-correct-stack")
        tap(M("Correct"))
        self.option(M("Back to the game"))

        # the log with an undo's words
        say = self.app.say
        self.driver.choose(say("Game log"))
        shot("raubritter-log")
        self.driver.choose(say("Undo"))
        shot("raubritter-undo-words")
        self.driver.choose(say("Do it"))
        self.driver.choose(say("Back"))
        self.driver.choose(say("Help"))
        shot("raubritter-help")
        tap(M("Back"))

        # the turn ended, then surrender, asked twice
        self.option(M("End the turn"))
        self.option(M("Surrender"))
        shot("raubritter-surrender")
        tap(M("Surrender"))
        shot("raubritter-surrender-sure")
        tap(M("Yes, surrender for good"))
        shot("raubritter-surrendered")

        self.full_layout()

    def full_layout(self) -> None:
        """A whole game of four, played by the table's commands: every tile laid, then the end."""
        setup = Setup(
            players=(
                PlayerSpec(name="Anna", birthday=datetime.date(1961, 3, 14), colour="red"),
                PlayerSpec(name="Ben", birthday=datetime.date(1984, 11, 2), colour="blue"),
                PlayerSpec(name="Clara", birthday=datetime.date(1990, 7, 30), colour="green"),
                PlayerSpec(name="Dieter", birthday=datetime.date(1958, 1, 9), colour="yellow"),
            )
        )
        self.app.start_game("raubritter", setup)
        if self.app.root.manager.current != SCREEN:
            self.driver.choose(self.app.say("Save it and go on"))
        self.table = self.app.table
        self.screen = self.app.screen(SCREEN)
        sent = list(commands(GAME, setup))
        for command in sent[:-1]:
            self.table.submit(command)
        self.driver.frames()
        grid = self.screen.ids.grid
        grid.zoom_all()
        self.shot("raubritter-full-layout")
        cells = self.view()["cells"]
        mixed = max(cells, key=lambda c: (len(set(c["stack"])), len(c["stack"])))
        self.cell(mixed["x"], mixed["y"])  # no kind chosen: the stack shown large beside it
        self.shot("raubritter-full-layout-stack")
        self.cell(mixed["x"], mixed["y"])  # the same tile again: closed
        box = self.view()["cells"]
        middle = box[len(box) // 2]
        grid.zoom_to(middle["x"], middle["y"], grid.width / 4)
        self.shot("raubritter-full-layout-zoomed")
        grid.zoom_all()
        self.send(sent[-1])
        self.driver.until(self.app.screen("result").settled, what="the result with its code")
        self.shot("raubritter-result")  # the result comes by itself
        self.tap(M("How it went"))
        self.shot("raubritter-plot")
        self.tap(M("Back"))
        self.tap(M("Back to the game"))
        self.shot("raubritter-end")
        self.driver.choose(self.app.tr(M("Score")))
        self.shot("raubritter-end-score")
        self.tap(M("Back"))
