"""Text fitted into a box of fixed size, so that nothing around it moves when the text changes: the
largest font (between a largest and a smallest size) at which the text takes no more than the
box's lines and no word is wider than the box; when even the smallest font is too big, the whole
sentences that fit and "…" (the widget then says ``cut``, and a tap shows the text whole).

:class:`FittedLine` is such a label (the shell's status line and its bottom line); :func:`fitting_font`
is the font for a button's words the same way (the bar's buttons)."""

from __future__ import annotations

import re
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label

MORE = " …"
SENTENCES = re.compile(r"(?<=[.!?])\s+|\s+·\s+")  # where a sentence (or one of several texts) ends


def fits(text: str, font_size: float, width: float, height: float, lines: int, **style: Any) -> bool:
    """Whether ``text`` in ``font_size`` takes at most ``lines`` lines of ``width`` and ``height``,
    no word wider than ``width``."""
    if width <= 0 or height <= 0:
        return False
    words = [word for word in text.split() if word]
    probe = CoreLabel(font_size=font_size, **style)
    if any(probe.get_extents(word)[0] > width for word in words):
        return False
    label = CoreLabel(text=text, font_size=font_size, text_size=(width, None), **style)
    label.refresh()
    shown = [line for line in label._cached_lines if line.w or line.words]
    return len(shown) <= lines and label.content_height <= height + 1


def largest_font(text: str, width: float, height: float, lines: int, sizes: list[float], **style: Any) -> float | None:
    """The first of ``sizes`` (largest first) at which ``text`` fits, or None."""
    for size in sizes:
        if fits(text, size, width, height, lines, **style):
            return size
    return None


def sizes_between(largest: float, smallest: float) -> list[float]:
    """Font sizes in pixels from ``largest`` down to ``smallest``, a step of 1 sp."""
    found, size = [], largest
    while size > smallest:
        found.append(size)
        size -= sp(1)
    return [*found, smallest]


def _style(label: Label) -> dict[str, Any]:
    return {"font_name": label.font_name, "bold": label.bold, "halign": label.halign}


class FittedLabel(Label):
    """A label of fixed size whose ``whole`` text is fitted into ``lines`` lines (see the module's
    text); ``cut``: not all of it is shown, only the pieces ``pieces`` (a pattern) parts it into
    that fit (whole sentences)."""

    whole = StringProperty("")
    pieces = StringProperty(SENTENCES.pattern)
    lines = NumericProperty(1)
    largest = NumericProperty(sp(18))
    smallest = NumericProperty(sp(12))
    gap = NumericProperty(dp(8))
    """The room left free on each side of the text."""
    cut = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(whole=self._fit, size=self._fit, lines=self._fit, largest=self._fit, smallest=self._fit)
        self._fit()

    def _fit(self, *_: Any) -> None:
        width, height = self.width - 2 * self.gap, self.height - dp(2)
        self.text_size = (max(width, 1), None)
        text = self.whole
        sizes = sizes_between(self.largest, self.smallest)
        size = largest_font(text, width, height, self.lines, sizes, **_style(self)) if text else sizes[0]
        if size is not None:
            self.font_size, self.text, self.cut = size, text, False
            return
        self.font_size = self.smallest
        self.text, self.cut = self._sentences(text, width, height), True

    def _sentences(self, text: str, width: float, height: float) -> str:
        """As many whole sentences as fit at the smallest font, and "…"."""
        shown = ""
        for cut in [match.start() for match in re.finditer(self.pieces, text)]:
            more = text[:cut].rstrip()  # the text up to the end of a sentence, its separators kept
            if not fits(more + MORE, self.smallest, width, height, self.lines, **_style(self)):
                break
            shown = more
        if not shown:  # one sentence longer than the line even in the smallest font: its first words
            for cut in [match.start() for match in re.finditer(r"\s+", text)]:
                if not fits(text[:cut] + MORE, self.smallest, width, height, self.lines, **_style(self)):
                    break
                shown = text[:cut]
        return (shown + MORE).strip()


class FittedLine(ButtonBehavior, FittedLabel):
    """A fitted label a tap reads whole (what ``on_release`` is bound to)."""


def fitting_font(button: Any, largest: float, smallest: float, lines: int = 2) -> float:
    """The largest font (``smallest`` at least) at which the button's words fit its box (its
    ``text_size`` width): no word broken, at most ``lines`` lines."""
    width = button.text_size[0] if button.text_size and button.text_size[0] else button.width
    sizes = sizes_between(largest, smallest)
    size = largest_font(button.text, width, button.height - dp(4), lines, sizes, **_style(button))
    return size if size is not None else smallest
