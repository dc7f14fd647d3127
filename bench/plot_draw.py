"""How long the end-of-game plot takes to draw: ``Plots.show`` with 3 panels × 6 players × 100 periods.

Runs in a new process of the venv's interpreter, headless (``companion.app.env.prepare`` with
``headless=True``: SDL's offscreen driver, Mesa's llvmpipe, frames unpaced), in an 800×480 window
whose only widget is a :class:`companion.app.pieces.plot.Plots` of the window's size. The data are the random walks of
``tests/companion/app/touch.py`` (``walks``: 0 at the setup, yellow's lines equal to
white's), two data sets shown in turn so that every call draws anew. Timed with
``time.perf_counter``:

* **show**: ``Plots.show`` alone (the layout, every plot's axes, texts and lines built as canvas
  instructions), ``--repeat`` times (50) after ``--warmup`` (5) untimed calls; the very first call,
  which also renders each text's texture once, is printed apart;
* **show + frame**: the same followed by one frame (``EventLoop.idle()`` and ``glFinish``), i.e.
  until the new plot is on the screen;
* **resize**: the plots' size changed and one frame drawn (each plot draws itself anew once);
* **a frame, nothing new**: the window asked to draw the same plots again, for comparison (the
  lines' triangles are drawn again by the GPU, here llvmpipe, but neither the plot's Python nor
  Kivy's building of the lines' triangles runs).

Prints the median, min and max of each, and the load average. No timing is asserted; llvmpipe's
figures are upper bounds for the drawing.

    python bench/plot_draw.py [--repeat N] [--warmup W]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PANELS, PLAYERS, PERIODS = 3, 6, 100


def child(data_dir: Path, repeat: int, warmup: int) -> dict[str, Any]:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from companion.app import env

    env.prepare(data_dir / "kivy", headless=True, size=(800, 480))
    from kivy.app import App
    from kivy.base import EventLoop
    from kivy.core.window import Window
    from kivy.graphics.opengl import glFinish
    from kivy.uix.widget import Widget

    from companion.app.driver import Driver
    from companion.app.pieces.plot import Plots
    from tests.companion.app.touch import walks

    class PlotApp(App):
        def build(self) -> Any:
            root = Widget()  # the plots sized by the bench, not by the window
            self.plots = Plots(size_hint=(None, None), size=(800, 480))
            root.add_widget(self.plots)
            return root

    app = PlotApp()
    driver = Driver(app).start()
    plots = app.plots
    data = [walks(PANELS, PLAYERS, PERIODS, seed=seed) for seed in (1, 2)]
    started = time.perf_counter()
    plots.show("Runde", data[0])
    first = time.perf_counter() - started
    driver.frames(3)
    shows, framed, resized = [], [], []
    for n in range(warmup + repeat):
        started = time.perf_counter()
        plots.show("Runde", data[n % 2])
        shown = time.perf_counter() - started
        EventLoop.idle()
        glFinish()
        drawn = time.perf_counter() - started
        if n >= warmup:
            shows.append(shown)
            framed.append(drawn)
    idle = []
    for n in range(warmup + repeat):  # the same plots drawn again: no redraw of the plots, only the frame
        started = time.perf_counter()
        Window.canvas.ask_update()
        EventLoop.idle()
        glFinish()
        if n >= warmup:
            idle.append(time.perf_counter() - started)
    for n in range(warmup + repeat):
        before = sum(plot.redraws for plot in plots.plots)
        started = time.perf_counter()
        plots.size = (760 + 40 * (n % 2), 480)  # a new size every time
        EventLoop.idle()
        glFinish()
        took = time.perf_counter() - started
        assert sum(plot.redraws for plot in plots.plots) == before + PANELS, "each plot drew itself once"
        if n >= warmup:
            resized.append(took)
    lines = [plot.drawn_lines() for plot in plots.plots]
    assert all(
        found == [(s.colour, PERIODS + 1) for s in panel.series] for found, panel in zip(lines, data[1], strict=True)
    )
    instructions = sum(len(plot._frame.children) + len(plot._lines.children) for plot in plots.plots)
    driver.stop()
    return {
        "first": first,
        "show": shows,
        "framed": framed,
        "resized": resized,
        "idle": idle,
        "instructions": instructions,
    }


def run_child(repeat: int, warmup: int) -> dict[str, Any]:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.child import run_child as run

    return run(__file__, "plots", ["--repeat", str(repeat), "--warmup", str(warmup)], "companion-bench-plot-")


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:8.2f} ms"


def row(name: str, values: list[float]) -> None:
    print(f"  {name:<32} median {ms(statistics.median(values))}  min {ms(min(values))}  max {ms(max(values))}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50, help="timed calls per case (50)")
    parser.add_argument("--warmup", type=int, default=5, help="untimed calls before each case (5)")
    parser.add_argument(
        "--quick", action="store_true", help="for CI: few rounds, every path, not judged (3 calls after 1)"
    )
    parser.add_argument("--child", choices=("plots",), help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.quick:
        args.repeat, args.warmup = 3, 1
    if args.child:
        result = child(args.data_dir, args.repeat, args.warmup)
        print("result " + json.dumps(result), flush=True)
        return 0

    print(f"Plots.show, {PANELS} panels x {PLAYERS} players x {PERIODS} periods, 800x480, headless (llvmpipe)")
    print(f"  load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {args.repeat} calls per case")
    result = run_child(args.repeat, args.warmup)
    print(f"  the first call (every text rendered once) {ms(result['first'])}")
    row("show", result["show"])
    row("show + frame (idle, glFinish)", result["framed"])
    row("resize + frame", result["resized"])
    row("a frame, nothing new", result["idle"])
    print(f"  {result['instructions']} canvas instructions in the plots")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
