"""The hardware's problems in the table's language: one text per problem of the settings file,
each saying where it is, German with none of pydantic's English left; any other error keeps its
own words inside the app's sentence."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from companion.app.problems import TEMPLATES, hardware_problems
from companion.i18n import Message, render
from companion.i18n.catalogues import catalogue
from hardware.config import HardwareConfigError, load_hardware_config
from hardware.panel.config import RESERVED_PINS, PanelConfigError, load_panel_config

HARDWARE = Path(__file__).resolve().parents[3] / "hardware"
PYDANTIC_WORDS = ("Input should", "Field required", "Extra inputs", "valid", "String should", "Value error")


def said(tmp_path: Path, text: str, language: str) -> list[str]:
    path = tmp_path / "hardware.toml"
    path.write_text(text)
    with pytest.raises(HardwareConfigError) as caught:
        load_hardware_config(path, env={})
    return [render(line, language).replace(str(tmp_path), "~") for line in hardware_problems(caught.value)]


def test_every_pydantic_refusal_is_german_with_the_setting_it_concerns(tmp_path):
    text = (
        '[panel]\nwiring = "usb"\nactive_low = 2\ndebounce_ms = "x"\nleds = {a = 1, 3 = 1.5}\n'
        'keyboard = {1 = [1, "a"]}\ndirect = [1]\nwirng = 1\n'
        "[panel.matrix]\ncolumns = [5, 6, 12, 13, 16, 26]\nsettle_us = -1\nscan_interval_ms = 0\n"
    )
    german = said(tmp_path, text, "de")
    assert german == [
        'Hardware-Einstellungen, [panel] wiring: muss eines von "matrix", "direct", "keyboard", "none" sein, '
        'nicht "usb"',
        "Hardware-Einstellungen, [panel] active_low: muss true oder false sein, nicht 2",
        'Hardware-Einstellungen, [panel] debounce_ms: muss eine Zahl sein, nicht "x"',
        "Hardware-Einstellungen, [panel] matrix.rows: diese Angabe fehlt",
        "Hardware-Einstellungen, [panel] matrix.settle_us: muss mindestens 0 sein",
        "Hardware-Einstellungen, [panel] matrix.scan_interval_ms: muss größer als 0 sein",
        "Hardware-Einstellungen, [panel] direct: muss eine Tabelle sein, nicht [1]",
        'Hardware-Einstellungen, [panel] leds.a.[key]: muss eine ganze Zahl sein, nicht "a"',
        "Hardware-Einstellungen, [panel] leds.3: muss eine ganze Zahl sein, nicht 1.5",
        "Hardware-Einstellungen, [panel] keyboard.1.0: muss Text in Anführungszeichen sein, nicht 1",
        "Hardware-Einstellungen, [panel] wirng: diese Angabe gibt es nicht; ein Tippfehler?",
    ]
    assert not [line for line in german if any(words in line for words in PYDANTIC_WORDS)]
    english = said(tmp_path, text, "en")
    assert english[0] == (
        'Hardware settings, [panel] wiring: must be one of "matrix", "direct", "keyboard", "none", not "usb"'
    )
    assert english[3] == "Hardware settings, [panel] matrix.rows: this setting is missing"
    assert english[-1] == "Hardware settings, [panel] wirng: there is no such setting; a typo?"


def test_the_panels_own_checks_in_german_and_english(tmp_path):
    text = (
        '[panel]\nkeyboard = {1 = ["a", "A", "a", "b", "c", "d"], 2 = ["x"], 8 = ["1", "2", "3", "4", "5", "6"]}\n'
        "[panel.matrix]\nrows = {1 = 4, 2 = 4}\ncolumns = [5, 6, 12, 13, 2, 40]\n"
    )
    assert said(tmp_path, text, "de") == [
        "Hardware-Einstellungen, [panel]: keyboard nennt Spieler 8, aber Spieler sind die Plätze 1..6",
        "Hardware-Einstellungen, [panel]: GPIO 2 (die Spalte von Taste 5) ist reserviert: das ist I2C SDA "
        "(nötig für MCP23017-Erweiterungen, und es hat einen festen Pull-up auf der Platine)",
        "Hardware-Einstellungen, [panel]: GPIO 40 (die Spalte von Taste 6) liegt nicht an der GPIO-Leiste des Pi, "
        "sie hat GPIO 0..27",
        "Hardware-Einstellungen, [panel]: GPIO 4 ist doppelt belegt: als die Zeile von Spieler 1 und als die Zeile "
        "von Spieler 2",
        "Hardware-Einstellungen, [panel]: keyboard gibt Spieler 2 1 Tasten; gib genau 6 an",
        "Hardware-Einstellungen, [panel]: Tastaturtaste 'a' ist 3-fach belegt: für Taste 1 von Spieler 1, "
        "für Taste 2 von Spieler 1 und für Taste 3 von Spieler 1",
    ]
    english = said(tmp_path, text, "en")
    assert english[3] == (
        "Hardware settings, [panel]: GPIO 4 is used twice: as the row of player 1 and as the row of player 2"
    )
    assert english[1].endswith(
        "is reserved: it is I2C SDA (needed for MCP23017 expanders, and it has a fixed pull-up on the board)"
    )
    columns = "[panel]\n[panel.matrix]\nrows = {1 = 4}\ncolumns = [5, 6]\n"
    assert said(tmp_path, columns, "de") == [
        "Hardware-Einstellungen, [panel]: die Matrix braucht 6 Spalten-Pins, einen für jede Taste 1..6, "
        "angegeben sind aber 2"
    ]
    assert said(tmp_path, '[panel]\nwiring = "direct"\ndirect = {1 = [5, 6]}\n', "de") == [
        "Hardware-Einstellungen, [panel]: Spieler 1 hat 2 direkte Pins; gib genau 6 an, einen für jede Taste"
    ]


def test_the_dies_problems_in_german(tmp_path):
    text = "[dice]\nport = 'COM3'\nbaudrate = 5000000\ndevice_id = 'a b'\ndetect_pattern = ''\n"
    german = said(tmp_path, text, "de")
    assert german == [
        "Hardware-Einstellungen, [dice] port: 'COM3' ist weder 'auto' noch 'none', kein absoluter Gerätepfad "
        "und keine pyserial-URL",
        "Hardware-Einstellungen, [dice] baudrate: darf höchstens 4000000 sein",
        'Hardware-Einstellungen, [dice] device_id: "a b" hat nicht die verlangte Form ^[A-Za-z0-9_-]{1,12}$',
        "Hardware-Einstellungen, [dice] detect_pattern: darf nicht leer sein",
    ]
    backoff = "[dice]\nreconnect_interval = 2.0\nreconnect_max_interval = 1.0\n"
    assert said(tmp_path, backoff, "de") == [
        "Hardware-Einstellungen, [dice]: reconnect_max_interval darf nicht kleiner als reconnect_interval sein"
    ]
    assert said(tmp_path, backoff, "en") == [
        "Hardware settings, [dice]: reconnect_max_interval must not be smaller than reconnect_interval"
    ]


def test_problems_of_the_file_as_a_whole_name_the_file(tmp_path):
    assert said(tmp_path, "[lights]\n", "de") == [
        "Hardware-Einstellungen ~/hardware.toml: unbekannte Tabelle(n) lights; "
        "die Datei kennt nur [panel], [dice] und [display]"
    ]
    assert said(tmp_path, "[lights]\n", "en") == [
        "Hardware settings ~/hardware.toml: unknown table(s) lights; the file has [panel], [dice] and [display]"
    ]
    assert said(tmp_path, "[panel\n", "de")[0].startswith(
        "Hardware-Einstellungen ~/hardware.toml: keine gültige TOML-Datei ("
    )
    with pytest.raises(HardwareConfigError) as missing:
        load_hardware_config(tmp_path / "gone.toml", env={})
    (line,) = hardware_problems(missing.value)
    assert (
        render(line, "de") == f"Hardware-Einstellungen {tmp_path / 'gone.toml'}: diese Einstellungsdatei gibt es nicht"
    )
    assert render(line, "en") == f"Hardware settings {tmp_path / 'gone.toml'}: no such settings file"
    with pytest.raises(HardwareConfigError) as unreadable:
        load_hardware_config(tmp_path, env={})
    (line,) = hardware_problems(unreadable.value)
    assert render(line, "de") == f"Hardware-Einstellungen {tmp_path}: ist ein Ordner, keine Datei"


def test_a_panel_error_alone_is_said_the_same_way():
    with pytest.raises(PanelConfigError) as caught:
        load_panel_config({"leds": {1: 10, 2: 17}})
    assert [render(line, "de") for line in hardware_problems(caught.value)] == [
        "Hardware-Einstellungen, [panel]: GPIO 17 ist doppelt belegt: als die Zeile von Spieler 2 und als die LED "
        "von Spieler 2"
    ]


def test_any_other_error_keeps_its_words_in_the_apps_sentence():
    (line,) = hardware_problems(OSError("GPIO17 is busy"))
    assert line == Message("The hardware cannot be used: {problem}", problem="GPIO17 is busy")
    assert render(line, "en") == "The hardware cannot be used: GPIO17 is busy"
    assert render(line, "de") == "Die Hardware lässt sich nicht verwenden: GPIO17 is busy"
    (bare,) = hardware_problems(HardwareConfigError("/x/hardware.toml: something"))  # no problems as data
    assert render(bare, "en") == "The hardware cannot be used: /x/hardware.toml: something"


def test_every_template_in_hardware_is_listed_for_the_catalogues():
    written = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            HARDWARE, method_map=[("**.py", "python")], keywords={"Phrase": None}, comment_tags=()
        )
    }
    listed = {message.msgid for message in TEMPLATES}
    assert len(written) > 40
    assert written | set(RESERVED_PINS.values()) == listed
    german = catalogue("de")
    assert not [message.msgid for message in TEMPLATES if german.gettext(message.msgid) == message.msgid]


def test_the_displays_problems_are_said_in_the_tables_language(tmp_path):
    text = '[display]\nrotation = 45\ntouch = "both"\n'
    assert said(tmp_path, text, "de") == [
        "Hardware-Einstellungen, [display] rotation: muss eines von 0, 90, 180, 270 sein, nicht 45",
        'Hardware-Einstellungen, [display] touch: muss eines von "auto", "hidinput", "mouse" sein, nicht "both"',
    ]
    assert said(tmp_path, text, "en")[0] == (
        "Hardware settings, [display] rotation: must be one of 0, 90, 180, 270, not 45"
    )
