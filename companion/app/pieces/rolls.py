"""The controls of a roll the game waits for, as the settings say rolls come from: the electronic
die (and, with ``--dice emulator``, a button that throws the emulated one), the app's own die on
the screen, or a real die whose face is tapped.

A real die's face is tapped as the die shows it: a number, or for a die of pictures the picture,
named and drawn as the game gives them (:data:`Pictures`), one button for each picture the
table's die has (as its faces are set for this game)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from kivy.factory import Factory
from kivy.graphics import Color
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from companion.app import theme
from companion.app.room import ScreenApp
from companion.i18n import Cap, Message

Pictures = Mapping[str, tuple[Any, Callable[[float, float, float], None]]]
"""A game's die pictures: each picture's name (as the faces name it) with its words and a drawing
``draw(x, y, size)`` made with Kivy's graphics instructions."""


def roll_controls(app: ScreenApp, die: str, pictures: Pictures | None = None) -> list[Any]:
    """The widgets for one roll of ``die`` ("number" or "special"), top to bottom; ``pictures``:
    the game's words and drawings for a die of pictures."""
    table = app.table
    assert table is not None
    source = app.die_source()
    if source == "typed":
        return _typed(app, table, die, pictures or {})
    shown: list[Any] = []
    if source in ("serial", "bluetooth"):  # the serial die, or a paired smart die
        shown.append(Factory.Body(text=app.tr(Message("Throw the electronic die."))))
        if app.has_emulated_die:
            throw = Factory.Big(text=app.tr(Message("Throw the emulated die")))
            throw.bind(on_release=lambda *_: app.throw_die(die))
            shown.append(throw)
    button = Factory.Big(text=app.tr(Message("Roll on the screen")))
    button.bind(on_release=lambda *_: table.roll_on_screen())
    shown.append(button)
    return shown


def _typed(app: ScreenApp, table: Any, die: str, shown: Pictures) -> list[Any]:
    """A real die's face, tapped: the numbers 1 to 6, or the pictures of a die of pictures."""
    wanted = table.awaiting().rolls
    faces = tuple(wanted[0].faces) if wanted and wanted[0].die == die else ()
    row = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(4))
    if not faces:
        for face in range(1, 7):
            button = Factory.Big(text=str(face))
            button.bind(on_release=lambda *_, f=face: table.type_roll(str(f)))
            row.add_widget(button)
        return [Factory.Body(text=app.tr(Message("Roll a real die and tap its face."))), row]
    for picture, face in pictures(faces).items():
        name, drawing = shown.get(picture, (None, None))
        button = Factory.Big(text=app.tr(Cap(name)) if name is not None else picture)
        button.bind(on_release=lambda *_, f=face: table.type_roll(str(f)))
        if drawing is not None:
            draw_picture(button, drawing)
        row.add_widget(button)
    return [Factory.Body(text=app.tr(Message("Roll the special die and tap what it shows."))), row]


def pictures(faces: tuple[str, ...]) -> dict[str, int]:
    """Each picture the die shows, in the order of its faces, with the first face (1..6) that
    shows it: the face the roll is entered as (the rules read only the picture)."""
    found: dict[str, int] = {}
    for face, picture in enumerate(faces, start=1):
        found.setdefault(picture, face)
    return found


def draw_picture(button: Any, drawing: Callable[[float, float, float], None]) -> None:
    """A small picture (``drawing(x, y, size)``) left of the button's text, in the text's colour."""

    gap = dp(10)

    def draw(*_: Any) -> None:
        button.canvas.after.clear()
        size = min(button.height * 0.55, dp(30))
        button.padding = (size + gap, 0, 0, 0)  # the words step aside for the picture
        words = button._label.get_extents(button.text)[0]  # the words' own width, not the wrap width
        x = button.center_x - (words + size + gap) / 2
        y = button.center_y - size / 2
        with button.canvas.after:
            Color(*button.color)
            drawing(x, y, size)

    button.bind(pos=draw, size=draw, texture_size=draw)
    draw()
