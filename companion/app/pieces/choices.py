"""A list of choices that scrolls and shows when more lies below: a bar with an arrow at its foot
while the list goes on beyond the bottom edge (at 800×480 the last choices of a long list are
otherwise cut off with nothing to say so)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kivy.properties import BooleanProperty, ObjectProperty
from kivy.uix.relativelayout import RelativeLayout

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
        self.box.clear_widgets()
        for widget in widgets:
            self.box.add_widget(widget)
        self.scroll.scroll_y = 1

    def add(self, widget: Any) -> None:
        self.box.add_widget(widget)

    def clear(self) -> None:
        self.box.clear_widgets()
        self.scroll.scroll_y = 1

    def update_more(self, *_: Any) -> None:
        hidden = self.box.height - self.scroll.height
        self.more = hidden > 1 and self.scroll.scroll_y * hidden > 1
