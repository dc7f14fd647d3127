"""The settings screen: the language switches at once on every screen, without a restart, and is
kept for the next start; ``--dice emulator`` gives a serial die that the screen can throw; hardware
that cannot be opened is said and the game goes on on the screen."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import PICKS, new_game, to_the_duel
from tests.support.window import in_window


@in_window
def test_the_language_switches_without_a_restart(tmp_path):
    """Every screen speaks the language chosen in the settings at once, and the app starts in it next time."""
    app, driver = start(tmp_path, "en")
    before = driver.texts()
    assert "New game" in before and "Neues Spiel" not in before, before
    driver.tap(say(app, "Settings"))
    driver.tap("Deutsch")
    in_settings = driver.texts()
    assert "Einstellungen" in in_settings and "Zurück" in in_settings, in_settings
    driver.tap(say(app, "Back"))
    after = driver.texts()
    assert "Neues Spiel" in after and "New game" not in after, after
    driver.stop()
    assert json.loads((tmp_path / "app-settings.json").read_text())["language"] == "de"


@in_window
def test_the_emulated_serial_die_settles_the_duel(tmp_path):
    """``--dice emulator``: the emulated serial die on a pseudo-terminal, thrown from the screen,
    settles the duel's rolls through the die reader."""
    from companion.app import env, run

    env.prepare(tmp_path / "kivy", headless=True)
    emulator, stop = run.start_emulator()
    app = None
    make, _config = run.hardware_factory(lambda: app.settings_, dice="emulator", emulator=emulator)
    from companion.app import settings as app_settings
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp
    from companion.games.gluecksritter.screens.setup import setup

    app_settings.save(tmp_path, app_settings.AppSettings(language="en", die="serial"))
    app = CompanionApp(tmp_path, hardware=make, emulator=emulator, rng=random.Random(3))
    driver = Driver(app).start()
    app.start_game("gluecksritter", setup("schmidt-1998", tuple(PICKS), {}, app.game_settings("gluecksritter")))
    driver.until(lambda: app.table.status().die == "connected", what="the emulated die")
    to_the_duel(app, driver)
    throws = 0
    while app.table.awaiting().rolls and throws < 6:
        driver.tap(say(app, "Throw the emulated die"))
        count = len(app.table.log())
        driver.until(lambda count=count: len(app.table.log()) > count, what="the thrown die to settle")
        throws += 1
    rolls = [line["command"] for line in app.table.log()].count("roll-die")
    assert rolls == throws >= 2  # red and blue duel; every throw was one roll
    driver.stop()
    stop.set()
    emulator.close()


@in_window
def test_hardware_that_cannot_be_opened_is_said_and_the_game_goes_on(tmp_path):
    """A panel that cannot be opened (a pin taken by another program): the game starts anyway,
    played on the screen, and the bottom line says why."""

    def busy() -> dict[str, Any]:
        raise OSError("GPIO17 is busy")

    app, driver = start(tmp_path, "en", hardware=busy)
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    assert "The hardware cannot be used: GPIO17 is busy" in app.root.word, app.root.word
    assert app.root.status_text.startswith("No panel: choose on the screen"), app.root.status_text
    assert "Enter the Ducat card" in driver.texts()
    driver.stop()
