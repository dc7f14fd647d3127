"""Cold start of the touchscreen app: from process start to the first frame drawn, against a bare Kivy app.

Each run starts a new process of the venv's interpreter, headless (``companion.app.env.prepare``
with ``headless=True``: SDL's offscreen driver, ``KCFG_GRAPHICS_MAXFPS=0``), with a data directory
of its own in a temporary directory. Two cases, started exactly the same way:

* **companion**: ``CompanionApp`` as ``companion app --dice none`` builds it (its hardware a
  ``companion.app.run.Hardware``, read when the first table opens), run with ``App.run``;
* **bare Kivy**: an ``App`` whose root is one ``Label``, run with ``App.run``.

The parent notes ``CLOCK_MONOTONIC`` just before it starts the process and passes it on; the child
binds to the window's flip once the app's root is built (``on_start``) and, at the end of the first
``Window.on_flip`` after that and ``glFinish`` (OpenGL queues the drawing; Mesa's software renderer
draws on threads of its own), notes the clock again: that difference is the start-up time. The
parent also times the wall clock until the child's "first-frame" line arrives (a few tenths of a
millisecond more: the pipe). The child then stops its app. Each data directory gets one untimed
run first (Kivy writes its config.ini, the app creates its journal), so the timed runs are starts
of an app that has run before; the two cases are interleaved so that a busy moment hits both.

Printed: median, min and max of each case, the child's own split (the interpreter and the imports
up to the app object, the window included, as importing ``kivy.core.window`` opens it; building
the root; the app's own ``on_start`` and the first frame), and the ratio of the medians. Target:
the companion app, with every game registered, at most **1.3 x** the bare Kivy app. No timing is
asserted. The project's modules are byte-compiled first, as an installed package's are.

    python bench/app_start.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_RATIO = 1.3
CASES = ("companion", "bare Kivy")
WAIT_S = 60.0


def now_ns() -> int:
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


# ----------------------------------------------------------------------------- the child
def child(case: str, data_dir: Path, started_ns: int) -> int:
    """Runs in the new process: start the app, note the first frame, stop."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from companion.app import env

    env.prepare(data_dir / "kivy", headless=True)
    marks: dict[str, int] = {}
    if case == "companion":
        from companion.app.run import Hardware
        from companion.app.shell import CompanionApp

        app = None
        app = CompanionApp(data_dir, hardware=Hardware(lambda: app.settings_, dice="none"))  # as `companion` does
    else:
        from kivy.app import App
        from kivy.uix.label import Label

        class BareApp(App):
            def build(self) -> Label:
                return Label(text="bare Kivy")

        app = BareApp()
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish

    marks["app"] = now_ns()

    def first_flip() -> None:
        original()
        glFinish()  # drawn when the renderer has finished the frame, not when it was queued
        marks["frame"] = now_ns()
        Window.flip = original  # the instance attribute goes; the class's flip is back
        split = {name: (ns - started_ns) / 1e9 for name, ns in marks.items()}
        print("first-frame " + json.dumps(split), flush=True)
        Clock.schedule_once(lambda dt: app.stop())

    original = Window.flip

    def started(*_: object) -> None:
        marks["built"] = now_ns()
        Window.flip = first_flip  # Window.on_flip calls self.flip(): the end of the first on_flip

    app.bind(on_start=started)
    app.run()
    return 0


# ----------------------------------------------------------------------------- the parent
def timed(case: str, data_dir: Path) -> tuple[float, dict[str, float]]:
    argv = [sys.executable, str(Path(__file__).resolve()), "--child", case, "--data-dir", str(data_dir)]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KIVY_", "KCFG_", "SDL_"))}
    started = now_ns()
    argv += ["--started-ns", str(started)]
    process = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    wall = None
    split: dict[str, float] = {}
    for line in process.stdout:
        if line.startswith("first-frame "):
            wall = (now_ns() - started) / 1e9
            split = json.loads(line.split(" ", 1)[1])
            break
    try:
        _, errors = process.communicate(timeout=WAIT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        _, errors = process.communicate()
    if wall is None or process.returncode != 0:
        raise SystemExit(
            f"the {case} app did not draw its first frame or failed (exit {process.returncode}):\n{errors}"
        )
    return wall, split


def byte_compile() -> str:
    """The project's modules compiled to ``__pycache__`` as ``pip install`` does for a package (the
    editable install of a checkout does not): a start compiling them from source again each time
    (with ``PYTHONDONTWRITEBYTECODE`` set, as on some machines) would not measure the app's own
    start, and Kivy's modules come compiled from its wheel."""
    import compileall

    ok = all(compileall.compile_dir(ROOT / package, quiet=1) for package in ("companion", "engines", "hardware"))
    return "companion, engines, hardware" if ok else "some modules could not be compiled"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=11, help="timed starts of each app (11)")
    parser.add_argument(
        "--quick", action="store_true", help="for CI: few rounds, every path, not judged (1 timed start each)"
    )
    parser.add_argument("--child", choices=CASES, help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--started-ns", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child, args.data_dir, args.started_ns)
    if args.quick:
        args.repeat = 1

    compiled = byte_compile()
    print("Cold start, headless: process start -> end of the first Window.on_flip after the root is built")
    print(f"  the project's modules byte-compiled first, as an installed package is ({compiled})")
    print(f"  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {args.repeat} runs each, interleaved")
    runs: dict[str, list[float]] = {case: [] for case in CASES}
    walls: dict[str, list[float]] = {case: [] for case in CASES}
    splits: dict[str, list[dict[str, float]]] = {case: [] for case in CASES}
    with tempfile.TemporaryDirectory(prefix="companion-bench-start-") as tmp:
        dirs = {case: Path(tmp) / case.replace(" ", "-") for case in CASES}
        for case in CASES:  # untimed: Kivy's config, the journal, the page cache
            timed(case, dirs[case])
        for _ in range(args.repeat):
            for case in CASES:
                wall, split = timed(case, dirs[case])
                walls[case].append(wall)
                runs[case].append(split["frame"])
                splits[case].append(split)
    for case in CASES:
        times, parts = runs[case], splits[case]
        app = statistics.median(p["app"] for p in parts)
        built = statistics.median(p["built"] - p["app"] for p in parts)
        frame = statistics.median(p["frame"] - p["built"] for p in parts)
        print(
            f"  {case:<10} median {statistics.median(times) * 1e3:7.1f} ms  min {min(times) * 1e3:7.1f}  "
            f"max {max(times) * 1e3:7.1f}  (parent's wall clock: median {statistics.median(walls[case]) * 1e3:.1f} ms)"
        )
        print(
            f"  {'':<10} split (medians): imports, window and app object {app * 1e3:.1f} ms, building "
            f"the root {built * 1e3:.1f} ms, on_start and the first frame {frame * 1e3:.1f} ms"
        )
    ratio = statistics.median(runs["companion"]) / statistics.median(runs["bare Kivy"])
    print(f"  ratio     companion / bare Kivy = {ratio:.2f} x (target at most {TARGET_RATIO:g} x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
