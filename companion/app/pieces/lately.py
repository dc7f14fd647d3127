"""What happened lately, in a box of fixed height beside a game's choices: the lines of the last
step, each one whole. As many whole lines as fit are shown at the regular size, from the first;
the rest are left to the game log, never cut in the middle of a sentence. When the first line
alone is too long for the box, its font is made smaller (down to a smallest size) until it fits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kivy.clock import Clock
from kivy.metrics import dp, sp
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.label import Label

from companion.app.pieces.lines import fits, sizes_between


class Lately(Label):
    """``said``: the lines, in the order they are read; ``largest``/``smallest``: the font's range."""

    said = ListProperty([])
    largest = NumericProperty(sp(14))
    smallest = NumericProperty(sp(11))

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("halign", "left")
        kwargs.setdefault("valign", "top")
        super().__init__(**kwargs)
        self._fit_soon = Clock.create_trigger(self._fit, 0)
        self.bind(said=self._fit_soon, size=self._fit_soon, largest=self._fit_soon, smallest=self._fit_soon)

    def show(self, lines: Sequence[str]) -> None:
        if list(lines) != self.said:
            self.said = list(lines)

    def _fit(self, *_: Any) -> None:
        width, height = self.width, self.height - dp(2)
        self.text_size = (max(width, 1), None)
        if width <= 1 or height <= 1 or not self.said:
            self.text = ""
            return
        style = {"font_name": self.font_name, "bold": self.bold, "halign": self.halign}
        many = 0
        for count in range(len(self.said), 0, -1):  # the most lines that fit at the regular size
            if fits("\n".join(self.said[:count]), self.largest, width, height, 99, **style):
                many = count
                break
        if many:
            self.font_size, self.text = self.largest, "\n".join(self.said[:many])
            return
        first = self.said[0]
        for size in sizes_between(self.largest, self.smallest):
            if fits(first, size, width, height, 99, **style):
                self.font_size, self.text = size, first
                return
        self.font_size, self.text = self.smallest, first  # too small a box: the fit check says so
