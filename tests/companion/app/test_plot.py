"""The plot of a game, in a real window: the panels of :mod:`companion.app.pieces.plot` shown over
the start screen, as the end of a game shows them. Each panel draws one line per player with a
point per period, read back from its canvas; each player's colour is in the panel's pixels (white
and yellow too, on the paper, even where their lines are equal); the texts are legible and never
overlap; the panels stand side by side in a wide window and stacked in a narrow one; a plot draws
again only when its size changes. And data at the edges: the setup alone, all zero, negative
values, one player, 100 periods, no series, ragged lines; a point at its value, and equal lines
told apart by their marks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.companion.app import png
from tests.companion.app.touch import COLOURS, sized, start, walks
from tests.support.window import in_window

SIZES = [None, "1280x720"]
NEAR = 4  # per channel, 0..255: the lines are drawn without smoothing, in their exact colour
PANEL_MIN_W = 240  # dp, as companion.app.pieces.plot.PANEL_MIN (dp is a pixel on these windows)
TITLES = ("Dukaten", "Burgteile", "Schätze versteckt")  # the titles of touch.walks' panels


def overlap(a: list[float], b: list[float]) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def inside(inner: list[float], outer: list[float], slack: float = 1.0) -> bool:
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return x >= ox - slack and y >= oy - slack and x + w <= ox + ow + slack and y + h <= oy + oh + slack


def colour_counts(shot: Path, rect: list[float], colours: dict[str, list[int]]) -> dict[str, int]:
    """How many pixels of each colour (give or take ``NEAR`` per channel) lie in ``rect`` (window
    coordinates, from the bottom left)."""
    near = range(-NEAR, NEAR + 1)
    table = {
        bytes((r + i, g + j, b + k)): name
        for name, (r, g, b) in colours.items()
        for i in near
        for j in near
        for k in near
        if all(0 <= c <= 255 for c in (r + i, g + j, b + k))
    }
    width, height, bpp, data = png.pixels(shot)
    x, y, w, h = (int(round(v)) for v in rect)
    counts = dict.fromkeys(colours, 0)
    for row in range(height - (y + h), height - y):
        start = row * width * bpp
        for at in range(start + x * bpp, start + (x + w) * bpp, bpp):
            name = table.get(data[at : at + 3])
            if name is not None:
                counts[name] += 1
    return counts


def check_texts(plot: dict[str, Any], small: float) -> None:
    texts = plot["texts"]
    for text, rect in texts:
        assert inside(rect, plot["rect"]), f"{text!r} at {rect} leaves its plot {plot['rect']}"
        assert rect[3] >= small, f"{text!r} is {rect[3]} px high, less than the small text's {small}"
    for n, (text, rect) in enumerate(texts):
        for other, rect2 in texts[n + 1 :]:
            assert not overlap(rect, rect2), f"{text!r} at {rect} overlaps {other!r} at {rect2}"


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


def canvases(plots: Any) -> list[dict[str, Any]]:
    """What each plot's canvas holds (its lines and markers as ``[colour, points]``), and where the
    plot and its texts are in the window (``[x, y, width, height]``)."""
    found = []
    for plot in plots.plots:
        x, y = plot.to_window(*plot.pos)
        found.append(
            {
                "rect": [x, y, plot.width, plot.height],
                "lines": [list(line) for line in plot.drawn_lines()],
                "markers": [list(marker) for marker in plot.drawn_markers()],
                "outlines": plot.drawn_outlines(),
                "texts": [[text, [x + tx, y + ty, w, h]] for text, (tx, ty, w, h) in plot.drawn_texts()],
                "redraws": plot.redraws,
            }
        )
    return found


def line_points(plots: Any) -> list[list[list[float]]]:
    return [[list(i.points) for i in plot._lines.children if hasattr(i, "points")] for plot in plots.plots]


@pytest.mark.parametrize("size", SIZES, ids=["800x480", "1280x720"])
@pytest.mark.parametrize("case", ["2x6x12", "3x3x40"])
@in_window
def test_each_panel_draws_a_line_per_player_in_the_players_colours(tmp_path, case, size):
    """``case`` (panels × players × periods) shown in the app's window: what is drawn, a screenshot,
    no redraw while nothing changes, and a redraw at a new size."""
    count, players, periods = (int(n) for n in case.split("x"))
    sized(size)
    app, driver = start(tmp_path, "de")
    from kivy.core.window import Window
    from kivy.metrics import sp

    from companion.app import theme

    assert list(Window.size) == ([int(n) for n in size.split("x")] if size else [800, 480])
    small = sp(theme.SMALL_SP)
    panels = walks(count, players, periods)
    series = [[[s.colour, len(s.values)] for s in panel.series] for panel in panels]
    view, plots = open_plots(driver)
    plots.show("Runde", panels)
    driver.until(lambda: settled(plots), what="the plots drawn at their size")
    shot = driver.shot(tmp_path / f"plot-{case}-{size or '800x480'}.png")
    drawn = canvases(plots)
    assert len(drawn) == count

    # from the canvas: one line per player, a point per value, in the order given
    for plot, lines in zip(drawn, series, strict=True):
        assert plot["lines"] == lines
        assert len(lines) == players and all(n == periods + 1 for _, n in lines)
        if periods == 12:  # room for a marker at every point
            assert plot["markers"] == plot["lines"]
        else:  # too close for markers: the last point has one
            assert plot["markers"] == [[colour, 1] for colour, _ in lines]
        assert plot["outlines"] == (2 if players == 6 else 0)  # white and yellow, outlined in ink
        assert plot["redraws"] == 1

    # side by side in the whole window, none over another
    assert plots.orientation == "horizontal"
    for n, plot in enumerate(drawn):
        assert all(not overlap(plot["rect"], other["rect"]) for other in drawn[n + 1 :])

    # the texts: the title, the ticks, the periods and their word; legible, apart, inside
    for plot, title in zip(drawn, TITLES, strict=False):
        texts = [text for text, _ in plot["texts"]]
        assert texts[0] == title and "Runde" in texts and texts.count("0") == 2, texts
        assert str(periods) in texts  # the last period is labelled
        check_texts(plot, small)

    # from the screenshot: every player's colour in every panel (yellow and white as well, though
    # their lines are equal in the 6-player case)
    assert png.size(shot) == tuple(Window.size)
    rgb = {colour: [round(c * 255) for c in theme.player_colour(colour)[:3]] for colour in COLOURS}
    colours = {colour: rgb[colour] for colour, _ in series[0]}
    for plot in drawn:
        counts = colour_counts(shot, plot["rect"], colours)
        assert all(n >= 30 for n in counts.values()), counts

    # nothing drawn anew while nothing changes
    before = [plot.redraws for plot in plots.plots]
    driver.frames(20)
    assert [plot.redraws - n for plot, n in zip(plots.plots, before, strict=True)] == [0] * count

    # a narrower sheet: every plot is drawn anew, once, at its new size
    points = line_points(plots)
    view.size_hint = (0.6, 1)
    driver.until(lambda: plots.width < Window.width * 0.7 and settled(plots), what="the plots at the new size")
    driver.frames(5)
    resized = canvases(plots)
    assert all(now != old for now, old in zip(line_points(plots), points, strict=True)), "every line moved"
    for plot, lines in zip(resized, series, strict=True):
        assert plot["lines"] == lines
        assert plot["redraws"] >= 2
        check_texts(plot, small)
    widths = [plot["rect"][2] for plot in resized]
    if plots.orientation == "horizontal":
        assert all(w >= PANEL_MIN_W - 1 for w in widths), widths
    else:  # stacked, each the sheet's width
        assert all(w >= PANEL_MIN_W for w in widths), widths
        assert len({round(plot["rect"][0]) for plot in resized}) == 1
    if not size:  # 480 px wide: side by side each would be too narrow
        assert plots.orientation == "vertical"
    narrow = driver.shot(tmp_path / f"plot-{case}-{size or '800x480'}-narrow.png")
    for plot in resized:
        counts = colour_counts(narrow, plot["rect"], colours)
        assert all(n >= 20 for n in counts.values()), counts
    view.dismiss(animation=False)
    driver.stop()


@in_window
def test_data_at_the_edges_is_drawn_without_fail(tmp_path):
    """Data at the edges, each shown in the window: the setup alone, all zero, negative values, one
    player, six players over 100 periods, no series at all, lines of different lengths, a value that
    is not a number; its texts legible, apart and inside."""
    app, driver = start(tmp_path, "en")
    from companion.app.pieces import plot as p

    view, plots = open_plots(driver)

    def only(name: str, panels: list[Any]) -> dict[str, Any]:
        (plot,) = shown(name, panels)
        return plot

    def shown(name: str, panels: list[Any]) -> list[dict[str, Any]]:
        plots.show("Round", panels)
        driver.until(lambda: settled(plots), what=f"the plots of {name}")
        driver.shot(tmp_path / f"plot-edge-{name}.png")
        drawn = canvases(plots)
        for plot in drawn:
            check_texts(plot, 16)
        return drawn

    setup = only("setup-only", [p.Panel("Ducats", (p.Series("red", (0.0,)), p.Series("white", (0.0,))))])
    assert setup["lines"] == [["red", 1], ["white", 1]]
    assert setup["markers"] == [["red", 1], ["white", 1]]  # a single point shows
    assert [t for t, _ in setup["texts"]] == ["Ducats", "0", "1", "0", "Round"]

    zero = only("all-zero", [p.Panel("Ducats", tuple(p.Series(c, (0.0,) * 9) for c in COLOURS[:4]))])
    assert zero["lines"] == [[c, 9] for c in ("red", "blue", "green", "yellow")]

    points = (p.Series("red", (0, -3, -7, 2, 5)), p.Series("blue", (0, 4, -1, -12, 3)))
    negative = [t for t, _ in only("negative", [p.Panel("Points", points)])["texts"]]
    assert negative[:6] == ["Points", "-15", "-10", "-5", "0", "5"]

    assert only("one-player", [p.Panel("Life", (p.Series("green", (3, 2, 2, 1, 0)),))])["lines"] == [["green", 5]]

    share = (p.Series("black", (0, 0.25, 0.5, 0.4)), p.Series("yellow", (0, 0.1, 0.3, 0.7)))
    fractions = [t for t, _ in only("fractions", [p.Panel("Share", share)])["texts"]]
    assert fractions[1:6] == ["0", "0.2", "0.4", "0.6", "0.8"]

    long = shown("long", walks(3, 6, 100))
    assert len(long) == 3
    assert all(plot["lines"] == [[c, 101] for c in COLOURS] for plot in long)
    for plot in long:  # 100 periods: a label every 10th, 20th or 50th period, none touching
        periods = [int(t) for t, r in plot["texts"][1:] if t.isdigit() and r[1] < plot["rect"][1] + 30]
        assert periods[0] == 0 and periods[-1] in (100, 80, 90) and len(periods) <= 11, periods

    assert only("no-series", [p.Panel("Ducats", ())])["lines"] == []
    ragged = (p.Series("red", (0, 1, 2, 3, 4, 5)), p.Series("blue", (0, 2)))
    assert only("ragged", [p.Panel("Ducats", ragged)])["lines"] == [["red", 6], ["blue", 2]]
    odd = (p.Series("red", (0, float("nan"), 2, float("inf"))),)
    assert only("not-a-number", [p.Panel("Ducats", odd)])["lines"] == [["red", 4]]
    view.dismiss(animation=False)
    driver.stop()


@in_window
def test_the_plots_arithmetic(tmp_path):
    """The ticks of a value axis (0 always among them; whole numbers never a step below 1), the
    step between labelled periods, and the offsets that set equal points apart."""
    from companion.app import env

    env.prepare(tmp_path / "kivy", headless=True)
    from companion.app.pieces import plot as p

    ticks = {
        (low, high, most, whole): list(p.nice_ticks(low, high, most, whole))
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
    }
    assert ticks[0, 0, 5, True] == [0, 1]
    assert ticks[0, 17, 5, True] == [0, 5, 10, 15, 20]
    assert ticks[3, 48, 5, True] == [0, 20, 40, 60]
    assert ticks[-7, 5, 5, True] == [-10, -5, 0, 5]
    assert ticks[0, 0.7, 5, False] == [0, 0.2, 0.4, 0.6, 0.8]
    assert ticks[0, 3, 7, True] == [0, 1, 2, 3]  # whole numbers: never a step below 1
    assert all(0 in found for found in ticks.values()), ticks

    steps = {(n, s, w): p.period_step(n, s, w) for n, s, w in [(13, 30, 20), (41, 5, 20), (101, 2, 30)]}
    for n, s, w in [(101, 8, 30), (1, 100, 20), (3, 2, 30)]:  # without fail
        p.period_step(n, s, w)
    assert steps == {(13, 30, 20): 1, (41, 5, 20): 5, (101, 2, 30): 20}

    assert list(p.offsets([10, 50, 90], 4)) == [0, 0, 0]
    assert list(p.offsets([10, 10, 90], 4)) == [-2, 2, 0]
    assert list(p.offsets([10, 11, 12], 4)) == [-4, 0, 4]
    assert list(p.offsets([10, 10, 10, 90], 4, 11)) == [-11, 0, 11, 0]
    assert list(p.offsets([10, 10, 90], 4, align="end")) == [-4, 0, 0]  # the one alone stays at its period
    assert list(p.offsets([90, 10, 10], 4, align="start")) == [0, 0, 4]


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


def lines_drawn(plot: Any) -> dict[str, list[list[float]]]:
    """The points ``[x, y]`` of each line in a player's colour, as the canvas holds them (the last
    one drawn of a colour: the colour on top of its outline)."""
    from kivy.graphics import Color, Line

    from companion.app import theme

    names = {tuple(round(c, 4) for c in rgba): name for name, rgba in theme.PLAYERS.items()}
    found, current = {}, None
    for instruction in plot._lines.children:
        if isinstance(instruction, Color):
            current = names.get(tuple(round(c, 4) for c in instruction.rgba))
        elif isinstance(instruction, Line) and current is not None:
            pts = list(instruction.points)
            found[current] = [[pts[2 * i], pts[2 * i + 1]] for i in range(len(pts) // 2)]
    return found


@pytest.mark.parametrize("size", SIZES, ids=["800x480", "1280x720"])
@in_window
def test_a_point_stands_at_its_value_and_equal_lines_are_told_apart_by_their_marks(tmp_path, size):
    """Three players on 6 Ducats, in a short and a long plot: each point of each line is drawn at
    exactly the y of its value (read from the tick labels), never moved off it; where the points are
    equal, each player's marker is its own shape (as on the player's chip), drawn beside the others
    at the same height, none over another, and each player's colour shows there in the screenshot."""
    sized(size)
    app, driver = start(tmp_path, "en")
    from companion.app import theme
    from companion.app.pieces import plot as p

    colours = {c: [round(v * 255) for v in theme.player_colour(c)[:3]] for c in ("red", "blue", "green")}
    short = [p.Panel("Ducats", tuple(p.Series(c, tuple(float(v) for v in vs)) for c, vs in EQUAL.items()))]
    long = [
        p.Panel(
            "Ducats",
            tuple(p.Series(c, tuple(float(v) for v in (vs[:5] * 30 + vs[5:]))) for c, vs in EQUAL.items()),
        )
    ]
    view, plots = open_plots(driver)
    for name, panels in (("short", short), ("long", long)):
        plots.show("Round", panels)
        driver.until(lambda: settled(plots), what=f"the {name} plot")
        (plot,) = plots.plots
        shot = driver.shot(tmp_path / f"plot-equal-{name}.png")
        y_of = value_y(plot.drawn_texts())
        values = {s.colour: list(s.values) for s in panels[0].series}
        ys = {c: [y_of(v) for v in vs] for c, vs in values.items()}
        points = lines_drawn(plot)
        for colour, want in ys.items():
            assert [round(y, 3) for _x, y in points[colour]] == [round(y, 3) for y in want], (name, colour)
        xs = {tuple(round(x, 3) for x, _y in line) for line in points.values()}
        assert len(xs) == 1  # every line's points on the periods themselves

        assert hasattr(plot, "drawn_marks")
        marks = plot.drawn_marks()
        assert [(c, shape) for c, shape, _ in marks] == [(c, theme.MARKS[c]) for c in colours]
        last = len(values["red"]) - 1
        periods = range(last + 1) if name == "short" else [last]  # a marker at every point, or the last
        for colour, _shape, at in marks:
            assert [round(y, 3) for _x, y in at] == [round(ys[colour][n], 3) for n in periods], (name, colour)
        x0, y0 = plot.to_window(*plot.pos)
        for n, period in enumerate(periods):
            here = {colour: at[n] for colour, _shape, at in marks}
            groups: dict[float, list[str]] = {}
            for colour in here:
                groups.setdefault(values[colour][period], []).append(colour)
            for equal in groups.values():  # equal points: their markers side by side, apart
                xs_here = sorted(here[c][0] for c in equal)
                assert all(b - a >= 8 for a, b in zip(xs_here, xs_here[1:], strict=False)), (name, period, xs_here)
            if len(groups) == 1:  # all three equal: each colour shows there
                cx, cy = points["red"][period][0], ys["red"][period]
                counts = colour_counts(shot, [x0 + cx - 20, y0 + cy - 10, 40, 20], colours)
                assert all(n >= 12 for n in counts.values()), (name, period, counts)
    view.dismiss(animation=False)
    driver.stop()
