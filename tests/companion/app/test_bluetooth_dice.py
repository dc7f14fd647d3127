"""The Bluetooth dice in the app, with a fake radio in bleak's place: the table searches for dice on
the settings screen and pairs one by touch as the number die, a roll of it settles a duel of Die
Glücksritter, and the status line says when its battery runs low and when it goes away; a paired
die is forgotten by touch."""

from __future__ import annotations

import json

from tests.companion.app.touch import into_view, start, tap_in
from tests.companion.games.gluecksritter.screens.driving import PICKS, to_the_duel
from tests.hardware.dice.bluetooth.fake import FakeDie, FakeRadio
from tests.support.window import in_window

GO = "AA:00:00:00:00:01"
PIX = "AA:00:00:00:00:02"


def touch(driver, text):
    """The button saying ``text``, brought onto the shown page of the settings' list and tapped."""
    tap_in(driver, None, driver.matching(text, exact=True)[0])


def drawn(path):
    """A screenshot that shows a screen, not one flat colour."""
    from tests.companion.app.png import colours

    assert colours(path, enough=8) >= 8, f"{path} is one flat colour"


def found_row(screen, name):
    """The buttons "Number die" and "Special die" under the die the search listed as ``name``."""
    shown = screen.ids.found.children[::-1]  # top to bottom
    for label, row in zip(shown[::2], shown[1::2], strict=True):
        if label.text.startswith(name):
            return row.children[::-1]
    raise AssertionError(f"{name} is not listed: {[w.text for w in shown[::2]]}")


@in_window
def test_a_die_paired_by_touch_rolls_the_duel_and_its_going_away_is_said(tmp_path):
    from companion.app.dice_source import chosen_die
    from companion.games.gluecksritter.screens.setup import setup
    from hardware.panel.keyboard import KeyboardPanel

    radio = FakeRadio(FakeDie(GO, "GoDice_3A7F21_K_v04", "godice", rssi=-48), FakeDie(PIX, "Pixel Blue", "pixels"))
    app = None

    def hardware():  # as run.Hardware gives it, with the fake radio for bleak
        return {
            "panel": lambda sink: KeyboardPanel(sink),
            "dice": chosen_die(app.settings_, None, app.bluetooth_backend),
        }

    app, driver = start(tmp_path, "en", hardware=hardware, seed=3)
    app.bluetooth_backend = lambda: radio
    driver.tap("Settings")
    screen = app.screen("settings")
    assert "No die paired yet: search, then tap the die to use." in driver.texts()
    touch(driver, "Search for dice")
    driver.until(lambda: len(screen.found) == 2 and not screen.searching, what="both dice heard")
    texts = driver.texts()
    assert "GoDice_3A7F21_K_v04 (GoDice), signal -48 dBm" in texts, texts
    assert "Pixel Blue (Pixels), signal -60 dBm" in texts, texts
    number, _special = found_row(screen, "GoDice_3A7F21_K_v04")
    assert number.text == "Number die"
    into_view(driver, None, number)  # the found dice on the page shown
    drawn(driver.shot(tmp_path / "bluetooth-found.png"))
    tap_in(driver, None, number)
    drawn(driver.shot(tmp_path / "bluetooth-paired.png"))
    assert "GoDice_3A7F21_K_v04 (GoDice) is the number die" in driver.texts()
    assert [w.text for w in screen.ids.found.children[::-1][::2]] == ["Pixel Blue (Pixels), signal -60 dBm"]
    touch(driver, "Bluetooth dice")
    saved = json.loads((tmp_path / "app-settings.json").read_text())
    assert saved["die"] == "bluetooth"
    assert saved["bluetooth_dice"] == [
        {"address": GO, "kind": "godice", "name": "GoDice_3A7F21_K_v04", "die": "number"}
    ]

    # a game: its table reads the paired die
    app.start_game("gluecksritter", setup("schmidt-1998", tuple(PICKS), {}, app.game_settings("gluecksritter")))
    die = radio.listening(GO)
    driver.until(lambda: app.table.status().die == "connected", what="the paired die connected")
    to_the_duel(app, driver)
    assert app.table.awaiting().rolls and app.table.awaiting().rolls[0].die == "number"
    count = len(app.table.log())
    die.send(b"R")
    die.send(b"S" + bytes([0x40, 0, 0]))  # 6 up
    driver.until(lambda: len(app.table.log()) > count, what="the roll of the paired die")
    rolled = app.table.log()[-1]
    assert rolled["command"] == "roll-die", rolled
    assert "Die: connected" in app.root.status_text, app.root.status_text

    die.send(b"Bat\x0c")  # 12 %
    driver.until(lambda: "Battery low: the number die" in app.root.status_text, what="the battery said low")
    drawn(driver.shot(tmp_path / "bluetooth-battery-low.png"))
    die.go_away()
    driver.until(lambda: "Die: the number die went away!" in app.root.status_text, what="the die said gone")
    assert app.table.status().dice[0].gone

    # forgotten by touch: the running table has no Bluetooth die left
    driver.tap("Settings")
    touch(driver, "Forget")
    assert "No die paired yet: search, then tap the die to use." in driver.texts()
    driver.until(lambda: "Die: no Bluetooth die paired" in app.root.status_text, what="no die paired said")
    assert json.loads((tmp_path / "app-settings.json").read_text())["bluetooth_dice"] == []
    driver.stop()


@in_window
def test_without_bleak_the_search_says_so(tmp_path):
    import sys

    sys.modules["bleak"] = None  # type: ignore[assignment]  # an import of it fails, as where it is not installed
    app, driver = start(tmp_path, "de")
    driver.tap("Einstellungen")
    touch(driver, "Würfel suchen")
    screen = app.screen("settings")
    driver.until(lambda: not screen.searching, what="the search given up")
    assert app.root.word == "Bluetooth ist hier nicht nutzbar: Das Paket bleak ist nicht installiert.", app.root.word
    driver.stop()
