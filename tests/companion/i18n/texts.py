"""What the tests of the games' words in both languages share: the texts to undo or redo the last
command of a :class:`tests.companion.games.words.Play`, as the table gets them."""

from __future__ import annotations

from typing import Any

from companion.i18n import Text
from companion.journal.table_words import messages


def undo_texts(play: Any, *commands: Any) -> list[Text]:
    """Apply ``commands`` (if any), then the texts to undo the last command."""
    play.do(*commands)
    return messages(play.game, play.history.state, play.before, play.command)


def redo_texts(play: Any) -> list[Text]:
    """The texts to redo the last command."""
    return messages(play.game, play.before, play.history.state, play.command, redo=True)
