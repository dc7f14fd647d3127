"""Raubritter's own settings: the last table's players (colour in seating order, the name given,
the birthday), so that the next new game starts with them filled in, and whether to remember them
at all. The new-game form stores them when a game starts (:meth:`.form.NewGameForm.reset`); the
settings screen's part switches remembering on and off (off forgets at once) and forgets the
players on a tap.

Stored in the app's settings file as plain JSON, a player without a name with ``null``, birthdays
as ISO dates::

    {"remember": true,
     "players": [{"colour": "red", "name": "Anna", "birthday": "1987-03-14"},
                 {"colour": "blue", "name": null, "birthday": "1990-05-02"}]}
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.pieces.date import EARLIEST, date_words
from companion.app.pieces.seating import NAME_LIMIT
from companion.app.room import running_app
from companion.app.widgets import Chip, toggle
from companion.games.raubritter.screens.setup import PLAYERS
from companion.i18n import Message, Person, Plural
from engines.raubritter.rules import COLOURS

GAME = "raubritter"
DEFAULTS: dict[str, Any] = {"remember": True, "players": []}

Table = tuple[list[str], dict[str, str], dict[str, datetime.date]]
"""The players as the form holds them: colours in seating order, names given, birthdays."""


def copy(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The settings with a players list of their own (a change to it changes no other copy)."""
    return {**settings, "players": [dict(player) for player in settings.get("players", ())]}


def _player(entry: Any, taken: set[str], today: datetime.date) -> dict[str, Any] | None:
    """A remembered player as stored, or None when it cannot be used."""
    if not isinstance(entry, Mapping):
        return None
    colour, name, birthday = entry.get("colour"), entry.get("name"), entry.get("birthday")
    if colour not in COLOURS or colour in taken:
        return None
    if name is not None and not (isinstance(name, str) and len(name) <= NAME_LIMIT):
        return None
    try:
        born = datetime.date.fromisoformat(birthday) if isinstance(birthday, str) else None
    except ValueError:
        born = None
    if born is None or not EARLIEST <= born <= today:
        return None
    name = " ".join(name.split()) if name else None
    return {"colour": colour, "name": name or None, "birthday": born.isoformat()}


def read(
    stored: Mapping[str, Any] | None, older: Mapping[str, Any], today: datetime.date | None = None
) -> tuple[dict[str, Any], list[Any]]:
    """The settings to use, and what could not be used (said in words; its default stands
    instead, or the player is left out). Raubritter's settings were never kept at the top of the
    app's settings file: ``older`` has none of them. Players are not kept while ``remember`` is
    off."""
    today = today or datetime.date.today()
    settings = copy(DEFAULTS)
    problems: list[Any] = []
    stored = stored if isinstance(stored, Mapping) else {}
    remember = stored.get("remember", DEFAULTS["remember"])
    if isinstance(remember, bool):
        settings["remember"] = remember
    else:
        problems.append(_unusable("remember"))
    players = stored.get("players", [])
    if not isinstance(players, list):
        problems.append(_unusable("players"))
        players = []
    taken: set[str] = set()
    left_out = 0
    for entry in players:
        player = _player(entry, taken, today) if len(taken) < PLAYERS[1] else None
        if player is None:
            left_out += 1
            continue
        taken.add(player["colour"])
        settings["players"].append(player)
    if left_out:
        problems.append(
            Plural(
                "Raubritter: {n} remembered player could not be used and is left out.",
                "Raubritter: {n} remembered players could not be used and are left out.",
                left_out,
            )
        )
    if not settings["remember"]:
        settings["players"] = []
    return settings, problems


def _unusable(name: str) -> Message:
    return Message("Raubritter: the setting {name} could not be used; it is back to its default.", name=name)


def table_of(settings: Mapping[str, Any]) -> Table:
    """The remembered players as the form holds them (settings as :func:`read` gives them)."""
    players = settings.get("players", ())
    seated = [player["colour"] for player in players]
    names = {player["colour"]: player["name"] for player in players if player.get("name")}
    birthdays = {player["colour"]: datetime.date.fromisoformat(player["birthday"]) for player in players}
    return seated, names, birthdays


def remembered(seated: Sequence[str], names: Mapping[str, str], birthdays: Mapping[str, datetime.date]) -> list[Any]:
    """The players to store, as the settings file holds them: the seated ones with a birthday."""
    return [
        {"colour": colour, "name": names.get(colour) or None, "birthday": birthdays[colour].isoformat()}
        for colour in seated
        if colour in birthdays
    ]


class RememberedPlayers(GridLayout):
    """Remembering on or off (a tap switches; off forgets the players at once), the players
    remembered, each with the birthday, and a button that forgets them."""

    def __init__(self, settings: Mapping[str, Any], store: Callable[[dict[str, Any]], None], **kwargs: Any):
        super().__init__(cols=1, spacing=dp(8), size_hint_y=None, height=0, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.settings = copy(settings)
        self.store = store
        self.refresh()

    def refresh(self) -> None:
        app = running_app()
        self.settings = copy(app.game_settings(GAME))  # as stored now: a game started since stored its players
        self.clear_widgets()
        on = bool(self.settings["remember"])
        words = Message("Remember the players: on") if on else Message("Remember the players: off")
        self.add_widget(toggle(app.tr(words), on, lambda: self._remember(not self.settings["remember"])))
        about = (
            Message("Each new game starts with the last game's players, names and birthdays.")
            if on
            else Message("Each new game starts with nobody seated; no names or birthdays are kept.")
        )
        self.add_widget(Factory.Body(text=app.tr(about)))
        if not on:
            return
        players = self.settings["players"]
        if not players:
            self.add_widget(Factory.Body(text=app.tr(Message("No players remembered yet."))))
        for seat, player in enumerate(players, start=1):
            row = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(10))
            row.add_widget(Chip(colour=player["colour"], text=str(seat)))
            born = date_words(datetime.date.fromisoformat(player["birthday"]))
            who = Person(player["colour"], player["name"])
            line = Factory.Body(text=app.tr(Message("{player}, born {date}", player=who, date=born)))
            line.size_hint_y = 1  # level with the chip
            row.add_widget(line)
            self.add_widget(row)
        forget = Factory.Quiet(text=app.tr(Message("Forget the players")), disabled=not players)
        forget.bind(on_release=lambda *_: self._forget())
        self.add_widget(forget)

    def _remember(self, on: bool) -> None:
        self.settings = {"remember": on, "players": self.settings["players"] if on else []}
        self._changed()

    def _forget(self) -> None:
        self.settings = {**self.settings, "players": []}
        self._changed()

    def _changed(self) -> None:
        self.store(copy(self.settings))
        self.refresh()


def form(settings: dict[str, Any], store: Callable[[dict[str, Any]], None]) -> Any:
    """The settings screen's part for Raubritter: remembering the players, and forgetting them."""
    return RememberedPlayers(settings, store)
