"""Raubritter's landscape as a grid: the tiles laid, their buildings, owners and knights, the area
the layout may still grow into, and what the table screen asks to have drawn on top (the cells
where the next tile may go, a tile chosen but not yet sent, a march before it is confirmed, a tile
picked for a correction). One finger pans, two fingers pinch to zoom, the mouse wheel zooms, and a
tap on a cell says which cell (:meth:`Landscape.on_cell`); while no cell is offered to lay a tile
on, a tap on a tile with knights also shows its stack large beside it (:mod:`.stacklens`).

Every knight is drawn with its player's mark, a shape as well as a colour (:mod:`companion.app.marks`):
the top one big with the number of knights on it, the ones under it small beside it.

Grid coordinates are the engine's: x grows to the right, y grows *down* (north is y - 1). The
world the canvas draws in has one unit per cell, cell (x, y) centred on (x, -y); one Translate
and one Scale put it on the screen, so panning and zooming change two instructions and nothing
else (``bench/raubritter_grid.py`` measures it). Each kind of tile of each owner, each knight's
disc and each number is drawn once into a mipmapped texture; a cell is then a few textured
quads, and what :meth:`Landscape.show` is given becomes a few meshes, one per texture or colour
(a cell's quads are kept while the cell stays the same). Each layer (the area, the tiles, the
highlighted cells, the ghost tile, the march, the selection) is built again only when what it
shows changes.

Everything is drawn inside the widget's own bounds (a :class:`~kivy.uix.stencilview.StencilView`).
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterable, Mapping
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import (
    ClearBuffers,
    ClearColor,
    Color,
    Fbo,
    InstructionGroup,
    Mesh,
    PopMatrix,
    PushMatrix,
    Rectangle,
    Scale,
    Translate,
)
from kivy.graphics.texture import Texture
from kivy.metrics import dp
from kivy.properties import NumericProperty
from kivy.uix.stencilview import StencilView

from companion.app import marks, theme
from companion.games.raubritter.screens.stacklens import StackLens
from engines.raubritter.rules import building, terrain

Rgba = tuple[float, float, float, float]
Cell = tuple[int, int]

# ----------------------------------------------------------------------------- the look
TERRAIN_COLOURS: dict[str, Rgba] = {  # the cardboard's ground, by terrain (the table screen uses them too)
    "lake": (0.32, 0.57, 0.80, 1),
    "mountains": (0.64, 0.58, 0.50, 1),
    "plain": (0.76, 0.83, 0.42, 1),
    "forest": (0.17, 0.42, 0.20, 1),
}
TABLE: Rgba = (0.78, 0.70, 0.55, 1)  # the table around the area the layout may use
ROOM: Rgba = theme.PAPER  # the area the layout may still grow into
LIMIT: Rgba = (0.45, 0.29, 0.15, 1)  # its dashed edge
EDGE: Rgba = (0.20, 0.14, 0.09, 1)  # a tile's cut edge, outlines
WAVE: Rgba = (0.62, 0.81, 0.95, 1)
PEAK: Rgba = (0.47, 0.42, 0.37, 1)
SNOW: Rgba = (0.97, 0.97, 0.95, 1)
GRASS: Rgba = (0.55, 0.67, 0.25, 1)
TREE: Rgba = (0.09, 0.29, 0.12, 1)
STONE: Rgba = (0.74, 0.72, 0.68, 1)
WALL: Rgba = (0.97, 0.90, 0.72, 1)
ROOF: Rgba = (0.74, 0.24, 0.14, 1)
SLATE: Rgba = (0.33, 0.36, 0.47, 1)
TARGET_FILL: Rgba = (1.0, 0.97, 0.66, 0.92)
TARGET_EDGE: Rgba = (0.96, 0.55, 0.02, 1)
LENS_EDGE: Rgba = theme.GOLD  # the frame round the tile whose stack the lens shows
WHITE: Rgba = (1, 1, 1, 1)

MIN_CELL_DP = 18  # the smallest cell: the whole 10×10 area and more fits in 480 px
MAX_CELL_DP = 160
TAP_SLOP_DP = 10  # a touch that moves further is a pan, never a tap
WHEEL_STEP = 1.15  # zoom factor of one notch of the mouse wheel
PIPS_FROM_DP = 30  # the marks for the knights under the top one are drawn from this cell size on
TILE_PX = 256  # a tile's picture (mipmapped: smooth at every zoom, sharp up to MAX_CELL_DP)
MARK_PX = 128  # a knight's mark
MARK_R = 0.36  # the shape's radius in its picture (of 0.5): room for its edge, a star's tips too

# Where a tile's knights stand, in cells from its centre: the top knight's mark with the count, and
# the knights under it as smaller marks in a row, the one just under the top on the right.
DISC = (0.235, -0.235, 0.175)  # x, y, the shape's radius
PIP = (-0.31, -0.30, 0.075, 0.145)  # x of the first, y, radius, step to the next
PIPS_SHOWN = 3  # as many as stand under the top one on a full stack (the rules' MAX_STACK is 4)

# A tile's picture is painted in layers, in this order; within a layer no two colours overlap.
L_EDGE, L_OWNER, L_GROUND, L_DECOR, L_OUTLINE, L_BODY, L_ROOF, L_DETAIL = range(8)
MAX_VERTICES = 65000  # Kivy's mesh indices are unsigned short

Key = tuple[int, Rgba, tuple[str, ...]]  # layer, colour, texture ("" parts: none)


# ----------------------------------------------------------------------------- geometry
class Paint:
    """Triangles grouped by (layer, colour, texture): vertices (x, y, u, v) and indices, one Mesh
    each. A texture is named by a key (:func:`texture_of`); the empty key draws flat colour."""

    __slots__ = ("parts",)

    def __init__(self) -> None:
        self.parts: dict[Key, tuple[list[float], list[int]]] = {}

    def _part(self, layer: int, colour: Rgba, texture: tuple[str, ...] = ()) -> tuple[list[float], list[int]]:
        key = (layer, colour, texture)
        part = self.parts.get(key)
        if part is None:
            part = self.parts[key] = ([], [])
        return part

    def poly(self, layer: int, colour: Rgba, points: Iterable[tuple[float, float]]) -> None:
        """A convex polygon (a fan of triangles)."""
        verts, indices = self._part(layer, colour)
        base = len(verts) // 4
        n = 0
        for x, y in points:
            verts += (x, y, 0.0, 0.0)
            n += 1
        for i in range(1, n - 1):
            indices += (base, base + i, base + i + 1)

    def rect(self, layer: int, colour: Rgba, x0: float, y0: float, x1: float, y1: float) -> None:
        self.poly(layer, colour, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))

    def frame(self, layer: int, colour: Rgba, x0: float, y0: float, x1: float, y1: float, width: float) -> None:
        """A rectangle's edge, ``width`` wide, inside (x0, y0)-(x1, y1)."""
        self.rect(layer, colour, x0, y0, x1, y0 + width)
        self.rect(layer, colour, x0, y1 - width, x1, y1)
        self.rect(layer, colour, x0, y0 + width, x0 + width, y1 - width)
        self.rect(layer, colour, x1 - width, y0 + width, x1, y1 - width)

    def disc(self, layer: int, colour: Rgba, cx: float, cy: float, r: float, sides: int = 24) -> None:
        step = 2 * math.pi / sides
        self.poly(layer, colour, ((cx + r * math.cos(i * step), cy + r * math.sin(i * step)) for i in range(sides)))

    def triangle(self, layer: int, colour: Rgba, *points: tuple[float, float]) -> None:
        self.poly(layer, colour, points)

    def segment(self, layer: int, colour: Rgba, x0: float, y0: float, x1: float, y1: float, width: float) -> None:
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / length * width / 2, (x1 - x0) / length * width / 2
        self.poly(layer, colour, ((x0 + nx, y0 + ny), (x0 - nx, y0 - ny), (x1 - nx, y1 - ny), (x1 + nx, y1 + ny)))

    def dashes(
        self, layer: int, colour: Rgba, x0: float, y0: float, x1: float, y1: float, width: float, dash: float
    ) -> None:
        """A dashed rectangle's edge centred on (x0, y0)-(x1, y1): dashes and gaps about ``dash``
        long, a dash across every corner."""
        for ax, ay, bx, by in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
            length = math.hypot(bx - ax, by - ay)
            count = max(1, round((length / dash - 1) / 2))  # dashes between the corners' dashes
            pitch = length / (2 * count)
            dx, dy = (bx - ax) / length, (by - ay) / length
            for i in range(count + 1):
                start = max(0.0, i * 2 * pitch - pitch / 2)
                end = min(length, i * 2 * pitch + pitch / 2)
                self.segment(layer, colour, ax + dx * start, ay + dy * start, ax + dx * end, ay + dy * end, width)

    def picture(self, layer: int, colour: Rgba, texture: tuple[str, ...], cx: float, cy: float, half: float) -> None:
        """The square picture ``texture`` centred on (cx, cy), ``2 * half`` wide, tinted ``colour``."""
        self.quad(layer, colour, texture, cx, cy, half, half)

    def text(self, layer: int, colour: Rgba, text: str | tuple[str, str], cx: float, cy: float, height: float) -> None:
        """``text`` (digits; or a texture key such as ("count", digits)) centred on (cx, cy), its
        texture ``height`` high."""
        key = ("text", text) if isinstance(text, str) else text
        texture = texture_of(key)
        self.quad(layer, colour, key, cx, cy, height * texture.width / texture.height / 2, height / 2)

    def quad(
        self, layer: int, colour: Rgba, texture: tuple[str, ...], cx: float, cy: float, half_w: float, half_h: float
    ) -> None:
        verts, indices = self._part(layer, colour, texture)
        base = len(verts) // 4
        u0, v0, u1, v1, u2, v2, u3, v3 = texture_of(texture).tex_coords
        verts += (
            cx - half_w, cy - half_h, u0, v0, cx + half_w, cy - half_h, u1, v1,
            cx + half_w, cy + half_h, u2, v2, cx - half_w, cy + half_h, u3, v3,
        )  # fmt: skip
        indices += (base, base + 1, base + 2, base, base + 2, base + 3)


def merged(paints: Iterable[Paint]) -> dict[Key, list[tuple[list[float], list[int]]]]:
    """The parts of several paints joined by key (each key's triangles split where a mesh is full)."""
    out: dict[Key, list[tuple[list[float], list[int]]]] = {}
    for paint in paints:
        for key, (verts, indices) in paint.parts.items():
            chunks = out.get(key)
            if chunks is None:
                chunks = out[key] = [([], [])]
            if (len(chunks[-1][0]) + len(verts)) // 4 > MAX_VERTICES:
                chunks.append(([], []))
            into_verts, into_indices = chunks[-1]
            base = len(into_verts) // 4
            into_verts.extend(verts)
            into_indices.extend([i + base for i in indices] if base else indices)
    return out


def fill(group: Any, parts: Mapping[Key, list[tuple[list[float], list[int]]]]) -> None:
    """``group`` drawing ``parts``: for each (layer, colour, texture) in order, a Color and its meshes."""
    group.clear()
    for key in sorted(parts):
        _layer, colour, texture = key
        group.add(Color(*colour))
        image = texture_of(texture) if texture else None
        for verts, indices in parts[key]:
            if indices:
                group.add(Mesh(vertices=verts, indices=indices, mode="triangles", texture=image))


# ----------------------------------------------------------------------------- pictures
# What is drawn many times is drawn once into a mipmapped texture and then shown as one quad
# (two triangles) wherever it stands: a software renderer (and a small GPU) pays for every
# triangle, and a tile painted as shapes has a hundred of them. The pictures (about 13 MB at the
# end of a game) are kept while a landscape lives and let go with the last one, when the app lets
# go of Raubritter's screens for a game of another kind.
_TEXTURES: dict[tuple[str, ...], Texture] = {}
_LANDSCAPES: weakref.WeakSet[Landscape] = weakref.WeakSet()


def _landscape_gone() -> None:
    if not any(True for _alive in _LANDSCAPES):  # a dead one may still be listed, never yielded
        _TEXTURES.clear()


def texture_of(key: tuple[str, ...]) -> Texture:
    """The texture named ``key``: ("text", digits) white in the app's font; ("count", digits) white
    with a dark outline, readable on any colour; ("tile", kind, owner) a tile's picture; ("mark",
    colour) a knight of that player: the player's shape in their colour with a dark edge."""
    texture = _TEXTURES.get(key)
    if texture is None:
        if key[0] in ("text", "count"):
            texture = _text(key[1], outlined=key[0] == "count")
        else:
            paint = Paint()
            if key[0] == "tile":
                paint_tile(paint, key[1], key[2])
                size = TILE_PX
            else:
                paint_mark(paint, key[1])
                size = MARK_PX
            texture = _rendered(paint, size)
        _TEXTURES[key] = texture
    return texture


def paint_mark(paint: Paint, colour: str) -> None:
    """A knight of ``colour`` in a unit square centred on (0, 0): the player's shape, edged dark."""
    shape = theme.player_mark(colour)
    if shape is None:  # no player's colour: a plain disc
        paint.disc(0, EDGE, 0, 0, 0.5, 48)
        paint.disc(1, theme.player_colour(colour), 0, 0, 0.42, 48)
        return
    for layer, tint, grow in ((0, EDGE, 0.06), (1, theme.player_colour(colour), 0.0)):
        for points in marks.fans(shape, 0, 0, MARK_R, grow):
            paint.poly(layer, tint, points)


def _mipmapped(size: tuple[int, int], pixels: bytes) -> Texture:
    texture = Texture.create(size=size, colorfmt="rgba", mipmap=True)
    texture.blit_buffer(pixels, colorfmt="rgba", bufferfmt="ubyte")
    texture.min_filter = "linear_mipmap_linear"
    texture.mag_filter = "linear"
    return texture


def _rendered(paint: Paint, size: int) -> Texture:
    """``paint`` (drawn in a unit square centred on (0, 0)) as a ``size`` × ``size`` texture."""
    fbo = Fbo(size=(size, size))
    with fbo:
        ClearColor(0, 0, 0, 0)
        ClearBuffers()
        Translate(size / 2, size / 2)
        Scale(size, size, 1)
    group = InstructionGroup()
    fill(group, merged([paint]))
    fbo.add(group)
    fbo.draw()
    return _mipmapped((size, size), fbo.pixels)


def _text(text: str, outlined: bool = False) -> Texture:
    if outlined:
        label = CoreLabel(text=text, font_size=64, bold=True, color=(1, 1, 1, 1), outline_width=7,
                          outline_color=EDGE[:3])  # fmt: skip
    else:
        label = CoreLabel(text=text, font_size=64, bold=True, color=(1, 1, 1, 1))
    label.refresh()
    rendered = label.texture
    texture = _mipmapped(rendered.size, rendered.pixels)
    if rendered.tex_coords[1] > rendered.tex_coords[7]:  # the label's texture is stored upside down
        texture.flip_vertical()
    return texture


def _outlined_rect(paint: Paint, colour: Rgba, x0: float, y0: float, x1: float, y1: float) -> None:
    paint.rect(L_OUTLINE, EDGE, x0 - 0.025, y0 - 0.025, x1 + 0.025, y1 + 0.025)
    paint.rect(L_BODY, colour, x0, y0, x1, y1)


def _roof(paint: Paint, colour: Rgba, x0: float, x1: float, y: float, top: float) -> None:
    """A triangular roof from (x0, y)-(x1, y) up to ``top``, with its outline."""
    mid, e = (x0 + x1) / 2, 0.03
    paint.triangle(L_OUTLINE, EDGE, (x0 - e * 1.6, y - e), (x1 + e * 1.6, y - e), (mid, top + e * 1.6))
    paint.triangle(L_ROOF, colour, (x0, y), (x1, y), (mid, top))


def paint_building(paint: Paint, kind: str | None) -> None:
    """The building's silhouette in the upper part of a tile: a castle's grey crenellated towers,
    a village's single house, a town's houses round a church spire."""
    if kind == "castle":
        for x0 in (-0.28, 0.14):  # two towers with two merlons each
            _outlined_rect(paint, STONE, x0, -0.06, x0 + 0.14, 0.24)
            for mx in (x0, x0 + 0.09):
                _outlined_rect(paint, STONE, mx, 0.24, mx + 0.05, 0.31)
        _outlined_rect(paint, STONE, -0.14, -0.06, 0.14, 0.14)  # the wall between them
        for mx in (-0.115, -0.025, 0.065):
            _outlined_rect(paint, STONE, mx, 0.14, mx + 0.05, 0.20)
        paint.rect(L_DETAIL, EDGE, -0.045, -0.06, 0.045, 0.04)  # the gate
        paint.disc(L_DETAIL, EDGE, 0, 0.04, 0.045, 16)
    elif kind == "village":
        _outlined_rect(paint, WALL, -0.15, -0.06, 0.15, 0.12)
        _roof(paint, ROOF, -0.21, 0.21, 0.12, 0.30)
        paint.rect(L_DETAIL, EDGE, -0.04, -0.06, 0.04, 0.05)
    elif kind == "town":
        for x0, top in ((-0.33, 0.07), (0.13, 0.09)):  # two houses beside the church
            _outlined_rect(paint, WALL, x0, -0.06, x0 + 0.20, top)
            _roof(paint, ROOF, x0 - 0.04, x0 + 0.24, top, top + 0.13)
        _outlined_rect(paint, WALL, -0.075, -0.06, 0.075, 0.22)  # the church tower
        _roof(paint, SLATE, -0.10, 0.10, 0.22, 0.40)
        paint.rect(L_DETAIL, EDGE, -0.03, -0.06, 0.03, 0.04)
        paint.rect(L_DETAIL, EDGE, -0.025, 0.11, 0.025, 0.17)


def paint_ground(paint: Paint, ground: str, built: bool) -> None:
    """What a terrain looks like besides its colour: waves, peaks, grass, trees."""
    if ground == "lake":
        for x, y in ((-0.22, 0.16), (0.02, -0.02), (-0.12, -0.22), (0.10, 0.24)):
            for i in range(3):  # a little zigzag wave
                x0 = x + i * 0.06
                y0, y1 = (y, y + 0.03) if i % 2 == 0 else (y + 0.03, y)
                paint.segment(L_DECOR, WAVE, x0, y0, x0 + 0.065, y1, 0.035)
    elif ground == "mountains":
        peaks = ((0.12, 0.24, 0.30), (-0.13, 0.22, 0.22))  # centre, half the base, top; the base at -0.06
        for cx, half, top in peaks:
            paint.triangle(L_OUTLINE, EDGE, (cx - half - 0.04, -0.085), (cx + half + 0.04, -0.085), (cx, top + 0.045))
        for cx, half, top in peaks:
            paint.triangle(L_BODY, PEAK, (cx - half, -0.06), (cx + half, -0.06), (cx, top))
            snow = top - (top + 0.06) * 0.32  # the snow on the top third
            paint.triangle(L_ROOF, SNOW, (cx - half * 0.32, snow), (cx + half * 0.32, snow), (cx, top))
    elif ground == "plain" and not built:
        for x, y in ((-0.22, 0.12), (0.14, 0.20), (-0.05, -0.16), (0.22, -0.10), (-0.25, -0.25)):
            for dx in (-0.04, 0.0, 0.04):
                paint.segment(L_DECOR, GRASS, x, y, x + dx, y + 0.07, 0.025)
    elif ground == "forest":
        for x, y in ((-0.31, 0.24), (0.31, 0.26), (-0.31, -0.05), (0.31, 0.06)):
            paint.triangle(L_DECOR, TREE, (x - 0.065, y - 0.06), (x + 0.065, y - 0.06), (x, y + 0.10))


def paint_tile(paint: Paint, kind: str, owner: str) -> None:
    """The picture of tile ``kind`` of ``owner`` in a unit square centred on (0, 0): its cut edge, a
    thin border in the owner's colour, the terrain with its building. Rings that do not overlap:
    every pixel is drawn once."""
    paint.frame(L_EDGE, EDGE, -0.48, -0.48, 0.48, 0.48, 0.02)
    paint.frame(L_OWNER, theme.player_colour(owner), -0.46, -0.46, 0.46, 0.46, 0.065)
    paint.frame(L_EDGE, EDGE, -0.395, -0.395, 0.395, 0.395, 0.015)
    ground = terrain(kind)
    paint.rect(L_GROUND, TERRAIN_COLOURS.get(ground, TABLE), -0.38, -0.38, 0.38, 0.38)
    built = building(kind)
    paint_ground(paint, ground, built is not None)
    paint_building(paint, built)


def paint_cell(paint: Paint, detail: Paint, x: int, y: int, kind: str, owner: str, stack: tuple[str, ...]) -> None:
    """The tile at grid (x, y) and its knights: the top knight's mark (shape and colour) with the
    number of knights on it, and the knights under it as smaller marks, bottom first, the one just
    under the top nearest to it (in ``detail``, which is drawn only when the cells are big enough)."""
    ox, oy = float(x), float(-y)
    paint.picture(0, WHITE, ("tile", kind, owner), ox, oy, 0.5)
    if not stack:
        return
    top = stack[-1]
    dx, dy, r = DISC
    paint.picture(1, WHITE, ("mark", top), ox + dx, oy + dy, r / MARK_R * 0.5)
    paint.text(2, WHITE, ("count", str(len(stack))), ox + dx, oy + dy + 0.005, 0.30)
    px, py, pr, step = PIP
    under = stack[:-1][-PIPS_SHOWN:]
    for i, colour in enumerate(under):
        detail.picture(0, WHITE, ("mark", colour), ox + px + i * step, oy + py, pr / MARK_R * 0.5)


def _translator() -> Any:
    """The running app's translation of a text (under a bare App, as in the grid's own tests: the
    language set now)."""
    from kivy.app import App

    tr = getattr(App.get_running_app(), "tr", None)
    if tr is not None:
        return tr
    from companion.i18n import render

    return render


def _clamp(value: float, low: float, high: float) -> float:
    return low if value < low else high if value > high else value


# ----------------------------------------------------------------------------- the widget
class _Finger:
    __slots__ = ("x0", "y0", "x", "y", "tap", "panning")

    def __init__(self, x: float, y: float) -> None:
        self.x0, self.y0, self.x, self.y = x, y, x, y
        self.tap = True  # still a tap: it has not moved beyond the slop, and was never one of two
        self.panning = False


class Landscape(StencilView):
    """The grid of tiles. Call :meth:`show` with Raubritter's public view (and what to draw over
    it) whenever either changes; bind ``on_cell`` to hear taps on cells. ``cell_size`` is the
    side of a cell in pixels now (set it to zoom about the widget's centre)."""

    cell_size = NumericProperty(48.0)

    def __init__(self, **kwargs: Any) -> None:
        self.register_event_type("on_cell")
        super().__init__(**kwargs)
        _LANDSCAPES.add(self)
        weakref.finalize(self, _landscape_gone)
        self._cx = 0.0  # the world point shown at the widget's centre
        self._cy = 0.0
        self._fitted = True  # the view follows zoom_all until the user pans or zooms
        self._fingers: dict[int, _Finger] = {}
        self._cells: dict[Cell, tuple[str, str, tuple[str, ...]]] = {}
        self._cell_paints: dict[tuple, tuple[Paint, Paint]] = {}
        self._area = 0
        self._box: tuple[float, float, float, float] = (-1.0, -1.0, 1.0, 1.0)  # what zoom_all fits (world)
        self._shown: dict[str, Any] = {}  # what each layer shows now
        self._pips_on = True
        self._players: list[Any] = []  # the view's players, for the names in the lens
        self.lens: StackLens | None = None  # the stack shown large, while it is open
        self.lens_cell: Cell | None = None
        with self.canvas:
            self._table_colour = Color(*TABLE)
            self._table = Rectangle(pos=self.pos, size=self.size)
            PushMatrix()
            self._translate = Translate(0, 0)
            self._scale = Scale(1, 1, 1)
        self._layers = {
            name: InstructionGroup()
            for name in ("area", "targets", "tiles", "pips", "selected", "lensed", "pending", "march")
        }
        for group in self._layers.values():
            self.canvas.add(group)
        self.canvas.add(PopMatrix())
        self.bind(pos=self._resized, size=self._resized)
        self._fit()

    # ------------------------------------------------------------------------- what to draw
    def show(
        self,
        view: Mapping[str, Any],
        *,
        targets: Iterable[Cell] = (),
        march: Iterable[tuple[int, int, int]] | None = None,
        pending: Mapping[str, Any] | None = None,
        selected: Cell | None = None,
    ) -> None:
        """Draw the landscape of ``view`` (Raubritter's public view) with the cells ``targets``
        highlighted, the tile ``pending`` (kind, x, y, owner) as a ghost, the ``march`` (x, y,
        knights staying) as an arrow with its numbers, and the cell ``selected`` marked. Only the
        parts that changed since the last call are built again."""
        cells = {
            (int(c["x"]), int(c["y"])): (str(c["kind"]), str(c["owner"]), tuple(c.get("stack") or ()))
            for c in view.get("cells", ())
        }
        area = int(view.get("area") or 0)
        ghost = None
        if pending:
            ghost = (str(pending["kind"]), int(pending["x"]), int(pending["y"]), str(pending.get("owner") or ""))
        walker = ghost[3] if ghost else str(view.get("current") or "")
        marching = tuple((int(x), int(y), int(n)) for x, y, n in march) if march else ()
        wanted = {
            "area": (area, self._extent(cells)),
            "tiles": cells,
            "targets": frozenset((int(x), int(y)) for x, y in targets) - ({ghost[1:3]} if ghost else set()),
            "pending": ghost,
            "march": (marching, walker),
            "selected": (int(selected[0]), int(selected[1])) if selected is not None else None,
        }
        self._cells, self._area = cells, area
        self._players = list(view.get("players") or ())
        for name, value in wanted.items():
            if name not in self._shown or self._shown[name] != value:
                getattr(self, f"_draw_{name}")(value)
                self._shown[name] = value
        self._box = self._fit_box()
        if self._fitted:
            self._fit()
        else:
            self._apply()
        if self.lens_cell is not None:  # the stack shown large follows the table, or closes
            if wanted["targets"] or not cells.get(self.lens_cell, ("", "", ()))[2]:
                self.close_lens()
            else:
                self.open_lens(*self.lens_cell)

    @staticmethod
    def _extent(cells: Mapping[Cell, Any]) -> tuple[int, int, int, int] | None:
        if not cells:
            return None
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        return min(xs), min(ys), max(xs), max(ys)

    def _room(self) -> tuple[int, int, int, int] | None:
        """The cells (x0, y0, x1, y1) the layout may still grow into, None before the first tile."""
        extent = self._extent(self._cells)
        if extent is None or not self._area:
            return None
        x0, y0, x1, y1 = extent
        a = self._area
        return x1 - a + 1, y1 - a + 1, x0 + a - 1, y0 + a - 1

    def _fit_box(self) -> tuple[float, float, float, float]:
        """The world box zoom_all fits: the layout and one ring of cells around it, within the room
        it may still grow into (before the first tile: the cell (0, 0) and its ring)."""
        extent = self._extent(self._cells)
        if extent is None:
            return -1.5, -1.5, 1.5, 1.5
        x0, y0, x1, y1 = extent
        x0, y0, x1, y1 = x0 - 1, y0 - 1, x1 + 1, y1 + 1
        room = self._room()
        if room is not None:
            x0, y0, x1, y1 = max(x0, room[0]), max(y0, room[1]), min(x1, room[2]), min(y1, room[3])
        return x0 - 0.5, -y1 - 0.5, x1 + 0.5, -y0 + 0.5

    def _draw_area(self, value: tuple[int, tuple[int, int, int, int] | None]) -> None:
        group = self._layers["area"]
        room = self._room()
        if room is None:
            self._table_colour.rgba = TABLE
            group.clear()
            return
        # The room is the background; the table is drawn only around it (each pixel once).
        self._table_colour.rgba = ROOM
        x0, y0, x1, y1 = room
        left, right, bottom, top = x0 - 0.5, x1 + 0.5, -y1 - 0.5, -y0 + 0.5
        far = 1000.0  # cells: beyond any view
        paint = Paint()
        paint.rect(0, TABLE, -far, -far, left, far)
        paint.rect(0, TABLE, right, -far, far, far)
        paint.rect(0, TABLE, left, -far, right, bottom)
        paint.rect(0, TABLE, left, top, right, far)
        paint.dashes(1, LIMIT, left, bottom, right, top, 0.07, 0.3)
        fill(group, merged([paint]))

    def _draw_tiles(self, cells: Mapping[Cell, tuple[str, str, tuple[str, ...]]]) -> None:
        cache, kept = self._cell_paints, {}
        for (x, y), (kind, owner, stack) in cells.items():
            key = (x, y, kind, owner, stack)
            made = cache.get(key)
            if made is None:
                made = (Paint(), Paint())
                paint_cell(made[0], made[1], x, y, kind, owner, stack)
            kept[key] = made
        self._cell_paints = kept
        fill(self._layers["tiles"], merged(p[0] for p in kept.values()))
        fill(self._layers["pips"], merged(p[1] for p in kept.values()))

    def _draw_targets(self, targets: frozenset[Cell]) -> None:
        paint = Paint()
        for x, y in sorted(targets):
            ox, oy = float(x), float(-y)
            paint.rect(0, TARGET_FILL, ox - 0.385, oy - 0.385, ox + 0.385, oy + 0.385)
            paint.frame(1, TARGET_EDGE, ox - 0.46, oy - 0.46, ox + 0.46, oy + 0.46, 0.075)
            paint.rect(1, TARGET_EDGE, ox - 0.13, oy - 0.03, ox + 0.13, oy + 0.03)
            paint.rect(1, TARGET_EDGE, ox - 0.03, oy - 0.13, ox + 0.03, oy + 0.13)
        fill(self._layers["targets"], merged([paint]))

    def _draw_pending(self, ghost: tuple[str, int, int, str] | None) -> None:
        group = self._layers["pending"]
        if ghost is None:
            group.clear()
            return
        kind, x, y, owner = ghost
        paint = Paint()
        paint.picture(0, (1, 1, 1, 0.6), ("tile", kind, owner), float(x), float(-y), 0.5)
        paint.dashes(1, EDGE, x - 0.47, -y - 0.47, x + 0.47, -y + 0.47, 0.05, 0.12)
        fill(group, merged([paint]))

    def _draw_march(self, value: tuple[tuple[tuple[int, int, int], ...], str]) -> None:
        steps, walker = value
        paint = Paint()
        colour = theme.player_colour(walker) if walker else theme.INK
        points = [(float(x), float(-y)) for x, y, _ in steps]
        if len(points) > 1:
            (ax, ay), (bx, by) = points[0], points[-1]
            length = math.hypot(bx - ax, by - ay) or 1.0
            dx, dy = (bx - ax) / length, (by - ay) / length
            tip = (bx + dx * 0.45, by + dy * 0.45)
            for layer, tint, width, grow in ((0, EDGE, 0.20, 0.05), (1, colour, 0.12, 0.0)):
                paint.segment(layer, tint, ax, ay, bx + dx * 0.2, by + dy * 0.2, width)
                nx, ny = -dy, dx
                base = (bx + dx * (0.18 - grow), by + dy * (0.18 - grow))
                half = 0.2 + grow
                paint.poly(
                    layer,
                    tint,
                    (
                        (base[0] + nx * half, base[1] + ny * half),
                        (base[0] - nx * half, base[1] - ny * half),
                        (tip[0] + dx * grow * 1.6, tip[1] + dy * grow * 1.6),
                    ),
                )
        for (px, py), (_, _, n) in zip(points, steps, strict=True):
            paint.disc(2, EDGE, px, py, 0.2)
            paint.disc(3, colour, px, py, 0.18)
            paint.disc(4, WHITE, px, py, 0.14)
            paint.text(5, theme.INK, str(n), px, py + 0.005, 0.3)
        fill(self._layers["march"], merged([paint]))

    def _draw_selected(self, cell: Cell | None) -> None:
        self._frame_cell("selected", cell, WHITE, (0.54, 0.13), (0.51, 0.06))

    def _frame_cell(self, layer: str, cell: Cell | None, colour: Any, outer: tuple[float, float],
                    inner: tuple[float, float]) -> None:  # fmt: skip
        """A frame around ``cell`` on ``layer`` (none for None): a dark edge (half-size and width
        ``outer``, in cells) and ``colour`` inside it (``inner``)."""
        group = self._layers[layer]
        if cell is None:
            group.clear()
            return
        ox, oy = float(cell[0]), float(-cell[1])
        paint = Paint()
        for index, (edge, (half, width)) in enumerate(((EDGE, outer), (colour, inner))):
            paint.frame(index, edge, ox - half, oy - half, ox + half, oy + half, width)
        fill(group, merged([paint]))

    # ------------------------------------------------------------------------- where it is drawn
    def zoom_all(self) -> None:
        """Fit the layout with one ring of cells around it (within the area it may grow into) to
        the widget; the view stays fitted, also when the widget is resized or the layout grows,
        until it is panned or zoomed."""
        self._fitted = True
        self._fit()

    def zoom_to(self, x: int, y: int, cell_px: float) -> None:
        """Centre cell (x, y) with cells ``cell_px`` pixels wide (within the zoom limits)."""
        self._fitted = False
        self._cx, self._cy = float(x), float(-y)
        self._set(self._clamped_size(cell_px))

    def cell_at(self, wx: float, wy: float) -> Cell:
        """The grid cell (x, y) under window coordinates (wx, wy) (laid or not)."""
        lx, ly = self.to_widget(wx, wy)
        return self._cell_at_local(lx, ly)

    def centre_of(self, x: int, y: int) -> tuple[float, float]:
        """The window coordinates of the centre of grid cell (x, y)."""
        s = self.cell_size
        return self.to_window(self.center_x + s * (x - self._cx), self.center_y + s * (-y - self._cy))

    def _cell_at_local(self, lx: float, ly: float) -> Cell:
        s = self.cell_size
        wx = (lx - self.center_x) / s + self._cx
        wy = (ly - self.center_y) / s + self._cy
        return math.floor(wx + 0.5), math.floor(-wy + 0.5)

    @staticmethod
    def _clamped_size(size: float) -> float:
        return _clamp(size, dp(MIN_CELL_DP), dp(MAX_CELL_DP))

    def _fit(self) -> None:
        x0, y0, x1, y1 = self._box
        width, height = max(self.width, 1), max(self.height, 1)
        margin = 0.15  # of a cell, around the box
        size = min(width / (x1 - x0 + 2 * margin), height / (y1 - y0 + 2 * margin))
        self._cx, self._cy = (x0 + x1) / 2, (y0 + y1) / 2
        self._set(self._clamped_size(size))

    def _set(self, size: float) -> None:
        """Show the world at ``size`` pixels a cell round the centre (self._cx, self._cy), which is
        kept within what zoom_all fits, so the layout is never panned out of sight."""
        x0, y0, x1, y1 = self._box
        self._cx = _clamp(self._cx, x0, x1)
        self._cy = _clamp(self._cy, y0, y1)
        if size != self.cell_size:
            self.cell_size = size  # on_cell_size applies it
        else:
            self._apply()

    def on_cell_size(self, _widget: Any, size: float) -> None:
        clamped = self._clamped_size(size)
        if clamped != size:
            self.cell_size = clamped
            return
        pips = size >= dp(PIPS_FROM_DP)
        if pips != self._pips_on:
            self._pips_on = pips
            if pips:
                self.canvas.insert(self.canvas.indexof(self._layers["tiles"]) + 1, self._layers["pips"])
            else:
                self.canvas.remove(self._layers["pips"])
        self._apply()

    def _apply(self) -> None:
        s = self.cell_size
        self._translate.xy = (self.center_x - s * self._cx, self.center_y - s * self._cy)
        self._scale.xyz = (s, s, 1.0)

    def _resized(self, *_: Any) -> None:
        self._table.pos, self._table.size = self.pos, self.size
        self._place_lens()
        if self._fitted:
            self._fit()
        else:
            self._apply()

    def _pan(self, dx: float, dy: float) -> None:
        s = self.cell_size
        self._fitted = False
        self._cx -= dx / s
        self._cy -= dy / s
        self._set(s)

    def _zoom(self, before: tuple[float, float], after: tuple[float, float], factor: float) -> None:
        """Scale by ``factor``, the world point that was under ``before`` now under ``after``."""
        s = self.cell_size
        wx = (before[0] - self.center_x) / s + self._cx
        wy = (before[1] - self.center_y) / s + self._cy
        size = self._clamped_size(s * factor)
        self._fitted = False
        self._cx = wx - (after[0] - self.center_x) / size
        self._cy = wy - (after[1] - self.center_y) / size
        self._set(size)

    # ------------------------------------------------------------------------- touches
    def on_touch_down(self, touch: Any) -> bool:
        if not self.collide_point(*touch.pos):
            return False
        if touch.is_mouse_scrolling:
            # Kivy calls the wheel turned away from the user "scrolldown" (kivy/kivy#2070): zoom in
            factor = {"scrolldown": WHEEL_STEP, "scrollup": 1 / WHEEL_STEP}.get(touch.button)
            if factor:
                self._zoom(touch.pos, touch.pos, factor)
            return True
        touch.grab(self)
        self._fingers[touch.uid] = _Finger(touch.x, touch.y)
        if len(self._fingers) > 1:
            for finger in self._fingers.values():
                finger.tap = False
        return True

    def on_touch_move(self, touch: Any) -> bool:
        finger = self._fingers.get(touch.uid)
        if finger is None:
            return False
        if touch.grab_current is not self:
            return True  # handled when it comes to us as the grabbing widget
        x, y = touch.x, touch.y
        fingers = list(self._fingers.items())
        if len(fingers) == 1:
            if not finger.panning:
                if math.hypot(x - finger.x0, y - finger.y0) <= dp(TAP_SLOP_DP):
                    return True
                finger.panning, finger.tap = True, False
            self._pan(x - finger.x, y - finger.y)
        else:
            a, b = fingers[0][1], fingers[1][1]
            if finger is a or finger is b:
                other = b if finger is a else a
                old_d = math.hypot(finger.x - other.x, finger.y - other.y)
                new_d = math.hypot(x - other.x, y - other.y)
                before = ((finger.x + other.x) / 2, (finger.y + other.y) / 2)
                after = ((x + other.x) / 2, (y + other.y) / 2)
                self._zoom(before, after, new_d / old_d if old_d > 1 and new_d > 1 else 1.0)
        finger.x, finger.y = x, y
        return True

    def on_touch_up(self, touch: Any) -> bool:
        finger = self._fingers.get(touch.uid)
        if finger is None:
            return False
        if touch.grab_current is not self:
            return True
        touch.ungrab(self)
        del self._fingers[touch.uid]
        for other in self._fingers.values():  # the finger left goes on panning from where it is
            other.panning, other.tap = True, False
        if finger.tap and self.lens is not None and self.lens.collide_point(touch.x, touch.y):
            self.close_lens()  # a tap on the stack shown large closes it, and taps no cell under it
        elif finger.tap and self.collide_point(touch.x, touch.y):
            self.dispatch("on_cell", *self._cell_at_local(touch.x, touch.y))
        return True

    def on_cell(self, x: int, y: int) -> None:
        """A tap on cell (x, y), laid or not. After the handlers bound to it: while no cell is
        offered to lay a tile on, a tile with knights shows its stack large (:meth:`open_lens`), and
        a tap on the same tile again, or on a cell without knights, closes it."""
        stack = self._cells.get((x, y), ("", "", ()))[2]
        if self._shown.get("targets") or not stack or self.lens_cell == (x, y):
            self.close_lens()
        else:
            self.open_lens(x, y)

    # ------------------------------------------------------------------------- the lens
    def open_lens(self, x: int, y: int) -> None:
        """Show the knights on the tile at (x, y) large beside it, with their marks and names, the
        top one first (nothing when no knights stand there)."""
        kind, owner, stack = self._cells.get((x, y), ("", "", ()))
        if not stack:
            self.close_lens()
            return
        from companion.app.people import person
        from companion.i18n import Message, Plural, Word

        tr = _translator()
        view = {"players": self._players}
        title = tr(
            Message(
                "{kind}: {knights}, the top one first",
                kind=Word(kind),
                knights=Plural("{n} knight", "{n} knights", len(stack)),
            )
        )
        rows = [(colour, tr(person(view, colour))) for colour in reversed(stack)]
        tags = [""] * len(rows)
        if len(rows) > 1:  # every knight is named; which is the top one and which the bottom one is said
            tags[0], tags[-1] = tr(Message("top")), tr(Message("bottom"))
        if self.lens is None:
            self.lens = StackLens()
            self.add_widget(self.lens)
        self.lens.fill(texture_of(("tile", kind, owner)), title, rows, tags)
        self.lens_cell = (x, y)
        self._place_lens()
        if self._shown.get("lensed") != (x, y):
            self._draw_lensed((x, y))
            self._shown["lensed"] = (x, y)

    def close_lens(self) -> None:
        if self.lens is not None:
            self.remove_widget(self.lens)
            self.lens = None
        self.lens_cell = None
        if self._shown.get("lensed") is not None:
            self._draw_lensed(None)
            self._shown["lensed"] = None

    def _place_lens(self) -> None:
        if self.lens is None or self.lens_cell is None:
            return
        s = self.cell_size
        cx = self.center_x + s * (self.lens_cell[0] - self._cx)
        self.lens.place((self.x, self.y, self.width, self.height), cx)

    def _draw_lensed(self, cell: Cell | None) -> None:
        self._frame_cell("lensed", cell, LENS_EDGE, (0.56, 0.14), (0.53, 0.08))
