"""The end of a game, the same for every game: who won and why, every player's final figures, when
it was played and for how long, and the play as a QR code of BG Stats' push link (a tap shows it
as large as the display allows); from here the plot of the game (:class:`PlotScreen`), the game to
a USB stick, and the history of played games.

The app shows it by itself when the running game ends; "Back to the game" returns to the table,
where the last step can still be undone. From the history it shows any finished game of the
journal. The figures come from the game's ``result`` part, computed from the journal's events
(:mod:`companion.results.outcome`).
"""

from __future__ import annotations

import datetime
import logging
from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.graphics import Color, Rectangle
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.app import marks, theme
from companion.app.contract import screens_of
from companion.app.pieces.columns import cell
from companion.app.pieces.lines import FittedLabel
from companion.app.pieces.scroller import Scroller  # noqa: F401 - the scrolling area in its .kv
from companion.app.room import AppScreen, running_app
from companion.app.widgets import Chip
from companion.i18n import Message, Person, Plural

log = logging.getLogger(__name__)


def when(outcome: Any) -> Any:
    """When the game was played and how long it took, in words."""
    started = datetime.datetime.fromisoformat(outcome.started)
    ended = datetime.datetime.fromisoformat(outcome.finished)
    minutes = max(0, round((ended - started).total_seconds() / 60))
    day = started.astimezone().strftime("%Y-%m-%d %H:%M")
    return Plural("{day}, {n} minute", "{day}, {n} minutes", minutes, day=day)


def rule_set(game: str, config: Any) -> Any:
    """The rule set as the game's screens word it ("" for a game with one)."""
    try:
        contract = screens_of(game)
        return contract.summary(config, []).rules if contract is not None else ""
    except Exception as error:  # noqa: BLE001 - a game part's words of a damaged setup can fail in any way
        log.warning("the rule set of a %s game cannot be worded: %s: %s", game, type(error).__name__, error)
        return ""  # the game's title says enough


CODE_SHARE = 0.34  # of the window's width at most, the code beside the figures
CAPTION_DP = 40  # the code's caption below it
BUTTON_WIDTH_DP = 150  # the button that shows the code, where it is not drawn beside the figures


class ResultScreen(AppScreen):
    screen_name = "result"
    kv_file = __file__
    code_width = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game_id: int | None = None  # None: the running game
        self.outcome: Any = None
        self.problem: Any = None
        self._shown: Any = None  # what the screen was drawn from: (game, step, language)
        self.code: Any = None  # the code beside the figures, or the button that stands for it (CodeButton)
        self.code_button: Any = None  # that button, where it is shown instead of the code
        self.link: str | None = None
        self.code_fits: bool | None = None
        self.bind(size=self.fit_code)  # and the code area's height (result.kv)

    def show_game(self, game_id: int | None) -> None:
        """The result of ``game_id`` (None: the running game's) is what the screen shows next."""
        self.game_id = game_id

    def refresh(self) -> None:
        app: Any = running_app()
        game_id, step = self.game_id, None
        if game_id is None and app.table is not None:
            view = app.table.public_view()
            game_id, step = view["game_id"], view["entry"]
        key = (game_id, step, app.language)
        if key == self._shown and self.outcome is not None:
            return
        self._shown = key
        self.outcome, self.problem = app.outcome(game_id) if game_id is not None else (None, Message("No game."))
        self.draw()

    def settled(self) -> bool:
        """The result is drawn, its code too (made in a thread of its own) if it has one."""
        drawn = self._shown is not None and self.manager is not None and self.manager.current == self.name
        return drawn and (self.code is None or self.code.ready)

    def running(self) -> bool:
        app: Any = running_app()
        return self.game_id is None or (app.table is not None and app.table.public_view()["game_id"] == self.game_id)

    def draw(self) -> None:
        app: Any = running_app()
        body = self.ids.body
        body.clear_widgets()
        self.ids.code_area.clear_widgets()
        self.code = self.code_button = self.link = None
        self.ids.back.text = app.tr(Message("Back to the game") if self.running() else Message("Back"))
        outcome = self.outcome
        self.ids.plot.disabled = self.ids.files.disabled = outcome is None
        if outcome is None:
            self.ids.heading.text = app.tr(Message("Result"))
            body.add_widget(Factory.Body(text=app.tr(self.problem), color=theme.ALERT))
            return
        self.ids.heading.text = outcome.title
        for text in outcome.verdict:
            body.add_widget(Factory.Body(text=f"[b]{escape_markup(app.tr(text))}[/b]", markup=True))
        body.add_widget(figures(outcome))
        rules = app.tr(rule_set(outcome.game, outcome.config))
        played = " · ".join(part for part in (rules, app.tr(when(outcome))) if part)
        body.add_widget(Factory.Body(text=played, font_size=sp(theme.SMALL_SP)))
        self.draw_code(app)

    def draw_code(self, app: Any) -> None:
        """The BG Stats code beside the figures where the window gives it :data:`LEAST_PX` a module
        and more; else, as on the Pi's 800×480, a button that shows it over the whole window (its
        modules of 3 px there), and the figures get the room."""
        link, problem = app.push_link(self.outcome.game_id)
        self.link, self.code_fits = link, None
        if link is None:
            self.code_width = self.width * CODE_SHARE
            self.ids.code_area.add_widget(Factory.Body(text=app.tr(problem), font_size=sp(theme.SMALL_SP)))
            return
        self.fit_code()

    def fit_code(self, *_: Any) -> None:
        """The code beside the figures or a button for it, as the code area's room allows now."""
        if self.link is None or self.outcome is None:
            return
        from companion.app.pieces.qr import LEAST_PX, modules_at_most

        area = self.ids.code_area
        side = min(area.height, self.width * CODE_SHARE)
        modules = modules_at_most(self.link)
        fits = bool(modules) and min(side, area.height - dp(CAPTION_DP + 2)) // modules >= LEAST_PX
        if fits == self.code_fits:
            if fits:
                self.code_width = side
            return
        self.code_fits = fits
        app: Any = running_app()
        area.clear_widgets()
        self.code = None
        if not fits:
            self.code_width = dp(BUTTON_WIDTH_DP)
            box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(4))
            from companion.app.pieces.qr import make_soon

            button = self.code = self.code_button = Factory.CodeButton(text=app.tr(Message("BG Stats code")))
            button.data, button.ready = self.link, False
            make_soon(self.link, lambda: setattr(button, "ready", True))  # drawn at once when tapped
            self.code_button.bind(on_release=lambda *_: self.enlarge())
            box.add_widget(self.code_button)
            hint = Label(
                text=app.tr(Message("to scan with the phone")),
                color=theme.INK,
                font_size=sp(theme.SMALL_SP - 2),
                halign="center",
                valign="top",
                size_hint_y=None,
            )
            hint.bind(width=lambda w, width: setattr(w, "text_size", (width, None)))
            hint.bind(texture_size=lambda w, size: setattr(w, "height", size[1]))
            box.add_widget(hint)
            box.bind(minimum_height=box.setter("height"))
            area.add_widget(box)
            return
        from companion.app.pieces.qr import QrCode

        self.code_width = side
        self.code_button = None
        box = TapBox(orientation="vertical", spacing=dp(2))
        self.code = QrCode(data=self.link)
        box.add_widget(self.code)
        caption = Label(
            text=app.tr(Message("BG Stats: scan with the phone; tap to enlarge")),
            color=theme.INK,
            font_size=sp(theme.SMALL_SP - 2),
            size_hint_y=None,
            height=dp(CAPTION_DP),
            halign="center",
            valign="middle",
        )
        caption.bind(size=lambda widget, size: setattr(widget, "text_size", size))
        box.add_widget(caption)
        box.bind(on_release=lambda *_: self.enlarge())
        area.add_widget(box)

    def figure_rows(self) -> list[FigureRow]:
        """The figures' rows as drawn now, a player each (their first cell: chip and name)."""
        return [w for w in self.ids.body.walk(restrict=True) if isinstance(w, FigureRow)]

    def enlarge(self) -> None:
        if self.link is None:
            return
        from companion.app.pieces.qr import QrDialog

        QrDialog(self.link, title=self.outcome.title if self.outcome is not None else "").open_now()

    def back(self) -> None:
        app: Any = running_app()
        app.goto(app.game_screen() if self.running() else "history")

    def show_plot(self) -> None:
        app: Any = running_app()
        plot = app.screen("plot")
        plot.outcome = self.outcome
        app.goto("plot", remember=False)

    def export(self) -> None:
        if self.outcome is None:
            return
        app: Any = running_app()
        from companion.app.pieces.files import ExportDialog

        ExportDialog(app.journal, self.outcome.game_id, app.data_dir).open()


class TapBox(ButtonBehavior, BoxLayout):
    """What a finger taps as a whole (the code with its caption)."""


NAME_DP = 130  # the players' column at least: a long name takes two lines, in a smaller font if it must
NAME_SHARE = 0.3  # and at most this share of the figures' width
SMALLEST_SP = 10


WON_BAND = theme.PAPER_DARK  # behind a winner's row: the darker parchment, no player's colour
CROWN_DP = 16  # the win's mark, left of the winner's chip (a blank of its width on the other rows)


class Crown(Widget):
    """The win's mark: a crown in ink, a shape no player's mark has, readable beside every colour."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        redraw = Clock.create_trigger(self._draw, -1)  # once the row has its place and its size
        self.bind(pos=redraw, size=redraw)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        side = min(self.width, self.height * 0.8)
        x, y = self.center_x - side / 2, self.center_y - side / 2
        outline = [(0.05, 0.2), (0.95, 0.2), (0.95, 0.8), (0.72, 0.5), (0.5, 0.9), (0.28, 0.5), (0.05, 0.8)]
        points = [(x + side * u, y + side * v) for u, v in [(0.5, 0.35), *outline, outline[0]]]
        with self.canvas:
            Color(*theme.INK)
        for mesh in marks.meshes([points]):
            self.canvas.add(mesh)


class FigureRow(BoxLayout):
    """A player's first cell of the figures: the win's mark (a winner's), the chip, the name.
    A winner's row lies on :data:`WON_BAND` across every cell, its name in bold ink; no colour
    marks the win, as every colour is some player's."""

    def __init__(self, colour: str, won: bool, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.colour, self.won = colour, won
        self.band = WON_BAND if won else None
        self.mark_colour = theme.INK if won else None


def banded(widget: Widget, rgba: Any) -> Widget:
    """``widget`` on a band of ``rgba`` (its whole box)."""
    with widget.canvas.before:
        Color(*rgba)
        band = Rectangle(pos=widget.pos, size=widget.size)
    widget.bind(pos=lambda w, pos: setattr(band, "pos", pos), size=lambda w, size: setattr(band, "size", size))
    return widget


def beside_chip(app: Any, colour: str, name: str | None) -> str:
    """A player's words beside their chip (which shows the colour and the mark): the name alone,
    or the colour's word for a player without one."""
    return name if name else app.tr(Person(colour, None))


def fit_words(label: Label, width: float) -> None:
    """A heading's font as large as lets its longest word fit its column: a word is never broken
    ("Dukate-n"); a heading of several words takes two lines."""
    from kivy.core.text import Label as CoreLabel

    longest = max(label.text.split() or [""], key=len)
    size = theme.SMALL_SP - 3
    while size > SMALLEST_SP:
        measure = CoreLabel(text=longest, font_size=sp(size), bold=label.bold)
        measure.refresh()
        if measure.texture.width <= width:
            break
        size -= 1
    label.font_size = sp(size)


def figures(outcome: Any) -> GridLayout:
    """The final figures: a row per player (its colour, its name, a winner's row marked by
    :class:`FigureRow`), a column per figure under its heading."""
    app: Any = running_app()
    headings = outcome.columns.headings
    grid = GridLayout(cols=1 + len(headings), size_hint_y=None, row_default_height=dp(40), spacing=(0, dp(2)))
    grid.bind(minimum_height=grid.setter("height"))
    names_column = [Label(size_hint_x=None, width=dp(NAME_DP))]
    grid.add_widget(names_column[0])
    for heading in headings:
        label = cell(small=True)
        label.shorten, label.max_lines = False, 2
        label.text = app.tr(heading)
        label.bind(width=fit_words)
        grid.add_widget(label)
    winners = {p.colour for p in outcome.winners}
    names = {p.colour: p.name for p in outcome.players}
    for colour, cells in outcome.columns.rows:
        won = colour in winners
        who = FigureRow(colour, won, size_hint_x=None, width=dp(NAME_DP), spacing=dp(4))
        names_column.append(who)
        who.add_widget((Crown if won else Widget)(size_hint_x=None, width=dp(CROWN_DP)))
        chip = Chip(colour=colour)
        chip.size = (dp(26), dp(26))
        chip.pos_hint = {"center_y": 0.5}
        who.add_widget(chip)
        name = FittedLabel(
            whole=beside_chip(app, colour, names.get(colour)),
            color=theme.INK,
            bold=won,
            lines=2,
            largest=sp(theme.SMALL_SP - 2),
            smallest=sp(SMALLEST_SP),
            gap=0,
            halign="left",
            valign="middle",
        )
        who.add_widget(name)
        grid.add_widget(banded(who, WON_BAND) if won else who)
        for value in cells:
            label = cell()
            label.text = escape_markup(app.tr(value) if not isinstance(value, int) else str(value))
            grid.add_widget(banded(label, WON_BAND) if won else label)

    def widen(_grid: Any, width: float) -> None:  # a wide window gives the names room for one line
        for widget in names_column:
            widget.width = max(dp(NAME_DP), width * NAME_SHARE)

    grid.bind(width=widen)
    return grid


LEGEND_ROW_DP = 26
LEGEND_ROW = 3  # players in one row of the legend at most: six names in two rows, each whole


def legend_columns(players: int) -> int:
    """The legend's columns: every player in one row up to three, else two rows as even as they go."""
    return max(1, players if players <= LEGEND_ROW else -(-players // 2))


class PlotScreen(AppScreen):
    """How the game went: one panel per measure, one line per player in its colour, period by
    period from the setup."""

    screen_name = "plot"
    kv_file = __file__

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.outcome: Any = None
        self.plots: Any = None
        self._shown: Any = None

    def refresh(self) -> None:
        app: Any = running_app()
        if self.outcome is None:
            self.outcome = app.screen("result").outcome
        key = (id(self.outcome), app.language)
        if key == self._shown:
            return
        self._shown = key
        from companion.app.pieces.plot import Panel, Plots, Series

        outcome = self.outcome
        legend, area = self.ids.legend, self.ids.area
        legend.clear_widgets()
        area.clear_widgets()
        if outcome is None:
            self.ids.heading.text = app.tr(Message("How it went"))
            return
        self.ids.heading.text = app.tr(Message("{game}: how it went", game=outcome.title))
        players = list(outcome.players)
        legend.cols = legend_columns(len(players))
        legend.height = dp(LEGEND_ROW_DP) * -(-len(players) // legend.cols)
        for player in players:
            entry = BoxLayout(spacing=dp(4))
            chip = Chip(colour=player.colour)
            chip.size = (dp(22), dp(22))
            chip.pos_hint = {"center_y": 0.5}
            entry.add_widget(chip)
            entry.add_widget(
                FittedLabel(
                    whole=beside_chip(app, player.colour, player.name),
                    color=theme.INK,
                    largest=sp(theme.SMALL_SP),
                    smallest=sp(SMALLEST_SP),
                    gap=0,
                    halign="left",
                    valign="middle",
                )
            )
            legend.add_widget(entry)
        panels = [
            Panel(app.tr(measure.label), tuple(Series(p.colour, outcome.line(i, p.colour)) for p in outcome.players))
            for i, measure in enumerate(outcome.measures)
        ]
        self.plots = Plots()
        area.add_widget(self.plots)
        self.plots.show(app.tr(outcome.period), panels)

    def on_leave(self, *args: Any) -> None:
        """The plot is drawn again at each visit: its widgets and its texts' textures (about 10 MB
        with llvmpipe) go when it is left instead of staying through the next game."""
        from companion.app.pieces.plot import let_go_of_texts

        self.outcome = None  # the next visit shows the result screen's game
        self._shown = None
        self.ids.legend.clear_widgets()
        self.ids.area.clear_widgets()
        self.plots = None
        let_go_of_texts()
