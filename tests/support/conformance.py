"""The conformance check every game of the companion passes: :func:`conform`.

It plays seeded random games of a registered game (its engine and parts from
:mod:`companion.games.registry`) with the game's seeded random table (:mod:`tests.support.players`:
``random_config``, ``legal_command``, ``illegal_command``), as OpenSpiel's random-play tests do, on
a real journal file, and checks at every step what every game owes the rest of the companion:

- **the journal replays what was played**: every step is a journal entry (commands, undos and
  redos, as the app writes them); a command the table offers as illegal is refused with a
  RuleViolation and changes nothing, neither the state nor the journal; the file, read back entry by
  entry (:class:`companion.journal.line.LineOfPlay`), gives after every entry the state the live
  in-memory :class:`History` had, the game resumes from it where it stood, and ``journal verify``
  finds nothing;
- **undo and redo go round**: at random points k steps undone and redone give the state before;
  the game's ``table_words`` gives words for each of them in both languages;
- **saves load**: a save made at a random point loads to the state saved (to the last state
  without a secret waiting for its reveal, if one waits);
- **nothing shows before its reveal** (a game with a ``secrets`` part): two states that differ
  only in a secret (the same command with another hidden choice, whose public events are the same)
  give the same public view; while a secret waits for its reveal the export is refused and a save
  ends before it. A game without a ``secrets`` part skips this, with a :class:`SkippedCheck`
  warning that says so;
- **the result agrees with the engine**: at the end of a game (the public view's ``winners`` or
  ``winner``), the ``result`` part's ``values``, ``columns``, ``verdict`` and ``period`` cover
  every player and name the winners, ``bgstats.results`` marks the same winners, and the export
  imports back to the final state;
- **whose move it is**: the public view's ``awaiting`` has the shape of docs/games.md at every step.

At least one of the seeded games must end within ``steps`` commands, or the result part was never
checked (a :class:`Broken` says so). Every failure is a :class:`Broken` naming the game, the seed
and the step, and what broke in words.
"""

from __future__ import annotations

import json
import random
import warnings
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from companion.games.registry import home
from companion.i18n import Person, render
from companion.journal import saves
from companion.journal.exports import NotesForbidden, SecretsPending, check_document, export_game
from companion.journal.line import EntryProblem, LineOfPlay
from companion.journal.rows import is_over
from companion.journal.session import Moved, Session
from companion.journal.store import Journal
from companion.journal.verify import verify
from engines.core.errors import RuleViolation
from engines.core.history import History, replay

LANGUAGES = ("en", "de")

ILLEGAL = 0.35  # per step: the table tries a command the rules must refuse first
ROUND_TRIP = 0.06  # per step: undo k steps and redo them
PLAY_ON = 0.02  # per step: undo one step and play another command instead
MOST_UNDONE = 4
SAVE = 0.04  # per step: save, load, compare
EXPORT_PENDING = 0.3  # per step with a secret waiting: the export must be refused
ALTERNATIVES = 12  # other commands of the same player tried to find one differing only in a secret


class Broken(AssertionError):
    """The game does not conform: the message says which game, seed and step, and what broke."""


class SkippedCheck(UserWarning):
    """A check of the conformance that does not apply to the game (it has no such part)."""


def conform(game: str, table: ModuleType, *, seeds: Sequence[int] = (1, 2, 3), steps: int = 200, data: Path) -> None:
    """Play ``game`` with the random ``table`` once per seed (up to ``steps`` legal commands each, on
    journal files under ``data``) and check every step as the module says; :class:`Broken` says what
    does not conform."""
    parts = _Parts(game)
    if parts.secrets is None:
        warnings.warn(
            SkippedCheck(f"{game} has no secrets part: the check that nothing shows before its reveal is skipped"),
            stacklevel=2,
        )
    if parts.result is None:
        warnings.warn(
            SkippedCheck(f"{game} has no result part: its verdict, columns and values are not checked"),
            stacklevel=2,
        )
    done: Counter[str] = Counter()
    for seed in seeds:
        play = _Play(parts, table, seed, steps, Path(data) / f"{game}-seed-{seed}.sqlite3", done)
        play.run()
    if not done["ended"]:
        raise Broken(
            f"{game}: none of the games of seeds {list(seeds)} ended within {steps} commands, so the end of a "
            "game was never checked: give more steps, or a random table that can finish a game"
        )
    wanted = {
        "refused": "a command the rules refuse tried",
        "round trip": "steps undone and redone",
        "save": "a save loaded",
    }
    if parts.secrets is not None:
        wanted["hidden"] = "two commands differing only in a secret compared"
        wanted["export refused"] = "an export tried while a secret waits for its reveal"
    never = [what for key, what in wanted.items() if not done[key]]
    if never:
        raise Broken(
            f"{game}: in seeds {list(seeds)} with {steps} commands each, some checks never came up "
            f"({'; '.join(never)}): give more seeds or steps"
        )


class _Parts:
    """The game as the registry gives it: the engine and the parts the checks use."""

    def __init__(self, game: str) -> None:
        self.home = home(game)
        self.name = game
        self.engine = self.home.game
        self.bgstats = self.home.part("bgstats")
        self.table_words = self.home.part("table_words")
        self.secrets = self._optional("secrets")
        self.result = self._optional("result")

    def _optional(self, part: str) -> ModuleType | None:
        return None if getattr(self.home, part) is None else self.home.part(part)


class _Play:
    """One seeded game, played on a journal file and on an in-memory History side by side."""

    def __init__(self, parts: _Parts, table: ModuleType, seed: int, steps: int, path: Path, done: Counter[str]) -> None:
        self.parts = parts
        self.done = done  # how often each check ran
        self.engine = parts.engine
        self.table = table
        self.seed = seed
        self.steps = steps
        self.path = path
        self.rng = random.Random(seed)
        self.others = random.Random(f"{parts.name} {seed}: other choices")  # keeps the seed's play as it is
        self.step = -1
        self.where = f"{parts.name}, seed {seed}, the setup"
        self.over = False

    # ------------------------------------------------------------------------------ the play
    def run(self) -> None:
        config = self.table.random_config(self.rng)
        path = self.path
        path.parent.mkdir(parents=True, exist_ok=True)
        self.journal = Journal.open(path)
        try:
            self.session = Session.start(self.journal, self.parts.name, config, name=f"conformance, seed {self.seed}")
        except Exception as exc:
            self.fail(f"the journal does not start a game with the table's random_config: {_said(exc)}")
        self.game_id = self.session.game_id
        self.history: History[Any] = History(self.engine, self.session.config)
        self.expected: dict[int, Any] = {}  # journal entry -> the live state after it
        self.colours = self.players(self.engine.public_view(self.history.state))
        self.check_awaiting()
        for step in range(self.steps):
            self.step = step
            self.where = f"{self.parts.name}, seed {self.seed}, step {self.step}"
            if is_over(self.history.state):
                break
            if self.rng.random() < ILLEGAL:
                self.try_illegal()
            roll = self.rng.random()
            if roll < ROUND_TRIP and self.history.can_undo:
                self.round_trip()
            elif roll < ROUND_TRIP + PLAY_ON and self.history.can_undo:
                self.move("undo")
            self.play_one()
            if self.rng.random() < SAVE:
                self.check_save()
        self.over = is_over(self.history.state)
        self.done["ended"] += self.over
        self.where = f"{self.parts.name}, seed {self.seed}, after {self.step + 1} steps"
        self.check_save()
        self.journal.close()
        self.check_replay()
        if self.over:
            self.check_result()

    def fail(self, what: str) -> Any:
        raise Broken(f"{self.where}: {what}")

    def play_one(self) -> None:
        before = self.history.state
        command = self.table.legal_command(before, self.rng)
        try:
            events = self.history.apply(command)
        except RuleViolation as exc:
            self.fail(f"the rules refuse {command!r}, which the table's legal_command offered: {exc}")
        try:
            done = self.session.apply(command)
        except Exception as exc:
            self.fail(f"the journal's session does not take {command!r}, which the engine took: {_said(exc)}")
        if tuple(done.events) != tuple(events):
            self.fail(f"{command!r} gave other events in the journal's session than on the History")
        self.same("the session after the command", self.session.state, self.history.state)
        self.expected[done.seq] = self.history.state
        self.check_awaiting()
        if self.parts.secrets is not None:
            self.check_secrets(before, command, events)

    def try_illegal(self) -> None:
        state = self.history.state
        command = self.table.illegal_command(state, self.rng)
        head, next_seq, changes = self.session.head, self.journal.next_seq(self.game_id), self.journal.db.total_changes
        try:
            self.session.apply(command)
        except RuleViolation:
            pass
        except Exception as exc:
            self.fail(f"{command!r}, a command the rules refuse, raised {_said(exc)} instead of a RuleViolation")
        else:
            self.fail(f"the rules accept {command!r}, which the table's illegal_command offered as one they refuse")
        self.done["refused"] += 1
        if self.session.head != head or self.journal.next_seq(self.game_id) != next_seq:
            self.fail(f"the refused {command!r} was written to the journal")
        if self.journal.db.total_changes != changes:
            self.fail(f"the refused {command!r} changed the journal file")
        self.same(f"the state after the refused {command!r}", self.session.state, state)

    def move(self, kind: str) -> None:
        """One undo or redo on both sides; its words for the table checked."""
        before = self.history.state
        try:
            moved = self.session.undo() if kind == "undo" else self.session.redo()
        except Exception as exc:
            self.fail(f"the journal's {kind} failed: {_said(exc)}")
        self.history.undo() if kind == "undo" else self.history.redo()
        self.same(f"the session after an {kind}", self.session.state, self.history.state)
        self.expected[moved.seq] = self.history.state
        self.check_words(kind, moved, before, self.history.state)
        self.check_awaiting()

    def round_trip(self) -> None:
        before = self.history.state
        k = self.rng.randint(1, min(MOST_UNDONE, len(self.history.entries)))
        for _ in range(k):
            self.move("undo")
        for _ in range(k):
            self.move("redo")
        self.same(f"the state after {k} steps undone and redone", self.history.state, before)
        self.same(f"the session after {k} steps undone and redone", self.session.state, before)
        self.done["round trip"] += 1

    # ----------------------------------------------------------------------------- the checks
    def same(self, what: str, got: Any, want: Any) -> None:
        if got != want:
            self.fail(f"{what} is not the state it should be ({_difference(self.engine, got, want)})")

    def players(self, view: Mapping[str, Any]) -> list[str]:
        players = view.get("players")
        colours = [p.get("colour") for p in players or () if isinstance(p, Mapping)]
        if not colours or not all(isinstance(c, str) for c in colours):
            self.fail("the public view has no list 'players' of players each with a 'colour'")
        return colours

    def check_awaiting(self) -> None:
        """The public view is JSON and its ``awaiting`` has the shape of docs/games.md."""
        state = self.history.state
        view = self.engine.public_view(state)
        try:
            json.dumps(view)
        except (TypeError, ValueError) as exc:
            self.fail(f"the public view is not JSON: {exc}")
        if "awaiting" not in view:
            self.fail("the public view has no key 'awaiting'")
        awaiting = view["awaiting"]
        if not isinstance(awaiting, list):
            self.fail(f"'awaiting' is not a list: {awaiting!r}")
        if is_over(state) and awaiting:
            self.fail(f"the game is over but 'awaiting' is not empty: {awaiting!r}")
        if not is_over(state) and not awaiting:
            self.fail("the game is not over but 'awaiting' is empty: nobody is asked")
        asked = []
        for need in awaiting:
            if not isinstance(need, Mapping) or set(need) != {"player", "commands"}:
                self.fail(f"an entry of 'awaiting' is not {{'player': ..., 'commands': [...]}}: {need!r}")
            player, commands = need["player"], need["commands"]
            if player is not None and player not in self.colours:
                self.fail(f"'awaiting' asks {player!r}, neither a player's colour ({self.colours}) nor null")
            if not isinstance(commands, list) or not commands:
                self.fail(f"'awaiting' asks {player!r} for no command types: {commands!r}")
            if not all(isinstance(c, str) and c for c in commands) or len(set(commands)) != len(commands):
                self.fail(f"'awaiting' lists for {player!r} commands that are not distinct command types: {commands}")
            asked.append(player)
        if len(set(asked)) != len(asked):
            self.fail(f"'awaiting' names a player more than once: {asked}")

    def check_words(self, kind: str, moved: Moved, current: Any, restored: Any) -> None:
        """What the table puts back for an undo or redo: words in both languages, some whenever the
        public view changes."""
        if not all(isinstance(w, str) and w for w in moved.words):
            self.fail(f"the {kind}'s words for the table are not all sentences: {moved.words!r}")
        for text in moved.messages:
            for language in LANGUAGES:
                try:
                    said = render(text, language)
                except Exception as exc:
                    self.fail(f"the {kind}'s words do not render in {language!r}: {_said(exc)} ({text!r})")
                if not said.strip():
                    self.fail(f"the {kind}'s words render empty in {language!r}: {text!r}")
        if not moved.words and self.engine.public_view(current) != self.engine.public_view(restored):
            self.fail(f"the {kind} changes what the table sees but its table_words say nothing")

    def check_secrets(self, before: Any, command: Any, events: Sequence[Any]) -> None:
        secrets = self.parts.secrets
        assert secrets is not None
        after = self.history.state
        dumped = [self.engine.dump_event(e) for e in events]
        if any(secrets.is_secret(e) for e in dumped):
            self.check_hidden(before, command, events, after)
        if secrets.pending(after) and self.rng.random() < EXPORT_PENDING:
            self.check_export_refused()

    def check_hidden(self, before: Any, command: Any, events: Sequence[Any], after: Any) -> None:
        """Another command of the same kind and player whose public events are the same but whose
        events differ (another hidden choice) must leave the same public view."""
        engine = self.engine
        said = engine.dump_command(command)
        public = [engine.public_event(e) for e in events]
        dumped = [engine.dump_event(e) for e in events]
        for _ in range(ALTERNATIVES):
            other = self.table.legal_command(before, self.others)
            spelled = engine.dump_command(other)
            if spelled == said or (spelled.get("type"), spelled.get("player")) != (
                said.get("type"),
                said.get("player"),
            ):
                continue
            try:
                others = tuple(engine.decide(before, other))
            except RuleViolation:
                continue
            if [engine.public_event(e) for e in others] != public or [engine.dump_event(e) for e in others] == dumped:
                continue
            seen, shown = engine.public_view(replay(engine, before, others)), engine.public_view(after)
            if seen != shown:
                self.fail(
                    f"{command!r} and {other!r} differ only in what their events keep secret (their public events "
                    f"are the same), yet the public views after them differ: {_first_difference(shown, seen)}"
                )
            self.done["hidden"] += 1
            return

    def check_export_refused(self) -> None:
        """While a secret waits for its reveal, the export (the whole record) is refused."""
        try:
            export_game(self.journal, self.game_id)
        except (SecretsPending, NotesForbidden):
            self.done["export refused"] += 1
            return
        self.fail("the export of the running game went out while a secret waits for its reveal")

    def clean(self) -> int:
        """How many commands in play lead to the last state without a secret waiting for its reveal
        (all of them in a game without secrets): what a save keeps."""
        secrets = self.parts.secrets
        entries = self.history.entries
        if secrets is None:
            return len(entries)
        for count in range(len(entries), 0, -1):
            if not secrets.pending(entries[count - 1].state):
                return count
        return 0

    def check_save(self) -> None:
        """Save, load, compare; the running game stays the one played."""
        entries = self.history.entries
        kept = self.clean()
        pending = kept < len(entries)
        want = entries[kept - 1].state if kept else self.history.initial
        try:
            saved = saves.save(self.journal, f"seed {self.seed}, step {self.step}")
            _, document = self.journal.save_document(saved.id)
            loaded = saves.load(self.journal, saved.id)
        except Exception as exc:
            self.fail(f"saving and loading failed: {_said(exc)}")
        finally:
            self.journal.set_running(self.game_id)
        if len(document["entries"]) != kept:
            why = " (up to the last state without a secret waiting for its reveal)" if pending else ""
            self.fail(f"the save holds {len(document['entries'])} commands, not the {kept} in play{why}")
        self.same("the loaded save", loaded.session.state, want)
        if self.parts.secrets is not None and self.parts.secrets.pending(loaded.session.state):
            self.fail("a loaded save holds a secret still waiting for its reveal")
        self.done["save"] += 1
        self.done["save before a reveal"] += pending

    def check_replay(self) -> None:
        """The file, read back entry by entry, gives the live states; the game resumes where it stood."""
        with Journal.open(self.path, create=False) as journal:
            rows = list(journal.entries(self.game_id))
            seqs = [row.seq for row in rows]
            if seqs != sorted(self.expected):
                self.fail(f"the journal holds entries {seqs}, the play made {sorted(self.expected)}")
            config = self.engine.parse_config(journal.game(self.game_id).config)
            line = LineOfPlay(self.engine, self.engine.setup(config))
            for row in rows:
                try:
                    line.add(row)
                except EntryProblem as exc:
                    self.fail(f"the journal's entries do not replay: {exc}")
                self.same(
                    f"the replay from the file after entry {row.seq} ({row.kind})", line.state, self.expected[row.seq]
                )
            resumed = Session.open(journal, self.game_id)
            self.same("the game resumed from the file", resumed.state, self.history.state)
            if (resumed.can_undo, resumed.can_redo) != (self.history.can_undo, self.history.can_redo):
                self.fail("the game resumed from the file cannot undo or redo as the live game could")
            report = verify(journal)
            if not report.ok:
                self.fail(f"journal verify finds problems: {report.problems}")
            if self.over:
                try:
                    checked = check_document(export_game(journal, self.game_id))
                except Exception as exc:
                    self.fail(f"the finished game's export does not import back: {_said(exc)}")
                self.same("the finished game's export, imported", checked.rebuilt.state, self.history.state)

    def check_result(self) -> None:
        """The end of the game as the result part, BG Stats and the engine tell it agree."""
        state = self.history.state
        view = self.engine.public_view(state)
        winners = self.winners(view)
        colours = self.colours
        result = self.parts.result
        if result is not None:
            self.check_result_part(result, state, winners)
        lines = self.parts.bgstats.results(state)
        if sorted(r.colour for r in lines) != sorted(colours):
            self.fail(f"bgstats.results gives lines for {[r.colour for r in lines]}, the players are {colours}")
        marked = {r.colour for r in lines if r.winner}
        if marked != winners:
            self.fail(f"bgstats.results marks {sorted(marked)} as winners, the engine's view says {sorted(winners)}")

    def winners(self, view: Mapping[str, Any]) -> set[str]:
        if isinstance(view.get("winners"), list):
            return set(view["winners"])
        if "winner" in view and (view["winner"] is None or isinstance(view["winner"], str)):
            return set() if view["winner"] is None else {view["winner"]}
        return self.fail("the public view at the end names no winners: neither 'winners' (a list) nor 'winner'")

    def check_result_part(self, result: ModuleType, state: Any, winners: set[str]) -> None:
        colours = self.colours
        values = result.values(state)
        if sorted(values) != sorted(colours):
            self.fail(f"result.values gives {sorted(values)}, the players are {sorted(colours)}")
        if any(len(v) != len(result.MEASURES) or not all(isinstance(x, int) for x in v) for v in values.values()):
            self.fail(f"result.values does not give one whole number per measure ({len(result.MEASURES)}): {values}")
        columns = result.columns(state)
        if sorted(colour for colour, _ in columns.rows) != sorted(colours):
            self.fail(f"result.columns has rows for {[c for c, _ in columns.rows]}, the players are {colours}")
        if any(len(cells) != len(columns.headings) for _, cells in columns.rows):
            self.fail(f"a row of result.columns does not have one cell per heading: {columns}")
        period = result.period(state)
        if not isinstance(period, int) or period < 1:
            self.fail(f"result.period at the end is {period!r}, not a period from 1")
        verdict = result.verdict(state)
        if not verdict:
            self.fail("result.verdict says nothing at the end of the game")
        english = ""
        for language in LANGUAGES:
            for text in [*verdict, *columns.headings, result.PERIOD, *(m.label for m in result.MEASURES)]:
                try:
                    said = render(text, language)
                except Exception as exc:
                    self.fail(f"the result's words do not render in {language!r}: {_said(exc)} ({text!r})")
                if not said.strip():
                    self.fail(f"a text of the result renders empty in {language!r}: {text!r}")
        english = " ".join(render(text, "en") for text in verdict)
        named = {p.colour for text in verdict for p in _persons(text)}
        unnamed = [w for w in sorted(winners) if w not in named and w.capitalize() not in english]
        if unnamed:
            self.fail(f"result.verdict does not name the winners {unnamed} (the engine's): {english!r}")


# ------------------------------------------------------------------------------------ helpers


def _said(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def _persons(text: Any) -> Iterator[Person]:
    """The players a text names (its values, all the way down)."""
    if isinstance(text, Person):
        yield text
        return
    inner: list[Any] = (
        [value for _, value in getattr(text, "values", ())] if hasattr(text, "msgid") or hasattr(text, "plural") else []
    )
    inner += list(getattr(text, "items", ())) if isinstance(getattr(text, "items", None), tuple) else []
    if hasattr(text, "value"):
        inner.append(text.value)
    for item in inner:
        yield from _persons(item)


def _difference(engine: Any, got: Any, want: Any) -> str:
    try:
        return _first_difference(engine.dump_state(want), engine.dump_state(got))
    except Exception:
        return f"{got!r} against {want!r}"


def _first_difference(want: Any, got: Any, where: str = "") -> str:
    """The first place two JSON-like values differ, in words."""
    if isinstance(want, Mapping) and isinstance(got, Mapping):
        for key in [*want, *(k for k in got if k not in want)]:
            if key not in got or key not in want or want[key] != got[key]:
                if key in got and key in want:
                    return _first_difference(want[key], got[key], f"{where}.{key}")
                return f"{where}.{key}: {want.get(key, '(none)')!r} against {got.get(key, '(none)')!r}"
    elif isinstance(want, list | tuple) and isinstance(got, list | tuple) and len(want) == len(got):
        for i, (a, b) in enumerate(zip(want, got, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{where}[{i}]")
    return f"{where or 'the whole'}: {want!r} expected, {got!r} found"
