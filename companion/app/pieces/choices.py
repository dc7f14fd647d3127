"""A list of choices that scrolls and shows when more lies below: a bar with an arrow at its foot
while the list goes on beyond the bottom edge (at 800×480 the last choices of a long list are
otherwise cut off with nothing to say so)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ObjectProperty
from kivy.uix.relativelayout import RelativeLayout

from companion.app.pieces.scroller import Scroller  # noqa: F401 - the scrolling area in its .kv
from companion.app.room import load_beside


class ChoiceList(RelativeLayout):
    box = ObjectProperty(None)
    scroll = ObjectProperty(None)
    more = BooleanProperty(False)
    """More of the list lies below what is shown."""

    def __init__(self, **kwargs: Any) -> None:
        load_beside(__file__)
        super().__init__(**kwargs)

    def fill(self, widgets: Iterable[Any]) -> None:
        """The list anew, shown from its top: also once the list has its new height (the scroll
        view keeps its place in a list that grew or shrank under it, which may be its foot)."""
        self.box.clear_widgets()
        for widget in widgets:
            self.box.add_widget(widget)
        self._top()
        self._fresh = True  # until a finger scrolls it, the list grows under its top
        Clock.schedule_once(self.grown, 0)  # after the touch that filled it: its release scrolls too

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            self._fresh = False
        return super().on_touch_down(touch)

    def grown(self, *_: Any) -> None:
        """The list's height changed: a list just filled still shows its top (the scroll view
        keeps its offset from the foot, so a list that grew from shorter than its view would
        show its foot), then whether more lies below."""
        if getattr(self, "_fresh", False):
            self._top()
        self.update_more()

    def _top(self) -> None:
        """At the top, and the scroll view's motion stopped there: its effect, still moving from
        the touch that filled the list, would take it back where the old list was."""
        scroll = self.scroll
        scroll.scroll_y = 1
        if scroll.effect_y is not None:
            scroll.effect_y.velocity = 0
            scroll._update_effect_bounds()

    def add(self, widget: Any) -> None:
        self.box.add_widget(widget)

    def clear(self) -> None:
        self.box.clear_widgets()
        self.scroll.scroll_y = 1

    def update_more(self, *_: Any) -> None:
        hidden = self.box.height - self.scroll.height
        self.more = hidden > 1 and self.scroll.scroll_y * hidden > 1
