"""The controls of a roll the game waits for, as the settings say rolls come from: the electronic
die (and, with ``--dice emulator``, a button that throws the emulated one), the app's own die on
the screen, or a real die whose face is tapped."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.app import theme
from companion.app.room import ScreenApp
from companion.i18n import Message


def roll_controls(app: ScreenApp, die: str) -> list[Any]:
    """The widgets for one roll of ``die`` ("number" or "special"), top to bottom."""
    table = app.table
    assert table is not None
    source = app.die_source()
    if source == "typed":
        row = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(4))
        for face in range(1, 7):
            button = Factory.Big(text=str(face))
            button.bind(on_release=lambda *_, f=face: table.type_roll(str(f)))
            row.add_widget(button)
        return [Factory.Body(text=app.tr(Message("Roll a real die and tap its face."))), row]
    shown: list[Any] = []
    if source == "serial":
        shown.append(Factory.Body(text=app.tr(Message("Throw the electronic die."))))
        if app.has_emulated_die:
            throw = Factory.Big(text=app.tr(Message("Throw the emulated die")))
            throw.bind(on_release=lambda *_: app.throw_die(die))
            shown.append(throw)
    button = Factory.Big(text=app.tr(Message("Roll on the screen")))
    button.bind(on_release=lambda *_: table.roll_on_screen())
    shown.append(button)
    return shown
