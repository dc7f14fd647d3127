"""Running a scenario: prepare it (setup, commands and expectation keys, all checked before
play), then play it on a fresh :class:`engines.core.History`, line by line.

After every accepted command, undo and redo the runner also checks that replaying the history
from the setup gives the live state. A file stops at its first failure.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Protocol, TextIO

from companion.games.registry import HOMES, UnknownGame, part
from companion.journal.errors import JournalError
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.scenario.parse import (
    CommandLine,
    Expect,
    ExpectRefused,
    HeaderLine,
    HistoryOp,
    Scenario,
    ScenarioError,
    Statement,
    parse_scenario,
    read_text,
)
from engines.core import History, InvariantBroken, RuleViolation
from engines.core.errors import CompanionError


class Adapter(Protocol):
    """A game's scenario support: the ``scenario`` part of its home (a module such as
    :mod:`companion.games.gluecksritter.scenario`)."""

    GAME: Any

    def build_setup(self, header: Sequence[HeaderLine], base: Path, path: Path, game_line: int) -> Any: ...

    def build_command(self, cmd: CommandLine) -> Any: ...

    def probe(self, state: Any, key: str) -> Any: ...


# ------------------------------------------------------------------------------- preparing


@dataclass(frozen=True, slots=True)
class Step:
    statement: Statement
    command: Any = None  # the engine command (commands and refused commands)
    probe: Any = None  # expectations
    expected: Any = None


@dataclass(frozen=True, slots=True)
class Plan:
    scenario: Scenario
    adapter: Adapter
    config: Any
    steps: tuple[Step, ...]

    @property
    def commands(self) -> int:
        return sum(isinstance(s.statement, (CommandLine, HistoryOp)) for s in self.steps)

    @property
    def expectations(self) -> int:
        return sum(isinstance(s.statement, (Expect, ExpectRefused)) for s in self.steps)


def prepare(scenario: Scenario) -> Plan:
    """Everything that can be checked without playing; ScenarioError names the line."""
    try:
        adapter: Adapter = part(scenario.game, "scenario")
    except UnknownGame:
        known = ", ".join(sorted(HOMES))
        raise ScenarioError(
            scenario.path, scenario.game_line, f"no scenarios for the game {scenario.game!r}; games: {known}"
        ) from None
    config = adapter.build_setup(scenario.header, scenario.path.parent, scenario.path, scenario.game_line)
    initial = adapter.GAME.setup(config)
    steps = []
    for st in scenario.statements:
        try:
            steps.append(_step(adapter, initial, st))
        except ValueError as exc:
            raise ScenarioError(scenario.path, st.line, str(exc)) from None
    return Plan(scenario, adapter, config, tuple(steps))


def _step(adapter: Adapter, initial: Any, st: Statement) -> Step:
    if isinstance(st, CommandLine):
        return Step(st, command=adapter.build_command(st))
    if isinstance(st, ExpectRefused) and isinstance(st.command, CommandLine):
        return Step(st, command=adapter.build_command(st.command))
    if isinstance(st, Expect):
        probe = adapter.probe(initial, st.key)
        return Step(st, probe=probe, expected=probe.parse(st.value))
    return Step(st)


# --------------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class Result:
    path: str
    status: Literal["ok", "fail", "error"]  # error: the file cannot be read or understood, or the journal used
    commands: int = 0
    expectations: int = 0
    line: int | None = None
    text: str = ""
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "ok"

    def report(self) -> str:
        if self.ok:
            return f"ok   {self.path} ({self.commands} commands, {self.expectations} expectations)"
        where = f"{self.path}:{self.line}" if self.line else self.path
        head = f"{'FAIL' if self.status == 'fail' else 'ERROR'} {where}: {self.message}"
        return f"{head}\n      | {self.text}" if self.text else head


def check_file(path: str | Path) -> Result:
    """Read and prepare a file without playing it."""
    loaded = _load(path)
    if isinstance(loaded, Result):
        return loaded
    return Result(str(path), "ok", loaded.commands, loaded.expectations)


def run_file(path: str | Path, journal: Journal | None = None, out: TextIO | None = None) -> Result:
    """Play a file; with a journal, every command is committed to it (one printed line per event)."""
    loaded = _load(path)
    return loaded if isinstance(loaded, Result) else run_plan(loaded, journal, out)


def _load(path: str | Path) -> Plan | Result:
    path = Path(path)
    text = ""
    try:
        text = read_text(path)
        return prepare(parse_scenario(text, path))
    except ScenarioError as exc:
        lines = text.splitlines()
        shown = lines[exc.line - 1].strip() if exc.line and exc.line <= len(lines) else ""
        return Result(str(path), "error", line=exc.line, text=shown, message=exc.message)


# --------------------------------------------------------------------------------- playing


class Failed(CompanionError):
    pass


def run_plan(plan: Plan, journal: Journal | None = None, out: TextIO | None = None) -> Result:
    path = str(plan.scenario.path)
    if journal is None:
        history: Any = History(plan.adapter.GAME, plan.config)
    else:
        try:
            history = JournalTable(journal, plan, out or sys.stdout)
        except JournalError as exc:  # an unusable journal is an error of a file, not a failed check
            return Result(path, "error", plan.commands, plan.expectations, message=f"journal: {exc}")
    for step in plan.steps:
        st = step.statement
        status: Literal["fail", "error"] = "fail"
        try:
            _play(history, step)
        except Failed as exc:
            message = str(exc)
        except InvariantBroken as exc:
            message = f"engine defect, an impossible state: {exc}"
        except JournalError as exc:
            status, message = "error", f"journal: {exc}"
        except Exception as exc:  # an engine crash is reported, not raised
            message = f"engine defect, {type(exc).__name__}: {exc}"
        else:
            continue
        return Result(path, status, plan.commands, plan.expectations, st.line, st.text, message)
    return Result(path, "ok", plan.commands, plan.expectations)


def _play(history: History, step: Step) -> None:
    st = step.statement
    if isinstance(st, Expect):
        actual = step.probe.read(history if step.probe.of_history else history.state)
        if actual != step.expected:
            show = step.probe.show
            raise Failed(f"{st.key}: expected {show(step.expected)}, got {show(actual)}")
    elif isinstance(st, ExpectRefused):
        _refused(history, st, step.command)
    else:
        try:
            _do(history, st, step.command)
        except RuleViolation as exc:
            raise Failed(f"refused [{exc.rule}]: {exc.message}") from None
        _check_replay(history)


def _do(history: History, st: CommandLine | HistoryOp, command: Any) -> None:
    if isinstance(st, HistoryOp):
        (history.undo if st.op == "undo" else history.redo)()
    else:
        history.apply(command)


def _refused(history: History, st: ExpectRefused, command: Any) -> None:
    before, count = history.state, len(history.entries)
    try:
        _do(history, st.command, command)
    except RuleViolation as exc:
        if not _rule_matches(st.rule, exc.rule):
            raise Failed(f"refused with [{exc.rule}], expected [{st.rule}]: {exc.message}") from None
        if history.state != before or len(history.entries) != count:
            raise Failed(f"refused [{exc.rule}], but the state changed (engine defect)") from None
        return
    raise Failed(f"expected a refusal [{st.rule}], but the command was accepted")


def _rule_matches(wanted: str, rule: str) -> bool:
    return rule.startswith(wanted[:-1]) if wanted.endswith("*") else rule == wanted


def _check_replay(history: History) -> None:
    if history.replay() != history.state:
        raise Failed("replaying the history from the setup does not give the live state (engine defect)")


# ------------------------------------------------------------------------------ journal mode


@dataclass(frozen=True, slots=True)
class _Done:
    command: Any
    events: tuple[Any, ...]


@dataclass
class JournalTable:
    """The runner's history in journal mode: every step goes through a :class:`Session`, and a
    line is printed (and flushed) for every event only after it was committed."""

    journal: Journal
    plan: Plan
    out: TextIO
    entries: list[_Done] = field(default_factory=list)
    _redo: list[_Done] = field(default_factory=list)

    def __post_init__(self) -> None:
        game, name = self.plan.adapter.GAME.name, self.plan.scenario.path.name
        self.session = Session.start(self.journal, game, self.plan.config, name)

    @property
    def state(self) -> Any:
        return self.session.state

    def apply(self, command: Any) -> None:
        done = self.session.apply(command)
        for i, event in enumerate(done.events, start=1):
            self._say(f"entry={done.seq} event={i}/{len(done.events)} {event.type}")
        self.entries.append(_Done(command, done.events))
        self._redo.clear()

    def undo(self) -> None:
        moved = self.session.undo()
        self._say(f"entry={moved.seq} undo of entry {moved.target}")
        self._redo.append(self.entries.pop())

    def redo(self) -> None:
        moved = self.session.redo()
        self._say(f"entry={moved.seq} redo of entry {moved.target}")
        self.entries.append(self._redo.pop())

    def replay(self) -> Any:
        """The state a fresh start resumes from the journal (which must also agree on what is in
        play and what can be redone)."""
        resumed = Session.open(self.journal, self.session.game_id)
        if (resumed.head, resumed.redo_stack) != (self.session.head, self.session.redo_stack):
            raise Failed(
                f"journal: resuming gives entry {resumed.head} in play and {resumed.redo_stack} to redo, "
                f"not {self.session.head} and {self.session.redo_stack}"
            )
        return resumed.state

    def _say(self, text: str) -> None:
        print(f"committed game={self.session.game_id} {text}", file=self.out, flush=True)
