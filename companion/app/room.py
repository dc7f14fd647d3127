"""A screen's room: what every screen of the app is built on, and all it may ask of the app.

- :class:`AppScreen`, the base of every screen (the shell's and every game's): it loads the
  ``.kv`` file beside its module the first time a screen of its class is made, and redraws with
  :meth:`AppScreen.refresh` whenever the game, the devices or the language change;
- :class:`ScreenApp`, the typed protocol of the app as a screen sees it: the table's public side
  (:class:`TableSide`), texts in the table's language, moving between screens, the settings;
- :func:`running_app`, the running app as a :class:`ScreenApp`.

A screen never reaches the game's session or its state: the table's public side is all there is
(the table promises never to hand out a secret). This module imports neither the shell nor any
screen, so that screens and the shell never import each other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, Union, cast

from kivy.app import App
from kivy.lang import Builder
from kivy.uix.screenmanager import Screen

if TYPE_CHECKING:  # no table is imported with a screen: only its types
    from companion.app.frame import Shell
    from companion.i18n import Message, Text
    from companion.journal.store import Journal
    from companion.results.history import History
    from companion.results.outcome import Outcome
    from companion.table.devices import HardwareStatus, ReaderFactory
    from companion.table.game import Rolled
    from companion.table.notices import Notice, Refused
    from companion.table.table import Awaited, Table


def load_beside(module_file: str) -> None:
    """The rules of the ``.kv`` file beside ``module_file``, loaded once, whatever the working
    directory."""
    path = str(Path(module_file).resolve().with_suffix(".kv"))
    if path not in Builder.files:
        Builder.load_file(path)


class AppScreen(Screen):  # type: ignore[misc]  # Kivy has no type information: Screen is Any
    """A screen of the app. A subclass whose module has a ``.kv`` file beside it gets its rules
    loaded when its first screen is made (``kv_file`` names it), not when its module is
    imported; :meth:`refresh` redraws what depends on the game or the language."""

    screen_name: str = ""
    """The screen's name, by which the app shows it (``app.goto(name)``)."""
    kv_file: str | None = None
    """``__file__`` of the module whose ``.kv`` holds this screen's rules."""

    def __init__(self, **kwargs: Any) -> None:
        if self.kv_file is not None:
            load_beside(self.kv_file)
        kwargs.setdefault("name", self.screen_name)
        super().__init__(**kwargs)

    def refresh(self) -> None:
        pass

    def on_enter(self, *args: Any) -> None:
        self.refresh()


class TableSide(Protocol):
    """The table's public side (:class:`companion.table.Table`): what a screen may read and send,
    and what the shell, which opened the table, asks of it besides (notices, the panel's keys, the
    die's source, closing it). Everything it returns is public; a player's private view is asked
    for behind the privacy cover only."""

    # reading
    def public_view(self) -> dict[str, Any]: ...

    def private_view(self, player: str) -> dict[str, Any]: ...

    def log(self) -> list[dict[str, Any]]: ...

    def awaiting(self) -> Awaited: ...

    def status(self) -> HardwareStatus: ...

    def uses_panel(self) -> bool: ...

    def picks_on_screen(self, on: bool) -> bool: ...

    def kept(self) -> Rolled | None: ...

    # screen input
    def submit(self, command: Any) -> Notice: ...

    def submit_all(self, commands: list[Any]) -> Notice: ...

    def trial(self, command: Any) -> Refused | None: ...

    def alternatives(self, command: Any) -> list[Any]: ...

    def cancel_roll(self) -> bool: ...

    def hold_step(self, step: dict[str, Any] | None) -> None: ...

    def resumed_step(self) -> dict[str, Any] | None: ...

    def preview(self, kind: Literal["undo", "redo"]) -> tuple[Any, ...] | None: ...

    def undo(self) -> Notice: ...

    def redo(self) -> Notice: ...

    def roll_on_screen(self) -> Notice: ...

    def type_roll(self, text: str) -> Notice: ...

    # the shell's
    def listen(self, listener: Callable[[Notice], Any]) -> None: ...

    def use_dice(self, dice: ReaderFactory | None) -> None: ...

    def keys(self) -> dict[int, tuple[str, ...]] | None: ...

    def key_down(self, name: str) -> bool: ...

    def key_up(self, name: str) -> bool: ...

    def close(self) -> None: ...


Told = Union["Text", Sequence["Text"]]
"""What the bottom line is told: one text, or several in order."""


class ScreenApp(Protocol):
    """The app as its screens see it."""

    language: str
    table: TableSide | None
    """The running game's table; None while no game runs."""
    happened: list[Text]
    """What the last step did, as texts, newest first."""
    private_player: str | None
    """The player behind an open privacy cover: refusals for that player are shown to them only."""

    @property
    def game_name(self) -> str | None: ...

    def say(self, msgid: str, *depends: object) -> str: ...

    def tr(self, text: Text) -> str: ...

    def goto(self, name: str, *, remember: bool = True) -> None: ...

    def game_screen(self) -> str: ...

    def tell(self, text: Told, refusal: bool = False) -> None: ...

    def refresh(self) -> None: ...

    def listen(self, listener: Callable[[Notice], None]) -> None: ...

    def command_words(self, command: str) -> Text: ...

    def happenings(
        self,
        events: Iterable[Mapping[str, Any]],
        after: Mapping[str, Any] | None = None,
        people: Mapping[str, str | None] | None = None,
    ) -> list[Text]: ...

    def die_source(self) -> str: ...

    @property
    def has_emulated_die(self) -> bool: ...

    def throw_die(self, die: str) -> None: ...

    def set_die_source(self, source: str) -> None: ...

    def set_journal_aside(self) -> None: ...

    def game_settings(self, game: str | None = None) -> dict[str, Any]: ...

    def store_game_settings(self, game: str, settings: dict[str, Any]) -> None: ...

    journal: Journal | None
    """The open journal (None: it could not be opened), for the files dialogs to write into."""
    data_dir: Path
    read_only: str | None
    """Why the data folder cannot be written (None: it can)."""

    def screen(self, name: str) -> AppScreen: ...

    def outcome(self, game_id: int) -> tuple[Outcome, None] | tuple[None, Message]: ...

    def push_link(self, game_id: int) -> tuple[str, None] | tuple[None, Message]: ...

    def finished_games(self) -> History: ...

    def running_is_over(self) -> bool: ...

    root: Shell
    """The app's root widget: the frame around the screens (:mod:`companion.app.frame`)."""


def running_app() -> ScreenApp:
    return cast(ScreenApp, App.get_running_app())


if TYPE_CHECKING:

    def _table_is_its_side(table: Table) -> TableSide:
        """The table gives everything its public side promises (for mypy; never called)."""
        return table
