"""Rows of a game's table in columns: a row per player whose columns line up with the heading's
words above them."""

from __future__ import annotations

from collections.abc import Sequence

from kivy.metrics import dp, sp
from kivy.uix.label import Label

from companion.app import theme


def widths(width: float, shares: Sequence[float], gap: float) -> list[float]:
    """The columns' widths in ``width``: each its share of what the gaps (``gap`` dp) leave."""
    usable = width - dp(gap) * (len(shares) - 1)
    return [usable * share for share in shares]


def cell(small: bool = False) -> Label:
    """A heading's word (``small``: one line, shortened if it must) or a column's number, centred,
    in ink, with markup."""
    label = Label(
        color=theme.INK,
        font_size=sp(theme.SMALL_SP - 3 if small else theme.SMALL_SP),
        halign="center",
        valign="middle",
        markup=True,
        shorten=small,
    )
    label.bind(size=lambda widget, size: setattr(widget, "text_size", size))
    return label
