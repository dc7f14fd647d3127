"""Resume time and write latency of the journal (``companion/journal``), on real SQLite files.

1. Resume: a Schatzjagd game that goes on and on (4 players, plunder, the victory condition "all
   12 treasures hidden in one castle", which a random table does not reach) is played by the
   seeded random table of ``tests/engines/schatzjagd/table.py`` through ``Session.apply`` until
   the running game has 1,000, 10,000 and 100,000 events. A copy of the journal is kept as each
   size is reached and another a little later, just before the next snapshot would be written
   (the most events a resume replays), in ``bench/results/`` (keyed by the seed and a hash of the
   code that writes them, so they are built once). Each repetition starts a new Python process that
   imports the modules, then times ``Journal.open`` + ``Session.resume`` on a copy of the file in
   the run's directory, and, for comparison, ``json.loads`` of each command entry's events text
   as stored (read beforehand; timed with the garbage collector off) and of the same texts joined
   into one JSON array: the baseline the resume is judged against (at most 3 times it). The
   resumed state is checked against the state the game stood at when the journal was written.
   The path without snapshots (a journal whose snapshots are gone) is timed too, for each size as
   reached: the resume then replays every event of the line of play. It is shown, not judged; so
   is the resume of the 1,000-event game (the target is set for 10,000 events and more: a short
   game's resume is mostly the few milliseconds any resume costs).
2. Append latency: the time of ``Session.apply`` (decide, evolve with the invariant check, one
   committed transaction with ``synchronous=FULL``) for commands of the random tables, in a new
   Schatzjagd game, in the 100,000-event game resumed, and in new Die Glücksritter games
   (``tests/engines/gluecksritter/autoplay.py``); then the same rows written again by ``Journal.append`` alone
   into another journal in the same state, and the same rows again by a bare SQLite connection
   (WAL, ``synchronous=FULL``, one ``INSERT`` + ``COMMIT`` per row into a table of its own): the
   baseline of what a committed row costs on this disk. Both calls are judged against a median of
   2 ms and a p99 of 10 ms, and against 3 times the bare baseline's median and p99. The first
   ``--warmup`` calls of each case are not timed. The files are written on the filesystem of
   ``--dir`` (default ``bench/results/``, the repository's disk, not a tmpfs), which is named.

Prints a table with the medians and whether each target is met, and writes the figures to
``bench/results/journal.json``.

    python bench/journal.py [--repeat N] [--appends N] [--warmup N] [--seed N] [--dir DIR] [--rebuild] [--profile]
    python bench/journal.py --quick    # 1,000 and 3,000 events, built in a temporary directory; not judged

The default seed (4) is one whose random game is not won within 100,000 events.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import hashlib
import json
import math
import os
import platform
import pstats
import random
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.replay import reference_speed  # noqa: E402
from companion.journal.session import SNAPSHOT_EVERY, Session  # noqa: E402
from companion.journal.store import Journal  # noqa: E402
from engines.core.history import replay  # noqa: E402
from engines.gluecksritter.rules import SCHMIDT  # noqa: E402
from engines.schatzjagd import GAME  # noqa: E402
from engines.schatzjagd.rules import TREASURES  # noqa: E402
from tests.engines.gluecksritter.autoplay import new_history, play  # noqa: E402
from tests.engines.schatzjagd.table import legal_command, random_setup  # noqa: E402

RESULTS = ROOT / "bench" / "results"
SIZES = (1_000, 10_000, 100_000)
BUILD = "1"  # bump when the way the journals are built changes
# The code that decides what a built journal holds: a change to any of it builds them anew.
BUILT_BY = (
    "companion/journal/errors.py",
    "companion/journal/games.py",
    "companion/games/*.py",
    "companion/journal/schema.py",
    "companion/journal/session.py",
    "companion/journal/store.py",
    "engines/core/*.py",
    "engines/schatzjagd/*.py",
    "tests/engines/schatzjagd/table.py",
)

TARGET_RATIO = 3.0  # resume at most this many times the JSON decoding of the same events
TARGET_RESUME_10K = 0.3  # seconds, resume with 10,000 events
TARGET_MEDIAN = 0.002  # seconds per append
TARGET_P99 = 0.010
TARGET_BARE = 3.0  # appends at most this many times the bare SQLite INSERT + COMMIT (median and p99)


# ------------------------------------------------------------------------------ the games


def long_setup(rng: random.Random) -> Any:
    """A Schatzjagd table that plays on: the whole treasure in one castle wins, which a random
    table with plunder never manages (the build stops with a message if it ever does)."""
    return random_setup(rng, 4, victory={"treasures": TREASURES}, plunder=True)


def schatzjagd_commands(state: Any, rng: random.Random, count: int) -> list[Any]:
    """``count`` commands of the random table from ``state`` on (decided and evolved unchecked)."""
    commands = []
    for _ in range(count):
        if state.phase == "over":
            raise SystemExit("the Schatzjagd game was won while recording commands; try another --seed")
        command = legal_command(state, rng)
        state = replay(GAME, state, GAME.decide(state, command), check=False)
        commands.append(command)
    return commands


def gluecksritter_games(rng: random.Random, count: int) -> list[tuple[Any, list[Any]]]:
    """(setup, commands) of 6-player games of the autoplay table, new games until ``count`` commands."""
    games = []
    total = 0
    while total < count:
        history = new_history(rng, 6, SCHMIDT, shuffle_colours=False)
        total += play(history, rng, count - total)
        games.append((history.config, [entry.command for entry in history.entries]))
    return games


def digest(game: Any, state: Any) -> str:
    text = json.dumps(game.dump_state(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# ---------------------------------------------------------------------- building journals


def code_hash() -> str:
    sha = hashlib.sha256(BUILD.encode())
    for pattern in BUILT_BY:
        for path in sorted(ROOT.glob(pattern)):
            sha.update(str(path.relative_to(ROOT)).encode())
            sha.update(path.read_bytes())
    return sha.hexdigest()[:12]


def replayed(db: sqlite3.Connection) -> int:
    """Events a resume replays: those of the running game after its last snapshot (the line of
    play of a built journal holds every command entry, there are no undos)."""
    row = db.execute(
        "SELECT COALESCE(SUM(json_array_length(e.events)), 0) FROM entries e"
        " JOIN session r ON r.key = 'running' JOIN games g ON g.id = CAST(r.value AS INTEGER)"
        " WHERE e.game_id = g.id AND e.kind = 'command' AND e.seq <= g.head AND e.seq >"
        " (SELECT COALESCE(MAX(s.seq), 0) FROM snapshots s WHERE s.game_id = g.id AND s.seq <= g.head)"
    ).fetchone()
    return int(row[0])


def built(
    seed: int, key: str, rebuild: bool, sizes: tuple[int, ...] = SIZES, results: Path = RESULTS
) -> tuple[list[dict[str, Any]], float | None]:
    """The journals (built now unless cached in ``results``), two per size: as the running game
    reaches the size, and a little later, just before the next snapshot is written (the most a
    resume replays). Each with its path, events, commands, events to replay and state digest; and
    the seconds the build took (None when cached)."""
    meta_path = results / f"journal-schatzjagd-seed{seed}-{key}.json"
    if not rebuild and meta_path.exists():
        journals = json.loads(meta_path.read_text(encoding="utf-8"))
        if len(journals) == 2 * len(sizes) and all(Path(j["path"]).exists() for j in journals):
            return journals, None
    results.mkdir(parents=True, exist_ok=True)
    for old in results.glob(f"journal-schatzjagd-seed{seed}-*"):  # older builds of this seed
        old.unlink()

    started = time.perf_counter()
    journals: list[dict[str, Any]] = []
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="journal-build-") as tmp:
        with Journal.open(Path(tmp) / "journal.sqlite3") as journal:
            session = Session.start(journal, GAME.name, long_setup(rng), name=f"bench seed {seed}")
            events = 0
            pending = None  # a command drawn but not applied yet

            def next_command() -> Any:
                if session.state.phase == "over":
                    raise SystemExit(f"the Schatzjagd game was won after {events} events; try another --seed")
                return legal_command(session.state, rng)

            def keep(size: int, where: str) -> None:
                target = results / f"journal-schatzjagd-seed{seed}-{size}ev-{where}-{key}.sqlite3"
                part = target.with_suffix(".part")
                with closing(sqlite3.connect(part)) as copy:
                    journal.db.backup(copy)
                part.replace(target)
                journals.append(
                    {
                        "size": size,
                        "where": where,
                        "path": str(target),
                        "events": events,
                        "commands": session.head,
                        "replayed": replayed(journal.db),
                        "digest": digest(GAME, session.state),
                        "bytes": target.stat().st_size,
                    }
                )

            for size in sizes:
                while events < size:
                    command, pending = pending or next_command(), None
                    events += len(session.apply(command).events)
                keep(size, "reached")
                while True:
                    command = next_command()
                    coming = len(tuple(GAME.decide(session.state, command)))
                    if replayed(journal.db) + coming >= SNAPSHOT_EVERY:  # this one writes a snapshot
                        pending = command
                        break
                    events += len(session.apply(command).events)
                keep(size, "worst")
                print(f"  built     {size:,} events in {time.perf_counter() - started:.1f} s", flush=True)
    meta_path.write_text(json.dumps(journals, indent=1), encoding="utf-8")
    return journals, time.perf_counter() - started


# ------------------------------------------------------------------------------- resume


def resume_child(path: str) -> None:
    """One cold resume in this (new) process: prints its timings as JSON."""
    gc.collect()
    start = time.perf_counter()
    journal = Journal.open(path, create=False)
    opened = time.perf_counter()
    session = Session.resume(journal)
    resumed = time.perf_counter()
    assert session is not None, "the journal has no running game"
    texts = [
        row[0]
        for row in journal.db.execute(
            "SELECT events FROM entries WHERE game_id = ? AND kind = 'command' ORDER BY seq", (session.game_id,)
        )
    ]
    array = "[" + ",".join(texts) + "]"
    gc.disable()  # the decoding alone, without collections of the objects it makes (stricter)
    start_json = time.perf_counter()
    decoded = [json.loads(text) for text in texts]
    per_entry = time.perf_counter() - start_json
    start_json = time.perf_counter()
    flat = json.loads(array)
    one_array = time.perf_counter() - start_json
    gc.enable()
    events = sum(len(d) for d in decoded)
    assert len(flat) == len(texts)
    result = {
        "open": opened - start,
        "resume": resumed - start,
        "json_entries": per_entry,
        "json_array": one_array,
        "events": events,
        "digest": digest(session.game, session.state),
    }
    journal.close()
    print(json.dumps(result))


def cold_resumes(path: Path, repeat: int) -> list[dict[str, Any]]:
    runs = []
    for _ in range(repeat):
        done = subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--resume-child", str(path)],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"the resume process failed:\n{done.stderr}")
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return runs


def warm_resumes(path: Path, repeat: int) -> list[float]:
    """Open + resume in this process, the file reopened each time (after one untimed round)."""
    times = []
    for i in range(repeat + 1):
        start = time.perf_counter()
        with Journal.open(path, create=False) as journal:
            Session.resume(journal)
            if i:
                times.append(time.perf_counter() - start)
    return times


# ------------------------------------------------------------------------------ appends


@dataclass
class Case:
    label: str
    journal: Path  # the file written by Session.apply
    raw: Path  # a file in the same state, written by Journal.append alone
    plan: list[tuple[str, Any, Callable[[Any], list[Any]]]]  # (game, setup or None to resume, commands)
    applies: list[float] = field(default_factory=list)
    appends: list[float] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)


def time_applies(case: Case, warmup: int, profiler: cProfile.Profile | None = None) -> list[tuple[int, int]]:
    """Times Session.apply for every planned command (profiled too, if asked); returns
    (game id, entries before) per game."""
    written = []
    times = []
    with Journal.open(case.journal) as journal:
        for game, setup, commands_from in case.plan:
            session = Session.resume(journal) if setup is None else Session.start(journal, game, setup)
            assert session is not None
            written.append((session.game_id, session.head))
            commands = commands_from(session.state)
            gc.collect()
            if profiler:
                profiler.enable()
            for command in commands:
                start = time.perf_counter()
                session.apply(command)
                times.append(time.perf_counter() - start)
            if profiler:
                profiler.disable()
    case.applies = times[warmup:]
    return written


def time_appends(case: Case, written: list[tuple[int, int]], warmup: int) -> None:
    """The rows Session.apply wrote, written again into ``case.raw`` by Journal.append alone."""
    times = []
    with Journal.open(case.journal, create=False) as source, Journal.open(case.raw) as target:
        for game_id, before in written:
            row = source.game(game_id)
            if before == 0:
                into, head = target.create_game(row.game, row.format, row.config, row.name), 0
            else:
                into, head = game_id, target.game(game_id).head
            snapshots = {seq: state for seq, state in source.snapshots(game_id) if seq > before}
            entries = list(source.entries(game_id, after=before))
            gc.collect()
            for entry in entries:
                finished = row.finished is not None and entry.seq == row.head
                start = time.perf_counter()
                seq = target.append(
                    into,
                    kind=entry.kind,
                    head=head,
                    parent=entry.parent,
                    command=entry.command,
                    events=entry.events,
                    snapshot=snapshots.get(entry.seq),
                    finished=finished,
                )
                times.append(time.perf_counter() - start)
                assert seq == entry.seq, f"the copy wrote entry {seq} for {entry.seq}"
                head = seq
    case.appends = times[warmup:]


def time_bare(case: Case, written: list[tuple[int, int]], warmup: int) -> None:
    """The same rows once more, by a bare SQLite connection in the same mode as the journal (WAL,
    ``synchronous=FULL``): one INSERT and one COMMIT per row, nothing else."""
    path = case.raw.with_name(case.raw.stem + "-bare.sqlite3")
    times = []
    with Journal.open(case.journal, create=False) as source, closing(sqlite3.connect(path, isolation_level=None)) as db:
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute(
            "CREATE TABLE IF NOT EXISTS rows (game_id INTEGER, seq INTEGER, command TEXT, events TEXT, at TEXT,"
            " PRIMARY KEY (game_id, seq))"
        )
        for game_id, before in written:
            rows = source.db.execute(
                "SELECT seq, command, events, at FROM entries WHERE game_id = ? AND seq > ? ORDER BY seq",
                (game_id, before),
            ).fetchall()
            gc.collect()
            for seq, command, events, at in rows:
                start = time.perf_counter()
                db.execute("BEGIN IMMEDIATE")
                db.execute("INSERT INTO rows VALUES (?, ?, ?, ?, ?)", (game_id, seq, command, events, at))
                db.execute("COMMIT")
                times.append(time.perf_counter() - start)
    case.bare = times[warmup:]


def filesystem(path: Path) -> str:
    """The type and mount point of the filesystem that holds ``path`` (Linux), if known."""
    try:
        mounts = [line.split() for line in Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        return "unknown"
    path = path.resolve()
    best = ("", "unknown")
    for fields in mounts:
        point = fields[1].replace("\\040", " ")
        if (path == Path(point) or Path(point) in path.parents) and len(point) > len(best[0]):
            best = (point, fields[2])
    return f"{best[1]} (mounted at {best[0]})"


def without_snapshots(source: str, target: Path) -> None:
    """A copy of the journal at ``source`` without its snapshots."""
    shutil.copyfile(source, target)
    with closing(sqlite3.connect(target, isolation_level=None)) as db:
        db.execute("DELETE FROM snapshots")


def percentile(values: list[float], p: float) -> float:
    """Nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


# --------------------------------------------------------------------------------- main


def pressure() -> str:
    """How much of the last 10 s something waited for a CPU or the disk (Linux), if known."""
    found = []
    for what in ("cpu", "io"):
        try:
            line = Path(f"/proc/pressure/{what}").read_text().split("\n")[0]
        except OSError:
            continue
        found.append(f"{what} {line.split()[1].split('=')[1]}%")  # "some avg10=…": at least one task waited
    return f"; waiting for {', '.join(found)} (10 s)" if found else ""


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7, help="resume repetitions per size (default 7)")
    parser.add_argument("--appends", type=int, default=2000, help="timed appends per case (default 2000)")
    parser.add_argument("--warmup", type=int, default=100, help="untimed appends first (default 100)")
    parser.add_argument("--seed", type=int, default=4, help="default 4: its game is not won within 100,000 events")
    parser.add_argument("--dir", type=Path, help="where the journals are written (default: bench/results/)")
    parser.add_argument("--rebuild", action="store_true", help="build the journals anew")
    parser.add_argument("--profile", action="store_true", help="also profile a resume and the appends")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="for CI: few rounds, every path, not judged (1,000 and 3,000 events, built anew; 2 runs, 50 appends)",
    )
    parser.add_argument("--resume-child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.resume_child:
        resume_child(args.resume_child)
        return 0
    if args.quick:
        args.repeat, args.appends, args.warmup = 2, 50, 5
    with tempfile.TemporaryDirectory(prefix="companion-bench-journal-") as quick_dir:
        # quick: the journals built each time and the figures written beside none of the full run's
        return run(args, (1_000, 3_000) if args.quick else SIZES, Path(quick_dir) if args.quick else RESULTS)


def run(args: argparse.Namespace, sizes: tuple[int, ...], results: Path) -> int:

    print("Journal benchmark")
    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"  python    {python}, sqlite {sqlite3.sqlite_version}")
    cpu = f"{platform.machine()}, {os.cpu_count()} cpu"
    print(f"  machine   {platform.platform()} ({cpu})")
    print(f"  speed     {reference_speed():.1f} M loop steps/s now (a reference for comparing noisy runs)")
    print(f"  load      {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min){pressure()}")
    key = code_hash()
    journals, build_seconds = built(args.seed, key, args.rebuild, sizes, results)
    how = "cached" if build_seconds is None else f"built in {build_seconds:.1f} s"
    print(f"  journals  schatzjagd, 4 players, plunder, seed {args.seed}, code {key}: {how}")

    where = args.dir or results
    where.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="journal-bench-", dir=where) as tmp_name:
        tmp = Path(tmp_name)
        fs = filesystem(tmp)
        print(f"  files in  {tmp}, filesystem {fs}")
        if fs.startswith("tmpfs") or fs.startswith("ramfs"):
            print("  (a filesystem in memory: the appends do not reach a disk; give --dir on the journal's disk)")
        report: dict[str, Any] = {
            "format": "companion.bench.journal",
            "python": platform.python_version(),
            "sqlite": sqlite3.sqlite_version,
            "machine": platform.platform(),
            "load": os.getloadavg(),
            "seed": args.seed,
            "filesystem": fs,
            "code": key,
            "snapshot_every": SNAPSHOT_EVERY,
            "build_seconds": build_seconds,
            "resume": [],
            "append": [],
        }

        # ---- resume
        print()
        print(f"Resume: Journal.open + Session.resume in a new process, median of {args.repeat}")
        print("  each size as reached, then just before the next snapshot (the most a resume replays)")
        print(f"  replayed: events after the last snapshot (one every {SNAPSHOT_EVERY}), replayed by the resume")
        print("  warm: the same in this process, the file reopened each time")
        print("  json: json.loads of each command entry's events text as stored; array: of all in one JSON array")
        print("  ratio: resume / array (the baseline); no snapshots: the journal as reached, its snapshots deleted")
        print(
            f"  {'events':>8} {'commands':>8} {'MB':>5} {'replayed':>8} {'resume ms':>9} {'warm ms':>8} "
            f"{'json ms':>8} {'array ms':>8} {'ratio':>6}  target"
        )
        resumes = [(info, True) for info in journals]
        resumes += [(info, False) for info in journals if info["where"] == "reached"]
        for info, snapshots in resumes:
            copy = tmp / f"resume-{info['size']}-{info['where']}{'' if snapshots else '-nosnap'}.sqlite3"
            if snapshots:
                shutil.copyfile(info["path"], copy)
            else:
                without_snapshots(info["path"], copy)
            runs = cold_resumes(copy, args.repeat)
            for run in runs:
                if run["digest"] != info["digest"] or run["events"] != info["events"]:
                    raise SystemExit(f"the resumed game is not the game that was written: {run} {info}")
            warm = statistics.median(warm_resumes(copy, args.repeat))
            resume = statistics.median(r["resume"] for r in runs)
            decode = statistics.median(r["json_entries"] for r in runs)
            decode_array = statistics.median(r["json_array"] for r in runs)
            ratio = resume / decode_array
            ok = ratio <= TARGET_RATIO and (info["size"] != 10_000 or resume <= TARGET_RESUME_10K)
            wants = f"ratio <= {TARGET_RATIO:g}"
            if info["size"] == 10_000:
                wants += f", <= {TARGET_RESUME_10K * 1e3:g} ms"
            # The target is set for 10,000 events and more. A short game's resume is mostly what
            # any resume costs (opening the file, a snapshot, up to SNAPSHOT_EVERY events after it):
            # a few ms, shown against the decoding of its few events but not judged.
            judged = snapshots and info["size"] >= 10_000 and not args.quick
            replays = info["replayed"] if snapshots else info["events"]
            said = (
                f"{verdict(ok)} ({wants})"
                if judged
                else "quick: not judged"
                if args.quick
                else "short game: shown, not judged"
                if snapshots
                else "no snapshots: not judged"
            )
            print(
                f"  {info['events']:>8,} {info['commands']:>8,} {info['bytes'] / 1e6:>5.1f} {replays:>8,} "
                f"{resume * 1e3:>9.1f} {warm * 1e3:>8.1f} {decode * 1e3:>8.1f} {decode_array * 1e3:>8.1f} "
                f"{ratio:>6.2f}  {said}"
            )
            report["resume"].append(
                {
                    **{k: info[k] for k in ("size", "where", "events", "commands", "bytes")},
                    "snapshots": snapshots,
                    "replayed": replays,
                    "resume_s": resume,
                    "open_s": statistics.median(r["open"] for r in runs),
                    "warm_resume_s": warm,
                    "json_entries_s": decode,
                    "json_array_s": decode_array,
                    "ratio": ratio,
                    "ratio_to_entries": resume / decode,
                    "runs": runs,
                    "met": ok or not judged,
                    "judged": judged,
                }
            )

        # ---- appends
        count = args.warmup + args.appends
        big = next(j for j in journals if j["size"] == sizes[-1] and j["where"] == "reached")
        shutil.copyfile(big["path"], tmp / "running.sqlite3")
        shutil.copyfile(big["path"], tmp / "running-raw.sqlite3")
        fresh_rng = random.Random(args.seed + 1)
        fresh_setup = long_setup(fresh_rng)
        gluecksritter = gluecksritter_games(random.Random(args.seed + 2), count)
        cases = [
            Case(
                "schatzjagd, new game",
                tmp / "fresh.sqlite3",
                tmp / "fresh-raw.sqlite3",
                [(GAME.name, fresh_setup, lambda state: schatzjagd_commands(state, fresh_rng, count))],
            ),
            Case(
                f"schatzjagd, after {big['events']:,} events",
                tmp / "running.sqlite3",
                tmp / "running-raw.sqlite3",
                [(GAME.name, None, lambda state: schatzjagd_commands(state, random.Random(args.seed + 3), count))],
            ),
            Case(
                f"gluecksritter, {len(gluecksritter)} new game(s)",
                tmp / "gluecksritter.sqlite3",
                tmp / "gluecksritter-raw.sqlite3",
                [("gluecksritter", setup, lambda _state, c=commands: c) for setup, commands in gluecksritter],
            ),
        ]
        print()
        print(f"Append latency: {args.appends} timed after {args.warmup} untimed, synchronous=FULL")
        print(f"  {'case':<34} {'call':<14} {'median ms':>9} {'p99 ms':>7} {'max ms':>7}  target")
        profiles = []
        for case in cases:
            profiler = cProfile.Profile() if args.profile else None
            written = time_applies(case, args.warmup, profiler)
            if profiler:
                profiles.append((f"Session.apply, {case.label}", profiler))
            time_appends(case, written, args.warmup)
            time_bare(case, written, args.warmup)
            bare_median, bare_p99 = statistics.median(case.bare), percentile(case.bare, 99)
            calls = (("Session.apply", case.applies), ("Journal.append", case.appends), ("bare SQLite", case.bare))
            for call, times in calls:
                median, p99 = statistics.median(times), percentile(times, 99)
                judged = call != "bare SQLite" and not args.quick
                missed = [
                    what
                    for what, met_it in (
                        (f"median > {TARGET_MEDIAN * 1e3:g} ms", median <= TARGET_MEDIAN),
                        (f"p99 > {TARGET_P99 * 1e3:g} ms", p99 <= TARGET_P99),
                        (f"median {median / bare_median:.1f} x bare", median <= TARGET_BARE * bare_median),
                        (f"p99 {p99 / bare_p99:.1f} x bare", p99 <= TARGET_BARE * bare_p99),
                    )
                    if not met_it
                ]
                ok = not missed
                said = verdict(ok) + (f" ({', '.join(missed)})" if missed else "")
                print(
                    f"  {case.label:<34} {call:<14} {median * 1e3:>9.3f} {p99 * 1e3:>7.3f} {max(times) * 1e3:>7.2f}  "
                    f"{said if judged else 'quick: not judged' if args.quick else 'the baseline'}"
                )
                report["append"].append(
                    {
                        "case": case.label,
                        "call": call,
                        "count": len(times),
                        "median_s": median,
                        "p99_s": p99,
                        "max_s": max(times),
                        "met": ok or not judged,
                        "judged": judged,
                    }
                )
        print(
            f"  targets: median <= {TARGET_MEDIAN * 1e3:g} ms, p99 <= {TARGET_P99 * 1e3:g} ms, "
            f"both <= {TARGET_BARE:g} x the bare SQLite INSERT + COMMIT of the same rows"
        )

        if args.profile:
            profiler = cProfile.Profile()
            copy = tmp / f"resume-{sizes[-1]}-worst.sqlite3"
            profiler.enable()
            with Journal.open(copy, create=False) as journal:
                Session.resume(journal)
            profiler.disable()
            title = f"Journal.open + Session.resume, {sizes[-1]:,} events, before a snapshot (warm)"
            profiles.insert(0, (title, profiler))
            for title, prof in profiles:
                print()
                print(f"Profile: {title}")
                pstats.Stats(prof, stream=sys.stdout).sort_stats("cumulative").print_stats(18)

    met = all(r["met"] for r in report["resume"]) and all(a["met"] for a in report["append"])
    report["all_met"] = met
    results.mkdir(parents=True, exist_ok=True)
    out = results / "journal.json"
    out.write_text(json.dumps(report, indent=1), encoding="utf-8")
    print()
    if args.quick:
        print(f"Quick run: the targets are not judged; figures in {out} (removed with its directory)")
    else:
        print(f"All targets {'met' if met else 'NOT met'}; figures in {out.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
