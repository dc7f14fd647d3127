"""What greying the board's choices costs: Die Glücksritter's step (``guide.step``) and the same
step with every choice tried against the rules (``pieces.options.greyed`` with ``Table.trial``),
at every position of whole seeded games.

A game is played by the random table of ``tests/engines/gluecksritter/autoplay.py`` (6 players, schmidt-1998,
seeds 1 and 2, to its end or 2,000 commands) on a real journal in a temporary directory, through a
``companion.table.Table`` (no window: the board's buttons are not drawn, only what they show is
worked out). At each position the bench times, with ``time.perf_counter``, ``step`` alone and
``step`` followed by ``greyed``; both are what the board does on every refresh (a refresh follows
every notice). Printed: the median and the 99th percentile of each in milliseconds, their ratio,
the median number of choices and of greyed choices per position, the share of positions with a
greyed choice, and the load average. No timing is asserted.

    .venv/bin/python bench/greyed_choices.py [--seeds 1,2] [--commands N]
    .venv/bin/python bench/greyed_choices.py --quick    # seed 1, 300 commands
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1,2")
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument(
        "--quick", action="store_true", help="for CI: few rounds, every path, not judged (seed 1, 300 commands)"
    )
    args = parser.parse_args()
    if args.quick:
        args.seeds, args.commands = "1", 300
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_NO_FILELOG", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")

    from companion.app.pieces.options import greyed
    from companion.games.gluecksritter.screens.guide import step
    from companion.games.gluecksritter.table import TABLE
    from companion.journal.session import Session
    from companion.journal.store import Journal
    from companion.table import Table
    from tests.engines.gluecksritter.autoplay import play_step, random_setup

    plain: list[float] = []
    tried: list[float] = []
    offered: list[int] = []
    refused: list[int] = []
    for seed in (int(s) for s in args.seeds.split(",")):
        rng = random.Random(seed)
        with tempfile.TemporaryDirectory() as folder, Journal.open(Path(folder) / "journal.sqlite3") as journal:
            config = random_setup(rng, 6)
            session = Session.start(journal, "gluecksritter", config)
            table = Table(session, TABLE, schedule=lambda call: call(), rng=random.Random(seed))
            history = _History(session)
            for _ in range(args.commands):
                view, awaited = table.public_view()["view"], table.awaiting()
                if not view["awaiting"]:
                    break
                started = time.perf_counter()
                now = step(view, awaited, panel=False)
                middle = time.perf_counter()
                marked = greyed(now.options, table.trial)
                ended = time.perf_counter()
                plain.append((middle - started) * 1000)
                tried.append((ended - started) * 1000)
                offered.append(len(marked))
                refused.append(sum(option.refusal is not None for option in marked))
                if play_step(history, rng) is None:
                    break
            table.close()
    with_greyed = sum(1 for n in refused if n) / len(refused)
    print(f"positions: {len(plain)} (seeds {args.seeds})")
    print(f"step alone:        median {statistics.median(plain):.3f} ms, p99 {percentile(plain, 0.99):.3f} ms")
    print(f"step and greyed:   median {statistics.median(tried):.3f} ms, p99 {percentile(tried, 0.99):.3f} ms")
    print(f"ratio of medians:  {statistics.median(tried) / statistics.median(plain):.1f}x")
    print(f"choices: median {statistics.median(offered):g} a position, max {max(offered)}")
    print(f"greyed: at {with_greyed:.0%} of positions, max {max(refused)} at once")
    print(f"load average: {os.getloadavg()[0]:.2f}")
    return 0


class _History:
    """The random table's view of the game (``state``) and its way to play (``apply``): through the
    session, so that the table sees each step as the app would."""

    def __init__(self, session: object) -> None:
        self.session = session

    @property
    def state(self) -> object:
        return self.session.state  # type: ignore[attr-defined]

    def apply(self, command: object) -> object:
        return self.session.apply(command)  # type: ignore[attr-defined]


if __name__ == "__main__":
    sys.exit(main())
