"""Raubritter's new-game form, hosted by the shell's new-game screen: the colours in seating order
with optional names (as every game seats its players), a birthday for each player set by touch in
the date picker, and who begins as soon as every birthday is set: the oldest, and of players born
on the same day the one seated first. The last game's players fill the form in when the game's
settings remember them (:mod:`.preferences`); the form stores them when a game starts."""

from __future__ import annotations

import datetime
from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.contract import FormProblem
from companion.app.pieces.choices import ChoiceList
from companion.app.pieces.date import DateDialog, date_words
from companion.app.pieces.seating import Seating
from companion.app.room import running_app
from companion.games.raubritter.screens.preferences import GAME, copy, remembered, table_of
from companion.games.raubritter.screens.setup import PLAYERS, beginner, setup
from companion.i18n import Join, Message, Person
from engines.raubritter.rules import COLOURS

BIRTHDAY_DP = 250  # wide enough for "30. September 1999" at 800×480


class BirthdaySeating(Seating):
    """The seating, each seated colour's row with its name and a button for its birthday (the
    date, or a call to set it); tells the form after every change. Laid out for 800×480: the hint
    beside the colours, who begins below them, then the players' rows."""

    def __init__(self, form: NewGameForm, **kwargs: Any) -> None:
        self.form = form
        self.birthday_buttons: dict[str, Any] = {}
        super().__init__(COLOURS, PLAYERS, **kwargs)
        self.clear_widgets()
        top = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(10))
        self.hint.size_hint_y = 1  # level with the colours
        self.chips.size_hint_x = None
        self.chips.width = len(COLOURS) * dp(theme.TOUCH_DP) + (len(COLOURS) - 1) * self.chips.spacing
        top.add_widget(self.hint)
        top.add_widget(self.chips)
        self.beginner = Factory.Body(bold=True)
        self.name_rows.spacing = dp(6)
        for widget in (top, self.beginner, self.name_rows):
            self.add_widget(widget)

    def refresh(self) -> None:
        super().refresh()
        app = running_app()
        pairs = list(reversed(self.name_rows.children))  # the chip and the name of each seat, in order
        self.name_rows.clear_widgets()
        self.name_rows.cols = 3
        self.birthday_buttons = {}
        for colour, chip, field in zip(self.seated, pairs[::2], pairs[1::2], strict=True):
            born = self.form.birthdays.get(colour)
            if born is None:
                button = Factory.Big(text=app.tr(Message("Birthday?")))
            else:
                button = Factory.Quiet(text=app.tr(date_words(born)))
            button.size_hint_x, button.width, button.height = None, dp(BIRTHDAY_DP), dp(theme.TOUCH_DP)
            button.bind(on_release=lambda *_, c=colour: self.form.ask_birthday(c))
            self.birthday_buttons[colour] = button
            field.bind(text=lambda *_: self.form.seats_changed())  # who begins, by the name typed
            for widget in (chip, field, button):
                self.name_rows.add_widget(widget)
        self.form.seats_changed()

    def _tap(self, chip: Any, touch: Any, colour: str) -> bool:
        seated_before = colour in self.seated
        taken = super()._tap(chip, touch, colour)
        if taken and not seated_before and colour in self.seated:
            self.form.show(self.birthday_buttons[colour])  # a fourth row may lie below the edge
        return taken


class NewGameForm(ChoiceList):
    ready = BooleanProperty(False)
    """2 to 4 players sit, and each has a birthday."""

    def __init__(self, settings: dict[str, Any], *, today: datetime.date | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.today = today  # None: the date picker asks the clock
        self.birthdays: dict[str, datetime.date] = {}
        self.applied: list[Any] = []  # the remembered players last filled in
        self.told: Any = None  # the problem the form last told the table, while it stands
        self.seating = BirthdaySeating(self)
        self.beginner = self.seating.beginner
        content = GridLayout(cols=1, size_hint_y=None, height=0, padding=(0, 0, dp(14), 0))  # clear of the scroll bar
        content.bind(minimum_height=content.setter("height"))
        content.add_widget(self.seating)
        self.fill([content])
        self.fill_in(settings)

    # ----------------------------------------------------------------------------- the players
    def fill_in(self, settings: dict[str, Any]) -> None:
        """The remembered players (none when the settings remember none), as seated, named and born."""
        seated, names, birthdays = table_of(settings)
        self.seating.seated, self.seating.names, self.birthdays = seated, names, birthdays
        self.applied = copy(settings)["players"]

    def ask_birthday(self, colour: str) -> None:
        """The date picker for ``colour``'s birthday, on a sheet of its own."""
        who = Person(colour, self.seating.given_names().get(colour))
        title = Message("Birthday of {player}", player=who)
        DateDialog(title, self.birthdays.get(colour), lambda day: self.born(colour, day), today=self.today).open_now()

    def show(self, widget: Any) -> None:
        """``widget`` scrolled into view once the rows are laid out (only a list longer than its
        view scrolls: Kivy's scroll_to would move a shorter one out of its view)."""

        def scroll(_dt: float) -> None:
            if self.box.height > self.scroll.height and widget.parent is not None:
                self.scroll.scroll_to(widget, padding=dp(10), animate=False)

        Clock.schedule_once(scroll, 0)

    def born(self, colour: str, day: datetime.date) -> None:
        if colour in self.seating.seated:
            self.birthdays[colour] = day
            self.seating.refresh()

    # ----------------------------------------------------------------------------- showing
    def refresh(self) -> None:
        settings = running_app().game_settings(GAME)
        if settings["players"] != self.applied:  # stored since (a game began, or the settings forgot them)
            self.fill_in(settings)
        self.seating.refresh()  # and with it who begins and whether the form is ready

    def seats_changed(self) -> None:
        app = running_app()
        seated = self.seating.seated
        self.ready = PLAYERS[0] <= len(seated) <= PLAYERS[1] and all(c in self.birthdays for c in seated)
        self.beginner.text = app.tr(self.who_begins())
        if self.told is not None and self._problem() != self.told:  # what the table was told is done
            self.told = None
            app.tell("")

    def who_begins(self) -> Any:
        """Who begins, as the form says it: the oldest (of equal birthdays the one seated first)."""
        found = beginner(self.seating.seated, self.birthdays)
        if found is None:
            return Message("The oldest begins: set each player's birthday.")
        first, same_day = found
        names = self.seating.given_names()
        if not same_day:
            return Message("{player} begins: the oldest.", player=Person(first, names.get(first)))
        return Message(
            "{player} begins: the oldest, born on the same day as {others}, and first in seating order.",
            player=Person(first, names.get(first)),
            others=Join(*(Person(colour, names.get(colour)) for colour in same_day)),
        )

    # ----------------------------------------------------------------------------- the setup
    def _problem(self) -> Any:
        """What the setup still lacks, in the table's words (None: nothing)."""
        low, high = PLAYERS
        seated = self.seating.seated
        if not low <= len(seated) <= high:
            return Message("Tap the colours in seating order ({low} to {high} players).", low=low, high=high)
        names = self.seating.given_names()
        unborn = [Person(colour, names.get(colour)) for colour in seated if colour not in self.birthdays]
        if unborn:
            return Message("Set the birthday of {players}: the oldest begins.", players=Join(*unborn))
        return None

    def setup(self) -> Any:
        """The engine's setup; FormProblem while fewer or more than the rules allow sit, or a
        birthday is missing (the table is told; the word goes once the form changes past it)."""
        problem = self._problem()
        if problem is not None:
            self.told = problem
            raise FormProblem(problem)
        return setup(self.seating.seated, self.seating.given_names(), self.birthdays)

    def reset(self) -> None:
        """After a game began: its players are remembered (unless the settings say not to), and the
        form starts again from what the settings remember now."""
        app = running_app()
        settings = app.game_settings(GAME)
        if settings["remember"]:
            seated = self.seating.seated
            settings = {**settings, "players": remembered(seated, self.seating.given_names(), self.birthdays)}
            app.store_game_settings(GAME, settings)
        self.fill_in(settings)
        self.refresh()
