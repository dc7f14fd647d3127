"""Schatzjagd's new-game form, hosted by the shell's new-game screen: the castle colours in seating
order with optional names, who won the starting roll, the victory agreed (the book's guide, or a
count of treasures set by touch) and this game's optional rules and teleportal regions (from the
game's own settings, changeable for this game alone)."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.contract import FormProblem
from companion.app.pieces.choices import ChoiceList
from companion.app.pieces.seating import Seating
from companion.app.pieces.stepper import Stepper
from companion.app.room import running_app
from companion.app.widgets import toggle
from companion.games.schatzjagd.screens.preferences import RulesAndRegions, copy
from companion.games.schatzjagd.screens.setup import COUNTS, PLAYERS, guide, setup
from companion.i18n import Cap, Message, Word
from engines.schatzjagd.rules import COLOURS, Victory

GUIDE = "guide"
# Each victory's toggle, and the label of its count.
VICTORIES = {
    "treasures": (Message("Any treasures"), Message("Treasures of any kind")),
    "same_kind": (Message("All of one kind"), Message("Treasures of one kind")),
    "different_kinds": (Message("Different kinds"), Message("Different kinds, one each")),
}


class PrinceSeating(Seating):
    """The seating, telling the form after every change (who starts and the guide follow it)."""

    def __init__(self, changed: Any, **kwargs: Any) -> None:
        self.changed = changed
        super().__init__(COLOURS, PLAYERS, **kwargs)

    def refresh(self) -> None:
        super().refresh()
        self.changed()


class NewGameForm(ChoiceList):
    ready = BooleanProperty(False)

    def __init__(self, settings: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.chosen_first: str | None = None  # None: the first seated
        self.victory = GUIDE
        self.count = 0
        self.seating = PrinceSeating(self._seats_changed)
        self.seating.bind(ready=lambda *_: setattr(self, "ready", self.seating.ready))
        self.first_part = _column()  # shown once somebody sits
        self.first_title = Factory.Body(bold=True)
        self.first_row = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(8))
        self.victory_title = Factory.Body(bold=True)
        self.victories = GridLayout(cols=2, spacing=dp(8), size_hint_y=None, height=0)
        self.victories.bind(minimum_height=self.victories.setter("height"))
        self.count_row = BoxLayout(size_hint_y=None, height=0)
        self.kit_title = Factory.Body(bold=True)
        self.kit = RulesAndRegions(settings, lambda _settings: None)
        content = _column(padding=(0, 0, dp(14), 0))  # clear of the scroll bar
        for widget in (
            self.seating,
            self.first_part,
            self.victory_title,
            self.victories,
            self.count_row,
            self.kit_title,
            self.kit,
        ):
            content.add_widget(widget)
        self.fill([content])

    # ----------------------------------------------------------------------------- showing
    def refresh(self) -> None:
        app = running_app()
        self.first_title.text = app.tr(Message("Who won the starting roll?"))
        self.victory_title.text = app.tr(Message("Victory condition"))
        self.kit_title.text = app.tr(Message("For this game"))
        self.seating.refresh()  # and with it who starts and the victory
        self.kit.refresh()
        self.ready = self.seating.ready

    def _seats_changed(self) -> None:
        app = running_app()
        seated = self.seating.seated
        if self.chosen_first not in seated:
            self.chosen_first = None
        self.first_part.clear_widgets()
        if seated:
            self.first_part.add_widget(self.first_title)
            self.first_part.add_widget(self.first_row)
        self.first_row.clear_widgets()
        for colour in seated:
            chosen = colour == self.first
            self.first_row.add_widget(toggle(app.tr(Cap(Word(colour))), chosen, lambda c=colour: self._first(c)))
        self._show_victory()

    def _show_victory(self) -> None:
        app = running_app()
        self.victories.clear_widgets()
        players = len(self.seating.seated)
        if PLAYERS[0] <= players <= PLAYERS[1]:
            label = Message("Guide: {n} treasures ({players} players)", n=guide(players), players=players)
        else:
            label = Message("Guide: 12 treasures ÷ players")
        self.victories.add_widget(toggle(app.tr(label), self.victory == GUIDE, lambda: self._victory(GUIDE)))
        for kind, (name, _count) in VICTORIES.items():
            self.victories.add_widget(toggle(app.tr(name), self.victory == kind, lambda k=kind: self._victory(k)))
        self.count_row.clear_widgets()
        self.count_row.height = 0
        if self.victory != GUIDE:
            low, high = COUNTS[self.victory]
            stepper = Stepper(app.tr(VICTORIES[self.victory][1]), low=low, high=high, value=self.count)
            stepper.bind(value=lambda _stepper, value: setattr(self, "count", int(value)))
            self.count_row.add_widget(stepper)
            self.count_row.height = stepper.height

    @property
    def first(self) -> str | None:
        """Who won the starting roll: the one chosen, else the first seated (None: nobody sits)."""
        seated = self.seating.seated
        return self.chosen_first if self.chosen_first in seated else (seated[0] if seated else None)

    def _first(self, colour: str) -> None:
        self.chosen_first = colour
        self._seats_changed()

    def _victory(self, kind: str) -> None:
        if kind != GUIDE and kind != self.victory:
            low, high = COUNTS[kind]
            start = guide(max(PLAYERS[0], len(self.seating.seated))) if self.victory == GUIDE else self.count
            self.count = max(low, min(high, start))
        self.victory = kind
        self._show_victory()

    # ----------------------------------------------------------------------------- the setup
    def agreed(self) -> Victory | None:
        """The victory chosen; None for the book's guide."""
        return None if self.victory == GUIDE else Victory.model_validate({self.victory: self.count})

    def setup(self) -> Any:
        """The engine's setup; FormProblem while fewer or more princes than the rules allow sit."""
        low, high = PLAYERS
        if not low <= len(self.seating.seated) <= high:
            raise FormProblem(
                Message("Tap the colours in seating order ({low} to {high} players).", low=low, high=high)
            )
        seated = tuple(self.seating.seated)
        return setup(seated, self.seating.given_names(), self.first, self.agreed(), self.kit.settings)

    def reset(self) -> None:
        """After a game began: nobody seated, the book's guide, the game's settings as stored now."""
        self.seating.reset()
        self.chosen_first, self.victory, self.count = None, GUIDE, 0
        self.kit.settings = copy(running_app().game_settings("schatzjagd"))
        self.refresh()


def _column(**kwargs: Any) -> GridLayout:
    """Widgets one below the other, as tall as they are together."""
    column = GridLayout(cols=1, spacing=dp(6), size_hint_y=None, height=0, **kwargs)
    column.bind(minimum_height=column.setter("height"))
    return column
