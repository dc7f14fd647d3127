"""A QR code on the screen, in a real window of the Pi's size (800×480): BG Stats' push link of a
6-player Die Glücksritter play with long names, inline and full screen. Both screenshots are read
back with zxing-cpp; every module is a sharp square of whole pixels, where it should be."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import segno
import zxingcpp

from companion.results import push
from tests.companion.app import png
from tests.companion.app.ui import run_session

QUIET_ZONE = 4


@pytest.fixture(scope="module")
def seen(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_session("qr-code", tmp_path_factory.mktemp("qr"))


def grey(path: Path) -> tuple[int, int, bytes]:
    """Width, height and one grey byte a pixel (ITU-R BT.601 weights)."""
    width, height, bpp, raw = png.pixels(path)
    reds, greens, blues = raw[0::bpp], raw[1::bpp], raw[2::bpp]
    return width, height, bytes((77 * r + 150 * g + 29 * b) >> 8 for r, g, b in zip(reds, greens, blues, strict=True))


def decoded(path: Path) -> list[Any]:
    width, height, pixels = grey(path)
    return zxingcpp.read_barcodes(memoryview(pixels).cast("B", (height, width)))


def assert_drawn_module_by_module(path: Path, link: str, drawn: dict[str, Any]) -> None:
    """Every module of the code (quiet zone included) is a square of ``module_px`` × ``module_px``
    pixels, all pure black or all pure white as the code has it, at the place the widget says."""
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


def test_the_inline_code_is_read_back_as_the_link(seen):
    link = seen["link"]
    assert seen["window"] == [800, 480]
    assert push.link(seen["play"]) == link and push.play_of(link) == seen["play"]
    assert len(seen["play"]["players"]) == 6
    (found,) = decoded(Path(seen["inline_shot"]))
    assert found.format == zxingcpp.BarcodeFormat.QRCode and found.ec_level == "L"
    assert found.text == link and push.play_of(found.text) == seen["play"]


def test_the_full_screen_code_is_read_back_as_the_link(seen):
    (found,) = decoded(Path(seen["full_shot"]))
    assert found.format == zxingcpp.BarcodeFormat.QRCode
    assert found.text == seen["link"] and push.play_of(found.text) == seen["play"]


@pytest.mark.parametrize("where", ["inline", "full"])
def test_every_module_is_a_sharp_square_and_the_code_is_centred(seen, where):
    drawn = seen[where]
    modules = segno.make_qr(seen["link"], error="l", boost_error=False).symbol_size(border=0)[0]
    assert drawn["modules"] == modules == 117  # version 25: a 6-player play with long names
    side = modules + 2 * QUIET_ZONE
    wx, wy, ww, wh = drawn["widget"]
    assert drawn["module_px"] == min(ww, wh) // side  # the largest whole number that fits
    x, y, size, _ = drawn["drawn"]
    assert abs((x + size / 2) - (wx + ww / 2)) <= 0.5 and abs((y + size / 2) - (wy + wh / 2)) <= 0.5
    assert_drawn_module_by_module(Path(seen[f"{where}_shot"]), seen["link"], drawn)


def test_the_code_at_800_by_480_has_3_pixels_a_module_inline_and_full_screen(seen):
    assert seen["inline"]["widget"] == [400, 40, 400, 400] and seen["inline"]["module_px"] == 3
    assert seen["full"]["widget"] == [0, 0, 480, 480] and seen["full"]["module_px"] == 3  # the window's height


def test_a_new_size_scales_the_code_without_making_it_again(seen):
    assert seen["smaller"] == {"module_px": 2, "made": 1, "same_texture": True}


def test_data_no_code_holds_and_a_widget_too_small_draw_nothing(seen):
    assert seen["overflow"] == {"module_px": 0, "modules": 0, "drawn": [0, 0]}
    assert seen["tiny"] == {"module_px": 0, "modules": 117, "made": 2}  # the link's code was kept
    assert seen["at_once"]


def test_the_dialog_names_the_game_beside_the_code_and_closes_at_a_tap(seen):
    words = seen["full_words"]
    assert words["text"] == "[b]Die Glücksritter[/b]\n\nZum Schließen tippen"
    assert words["box"] == [480, 0, 320, 480]  # beside the code, which keeps the whole height
    assert seen["on_top"] == "QrDialog" and seen["closed"]


@pytest.mark.parametrize("where", ["inline", "full"])
def test_a_code_of_3_pixels_a_module_is_read_back_after_a_blur(seen, where):
    from tests.companion.app.touch import decoded_blurred

    assert seen[where]["module_px"] >= 3
    assert decoded_blurred(Path(seen[f"{where}_shot"])) == [seen["link"]]


def test_the_codes_width_is_known_before_the_code_is_made(seen):
    from companion.app.pieces.qr import modules_at_most

    for data in (seen["link"], "x", "https://example.org/" + "a" * 400, "b" * 2953):
        made = segno.make_qr(data, error="l", boost_error=False).symbol_size(border=QUIET_ZONE)[0]
        assert modules_at_most(data) == made
    assert modules_at_most("x" * 3000) == 0
