"""Typing a name by touch: an on-screen German keyboard (QWERTZ with ä ö ü ß, a capital by one tap
of ⇧) docked at the foot of the screen that hosts it while one of its name fields has the focus,
with the names of earlier games above the keys, one tap each.

- :class:`NameKeys` is Kivy's ``VKeyboard`` with the layout ``keyboard_de.json`` beside this file
  (11 keys a row: about 70 px wide at 800 px, rows 54 px high), drawn in the cardboard's colours.
  Kivy's shift only holds while a finger stays on it; here ⇧ holds for the next letter, and a
  name's first letter and the first after a space or hyphen come as capitals by themselves.
  Only ⌫ repeats while held: a slow finger on a letter types it once.
- :class:`KeyboardDock` is the keys and the earlier names, typing into the field that has the
  focus (taps on it keep that focus).
- :class:`NameField` is a name's text field. On focus it looks among its parents for a
  ``name_keyboard`` (a dock, which the hosting screen shows while it has a target); without one
  only a real keyboard types. A real keyboard types into the field whether or not the dock shows,
  so the dock is offered everywhere: on the Pi's display it is the only way to type, on a desktop
  it takes the lower part of the screen only while a name is typed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.graphics import Color, Rectangle, RoundedRectangle
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ObjectProperty
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.scrollview import ScrollView
from kivy.uix.textinput import TextInput
from kivy.uix.vkeyboard import VKeyboard

from companion.app import theme
from companion.app.room import running_app
from companion.i18n import Message

LAYOUT = Path(__file__).with_name("keyboard_de.json")
ROW_DP = 54  # a row of keys: 48 dp of key and a gap
SYMBOLS = "data/fonts/DejaVuSans.ttf"  # Kivy's own font with ⇧ and ⌫ (Roboto has neither)
OFFER_DP = 128  # the width of a button with an earlier name
OFFERED = 6  # earlier names offered at most
WORD_START = " -"  # after these a name's next letter is a capital
# The keys that say a word rather than type it, by their keycode in the layout.
WORDS = {"spacebar": Message("space"), "enter": Message("Done")}


class NameKeys(VKeyboard):
    """The keys, typing into ``field`` (a TextInput), in the cardboard's colours."""

    field = ObjectProperty(None, allownone=True)
    done = ObjectProperty(None, allownone=True)
    """Called when ✓ (Done) is tapped."""
    have_capslock: bool  # VKeyboard's property: ⇧ lit

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            layout=str(LAYOUT),
            margin_hint=[0, 0, 0, 0],
            key_margin=[dp(3)] * 4,
            font_size=sp(theme.TITLE_SP),
            font_name=SYMBOLS,
            size_hint=(1, None),
            height=dp(4 * ROW_DP),
            **kwargs,
        )
        self.do_translation = self.do_rotation = self.do_scale = False  # a dock, not a floating pad
        self._trigger_load_layout.cancel()
        self._load_layout()  # now, not on the next frame: the dock may be drawn before it
        self.bind(size=self._resized, on_textinput=self._typed, on_key_down=self._key)
        self.bind(field=lambda *_: self.capitals())

    def setup_mode(self, *largs: Any) -> None:
        """Neither docked to the window nor free: the screen that hosts it lays it out."""

    def on_disabled(self, *_: Any) -> None:
        """Hidden while disabled: nothing to draw anew."""

    def _resized(self, *_: Any) -> None:
        self.refresh(True)

    # ----------------------------------------------------------------------------- drawing
    def draw_keys(self) -> None:
        layout = self.available_layouts[self.layout]
        geometry = self.layout_geometry
        app = running_app()
        self.background_key_layer.clear()
        with self.background_key_layer:
            Color(*theme.WOOD)
            Rectangle(size=self.size)
            Color(*theme.PAPER)
            for line in range(1, layout["rows"] + 1):
                for pos, size in geometry[f"LINE_{line}"]:
                    RoundedRectangle(pos=pos, size=size, radius=[dp(6)])
        for line in range(1, layout["rows"] + 1):
            keys = layout[f"{self.layout_mode}_{line}"]
            for (pos, size), (shown, _text, code, _width) in zip(geometry[f"LINE_{line}"], keys, strict=True):
                word = WORDS.get(code)
                label = Label(
                    text=app.tr(word) if word is not None else shown,
                    font_size=sp(theme.BODY_SP) if word is not None else self.font_size,
                    font_name=self.font_name,
                    color=theme.INK,
                    pos=pos,
                    size=size,
                )
                self.add_widget(label)

    def refresh_active_keys_layer(self) -> None:
        self.active_keys_layer.clear()
        with self.active_keys_layer:
            Color(*theme.GOLD)
            for line, index in self.active_keys.values():
                pos, size = self.layout_geometry[f"LINE_{line}"][index]
                RoundedRectangle(pos=pos, size=size, radius=[dp(6)])
        for label in self.children:  # the letters stay readable on the lit key
            label.canvas.ask_update()

    # ----------------------------------------------------------------------------- typing
    def _start_repeat_key(self, *args: Any) -> None:
        touch = self.repeat_touch
        key = touch.ud.get(self.uid, {}).get("key") if touch is not None else None
        if key is not None and key[0][2] == "backspace":
            super()._start_repeat_key(*args)

    def _typed(self, _keys: Any, text: str) -> None:
        field = self.field
        if field is not None and text:
            field.insert_text(text)
            self.capitals()

    def _key(self, _keys: Any, code: str | None, text: str | None, _modifiers: Any) -> None:
        field = self.field
        if code == "backspace" and field is not None:
            field.do_backspace()
            self.capitals()
        elif code == "enter" and self.done is not None:
            self.done()
        elif code is None and text:  # a window other than SDL2's sends letters as key presses
            self._typed(self, text)

    def capitals(self) -> None:
        """⇧ lit for the next letter where a name's word begins, and put out after any other."""
        field = self.field
        before = field.text[: field.cursor_index()] if field is not None else ""
        self.set_capital(not before or before[-1] in WORD_START)

    def set_capital(self, on: bool) -> None:
        if self.have_capslock == on:
            return
        self.have_capslock = on
        if on:
            self.active_keys[-1] = self._shift_key()
        else:
            self.active_keys.pop(-1, None)
        self.refresh_active_keys_layer()

    def _shift_key(self) -> tuple[int, int]:
        layout = self.available_layouts[self.layout]
        for line in range(1, layout["rows"] + 1):
            for index, key in enumerate(layout[f"normal_{line}"]):
                if key[2] == "capslock":
                    return line, index
        raise LookupError("the layout has no ⇧ key")


class KeyboardDock(BoxLayout):
    """The earlier names and the keys, for the name field that has the focus (``target``);
    ``shown`` while it has one. The screen that hosts it gives it a place at its foot."""

    target = ObjectProperty(None, allownone=True)
    shown = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=dp(4), size_hint_y=None, height=0, **kwargs)
        self.offers = BoxLayout(size_hint_y=None, height=0, spacing=dp(6))
        self.keys = NameKeys(done=self.finish)
        self.add_widget(self.offers)
        self.add_widget(self.keys)
        self.opacity, self.disabled = 0, True
        self._leaving = Clock.create_trigger(self._left)

    def on_touch_down(self, touch: Any) -> bool:
        if not self.shown:
            return False  # folded away to no height, where a touch on the line it lies on is not its own
        if self.collide_point(*touch.pos):
            FocusBehavior.ignored_touch.append(touch)  # a key typed: the field keeps the focus
        return super().on_touch_down(touch)

    def attach(self, field: NameField) -> None:
        self.target = self.keys.field = field
        self._leaving.cancel()
        self.show_offers()
        self.shown, self.opacity, self.disabled = True, 1, False
        self.height = self.keys.height + (self.offers.height + self.spacing if self.offers.height else 0)
        self._into_view(field, 3)

    def _into_view(self, field: NameField, frames: int) -> None:
        """The field shown above the keys on each of the next ``frames`` frames: the screen lays
        itself out anew for the keys, and its list measures its pages again, over a frame or two."""
        if frames and self.target is field:

            def step(_dt: float) -> None:
                into_view(field)
                self._into_view(field, frames - 1)

            Clock.schedule_once(step, 0)

    def detach(self, field: NameField) -> None:
        if self.target is field:
            self._leaving()  # on the next frame: the focus may be moving to another name field

    def _left(self, *_: Any) -> None:
        field = self.target
        if field is not None and field.focus and field.get_root_window() is not None:
            return
        self.target = self.keys.field = None
        self.shown, self.opacity, self.disabled, self.height = False, 0, True, 0

    def finish(self) -> None:
        """Done: the field gives up the focus, and the keys go."""
        if self.target is not None:
            self.target.focus = False
        self._leaving()

    # ----------------------------------------------------------------------------- earlier names
    def show_offers(self) -> None:
        self.offers.clear_widgets()
        field = self.target
        names = field.offered() if field is not None else []
        room = self.width or dp(800)
        fit = min(OFFERED, max(1, int(room // dp(OFFER_DP))))
        width = (room - (fit - 1) * self.offers.spacing) / fit  # as wide as each other, however many
        for name in names[:fit]:
            button = Factory.Quiet(text=name, shorten=True, shorten_from="right", size_hint_x=None, width=width)
            button.bind(on_release=lambda *_, n=name: self.take(n))
            self.offers.add_widget(button)
        self.offers.height = dp(theme.TOUCH_DP) if names else 0

    def take(self, name: str) -> None:
        """An earlier name into the field, and the keys go."""
        field = self.target
        if field is None:
            return
        field.text = name
        field.cursor = (len(field.text), 0)
        self.finish()


def into_view(widget: Any) -> None:
    """``widget`` shown in the list it lies in: a paged list (the forms' choice list) turns to its
    page; a ScrollView scrolls to it when its content is longer than its view (Kivy's
    ``scroll_to`` would move a shorter one out of its view)."""
    if widget.get_root_window() is None:
        return
    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if callable(getattr(parent, "turn_to", None)):
            parent.turn_to(widget)
            return
        if isinstance(parent, ScrollView):
            if parent.children and parent.children[0].height > parent.height:
                parent.scroll_to(widget, padding=dp(8), animate=False)
            return
        parent = parent.parent


class NameField(TextInput):
    """A player's name: at most ``limit`` characters; ``offered()`` gives the earlier names to offer
    for it (most recent first)."""

    def __init__(self, *, limit: int, offered: Callable[[], list[str]] = list, **kwargs: Any) -> None:
        kwargs.setdefault("font_size", sp(theme.BODY_SP))
        kwargs.setdefault("padding", (dp(10), dp(12)))  # the line in the middle of the field's height
        super().__init__(multiline=False, write_tab=False, size_hint_y=None, height=dp(theme.TOUCH_DP), **kwargs)
        self.limit = limit
        self.offered = offered

    def insert_text(self, substring: str, from_undo: bool = False) -> Any:
        room = self.limit - len(self.text) + len(self.selection_text)
        return super().insert_text(substring[: max(0, room)], from_undo=from_undo)

    def on_focus(self, _field: Any, focused: bool) -> None:
        dock = self.dock()
        if dock is None:
            return
        if focused:
            dock.attach(self)
        else:
            dock.detach(self)

    def dock(self) -> KeyboardDock | None:
        parent = self.parent
        while parent is not None:
            found = getattr(parent, "name_keyboard", None)
            if isinstance(found, KeyboardDock):
                return found
            parent = parent.parent
        return None
