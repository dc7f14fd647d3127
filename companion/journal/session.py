"""A game bound to the journal: every accepted command is committed before it is acknowledged;
undo and redo are journal entries too (history is never deleted), each with the words that tell
the table what to change; the running game resumes exactly where it stood.

The line of play is a chain of command entries (each knows its parent); ``head`` is the last
command in play. Snapshots of the state along the chain keep resuming fast however long a game is.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import ValidationError

from companion.i18n import ENGLISH, Text, render
from companion.journal.errors import JournalDamaged, JournalError
from companion.journal.games import game_named
from companion.journal.rows import SNAPSHOT_EVERY, is_over
from companion.journal.store import PREVIOUS, Journal, NewEntry
from companion.journal.table_words import messages
from engines.core.errors import InvariantBroken, RuleViolation
from engines.core.history import replay

CACHE = 128  # states kept in memory for quick undo


@dataclass(frozen=True, slots=True)
class Committed:
    """A command written to the journal: its entry number and its events."""

    seq: int
    events: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Moved:
    """An undo or redo written to the journal, with what the table must change: ``words`` in
    English as the journal keeps them, ``messages`` the same to render in the table's language."""

    seq: int
    target: int
    words: tuple[str, ...]
    messages: tuple[Text, ...] = field(default=(), compare=False)


class Session:
    def __init__(self, journal: Journal, game_id: int, game: Any, config: Any) -> None:
        self.journal = journal
        self.game_id = game_id
        self.game = game
        self.config = config
        self.initial = game.setup(config)
        self.parents: dict[int, int] = {}
        self.redo_stack: list[int] = []
        self.head = 0
        self.state = self.initial
        self._states: dict[int, Any] = {0: self.initial}
        self._since: dict[int, int] = {0: 0}  # events since the last snapshot, per command on the line
        self._snapshots: set[int] | None = None  # command entries with a snapshot (read when needed)

    # ----------------------------------------------------------------------------- creating
    @classmethod
    def start(cls, journal: Journal, game_name: str, config: Any, name: str | None = None) -> Session:
        """A new game, which becomes the running one."""
        game = game_named(game_name)
        config = game.parse_config(config)
        initial = game.setup(config)
        game.check(initial)
        dumped = game.dump_config(config)
        game_id = journal.create_game(game.name, game.format_version, dumped, name, game.dump_state(initial))
        return cls(journal, game_id, game, config)

    @classmethod
    def resume(cls, journal: Journal) -> Session | None:
        """The running game exactly where it stood, or None if there is none."""
        game_id = journal.running()
        return None if game_id is None else cls.open(journal, game_id)

    @classmethod
    def open(cls, journal: Journal, game_id: int) -> Session:
        row = journal.game(game_id)
        game = game_named(row.game)
        if row.format > game.format_version:
            raise JournalError(f"game {game_id} was written by a newer companion ({row.game} format {row.format})")
        try:
            session = cls(journal, game_id, game, game.parse_config(row.config))
        except Exception as exc:  # a damaged setup can fail in any way while it is set up; raised as one
            raise JournalError(f"game {game_id}'s setup cannot be read: {exc}") from None
        for _seq, kind, target in journal.since_last_command(game_id):
            if kind == "undo":
                assert target is not None  # an undo names the entry it undoes (verify checks it)
                session.redo_stack.append(target)
            elif session.redo_stack:
                session.redo_stack.pop()
        session.head = row.head
        session.state = session.state_at(row.head)
        return session

    # ------------------------------------------------------------------------------ reading
    def parent(self, seq: int) -> int:
        if seq not in self.parents:
            parent = self.journal.parent(self.game_id, seq)
            if parent is None:
                raise JournalDamaged(
                    self.journal.path, f"entry {seq} is not a command of this game", part=f"game {self.game_id}"
                )
            self.parents[seq] = parent
        return self.parents[seq]

    def chain(self, seq: int) -> list[int]:
        """The command entries from the first to ``seq``."""
        line = []
        while seq:
            line.append(seq)
            seq = self.parent(seq)
        return line[::-1]

    def state_at(self, seq: int) -> Any:
        """The state after command entry ``seq`` (0: the setup): from the nearest state in memory
        or snapshot on its line, replaying only what follows it."""
        if seq in self._states:
            return self._states[seq]
        if self._snapshots is None:
            self._snapshots = self.journal.snapshot_seqs(self.game_id)
        path = []
        at = seq
        while at not in self._states and at not in self._snapshots:
            path.append(at)
            at = self.parent(at)
        if at in self._states:
            state, since = self._states[at], self._since.get(at, SNAPSHOT_EVERY)
        else:
            state, since = self._load_snapshot(at), 0
        path.reverse()
        documents = self.journal.entry_events(self.game_id, path)
        reached = []
        for entry in path:  # every event was checked when it was written: check where the replay ends
            try:
                events = [self.game.parse_event(e) for e in documents[entry]]
                state = replay(self.game, state, events, check=False)
            except Exception as exc:  # a damaged entry can fail in any way
                raise self._damaged(f"entry {entry}", exc) from None
            since += len(events)
            reached.append((entry, state, since))
        if path:
            try:
                self.game.check(state)
            except InvariantBroken as exc:
                raise self._damaged(f"after entry {seq}", exc) from None
        for entry, state_then, since_then in reached:
            self._remember(entry, state_then, since_then)
        return state

    def _damaged(self, where: str, exc: Exception) -> JournalError:
        why = exc.errors()[0]["msg"] if isinstance(exc, ValidationError) else f"{type(exc).__name__}: {exc}"
        return JournalDamaged(self.journal.path, f"{where}: {why}", part=f"game {self.game_id}")

    def _load_snapshot(self, seq: int) -> Any:
        try:
            state = self.game.parse_state(self.journal.snapshot(self.game_id, seq))
            self.game.check(state)
        except (InvariantBroken, ValueError) as exc:
            raise JournalDamaged(
                self.journal.path, f"the snapshot after entry {seq}: {exc}", part=f"game {self.game_id}"
            ) from None
        self._remember(seq, state, 0)
        return state

    def _remember(self, seq: int, state: Any, since: int) -> None:
        self._states[seq] = state
        self._since[seq] = since
        if len(self._states) > CACHE:  # forget the oldest, never the setup or the head
            for old in list(self._states)[: CACHE // 2]:
                if old not in (0, self.head, seq):
                    del self._states[old]
                    self._since.pop(old, None)

    @property
    def can_undo(self) -> bool:
        return self.head != 0

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    # ------------------------------------------------------------------------------ writing
    def apply(self, command: Any) -> Committed:
        """Decide, commit to the journal, then change the state. RuleViolation or
        JournalWriteError leave the session (and the journal) as they were."""
        return self.apply_all([command])[0]

    def apply_all(self, commands: Iterable[Any], facts: dict[str, str | None] | None = None) -> list[Committed]:
        """Several commands as one step of the table (every player's revealed picks, the
        corrections of one dialog): each decided on the state the ones before it leave, then all
        committed in one transaction together with ``facts`` of the session
        (:meth:`Journal.append_many`), then the state changes. A command the rules refuse
        (RuleViolation) or a write that fails (JournalWriteError) leaves the session and the
        journal as they were: a power cut finds either all of them written or none."""
        state, head, since = self.state, self.head, self._since.get(self.head, SNAPSHOT_EVERY)
        planned: list[tuple[tuple[Any, ...], Any, int]] = []  # events, state and events since a snapshot
        entries = []
        for command in commands:
            events = tuple(self.game.decide(state, command))
            state = replay(self.game, state, events)
            since += len(events)
            snapshot = self.game.dump_state(state) if since >= SNAPSHOT_EVERY else None
            entries.append(
                NewEntry(
                    "command",
                    head,
                    parent=head,
                    command=self.game.dump_command(command),
                    events=[self.game.dump_event(e) for e in events],
                    snapshot=snapshot,
                    finished=is_over(state),
                )
            )
            planned.append((events, state, since))
            if snapshot is not None:
                since = 0
            head = PREVIOUS  # the next command's parent: this one, whose number the writing gives
        if not planned:
            return []
        seqs = self.journal.append_many(self.game_id, entries, facts)
        committed = []
        for seq, entry, (events, state, since) in zip(seqs, entries, planned, strict=True):
            self.parents[seq] = self.head
            self.head = seq
            self.state = state
            if entry.snapshot is not None and self._snapshots is not None:
                self._snapshots.add(seq)
            self._remember(seq, state, 0 if entry.snapshot is not None else since)
            committed.append(Committed(seq, events))
        self.redo_stack.clear()
        return committed

    def undo(self) -> Moved:
        if not self.head:
            raise RuleViolation("history.undo", "there is nothing to undo")
        target = self.head
        parent = self.parent(target)
        moved = self._move("undo", target, parent, self.state_at(parent))
        self.redo_stack.append(target)
        return moved

    def redo(self) -> Moved:
        if not self.redo_stack:
            raise RuleViolation("history.redo", "there is nothing to redo")
        target = self.redo_stack[-1]
        moved = self._move("redo", target, target, self.state_at(target))
        self.redo_stack.pop()
        return moved

    def _move(self, kind: Literal["undo", "redo"], target: int, head: int, state: Any) -> Moved:
        """Write the undo or redo of command entry ``target``, after which ``head`` (with ``state``)
        is in play, with the words for the table; JournalWriteError leaves the session as it was."""
        command = self.journal.entry(self.game_id, target).command
        texts = messages(self.game.name, self.state, state, command, redo=kind == "redo")
        words = [render(text, ENGLISH) for text in texts]
        seq = self.journal.append(
            self.game_id, kind=kind, head=head, target=target, words=words, finished=is_over(state)
        )
        self.head = head
        self.state = state
        return Moved(seq, target, tuple(words), tuple(texts))

    # --------------------------------------------------------------------------------- views
    def public_view(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "entry": self.head,
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "view": self.game.public_view(self.state),
        }

    def log(self) -> list[dict[str, Any]]:
        """The game log as the table may see it: public events, corrections marked, undos with words."""
        active = set(self.chain(self.head))
        lines = []
        for row in self.journal.entries(self.game_id):
            if row.kind == "command":
                assert row.command is not None and row.events is not None
                kind = row.command.get("type", "")
                lines.append(
                    {
                        "entry": row.seq,
                        "at": row.at,
                        "command": kind,
                        "correction": "reason" in row.command,  # every correction, and only one, gives a reason
                        "in_play": row.seq in active,
                        "events": [self.game.public_event(self.game.parse_event(e)) for e in row.events],
                    }
                )
            else:
                lines.append({"entry": row.seq, "at": row.at, row.kind: row.target, "words": row.words or []})
        return lines
