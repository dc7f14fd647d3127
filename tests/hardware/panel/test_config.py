"""Panel config: the documented default, and a clear message for each kind of mistake."""

import re
import tomllib
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.panel import DirectPanel, MatrixPanel, PlayerLeds, open_leds, open_panel
from hardware.panel.config import (
    DEFAULT_COLUMNS,
    DEFAULT_LEDS,
    DEFAULT_ROWS,
    RESERVED_PINS,
    PanelConfig,
    PanelConfigError,
    load_panel_config,
    read_panel_config,
)

from .harness import Recorder

WIRING_DOC = Path(__file__).resolve().parents[3] / "docs" / "wiring.md"
SIX = [4, 17, 27, 22, 23, 24]


def problems(data):
    with pytest.raises(PanelConfigError) as caught:
        load_panel_config(data)
    assert isinstance(caught.value, ValueError)
    return str(caught.value)


def test_default_is_a_six_player_matrix_with_leds_on_free_pins():
    config = PanelConfig()
    assert config.wiring == "matrix"
    assert config.debounce_ms == 20 and config.hold_to_clear_s == 1.5
    assert config.matrix.rows == DEFAULT_ROWS and tuple(config.matrix.columns) == DEFAULT_COLUMNS
    assert config.leds == DEFAULT_LEDS
    pins = [*DEFAULT_ROWS.values(), *DEFAULT_COLUMNS, *DEFAULT_LEDS.values()]
    assert len(set(pins)) == 18
    assert not set(pins) & set(RESERVED_PINS)
    assert not set(pins) & {18, 19, 20, 21}  # left free for I2S audio
    assert config.players() == [1, 2, 3, 4, 5, 6]
    assert len(config.buttons()) == 36


def test_an_empty_table_is_the_default():
    assert load_panel_config({}) == PanelConfig()


def test_pin_used_twice_names_both_uses():
    text = problems({"leds": {1: 10, 2: 17}})
    assert "GPIO 17 is used twice: as the row of player 2 and as the LED of player 2" in text


def test_pin_used_twice_in_direct_wiring():
    text = problems({"wiring": "direct", "direct": {1: SIX, 2: [5, 6, 12, 13, 16, 4]}})
    assert "GPIO 4 is used twice: as button 1 of player 1 and as button 6 of player 2" in text


@pytest.mark.parametrize("pin", sorted(RESERVED_PINS))
def test_reserved_pins_say_why(pin):
    text = problems({"matrix": {"rows": {1: pin}, "columns": [5, 6, 12, 13, 16, 26]}})
    assert f"GPIO {pin} (the row of player 1) is reserved: {RESERVED_PINS[pin]}" in text


def test_reserved_reasons_are_words():
    assert "EEPROM" in RESERVED_PINS[0] and "I2C" in RESERVED_PINS[2] and "UART" in RESERVED_PINS[14]


@pytest.mark.parametrize("pin", [28, 40, -1])
def test_pins_off_the_header(pin):
    text = problems({"wiring": "direct", "direct": {1: [4, 17, pin, 22, 23, 24]}})
    assert f"GPIO {pin} (button 3 of player 1) is not on the Pi header, which has GPIO 0..27" in text


def test_unknown_player_in_rows():
    text = problems({"matrix": {"rows": {7: 4}, "columns": [5, 6, 12, 13, 16, 26]}})
    assert "matrix.rows names player 7, but players are seats 1..6" in text


def test_unknown_player_in_direct_and_leds():
    text = problems({"wiring": "direct", "direct": {0: SIX}, "leds": {9: 10}})
    assert "direct names player 0" in text
    assert "leds names player 9" in text


def test_led_for_a_player_without_buttons():
    text = problems({"matrix": {"rows": {1: 4, 2: 17}, "columns": [5, 6, 12, 13, 16, 26]}, "leds": {3: 10}})
    assert "leds gives an LED to player 3, who has no buttons in this wiring" in text


def test_leds_need_gpio_buttons():
    text = problems({"wiring": "keyboard", "leds": {1: 10}})
    assert 'LEDs need a GPIO panel (wiring "matrix" or "direct"), not wiring "keyboard"' in text


def test_wrong_number_of_columns():
    text = problems({"matrix": {"rows": {1: 4}, "columns": [5, 6, 12, 13, 16]}})
    assert "the matrix needs 6 column pins, one for each button 1..6, but 5 are given" in text


def test_wrong_number_of_direct_pins():
    text = problems({"wiring": "direct", "direct": {2: [*SIX, 25]}})
    assert "player 2 has 7 direct pins; give exactly 6, one for each button" in text


def test_direct_wiring_needs_its_table():
    assert 'wiring "direct" needs a [panel.direct] table' in problems({"wiring": "direct"})


def test_matrix_needs_rows():
    assert "the matrix has no rows" in problems({"matrix": {"rows": {}, "columns": [5, 6, 12, 13, 16, 26]}})


def test_keyboard_mistakes():
    text = problems(
        {"wiring": "keyboard", "keyboard": {1: list("abcdef"), 2: list("ghijkA"), 3: ["x"], 8: list("123456")}}
    )
    assert "key 'a' is used twice: for button 1 of player 1 and for button 6 of player 2" in text
    assert "keyboard gives player 3 1 keys; give exactly 6" in text
    assert "keyboard names player 8" in text


def test_typos_ranges_and_unknown_wiring_are_reported_with_their_place():
    text = problems({"debounce_ms": 500, "wirng": "direct", "wiring": "usb", "matrix": {"rows": {1: 4}, "colums": []}})
    assert "debounce_ms: Input should be less than or equal to 100" in text
    assert "wirng: Extra inputs are not permitted" in text
    assert "wiring: Input should be 'matrix', 'direct', 'keyboard' or 'none'" in text
    assert "matrix.colums: Extra inputs are not permitted" in text


def test_every_problem_is_listed():
    error = None
    try:
        load_panel_config({"wiring": "direct", "direct": {1: [14, 14, 30, 22, 23]}, "leds": {2: 10}})
    except PanelConfigError as caught:
        error = caught
    assert error is not None
    text = " | ".join(error.problems)
    for part in ("5 direct pins", "reserved", "used twice", "not on the Pi header", "LED to player 2"):
        assert part in text


def test_other_wirings_do_not_check_the_matrix_pins():
    config = load_panel_config({"wiring": "direct", "direct": {1: SIX}, "leds": {1: 10}})
    assert config.players() == [1]
    assert config.matrix is None
    assert load_panel_config({"wiring": "none"}).players() == []


def test_read_panel_config_from_a_file(tmp_path):
    path = tmp_path / "companion.toml"
    path.write_text('[panel]\nwiring = "direct"\ndebounce_ms = 10\n[panel.direct]\n2 = [4, 17, 27, 22, 23, 24]\n')
    config = read_panel_config(path)
    assert config.direct == {2: SIX} and config.debounce_ms == 10
    empty = tmp_path / "empty.toml"
    empty.write_text("")
    assert read_panel_config(empty) == PanelConfig()


def test_the_examples_in_the_wiring_doc_are_valid_and_one_is_the_default_written_out():
    blocks = re.findall(r"```toml\n(.*?)```", WIRING_DOC.read_text(encoding="utf-8"), flags=re.S)
    assert len(blocks) >= 3
    configs = [load_panel_config(tomllib.loads(block)["panel"]) for block in blocks]
    assert PanelConfig() in configs


def test_the_wiring_doc_lists_the_default_pins():
    text = WIRING_DOC.read_text(encoding="utf-8")
    for player, pin in DEFAULT_ROWS.items():
        assert re.search(rf"\|\s*row, player {player}\s*\|\s*GPIO {pin}\s*\|", text)
    for button, pin in enumerate(DEFAULT_COLUMNS, start=1):
        assert re.search(rf"\|\s*column, button {button}\s*\|\s*GPIO {pin}\s*\|", text)
    for player, pin in DEFAULT_LEDS.items():
        assert re.search(rf"\|\s*LED, player {player}\s*\|\s*GPIO {pin}\s*\|", text)


def test_open_panel_and_leds_follow_the_config():
    factory = MockFactory()
    matrix = open_panel(PanelConfig(), Recorder(), pin_factory=factory)
    leds = open_leds(PanelConfig(), pin_factory=factory)
    assert isinstance(matrix, MatrixPanel) and isinstance(leds, PlayerLeds)
    matrix.close()
    leds.close()
    direct = open_panel(load_panel_config({"wiring": "direct", "direct": {1: SIX}}), Recorder(), pin_factory=factory)
    assert isinstance(direct, DirectPanel)
    direct.close()
    assert open_panel(PanelConfig(wiring="none"), Recorder(), pin_factory=factory) is None
    assert open_leds(PanelConfig(wiring="none"), pin_factory=factory) is None
