"""The app in its own process, driven as players would drive it: each function below is one
session, run by ``python -m tests.companion.app.sessions NAME DATA_DIR [ARG]`` from the tests in
this folder (Kivy keeps one window per process, so every session gets a fresh one). A session
asserts as it goes and prints one JSON line with what the test checks afterwards."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from companion.app import env
from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import PICKS, SEATS, new_game


def language(data: Path) -> dict[str, Any]:
    """The language switched in the settings: every screen speaks it at once, without a restart,
    and the app starts in it next time."""
    app, driver = start(data, "en")
    before = driver.texts()
    driver.tap(say(app, "Settings"))
    driver.tap("Deutsch")
    in_settings = driver.texts()
    driver.tap(say(app, "Back"))
    after = driver.texts()
    driver.stop()
    return {"before": before, "settings": in_settings, "after": after}


def emulated_die(data: Path) -> dict[str, Any]:
    """``--dice emulator``: the emulated serial die on a pseudo-terminal, thrown from the screen,
    settles the duel's rolls through the die reader."""
    from companion.app import run

    env.prepare(data / "kivy", headless=True)
    emulator, stop = run.start_emulator()
    app = None
    make, _config = run.hardware_factory(lambda: app.settings_, dice="emulator", emulator=emulator)
    from companion.app import settings as app_settings
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp
    from companion.games.gluecksritter.screens.setup import setup
    from engines.gluecksritter import commands as c

    app_settings.save(data, app_settings.AppSettings(language="en", die="serial"))
    app = CompanionApp(data, hardware=make, emulator=emulator, rng=random.Random(3))
    driver = Driver(app).start()
    app.start_game("gluecksritter", setup("schmidt-1998", tuple(PICKS), {}, app.game_settings("gluecksritter")))
    driver.until(lambda: app.table.status().die == "connected", what="the emulated die")
    table = app.table
    table.submit(c.PlaceDucats(3, 2))
    from hardware.panel.config import DEFAULT_KEYS

    for player, cards in PICKS.items():
        for card in cards:
            key = DEFAULT_KEYS[SEATS[player]][card - 1]
            table.key_down(key)
            table.key_up(key)
    driver.until(lambda: not app.table.awaiting().choosing, what="the picks")
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())
    for player in ("red", "green"):
        table.submit(c.TakeDocument(player, ""))
    table.submit(c.BuyPieces("blue", 1))
    table.submit(c.BuyPieces("yellow", 1))
    driver.frames(3)
    throws = 0
    while app.table.awaiting().rolls and throws < 6:
        driver.tap(say(app, "Throw the emulated die"))
        count = len(app.table.log())
        driver.until(lambda count=count: len(app.table.log()) > count, what="the thrown die to settle")
        throws += 1
    log = app.table.log()
    driver.stop()
    stop.set()
    emulator.close()
    return {"throws": throws, "rolls": [line["command"] for line in log].count("roll-die")}


def broken_hardware(data: Path) -> dict[str, Any]:
    """A panel that cannot be opened (a pin taken by another program): the game starts anyway,
    played on the screen, and the bottom line says why."""

    def busy() -> dict[str, Any]:
        raise OSError("GPIO17 is busy")

    app, driver = start(data, "en", hardware=busy)
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    result = {"word": app.root.word, "status": app.root.status_text, "texts": driver.texts()}
    driver.stop()
    return result


def damaged_journal(data: Path) -> dict[str, Any]:
    """The app started on a damaged journal: the start screen says so and offers to set it aside;
    two taps set it aside, and a new game can begin on a new journal."""
    app, driver = start(data, "de")
    driver.until(lambda: app.journal_problem is not None, what="the journal's problem")
    driver.shot(data / "start-damaged.png")
    start_screen = app.root.manager.get_screen("start")
    seen = {"texts": driver.texts(), "word": app.root.word, "new_disabled": start_screen.ids.new.disabled}
    driver.tap(say(app, "Set the journal aside and start a new one"))
    seen["confirming"] = driver.texts()
    driver.tap(say(app, "Tap again: set the journal aside"))
    seen["after"] = driver.texts()
    seen["after_word"] = app.root.word
    seen["journal_open"] = app.journal is not None
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    seen["running"] = app.table.public_view()["game_id"]
    driver.stop()
    return seen


SESSIONS = {
    "damaged-journal": damaged_journal,
    "broken-hardware": broken_hardware,
    "language": language,
    "emulated-die": emulated_die,
}

if __name__ == "__main__":
    import importlib
    import importlib.util

    for module in (
        "shell_sessions",
        "schatzjagd_form_sessions",
        "raubritter_form_sessions",
        "schatzjagd_sessions",
        "raubritter_sessions",
        "qr_sessions",
        "plot_sessions",
        "files_sessions",
        "result_sessions",
        "interrupted_sessions",
        "documents_sessions",
        "whole_game_sessions",
        "notify_sessions",
        "display_sessions",
        "journal_access_sessions",
        "memory_sessions",
        "evening_sessions",
    ):
        if importlib.util.find_spec(f"tests.companion.app.{module}") is not None:  # not yet a test of its own
            SESSIONS.update(importlib.import_module(f"tests.companion.app.{module}").SESSIONS)
    name, data, *rest = sys.argv[1:]
    print(json.dumps(SESSIONS[name](Path(data), *rest), ensure_ascii=False), flush=True)
