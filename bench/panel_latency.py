"""Latency of the button panel: from a pin or key change on mock pins to the ButtonPressed event in the sink.

Three cases, each timed from just before the change to the sink call (``time.perf_counter``):

* direct wiring: a ``MockFactory`` pin driven low -> gpiozero callback -> debounce -> sink;
* matrix, idle panel: a key closed while the scanner sleeps with all rows driven -> column edge
  wakes the scanning thread -> scan -> sink;
* matrix, busy panel: a key closed while another key is held, so the scanner is polling every
  ``scan_interval_ms``: the worst case, bounded by the scan period.

Prints the median and the 99th percentile of each, and the 99th percentile against the target.

    python bench/panel_latency.py [--presses N] [--debounce-ms MS]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gpiozero.pins.mock import MockFactory  # noqa: E402

from hardware.events import ButtonPressed, ButtonReleased, InputEvent  # noqa: E402
from hardware.panel.config import DEFAULT_COLUMNS, DEFAULT_ROWS, MatrixWiring  # noqa: E402
from hardware.panel.direct import DirectPanel  # noqa: E402
from hardware.panel.matrix import MatrixPanel  # noqa: E402
from tests.hardware.panel.harness import MatrixHarness  # noqa: E402

TARGET_P99 = 0.002  # seconds, from a button change to its event
WAIT = 2.0  # seconds for one event before the run is declared broken
DIRECT_PINS = {1: [4, 17, 27, 22, 23, 24], 2: [5, 6, 12, 13, 16, 26]}
Key = tuple[int, int]


class Stopwatch:
    """The sink: notes when each button event arrives, and lets the bench wait for one."""

    def __init__(self) -> None:
        self._arrived: dict[tuple[str, Key], float] = {}
        self._changed = threading.Condition()

    def __call__(self, event: InputEvent) -> None:
        if isinstance(event, ButtonPressed | ButtonReleased):
            now = time.perf_counter()
            kind = "press" if isinstance(event, ButtonPressed) else "release"
            with self._changed:
                self._arrived[kind, (event.player, event.button)] = now
                self._changed.notify_all()

    def forget(self, kind: str, key: Key) -> None:
        with self._changed:
            self._arrived.pop((kind, key), None)

    def wait(self, kind: str, key: Key) -> float:
        with self._changed:
            if not self._changed.wait_for(lambda: (kind, key) in self._arrived, WAIT):
                raise RuntimeError(f"no {kind} event for player {key[0]} button {key[1]}")
            return self._arrived.pop((kind, key))


def time_press(watch: Stopwatch, key: Key, press: Callable[[], None]) -> float:
    watch.forget("press", key)
    started = time.perf_counter()
    press()
    return watch.wait("press", key) - started


def hold_and_release(watch: Stopwatch, key: Key, release: Callable[[], None], hold_s: float) -> None:
    """Keep the key down past its debounce window, then release it and wait for the release event."""
    time.sleep(hold_s)
    watch.forget("release", key)
    release()
    watch.wait("release", key)


def bench_direct(presses: int, debounce_s: float) -> list[float]:
    factory, watch = MockFactory(), Stopwatch()
    keys = [(player, button) for player in DIRECT_PINS for button in range(1, 7)]
    latencies = []
    with DirectPanel(DIRECT_PINS, watch, pin_factory=factory, debounce_s=debounce_s):
        for n in range(presses):
            key = keys[n % len(keys)]
            pin = factory.pin(DIRECT_PINS[key[0]][key[1] - 1])
            latencies.append(time_press(watch, key, pin.drive_low))
            hold_and_release(watch, key, pin.drive_high, debounce_s * 1.2)
    return latencies


def bench_matrix(presses: int, debounce_s: float, busy: bool) -> list[float]:
    factory, watch = MockFactory(), Stopwatch()
    harness = MatrixHarness(factory, DEFAULT_ROWS, list(DEFAULT_COLUMNS))
    wiring = MatrixWiring(rows=DEFAULT_ROWS, columns=list(DEFAULT_COLUMNS))  # the config defaults
    panel = MatrixPanel(
        wiring.rows,
        wiring.columns,
        watch,
        pin_factory=factory,
        debounce_s=debounce_s,
        settle_s=wiring.settle_us / 1e6,
        scan_interval_s=wiring.scan_interval_ms / 1000,
    )
    harness.update()
    held = (6, 6)
    keys = [(p, b) for p in range(1, 7) for b in range(1, 7) if (p, b) != held]
    latencies = []
    with panel:
        if busy:
            harness.press(*held)
            watch.wait("press", held)
        for n in range(presses):
            key = keys[n % len(keys)]
            if not busy:
                wait_until_idle(harness)
            latencies.append(time_press(watch, key, lambda key=key: harness.press(*key)))
            hold_and_release(watch, key, lambda key=key: harness.release(*key), debounce_s * 1.2)
    return latencies


def wait_until_idle(harness: MatrixHarness) -> None:
    """Wait until the scanner sleeps: all rows are driven low only then."""
    deadline = time.monotonic() + WAIT
    while any(pin.state for pin in harness.row_pins.values()):
        if time.monotonic() > deadline:
            raise RuntimeError("the matrix scanner did not go idle")
        time.sleep(0.0002)


def summary(name: str, latencies: list[float]) -> str:
    latencies = sorted(latencies)
    median = statistics.median(latencies)
    p99 = statistics.quantiles(latencies, n=100, method="inclusive")[98]
    return (
        f"  {name:<20} median {median * 1e3:.3f} ms, p99 {p99 * 1e3:.3f} ms, max {latencies[-1] * 1e3:.3f} ms; "
        f"p99 is {p99 / TARGET_P99:.2f} x the target"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=3000, help="timed presses per case (default 3000)")
    parser.add_argument(
        "--debounce-ms",
        type=float,
        default=2.0,
        help="debounce window (default 2; the app uses 20, which only makes the run longer: "
        "a press is reported on its first edge)",
    )
    parser.add_argument(
        "--quick", action="store_true", help="for CI: few rounds, every path, not judged (100 presses a case)"
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.presses = 100
    debounce_s = args.debounce_ms / 1000

    results = {
        "direct wiring": bench_direct(args.presses, debounce_s),
        "matrix, idle panel": bench_matrix(args.presses, debounce_s, busy=False),
        "matrix, busy panel": bench_matrix(args.presses, debounce_s, busy=True),
    }
    print("Button panel latency: pin or key change on mock pins -> ButtonPressed in the sink")
    print(f"  python    {platform.python_implementation()} {platform.python_version()}")
    cpu = f"{platform.machine()}, {os.cpu_count()} cpu"
    print(f"  machine   {platform.platform()} ({cpu}, {platform.processor() or 'processor unknown'})")
    print(f"  load      {' '.join(f'{load:.2f}' for load in os.getloadavg())} (1, 5, 15 min; other work skews p99)")
    print(f"  measured  {args.presses} presses per case, debounce window {args.debounce_ms:g} ms")
    print(f"  target    p99 under {TARGET_P99 * 1e3:g} ms")
    for name, latencies in results.items():
        print(summary(name, latencies))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
