"""Saved games: the running game first (marked), then every save, newest first, each with its
game, rule set, how far it got, the players in seating order with their colours, and when it was
saved. A tap on a save continues it (after asking what becomes of a game still running); "Save the
game" saves the running one; "Delete all saves" needs a second tap."""

from __future__ import annotations

import datetime
import logging
import sqlite3
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.app import theme
from companion.app.contract import SaveSummary, screens_of, title_of
from companion.app.pieces.choices import ChoiceList  # noqa: F401 - the list in saves.kv
from companion.app.room import AppScreen, running_app
from companion.app.widgets import Chip
from companion.i18n import Cap, Join, Message, Plural, Word
from engines.core.errors import CompanionError

log = logging.getLogger(__name__)

SHOWN = 30  # saves listed at most; the journal keeps every one


class SavesScreen(AppScreen):
    screen_name = "saves"
    kv_file = __file__
    confirming = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._summaries: dict[int, tuple[str, SaveSummary | None]] = {}  # saves never change
        self._journal: Any = None  # the journal the summaries were read from

    def refresh(self) -> None:
        from companion.journal.saves import list_saves

        app: Any = running_app()
        rows = list_saves(app.journal)[:SHOWN] if app.journal is not None else []
        lines: list[Any] = []
        if app.table is not None:
            lines.append(SaveLine(app.game_name, app.running_summary(), Message("being played now"), running=True))
        for row in rows:
            game, summary = self.summary(row.id)
            when = _when(row.saved)
            label = when if row.name == _stamp(row.saved) else Message("{name}, {when}", name=row.name, when=when)
            line = SaveLine(game, summary, label)
            line.bind(on_release=lambda *_, save_id=row.id: self.load(save_id))
            lines.append(line)
        if not rows:
            lines.append(Factory.Body(text=app.tr(Message("No saved games yet."))))
        self.ids.list.fill(lines)
        self.ids.save.disabled = app.table is None or bool(app.read_only)
        self.ids.delete.disabled = not rows or bool(app.read_only)
        self.ids.delete.text = app.tr(
            Plural("Really delete {n} save?", "Really delete all {n} saves?", len(rows))
            if self.confirming
            else Message("Delete all saves")
        )

    def summary(self, save_id: int) -> tuple[str, SaveSummary | None]:
        """A save's game and summary, read once per journal (from its setup and events: nothing
        replayed; a journal set aside for a new one numbers its saves afresh)."""
        app: Any = running_app()
        if self._journal is not app.journal:
            self._summaries, self._journal = {}, app.journal
        if save_id not in self._summaries:
            _name, document = app.journal.save_document(save_id)
            game = document.get("game", "") if isinstance(document, dict) else ""
            summary = None
            try:
                contract = screens_of(game)
                if contract is not None:
                    events = [e for entry in document.get("entries", ()) for e in entry.get("events", ())]
                    summary = contract.summary(document.get("config") or {}, events)
            except Exception as error:  # noqa: BLE001 - a game part's words of a damaged save can fail in any way
                log.warning("save %s cannot be summed up: %s: %s", save_id, type(error).__name__, error)
                summary = None  # listed by its game alone; loading says why
            self._summaries[save_id] = (game, summary)
        return self._summaries[save_id]

    def save(self) -> None:
        from companion.journal.saves import save

        app: Any = running_app()
        try:
            saved = save(app.journal)
        except (CompanionError, sqlite3.Error) as error:  # a save refused or a journal that cannot be written
            app.tell(Message("Not saved: {problem}", problem=str(error)), refusal=True)
            return
        app.tell(Message("Saved as {name}.", name=saved.name))
        self.refresh()

    def load(self, save_id: int) -> None:
        app: Any = running_app()
        game, _ = self.summary(save_id)
        if game and screens_of(game) is None:
            app.tell(
                Message("{game} cannot be played on this screen yet; the save stays as it is.", game=title_of(game)),
                refusal=True,
            )
            return
        app.before_replacing(lambda: app.load_save(save_id))

    def delete(self) -> None:
        from companion.journal.saves import delete_all

        app: Any = running_app()
        if not self.confirming:
            self.confirming = True
            self.refresh()
            return
        self.confirming = False
        count = delete_all(app.journal, confirmed=True)
        self._summaries.clear()
        app.tell(Plural("{n} save deleted.", "{n} saves deleted.", count))
        self.refresh()

    def on_leave(self, *args: Any) -> None:
        self.confirming = False


class SaveLine(ButtonBehavior, BoxLayout):
    """One game in the list: its players' colours (and names), and in words the game, the rule set,
    how far it got and when."""

    def __init__(self, game: str | None, summary: SaveSummary | None, when: Any, *, running: bool = False) -> None:
        super().__init__(orientation="horizontal", size_hint_y=None, height=dp(64), spacing=dp(8), padding=dp(6))
        app = running_app()
        self.running = running
        with self.canvas.before:
            from kivy.graphics import Color, Rectangle

            Color(*(theme.WOOD if running else theme.PAPER_DARK))
            self._ground = Rectangle(pos=self.pos, size=self.size)
        self.bind(pos=lambda *_: setattr(self._ground, "pos", self.pos))
        self.bind(size=lambda *_: setattr(self._ground, "size", self.size))
        ink = theme.ON_COVER if running else theme.INK
        players = summary.players if summary is not None else ()
        chips = BoxLayout(size_hint_x=None, width=dp(26) * max(len(players), 1), spacing=dp(2))
        for colour, _name in players:
            chip = Chip(colour=colour)
            chip.size = (dp(24), dp(24))
            chips.add_widget(chip)
        self.add_widget(chips)
        parts: list[Any] = [title_of(game or "")]
        if summary is not None:
            parts += [summary.rules] + ([summary.progress] if summary.progress is not None else [])
        people = Join(*(name or Cap(Word(colour)) for colour, name in players)) if players else ""
        first = "  ·  ".join(app.tr(part) for part in parts)
        second = "  ·  ".join(text for text in (app.tr(people), app.tr(when)) if text)
        label = Factory.Body(text=f"[b]{_escape(first)}[/b]\n{_escape(second)}", markup=True)
        label.color = ink
        label.font_size = dp(theme.SMALL_SP)
        label.bind(texture_size=self._fit)  # many or long names take more than a line: the row grows
        self.add_widget(label)

    def _fit(self, _label: Any, size: tuple[float, float]) -> None:
        self.height = max(dp(64), size[1] + dp(12))


def _escape(text: str) -> str:
    from kivy.utils import escape_markup

    return escape_markup(text)


def _stamp(saved: str) -> str:
    from companion.journal.saves import stamp

    return stamp(datetime.datetime.fromisoformat(saved))


def _when(saved: str) -> str:
    return datetime.datetime.fromisoformat(saved).astimezone().strftime("%Y-%m-%d %H:%M")
