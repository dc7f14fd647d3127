"""Raubritter's landscape grid (:mod:`companion.games.raubritter.screens.landscape`) in a real Kivy
window: taps report their cell, a drag pans and a pinch or the mouse wheel zooms about the right
point without a tap, ``zoom_all`` fits a whole 4-player layout (96 tiles laid by the engine's
rules) and keeps it fitted when the widget is resized, the grid never paints over its neighbours,
and the cells where the next tile may go are drawn highlighted.

Each test drives the widget, alone in a window of its own between two panels, with touches
through Kivy's event loop (:mod:`tests.support.window`). The layouts are built here with the
engine (:func:`play`); the benchmark ``bench/raubritter_grid.py`` uses the same ones.
"""

from __future__ import annotations

import datetime
import gc
import random
from pathlib import Path
from typing import Any

from engines.raubritter import GAME, Setup
from engines.raubritter.commands import LayTile
from engines.raubritter.moves import legal_cells, legal_marches
from engines.raubritter.rules import COLOURS, KINDS, MAX_CASTLE_KNIGHTS, building
from engines.raubritter.state import OVER, GameState
from engines.raubritter.views import public_view
from tests.support.window import in_window

# The landscape sits between two panels of a colour it never uses: what it draws stays inside.
PANEL = (1.0, 0.0, 1.0, 1.0)
LEFT, RIGHT = 140, 120  # the panels' widths at the start
PANELS = ((LEFT / 2, 240), (800 - RIGHT / 2, 240))  # a point inside each panel, in the 800×480 window


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


# ----------------------------------------------------------------------------- the grid in a window
class Grid:
    """The grid between its two panels in a window of its own, touched as a finger would."""

    def __init__(self, out: Path) -> None:
        from companion.app import env

        env.prepare(out / "kivy", headless=True)
        from kivy.app import App
        from kivy.graphics import Color, Rectangle
        from kivy.uix.boxlayout import BoxLayout
        from kivy.uix.relativelayout import RelativeLayout
        from kivy.uix.widget import Widget

        from companion.app.driver import Driver
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

        self.out = out
        self.app = GridApp()
        self.driver = Driver(self.app).start()
        self.grid: Any = self.app.grid
        grid = self.grid
        self.driver.until(
            lambda: grid.width > 300 and grid.to_window(*grid.pos)[0] >= LEFT, seconds=WAIT, what="the layout"
        )
        self.taps: list[list[int]] = []
        grid.bind(on_cell=lambda _grid, x, y: self.taps.append([x, y]))

    def show(self, view: dict[str, Any], **extra: Any) -> None:
        """``view`` drawn, fitted (``zoom_all``)."""
        self.grid.show(view, **extra)
        self.grid.zoom_all()
        self.driver.frames(3)

    def rect(self) -> tuple[float, float, float, float]:
        x, y = self.grid.to_window(*self.grid.pos)
        return x, y, x + self.grid.width, y + self.grid.height

    def outside(self, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The cells not wholly inside the grid's bounds."""
        x0, y0, x1, y1 = self.rect()
        half = self.grid.cell_size / 2
        out = []
        for x, y in cells:
            cx, cy = self.grid.centre_of(x, y)
            if not (x0 <= cx - half and cx + half <= x1 and y0 <= cy - half and cy + half <= y1):
                out.append((x, y))
        return out

    def centre(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.rect()
        return (x0 + x1) / 2, (y0 + y1) / 2

    def tap(self, x: float, y: float) -> list[list[int]]:
        """A tap at window coordinates; the cells the grid reported."""
        from kivy.tests.common import UnitTestTouch

        self.taps.clear()
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.driver.frames(1)
        touch.touch_up()
        self.driver.frames(1)
        self.grid.close_lens()  # a tile with knights tapped shows its stack large: the next tap is on the grid again
        return list(self.taps)

    def gesture(self, paths: list[list[tuple[float, float]]]) -> list[list[int]]:
        """Fingers down at their paths' first points, moved step by step together, then lifted; the
        cells the grid reported meanwhile."""
        from kivy.tests.common import UnitTestTouch

        self.taps.clear()
        touches = [UnitTestTouch(*path[0]) for path in paths]
        for touch in touches:
            touch.touch_down()
        self.driver.frames(1)
        for step in range(1, len(paths[0])):
            for touch, path in zip(touches, paths, strict=True):
                touch.touch_move(*path[step])
            self.driver.frames(1)
        for touch in touches:
            touch.touch_up()
        self.driver.frames(1)
        return list(self.taps)

    def wheel(self, x: float, y: float, button: str) -> None:
        """The mouse wheel turned once over (x, y)."""
        from kivy.tests.common import UnitTestTouch

        touch = UnitTestTouch(x, y)
        touch.profile = ["pos", "button"]
        touch.button = button
        touch.touch_down()
        touch.touch_up()
        self.driver.frames(1)

    def shot(self, name: str) -> Path:
        """The window now as ``name``.png; it must be a picture, with the panels beside the grid untouched."""
        from tests.companion.app.png import colours

        path = self.driver.shot(self.out / f"{name}.png")
        assert colours(path) > 20, f"{name} is (nearly) one flat colour"
        for x, y in PANELS:
            assert pixel(path, x, y) == (255, 0, 255), (name, x, y)
        return path


def line(a: tuple[float, float], b: tuple[float, float], steps: int = 12) -> list[tuple[float, float]]:
    return [(a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps) for i in range(steps + 1)]


def close(a: Any, b: Any, tolerance: float = 1.0) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=True))


def pixel(path: Path, x: float, y: float) -> tuple[int, int, int]:
    """The colour at window coordinates (x, y) (y up) of a screenshot."""
    from tests.companion.app.png import pixels

    width, height, bpp, data = pixels(path)
    at = ((height - 1 - int(y)) * width + int(x)) * bpp
    return data[at], data[at + 1], data[at + 2]


# ----------------------------------------------------------------------------- the tests
@in_window
def test_zoom_all_fits_a_whole_four_player_layout_and_keeps_it_fitted_when_resized(tmp_path):
    """Every knight is drawn with its player's mark, inside the grid; narrowed, the fitted grid
    fits the layout again; panned, it keeps its zoom."""
    from tests.support.waiting import WAIT

    g = Grid(tmp_path)
    from companion.games.raubritter.screens import landscape  # Kivy's, once the window is prepared

    grid = g.grid
    view = full_layout()
    cells = [(c["x"], c["y"]) for c in view["cells"]]
    g.show(view)
    assert len(cells) == 96
    stacks = sum(1 for c in view["cells"] if c["stack"])
    mixed = sum(1 for c in view["cells"] if len(set(c["stack"])) > 1)
    assert stacks >= 30 and mixed >= 3, (stacks, mixed)
    assert g.outside(cells) == []
    x0, y0, x1, y1 = g.rect()
    assert grid.cell_size * 10 <= min(x1 - x0, y1 - y0) < grid.cell_size * 11  # fitted, not just inside
    assert all(grid.cell_at(*grid.centre_of(x, y)) == (x, y) for x, y in cells)  # they agree on every cell

    # every knight drawn with its player's mark: a shape and a colour each, no plain disc or pip
    marks = sorted(key[1] for key in landscape._TEXTURES if key[0] == "mark")
    assert marks == sorted(["red", "blue", "green", "yellow"])
    pictures = sorted(key[0] for key in landscape._TEXTURES)
    assert "disc" not in pictures and "pip" not in pictures, pictures
    assert list(grid.get_root_window().size) == [800, 480]  # where the panels stand in the shots
    g.shot("full-zoomed-out")

    # fitted, the grid stays fitted when it is resized; panned, it keeps its zoom
    fitted = grid.cell_size
    g.app.left.width = 300
    g.driver.until(lambda: abs(g.rect()[0] - 300) < 1, seconds=WAIT, what="the grid narrowed")
    assert grid.cell_size < fitted and g.outside(cells) == [], (grid.cell_size, fitted, g.rect())
    start = g.centre()
    g.gesture([line(start, (start[0] + 30, start[1]))])
    panned = grid.cell_size
    g.app.left.width = LEFT
    g.driver.until(lambda: abs(g.rect()[0] - LEFT) < 1, seconds=WAIT, what="the grid widened")
    assert grid.cell_size == panned
    g.driver.stop()


@in_window
def test_a_tap_reports_its_cell_laid_or_not_and_a_drag_pans_without_a_tap(tmp_path):
    """Taps a little off the cells' centres, on laid cells and on empty ones inside the layout; a
    finger's jitter is still a tap; a drag moves the layout with the finger and taps nothing."""
    g = Grid(tmp_path)
    grid = g.grid
    view = full_layout()
    cells = [(c["x"], c["y"]) for c in view["cells"]]
    g.show(view)
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    empty_inside = [(x, y) for x in range(min(xs), max(xs) + 1) for y in range(min(ys), max(ys) + 1)]
    empty_inside = [c for c in empty_inside if c not in set(cells)]
    for x, y in [cells[0], cells[40], cells[-1], *empty_inside[:2]]:
        wx, wy = grid.centre_of(x, y)
        assert g.tap(wx + 3, wy - 2) == [[x, y]], (x, y)

    probe = cells[10]
    before = grid.centre_of(*probe)
    start = g.centre()
    assert g.gesture([line(start, (start[0] + 70, start[1] - 45))]) == []  # a drag taps nothing...
    after = grid.centre_of(*probe)
    moved = [after[0] - before[0], after[1] - before[1]]
    assert close(moved, [70, -45]), moved  # ...and moves the layout with the finger

    wx, wy = grid.centre_of(*probe)
    assert g.gesture([[(wx, wy), (wx + 2, wy + 1), (wx + 4, wy - 1)]]) == [list(probe)]  # a wobble is a tap
    g.driver.stop()


@in_window
def test_a_pinch_and_the_mouse_wheel_zoom_about_their_point_within_limits(tmp_path):
    """A pinch keeps the world point under the fingers' centre there, and moves it along when the
    centre moves; the wheel zooms about the pointer, between 18 and 160 px a cell; neither taps;
    ``zoom_to`` centres a cell."""
    g = Grid(tmp_path)
    grid = g.grid
    view = full_layout()
    cells = [(c["x"], c["y"]) for c in view["cells"]]
    g.show(view)

    # a pinch about a point off the centre: the fingers' centre keeps its world point
    x0, y0, x1, y1 = g.rect()
    c = (x0 + (x1 - x0) * 0.4, y0 + (y1 - y0) * 0.6)
    anchor = grid.cell_at(*c)
    size0, p0 = grid.cell_size, grid.centre_of(*anchor)
    taps = g.gesture([line((c[0] - 40, c[1]), (c[0] - 80, c[1])), line((c[0] + 40, c[1]), (c[0] + 80, c[1]))])
    assert taps == []
    assert abs(grid.cell_size / size0 - 2) < 0.01, grid.cell_size / size0
    expected = [c[0] + (p0[0] - c[0]) * 2, c[1] + (p0[1] - c[1]) * 2]
    assert close(grid.centre_of(*anchor), expected, 1.5), (grid.centre_of(*anchor), expected)
    # ... and the fingers' centre moving along: the world point under it moves with it
    size1, p1 = grid.cell_size, grid.centre_of(*anchor)
    moved = (c[0] + 30, c[1] - 20)
    taps = g.gesture(
        [
            line((c[0] - 80, c[1]), (moved[0] - 60, moved[1])),
            line((c[0] + 80, c[1]), (moved[0] + 60, moved[1])),
        ]
    )
    assert taps == []
    factor = 120 / 160
    assert abs(grid.cell_size / size1 - factor) < 0.01, grid.cell_size / size1
    expected = [moved[0] + (p1[0] - c[0]) * factor, moved[1] + (p1[1] - c[1]) * factor]
    assert close(grid.centre_of(*anchor), expected, 1.5), (grid.centre_of(*anchor), expected)

    # the mouse wheel zooms about the pointer, and back
    grid.zoom_all()
    g.driver.frames(1)
    p = (x0 + (x1 - x0) * 0.7, y0 + (y1 - y0) * 0.3)
    anchor = grid.cell_at(*p)
    size0, p0 = grid.cell_size, grid.centre_of(*anchor)
    g.taps.clear()
    g.wheel(*p, "scrolldown")
    f = grid.cell_size / size0
    assert f > 1.1, f
    expected = [p[0] + (p0[0] - p[0]) * f, p[1] + (p0[1] - p[1]) * f]
    assert close(grid.centre_of(*anchor), expected), (grid.centre_of(*anchor), expected)
    g.wheel(*p, "scrollup")
    assert abs(grid.cell_size / size0 - 1) < 1e-6 and close(grid.centre_of(*anchor), p0)
    for _ in range(40):
        g.wheel(*p, "scrollup")
    smallest = grid.cell_size
    for _ in range(40):
        g.wheel(*p, "scrolldown")
    assert [smallest, grid.cell_size] == [18, 160]
    assert g.taps == []

    # zoomed in on a cell in the middle of the layout: it sits at the centre
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    probe = ((min(xs) + max(xs)) // 2, (min(ys) + max(ys)) // 2)
    grid.zoom_to(*probe, 120)
    g.driver.frames(2)
    assert grid.cell_size == 120
    assert close(grid.centre_of(*probe), g.centre()), (grid.centre_of(*probe), g.centre())
    g.shot("full-zoomed-in")
    g.driver.stop()


@in_window
def test_the_cells_a_tile_may_go_to_are_highlighted(tmp_path):
    """A small layout with the cells a castle may go to, the castle as a ghost and its march: each
    such cell drawn with an orange cross on a light yellow fill, and a tap on a free one reports
    it. The pictures live while a landscape does: the grid taken away, they go with it."""
    g = Grid(tmp_path)
    from companion.games.raubritter.screens import landscape  # Kivy's, once the window is prepared

    grid = g.grid
    g.show(full_layout())  # a whole game drawn before
    small, extra = small_layout()
    g.show(small, **extra)
    others = [t for t in extra["targets"] if t != (extra["pending"]["x"], extra["pending"]["y"])]
    marched = {(x, y) for x, y, _ in extra["march"]}
    target = [t for t in others if t not in marched][0]
    assert len(extra["targets"]) >= 5
    assert g.outside([(c["x"], c["y"]) for c in small["cells"]] + [tuple(t) for t in extra["targets"]]) == []
    tx, ty = grid.centre_of(*target)
    s = grid.cell_size
    path = g.shot("small-targets-march")
    r, gr, b = pixel(path, tx, ty)  # the orange cross
    assert r > 220 and 100 < gr < 170 and b < 40, (r, gr, b)
    r, gr, b = pixel(path, tx + 0.25 * s, ty + 0.25 * s)  # the light yellow fill
    assert r > 235 and gr > 225 and 120 < b < 200, (r, gr, b)
    assert g.tap(tx, ty) == [list(target)]  # an empty cell where a tile may go

    assert len(landscape._TEXTURES) > 10  # tiles of several kinds and owners, marks, digits
    grid.parent.remove_widget(grid)
    g.app.grid = g.grid = grid = None
    g.driver.frames(2)
    gc.collect()
    assert len(landscape._TEXTURES) == 0
    g.driver.stop()
