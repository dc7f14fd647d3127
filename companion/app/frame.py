"""The window's frame (``shell.kv``): the status line on top, the screens in the middle and the
last word of the table at the bottom (a refusal in red, what happened in ink); a tap on that line
shows it whole. The app (:mod:`companion.app.shell`) makes it its root widget."""

from __future__ import annotations

from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout


class Shell(BoxLayout):  # type: ignore[misc]  # Kivy has no type information: BoxLayout is Any
    manager = ObjectProperty(None)
    """The screen manager between the two lines (Kivy's ``ScreenManager``)."""
    status_text = StringProperty("")
    word = StringProperty("")
    word_is_refusal = BooleanProperty(False)
    word_folded = BooleanProperty(False)
    """The bottom line gives its height to the screen (the on-screen keyboard while a name is typed)."""
