"""What the tests of each game's table words share: a play whose undo and redo words are asked
for, and the checks every word list passes over random play (well formed, present exactly when
the public view changes)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from companion.games.registry import engine, home
from companion.i18n import ENGLISH, render
from companion.journal.table_words import NOTHING_TO_MOVE, instructions, path
from engines.core.history import History


class Play:
    """A History of one game; ``undo_words`` applies a command and returns the words to undo it."""

    def __init__(self, game: str, config: Any) -> None:
        self.game = game
        self.engine = engine(game)
        self.history = History(self.engine, config)
        self.before: Any = None
        self.command: dict[str, Any] = {}

    def do(self, *commands: Any) -> None:
        for command in commands:
            self.before = self.history.state
            self.history.apply(command)
            self.command = self.engine.dump_command(command)

    def undo_words(self, command: Any) -> list[str]:
        self.do(command)
        return instructions(self.game, self.history.state, self.before, self.command)

    def redo_words(self) -> list[str]:
        """The words to redo the last command (from the state before it to the state after it)."""
        return instructions(self.game, self.before, self.history.state, self.command, redo=True)


FAST = settings(
    deadline=None,
    database=None,
    phases=(Phase.explicit, Phase.generate),
    report_multiple_bugs=False,
    suppress_health_check=[HealthCheck.too_slow],
)
seeds = st.integers(0, 2**32 - 1)
ROLL = re.compile(r"^The rolls? of .* (taken back|entered again) with this step")


def without_roll(words: list[str]) -> list[str]:
    return [line for line in words if not ROLL.match(line)]


def check_words(game: str, current: Any, restored: Any, command: dict[str, Any], *, redo: bool = False) -> list[str]:
    """The words for one direction: well formed, and present exactly when something visible changes."""
    rules = engine(game)
    words = instructions(game, current, restored, command, redo=redo)
    assert isinstance(words, list) and all(isinstance(line, str) for line in words)
    for line in words:
        assert line[:1].isupper() and line.endswith("."), line
    assert len(set(words)) == len(words), words
    if rules.public_view(current) != rules.public_view(restored):
        assert words, f"nothing said for {command}, though the table changed"
        assert NOTHING_TO_MOVE not in words, f"{command}: a visible change without words"
    else:
        assert without_roll(words) == [], f"{command}: words for a table that did not change: {words}"
    return words


def both_ways(game: str, before: Any, after: Any, command: dict[str, Any]) -> list[tuple[Any, Any, list[str]]]:
    """(current, restored, words) for undoing the command and for redoing it."""
    return [
        (cur, res, check_words(game, cur, res, command, redo=redo))
        for cur, res, redo in ((after, before, False), (before, after, True))
    ]


# -- following the words: a table that does what it is told reaches the restored state


def colour(word: str) -> str:
    return word.lower()


def number(text: str) -> int:
    return int(text.split()[0])


def words_with_other_secrets(
    game: str, current: Any, restored: Any, command: dict[str, Any], change: Callable[[Any], Any]
) -> list[str]:
    """The words (without the roll) for the same step with every state on its way changed by
    ``change`` (other secrets, the same table): the words that depend on no secret stay the same.
    The way is the command's, found on the real states (the changed ones would refuse it)."""
    states = path(game, current, restored, command, redo=True)  # [current, restored] unless a redo
    if len(states) == 2:
        states = path(game, current, restored, command)
    lines = home(game).part("table_words").lines([change(s) for s in states], command)
    return [render(line.text, ENGLISH) for line in lines]
