"""Time of ``journal verify`` against a plain replay of the same events.

A Schatzjagd game that goes on and on (4 players, plunder, all 12 treasures in one castle to
win, which a random table does not reach; the seeded random table of
``tests/engines/schatzjagd/table.py``) is recorded until it has 10,000 and 100,000 events, with
an undo and a redo every 50 commands, and written into a journal with ``Journal.add_game`` as an
import writes it (a snapshot every ``SNAPSHOT_EVERY`` events). The journals are kept in
``bench/results/`` (keyed by the seed and the size), so they are built once.

For each size, the median of ``--repeat`` runs in this process of:

- verify: ``Journal.open(readonly=True)`` + ``companion.journal.verify.verify`` (the integrity
  check, every entry read and decoded, the line of play folded with the invariants checked after
  every event, every snapshot compared with the replay);
- replay: ``engines.core.history.replay`` of the game's events, already decoded and parsed, from
  the setup, with the invariant check after every event (what verify's replay does), and without;
- decode + replay: the same from the events' JSON texts as stored (``json.loads`` and
  ``parse_event`` of each entry's events, then the checked replay).

Prints the medians, the ratio of verify to the plain replay with the check (the target: at most 5
at 100,000 events) and, for comparison, to the replay without it.

    python bench/verify.py [--repeat N] [--seed N] [--sizes N,N] [--rebuild]
    python bench/verify.py --quick     # 1,000 and 3,000 events, built in a temporary directory, not judged
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.journal import long_setup  # noqa: E402
from companion.journal.exports import rebuild  # noqa: E402
from companion.journal.store import EntryRow, GameRow, Journal, now  # noqa: E402
from companion.journal.verify import verify  # noqa: E402
from engines.core.history import replay  # noqa: E402
from engines.schatzjagd import GAME  # noqa: E402
from tests.engines.schatzjagd.table import legal_command  # noqa: E402

RESULTS = ROOT / "bench" / "results"
BUILD = "2"  # bump when the way the journals are built changes
TARGET_RATIO = 5.0  # verify at most this many times the plain replay, at 100,000 events
UNDO_EVERY = 50  # commands between two undo + redo pairs


def build(path: Path, seed: int, size: int) -> None:
    """A journal with one Schatzjagd game of at least ``size`` events, written as an import writes
    it (``rebuild`` makes its snapshots)."""
    rng = random.Random(seed)
    config = GAME.parse_config(long_setup(rng))
    state = GAME.setup(config)
    entries: list[EntryRow] = []
    events = head = 0
    at = now()
    while events < size:
        if state.phase == "over":
            raise SystemExit(f"the Schatzjagd game was won after {events} events; try another --seed")
        command = legal_command(state, rng)
        done = list(GAME.decide(state, command))
        state = replay(GAME, state, done, check=False)
        seq = len(entries) + 1
        stored = [GAME.dump_event(e) for e in done]
        entries.append(EntryRow(seq, "command", None, head, GAME.dump_command(command), stored, None, at))
        head = seq
        events += len(done)
        if seq % UNDO_EVERY == 0:  # taken back and put back: the line is the same afterwards
            entries.append(EntryRow(seq + 1, "undo", seq, None, None, None, [], at))
            entries.append(EntryRow(seq + 2, "redo", seq, None, None, None, [], at))
    rebuilt = rebuild(GAME, GAME.dump_config(config), entries)
    row = GameRow(0, GAME.name, GAME.format_version, rebuilt.config, "bench", at, at, None, rebuilt.head)
    part = path.with_suffix(".part")
    part.unlink(missing_ok=True)
    with Journal.open(part) as journal:
        journal.add_game(row, rebuilt.entries, rebuilt.snapshots, running=True)
        journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    part.replace(path)


def journal_for(seed: int, size: int, rebuild: bool, results: Path = RESULTS) -> tuple[Path, float | None]:
    path = results / f"verify-schatzjagd-seed{seed}-{size}ev-b{BUILD}.sqlite3"
    if path.exists() and not rebuild:
        return path, None
    results.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    build(path, seed, size)
    return path, time.perf_counter() - started


def stored_events(path: Path) -> tuple[Any, list[str], int]:
    """The setup of the journal's game and the events texts of its commands in play, in order."""
    with Journal.open(path, readonly=True) as journal:
        (row,) = journal.games()
        initial = GAME.setup(GAME.parse_config(row.config))
        line: list[int] = []
        redo: list[int] = []
        for seq, kind, _target, _parent in journal.outline(row.id):
            if kind == "command":
                line.append(seq)
                redo.clear()
            elif kind == "undo":
                redo.append(line.pop())
            else:
                line.append(redo.pop())
        in_play = set(line)
        texts = [
            text
            for seq, text in journal.db.execute(
                "SELECT seq, events FROM entries WHERE game_id = ? AND kind = 'command' ORDER BY seq", (row.id,)
            )
            if seq in in_play
        ]
        entries = len(journal.outline(row.id))
    return initial, texts, entries


def timed(work: Any, repeat: int) -> tuple[float, Any]:
    times = []
    result = None
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def measure(path: Path, repeat: int) -> tuple[float, float, float, float, int, int]:
    """Medians of verify, the checked replay, the unchecked replay and decode + replay (seconds),
    with the events and entries of the journal's game."""
    initial, texts, entries = stored_events(path)
    parsed = [GAME.parse_event(e) for text in texts for e in json.loads(text)]

    def verified() -> Any:
        with Journal.open(path, readonly=True) as journal:
            return verify(journal)

    def decoded() -> Any:
        return replay(GAME, initial, [GAME.parse_event(e) for text in texts for e in json.loads(text)])

    verify_s, report = timed(verified, repeat)
    if not report.ok or report.events != len(parsed):
        raise SystemExit(f"verify did not pass the journal: {report}")
    replay_s, final = timed(lambda: replay(GAME, initial, parsed), repeat)
    unchecked_s, _ = timed(lambda: replay(GAME, initial, parsed, check=False), repeat)
    decode_s, again = timed(decoded, repeat)
    assert GAME.dump_state(final) == GAME.dump_state(again)
    return verify_s, replay_s, unchecked_s, decode_s, len(parsed), entries


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (default 5)")
    parser.add_argument("--seed", type=int, default=4, help="default 4: its game is not won within 100,000 events")
    parser.add_argument("--sizes", default="10000,100000", help="events per game (default 10000,100000)")
    parser.add_argument("--rebuild", action="store_true", help="build the journals anew")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="for CI: few rounds, every path, not judged (1,000 and 3,000 events, 2 runs, built anew)",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.repeat, args.sizes = 2, "1000,3000"
    sizes = [int(size) for size in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="companion-bench-verify-") as tmp:
        # quick: the journals built each time, beside none of the full run's
        return run(args, sizes, Path(tmp) if args.quick else RESULTS)


def run(args: argparse.Namespace, sizes: list[int], results: Path) -> int:

    print("Verify benchmark")
    python = f"{platform.python_implementation()} {platform.python_version()}"
    print(f"  python    {python}, sqlite {sqlite3.sqlite_version}")
    print(f"  machine   {platform.platform()}")
    print(f"  game      schatzjagd, 4 players, plunder, seed {args.seed}; median of {args.repeat} runs")
    print()
    print(
        f"  {'events':>8} {'entries':>8} {'verify s':>9} {'replay s':>9} {'unchecked s':>11} "
        f"{'decode+replay s':>15} {'ratio':>6} {'unchecked':>9}  target"
    )
    met = True
    for size in sizes:
        path, took = journal_for(args.seed, size, args.rebuild, results)
        if took is not None:
            print(f"  (built the {size:,}-event journal in {took:.1f} s)")
        verify_s, replay_s, unchecked_s, decode_s, events, entries = measure(path, args.repeat)
        ratio = verify_s / replay_s
        judged = size >= 100_000 and not args.quick
        ok = ratio <= TARGET_RATIO
        met = met and (ok or not judged)
        verdict = ("met" if ok else "NOT met") + f" (ratio <= {TARGET_RATIO:g})" if judged else "-"
        print(
            f"  {events:>8,} {entries:>8,} {verify_s:>9.2f} {replay_s:>9.2f} {unchecked_s:>11.2f} "
            f"{decode_s:>15.2f} {ratio:>6.2f} {verify_s / unchecked_s:>9.1f}  {verdict}"
        )
    print()
    print("  ratio: verify / replay with the invariant check after every event (what verify replays);")
    print("  unchecked: verify / replay without the check")
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main())
