"""Replay throughput of the rules engines: Die Glücksritter, Raubritter and Schatzjagd.

For each game, records long games with a seeded random table (Die Glücksritter: 6 players with
``tests/engines/gluecksritter/autoplay.py``; Raubritter and Schatzjagd: the random tables the journal's tests
use, ``tests/companion/journal/fixtures/games.py``), new games started whenever one ends, until at
least ``--events`` events are recorded; saves Die Glücksritter's to ``bench/results/`` as JSON (one
``engines.core.saved.dump_history`` document per game) and loads it back; then measures how fast
the events replay from the setup with ``engines.core.history.replay``:

- ``check=True``: with the invariant check after every event, as the session replays;
- ``check=False``: the plain fold;
- ``decoded``: from the events as the journal stores them (``dump_event``, JSON text), decoded
  with ``json.loads`` and ``parse_event`` and replayed with the check, as a resume does.

While recording, the time ``decide`` takes for each accepted command is measured too.

    python bench/replay.py [--game all|gluecksritter|raubritter|schatzjagd] [--seed N] [--events N]
                           [--repeat N] [--players N] [--rules NAME]
    python bench/replay.py --quick     # 2,000 events a game, 2 runs each way (a few seconds)
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engines.core.history import History, replay  # noqa: E402
from engines.core.saved import dump_history, load_history  # noqa: E402
from engines.gluecksritter import GAME, OSULLIVAN, SCHMIDT  # noqa: E402
from tests.engines.gluecksritter.autoplay import new_history, play  # noqa: E402

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


def save(games: list[History], seed: int, players: int, ruleset: str, results: Path = RESULTS) -> Path:
    results.mkdir(parents=True, exist_ok=True)
    path = results / f"gluecksritter-{ruleset}-{players}p-seed{seed}.json"
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


def measure(
    games: list[tuple[object, list[object], object]], check: bool, repeat: int, engine: object = GAME
) -> list[float]:
    """Events per second over all games, once per repetition."""
    count = sum(len(events) for _, events, _ in games)
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        for initial, events, _ in games:
            replay(engine, initial, events, check=check)
        rates.append(count / (time.perf_counter() - start))
    for initial, events, final in games:  # the replays really reach the recorded states
        assert replay(engine, initial, events, check=check) == final
    return rates


def measure_decoded(games: list[tuple[object, list[object], object]], repeat: int, engine: object) -> list[float]:
    """Events per second from the journal's JSON text of each event: decoded, then replayed with the
    check, as a session resumes."""
    stored = [(initial, [json.dumps(engine.dump_event(e)) for e in events], final) for initial, events, final in games]
    count = sum(len(events) for _, events, _ in stored)
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        for initial, texts, _ in stored:
            replay(engine, initial, [engine.parse_event(json.loads(text)) for text in texts])
        rates.append(count / (time.perf_counter() - start))
    return rates


def record_other(
    game: str, seed: int, min_events: int
) -> tuple[list[tuple[object, list[object], object]], list[float]]:
    """Raubritter or Schatzjagd played by the journal tests' random table until ``min_events`` events."""
    from engines.core.history import History
    from tests.companion.journal.fixtures.games import ENGINES, legal_command, random_config

    rng = random.Random(seed)
    engine = ENGINES[game]
    material: list[tuple[object, list[object], object]] = []
    decide_times: list[float] = []
    total = 0
    while total < min_events:
        history = History(engine, random_config(game, rng))
        for _ in range(20_000):
            if total >= min_events or not engine.public_view(history.state).get("awaiting"):
                break
            command = legal_command(game, history.state, rng)
            start = time.perf_counter()
            engine.decide(history.state, command)
            decide_times.append(time.perf_counter() - start)
            total += len(history.apply(command))
        material.append((history.initial, list(history.events()), history.state))
    return material, decide_times


def report(
    name: str,
    material: list[tuple[object, list[object], object]],
    decide_times: list[float],
    repeat: int,
    engine: object,
) -> None:
    events = sum(len(e) for _, e, _ in material)
    print(f"  {name}: {events} events in {len(material)} games")
    median_decide = statistics.median(decide_times)
    print(f"    decide    median {median_decide * 1e6:.1f} µs per command ({len(decide_times)} commands)")
    for label, rates in (
        ("check=True ", measure(material, True, repeat, engine)),
        ("check=False", measure(material, False, repeat, engine)),
        ("decoded    ", measure_decoded(material, repeat, engine)),
    ):
        median = statistics.median(rates)
        print(
            f"    replay {label} median {median:,.0f} events/s (min {min(rates):,.0f}, max {max(rates):,.0f}, "
            f"{repeat} runs) = {median / TARGET:.2f} x target {TARGET:,}/s"
        )


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
    parser.add_argument("--game", default="all", choices=("all", "gluecksritter", "raubritter", "schatzjagd"))
    parser.add_argument(
        "--quick", action="store_true", help="for CI: few rounds, every path, not judged (2,000 events, 2 runs)"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.events, args.repeat = 2_000, 2
    if args.game == "all":
        # each game in a process of its own, as the app plays one: what one game's recording left
        # in memory (and the collector's work on it) would otherwise slow the next one's replay
        given = list(sys.argv[1:] if argv is None else argv)
        for game in ("gluecksritter", "raubritter", "schatzjagd"):
            sys.stdout.flush()
            done = subprocess.run([sys.executable, __file__, *given, "--game", game], check=False)
            if done.returncode:
                return done.returncode
        return 0
    if args.game == "gluecksritter":
        with tempfile.TemporaryDirectory(prefix="companion-bench-replay-") as tmp:
            gluecksritter(args, Path(tmp) if args.quick else RESULTS)  # quick: the full run's games stay
    else:
        material, decide_times = record_other(args.game, args.seed, args.events)
        from tests.companion.journal.fixtures.games import ENGINES

        report(args.game.capitalize(), material, decide_times, args.repeat, ENGINES[args.game])
    return 0


def gluecksritter(args: argparse.Namespace, results: Path) -> None:

    started = time.perf_counter()
    games, decide_times = record(args.seed, args.players, args.rules, args.events)
    recording = time.perf_counter() - started
    path = save(games, args.seed, args.players, args.rules, results)
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
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    print(f"  saved     {shown} ({path.stat().st_size / 1e6:.1f} MB)")
    median_decide = statistics.median(decide_times)
    print(
        f"  decide    median {median_decide * 1e6:.1f} µs per command = {1 / median_decide:,.0f} commands/s "
        f"(mean {statistics.fmean(decide_times) * 1e6:.1f} µs, {len(decide_times)} commands)"
    )
    for label, rates in (
        ("check=True ", measure(material, True, args.repeat)),
        ("check=False", measure(material, False, args.repeat)),
        ("decoded    ", measure_decoded(material, args.repeat, GAME)),
    ):
        median = statistics.median(rates)
        print(
            f"  replay {label} median {median:,.0f} events/s (min {min(rates):,.0f}, max {max(rates):,.0f}, "
            f"{args.repeat} runs) = {median / TARGET:.2f} x target {TARGET:,}/s"
        )


if __name__ == "__main__":
    raise SystemExit(main())
