"""From a game's last step to its result drawn, and the size of the BG Stats code's modules.

In a new process of the venv's interpreter, headless (``companion.app.env.prepare`` with
``headless=True``: SDL's offscreen driver, Mesa's llvmpipe) at 800×480 by default: the six-player
Die Glücksritter game the screenshots end with (``companion/games/gluecksritter/screens/
six-at-the-end.scn``: six 24-character names, the largest play the game sends to BG Stats) is
played into a journal one step short of its end; the app opens it; then, ``--repeat`` times, the
last step is sent through the table (as a tap sends it) and the time is taken until a frame has
been drawn with the result screen current (the result read from the journal: the line of play
replayed, the verdict, the figures, the plot's figures, the play's link), then until a frame has
been drawn with its BG Stats code (made in a thread, a new one each time), and the step is undone
again. Printed for both: the median, the fastest and the slowest; the code's
modules and pixels per module on the result screen and full screen. No timing is asserted.

    python bench/result_screen.py [--repeat N] [--size WxH]
    python bench/result_screen.py --quick    # 2 endings
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "companion/games/gluecksritter/screens/six-at-the-end.scn"


def measure(repeat: int, size: tuple[int, int]) -> dict:
    data = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    from companion.app import env

    env.prepare(data / "kivy", size=size, headless=True)
    from kivy.core.window import Window

    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp
    from companion.journal.session import Session
    from companion.journal.store import Journal
    from companion.scenario.run import run_file

    with Journal.open(data / "journal.sqlite3") as journal:
        assert run_file(SCENARIO, journal, io.StringIO()).ok
        game_id = journal.running()
        session = Session.open(journal, game_id)
        last = journal.entry(game_id, session.head).command
        session.undo()
    app = CompanionApp(data)
    driver = Driver(app).start()
    flips = [0]
    Window.bind(on_flip=lambda *_: flips.__setitem__(0, flips[0] + 1))
    times: list[float] = []
    coded: list[float] = []
    try:
        driver.until(lambda: app.table is not None, what="the table")
        game = app._session.game
        from companion.app.pieces import qr

        for _ in range(repeat):
            qr._made.clear()  # the code made anew each time, as for a game that just ended
            drawn = flips[0]
            began = time.perf_counter()
            app.table.submit(game.parse_command(last))
            while not (app.root.manager.current == "result" and flips[0] > drawn):
                driver.frames(1)
                if app.root.manager.current != "result":
                    drawn = flips[0]
            times.append((time.perf_counter() - began) * 1000)
            code = app.screen("result").code
            drawn = flips[0]
            while not (code.ready and flips[0] > drawn):
                driver.frames(1)
                time.sleep(1 / 60)  # the app's loop waits for the next 60 Hz frame: the thread runs then
                if not code.ready:
                    drawn = flips[0]
            coded.append((time.perf_counter() - began) * 1000)
            inline = (code.modules, code.module_px)
            app.table.undo()
            app.goto(app.game_screen())
            driver.frames(3)
        app.table.submit(game.parse_command(last))  # the end once more, its code full screen
        driver.until(lambda: app.root.manager.current == "result", what="the result")
        driver.tap(app.screen("result").code)
        large = driver.roots()[0].code
        full, modules = large.module_px, large.modules
    finally:
        driver.stop()
    # where a button stands for the code on the result screen (800x480), the modules are the large code's
    return {"times": times, "coded": coded, "modules": inline[0] or modules, "inline_px": inline[1], "full_px": full}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--size", default="800x480")
    parser.add_argument("--quick", action="store_true", help="for CI: few rounds, every path, not judged (2 endings)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    if args.quick:
        args.repeat = 2
    if args.child:
        print(json.dumps(measure(args.repeat, (width, height))))
        return 0
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, __file__, "--child", "--repeat", str(args.repeat), "--size", args.size],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    if done.returncode != 0:
        print(done.stderr[-3000:], file=sys.stderr)
        return 1
    found = json.loads(done.stdout.strip().splitlines()[-1])
    times = found["times"]
    print(f"window {args.size}, {len(times)} endings, load average {os.getloadavg()[0]:.2f}")
    print(
        f"last step to result drawn: median {statistics.median(times):.0f} ms, "
        f"fastest {min(times):.0f} ms, slowest {max(times):.0f} ms"
    )
    coded = found["coded"]
    print(
        f"the code drawn beside it: median {statistics.median(coded):.0f} ms, "
        f"fastest {min(coded):.0f} ms, slowest {max(coded):.0f} ms (made in a thread of its own)"
    )
    inline = f"{found['inline_px']} px a module" if found["inline_px"] else "a button stands for it"
    print(f"BG Stats code: {found['modules']} modules; on the result screen {inline}, {found['full_px']} px large")
    return 0


if __name__ == "__main__":
    sys.exit(main())
