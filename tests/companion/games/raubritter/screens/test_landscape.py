"""Raubritter's landscape grid (:mod:`companion.games.raubritter.screens.landscape`) in a real Kivy
window: taps report their cell, a drag pans and a pinch or the mouse wheel zooms about the right
point without a tap, ``zoom_all`` fits a whole 4-player layout (96 tiles laid by the engine's
rules) and keeps it fitted when the widget is resized, the grid never paints over its neighbours,
and the cells where the next tile may go are drawn highlighted.

The window runs in a process of its own (Kivy keeps one window per process): this module is also
the session, ``python -m tests.companion.app.test_raubritter_landscape OUT_DIR``, which drives the
widget with touches through Kivy's event loop, saves screenshots to OUT_DIR and prints one JSON
line of what it saw. The layouts are built here with the engine (:func:`play`); the benchmark
``bench/raubritter_grid.py`` uses the same ones.
"""

from __future__ import annotations

import datetime
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from engines.raubritter import GAME, Setup
from engines.raubritter.commands import LayTile
from engines.raubritter.moves import legal_cells, legal_marches
from engines.raubritter.rules import COLOURS, KINDS, MAX_CASTLE_KNIGHTS, building
from engines.raubritter.state import OVER, GameState
from engines.raubritter.views import public_view

# The landscape sits between two panels of a colour it never uses: what it draws stays inside.
PANEL = (1.0, 0.0, 1.0, 1.0)
LEFT, RIGHT = 140, 120  # the panels' widths at the start


# ----------------------------------------------------------------------------- layouts by the rules
def play(players: int, tiles: int, seed: int) -> GameState:
    """A game of ``players`` in which ``tiles`` tiles are laid (all of them: the game is over), each
    where the rules allow, every castle with as many knights as it may take marching as far as
    they can, so that stacks stand on many tiles."""
    rng = random.Random(seed)
    specs = [
        {"name": f"Player {i + 1}", "birthday": datetime.date(1950 + i, 1, 1), "colour": colour}
        for i, colour in enumerate(COLOURS[:players])
    ]
    state = GAME.setup(Setup(players=specs))
    while state.phase != OVER and len(state.cells) < tiles:
        player = state.player(state.current)
        initial = state.phase == "initial"
        kinds = [k for k in KINDS if player.tiles_left(k) and not (initial and building(k) == "castle")]
        kind = rng.choice([k for k in kinds for _ in range(player.tiles_left(k))])  # as drawn from the pile
        x, y = rng.choice(legal_cells(state))
        direction, drops = None, ()
        if building(kind) == "castle":
            for knights in range(min(MAX_CASTLE_KNIGHTS, player.knights), 0, -1):
                options = legal_marches(state, player.colour, x, y, kind, knights)
                if options:
                    longest = max(len(d) for _, d in options)
                    direction, drops = rng.choice([(w, d) for w, d in options if len(d) == longest])
                    break
        for event in GAME.decide(state, LayTile(player.colour, kind, x, y, drops, direction)):
            state = GAME.evolve(state, event)
    return state


def full_layout(seed: int = 7) -> dict[str, Any]:
    """The public view of a 4-player game with all 96 tiles laid."""
    state = play(4, 96, seed)
    assert len(state.cells) == 96 and state.phase == OVER
    return public_view(state)


def small_layout(seed: int = 3) -> tuple[dict[str, Any], dict[str, Any]]:
    """A 2-player game in play with a few tiles, and what the table screen would draw over it while
    a castle is being laid: the cells it may go to, the castle as a ghost, its knights' march."""
    state = play(2, 9, seed)
    targets = legal_cells(state)
    current = state.current
    best: tuple[Any, ...] | None = None
    for x, y in targets:  # the castle where its 4 knights march furthest
        for direction, drops in legal_marches(state, current, x, y, "plain-castle", 4):
            if best is None or len(drops) > len(best[3]):
                best = (x, y, direction, drops)
    assert best is not None and len(best[3]) >= 2, "no march in the small layout"
    x, y, direction, drops = best
    dx, dy = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}[direction]
    march = [(x + dx * i, y + dy * i, n) for i, n in enumerate(drops)]
    pending = {"kind": "plain-castle", "x": x, "y": y, "owner": current}
    laid = [(c.x, c.y) for c in state.cells]
    return public_view(state), {"targets": targets, "pending": pending, "march": march, "selected": laid[0]}


# ----------------------------------------------------------------------------- the session (child)
def session(out: Path) -> dict[str, Any]:
    from companion.app import env

    env.prepare(out / "kivy", headless=True)
    from kivy.app import App
    from kivy.graphics import Color, Rectangle
    from kivy.tests.common import UnitTestTouch
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.relativelayout import RelativeLayout
    from kivy.uix.widget import Widget

    from companion.app.driver import Driver
    from companion.games.raubritter.screens import landscape
    from companion.games.raubritter.screens.landscape import Landscape
    from tests.support.waiting import WAIT

    def panel(width: int) -> Widget:
        widget = Widget(size_hint_x=None, width=width)
        with widget.canvas:
            Color(*PANEL)
            rect = Rectangle()
        widget.bind(pos=lambda w, p: setattr(rect, "pos", p), size=lambda w, s: setattr(rect, "size", s))
        return widget

    class GridApp(App):
        def build(self) -> Widget:
            root = BoxLayout()
            self.left, self.right = panel(LEFT), panel(RIGHT)
            holder = RelativeLayout()  # like a Screen: the grid's coordinates are not the window's
            self.grid = Landscape()
            holder.add_widget(self.grid)
            root.add_widget(self.left)
            root.add_widget(holder)
            root.add_widget(self.right)
            return root

    class Wheel(UnitTestTouch):
        def __init__(self, x: float, y: float, button: str) -> None:
            super().__init__(x, y)
            self.profile = ["pos", "button"]
            self.button = button

    app = GridApp()
    driver = Driver(app).start()
    grid = app.grid
    driver.until(lambda: grid.width > 300 and grid.to_window(*grid.pos)[0] >= LEFT, seconds=WAIT, what="the layout")
    taps: list[tuple[int, int]] = []
    grid.bind(on_cell=lambda _grid, x, y: taps.append((x, y)))
    seen: dict[str, Any] = {}

    def rect() -> tuple[float, float, float, float]:
        x, y = grid.to_window(*grid.pos)
        return x, y, x + grid.width, y + grid.height

    def inside(cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The cells not wholly inside the grid's bounds."""
        x0, y0, x1, y1 = rect()
        half = grid.cell_size / 2
        out = []
        for x, y in cells:
            cx, cy = grid.centre_of(x, y)
            if not (x0 <= cx - half and cx + half <= x1 and y0 <= cy - half and cy + half <= y1):
                out.append((x, y))
        return out

    def centre() -> tuple[float, float]:
        x0, y0, x1, y1 = rect()
        return (x0 + x1) / 2, (y0 + y1) / 2

    def tap(x: float, y: float) -> list[tuple[int, int]]:
        taps.clear()
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        driver.frames(1)
        touch.touch_up()
        driver.frames(1)
        grid.close_lens()  # a tile with knights tapped shows its stack large: the next tap is on the grid again
        return list(taps)

    def gesture(paths: list[list[tuple[float, float]]]) -> None:
        """Fingers down at their paths' first points, moved step by step together, then lifted."""
        touches = [UnitTestTouch(*path[0]) for path in paths]
        for touch in touches:
            touch.touch_down()
        driver.frames(1)
        for step in range(1, len(paths[0])):
            for touch, path in zip(touches, paths, strict=True):
                touch.touch_move(*path[step])
            driver.frames(1)
        for touch in touches:
            touch.touch_up()
        driver.frames(1)

    def line(a: tuple[float, float], b: tuple[float, float], steps: int = 12) -> list[tuple[float, float]]:
        return [(a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps) for i in range(steps + 1)]

    def wheel(x: float, y: float, button: str) -> None:
        touch = Wheel(x, y, button)
        touch.touch_down()
        touch.touch_up()
        driver.frames(1)

    # The whole 4-player layout, fitted.
    view = full_layout()
    cells = [(c["x"], c["y"]) for c in view["cells"]]
    grid.show(view)
    grid.zoom_all()
    driver.frames(3)
    seen["full"] = {
        "cells": len(cells),
        "stacks": sum(1 for c in view["cells"] if c["stack"]),
        "mixed": sum(1 for c in view["cells"] if len(set(c["stack"])) > 1),
        "cell_size": grid.cell_size,
        "outside": inside(cells),
        "rect": rect(),
        "at_centres": sum(grid.cell_at(*grid.centre_of(x, y)) == (x, y) for x, y in cells),
        "pictures": sorted(key[0] for key in landscape._TEXTURES),
        "marks": sorted(key[1] for key in landscape._TEXTURES if key[0] == "mark"),
    }
    driver.shot(out / "full-zoomed-out.png")

    # Taps: on laid cells, a little off their centres, and on cells where nothing lies.
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    empty_inside = [(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)]
    empty_inside = [c for c in empty_inside if c not in set(cells)]
    probes = [cells[0], cells[40], cells[-1], *empty_inside[:2]]
    seen["taps"] = []
    for x, y in probes:
        wx, wy = grid.centre_of(x, y)
        seen["taps"].append({"cell": [x, y], "reported": tap(wx + 3, wy - 2)})

    # A drag pans and taps nothing.
    probe = cells[10]
    before = grid.centre_of(*probe)
    start = centre()
    taps.clear()
    gesture([line(start, (start[0] + 70, start[1] - 45))])
    after = grid.centre_of(*probe)
    seen["drag"] = {"moved": [after[0] - before[0], after[1] - before[1]], "taps": list(taps)}

    # A short wobble (within the slop) is still a tap.
    wx, wy = grid.centre_of(*probe)
    taps.clear()
    gesture([[(wx, wy), (wx + 2, wy + 1), (wx + 4, wy - 1)]])
    seen["wobble"] = {"cell": list(probe), "taps": list(taps)}
    grid.close_lens()

    # A pinch about a point off the centre: the fingers' centre keeps its world point.
    grid.zoom_all()
    driver.frames(1)
    x0, y0, x1, y1 = rect()
    c = (x0 + (x1 - x0) * 0.4, y0 + (y1 - y0) * 0.6)
    anchor = grid.cell_at(*c)
    size0, p0 = grid.cell_size, grid.centre_of(*anchor)
    taps.clear()
    gesture([line((c[0] - 40, c[1]), (c[0] - 80, c[1])), line((c[0] + 40, c[1]), (c[0] + 80, c[1]))])
    seen["pinch_out"] = {
        "factor": grid.cell_size / size0,
        "anchor_expected": [c[0] + (p0[0] - c[0]) * 2, c[1] + (p0[1] - c[1]) * 2],
        "anchor": list(grid.centre_of(*anchor)),
        "taps": list(taps),
    }
    # ... and the fingers' centre moving along: the world point under it moves with it.
    size1, p1 = grid.cell_size, grid.centre_of(*anchor)
    moved = (c[0] + 30, c[1] - 20)
    gesture(
        [
            line((c[0] - 80, c[1]), (moved[0] - 60, moved[1])),
            line((c[0] + 80, c[1]), (moved[0] + 60, moved[1])),
        ]
    )
    factor = 120 / 160
    seen["pinch_in"] = {
        "factor": grid.cell_size / size1,
        "expected_factor": factor,
        "anchor_expected": [moved[0] + (p1[0] - c[0]) * factor, moved[1] + (p1[1] - c[1]) * factor],
        "anchor": list(grid.centre_of(*anchor)),
        "taps": list(taps),
    }

    # The mouse wheel zooms about the pointer.
    grid.zoom_all()
    driver.frames(1)
    p = (x0 + (x1 - x0) * 0.7, y0 + (y1 - y0) * 0.3)
    anchor = grid.cell_at(*p)
    size0, p0 = grid.cell_size, grid.centre_of(*anchor)
    taps.clear()
    wheel(*p, "scrolldown")
    f = grid.cell_size / size0
    seen["wheel_in"] = {
        "factor": f,
        "anchor_expected": [p[0] + (p0[0] - p[0]) * f, p[1] + (p0[1] - p[1]) * f],
        "anchor": list(grid.centre_of(*anchor)),
    }
    wheel(*p, "scrollup")
    seen["wheel_out"] = {"factor": grid.cell_size / size0, "anchor": list(grid.centre_of(*anchor)), "was": list(p0)}
    for _ in range(40):
        wheel(*p, "scrollup")
    smallest = grid.cell_size
    for _ in range(40):
        wheel(*p, "scrolldown")
    seen["wheel_limits"] = [smallest, grid.cell_size]
    seen["wheel_taps"] = list(taps)

    # Zoomed in on a cell in the middle of the layout: it sits at the centre.
    probe = ((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)
    grid.zoom_to(*probe, 120)
    driver.frames(2)
    seen["zoom_to"] = {"cell_size": grid.cell_size, "at": list(grid.centre_of(*probe)), "centre": list(centre())}
    driver.shot(out / "full-zoomed-in.png")

    # Fitted, the grid stays fitted when it is resized; panned, it keeps its zoom.
    grid.zoom_all()
    driver.frames(1)
    fitted = grid.cell_size
    app.left.width = 300
    driver.until(lambda: abs(rect()[0] - 300) < 1, seconds=WAIT, what="the grid narrowed")
    seen["resized"] = {"before": fitted, "after": grid.cell_size, "outside": inside(cells), "rect": rect()}
    start = centre()
    gesture([line(start, (start[0] + 30, start[1]))])
    panned = grid.cell_size
    app.left.width = LEFT
    driver.until(lambda: abs(rect()[0] - LEFT) < 1, seconds=WAIT, what="the grid widened")
    seen["resized_panned"] = {"before": panned, "after": grid.cell_size}

    # A small layout with the cells a castle may go to, the castle as a ghost and its march.
    small, extra = small_layout()
    grid.show(small, **extra)
    grid.zoom_all()
    driver.frames(3)
    others = [t for t in extra["targets"] if t != (extra["pending"]["x"], extra["pending"]["y"])]
    marched = {(x, y) for x, y, _ in extra["march"]}
    free = [t for t in others if t not in marched]
    target = free[0]
    tx, ty = grid.centre_of(*target)
    s = grid.cell_size
    seen["small"] = {
        "cell_size": grid.cell_size,
        "targets": len(extra["targets"]),
        "target": list(target),
        "target_centre": [tx, ty],
        "target_fill_at": [tx + 0.25 * s, ty + 0.25 * s],
        "march": extra["march"],
        "outside": inside([(c["x"], c["y"]) for c in small["cells"]] + [tuple(t) for t in extra["targets"]]),
    }
    driver.shot(out / "small-targets-march.png")
    seen["small"]["tap"] = tap(tx, ty)
    seen["window"] = list(grid.get_root_window().size)
    seen["panels"] = {"left": [LEFT / 2, 240], "right": [800 - RIGHT / 2, 240]}

    # The pictures live while a landscape does: the grid taken away, they go with it.
    import gc

    seen["pictures"] = {"shown": len(landscape._TEXTURES)}
    grid.parent.remove_widget(grid)
    app.grid = grid = None
    driver.frames(2)
    gc.collect()
    seen["pictures"]["after"] = len(landscape._TEXTURES)
    driver.stop()
    return seen


# ----------------------------------------------------------------------------- the tests (parent)
@pytest.fixture(scope="module")
def seen(tmp_path_factory) -> dict[str, Any]:
    from tests.companion.app.ui import run_process

    out = tmp_path_factory.mktemp("raubritter-landscape")
    done = run_process([sys.executable, "-m", "tests.companion.app.test_raubritter_landscape", str(out)], "the grid")
    assert done.returncode == 0, done.stderr[-4000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["out"] = out
    return result


def close(a: list[float], b: list[float], tolerance: float = 1.0) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def pixel(path: Path, x: float, y: float) -> tuple[int, int, int]:
    """The colour at window coordinates (x, y) (y up) of a screenshot."""
    from tests.companion.app.png import pixels

    width, height, bpp, data = pixels(path)
    at = ((height - 1 - int(y)) * width + int(x)) * bpp
    return data[at], data[at + 1], data[at + 2]


def test_zoom_all_fits_a_whole_four_player_layout(seen):
    full = seen["full"]
    assert full["cells"] == 96
    assert full["stacks"] >= 30 and full["mixed"] >= 3, full
    assert full["outside"] == []
    x0, y0, x1, y1 = full["rect"]
    assert full["cell_size"] * 10 <= min(x1 - x0, y1 - y0) < full["cell_size"] * 11  # fitted, not just inside
    assert full["at_centres"] == 96  # cell_at and centre_of agree on every cell


def test_every_knight_is_drawn_with_its_players_mark(seen):
    assert seen["full"]["marks"] == sorted(["red", "blue", "green", "yellow"])  # a shape and a colour each
    assert "disc" not in seen["full"]["pictures"] and "pip" not in seen["full"]["pictures"]


def test_a_tap_reports_its_cell_laid_or_not(seen):
    for probe in seen["taps"]:
        assert probe["reported"] == [probe["cell"]], probe
    assert seen["wobble"]["taps"] == [seen["wobble"]["cell"]]  # a finger's jitter is still a tap
    assert seen["small"]["tap"] == [seen["small"]["target"]]  # an empty cell where a tile may go


def test_a_drag_pans_without_a_tap(seen):
    assert close(seen["drag"]["moved"], [70, -45]), seen["drag"]
    assert seen["drag"]["taps"] == []


def test_a_pinch_zooms_about_the_fingers_centre(seen):
    out, back = seen["pinch_out"], seen["pinch_in"]
    assert abs(out["factor"] - 2) < 0.01, out
    assert close(out["anchor"], out["anchor_expected"], 1.5), out
    assert abs(back["factor"] - back["expected_factor"]) < 0.01, back
    assert close(back["anchor"], back["anchor_expected"], 1.5), back
    assert out["taps"] == [] and back["taps"] == []


def test_the_mouse_wheel_zooms_about_the_pointer_within_limits(seen):
    zoom_in, zoom_out = seen["wheel_in"], seen["wheel_out"]
    assert zoom_in["factor"] > 1.1, zoom_in
    assert close(zoom_in["anchor"], zoom_in["anchor_expected"]), zoom_in
    assert abs(zoom_out["factor"] - 1) < 1e-6 and close(zoom_out["anchor"], zoom_out["was"])
    assert seen["wheel_limits"] == [18, 160]
    assert seen["wheel_taps"] == []


def test_zoom_to_centres_a_cell(seen):
    zoomed = seen["zoom_to"]
    assert zoomed["cell_size"] == 120
    assert close(zoomed["at"], zoomed["centre"])


def test_it_stays_fitted_when_resized_until_panned(seen):
    resized = seen["resized"]
    assert resized["after"] < resized["before"] and resized["outside"] == [], resized
    assert seen["resized_panned"]["before"] == seen["resized_panned"]["after"]


def test_the_pictures_are_drawn_inside_the_grid(seen):
    from tests.companion.app.png import colours

    for name in ("full-zoomed-out", "full-zoomed-in", "small-targets-march"):
        path = seen["out"] / f"{name}.png"
        assert colours(path) > 20, f"{name} is (nearly) one flat colour"
        for x, y in seen["panels"].values():  # the panels beside the grid are untouched
            assert pixel(path, x, y) == (255, 0, 255), name


def test_the_pictures_go_with_the_last_landscape(seen):
    assert seen["pictures"]["shown"] > 10  # tiles of several kinds and owners, discs, digits
    assert seen["pictures"]["after"] == 0


def test_the_cells_a_tile_may_go_to_are_highlighted(seen):
    small = seen["small"]
    assert small["targets"] >= 5 and small["outside"] == []
    path = seen["out"] / "small-targets-march.png"
    r, g, b = pixel(path, *small["target_centre"])  # the orange cross
    assert r > 220 and 100 < g < 170 and b < 40, (r, g, b)
    r, g, b = pixel(path, *small["target_fill_at"])  # the light yellow fill
    assert r > 235 and g > 225 and 120 < b < 200, (r, g, b)


if __name__ == "__main__":
    print(json.dumps(session(Path(sys.argv[1]))), flush=True)
