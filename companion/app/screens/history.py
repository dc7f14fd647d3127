"""Played games: the journal's finished games, newest first, each with its game, rule set, players
and winners and when it ended; a tap shows its result (and from there its plot). "Players" counts,
per name the players used, the plays and wins of every game. "From a USB stick" reads a game
exported by a companion into the journal."""

from __future__ import annotations

import datetime
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp

from companion.app import theme
from companion.app.contract import SaveSummary, title_of
from companion.app.pieces.choices import ChoiceList  # noqa: F401 - the list in history.kv
from companion.app.room import AppScreen, running_app
from companion.app.screens.result import rule_set
from companion.app.screens.saves import SaveLine
from companion.i18n import Cap, Join, Message, Plural, Word

SHOWN = 60  # games listed at most; the journal keeps every one, and the statistics count them all


class HistoryScreen(AppScreen):
    screen_name = "history"
    kv_file = __file__

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.part = "games"
        self.history: Any = None

    def on_pre_enter(self, *args: Any) -> None:
        self.history = None  # read the journal again: a game may have ended or come from a stick

    def on_leave(self, *args: Any) -> None:
        """Nothing of the list is kept while another screen is shown: it is read and drawn anew on
        each visit (up to ``SHOWN`` games, a few widgets each)."""
        self.history = None
        self.ids.list.clear()

    def choose(self, part: str) -> None:
        self.part = part
        self.refresh()

    def refresh(self) -> None:
        app: Any = running_app()
        self.ids.games_tab.state = "down" if self.part == "games" else "normal"
        self.ids.players_tab.state = "down" if self.part == "players" else "normal"
        self.ids.import_.disabled = app.journal is None or bool(app.read_only)
        if self.history is None:
            self.history = app.finished_games()
        if self.part == "players":
            self.ids.list.fill(self.player_lines())
        else:
            self.ids.list.fill(self.game_lines())

    def game_lines(self) -> list[Any]:
        app: Any = running_app()
        history = self.history
        lines: list[Any] = []
        for played in history.games[:SHOWN]:
            names = dict(played.players)
            winners = Join(*(names[c] or Cap(Word(c)) for c in played.winners))
            won = Message("won: {winners}", winners=winners) if played.winners else Message("nobody won")
            summary = SaveSummary(rule_set(played.game, played.config), won, played.players)
            line = SaveLine(played.game, summary, _when(played.finished))
            line.game_id = played.game_id
            line.bind(on_release=lambda *_, game_id=played.game_id: self.open_result(game_id))
            lines.append(line)
        if not history.games:
            lines.append(Factory.Body(text=app.tr(Message("No game has ended yet."))))
        if history.unreadable:
            lines.append(
                Factory.Body(
                    text=app.tr(
                        Plural(
                            "{n} finished game cannot be read here; it stays in the journal as it is.",
                            "{n} finished games cannot be read here; they stay in the journal as they are.",
                            history.unreadable,
                        )
                    ),
                    color=theme.ALERT,
                )
            )
        return lines

    def player_lines(self) -> list[Any]:
        from companion.results.history import tallies

        app: Any = running_app()
        lines: list[Any] = []
        for tally in tallies(self.history.games):
            games = "  ·  ".join(
                app.tr(Message("{game}: {wins} of {plays} won", game=title_of(g), wins=tally.wins.get(g, 0), plays=n))
                for g, n in sorted(tally.plays.items(), key=lambda item: title_of(item[0]))
            )
            total = app.tr(
                Plural(
                    "{name}: {n} game, {wins} won",
                    "{name}: {n} games, {wins} won",
                    tally.total_plays,
                    name=tally.name,
                    wins=tally.total_wins,
                )
            )
            label = Factory.Body(text=f"[b]{_escape(total)}[/b]\n{_escape(games)}", markup=True)
            label.font_size = sp(theme.SMALL_SP)
            label.height = max(label.height, dp(56))
            lines.append(label)
        if not lines:
            lines.append(Factory.Body(text=app.tr(Message("No finished game has a player with a name yet."))))
        return lines

    def open_result(self, game_id: int) -> None:
        app: Any = running_app()
        app.screen("result").show_game(game_id)
        app.goto("result", remember=False)

    def import_game(self) -> None:
        app: Any = running_app()
        from companion.app.pieces.files import ImportDialog

        def imported(game_id: int) -> None:
            self.history = None
            self.refresh()

        ImportDialog(app.journal, app.data_dir, imported).open()


def _escape(text: str) -> str:
    from kivy.utils import escape_markup

    return escape_markup(text)


def _when(finished: str) -> str:
    return datetime.datetime.fromisoformat(finished).astimezone().strftime("%Y-%m-%d %H:%M")
