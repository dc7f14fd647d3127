"""A stack of knights shown large over Raubritter's grid (the lens): at 800×480 a whole layout
leaves tiles about 36 pixels wide, too small to read who stands under the top knight. A tap on a
tile with knights (while no cell is offered to lay a tile on) opens this card beside it: the
tile's picture and name, how many knights, and one row per knight from the top down, each with
the player's mark (shape and colour, :mod:`companion.app.marks`) and name, big enough to read
across the table; the top row and the bottom row say so under the name ("oben", "unten"), so that
every knight is named and which is the top one cannot be mistaken. The grid stays where it
was (nothing moves under a finger); a tap on the card, or on the same tile again, closes it
(:class:`~.landscape.Landscape` decides when).

It shows what it is given; it draws nothing of its own accord and takes no touches."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.graphics import Color, InstructionGroup, Line, Rectangle, RoundedRectangle
from kivy.metrics import dp, sp
from kivy.uix.widget import Widget

from companion.app import marks, theme

ROW_DP = 46  # a knight's row; its mark is most of it
HEAD_DP = 58  # the tile's picture and its words
PAD_DP = 8
WIDTH_DP = 230


class StackLens(Widget):
    """The card. :meth:`fill` it, then :meth:`place` it within the grid's bounds, away from the
    tile tapped."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(size_hint=(None, None), **kwargs)
        self.rows: list[tuple[str, str]] = []  # (colour, name), the top knight first
        self.tags: list[str] = []  # each row's word under its name ("oben", "unten", or none)
        self.title = ""
        self.picture: Any = None
        self.mark_px = 0.0  # the side of a knight's mark as drawn now
        self.row_px = 0.0
        self._labels: list[Any] = []
        self._drawing = InstructionGroup()
        self.canvas.add(self._drawing)
        self.fbind("pos", self._draw)
        self.fbind("size", self._draw)

    def fill(
        self, picture: Any, title: str, rows: Sequence[tuple[str, str]], tags: Sequence[str] | None = None
    ) -> None:
        """The tile's ``picture`` (a texture), the ``title`` (its name and the count of knights)
        and the knights ``rows`` (colour, name) from the top down, with ``tags``, a word for each
        row, under the name (the top one, the bottom one; "" for none)."""
        self.picture, self.title, self.rows = picture, title, list(rows)
        self.tags = list(tags or ()) + [""] * (len(self.rows) - len(tags or ()))
        self._draw()

    def place(self, box: tuple[float, float, float, float], away_from_x: float) -> None:
        """Within ``box`` (x, y, width, height of the grid), on the half that does not hold the
        window x ``away_from_x`` of the tile tapped, vertically centred."""
        x, y, width, height = box
        pad = dp(PAD_DP)
        self.width = min(dp(WIDTH_DP), width * 0.48)
        self.row_px = max(dp(30), min(dp(ROW_DP), (height - 2 * pad - dp(HEAD_DP) - 4 * pad) / max(1, len(self.rows))))
        self.height = min(height - 2 * pad, dp(HEAD_DP) + self.row_px * len(self.rows) + 3 * pad)
        left = away_from_x > x + width / 2
        self.pos = (x + pad if left else x + width - pad - self.width, y + (height - self.height) / 2)
        self._draw()

    def _draw(self, *_: Any) -> None:
        from kivy.core.text import Label as CoreLabel

        group = self._drawing
        group.clear()
        self._labels = []
        if not self.rows or self.width < 10:
            return
        x, y, w, h = self.x, self.y, self.width, self.height
        pad = dp(PAD_DP)
        group.add(Color(*theme.WOOD))
        group.add(RoundedRectangle(pos=(x - dp(2), y - dp(2)), size=(w + dp(4), h + dp(4)), radius=[dp(10)]))
        group.add(Color(*theme.PAPER))
        group.add(RoundedRectangle(pos=(x, y), size=(w, h), radius=[dp(9)]))
        top = y + h - pad
        head = dp(HEAD_DP) - pad
        if self.picture is not None:
            group.add(Color(1, 1, 1, 1))
            group.add(Rectangle(texture=self.picture, pos=(x + pad, top - head), size=(head, head)))
        words = CoreLabel(text=self.title, font_size=sp(theme.SMALL_SP), bold=True, color=theme.INK,
                          text_size=(w - head - 3 * pad, head), halign="left", valign="middle")  # fmt: skip
        words.refresh()
        group.add(Color(1, 1, 1, 1))
        group.add(Rectangle(texture=words.texture, pos=(x + head + 2 * pad, top - head), size=words.texture.size))
        self._labels.append(self.title)
        row = self.row_px
        r = row * 0.38
        self.mark_px = 2 * r
        for i, (colour, name) in enumerate(self.rows):
            cy = top - head - pad - row * (i + 0.5)
            cx = x + pad + r + dp(4)
            if i:  # a thin line between the knights
                group.add(Color(*theme.PAPER_DARK))
                group.add(Line(points=[x + pad, cy + row / 2, x + w - pad, cy + row / 2], width=dp(1)))
            shape = theme.player_mark(colour)
            if shape is not None:
                group.add(Color(*theme.INK))
                for mesh in marks.meshes(marks.fans(shape, cx, cy, r, grow=dp(2))):
                    group.add(mesh)
                group.add(Color(*theme.player_colour(colour)))
                for mesh in marks.meshes(marks.fans(shape, cx, cy, r)):
                    group.add(mesh)
            label = CoreLabel(text=name, font_size=sp(theme.BODY_SP), bold=i == 0, color=theme.INK,
                              text_size=(w - 2 * r - 4 * pad, None), shorten=True)  # fmt: skip
            label.refresh()
            tw, th = label.texture.size
            left = cx + r + dp(10)
            group.add(Color(1, 1, 1, 1))
            if self.tags[i]:  # the name, and under it in small letters which end of the stack it is
                tag = CoreLabel(text=self.tags[i], font_size=sp(theme.SMALL_SP), italic=True, color=theme.INK)
                tag.refresh()
                gw, gh = tag.texture.size
                bottom = cy - (th + gh) / 2
                group.add(Rectangle(texture=tag.texture, pos=(left, bottom), size=(gw, gh)))
                group.add(Rectangle(texture=label.texture, pos=(left, bottom + gh), size=(tw, th)))
            else:
                group.add(Rectangle(texture=label.texture, pos=(left, cy - th / 2), size=(tw, th)))
            self._labels.append(f"{name} · {self.tags[i]}" if self.tags[i] else name)

    def texts(self) -> list[str]:
        """What the card says now: its title, then the knights' names from the top down, the top
        and the bottom one with their word after a middle dot ("Anna (Rot) · oben")."""
        return list(self._labels)
