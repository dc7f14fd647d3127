"""The table check: what every player should have in front of them (silver, gold, walls, towers,
documents in hand as a count, the Black Knight in the dungeon) and what lies on fields 5 and 6, as
the app counts it. The table confirms it, or taps the number that differs and enters what is
really there: a correction with the reason "table check" (a hand of documents is set behind the
privacy cover, the cards being secret). Opened at the end of each round (a setting) and from the
board's bar at any time."""

from __future__ import annotations

from functools import partial
from typing import Any, Literal

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.people import names
from companion.app.pieces.dialog import Dialog
from companion.app.pieces.stepper import Stepper
from companion.app.widgets import Chip, toggle
from companion.games.gluecksritter.screens.cards import HandCover
from companion.games.gluecksritter.screens.guide import who
from companion.i18n import Cap, Message, Word
from engines.core.correction import Correct
from engines.gluecksritter.view_types import GluecksritterView

REASON = Message("table check")
COLUMNS: tuple[tuple[Literal["silver", "gold", "walls", "towers", "documents", "knight-in-dungeon"], Message], ...] = (
    ("silver", Message("Silver")),
    ("gold", Message("Gold")),
    ("walls", Message("Walls")),
    ("towers", Message("Towers")),
    ("documents", Message("Documents")),
    ("knight-in-dungeon", Message("Dungeon")),
)
COINS: tuple[Literal["silver", "gold"], ...] = ("silver", "gold")
FIELDS: tuple[tuple[Literal["field5", "field6"], Message], ...] = (
    ("field5", Message("Field 5")),
    ("field6", Message("Field 6")),
)


class TableCheck(Dialog):
    """Its overview is made once and then only its numbers change (the board keeps one check for
    the game): the grid is made again only for other players or in another language."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seated: tuple[Any, ...] = ()
        self._grid: Any = None
        self._cells: dict[tuple[str, str], Any] = {}
        self._intro: Any = None
        self._title: Any = None  # the overview's title while the overview is the page shown
        self.overview()

    def overview(self) -> None:
        view: GluecksritterView = self.table.public_view()["view"]
        seated = (self.app.language, *(player["colour"] for player in view["players"]))
        if seated != self._seated or self._grid is None:  # other players, or another language
            self._build(view)
            self._intro = self.body(Message("Does the table show this? Tap a number that differs."))
            self._seated = seated
        for player in view["players"]:
            colour = player["colour"]
            for key, title in COLUMNS:
                value = player["knight_in_dungeon"] if key == "knight-in-dungeon" else player[key]
                shown = self.app.tr(Message("yes") if value else Message("no")) if key == "knight-in-dungeon" else value
                self._set(self._cells[colour, key], str(shown), partial(self.tap, colour, key, title, value))
        for field, title in FIELDS:
            for coin in COINS:
                value = view[field][coin]
                self._set(self._cells[field, coin], str(value), partial(self.coins, field, coin, title, value))
        heading = self.app.tr(
            Message("Table check before round {round}", round=view["round"])
            if view["phase"] == "A"
            else Message("Table check: round {round}", round=view["round"])
        )
        if self._title is not None:  # the overview is the page: its numbers and title changed only
            self._title.text = heading
            self.recheck()
            return
        self.page(heading, [self._intro, self._grid], [(Message("All as on the table"), self.close, True)])
        self._title = self.sheet.children[-1]

    def page(self, *args: Any, **kwargs: Any) -> None:
        self._title = None
        super().page(*args, **kwargs)

    def _build(self, view: GluecksritterView) -> None:
        grid = GridLayout(cols=1 + len(COLUMNS), spacing=dp(4), size_hint_y=None, height=0)
        grid.bind(minimum_height=grid.setter("height"))
        grid.add_widget(_head(""))
        for _key, title in COLUMNS:
            grid.add_widget(_head(self.app.tr(title)))
        self._cells = {}
        for player in view["players"]:
            colour = player["colour"]
            grid.add_widget(_chip(view, colour))
            for key, _title in COLUMNS:
                grid.add_widget(self._cell((colour, key)))
        for field, title in FIELDS:
            grid.add_widget(_head(self.app.tr(title)))
            for key, _title in COLUMNS:
                grid.add_widget(self._cell((field, key)) if key in ("silver", "gold") else _head(""))
        if self._grid is not None and self._grid.parent is not None:
            self._grid.parent.remove_widget(self._grid)
        self._grid = grid
        self._title = None  # the page holds the grid before: drawn again

    def _cell(self, place: tuple[str, str]) -> Any:
        button = Factory.Quiet(bold=True, font_size=sp(theme.TITLE_SP))
        button.action = None
        button.bind(on_release=lambda button: button.action())
        self._cells[place] = button
        return button

    @staticmethod
    def _set(cell: Any, text: str, action: Any) -> None:
        cell.text = text
        cell.action = action

    # ----------------------------------------------------------------------------- a line
    def tap(self, colour: str, key: str, title: Any, value: Any) -> None:
        view: GluecksritterView = self.table.public_view()["view"]
        if key == "documents":
            self.documents(colour, view)
        elif key == "knight-in-dungeon":
            self.dungeon(colour, bool(value), view)
        else:
            self.number(f"{colour}.{key}", Message("{player}: {what}", player=who(colour, view), what=title), value)

    def coins(self, field: str, key: Literal["silver", "gold"], title: Any, value: int) -> None:
        self.number(f"{field}.{key}", Message("{place}: {what}", place=title, what=dict(COLUMNS)[key]), value)

    def number(self, counter: str, title: Any, value: int) -> None:
        """A count that differs: what the table really has, written as a correction."""
        high = 60 if counter.endswith("silver") else 40 if counter.endswith("gold") else 4
        stepper = Stepper(self.app.tr(Message("On the table")), high=high, value=value)

        def write() -> None:
            self.write(Correct(counter, int(stepper.value), self.why()))

        self.page(
            title,
            [self.body(Message("The app counts {value}. Set what the table shows.", value=value)), stepper],
            [(Message("Back"), self.overview, False), (Message("Write the correction"), write, True)],
        )
        self.offer_only_if(self.buttons[-1], lambda: self._refusal(counter, int(stepper.value), value))

    def _refusal(self, counter: str, new: int, old: int) -> Any:
        if new == old:
            return Message("Set the number the table shows.")
        return self.table.trial(Correct(counter, new, self.why()))

    def dungeon(self, colour: str, jailed: bool, view: GluecksritterView) -> None:
        player = who(colour, view)
        choices = GridLayout(cols=2, spacing=dp(8), size_hint_y=None, height=dp(theme.TOUCH_DP))
        for value, words in ((True, Message("In the dungeon")), (False, Message("In the hand"))):
            choices.add_widget(
                toggle(self.app.tr(words), value == jailed, lambda v=value: self._jail(colour, v, jailed))
            )
        self.page(
            Message("{player}: the Black Knight", player=player),
            [self.body(Message("Where is the Black Knight card of {player}?", player=player)), choices],
            [(Message("Back"), self.overview, False)],
        )

    def _jail(self, colour: str, jailed: bool, was: bool) -> None:
        if jailed == was:
            self.overview()
            return
        self.write(Correct(f"{colour}.knight-in-dungeon", int(jailed), self.why()))

    def documents(self, colour: str, view: GluecksritterView) -> None:
        """A hand is secret: its holder sets it behind the cover; the check comes back after."""
        cover = HandCover(colour, view, REASON)
        cover.bind(on_dismiss=lambda *_: self.overview())
        cover.open_now()

    def write(self, command: Any) -> None:
        from companion.table.notices import Refused

        notice = self.table.submit(command)
        if isinstance(notice, Refused):
            self.say_refusal(notice.shown)
            return
        self.overview()

    def why(self) -> str:
        """The correction's reason, in the table's language (as a reason typed at the table)."""
        return self.app.tr(REASON)


def _head(text: str) -> Any:
    label = Factory.Body(text=text, halign="center", font_size=sp(theme.SMALL_SP - 2), bold=True)
    label.inked = True
    label.shorten = True
    return label


def _chip(view: GluecksritterView, colour: str) -> Any:
    """The player's colour with the name given (or the colour's word)."""
    from kivy.app import App
    from kivy.utils import escape_markup

    given = names(view).get(colour)
    text = given or App.get_running_app().tr(Cap(Word(colour)))
    return Chip(colour=colour, text=escape_markup(text), size_hint=(1, None), height=dp(theme.TOUCH_DP))
