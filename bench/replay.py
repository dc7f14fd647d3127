"""Replay throughput of the Die Glücksritter engine.

Records a long 6-player game with the seeded random table of ``tests/support/autoplay.py``
(new games are started whenever one ends, until at least ``--events`` events are recorded),
saves it to ``bench/results/`` as JSON (one ``engines.core.saved.dump_history`` document per
game), loads it back and measures how fast the events replay from the setup with
``engines.core.history.replay``, with and without the invariant check after every event.
While recording, the time ``decide`` takes for each accepted command is measured too.

    python bench/replay.py [--seed N] [--events N] [--repeat N] [--players N] [--rules NAME]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engines.core.history import History, replay  # noqa: E402
from engines.core.saved import dump_history, load_history  # noqa: E402
from engines.gluecksritter import GAME, OSULLIVAN, SCHMIDT  # noqa: E402
from tests.support.autoplay import new_history, play  # noqa: E402

TARGET = 50_000  # events per second
RESULTS = ROOT / "bench" / "results"


def record(seed: int, players: int, ruleset: str, min_events: int) -> tuple[list[History], list[float]]:
    """Games played by the random table until ``min_events`` events are recorded in all."""
    rng = random.Random(seed)
    games: list[History] = []
    decide_times: list[float] = []
    total = 0
    while total < min_events:
        history = new_history(rng, players, ruleset, shuffle_colours=False)
        while history.state.phase != "over" and total < min_events:
            before = len(history.entries)
            play(history, rng, 200, decide_times=decide_times)
            total += sum(len(e.events) for e in history.entries[before:])
        games.append(history)
    return games, decide_times


def save(games: list[History], seed: int, players: int, ruleset: str) -> Path:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"gluecksritter-{ruleset}-{players}p-seed{seed}.json"
    document = {
        "format": "companion.bench.replay",
        "seed": seed,
        "players": players,
        "rules": ruleset,
        "games": [dump_history(h) for h in games],
    }
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def load(path: Path) -> list[History]:
    document = json.loads(path.read_text(encoding="utf-8"))
    return [load_history(GAME, game) for game in document["games"]]


def measure(games: list[tuple[object, list[object], object]], check: bool, repeat: int) -> list[float]:
    """Events per second over all games, once per repetition."""
    count = sum(len(events) for _, events, _ in games)
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        for initial, events, _ in games:
            replay(GAME, initial, events, check=check)
        rates.append(count / (time.perf_counter() - start))
    for initial, events, final in games:  # the replays really reach the recorded states
        assert replay(GAME, initial, events, check=check) == final
    return rates


def reference_speed(repeat: int = 5) -> float:
    """Millions of simple Python loop steps per second: how fast this machine is right now, so
    figures taken on a busy shared machine can be compared with quiet ones."""

    def loop() -> int:
        total = 0
        for i in range(1_000_000):
            total += i & 7
        return total

    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        loop()
        times.append(time.perf_counter() - start)
    return 1 / statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1998)
    parser.add_argument("--events", type=int, default=20_000, help="at least this many events (default 20000)")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--players", type=int, default=6, choices=range(3, 7))
    parser.add_argument("--rules", default=SCHMIDT, choices=(SCHMIDT, OSULLIVAN))
    args = parser.parse_args(argv)

    started = time.perf_counter()
    games, decide_times = record(args.seed, args.players, args.rules, args.events)
    recording = time.perf_counter() - started
    path = save(games, args.seed, args.players, args.rules)
    loaded = load(path)
    for original, copy in zip(games, loaded, strict=True):
        assert copy.state == original.state, "the saved game does not load back to the same state"
    material = [(h.initial, list(h.events()), h.state) for h in loaded]
    events = sum(len(e) for _, e, _ in material)
    commands = sum(len(h.entries) for h in loaded)
    finished = sum(1 for h in loaded if h.state.phase == "over")
    # A replay (resuming a saved game) starts from the events alone: drop the recorded and loaded
    # histories with their thousands of kept states, which would otherwise make every garbage
    # collection during the measurement walk through them.
    del games, loaded
    gc.collect()

    print("Die Glücksritter replay benchmark")
    print(f"  python    {platform.python_implementation()} {platform.python_version()}")
    cpu = f"{platform.machine()}, {os.cpu_count()} cpu"
    print(f"  machine   {platform.platform()} ({cpu}, {platform.processor() or 'processor unknown'})")
    print(f"  speed     {reference_speed():.1f} M loop steps/s now (a reference for comparing noisy runs)")
    print(
        f"  recorded  {events} events, {commands} commands, {len(material)} games ({finished} won), "
        f"{args.players} players, {args.rules}, seed {args.seed}, {recording:.1f} s"
    )
    print(f"  saved     {path.relative_to(ROOT)} ({path.stat().st_size / 1e6:.1f} MB)")
    median_decide = statistics.median(decide_times)
    print(
        f"  decide    median {median_decide * 1e6:.1f} µs per command = {1 / median_decide:,.0f} commands/s "
        f"(mean {statistics.fmean(decide_times) * 1e6:.1f} µs, {len(decide_times)} commands)"
    )
    for check in (True, False):
        rates = measure(material, check, args.repeat)
        median = statistics.median(rates)
        label = "check=True " if check else "check=False"
        print(
            f"  replay {label} median {median:,.0f} events/s (min {min(rates):,.0f}, max {max(rates):,.0f}, "
            f"{args.repeat} runs) = {median / TARGET:.2f} x target {TARGET:,}/s"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
