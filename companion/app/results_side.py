"""The end of a game as the app gives it to the screens: the result screen the moment the running
game ends, a finished game's result and its BG Stats push link (or why not, in words), and the
finished games for the history. A game that cannot be shown is said, and the table plays on."""

from __future__ import annotations

import logging
import sqlite3
from typing import TYPE_CHECKING

from companion.i18n import Message

if TYPE_CHECKING:
    from companion.app.host import Host
    from companion.results.history import History
    from companion.results.outcome import Outcome

log = logging.getLogger(__name__)


class ResultsSide:
    """The app's part that shows the end: a mixin of :class:`~companion.app.shell.CompanionApp`."""

    _was_over: bool

    def _init_results_side(self: Host) -> None:
        self._was_over = False  # the running game had ended at its last step

    def show_the_end(self: Host) -> None:
        """The result screen, the moment the running game ends (the table can go back and undo)."""
        over = self.running_is_over()
        if over and not self._was_over:
            self.screen("result").show_game(None)
            self.goto("result")
        self._was_over = over

    def outcome(self: Host, game_id: int) -> tuple[Outcome, None] | tuple[None, Message]:
        """A finished game's result, or None and why it cannot be shown, in words."""
        from companion.journal.errors import JournalError
        from companion.results.outcome import NotOver, outcome

        if self.journal is None:
            return None, Message("The journal is not open.")
        try:
            return outcome(self.journal, game_id), None
        except NotOver:
            return None, Message("This game has not ended yet.")
        except (JournalError, sqlite3.Error) as error:  # a damaged game: the table plays on
            log.error("result of game %s: %s", game_id, error)
            return None, Message("This game cannot be shown: {problem}", problem=str(error))
        # a game's result part that fails is a defect, but it must not end the evening from inside
        # the result screen (which opens by itself when a game ends): logged with its traceback
        except Exception as error:  # noqa: BLE001 - last net: a game part's defect, logged whole
            log.exception("result of game %s", game_id)
            return None, Message("This game cannot be shown: {problem}", problem=str(error))

    def push_link(self: Host, game_id: int) -> tuple[str, None] | tuple[None, Message]:
        """A finished game as BG Stats' push link, or None and why not, in words."""
        from companion.journal.bgstats import NotFinished
        from companion.journal.errors import JournalError
        from companion.results.push import link, play

        if self.journal is None:
            return None, Message("The journal is not open.")
        try:
            return link(play(self.journal, game_id)), None
        except (NotFinished, JournalError, sqlite3.Error) as error:  # the result stands without its code
            log.error("BG Stats link of game %s: %s", game_id, error)
            return None, Message("No BG Stats code: {problem}", problem=str(error))
        # a game's BG Stats part that fails is a defect: it costs the code, not the result screen
        except Exception as error:  # noqa: BLE001 - last net: a game part's defect, logged whole
            log.exception("BG Stats link of game %s", game_id)
            return None, Message("No BG Stats code: {problem}", problem=str(error))

    def finished_games(self: Host) -> History:
        """The journal's finished games of the games this screen can show, newest first."""
        from companion.app.contract import playable
        from companion.results.history import History, history

        if self.journal is None:
            return History([], 0)
        return history(self.journal, (name for name, _title in playable()))
