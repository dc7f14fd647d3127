"""Small widgets every screen shares (their look is in ``theme.kv``)."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, InstructionGroup
from kivy.metrics import dp, sp
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.label import Label

from companion.app import marks, theme


def toggle(text: str, down: bool, on_press: Any) -> Any:
    """A choice among several (theme's ``Toggle``), down when it is the one chosen."""
    from kivy.factory import Factory

    button = Factory.Toggle(text=text, state="down" if down else "normal", allow_no_selection=False)
    button.bind(on_release=lambda *_: on_press())
    return button


class Chip(FloatLayout):
    """A player's colour as a square to tap, with a short text on it, and the player's mark (the
    shape of :data:`companion.app.theme.MARKS`) beside the text, so the player is known without
    telling colours apart: at the left of the text, or in the middle of a chip without one."""

    colour = StringProperty("")
    text = StringProperty("")
    font_size = NumericProperty(sp(18))
    mark_size = NumericProperty(0)
    """The mark's height in pixels as drawn now (0: no mark, the colour is no player's)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._mark = InstructionGroup()
        self.canvas.after.add(self._mark)
        self._label = next((w for w in self.children if isinstance(w, Label)), None)
        self.fbind("pos", self._draw_mark)
        self.fbind("size", self._draw_mark)
        self.fbind("colour", self._draw_mark)
        self.fbind("text", self._draw_mark)
        self.fbind("font_size", self._draw_mark)
        self._draw_mark()

    def mark_box(self) -> tuple[float, float, float]:
        """Where the mark stands: its centre (x, y) in the chip's parent's coordinates and its
        radius."""
        side = min(self.width, self.height)
        if not self.text:
            r = side * 0.27
            return self.center_x, self.center_y, r
        r = min(self.height * 0.26, self.width * 0.16, dp(13))
        return self.x + dp(5) + r, self.center_y, r

    def _draw_mark(self, *_: Any) -> None:
        group = self._mark
        group.clear()
        shape = theme.player_mark(self.colour)
        padding = 0.0
        if shape is None or self.width < 4 or self.height < 4:
            self.mark_size = 0
        else:
            cx, cy, r = self.mark_box()
            group.add(Color(*theme.text_on(self.colour)))
            for mesh in marks.meshes(marks.fans(shape, cx, cy, r)):
                group.add(mesh)
            self.mark_size = 2 * r
            padding = (cx + r - self.x) if self.text else 0.0
        if self._label is not None:
            self._label.padding = [padding, 0, 0, 0]
            self._fit_words(padding)

    def _fit_words(self, padding: float) -> None:
        """The words at ``font_size`` or smaller (down to 11 sp), on one line or two, never cut:
        a name of ten letters on a narrow chip takes a smaller font, not "…"."""
        from companion.app.pieces.lines import largest_font, sizes_between

        label = self._label
        assert label is not None  # called only once the chip has its label
        width, height = self.width - padding - dp(6), self.height - dp(2)
        label.text_size = (max(1.0, self.width - dp(6)), None)  # Kivy takes the padding off it
        words = _plain(self.text)
        if not words or width <= 1:
            label.font_size = self.font_size
            return
        smallest = min(self.font_size, sp(11))
        style = {"font_name": label.font_name, "bold": label.bold, "halign": label.halign}
        size = largest_font(words, width, height, 2, sizes_between(self.font_size, smallest), **style)
        label.font_size = size if size is not None else smallest


def _plain(markup: str) -> str:
    """A chip's text without its markup escapes, as it is drawn."""
    return markup.replace("&bl;", "[").replace("&br;", "]").replace("&amp;", "&")
