"""Latency of the serial die: from a SETTLED line written on the device side of a pseudo-terminal
to the ``DieSettled`` event reaching the sink, through pyserial and the real ``DiceReader``.

For each roll a ROLLING line is written and its event awaited (not timed); then the clock starts,
the SETTLED line is written in one write, and the sink stops the clock on the reader's thread.
Prints the median and 99th percentile over all rolls, and the 99th percentile against the target.

    python bench/dice_latency.py [--rolls N] [--warmup N]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from hardware.dice.config import DiceConfig  # noqa: E402
from hardware.dice.emulator import DiceEmulator  # noqa: E402
from hardware.dice.protocol import SEQUENCE_MODULUS, Heartbeat, Rolling, Settled, encode  # noqa: E402
from hardware.dice.reader import DiceReader  # noqa: E402
from hardware.events import DieRolling, DieSettled, InputEvent  # noqa: E402

TARGET_P99 = 0.002  # seconds, from a settled line to its event
WAIT = 2.0  # seconds for one event before the run is declared broken


class Timer:
    """The sink: notes when each event of interest arrives."""

    def __init__(self) -> None:
        self.rolling = threading.Event()
        self.settled = threading.Event()
        self.settled_at = 0.0

    def __call__(self, event: InputEvent) -> None:
        if isinstance(event, DieSettled):
            self.settled_at = time.perf_counter()
            self.settled.set()
        elif isinstance(event, DieRolling):
            self.rolling.set()


def measure(rolls: int, warmup: int) -> tuple[list[float], dict[str, int]]:
    """Seconds from each SETTLED write to its event, after ``warmup`` untimed rolls."""
    timer = Timer()
    with DiceEmulator("BENCH") as die:
        config = DiceConfig(port=die.path, silence_timeout=None, reconnect_interval=0.01)
        reader = DiceReader(config, timer)
        reader.start()
        try:
            deadline = time.monotonic() + WAIT
            while reader.status().state != "waiting":
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the reader did not open the pty: {reader.status().detail}")
                time.sleep(0.001)
            die.write_raw(encode(Heartbeat("BENCH", 1, 1, "bench")))
            latencies = []
            for n in range(warmup + rolls):
                seq = (2 + 2 * n) % SEQUENCE_MODULUS
                rolling = encode(Rolling("BENCH", seq, "number"))
                settled = encode(Settled("BENCH", (seq + 1) % SEQUENCE_MODULUS, "number", 1 + n % 6))
                timer.rolling.clear()
                timer.settled.clear()
                die.write_raw(rolling)
                if not timer.rolling.wait(WAIT):
                    raise RuntimeError(f"no DieRolling for roll {n}: {reader.status()}")
                started = time.perf_counter()
                die.write_raw(settled)
                if not timer.settled.wait(WAIT):
                    raise RuntimeError(f"no DieSettled for roll {n}: {reader.status()}")
                if n >= warmup:
                    latencies.append(timer.settled_at - started)
        finally:
            reader.stop()
        status = reader.status()
    if status.dropped_total or die.lost:
        raise RuntimeError(f"lines were dropped ({dict(status.dropped)}) or lost ({die.lost})")
    return latencies, {"accepted": status.accepted}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rolls", type=int, default=3000, help="timed rolls (default 3000)")
    parser.add_argument("--warmup", type=int, default=100, help="untimed rolls first (default 100)")
    parser.add_argument(
        "--quick", action="store_true", help="for CI: few rounds, every path, not judged (100 rolls after 10)"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.rolls, args.warmup = 100, 10

    latencies, counts = measure(args.rolls, args.warmup)
    latencies.sort()
    median = statistics.median(latencies)
    p99 = statistics.quantiles(latencies, n=100, method="inclusive")[98]
    print("Serial die latency: SETTLED line written on a pty -> DieSettled in the sink")
    print(f"  python    {platform.python_implementation()} {platform.python_version()}")
    cpu = f"{platform.machine()}, {os.cpu_count()} cpu"
    print(f"  machine   {platform.platform()} ({cpu}, {platform.processor() or 'processor unknown'})")
    print(f"  measured  {len(latencies)} rolls after {args.warmup} warm-up rolls ({counts['accepted']} lines accepted)")
    print(
        f"  latency   median {median * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms "
        f"(min {latencies[0] * 1e3:.3f} ms, max {latencies[-1] * 1e3:.3f} ms)"
    )
    print(f"  target    p99 under {TARGET_P99 * 1e3:g} ms: p99 is {p99 / TARGET_P99:.2f} x the target")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
