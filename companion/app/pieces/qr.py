"""A QR code on the screen (:class:`QrCode`), and the same code as large as the window allows
(:class:`QrDialog`), for a phone to scan: BG Stats' push link of a finished play
(:mod:`companion.results.push`).

The code is made with segno at error correction level L, the lowest: a code on a clean, flat,
lit screen loses no module to dirt or a crease, and every higher level holds less, so a long link
would need a larger version and smaller modules. It is kept at L (``boost_error=False``), so the
same data always gives the same code. It is drawn as a texture of one texel per module, with the
quiet zone of 4 modules the standard asks, scaled without filtering (``nearest``) by the largest
WHOLE number of pixels per module that fits the widget: every module is a sharp square of equal
pixels, which a phone's camera reads far better than the blurred modules of a fractional scale.

Making the code is pure Python and takes a while for a long link (about 0.1 s for a six-player
play here, several times that on a Pi), so it is made in a thread of its own: the screen around it
is drawn at once and the code appears when it is ready (``ready``). The last few codes made are
kept, so a result shown again, or the same code full screen, is drawn at once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any, cast

import segno
from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.graphics.texture import Texture
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget
from kivy.utils import escape_markup
from segno import consts as segno_consts

from companion.app import theme
from companion.i18n import Message, render

QUIET_ZONE = 4  # modules of white around the symbol, as ISO/IEC 18004 asks
LEAST_PX = 3  # pixels a module at least, for a phone held over the screen (2 fail after a slight blur)
WHITE = (1, 1, 1, 1)
DARK, LIGHT = b"\x00\x00\x00\xff", b"\xff\xff\xff\xff"
KEPT = 4  # codes kept after they were made, the newest
_made: OrderedDict[str, Any] = OrderedDict()  # data -> its segno code, or None: more than a code holds
_making = threading.Lock()
# segno's capacity table per version and error level; its micro versions' keys (None among them)
# make mypy see its values as ``object``
_CAPACITY = cast(Mapping[int, Mapping[int | None, int]], segno_consts.SYMBOL_CAPACITY)


def code_of(data: str) -> Any:
    """``data``'s segno code at level L (None: more than any version holds); kept for the next."""
    with _making:
        if data in _made:
            _made.move_to_end(data)
            return _made[data]
    try:
        code = segno.make_qr(data, error="l", boost_error=False)
    except segno.DataOverflowError:
        code = None
    with _making:
        _made[data] = code
        while len(_made) > KEPT:
            _made.popitem(last=False)
    return code


def make_soon(data: str, then: Any) -> None:
    """``data``'s code made in a thread of its own and kept, so that it is drawn at once when it is
    shown; ``then()`` on the window's thread once it is made."""

    def make() -> None:
        code_of(data)
        Clock.schedule_once(lambda _dt: then(), -1)

    threading.Thread(target=make, name="qr-code", daemon=True).start()


def modules_at_most(data: str) -> int:
    """The width in modules (quiet zone included) of ``data``'s code at most, known at once
    without making the code: its version if all of it is bytes (no mode holds less); 0 for data
    no code holds. A screen decides by it where the code goes before the code is made."""
    length = len(data.encode("utf-8"))
    for version in range(1, 41):
        count_bits = 8 if version < 10 else 16  # the byte mode's character count
        if _CAPACITY[version][segno_consts.ERROR_LEVEL_L] >= 4 + count_bits + 8 * length:
            return 17 + 4 * version + 2 * QUIET_ZONE
    return 0


def texture_of(code: Any) -> Texture:
    """``code`` (a segno QR code) as an RGBA texture: one texel per module, the quiet zone
    included, sampled without filtering."""
    rows = [b"".join(DARK if dark else LIGHT for dark in row) for row in code.matrix_iter(scale=1, border=QUIET_ZONE)]
    side = len(rows)
    texture = Texture.create(size=(side, side), colorfmt="rgba")
    texture.blit_buffer(b"".join(reversed(rows)), colorfmt="rgba", bufferfmt="ubyte")  # Kivy's rows go up
    texture.mag_filter = "nearest"
    texture.min_filter = "nearest"
    return texture


class QrCode(Widget):
    """``data`` as a QR code, centred on white, at the largest whole number of pixels per module
    that fits the widget (quiet zone included).

    ``modules`` is the symbol's width in modules (without the quiet zone), ``module_px`` the
    pixels per module drawn now. Nothing is drawn but the white, and ``module_px`` is 0, when the
    widget is too small for one pixel per module, when ``data`` is empty, or when it is more than
    any QR code holds (2953 bytes at level L; ``modules`` is 0 then too). The code is made (in a
    thread) only when ``data`` changes; a new size or place only scales or moves it."""

    data = StringProperty("")
    module_px = NumericProperty(0)
    modules = NumericProperty(0)
    ready = BooleanProperty(False)
    """The code for ``data`` is made (or known to be more than a code holds)."""

    def __init__(self, **kwargs: Any) -> None:
        self.texture: Texture | None = None
        super().__init__(**kwargs)
        with self.canvas:
            Color(*WHITE)
            self._paper = Rectangle()
            self._code = Rectangle()
        self.bind(data=self._make, size=self._place, pos=self._place)
        self._make()

    def _make(self, *_: Any) -> None:
        self.texture, self.modules, self.ready = None, 0, False
        self._place()
        data = self.data
        if not data:
            self.ready = True
            return
        with _making:
            known = data in _made
        if known:
            self._show(data, code_of(data))
            return
        threading.Thread(target=self._encode, args=(data,), name="qr-code", daemon=True).start()

    def _encode(self, data: str) -> None:
        code = code_of(data)
        Clock.schedule_once(lambda dt: self._show(data, code), -1)  # the texture on the window's thread

    def _show(self, data: str, code: Any) -> None:
        if data != self.data:
            return  # the data changed while it was being made: that code is on its way
        if code is not None:
            self.texture = texture_of(code)
            self.modules = code.symbol_size(border=0)[0]
        self.ready = True
        self._place()

    def _place(self, *_: Any) -> None:
        self._paper.pos, self._paper.size = self.pos, self.size
        side = self.modules + 2 * QUIET_ZONE
        px = int(min(self.width, self.height) // side) if self.texture is not None else 0
        self.module_px = px
        if not self.module_px:
            self._code.texture, self._code.size = None, (0, 0)
            return
        drawn = side * self.module_px
        x, y = self.x + (self.width - drawn) / 2, self.y + (self.height - drawn) / 2
        wx, wy = self.to_window(x, y)  # on whole window pixels, so that no module is cut unevenly
        self._code.pos = (x + round(wx) - wx, y + round(wy) - wy)
        self._code.size = (drawn, drawn)
        self._code.texture = self.texture


class QrDialog(ModalView):
    """``data``'s code over the whole window, on white, as large as the window's shorter side
    allows; a tap anywhere closes it. ``title`` (rendered by the caller) and a hint to tap are
    shown beside the code (below it on an upright window) only where the window leaves room
    without shrinking the code."""

    ROOM_DP = 120  # the least strip beside (or below) the code worth writing in

    def __init__(self, data: str, title: str = "", **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, background="", background_color=WHITE, **kwargs)
        self.code = QrCode(data=data, size_hint=(None, None))
        hint = escape_markup(render(Message("Tap to close")))
        self.words = Label(
            text=f"[b]{escape_markup(title)}[/b]\n\n{hint}" if title else hint,
            markup=True,
            color=theme.INK,
            font_size=sp(theme.BODY_SP),
            halign="center",
            valign="middle",
            size_hint=(None, None),
        )
        # The content is placed by hand (not by the ModalView's anchor): the code and the words.
        self.sheet = Widget()
        self.sheet.add_widget(self.code)
        self.sheet.add_widget(self.words)
        self.add_widget(self.sheet)
        self.sheet.bind(size=self._arrange, pos=self._arrange)

    def _arrange(self, *_: Any) -> None:
        x, y = self.sheet.pos
        width, height = self.sheet.size
        side = min(width, height)
        room = dp(self.ROOM_DP)
        if width - side >= room:  # landscape: the code left, the words in the strip beside it
            self.code.pos, self.code.size = (x, y), (side, side)
            self.words.pos, self.words.size = (x + side, y), (width - side, height)
        elif height - side >= room:  # upright: the code on top, the words below
            self.code.pos, self.code.size = (x, y + height - side), (side, side)
            self.words.pos, self.words.size = (x, y), (width, height - side)
        else:  # no room: the code alone, centred on the whole window
            self.code.pos, self.code.size = (x, y), (width, height)
            self.words.pos, self.words.size = (x, y), (0, 0)
        self.words.opacity = 1 if self.words.width else 0
        self.words.text_size = (max(self.words.width - dp(24), 0), None)

    def open_now(self) -> QrDialog:
        self.open(animation=False)
        return self

    def close(self) -> None:
        self.dismiss(animation=False)

    # A tap anywhere: the finger goes down on the dialog and closes it when it lifts, so that the
    # lift reaches nothing behind.
    def on_touch_down(self, touch: Any) -> bool:
        touch.grab(self)
        return True

    def on_touch_move(self, touch: Any) -> bool:
        return True

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is self:
            touch.ungrab(self)
            self.close()
        return True
