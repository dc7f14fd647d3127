"""Sessions of the plot of a game (run as :mod:`tests.companion.app.sessions` runs them): the panels
of :mod:`companion.app.pieces.plot` shown in the running app's window, over the start screen, as
the end of a game shows them; what their canvases hold, where their texts are, and a screenshot."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.companion.app.touch import COLOURS, start, walks

CASES = {"2x6x12": (2, 6, 12), "3x3x40": (3, 3, 40)}


def sized(size: str | None) -> None:
    """The window ``WIDTHxHEIGHT`` (800×480, the Pi's display, unless given)."""
    if size:
        width, height = size.split("x")
        os.environ["KCFG_GRAPHICS_WIDTH"], os.environ["KCFG_GRAPHICS_HEIGHT"] = width, height


def open_plots(driver: Any) -> tuple[Any, Any]:
    """A sheet over the start screen holding an empty :class:`Plots`, as the end screen would."""
    from kivy.metrics import dp
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.modalview import ModalView

    from companion.app import theme
    from companion.app.pieces.plot import Plots

    view = ModalView(auto_dismiss=False, background="", background_color=theme.PAPER)
    box = BoxLayout(padding=dp(8))
    plots = Plots()
    box.add_widget(plots)
    view.add_widget(box)
    view.open(animation=False)
    driver.until(lambda: view._is_open and plots.get_root_window() is not None, what="the plots' sheet")
    return view, plots


def settled(plots: Any) -> bool:
    """Every plot drawn at the size it has now."""
    return all(plot._drawn == (plot._version, tuple(plot.size)) for plot in plots.plots)


def seen(plots: Any) -> list[dict[str, Any]]:
    """What each plot's canvas holds, and where its texts are in the window."""
    found = []
    for plot in plots.plots:
        x, y = plot.to_window(*plot.pos)
        found.append(
            {
                "rect": [x, y, plot.width, plot.height],
                "lines": plot.drawn_lines(),
                "markers": plot.drawn_markers(),
                "outlines": plot.drawn_outlines(),
                "texts": [[text, [x + tx, y + ty, w, h]] for text, (tx, ty, w, h) in plot.drawn_texts()],
                "redraws": plot.redraws,
            }
        )
    return found


def plot(data: Path, case: str, size: str | None = None) -> dict[str, Any]:
    """``case`` (panels × players × periods) shown in the app's window: what is drawn, a
    screenshot, no redraw while nothing changes, and a redraw at a new size."""
    sized(size)
    app, driver = start(data, "de")
    from kivy.core.window import Window
    from kivy.metrics import sp

    from companion.app import theme

    panels = walks(*CASES[case])
    view, plots = open_plots(driver)
    plots.show("Runde", panels)
    driver.until(lambda: settled(plots), what="the plots drawn at their size")
    shot = driver.shot(data / f"plot-{case}-{size or '800x480'}.png")
    result: dict[str, Any] = {
        "window": list(Window.size),
        "orientation": plots.orientation,
        "plots": seen(plots),
        "series": [[[s.colour, len(s.values)] for s in panel.series] for panel in panels],
        "shot": str(shot),
        "small_text": sp(theme.SMALL_SP),
        "colours": {colour: [round(c * 255) for c in theme.player_colour(colour)[:3]] for colour in COLOURS},
    }
    before = [plot.redraws for plot in plots.plots]
    driver.frames(20)
    result["redraws_idle"] = [plot.redraws - n for plot, n in zip(plots.plots, before, strict=True)]
    # a narrower sheet: every plot is drawn anew, once, at its new size
    points = [[list(i.points) for i in plot._lines.children if hasattr(i, "points")] for plot in plots.plots]
    view.size_hint = (0.6, 1)
    driver.until(lambda: plots.width < Window.width * 0.7 and settled(plots), what="the plots at the new size")
    driver.frames(5)
    result["resized"] = {
        "orientation": plots.orientation,
        "plots": seen(plots),
        "moved": [
            [list(i.points) for i in plot._lines.children if hasattr(i, "points")] != old
            for plot, old in zip(plots.plots, points, strict=True)
        ],
    }
    result["resized_shot"] = str(driver.shot(data / f"plot-{case}-{size or '800x480'}-narrow.png"))
    view.dismiss(animation=False)
    driver.stop()
    return result


def plot_edges(data: Path) -> dict[str, Any]:
    """Data at the edges, each shown in the window: the setup alone, all zero, negative values,
    one player, six players over 100 periods, no series at all, lines of different lengths, a
    value that is not a number; and the plot's arithmetic."""
    app, driver = start(data, "en")
    from companion.app.pieces import plot as p

    cases = {
        "setup-only": [p.Panel("Ducats", (p.Series("red", (0.0,)), p.Series("white", (0.0,))))],
        "all-zero": [p.Panel("Ducats", tuple(p.Series(c, (0.0,) * 9) for c in COLOURS[:4]))],
        "negative": [p.Panel("Points", (p.Series("red", (0, -3, -7, 2, 5)), p.Series("blue", (0, 4, -1, -12, 3))))],
        "one-player": [p.Panel("Life", (p.Series("green", (3, 2, 2, 1, 0)),))],
        "fractions": [
            p.Panel("Share", (p.Series("black", (0, 0.25, 0.5, 0.4)), p.Series("yellow", (0, 0.1, 0.3, 0.7))))
        ],
        "long": walks(3, 6, 100),
        "no-series": [p.Panel("Ducats", ())],
        "ragged": [p.Panel("Ducats", (p.Series("red", (0, 1, 2, 3, 4, 5)), p.Series("blue", (0, 2))))],
        "not-a-number": [p.Panel("Ducats", (p.Series("red", (0, float("nan"), 2, float("inf"))),))],
    }
    view, plots = open_plots(driver)
    found: dict[str, Any] = {}
    for name, panels in cases.items():
        plots.show("Round", panels)
        driver.until(lambda: settled(plots), what=f"the plots of {name}")
        found[name] = {"orientation": plots.orientation, "plots": seen(plots)}
        driver.shot(data / f"plot-edge-{name}.png")
    view.dismiss(animation=False)
    driver.stop()
    arithmetic = {
        "ticks": {
            f"{low},{high},{most},{whole}": p.nice_ticks(low, high, most, whole)
            for low, high, most, whole in [
                (0, 0, 5, True),
                (0, 17, 5, True),
                (0, 17, 7, True),
                (3, 48, 5, True),
                (-7, 5, 5, True),
                (0, 0.7, 5, False),
                (0, 1234, 6, True),
                (0, 3, 7, True),
            ]
        },
        "period_steps": {
            f"{n},{s},{w}": p.period_step(n, s, w)
            for n, s, w in [(13, 30, 20), (41, 5, 20), (101, 2, 30), (101, 8, 30), (1, 100, 20), (3, 2, 30)]
        },
        "offsets": {
            "alone": p.offsets([10, 50, 90], 4),
            "two-equal": p.offsets([10, 10, 90], 4),
            "three-close": p.offsets([10, 11, 12], 4),
            "wider-steps": p.offsets([10, 10, 10, 90], 4, 11),
            "last-period": p.offsets([10, 10, 90], 4, align="end"),  # the one alone stays at its period
            "first-period": p.offsets([90, 10, 10], 4, align="start"),
        },
    }
    return {"cases": found, "arithmetic": arithmetic}


EQUAL = {  # three players on 6 Ducats in rounds 2 and 3, all on 7 at the end (the long case: 150 rounds)
    "red": (0, 2, 6, 6, 8, 7),
    "blue": (0, 3, 6, 6, 4, 7),
    "green": (0, 1, 6, 6, 6, 7),
}


def value_y(texts: list[tuple[str, tuple[float, float, float, float]]]) -> Any:
    """From a plot's tick labels (each centred on its tick), the y of a value in the plot's own
    coordinates."""
    bottom = min(y for _t, (_x, y, _w, _h) in texts)  # the periods' row
    numbers = [(t, y, h) for t, (_x, y, _w, h) in texts[1:] if t.lstrip("-").replace(".", "").isdigit()]
    ticks = [(float(t), y + h / 2) for t, y, h in numbers if y > bottom + 1]
    (v0, y0), (v1, y1) = ticks[0], ticks[-1]
    return lambda value: y0 + (value - v0) / (v1 - v0) * (y1 - y0)


def lines_drawn(plot: Any) -> dict[str, list[float]]:
    """The points of each line in a player's colour, as the canvas holds them (the last one drawn
    of a colour: the colour on top of its outline)."""
    from kivy.graphics import Color, Line

    from companion.app import theme

    names = {tuple(round(c, 4) for c in rgba): name for name, rgba in theme.PLAYERS.items()}
    found, current = {}, None
    for instruction in plot._lines.children:
        if isinstance(instruction, Color):
            current = names.get(tuple(round(c, 4) for c in instruction.rgba))
        elif isinstance(instruction, Line) and current is not None:
            found[current] = list(instruction.points)
    return found


def plot_equal(data: Path, size: str | None = None) -> dict[str, Any]:
    """Three lines equal over two rounds, in a short and a long plot: where each point is drawn,
    where each marker is, and a screenshot."""
    sized(size)
    app, driver = start(data, "en")
    from kivy.core.window import Window

    from companion.app.pieces import plot as p

    short = [p.Panel("Ducats", tuple(p.Series(c, tuple(float(v) for v in vs)) for c, vs in EQUAL.items()))]
    long = [
        p.Panel(
            "Ducats",
            tuple(p.Series(c, tuple(float(v) for v in (vs[:5] * 30 + vs[5:]))) for c, vs in EQUAL.items()),
        )
    ]
    view, plots = open_plots(driver)
    found: dict[str, Any] = {"window": list(Window.size), "values": {c: list(v) for c, v in EQUAL.items()}}
    for name, panels in (("short", short), ("long", long)):
        plots.show("Round", panels)
        driver.until(lambda: settled(plots), what=f"the {name} plot")
        (shown,) = plots.plots
        y_of = value_y(shown.drawn_texts())
        lines = lines_drawn(shown)
        values = {s.colour: list(s.values) for s in panels[0].series}
        x, y = shown.to_window(*shown.pos)
        found[name] = {
            "rect": [x, y, shown.width, shown.height],
            "values": values,
            "points": {c: [[pts[2 * i], pts[2 * i + 1]] for i in range(len(pts) // 2)] for c, pts in lines.items()},
            "value_ys": {c: [y_of(v) for v in vs] for c, vs in values.items()},
            "marks": [[c, shape, [list(xy) for xy in at]] for c, shape, at in shown.drawn_marks()]
            if hasattr(shown, "drawn_marks")
            else None,
            "shot": str(driver.shot(data / f"plot-equal-{name}.png")),
        }
    view.dismiss(animation=False)
    driver.stop()
    return found


SESSIONS: dict[str, Any] = {"plot": plot, "plot-edges": plot_edges, "plot-equal": plot_equal}
