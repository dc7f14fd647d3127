"""Power cuts, simulated: a real ``companion scenario run --journal DB`` process playing a long game
is killed with SIGKILL at random moments, and after every kill the journal must hold everything
the process said it had committed, and be sound.

The process prints ``committed game=G entry=S event=I/N <type>`` (or ``... undo of entry T``)
only after the entry's transaction was committed. It is killed after a seeded random number of
printed lines, sometimes at once, sometimes after a short random pause (so the kill lands in the
middle of deciding, writing or syncing the next entry), sometimes before it printed anything
(while it opens the journal, lays out a new file or starts the game). Then:

- every printed line names an entry that is in the file, with that event at that place (read
  with a read-only connection of our own, before anything else opens the file);
- at most one entry more than printed was committed (killed between commit and print);
- the game resumes to exactly the state of the scenario after that many entries (computed by
  playing the file on an in-memory History), and the games of earlier runs are as they were;
- ``companion journal verify DB`` exits 0.

Journals accumulate games: each of ``GROUPS`` journals takes ``KILLS_PER_GROUP`` killed runs in a
row (a new game each), so later runs reopen a file left by a kill, and later kills must not harm
earlier games; several journals keep each verify short and let the groups run side by side.
``verify`` runs after every kill through the command's entry point in this process (the same
code as the installed command, without a second interpreter start per kill); at the end, one
journal is also verified by a separate process, which must print the same counts and digest.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from companion.journal.session import Session
from companion.journal.store import Journal
from engines.core.history import History
from tests.companion.journal.fixtures.games import ENGINES, LONG_GAME, REDO, ROOT, UNDO, cli, script
from tests.support.waiting import PROCESS

GROUPS = 10
KILLS_PER_GROUP = 5
SEED = 1998
WORKERS = max(2, min(4, os.cpu_count() or 2))

EVENT = re.compile(r"committed game=(\d+) entry=(\d+) event=(\d+)/(\d+) (\S+)\n")
MOVE = re.compile(r"committed game=(\d+) entry=(\d+) (undo|redo) of entry (\d+)\n")

VERIFY_LOCK = threading.Lock()  # the in-process command line redirects sys.stdout


@dataclass(frozen=True)
class LongGame:
    transcript: tuple[str, ...]  # the printed lines of a complete run, without "committed game=G "
    last_entry: tuple[int, ...]  # per printed line: the entry it belongs to
    states: tuple[Any, ...]  # the state after each entry (0: the setup)
    events: int


def long_game() -> LongGame:
    """Play the long scenario on an in-memory History: what a run prints, and every state."""
    played = script(LONG_GAME)
    assert played.game == "gluecksritter"
    history = History(ENGINES[played.game], played.config, check_every_event=False)
    states, lines, owners = [history.state], [], []
    line: list[int] = []
    undone: list[int] = []
    events = 0
    for seq, step in enumerate(played.steps, start=1):
        if step == UNDO:
            history.undo()
            undone.append(line.pop())
            lines.append(f"entry={seq} undo of entry {undone[-1]}")
            owners.append(seq)
        elif step == REDO:
            history.redo()
            line.append(undone.pop())
            lines.append(f"entry={seq} redo of entry {line[-1]}")
            owners.append(seq)
        else:
            done = history.apply(step)
            line.append(seq)
            undone.clear()
            events += len(done)
            for i, event in enumerate(done, start=1):
                lines.append(f"entry={seq} event={i}/{len(done)} {event.type}")
                owners.append(seq)
        states.append(history.state)
    return LongGame(tuple(lines), tuple(owners), tuple(states), events)


@dataclass
class Tally:
    kills: int = 0
    before_first_line: int = 0
    paused: int = 0
    events: int = 0
    moves: int = 0
    one_more: int = 0  # runs killed after a commit, before its line was printed
    completed: int = 0
    games: dict[str, dict[int, tuple[int, int]]] = field(default_factory=dict)


def game_ids(db: Path) -> set[int]:
    try:
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    except sqlite3.OperationalError:
        return set()
    try:
        return {row[0] for row in con.execute("SELECT id FROM games")}
    except sqlite3.OperationalError:  # no file yet, or killed before the tables were laid out
        return set()
    finally:
        con.close()


def kill_point(rng: random.Random, total: int) -> tuple[int, float]:
    """How many printed lines to wait for, and the pause before the kill."""
    roll = rng.random()
    if roll < 0.08:
        return 0, rng.uniform(0.2, 1.6)  # while starting, opening the file, creating the game
    lines = rng.randint(1, 100) if roll < 0.7 else rng.randint(100, min(total, 640))
    return lines, (rng.uniform(0.0, 0.012) if rng.random() < 0.5 else 0.0)


def one_run(db: Path, rng: random.Random, game: LongGame, tally: Tally, lock: threading.Lock) -> bool:
    """Start a run, kill it, check the journal; whether the kill came before the run finished."""
    before = game_ids(db)
    wanted, pause = kill_point(rng, len(game.transcript))
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "scenario", "run", "--journal", str(db), str(LONG_GAME)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        text=True,
        bufsize=1,
    )
    printed: list[str] = []
    try:
        assert proc.stdout is not None
        while len(printed) < wanted:
            text = proc.stdout.readline()
            if not text:
                break
            printed.append(text)
        if pause:
            time.sleep(pause)
        proc.send_signal(signal.SIGKILL)
        rest = proc.stdout.read()
    finally:
        proc.kill()
        proc.wait()
    printed += [part + "\n" for part in rest.split("\n")[:-1]]  # a torn last line promised nothing
    killed = proc.returncode == -signal.SIGKILL
    if not killed:  # it finished before the kill: the whole game, then its result line
        assert proc.returncode == 0 and printed[-1].startswith("ok "), printed[-3:]
    if printed and printed[-1].startswith("ok "):  # also killed after the result, while Python ended
        printed.pop()

    # 1. what was printed, read back with a read-only connection before anything else opens the file
    new = game_ids(db) - before
    assert len(new) <= 1, f"one run created the games {sorted(new)}"
    game_id = next(iter(new), None)
    expected = [f"committed game={game_id} {line}\n" for line in game.transcript[: len(printed)]]
    assert printed == expected, "the run printed something else than the game it plays"
    found, head = entries(db, game_id)
    documents: dict[int, list[dict[str, Any]]] = {}
    for text in printed:
        if match := EVENT.fullmatch(text):
            seq, i, n, kind = int(match[2]), int(match[3]), int(match[4]), match[5]
            assert seq in found, f"{text.strip()}: entry {seq} is not in the journal"
            assert found[seq][0] == "command", text
            events = documents.setdefault(seq, json.loads(found[seq][2]))
            assert len(events) == n and events[i - 1]["type"] == kind, text
        else:
            match = MOVE.fullmatch(text)
            assert match, text
            seq, kind, target = int(match[2]), match[3], int(match[4])
            assert seq in found and found[seq][:2] == (kind, target), f"{text.strip()}: not in the journal"
    # beyond what was printed, at most the one entry committed just before the kill
    last = game.last_entry[len(printed) - 1] if printed else 0
    most = max(found, default=0)
    assert sorted(found) == list(range(1, most + 1))
    torn = bool(printed) and (m := EVENT.fullmatch(printed[-1])) is not None and m[3] != m[4]
    assert last <= most <= (last if torn else last + 1), f"{most} entries in the file, {last} printed"
    assert head is None or head <= most

    with lock:
        tally.kills += killed
        tally.completed += not killed
        tally.before_first_line += killed and not printed
        tally.paused += killed and bool(pause)
        tally.events += sum(1 for p in printed if EVENT.fullmatch(p))
        tally.moves += sum(1 for p in printed if MOVE.fullmatch(p))
        tally.one_more += most == last + 1

    # 2. journal verify, on the file as the kill left it
    with VERIFY_LOCK:
        code, out, err = cli("journal", "verify", db)
    if not db.exists():  # killed before the file was made: nothing was promised
        assert code == 2 and "there is no journal" in err and not printed
        return killed
    assert code == 0 and out.rstrip().endswith("ok"), f"journal verify after a kill: {out}{err}"

    # 3. the game resumes to the scenario's state after that many entries; earlier games unchanged
    with Journal.open(db, create=False) as journal:
        if game_id is not None:
            session = Session.open(journal, game_id)
            assert session.state == game.states[most], f"game {game_id} resumes elsewhere than after entry {most}"
            assert session.head == journal.game(game_id).head
        seen = {row.id: (journal.next_seq(row.id) - 1, row.head) for row in journal.games()}
    with lock:
        earlier = tally.games.setdefault(db.name, {})
        for gid, mark in earlier.items():
            assert seen[gid] == mark, f"{db.name}: game {gid} changed after a later kill"
        earlier.update(seen)
    return killed


def entries(db: Path, game_id: int | None) -> tuple[dict[int, tuple[str, int | None, str | None]], int | None]:
    """(kind, target, events) of every entry of the game, and its head, read-only."""
    if game_id is None:
        return {}, None
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = con.execute("SELECT seq, kind, target, events FROM entries WHERE game_id = ?", (game_id,))
        found = {seq: (kind, target, events) for seq, kind, target, events in rows}
        (head,) = con.execute("SELECT head FROM games WHERE id = ?", (game_id,)).fetchone()
        return found, head
    finally:
        con.close()


def run_group(base: Path, group: int, game: LongGame, tally: Tally, lock: threading.Lock) -> str:
    rng = random.Random(SEED * 100 + group)
    db = base / f"journal-{group}.sqlite3"
    kills = 0
    while kills < KILLS_PER_GROUP:
        kills += one_run(db, rng, game, tally, lock)
    if not db.exists():
        return f"{db.name}: never created"
    if group:
        with VERIFY_LOCK:
            return f"{db.name}: {cli('journal', 'verify', db)[1].splitlines()[0]}"
    done = subprocess.run(
        [sys.executable, "-m", "companion", "journal", "verify", str(db)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=PROCESS,
    )
    assert done.returncode == 0 and done.stdout.rstrip().endswith("ok"), done
    with VERIFY_LOCK:
        _, out, _ = cli("journal", "verify", db)
    assert out == done.stdout  # the same counts and state digest as in a process of its own
    return f"{db.name}: {done.stdout.splitlines()[0]}"


def test_the_long_game_is_legal_and_long() -> None:
    game = long_game()
    assert game.events >= 500
    assert game.states[-1].phase == "over"
    assert sum("undo of" in line for line in game.transcript) >= 3


@pytest.mark.timeout(600)
def test_killed_at_random_moments_the_journal_keeps_every_committed_event(tmp_path: Path) -> None:
    game = long_game()
    tally, lock = Tally(), threading.Lock()
    start = time.monotonic()
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        futures = [pool.submit(run_group, tmp_path, g, game, tally, lock) for g in range(GROUPS)]
        summaries = [f.result() for f in futures]
    took = time.monotonic() - start
    print(
        f"\n{tally.kills} kills ({tally.before_first_line} before the first line, {tally.paused} after a pause), "
        f"{tally.completed} runs finished first; {tally.events} committed events and {tally.moves} undo/redo "
        f"lines checked; {tally.one_more} kills between a commit and its line; {took:.1f} s with {WORKERS} workers"
    )
    for summary in summaries:
        print(f"  {summary}")
    assert tally.kills == GROUPS * KILLS_PER_GROUP >= 50
    assert tally.events >= 5000
