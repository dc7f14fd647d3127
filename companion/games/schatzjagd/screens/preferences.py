"""Schatzjagd's own settings, the defaults of every new game's form: the optional rules (plunder
and Grandlin's catharsis off, the teleportal on, the treasure kinds hidden, as the book plays) and
the castle colour each of the teleportal's die values 2 to 5 stands for (the book's example: 2 red,
3 yellow, 4 blue, 5 green).

Stored in the app's settings file as plain JSON, the regions with the die values as keys::

    {"plunder": false, "catharsis": false, "teleportal": true, "show_treasure_kinds": false,
     "regions": {"2": "red", "3": "yellow", "4": "blue", "5": "green"}}
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.room import running_app
from companion.app.widgets import Chip, toggle
from companion.i18n import Cap, Join, Message, Text, Word
from engines.core.errors import CompanionError
from engines.schatzjagd.rules import COLOURS, DEFAULT_REGIONS

log = logging.getLogger(__name__)

RULES = ("plunder", "catharsis", "teleportal", "show_treasure_kinds")
DIE_VALUES = ("2", "3", "4", "5")
DEFAULTS: dict[str, Any] = {
    "plunder": False,
    "catharsis": False,
    "teleportal": True,
    "show_treasure_kinds": False,
    "regions": {str(value): colour for value, colour in DEFAULT_REGIONS.items()},
}
# Each optional rule's toggle, as it reads on (down) and off.
WORDS = {
    "plunder": (Message("Plunder: on"), Message("Plunder: off")),
    "catharsis": (Message("Grandlin's catharsis: on"), Message("Grandlin's catharsis: off")),
    "teleportal": (Message("Teleportal: on"), Message("Teleportal: off")),
    "show_treasure_kinds": (Message("Treasure kinds: open"), Message("Treasure kinds: hidden")),
}


# The same, as a running game's own choices read in a line ("This game: plunder off, ...").
CHOSEN = {
    "plunder": (Message("plunder on"), Message("plunder off")),
    "catharsis": (Message("Grandlin's catharsis on"), Message("Grandlin's catharsis off")),
    "teleportal": (Message("teleportal on"), Message("teleportal off")),
    "show_treasure_kinds": (Message("treasure kinds open"), Message("treasure kinds hidden")),
}


def this_game(view: Mapping[str, Any] | None) -> Text | None:
    """The running game's own optional rules and regions (as its setup chose them, whatever the
    switches say now), or None when no Schatzjagd game runs."""
    if not view or view.get("game") != "schatzjagd" or not isinstance(view.get("options"), Mapping):
        return None
    options = view["options"]
    chosen: list[Text] = [CHOSEN[key][0 if options.get(key) else 1] for key in RULES]
    regions = options.get("regions") or {}
    if options.get("teleportal") and regions:
        places = Join(*(Message("{die} {owner}", die=die, owner=Cap(Word(colour))) for die, colour in regions.items()))
        chosen[RULES.index("teleportal")] = Message("teleportal on ({regions})", regions=places)
    return Message("This game: {choices}.", choices=Join(*chosen, last=False))


def running_view() -> Mapping[str, Any] | None:
    """The running game's public view, if a game runs at the table."""
    table = getattr(running_app(), "table", None)
    if table is None:
        return None
    try:
        shown = table.public_view()
    except (CompanionError, sqlite3.Error) as error:  # a table that cannot be read now (closed, damaged)
        log.warning("the running game cannot be read for its settings: %s", error)
        return None  # no game to show
    return shown.get("view", shown)  # the game's own view inside the table's


def copy(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings with a regions table of their own (a change to it changes no other copy)."""
    return {key: dict(value) if isinstance(value, Mapping) else value for key, value in settings.items()}


def _good(key: str, value: Any) -> bool:
    if key in RULES:
        return isinstance(value, bool)
    return (
        isinstance(value, Mapping)
        and sorted(str(die) for die in value) == list(DIE_VALUES)
        and sorted(map(str, value.values())) == sorted(COLOURS)
        and all(isinstance(colour, str) for colour in value.values())
    )


def read(stored: Mapping[str, Any] | None, older: Mapping[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """The settings to use, and what could not be used (its default stands instead). Schatzjagd's
    settings were never kept at the top of the app's settings file: ``older`` has none of them."""
    settings = copy(DEFAULTS)
    problems: list[Any] = []
    for key, value in (stored if isinstance(stored, Mapping) else {}).items():
        if key not in DEFAULTS:
            continue
        if _good(key, value):
            settings[key] = {str(die): value[die] for die in sorted(value, key=int)} if key == "regions" else value
        else:
            problems.append(
                Message("Schatzjagd: the setting {name} could not be used; it is back to its default.", name=key)
            )
    return settings, problems


class RegionChip(ButtonBehavior, Chip):
    """A die value of the teleportal on the colour of the castle it stands for."""


class RulesAndRegions(GridLayout):
    """The optional rules, each a tap to switch on or off, and the teleportal's regions: a tap on a
    die value gives it the next castle colour, and the die value that had that colour takes the one
    it gave up (the four stay different)."""

    def __init__(self, settings: Mapping[str, Any], changed: Callable[[dict[str, Any]], None], **kwargs: Any) -> None:
        super().__init__(cols=1, spacing=dp(8), size_hint_y=None, height=0, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.settings = copy(settings)
        self.changed = changed
        self.rules = GridLayout(cols=2, spacing=dp(8), size_hint_y=None, height=0)
        self.rules.bind(minimum_height=self.rules.setter("height"))
        self.regions_title = Factory.Body()
        self.regions = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(10))
        self.refresh()

    def refresh(self) -> None:
        app = running_app()
        self.clear_widgets()
        self.rules.clear_widgets()
        for key in RULES:
            on = bool(self.settings[key])
            text = app.tr(WORDS[key][0 if on else 1])
            self.rules.add_widget(toggle(text, on, lambda k=key: self._set(k, not self.settings[k])))
        self.add_widget(self.rules)
        self.regions.clear_widgets()
        if not self.settings["teleportal"]:  # the regions matter only with the teleportal
            return
        self.regions_title.text = app.tr(Message("Teleportal: tap a die value to change its castle"))
        for die, colour in self.settings["regions"].items():
            chip = RegionChip(colour=colour, text=f"{die}: {app.tr(Cap(Word(colour)))}", size_hint=(1, None))
            chip.bind(on_release=lambda _chip, d=die: self._next_colour(d))
            self.regions.add_widget(chip)
        self.add_widget(self.regions_title)
        self.add_widget(self.regions)

    def _set(self, key: str, value: Any) -> None:
        self.settings[key] = value
        self.changed(copy(self.settings))
        self.refresh()

    def _next_colour(self, die: str) -> None:
        regions = dict(self.settings["regions"])
        old = regions[die]
        new = COLOURS[(COLOURS.index(old) + 1) % len(COLOURS)]
        holder = next(other for other, colour in regions.items() if colour == new)
        regions[holder], regions[die] = old, new
        self._set("regions", regions)


class NewGameDefaults(RulesAndRegions):
    """The settings screen's part: said to be for new games, and under the switches the running
    game's own choices, which the switches do not change."""

    def refresh(self) -> None:
        super().refresh()
        app = running_app()
        heading = Factory.Body(text=app.tr(Message("For new games; a game already running keeps its own choices.")))
        self.add_widget(heading, index=len(self.children))
        running = this_game(running_view())
        if running is not None:
            self.add_widget(Factory.Body(text=app.tr(running), bold=True))


def form(settings: dict[str, Any], store: Callable[[dict[str, Any]], None]) -> RulesAndRegions:
    """The settings screen's part for Schatzjagd: the defaults of every new game."""
    return NewGameDefaults(settings, store)
