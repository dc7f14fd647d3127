"""A QR code on the screen, in a real window of the Pi's size (800×480): BG Stats' push link of a
6-player Die Glücksritter play with long names, inline (a :class:`QrCode` over the start screen)
and full screen (a :class:`QrDialog` closed by a tap). Both screenshots are read back with
zxing-cpp, also after a blur; every module is a sharp square of whole pixels, where it should be;
a new size scales the code without making it again, and data no code holds or a widget too small
draws nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.companion.app import png
from tests.companion.app.touch import decoded_blurred, start
from tests.support.window import in_window

QUIET_ZONE = 4
MODULES = 117  # version 25: a 6-player play with long names
INLINE = {"pos": (400, 40), "size": (400, 400)}  # the right half of the screen, below a title bar


def pushed(data: Path) -> tuple[dict[str, Any], str]:
    """A finished 6-player Glücksritter game with long names, in a journal beside the app's own:
    its play for BG Stats, and the push link that carries it."""
    from companion.journal.store import Journal
    from companion.results import push
    from tests.companion.results.test_push import LONG_NAMES, finished_gluecksritter

    with Journal.open(data / "played.sqlite3") as journal:
        play = push.play(journal, finished_gluecksritter(journal, LONG_NAMES))
    link = push.link(play)
    assert push.play_of(link) == play
    assert len(play["players"]) == 6
    return play, link


def opened(data: Path) -> tuple[Any, Any]:
    """The app on its start screen, in a window of the Pi's display."""
    from companion.app import env

    env.prepare(data / "kivy", size=(800, 480), headless=True)
    app, driver = start(data, "de")
    from kivy.core.window import Window

    assert list(Window.size) == [800, 480]
    return app, driver


def drawn(code: Any) -> dict[str, Any]:
    """Where ``code`` stands and where its symbol is drawn (quiet zone included), in window pixels."""
    x, y = code.to_window(*code._code.pos)
    return {
        "module_px": code.module_px,
        "modules": code.modules,
        "widget": [*code.to_window(*code.pos), *code.size],
        "drawn": [x, y, *code._code.size],
    }


def grey(path: Path) -> tuple[int, int, bytes]:
    """Width, height and one grey byte a pixel (ITU-R BT.601 weights)."""
    width, height, bpp, raw = png.pixels(path)
    reds, greens, blues = raw[0::bpp], raw[1::bpp], raw[2::bpp]
    return width, height, bytes((77 * r + 150 * g + 29 * b) >> 8 for r, g, b in zip(reds, greens, blues, strict=True))


def decoded(path: Path) -> list[Any]:
    import zxingcpp

    width, height, pixels = grey(path)
    return zxingcpp.read_barcodes(memoryview(pixels).cast("B", (height, width)))


def assert_drawn_module_by_module(path: Path, link: str, drawn: dict[str, Any]) -> None:
    """Every module of the code (quiet zone included) is a square of ``module_px`` × ``module_px``
    pixels, all pure black or all pure white as the code has it, at the place the widget says."""
    import segno

    width, height, pixels = grey(path)
    matrix = list(segno.make_qr(link, error="l", boost_error=False).matrix_iter(scale=1, border=QUIET_ZONE))
    px = drawn["module_px"]
    x, y, w, h = drawn["drawn"]
    assert w == h == len(matrix) * px and x == int(x) and y == int(y), drawn
    left, top = int(x), height - int(y) - int(h)  # Kivy counts from the bottom, the PNG from the top
    wrong = 0
    for row, modules in enumerate(matrix):
        for column, dark in enumerate(modules):
            want = 0 if dark else 255
            for dy in range(px):
                at = (top + row * px + dy) * width + left + column * px
                wrong += sum(1 for value in pixels[at : at + px] if value != want)
    assert wrong == 0, f"{wrong} pixels of the code are not the module's black or white"


def assert_sharp_and_centred(path: Path, link: str, drawn: dict[str, Any]) -> None:
    """The code's modules, the largest whole number of pixels each that fits the widget, the code
    centred in it, every module a sharp square."""
    import segno

    modules = segno.make_qr(link, error="l", boost_error=False).symbol_size(border=0)[0]
    assert drawn["modules"] == modules == MODULES
    side = modules + 2 * QUIET_ZONE
    wx, wy, ww, wh = drawn["widget"]
    assert drawn["module_px"] == min(ww, wh) // side  # the largest whole number that fits
    x, y, size, _ = drawn["drawn"]
    assert abs((x + size / 2) - (wx + ww / 2)) <= 0.5 and abs((y + size / 2) - (wy + wh / 2)) <= 0.5, drawn
    assert_drawn_module_by_module(path, link, drawn)


@in_window
def test_the_inline_code_is_read_back_as_the_link_and_drawn_sharp(tmp_path):
    """The inline code at 800×480 has 3 pixels a module; a phone reads it as the link, even blurred."""
    import zxingcpp

    from companion.results import push

    play, link = pushed(tmp_path)
    app, driver = opened(tmp_path)
    from kivy.core.window import Window

    from companion.app.pieces.qr import QrCode

    code = QrCode(data=link, size_hint=(None, None), **INLINE)
    Window.add_widget(code)
    driver.until(lambda: code.module_px > 0, what="the inline code")
    inline = drawn(code)
    assert inline["widget"] == [400, 40, 400, 400] and inline["module_px"] == 3, inline
    shot = driver.shot(tmp_path / "qr-inline.png")
    (found,) = decoded(shot)
    assert found.format == zxingcpp.BarcodeFormat.QRCode and found.ec_level == "L"
    assert found.text == link and push.play_of(found.text) == play
    assert_sharp_and_centred(shot, link, inline)
    assert decoded_blurred(shot) == [link]
    Window.remove_widget(code)
    driver.stop()


def counting_makes(made: list[str]) -> None:
    """Every code made from now on (``segno.make_qr``) noted in ``made``."""
    import segno

    make_qr = segno.make_qr

    def counted(text: str, **kwargs: Any) -> Any:
        made.append(text)
        return make_qr(text, **kwargs)

    segno.make_qr = counted


def inline_code_counted(data: Path) -> tuple[Any, Any, list[str]]:
    """The pushed link's code drawn inline on the app's window, each code made from now on
    counted in the list given back."""
    _play, link = pushed(data)
    _app, driver = opened(data)
    from kivy.core.window import Window

    from companion.app.pieces.qr import QrCode

    made: list[str] = []
    counting_makes(made)
    code = QrCode(data=link, size_hint=(None, None), **INLINE)
    Window.add_widget(code)
    driver.until(lambda: code.module_px > 0, what="the inline code")
    return driver, code, made


@in_window
def test_a_new_size_scales_the_code_without_making_it_again(tmp_path):
    driver, code, made = inline_code_counted(tmp_path)
    from kivy.core.window import Window

    texture = code.texture
    code.size = (300, 300)
    driver.frames(2)
    assert code.module_px == 2
    assert len(made) == 1 and code.texture is texture, made
    Window.remove_widget(code)
    driver.stop()


@in_window
def test_data_no_code_holds_and_a_widget_too_small_draw_nothing(tmp_path):
    """Data longer than any QR code holds draws nothing; a widget too small for one pixel a module
    neither, though the link's code, made before, is kept and ready at once."""
    driver, code, made = inline_code_counted(tmp_path)
    from kivy.core.window import Window

    link = code.data
    code.data = "x" * 3000  # more than any QR code holds: nothing drawn
    driver.until(lambda: code.ready, what="the code found too long")
    assert (code.module_px, code.modules, list(code._code.size)) == (0, 0, [0, 0])
    code.size = (40, 40)  # too small for one pixel a module
    code.data = link  # made before: kept, drawn at once
    assert code.ready
    driver.frames(2)
    assert (code.module_px, code.modules) == (0, MODULES)  # the link's code was kept
    assert len(made) == 2, made
    Window.remove_widget(code)
    driver.stop()


@in_window
def test_the_full_screen_code_is_read_back_and_the_dialog_closes_at_a_tap(tmp_path):
    """Full screen, the code keeps the window's whole height at 3 pixels a module and is read back
    as the link, even blurred; the game's name stands beside it; a tap anywhere closes it."""
    import zxingcpp

    from companion.results import push

    play, link = pushed(tmp_path)
    app, driver = opened(tmp_path)
    from companion.app.pieces.qr import QrDialog

    dialog = QrDialog(link, title="Die Glücksritter").open_now()
    driver.until(lambda: dialog.code.module_px > 0, what="the full-screen code")
    full = drawn(dialog.code)
    assert full["widget"] == [0, 0, 480, 480] and full["module_px"] == 3, full  # the window's height
    assert dialog.words.text == "[b]Die Glücksritter[/b]\n\nZum Schließen tippen"
    assert [*dialog.words.pos, *dialog.words.size] == [480, 0, 320, 480]  # beside the code
    shot = driver.shot(tmp_path / "qr-full.png")
    (found,) = decoded(shot)
    assert found.format == zxingcpp.BarcodeFormat.QRCode
    assert found.text == link and push.play_of(found.text) == play
    assert_sharp_and_centred(shot, link, full)
    assert decoded_blurred(shot) == [link]

    assert type(driver.roots()[0]).__name__ == "QrDialog"
    driver.touch_at(700, 60)  # a tap anywhere, not on the code
    driver.until(lambda: driver.roots()[0] is app.root, what="the dialog to close")
    assert not dialog._is_open
    driver.stop()


@in_window
def test_the_codes_width_is_known_before_the_code_is_made(tmp_path):
    import segno

    from companion.app import env

    env.prepare(tmp_path / "kivy", headless=True)
    from companion.app.pieces.qr import modules_at_most

    _play, link = pushed(tmp_path)
    for data in (link, "x", "https://example.org/" + "a" * 400, "b" * 2953):
        made = segno.make_qr(data, error="l", boost_error=False).symbol_size(border=QUIET_ZONE)[0]
        assert modules_at_most(data) == made, data
    assert modules_at_most("x" * 3000) == 0
