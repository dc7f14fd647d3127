"""The plot of a game at its end: per period (a round, a day; index 0 is the setup) one line per
player in the player's colour, for one to three measures, drawn with Kivy's own canvas
instructions. Plain data in, no knowledge of any game: the caller gives the texts already
rendered in the table's language.

- :class:`Plot` draws one :class:`Panel`: its title, a y axis of a few round ticks (0 among them,
  steps of 1, 2 or 5 × 10^k, whole numbers for whole-number data), an x axis of the periods
  (every period labelled when the labels fit, else every 2nd, 5th, 10th, …) with the period's
  word at its left end (``Round 0 1 2 …``), light grid lines, and one ``Line`` per series.
- :class:`Plots` shows several panels side by side, or stacked when side by side each would be
  narrower than :data:`PANEL_MIN` allows and stacking gives them more room.

Colours and overlaps:

- A line is drawn in :func:`companion.app.theme.player_colour`, about 3 dp thick (Kivy's
  ``Line.width`` is half the stroke), with a marker at every point when the points are at least
  :data:`MARKERS_FROM` apart, otherwise at the last point only; a series of one point is
  therefore always a visible marker. A marker is the player's mark (:data:`theme.MARKS`, drawn by
  :mod:`companion.app.marks`, the shape on the player's chip in the legend), so that a player is
  known by shape as well as by colour.
- A light colour (white, yellow: too little contrast on ``theme.PAPER``) is drawn twice: first a
  wider line (and markers) in ``theme.INK`` as its outline, then the colour on top.
- Every point is drawn at exactly its value: a line never leaves the grid's truth. Where the
  points of several players meet (equal values, or values within a marker of each other), their
  markers stand side by side at their own heights, a marker and a hair apart (less where the
  periods are closer than that), centred on the period, in the series' order: each player's shape
  and colour are seen there, while the lines, which run on top of each other, are drawn before
  every marker. A marker that lies alone stands on its point.

A plot draws only when its data or its size change (``pos`` moves one ``Translate``), never each
frame. :meth:`Plot.drawn_lines` reads back from the canvas itself what was drawn.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, InstructionGroup, Line, PopMatrix, PushMatrix, Rectangle, Translate
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.app import marks as shapes
from companion.app import theme


@dataclass(frozen=True, slots=True)
class Series:
    """One player's line: the player's colour name and one value per period (index 0: the setup)."""

    colour: str
    values: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Panel:
    """One measure: its title, already rendered in the table's language, and a line per player."""

    title: str
    series: tuple[Series, ...]


PANEL_MIN = (240.0, 150.0)  # dp: below this width side by side, panels are stacked if that helps
GAP_DP = 16.0  # between panels
STROKE_DP = 1.5  # Kivy's Line.width: half the stroke, so the line is 3 dp thick
OUTLINE_DP = 1.0  # the dark edge around a light colour, on each side
MARKER_DP = 6.0  # a marker's radius (the circle its mark fills)
HAIR_DP = 1.0  # between markers side by side
MARKERS_FROM = 12.0  # dp between periods from which every point gets a marker
LIGHT = 0.4  # relative luminance above which a colour gets a dark outline on the paper
GRID = (theme.PAPER_DARK[0], theme.PAPER_DARK[1], theme.PAPER_DARK[2], 1)
STEPS = (1, 2, 5)


# ----------------------------------------------------------------------------- numbers
def nice_ticks(low: float, high: float, most: int, whole: bool = True) -> list[float]:
    """Ticks at a round step (1, 2 or 5 × 10^k; at least 1 for whole numbers) covering
    ``low``..``high`` and 0, at most ``most`` of them where the step allows."""
    low, high = min(low, 0.0), max(high, 0.0)
    if not (math.isfinite(low) and math.isfinite(high)):
        low, high = 0.0, 1.0
    if high - low <= 0:
        high = low + 1
    raw = (high - low) / max(1, most - 1)
    exponent = math.floor(math.log10(raw))
    step = 10.0 ** (exponent + 1)
    for factor in STEPS:
        if factor * 10.0**exponent >= raw * (1 - 1e-9):
            step = factor * 10.0**exponent
            break
    if whole:
        step = max(step, 1.0)
    start, end = math.floor(low / step + 1e-9), math.ceil(high / step - 1e-9)
    digits = max(0, -math.floor(math.log10(step) + 1e-9))
    return [round(k * step, digits) for k in range(start, end + 1)]


def tick_text(value: float) -> str:
    if value == int(value):
        return str(int(value))
    return f"{value:g}"


def period_step(periods: int, spacing: float, widest: float) -> int:
    """Every how many periods the x axis has a label: 1, 2, 5, 10, 20, 50, … so labels ``widest``
    wide do not touch, with ``spacing`` between two periods."""
    step = 1
    while step * spacing < widest and step < periods:
        for factor in (2, 2.5, 2):  # 1, 2, 5, 10, 20, 50, 100, …
            step = int(step * factor)
            if step * spacing >= widest or step >= periods:
                break
    return step


def luminance(rgba: Sequence[float]) -> float:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgba[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def offsets(ys: Sequence[float], apart: float, step: float | None = None, align: str = "middle") -> list[float]:
    """The points of one period (one per series, at heights ``ys``): how far to move each one's
    marker sideways. A group of points each closer than ``apart`` to the next is spread out,
    ``step`` (``apart`` unless given) more per neighbour, about the group's middle, or from its
    period rightwards (``align="start"``) or leftwards (``"end"``), in the order of their heights,
    equal heights in the series' order; 0 for a point that lies alone."""
    step = apart if step is None else step
    first = {"middle": 0.5, "start": 0.0, "end": 1.0}[align]
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    moved = [0.0] * len(ys)
    cluster: list[int] = []
    for i in [*order, None]:
        if i is not None and cluster and ys[i] - ys[cluster[-1]] < apart:
            cluster.append(i)
            continue
        for n, j in enumerate(cluster):
            moved[j] = (n - (len(cluster) - 1) * first) * step if len(cluster) > 1 else 0.0
        cluster = [] if i is None else [i]
    return moved


# ----------------------------------------------------------------------------- texts
_TEXTURES: dict[tuple[str, float, bool, int], Any] = {}


def let_go_of_texts() -> None:
    """The rendered texts go (when no plot is shown any more)."""
    _TEXTURES.clear()


def texture(text: str, size: float, bold: bool = False, width: float = 0) -> Any:
    """The text rendered once in ink (``width``: at most this wide, shortened with an ellipsis)."""
    key = (text, round(size, 1), bold, int(width))
    found = _TEXTURES.get(key)
    if found is None:
        if len(_TEXTURES) > 600:
            _TEXTURES.clear()
        options: dict[str, Any] = {"text": text, "font_size": size, "bold": bold, "color": theme.INK}
        label = CoreLabel(**options)
        label.refresh()
        if width and label.texture.width > width:  # too long: shortened, with an ellipsis
            options.update(text_size=(width, None), shorten=True, shorten_from="right", halign="left")
            label = CoreLabel(**options)
            label.refresh()
        found = _TEXTURES[key] = label.texture
    return found


class Plot(Widget):
    """One panel: title, axes with labelled ticks, grid, and a line per series."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = ""
        self.period_word = ""
        self.series: tuple[Series, ...] = ()
        self._drawn: tuple[Any, ...] | None = None
        self._version = 0
        self._texts: list[tuple[str, tuple[float, float, float, float]]] = []
        self._marks: list[tuple[str, str, list[tuple[float, float]]]] = []
        self.redraws = 0  # how many times the plot was drawn anew
        with self.canvas:
            PushMatrix()
            self._move = Translate(*self.pos)
        self._frame = InstructionGroup()
        self._lines = InstructionGroup()
        self.canvas.add(self._frame)
        self.canvas.add(self._lines)
        self.canvas.add(PopMatrix())
        self._trigger = Clock.create_trigger(lambda _dt: self.redraw(), -1)  # before the next frame
        self.bind(size=lambda *_: self._trigger())
        self.bind(pos=lambda _w, pos: setattr(self._move, "xy", pos))

    def show(self, period_word: str, panel: Panel) -> None:
        """Draw ``panel`` now (at the size the plot has), and again whenever the size changes."""
        self.title, self.period_word, self.series = panel.title, period_word, tuple(panel.series)
        self._version += 1
        self.redraw()

    # ------------------------------------------------------------------------- drawing
    def redraw(self) -> None:
        key = (self._version, tuple(self.size))
        if key == self._drawn:
            return
        self._drawn = key
        self.redraws += 1
        self._frame.clear()
        self._lines.clear()
        self._texts = []
        self._marks = []
        width, height = self.size
        if width < dp(40) or height < dp(40):
            return
        small, big = sp(theme.SMALL_SP), sp(theme.BODY_SP)
        periods = max((len(s.values) for s in self.series), default=1) or 1
        values = [v for s in self.series for v in s.values if math.isfinite(v)]
        whole = all(v == int(v) for v in values)

        title = texture(self.title, big, bold=True, width=width - dp(4)) if self.title else None
        top = height - (title.height + dp(4) if title else dp(4))
        line_h = texture("0", small).height
        bottom = line_h + dp(6)  # the x labels' row below the box
        box_h = top - bottom - dp(4)
        most = max(2, min(7, int(box_h / (line_h * 1.6)) + 1))
        ticks = nice_ticks(min(values, default=0.0), max(values, default=0.0), most, whole)
        y_labels = [texture(tick_text(t), small) for t in ticks]
        word = texture(self.period_word, small, width=width * 0.3) if self.period_word else None
        left = max([t.width for t in y_labels] + [word.width if word else 0]) + dp(8)
        # the lines and their markers keep clear of the box's edges (markers side by side at the
        # first and the last period stand inwards of it)
        pad = dp(max(STROKE_DP, MARKER_DP) + OUTLINE_DP + 2)
        last = texture(str(periods - 1), small)
        right = width - max(dp(6), last.width / 2 - pad + dp(3))  # the last period's label fits
        box = (left, bottom + dp(4), right, top)
        x0, x1 = box[0] + pad, box[2] - pad
        y0, y1 = box[1] + pad, box[3] - pad
        if x1 - x0 < dp(10) or y1 - y0 < dp(10):
            return
        span = max(periods - 1, 1)
        spacing = (x1 - x0) / span

        def x_of(period: int) -> float:
            return x0 + period * spacing

        def y_of(value: float) -> float:
            return y0 + (value - ticks[0]) / (ticks[-1] - ticks[0]) * (y1 - y0)

        frame = self._frame
        frame.add(Color(*theme.PAPER))
        frame.add(Rectangle(pos=(box[0], box[1]), size=(box[2] - box[0], box[3] - box[1])))
        # the grid: a line per y tick, a line per labelled period
        frame.add(Color(*GRID))
        for tick in ticks:
            y = y_of(tick)
            frame.add(Line(points=[box[0], y, box[2], y], width=1))
        widest = last.width + dp(10)
        every = period_step(periods, spacing, widest)
        labelled = list(range(0, periods, every)) or [0]
        for period in labelled:
            frame.add(Line(points=[x_of(period), box[1], x_of(period), box[3]], width=1))
        # the axes, and the zero line darker where it is not the bottom
        frame.add(Color(*theme.INK))
        frame.add(Line(points=[box[0], box[3], box[0], box[1], box[2], box[1]], width=1))
        if ticks[0] < 0:
            frame.add(Color(*theme.INK_FAINT))
            frame.add(Line(points=[box[0], y_of(0), box[2], y_of(0)], width=1))
        # the texts
        frame.add(Color(1, 1, 1, 1))
        if title:
            self._put(self.title, title, dp(2), height - title.height)
        for tick, label in zip(ticks, y_labels, strict=True):
            self._put(tick_text(tick), label, left - dp(5) - label.width, y_of(tick) - label.height / 2)
        for period in labelled:
            label = texture(str(period), small)
            self._put(str(period), label, x_of(period) - label.width / 2, dp(2))
        if word:
            self._put(self.period_word, word, left - dp(5) - word.width, dp(2))
        self._draw_series(x_of, y_of, spacing)

    def _put(self, text: str, label: Any, x: float, y: float) -> None:
        self._frame.add(Rectangle(texture=label, pos=(x, y), size=label.size))
        self._texts.append((text, (x, y, label.width, label.height)))

    def _draw_series(self, x_of: Any, y_of: Any, spacing: float) -> None:
        stroke, outline, r = dp(STROKE_DP), dp(OUTLINE_DP), dp(MARKER_DP)
        drawn = [s for s in self.series if s.values]
        lines_at = [[c for p in range(len(s.values)) for c in (x_of(p), y_of(finite(s.values[p])))] for s in drawn]
        periods = max((len(s.values) for s in drawn), default=0)
        every_point = spacing >= dp(MARKERS_FROM)
        marked = [range(len(s.values)) if every_point else range(len(s.values) - 1, len(s.values)) for s in drawn]
        marks_at: list[list[tuple[float, float]]] = [[] for _ in drawn]
        for period in range(periods):  # markers that meet stand side by side, at their own heights
            here = [n for n, s in enumerate(drawn) if period in marked[n]]
            if not here:
                continue
            ys = [lines_at[n][2 * period + 1] for n in here]
            step = 2 * r + dp(HAIR_DP)
            if every_point and len(here) > 1:  # no further than the next period's markers allow
                step = min(step, max(r, (spacing - step) / (len(here) - 1)))
            # the first period's markers that meet stand to its right, the last's to its left
            align = "start" if period == 0 else "end" if period == periods - 1 else "middle"
            moved = offsets(ys, 2 * r, step, align)
            for n, by, y in zip(here, moved, ys, strict=True):
                marks_at[n].append((lines_at[n][2 * period] + by, y))
        lines = self._lines
        self._marks = []
        for n, series in enumerate(drawn):  # the lines first, every marker over them
            points = lines_at[n]
            rgba = theme.player_colour(series.colour)
            if luminance(rgba) > LIGHT and len(points) > 2:
                lines.add(Color(*theme.INK))
                lines.add(Line(points=points, width=stroke + outline, joint="round", cap="round"))
            lines.add(Color(*rgba))
            if len(points) > 2:
                lines.add(Line(points=points, width=stroke, joint="round", cap="round"))
            else:  # a series of the setup alone: no line to draw, its point is the marker
                lines.add(Line(points=points, width=stroke))
        for n, series in enumerate(drawn):
            rgba = theme.player_colour(series.colour)
            shape = theme.player_mark(series.colour) or "square"
            self._marks.append((series.colour, shape, list(marks_at[n])))
            if luminance(rgba) > LIGHT:
                lines.add(Color(*theme.INK))
                for x, y in marks_at[n]:
                    for mesh in shapes.meshes(shapes.fans(shape, x, y, r, grow=outline)):
                        lines.add(mesh)
            lines.add(Color(*rgba))
            for x, y in marks_at[n]:
                for mesh in shapes.meshes(shapes.fans(shape, x, y, r)):
                    lines.add(mesh)

    # ------------------------------------------------------------------------- reading back
    def _read(self, kind: type[Any]) -> list[tuple[str, int]]:
        names = {tuple(round(c, 4) for c in rgba): name for name, rgba in theme.PLAYERS.items()}
        found, current = [], None
        for instruction in self._lines.children:
            if isinstance(instruction, Color):
                current = names.get(tuple(round(c, 4) for c in instruction.rgba))
            elif isinstance(instruction, kind) and current is not None:
                found.append((current, len(instruction.points) // 2))
        return found

    def drawn_lines(self) -> list[tuple[str, int]]:
        """Each line drawn in a player's colour, as the canvas holds it: (colour, its points)."""
        return self._read(Line)

    def drawn_markers(self) -> list[tuple[str, int]]:
        """Each player's markers as drawn: (colour, how many)."""
        return [(colour, len(at)) for colour, _shape, at in self._marks]

    def drawn_marks(self) -> list[tuple[str, str, list[tuple[float, float]]]]:
        """Each player's markers as drawn: (colour, shape, the centre of each, in the plot's own
        coordinates)."""
        return [(colour, shape, list(at)) for colour, shape, at in self._marks]

    def drawn_texts(self) -> list[tuple[str, tuple[float, float, float, float]]]:
        """Each text drawn and where, in the plot's own coordinates: (text, (x, y, width, height))."""
        return list(self._texts)

    def drawn_outlines(self) -> int:
        """How many lines are drawn in ink under a light colour."""
        ink = tuple(round(c, 4) for c in theme.INK)
        count, current = 0, None
        for instruction in self._lines.children:
            if isinstance(instruction, Color):
                current = tuple(round(c, 4) for c in instruction.rgba)
            elif isinstance(instruction, Line) and current == ink:
                count += 1
        return count


def finite(value: float) -> float:
    return value if math.isfinite(value) else 0.0


class Plots(BoxLayout):
    """Several panels side by side, or stacked when each would be too narrow; each panel's x axis
    says the period's word."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("spacing", dp(GAP_DP))
        super().__init__(**kwargs)
        self.period_word = ""
        self.panels: tuple[Panel, ...] = ()
        self.bind(size=lambda *_: self._arrange())

    @property
    def plots(self) -> list[Plot]:
        return [w for w in reversed(self.children) if isinstance(w, Plot)]

    def show(self, period_word: str, panels: Sequence[Panel]) -> None:
        """Show ``panels`` (one to three measures), their x axes saying ``period_word`` ("Runde");
        each plot draws at once, at the size the layout gives it now."""
        self.period_word, self.panels = period_word, tuple(panels)
        plots = self.plots
        while len(plots) < len(self.panels):
            plots.append(Plot())
            self.add_widget(plots[-1])
        for extra in plots[len(self.panels) :]:
            self.remove_widget(extra)
        self._arrange()
        self.do_layout()  # the plots get their sizes now, and draw once at them
        for plot, panel in zip(self.plots, self.panels, strict=True):
            plot.show(period_word, panel)

    def _arrange(self) -> None:
        count = max(1, len(self.panels))
        width, height = self.width - self.spacing * (count - 1), self.height - self.spacing * (count - 1)
        min_w, min_h = dp(PANEL_MIN[0]), dp(PANEL_MIN[1])
        beside = min(width / count / min_w, self.height / min_h)
        stacked = min(self.width / min_w, height / count / min_h)
        self.orientation = "vertical" if beside < 1 and stacked > beside else "horizontal"
