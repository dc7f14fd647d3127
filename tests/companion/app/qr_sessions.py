"""Sessions of qr (see sessions.py): BG Stats' push link of a real 6-player Die Glücksritter play with
long names, as a QR code in the window of the Pi's display (800×480), inline and full screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.app import env
from tests.companion.app.touch import start

INLINE = {"pos": (400, 40), "size": (400, 400)}  # the right half of the screen, below a title bar


def _drawn(code: Any) -> dict[str, Any]:
    """Where ``code`` stands and where its symbol is drawn (quiet zone included), in window pixels."""
    x, y = code.to_window(*code._code.pos)
    return {
        "module_px": code.module_px,
        "modules": code.modules,
        "widget": [*code.to_window(*code.pos), *code.size],
        "drawn": [x, y, *code._code.size],
    }


def qr_code(data: Path) -> dict[str, Any]:
    """The push link as a :class:`QrCode` on the start screen, then a new size and data too long
    for any code, then as a :class:`QrDialog` closed by a tap; a screenshot of each code."""
    env.prepare(data / "kivy", size=(800, 480), headless=True)
    from companion.journal.store import Journal
    from companion.results import push
    from tests.companion.results.test_push import LONG_NAMES, finished_gluecksritter

    with Journal.open(data / "played.sqlite3") as journal:  # beside the app's own journal
        play = push.play(journal, finished_gluecksritter(journal, LONG_NAMES))
    link = push.link(play)

    app, driver = start(data, "de")
    import segno
    from kivy.core.window import Window

    from companion.app.pieces.qr import QrCode, QrDialog

    made: list[str] = []
    make_qr = segno.make_qr

    def counted(text: str, **kwargs: Any) -> Any:
        made.append(text)
        return make_qr(text, **kwargs)

    segno.make_qr = counted
    seen: dict[str, Any] = {"link": link, "play": play, "window": list(Window.size)}

    code = QrCode(data=link, size_hint=(None, None), **INLINE)
    Window.add_widget(code)
    driver.until(lambda: code.module_px > 0, what="the inline code")
    seen["inline"] = _drawn(code)
    seen["inline_shot"] = str(driver.shot(data / "qr-inline.png"))

    texture = code.texture
    code.size = (300, 300)  # a new size scales the code; it is not made again
    driver.frames(2)
    seen["smaller"] = {"module_px": code.module_px, "made": len(made), "same_texture": code.texture is texture}
    code.data = "x" * 3000  # more than any QR code holds: nothing drawn
    driver.until(lambda: code.ready, what="the code found too long")
    seen["overflow"] = {"module_px": code.module_px, "modules": code.modules, "drawn": list(code._code.size)}
    code.size = (40, 40)  # too small for one pixel a module
    code.data = link  # made before: kept, drawn at once
    seen["at_once"] = code.ready
    driver.frames(2)
    seen["tiny"] = {"module_px": code.module_px, "modules": code.modules, "made": len(made)}
    Window.remove_widget(code)

    dialog = QrDialog(link, title="Die Glücksritter").open_now()
    driver.until(lambda: dialog.code.module_px > 0, what="the full-screen code")
    seen["full"] = _drawn(dialog.code)
    seen["full_words"] = {"text": dialog.words.text, "box": [*dialog.words.pos, *dialog.words.size]}
    seen["full_shot"] = str(driver.shot(data / "qr-full.png"))
    seen["on_top"] = type(driver.roots()[0]).__name__
    driver.touch_at(700, 60)  # a tap anywhere, not on the code
    driver.until(lambda: driver.roots()[0] is app.root, what="the dialog to close")
    seen["closed"] = not dialog._is_open
    driver.stop()
    segno.make_qr = make_qr
    return seen


SESSIONS: dict[str, Any] = {"qr-code": qr_code}
