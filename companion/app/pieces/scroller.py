"""The app's scrolling area: Kivy's ScrollView without its growing list of bar colour listeners.

Each time a ScrollView places its content (every scroll, every change of the content's size) it
binds its bar's colour to its active colour once more, and half a second after the last time it
unbinds one of those bindings: the rest stay with the widget. The choice list below the board
lives all evening and places its content at every step, so by the end of a long game thousands of
bindings (each called at every change of the colour) hang on it. :class:`Scroller` unbinds the
previous binding before Kivy makes the next one, so there is never more than one.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.scrollview import ScrollView


class Scroller(ScrollView):
    def update_from_scroll(self, *largs: Any) -> None:
        self.funbind("bar_color", self._change_bar_color)  # the binding of the last call, if any
        super().update_from_scroll(*largs)
