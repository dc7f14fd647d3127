"""Die Glücksritter's own settings, the defaults of every new game's form: the digital sack or the
real one, and the special die's six faces (the box: four sacks, two castles; a table whose die is
printed otherwise sets it here). Older versions of the app kept them at the top of its settings
file: they are adopted from there until the game stores its own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.room import running_app
from companion.app.widgets import toggle
from companion.i18n import Message

SACK, CASTLE = "sack", "castle"
DEFAULTS: dict[str, Any] = {"digital_sack": True, "special_die": [SACK, SACK, SACK, SACK, CASTLE, CASTLE]}
SYMBOLS = {SACK: Message("sack"), CASTLE: Message("castle")}


def _good(key: str, value: Any) -> bool:
    if key == "digital_sack":
        return isinstance(value, bool)
    return isinstance(value, list | tuple) and len(value) == 6 and all(face in (SACK, CASTLE) for face in value)


def read(stored: Mapping[str, Any] | None, older: Mapping[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """The settings to use, and what could not be used (its default stands instead)."""
    source = stored if stored is not None else {key: older[key] for key in DEFAULTS if key in older}
    settings = {key: list(value) if isinstance(value, list) else value for key, value in DEFAULTS.items()}
    problems: list[Any] = []
    for key, value in source.items():
        if key not in DEFAULTS:
            continue
        if _good(key, value):
            settings[key] = list(value) if key == "special_die" else value
        else:
            problems.append(
                Message("Die Glücksritter: the setting {name} could not be used; it is back to its default.", name=key)
            )
    return settings, problems


class SackAndDie(GridLayout):
    """The sack (digital or real) and the special die's faces, each face a tap to switch."""

    def __init__(self, settings: dict[str, Any], changed: Callable[[dict[str, Any]], None], **kwargs: Any) -> None:
        super().__init__(cols=1, spacing=dp(8), size_hint_y=None, height=0, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.settings = {key: list(value) if isinstance(value, list) else value for key, value in settings.items()}
        self.changed = changed
        from kivy.factory import Factory

        self.sack_title = Factory.Body()
        self.sack = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(8))
        self.die_title = Factory.Body()
        self.faces = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(4))
        for widget in (self.sack_title, self.sack, self.die_title, self.faces):
            self.add_widget(widget)
        self.refresh()

    def refresh(self) -> None:
        app = running_app()
        self.sack_title.text = app.tr(Message("Coins for fields 5 and 6"))
        self.sack.clear_widgets()
        for on, label in ((True, Message("digital sack")), (False, Message("real sack"))):
            down = self.settings["digital_sack"] == on
            self.sack.add_widget(toggle(app.tr(label), down, lambda v=on: self._set("digital_sack", v)))
        self.die_title.text = app.tr(Message("Special die: tap a face to switch sack and castle"))
        self.faces.clear_widgets()
        for face, symbol in enumerate(self.settings["special_die"], start=1):
            text = f"{face}: {app.tr(SYMBOLS[symbol])}"
            self.faces.add_widget(toggle(text, symbol == CASTLE, lambda f=face: self._flip(f)))

    def _set(self, key: str, value: Any) -> None:
        self.settings[key] = value
        self.changed(dict(self.settings))
        self.refresh()

    def _flip(self, face: int) -> None:
        faces = list(self.settings["special_die"])
        faces[face - 1] = SACK if faces[face - 1] == CASTLE else CASTLE
        self._set("special_die", faces)


def form(settings: dict[str, Any], store: Callable[[dict[str, Any]], None]) -> SackAndDie:
    """The settings screen's part for Die Glücksritter: the defaults of every new game."""
    return SackAndDie(settings, store)
