"""The app's scrolling area (:mod:`companion.app.pieces.scroller`), in a window of its own with
Kivy headless: placing its content again and again (as every scroll and every step of a game does)
leaves one binding of the bar's colour, where Kivy's own ScrollView keeps one more each time."""

from __future__ import annotations

from typing import Any

from tests.support.window import in_window


def bar_colour_bindings_after_fifty_placings(kind: Any) -> int:
    """How many observers of ``bar_color`` an area of ``kind`` holds after its content was placed
    fifty times, and once more after a scroll."""
    from kivy.uix.widget import Widget

    area = kind(size=(100, 100))
    area.add_widget(Widget(size_hint_y=None, height=400))
    for _ in range(50):
        area.update_from_scroll()
    area.scroll_y = 0.5
    area.update_from_scroll()
    return len(area.get_property_observers("bar_color"))


@in_window
def test_placing_the_content_fifty_times_leaves_one_bar_colour_binding(tmp_path):
    from companion.app import env

    env.prepare(tmp_path / "kivy", headless=True)
    from kivy.uix.scrollview import ScrollView

    from companion.app.pieces.scroller import Scroller

    assert bar_colour_bindings_after_fifty_placings(ScrollView) == 51  # Kivy's own: one more a placing
    assert bar_colour_bindings_after_fifty_placings(Scroller) == 1
