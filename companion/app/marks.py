"""The players' marks as shapes (which shape is whose: :data:`companion.app.theme.MARKS`): a circle,
a square, a triangle, a diamond, a star, a cross, each about as heavy as the others at the same
size, as triangle fans for Kivy's meshes. A chip (:class:`companion.app.widgets.Chip`) and
the pieces a game draws use the same shapes, so a player is known by shape as well as by colour.
No widgets here: the points, and one helper that turns them into meshes."""

from __future__ import annotations

import math
from typing import Any

Point = tuple[float, float]


def fans(shape: str, cx: float, cy: float, r: float, grow: float = 0.0) -> list[list[Point]]:
    """``shape`` centred on (cx, cy) within a circle of radius ``r``, as fans (each a list of points
    whose first is the fan's centre); ``grow``: the outline pushed out that far (an edge drawn
    behind the shape in another colour). Nothing for a radius of 0."""
    if r <= 0:
        return []
    if shape == "circle":
        return [_regular(cx, cy, r * 0.86 + grow, 32, 0.0)]
    if shape == "square":
        half = r * 0.74 + grow
        return [[(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)]]
    if shape == "triangle":  # pointing up; its centroid below the centre, so that it sits in the middle
        size = r * 1.02
        scale = (size / 2 + grow) / (size / 2)
        return [_regular(cx, cy - size / 4, size * scale, 3, math.pi / 2)]
    if shape == "diamond":
        size = r * 1.0
        scale = (size / math.sqrt(2) + grow) / (size / math.sqrt(2))
        return [_regular(cx, cy, size * scale, 4, math.pi / 2)]
    if shape == "star":
        outer, inner = r * 1.02 + grow * 1.9, r * 0.46 + grow
        points = [(cx, cy)]
        for i in range(11):
            angle = math.pi / 2 + i * math.pi / 5
            radius = outer if i % 2 == 0 else inner
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        return [points]
    if shape == "cross":  # an upright cross of two bars
        arm, length = r * 0.30 + grow, r * 0.88 + grow
        return [
            [(cx - length, cy - arm), (cx + length, cy - arm), (cx + length, cy + arm), (cx - length, cy + arm)],
            [(cx - arm, cy - length), (cx + arm, cy - length), (cx + arm, cy + length), (cx - arm, cy + length)],
        ]
    raise ValueError(f"no mark called {shape!r}")


def _regular(cx: float, cy: float, r: float, sides: int, start: float) -> list[Point]:
    step = 2 * math.pi / sides
    return [(cx + r * math.cos(start + i * step), cy + r * math.sin(start + i * step)) for i in range(sides)]


def meshes(polygons: list[list[Point]]) -> list[Any]:
    """Kivy meshes (flat colour, drawn in the current Color) for the fans ``polygons``."""
    from kivy.graphics import Mesh

    made = []
    for points in polygons:
        vertices: list[float] = []
        for x, y in points:
            vertices += (x, y, 0.0, 0.0)
        indices = [i for k in range(1, len(points) - 1) for i in (0, k, k + 1)]
        made.append(Mesh(vertices=vertices, indices=indices, mode="triangles"))
    return made
