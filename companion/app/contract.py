"""What a game brings to the app: the typed contract of a game's ``screens`` part.

The shell names no game. A game's home (``companion/games/<game>/``) has a ``screens`` part whose
module holds ``SCREENS``, a :class:`GameScreens`; the shell loads it through :func:`screens_of`
(which checks it) when the game's table opens, its new-game form is shown or its settings are
asked for, and never before: a start with three games registered builds none of their screens.

Everything here is plain Python: importing it costs nothing and opens no window.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.i18n import Text
from engines.core.errors import CompanionError

if TYPE_CHECKING:  # a screen's class, named only: nothing here imports Kivy
    from companion.app.room import AppScreen

Shot = Callable[[str], None]
Topic = tuple[Text, list[Text]]
"""A help topic: its title and its paragraphs."""
Topics = list[Topic]


def opening_at(parts: Sequence[tuple[str, Topic]], first: str) -> Topics:
    """A game's help topics, given as ``(key, (title, paragraphs))`` in reading order, as the help
    shows them: the one of ``first`` (what the table is doing now) at the top, then the rest."""
    ordered = [key for key, _ in parts]
    if first in ordered:
        ordered.remove(first)
        ordered.insert(0, first)
    found = dict(parts)
    return [found[key] for key in ordered]


class FormProblem(CompanionError, ValueError):
    """What a new-game form still lacks or cannot take, in the table's words (``text``)."""

    def __init__(self, text: Text) -> None:
        super().__init__(str(getattr(text, "msgid", text)))
        self.text = text


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """A saved or running game in a line of the saves screen: the rule set, how far it got, and
    the players in seating order as ``(colour, name or None)``."""

    rules: Text
    progress: Text
    players: tuple[tuple[str, str | None], ...]


def seated(config: Mapping[str, Any]) -> tuple[tuple[str, str | None], ...]:
    """The players of a setup stored as a list of ``{"colour": .., "name": ..}`` in seating order,
    as a :class:`SaveSummary` lists them."""
    return tuple((p.get("colour", ""), p.get("name")) for p in config.get("players", ()))


@dataclass(frozen=True, slots=True)
class GameSettings:
    """A game's own settings, stored per game in the app's settings file and shown only for it.

    ``read(stored, old)`` gives the settings to use from what the file holds for the game (None:
    nothing yet) and the file's top-level keys of older versions (a game adopts its own), and the
    problems found, as texts for the table (a value that cannot be used is replaced by its
    default). ``form(settings, store)`` makes the settings screen's part for the game; it calls
    ``store(settings)`` with every change."""

    read: Callable[[Mapping[str, Any] | None, Mapping[str, Any]], tuple[dict[str, Any], list[Text]]]
    form: Callable[[dict[str, Any], Callable[[dict[str, Any]], None]], Any] | None = None


@dataclass(frozen=True, slots=True)
class GameScreens:
    """A game's screens and what the shell hosts for it."""

    first: str
    """The screen a running game opens on."""

    screens: Callable[[], Sequence[type[AppScreen]]]
    """The game's screen classes (:class:`companion.app.room.AppScreen`), imported when the game's
    table first opens."""

    commands: Mapping[str, Text]
    """Each command type's name in the game log."""

    new_game: Callable[[dict[str, Any]], Any]
    """``new_game(settings)`` makes the game's own new-game form, a widget with a ``ready``
    property (everything the setup needs is chosen) and ``setup()``, which gives the engine's
    setup or raises :class:`FormProblem`. The shell's new-game screen hosts it."""

    settings: GameSettings

    summary: Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], SaveSummary]
    """``summary(config, events)``: a saved or running game from its setup (as stored) and its
    events in order, without replaying them (a list of saves must come at once)."""

    showcase: Callable[[], Callable[[Any, Shot], None]]
    """The scripted states for ``companion screenshots``: a function of the driver and ``shot``."""

    help: Callable[[Mapping[str, Any]], Topics] | None = None
    """The game in short for the help dialog, from the public view: ``(title, paragraphs)``."""

    bar: Sequence[tuple[Text, str]] = field(default=())
    """The game's own buttons in the bottom bar, ``(text, screen method)``: a tap calls that
    method of the screen shown."""


def imported(path: str) -> Callable[[], Any]:
    """``"package.module:name"`` as a function that imports the module when called and gives its
    ``name``: a game's part is named where ``SCREENS`` is made and imported only when asked for."""
    module, _, name = path.partition(":")

    def get() -> Any:
        return getattr(importlib.import_module(module), name)

    get.__qualname__ = get.__name__ = f"imported({path})"
    return get


def deferred(path: str) -> Callable[..., Any]:
    """``"package.module:name"`` as a function that imports the module when called and calls its
    ``name`` with the arguments given."""
    found = imported(path)

    def call(*args: Any, **kwargs: Any) -> Any:
        return found()(*args, **kwargs)

    call.__qualname__ = call.__name__ = f"deferred({path})"
    return call


def game_screens(
    home: str,
    *,
    first: str,
    screens: Sequence[str],
    commands: Mapping[str, Text],
    summary: Callable[[Mapping[str, Any], Sequence[Mapping[str, Any]]], SaveSummary],
    bar: Sequence[tuple[Text, str]] = (),
) -> GameScreens:
    """The :class:`GameScreens` of the game whose home is the package ``home``, every part found
    where each game keeps it and imported only when the shell asks for it: ``screens`` as
    ``"module:Class"`` inside ``home.screens``; the new-game form ``screens.form.NewGameForm``; the
    settings ``screens.preferences.read`` and ``.form``; the help ``help.topics``; the scripted
    screenshots ``screens.showcase.play``."""
    paths = [f"{home}.screens.{screen}" for screen in screens]
    return GameScreens(
        first=first,
        screens=lambda: tuple(imported(path)() for path in paths),
        commands=commands,
        new_game=deferred(f"{home}.screens.form:NewGameForm"),
        settings=GameSettings(
            read=deferred(f"{home}.screens.preferences:read"), form=deferred(f"{home}.screens.preferences:form")
        ),
        summary=summary,
        showcase=imported(f"{home}.screens.showcase:play"),
        help=deferred(f"{home}.help:topics"),
        bar=bar,
    )


class ContractError(CompanionError, LookupError):
    """A game's ``screens`` part that does not give the app what it needs."""


_CALLABLE = ("screens", "new_game", "summary", "showcase")


def check(game: str, screens: Any) -> GameScreens:
    """``screens`` as a :class:`GameScreens`, or ContractError naming what is wrong."""
    if not isinstance(screens, GameScreens):
        raise ContractError(f"{game}: its screens part holds no SCREENS of type GameScreens")
    problems = [name for name in _CALLABLE if not callable(getattr(screens, name))]
    if not (isinstance(screens.first, str) and screens.first):
        problems.append("first")
    if not isinstance(screens.commands, Mapping):
        problems.append("commands")
    if not (isinstance(screens.settings, GameSettings) and callable(screens.settings.read)):
        problems.append("settings")
    if screens.help is not None and not callable(screens.help):
        problems.append("help")
    if problems:
        raise ContractError(f"{game}: its screens part cannot be used ({', '.join(problems)})")
    return screens


_LOADED: dict[str, GameScreens | None] = {}
_LOADED_AT = -1  # the registry's generation the parts in _LOADED were loaded at


def screens_of(game: str) -> GameScreens | None:
    """The game's checked screens part, None for a game without one (or no game of this
    companion); imported once, when first asked for."""
    global _LOADED_AT
    from companion.games import registry

    if _LOADED_AT != registry.GENERATION:  # the games served changed: each part is loaded again
        _LOADED.clear()
        _LOADED_AT = registry.GENERATION
    if game not in _LOADED:
        home = registry.HOMES.get(game)
        if home is None or home.screens is None:
            _LOADED[game] = None
        else:
            _LOADED[game] = check(game, getattr(importlib.import_module(home.screens), "SCREENS", None))
    return _LOADED[game]


def playable() -> list[tuple[str, str]]:
    """``(name, title)`` of every game the touch screen can play, in the registry's order."""
    from companion.games.registry import HOMES

    return [(home.name, home.title) for home in HOMES.values() if home.screens is not None]


def title_of(game: str) -> str:
    from companion.games.registry import HOMES

    home = HOMES.get(game)
    return home.title if home is not None else game
