"""Start-up time of the command line: ``companion --help`` against a bare ``python -c pass``.

Each run starts a new process of the venv's interpreter (the same one for both) and times it
from ``subprocess`` start to exit; the two are interleaved so that a busy moment of the machine
hits both alike. Prints the median, min and max of each and the ratio of the medians.
A third row, ``import companion.cli``, shows what building the command line costs on its own.

    python bench/cli_start.py [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CASES = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "companion --help": [sys.executable, "-m", "companion", "--help"],
    "import companion.cli": [sys.executable, "-c", "import companion.cli"],
}


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode(errors='replace')}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21, help="runs of each case (21)")
    parser.add_argument("--quick", action="store_true", help="for CI: few rounds, every path, not judged (2 runs each)")
    args = parser.parse_args()
    if args.quick:
        args.repeat = 2
    print(f"load average {os.getloadavg()[0]:.2f}; {args.repeat} runs each, interleaved")
    times: dict[str, list[float]] = {name: [] for name in CASES}
    for argv in CASES.values():  # one untimed run each: the files are in the page cache
        timed(argv)
    for _ in range(args.repeat):
        for name, argv in CASES.items():
            times[name].append(timed(argv))
    base = statistics.median(times["python -c pass"])
    for name, runs in times.items():
        median = statistics.median(runs)
        print(
            f"{name:<22} median {median * 1000:7.1f} ms  min {min(runs) * 1000:7.1f}  "
            f"max {max(runs) * 1000:7.1f}  {median / base:5.1f}x python -c pass"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
