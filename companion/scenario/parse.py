"""Scenario text → a :class:`Scenario`: the header and the statements, each with its line number.

This module knows the shape of the format only (header words, commands, expectations, undo and
redo). What a header line, a command key or an expectation key means is the game adapter's
business. Every error names the file and the line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from engines.core.errors import CompanionError

# Header words of every game; each game's adapter refuses the ones it does not use.
HEADER_WORDS = ("game", "rules", "players", "player", "name", "setting", "catalogue")
HISTORY_OPS = ("undo", "redo")
# A scenario file is read whole, and every line becomes a statement; this keeps the memory a file
# can take small (the longest shipped scenario has 10 KB).
LARGEST_FILE = 2**20  # bytes


class ScenarioError(CompanionError, ValueError):
    """A scenario that cannot be read, parsed or understood: ``file:line: message``."""

    def __init__(self, path: str | Path, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True, slots=True)
class HeaderLine:
    line: int
    text: str
    word: str
    args: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CommandLine:
    """``<type> [<positional>] key=value ...``; keys as written with ``-`` turned into ``_``."""

    line: int
    text: str
    type: str
    positional: str | None
    args: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class HistoryOp:
    line: int
    text: str
    op: str  # "undo" | "redo"


@dataclass(frozen=True, slots=True)
class Expect:
    line: int
    text: str
    key: str
    value: str


@dataclass(frozen=True, slots=True)
class ExpectRefused:
    line: int
    text: str
    rule: str  # exact name, or a prefix ending in "*"
    command: CommandLine | HistoryOp


Statement = CommandLine | HistoryOp | Expect | ExpectRefused


@dataclass(frozen=True, slots=True)
class Scenario:
    path: Path
    game: str
    game_line: int
    header: tuple[HeaderLine, ...]  # every header line but ``game``
    statements: tuple[Statement, ...]


def read_scenario(path: str | Path) -> Scenario:
    return parse_scenario(read_text(path), path)


def read_text(path: str | Path) -> str:
    """The text of a scenario file, read in bounded memory: a file larger than :data:`LARGEST_FILE`
    is refused by its size before anything is read, and no more than that is ever read (a device
    or a pipe tells no size)."""
    path = Path(path)
    try:
        with path.open("rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size > LARGEST_FILE:
                raise ScenarioError(path, None, f"the file has {size} bytes, {_too_large()}; it was not read")
            data = file.read(LARGEST_FILE + 1)
    except OSError as exc:
        raise ScenarioError(path, None, f"cannot read the file: {exc.strerror}") from exc
    if len(data) > LARGEST_FILE:
        raise ScenarioError(path, None, f"the file goes on past {LARGEST_FILE} bytes, {_too_large()}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ScenarioError(path, None, f"not UTF-8 text ({exc.reason} at byte {exc.start})") from exc


def _too_large() -> str:
    return f"more than a scenario may have (at most {LARGEST_FILE} bytes)"


def parse_scenario(text: str, path: str | Path = "<scenario>") -> Scenario:
    path = Path(path)
    header: list[HeaderLine] = []
    statements: list[Statement] = []
    game: str | None = None
    game_line = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            tokens = tokenize(raw)
        except ValueError as exc:
            raise ScenarioError(path, number, str(exc)) from None
        if not tokens:
            continue
        shown = raw.strip()
        word = tokens[0]
        if game is None:
            if word != "game" or len(tokens) != 2:
                raise ScenarioError(path, number, "a scenario starts with 'game <name>', e.g. 'game gluecksritter'")
            game, game_line = tokens[1], number
            continue
        if word in HEADER_WORDS:
            if statements:
                raise ScenarioError(path, number, f"'{word}' belongs to the header, before the first command")
            if word == "game":
                raise ScenarioError(path, number, "the game is named once, on the first line")
            header.append(HeaderLine(number, shown, word, tuple(tokens[1:])))
            continue
        statements.append(_statement(path, number, shown, tokens))
    if game is None:
        raise ScenarioError(path, 1, "the file is empty: a scenario starts with 'game <name>'")
    return Scenario(path, game, game_line, tuple(header), tuple(statements))


def tokenize(line: str) -> list[str]:
    """Split at spaces; ``"..."`` keeps spaces (also inside a token: key="a b"); ``#`` ends the line."""
    tokens: list[str] = []
    current: list[str] = []
    in_token = in_quotes = False
    for char in line:
        if in_quotes:
            if char == '"':
                in_quotes = False
            else:
                current.append(char)
        elif char == '"':
            in_quotes = in_token = True
        elif char == "#":
            break
        elif char.isspace():
            if in_token:
                tokens.append("".join(current))
                current, in_token = [], False
        else:
            current.append(char)
            in_token = True
    if in_quotes:
        raise ValueError("a double quote is not closed on this line")
    if in_token:
        tokens.append("".join(current))
    return tokens


def _statement(path: Path, number: int, text: str, tokens: list[str]) -> Statement:
    word = tokens[0]
    if word == "expect":
        return _expectation(path, number, text, tokens[1:])
    return _command(path, number, text, tokens)


def _command(path: Path, number: int, text: str, tokens: list[str]) -> CommandLine | HistoryOp:
    word = tokens[0]
    if word in HISTORY_OPS:
        if len(tokens) > 1:
            raise ScenarioError(path, number, f"'{word}' takes nothing after it (it {word}s one whole command)")
        return HistoryOp(number, text, word)
    if "=" in word:
        raise ScenarioError(path, number, f"a command starts with its type (e.g. place-ducats), not {word!r}")
    positional: str | None = None
    args: dict[str, str] = {}
    for i, token in enumerate(tokens[1:], start=1):
        key, eq, value = token.partition("=")
        if not eq:
            if i == 1:
                positional = token
                continue
            raise ScenarioError(
                path, number, f"{token!r} is not key=value (only a colour may stand alone, right after the type)"
            )
        key = key.replace("-", "_")
        if not key:
            raise ScenarioError(path, number, f"{token!r} has no key before '='")
        if key in args:
            raise ScenarioError(path, number, f"{key} is given twice")
        args[key] = value
    return CommandLine(number, text, word, positional, tuple(args.items()))


def _expectation(path: Path, number: int, text: str, rest: list[str]) -> Expect | ExpectRefused:
    if rest and rest[0] == "refused":
        return _refused(path, number, text, rest[1:])
    joined = " ".join(rest)
    key, eq, value = joined.partition("=")
    key, value = key.strip(), value.strip()
    if not eq or not key or not value or " " in key:
        raise ScenarioError(
            path, number, "write an expectation as 'expect <key> = <value>', e.g. 'expect red.silver = 3'"
        )
    return Expect(number, text, key, value)


def _refused(path: Path, number: int, text: str, rest: list[str]) -> ExpectRefused:
    usage = (
        "write 'expect refused <rule> : <command>', "
        "e.g. 'expect refused B.two-different : choose-actions red cards=5,5'"
    )
    if not rest:
        raise ScenarioError(path, number, usage)
    rule, command = rest[0], rest[1:]
    if rule.endswith(":") and len(rule) > 1:  # "rule: command"
        rule = rule[:-1]
    elif command and command[0] == ":":
        command = command[1:]
    elif command and command[0].startswith(":") and len(command[0]) > 1:  # "rule :command"
        command = [command[0][1:], *command[1:]]
    else:
        raise ScenarioError(path, number, usage)
    if not command:
        raise ScenarioError(path, number, usage)
    if command[0] == "expect":
        raise ScenarioError(path, number, "a refused command cannot be another expectation")
    return ExpectRefused(number, text, rule, _command(path, number, text, command))
