"""A settings file that cannot be used lists every problem as data (where, template, values),
while the error's English message stays the one the command line has always printed."""

from __future__ import annotations

import pytest
from pydantic_core import ValidationError

from hardware.config import HardwareConfigError, load_hardware_config
from hardware.panel.config import PanelConfigError, load_panel_config
from hardware.problems import Phrase, from_pydantic, shown


def refused(tmp_path, text: str) -> HardwareConfigError:
    path = tmp_path / "hardware.toml"
    path.write_text(text)
    with pytest.raises(HardwareConfigError) as caught:
        load_hardware_config(path, env={})
    return caught.value


def found(error: HardwareConfigError) -> list[tuple[str | None, str, str]]:
    return [(problem.table, problem.where, problem.english) for problem in error.details]


def test_every_problem_of_the_panel_is_listed_and_the_message_is_unchanged(tmp_path):
    error = refused(
        tmp_path,
        '[panel]\nwiring = "direct"\ndirect = {1 = [14, 14, 30, 22, 23]}\nleds = {2 = 10}\n',
    )
    path = str(tmp_path / "hardware.toml")
    assert str(error) == (
        f"{path}: [panel] player 1 has 5 direct pins; give exactly 6, one for each button; "
        "leds gives an LED to player 2, who has no buttons in this wiring; "
        "GPIO 14 (button 1 of player 1) is reserved: it is UART TX (serial console, Bluetooth on some models); "
        "GPIO 14 (button 2 of player 1) is reserved: it is UART TX (serial console, Bluetooth on some models); "
        "GPIO 30 (button 3 of player 1) is not on the Pi header, which has GPIO 0..27; "
        "GPIO 14 is used twice: as button 1 of player 1 and as button 2 of player 1"
    )
    assert {problem.file for problem in error.details} == {path}
    assert [problem.template for problem in error.details] == [
        "player {player} has {count} direct pins; give exactly {needed}, one for each button",
        "leds gives an LED to player {player}, who has no buttons in this wiring",
        "GPIO {pin} ({use}) is reserved: {reason}",
        "GPIO {pin} ({use}) is reserved: {reason}",
        "GPIO {pin} ({use}) is not on the Pi header, which has GPIO 0..27",
        "GPIO {pin} is used {times}: {uses}",
    ]
    first, _, reserved, _, _, twice = error.details
    assert first.values == {"player": 1, "count": 5, "needed": 6}
    assert reserved.values["pin"] == 14
    assert reserved.values["use"] == Phrase("button {button} of player {player}", button=1, player=1)
    assert reserved.values["reason"] == Phrase("it is UART TX (serial console, Bluetooth on some models)")
    assert twice.values["times"] == Phrase("twice")
    assert twice.values["uses"] == (
        Phrase("as {use}", use=Phrase("button {button} of player {player}", button=1, player=1)),
        Phrase("as {use}", use=Phrase("button {button} of player {player}", button=2, player=1)),
    )
    # the checks of the whole table have no place of their own: their words say where
    assert all((problem.table, problem.where) == ("panel", "") for problem in error.details)


def test_keys_seats_and_the_matrix_each_have_their_problem(tmp_path):
    error = refused(
        tmp_path,
        '[panel]\nkeyboard = {1 = ["a", "A", "a", "b", "c", "d"], 2 = ["x"], 8 = ["1", "2", "3", "4", "5", "6"]}\n'
        "[panel.matrix]\nrows = {1 = 4, 2 = 4}\ncolumns = [5, 6, 12, 13, 16]\n",
    )
    words = [english for _, _, english in found(error)]
    assert words == [
        "the matrix needs 6 column pins, one for each button 1..6, but 5 are given",
        "keyboard names player 8, but players are seats 1..6",
        "GPIO 4 is used twice: as the row of player 1 and as the row of player 2",
        "keyboard gives player 2 1 keys; give exactly 6",
        "key 'a' is used 3 times: for button 1 of player 1 and for button 2 of player 1 and for button 3 of player 1",
    ]
    assert str(error).endswith("[panel] " + "; ".join(words))
    key = error.details[-1]
    assert key.template == "key {key!r} is used {times}: {uses}"
    assert key.values["key"] == "a" and key.values["times"] == Phrase("{count} times", count=3)


def test_the_other_checks_of_the_panel(tmp_path):
    assert found(refused(tmp_path, '[panel]\nwiring = "direct"\n')) == [
        ("panel", "", 'wiring "direct" needs a [panel.direct] table: player = [six pins for buttons 1..6]')
    ]
    assert found(refused(tmp_path, '[panel]\nwiring = "keyboard"\nleds = {1 = 4}\n')) == [
        ("panel", "", 'LEDs need a GPIO panel (wiring "matrix" or "direct"), not wiring "keyboard"')
    ]
    assert found(refused(tmp_path, "[panel.matrix]\nrows = {}\ncolumns = [5, 6, 12, 13, 16, 26]\n")) == [
        ("panel", "", "the matrix has no rows: give each player's row pin in matrix.rows")
    ]


def test_what_pydantic_refuses_gets_our_own_words_and_its_values(tmp_path):
    error = refused(
        tmp_path,
        '[panel]\nwiring = "usb"\nactive_low = "maybe"\ndebounce_ms = "x"\nhold_to_clear_s = 11.0\n'
        'leds = {a = 1, 2 = "x", 3 = 1.5}\nkeyboard = {1 = [1, "a"], 2 = "abc"}\ndirect = 5\nwirng = 1\n'
        "[panel.matrix]\ncolumns = [5, 6, 12, 13, 16, 26]\nsettle_us = -1\nscan_interval_ms = 0\n",
    )
    assert found(error) == [
        ("panel", "wiring", 'must be one of "matrix", "direct", "keyboard", "none", not "usb"'),
        ("panel", "active_low", 'must be true or false, not "maybe"'),
        ("panel", "debounce_ms", 'must be a number, not "x"'),
        ("panel", "hold_to_clear_s", "must be at most 10"),
        ("panel", "matrix.rows", "this setting is missing"),
        ("panel", "matrix.settle_us", "must be at least 0"),
        ("panel", "matrix.scan_interval_ms", "must be greater than 0"),
        ("panel", "direct", "must be a table, not 5"),
        ("panel", "leds.a.[key]", 'must be a whole number, not "a"'),
        ("panel", "leds.2", 'must be a whole number, not "x"'),
        ("panel", "leds.3", "must be a whole number, not 1.5"),
        ("panel", "keyboard.1.0", "must be text in quotes, not 1"),
        ("panel", "keyboard.2", 'must be a list in square brackets, not "abc"'),
        ("panel", "wirng", "there is no such setting; a typo?"),
    ]
    assert error.details[3].values == {"le": 10}
    assert error.details[0].values == {"choices": '"matrix", "direct", "keyboard", "none"', "input": '"usb"'}
    # the command line keeps pydantic's English
    assert "wiring: Input should be 'matrix', 'direct', 'keyboard' or 'none'" in str(error)
    assert "wirng: Extra inputs are not permitted" in str(error)


def test_the_die_has_its_own_problems_and_pydantics(tmp_path):
    error = refused(
        tmp_path,
        "[dice]\nport = 'COM3'\nbaudrate = 5000000\ndevice_id = 'a b'\ndetect_pattern = ''\n"
        "silence_timeout = [1]\ncolour = 'red'\n",
    )
    assert found(error) == [
        ("dice", "port", "'COM3' is not 'auto', 'none', an absolute device path or a pyserial URL"),
        ("dice", "baudrate", "must be at most 4000000"),
        ("dice", "device_id", '"a b" does not have the required form ^[A-Za-z0-9_-]{1,12}$'),
        ("dice", "detect_pattern", "must not be empty"),
        ("dice", "silence_timeout", "must be a number, not [1]"),
        ("dice", "colour", "there is no such setting; a typo?"),
    ]
    assert error.details[0].values == {"port": "COM3"}
    assert str(error).startswith(
        f"{tmp_path / 'hardware.toml'}: [dice] port: Value error, 'COM3' is not 'auto', 'none', "
        "an absolute device path or a pyserial URL; baudrate: Input should be less than or equal to 4000000"
    )
    assert found(refused(tmp_path, "[dice]\nport = 'dice://x'\n")) == [
        ("dice", "port", "pyserial has no handler for URLs starting with dice://")
    ]
    backoff = refused(tmp_path, "[dice]\nreconnect_interval = 2.0\nreconnect_max_interval = 1.0\n")
    assert found(backoff) == [("dice", "", "reconnect_max_interval must not be smaller than reconnect_interval")]
    assert str(backoff).endswith(
        "[dice] dice: Value error, reconnect_max_interval must not be smaller than reconnect_interval"
    )


def test_problems_of_the_file_as_a_whole(tmp_path):
    path = tmp_path / "hardware.toml"
    cases = {
        "[panel\nwiring = 1": (
            "not a valid TOML file ({reason})",
            "not a valid TOML file (Expected ']' at the end of a table declaration (at line 1, column 7))",
        ),
        "[lights]\n[fan]\n": (
            "unknown table(s) {tables}; the file has [panel], [dice] and [display]",
            "unknown table(s) fan, lights; the file has [panel], [dice] and [display]",
        ),
    }
    for text, (template, english) in cases.items():
        error = refused(tmp_path, text)
        (problem,) = error.details
        assert (problem.file, problem.table, problem.where, problem.template) == (str(path), None, "", template)
        assert problem.english == english
        assert str(error) == f"{path}: {english}"
    with pytest.raises(HardwareConfigError) as missing:
        load_hardware_config(tmp_path / "gone.toml", env={})
    assert [(p.file, p.table, p.template) for p in missing.value.details] == [
        (str(tmp_path / "gone.toml"), None, "no such settings file")
    ]
    assert str(missing.value) == f"{tmp_path / 'gone.toml'}: no such settings file"
    with pytest.raises(HardwareConfigError) as unreadable:
        load_hardware_config(tmp_path, env={})  # a directory
    assert unreadable.value.details[0].template == "is a folder, not a file"
    assert str(unreadable.value) == f"{tmp_path}: is a folder, not a file"


def test_the_panel_alone_carries_its_problems_without_a_file():
    with pytest.raises(PanelConfigError) as caught:
        load_panel_config({"leds": {1: 10, 2: 17}})
    assert caught.value.problems == ["GPIO 17 is used twice: as the row of player 2 and as the LED of player 2"]
    assert str(caught.value) == "panel config: GPIO 17 is used twice: as the row of player 2 and as the LED of player 2"
    (problem,) = caught.value.details
    assert (problem.file, problem.table, problem.where) == (None, "panel", "")
    assert problem.english == caught.value.problems[0]


def test_an_error_type_without_words_of_our_own_keeps_pydantics():
    error = ValidationError.from_exception_data(
        "DiceConfig",
        [
            {"type": "uuid_type", "loc": ("device_id",), "input": 5},
            {"type": "value_error", "loc": (), "input": {}, "ctx": {"error": ValueError("something odd")}},
        ],
    )
    problems = from_pydantic(error, "dice")
    assert [(p.where, p.template) for p in problems] == [
        ("device_id", "cannot be used: {reason}"),
        ("", "cannot be used: {reason}"),
    ]
    assert problems[0].values == {"reason": "UUID input should be a string, bytes or UUID object"}
    assert problems[1].english == "cannot be used: something odd"


def test_values_are_shown_as_a_settings_file_writes_them():
    assert [shown(value) for value in ("usb", True, 1.5, [1, "a"], {"a": 1}, float("inf"))] == [
        '"usb"',
        "true",
        "1.5",
        '[1, "a"]',
        "{a = 1}",
        "inf",
    ]
    assert shown("x" * 100) == '"' + "x" * 38 + "…"
