"""The plot of a game, in a real window over the start screen (``plot_sessions.py``): each panel
draws one line per player with a point per period, read back from its canvas; each player's colour
is in the panel's pixels (white and yellow too, on the paper, even where their lines are equal);
the texts are legible and never overlap; the panels stand side by side in a wide window and stacked
in a narrow one; a plot draws again only when its size changes. And data at the edges: the setup
alone, all zero, negative values, one player, 100 periods, no series, ragged lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.companion.app import png
from tests.companion.app.ui import run_session

SIZES = [None, "1280x720"]
NEAR = 4  # per channel, 0..255: the lines are drawn without smoothing, in their exact colour
PANEL_MIN_W = 240  # dp, as companion.app.pieces.plot.PANEL_MIN (dp is a pixel on these windows)


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


@pytest.mark.parametrize("size", SIZES, ids=["800x480", "1280x720"])
@pytest.mark.parametrize("case", ["2x6x12", "3x3x40"])
def test_each_panel_draws_a_line_per_player_in_the_players_colours(tmp_path, case, size):
    seen = run_session("plot", tmp_path, case, *([size] if size else []))
    panels, players, periods = (int(n) for n in case.split("x"))
    assert seen["window"] == ([int(n) for n in size.split("x")] if size else [800, 480])
    plots = seen["plots"]
    assert len(plots) == panels

    # from the canvas: one line per player, a point per value, in the order given
    for plot, series in zip(plots, seen["series"], strict=True):
        assert [list(line) for line in plot["lines"]] == series
        assert len(series) == players and all(n == periods + 1 for _, n in series)
        if periods == 12:  # room for a marker at every point
            assert plot["markers"] == plot["lines"]
        else:  # too close for markers: the last point has one
            assert plot["markers"] == [[colour, 1] for colour, _ in series]
        assert plot["outlines"] == (2 if players == 6 else 0)  # white and yellow, outlined in ink
        assert plot["redraws"] == 1

    # side by side in the whole window, none over another
    assert seen["orientation"] == "horizontal"
    for n, plot in enumerate(plots):
        assert all(not overlap(plot["rect"], other["rect"]) for other in plots[n + 1 :])

    # the texts: the title, the ticks, the periods and their word; legible, apart, inside
    for plot, title in zip(plots, ("Dukaten", "Burgteile", "Schätze versteckt"), strict=False):
        texts = [text for text, _ in plot["texts"]]
        assert texts[0] == title and "Runde" in texts and texts.count("0") == 2
        assert str(periods) in texts  # the last period is labelled
        check_texts(plot, seen["small_text"])

    # from the screenshot: every player's colour in every panel (yellow and white as well, though
    # their lines are equal in the 6-player case)
    shot = Path(seen["shot"])
    assert shot.parent == tmp_path and png.size(shot) == tuple(seen["window"])
    colours = {colour: seen["colours"][colour] for colour, _ in seen["series"][0]}
    for plot in plots:
        counts = colour_counts(shot, plot["rect"], colours)
        assert all(n >= 30 for n in counts.values()), counts

    # nothing drawn anew while nothing changes; drawn anew at a new size
    assert seen["redraws_idle"] == [0] * panels
    resized = seen["resized"]
    assert all(resized["moved"])
    for plot, series in zip(resized["plots"], seen["series"], strict=True):
        assert [list(line) for line in plot["lines"]] == series
        assert plot["redraws"] >= 2
        check_texts(plot, seen["small_text"])
    widths = [plot["rect"][2] for plot in resized["plots"]]
    if resized["orientation"] == "horizontal":
        assert all(w >= PANEL_MIN_W - 1 for w in widths)
    else:  # stacked, each the sheet's width
        assert all(w >= PANEL_MIN_W for w in widths)
        assert len({round(plot["rect"][0]) for plot in resized["plots"]}) == 1
    if not size:  # 480 px wide: side by side each would be too narrow
        assert resized["orientation"] == "vertical"
    narrow = Path(seen["resized_shot"])
    for plot in resized["plots"]:
        counts = colour_counts(narrow, plot["rect"], colours)
        assert all(n >= 20 for n in counts.values()), counts


def test_data_at_the_edges_is_drawn_without_fail(tmp_path):
    seen = run_session("plot-edges", tmp_path)
    cases = seen["cases"]

    def only(name: str) -> dict[str, Any]:
        (plot,) = cases[name]["plots"]
        return plot

    assert only("setup-only")["lines"] == [["red", 1], ["white", 1]]
    assert only("setup-only")["markers"] == [["red", 1], ["white", 1]]  # a single point shows
    assert [t for t, _ in only("setup-only")["texts"]] == ["Ducats", "0", "1", "0", "Round"]
    assert only("all-zero")["lines"] == [[c, 9] for c in ("red", "blue", "green", "yellow")]
    negative = [t for t, _ in only("negative")["texts"]]
    assert negative[:6] == ["Points", "-15", "-10", "-5", "0", "5"]
    assert only("one-player")["lines"] == [["green", 5]]
    assert [t for t, _ in only("fractions")["texts"]][1:6] == ["0", "0.2", "0.4", "0.6", "0.8"]
    assert only("no-series")["lines"] == []
    assert only("ragged")["lines"] == [["red", 6], ["blue", 2]]
    assert only("not-a-number")["lines"] == [["red", 4]]
    long = cases["long"]["plots"]
    assert len(long) == 3
    colours = ["red", "blue", "green", "yellow", "white", "black"]
    assert all(plot["lines"] == [[c, 101] for c in colours] for plot in long)
    for plot in long:  # 100 periods: a label every 10th, 20th or 50th period, none touching
        periods = [int(t) for t, r in plot["texts"][1:] if t.isdigit() and r[1] < plot["rect"][1] + 30]
        assert periods[0] == 0 and periods[-1] in (100, 80, 90) and len(periods) <= 11
    for case in cases.values():
        for plot in case["plots"]:
            check_texts(plot, 16)

    arithmetic = seen["arithmetic"]
    ticks = arithmetic["ticks"]
    assert ticks["0,0,5,True"] == [0, 1]
    assert ticks["0,17,5,True"] == [0, 5, 10, 15, 20]
    assert ticks["3,48,5,True"] == [0, 20, 40, 60]
    assert ticks["-7,5,5,True"] == [-10, -5, 0, 5]
    assert ticks["0,0.7,5,False"] == [0, 0.2, 0.4, 0.6, 0.8]
    assert ticks["0,3,7,True"] == [0, 1, 2, 3]  # whole numbers: never a step below 1
    for found in ticks.values():
        assert 0 in found
    steps = arithmetic["period_steps"]
    assert steps["13,30,20"] == 1 and steps["41,5,20"] == 5 and steps["101,2,30"] == 20
    assert arithmetic["offsets"] == {
        "alone": [0, 0, 0],
        "two-equal": [-2, 2, 0],
        "three-close": [-4, 0, 4],
        "wider-steps": [-11, 0, 11, 0],
        "last-period": [-4, 0, 0],
        "first-period": [0, 0, 4],
    }


@pytest.mark.parametrize("size", SIZES, ids=["800x480", "1280x720"])
def test_a_point_stands_at_its_value_and_equal_lines_are_told_apart_by_their_marks(tmp_path, size):
    """Three players on 6 Ducats: each point of each line is drawn at exactly the y of its value
    (read from the tick labels), never moved off it; where the points are equal, each player's
    marker is its own shape (as on the player's chip), drawn beside the others at the same height,
    none over another, and each player's colour shows there in the screenshot."""
    from companion.app import theme

    seen = run_session("plot-equal", tmp_path, *([size] if size else []))
    colours = {c: [round(v * 255) for v in theme.player_colour(c)[:3]] for c in ("red", "blue", "green")}
    for name in ("short", "long"):
        drawn = seen[name]
        values, ys = drawn["values"], drawn["value_ys"]
        for colour, want in ys.items():
            points = drawn["points"][colour]
            assert [round(y, 3) for _x, y in points] == [round(y, 3) for y in want], (name, colour)
        xs = {tuple(round(x, 3) for x, _y in points) for points in drawn["points"].values()}
        assert len(xs) == 1  # every line's points on the periods themselves
        marks = drawn["marks"]
        assert marks is not None
        assert [(c, shape) for c, shape, _ in marks] == [(c, theme.MARKS[c]) for c in colours]
        last = len(values["red"]) - 1
        periods = range(last + 1) if name == "short" else [last]  # a marker at every point, or the last
        for colour, _shape, at in marks:
            assert [round(y, 3) for _x, y in at] == [round(ys[colour][p], 3) for p in periods], (name, colour)
        for n, period in enumerate(periods):
            here = {colour: at[n] for colour, _shape, at in marks}
            groups: dict[float, list[str]] = {}
            for colour in here:
                groups.setdefault(values[colour][period], []).append(colour)
            for equal in groups.values():  # equal points: their markers side by side, apart
                xs_here = sorted(here[c][0] for c in equal)
                assert all(b - a >= 8 for a, b in zip(xs_here, xs_here[1:], strict=False)), (name, period, xs_here)
            if len(groups) == 1:  # all three equal: each colour shows there
                x0, y0 = drawn["rect"][:2]
                cx, cy = drawn["points"]["red"][period][0], ys["red"][period]
                counts = colour_counts(Path(drawn["shot"]), [x0 + cx - 20, y0 + cy - 10, 40, 20], colours)
                assert all(n >= 12 for n in counts.values()), (name, period, counts)
