"""The app in its own process, driven as players would drive it: each function below is one
session, run by ``python -m tests.companion.app.sessions NAME DATA_DIR [ARG]`` from the tests in
this folder (Kivy keeps one window per process, so every session gets a fresh one). A session
asserts as it goes and prints one JSON line with what the test checks afterwards."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from companion.app import env
from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import PICKS, SEATS, card_button, choices_of, new_game


def choose_behind_the_cover(app: Any, driver: Any, player: str, cards: tuple[int, int]) -> None:
    driver.tap(say(app, "{player}: choose in private", player=player))
    driver.tap(say(app, "I am {player}: show", player=player))
    for card in cards:
        driver.tap(driver.find(str(card), exact=True))
    driver.tap(say(app, "Lock in"))
    driver.tap(say(app, "Done"))


PREFERRED = (
    "takes a document",
    "buys 1",
    "Roll on the screen",
    "offers first",
    "accepts the offer",
    "makes an offer",
    "pays what was offered",
    "keeps the loot",
    "takes the gold from field 5",
    "takes a wall",
    "pays the royal tax",
    "End the round",
)


def pay_the_first_way(driver: Any) -> str | None:
    """Where the rules leave a choice of coins, the first way offered."""
    dialog = driver.roots()[0]
    if type(dialog).__name__ != "PayDialog":
        return None
    ways = [w for w in dialog.walk() if type(w).__name__ == "Big"]
    driver.tap(ways[0])
    return ways[0].text


def enter_the_card(app: Any, driver: Any, document: str = "yellow-seal") -> str | None:
    """With the table's own document cards: behind the cover, the card drawn (by its name)."""
    cover = driver.roots()[0]
    if type(cover).__name__ != "EntryCover":
        return None
    driver.tap(say(app, "I am {player}: show", player=cover.player))
    driver.tap(card_button(app, cover, document))
    driver.tap(say(app, "Done"))
    return f"draws {document}"


def play_the_round_by_touch(app: Any, driver: Any) -> list[str]:
    """Field by field until the next round begins, always tapping what a careful player would."""
    board = app.screen("gluecksritter-board")
    tapped = []
    for _ in range(80):
        view = app.table.public_view()["view"]
        if view["round"] == 2:
            return tapped
        options = [w for w in choices_of(board) if not w.disabled]
        texts = [w.text for w in reversed(options)]
        assert texts, f"nothing to tap; the board says {board.ids.prompt.text!r}"
        english = [say(app, "Roll on the screen"), say(app, "End the round")]
        choice = None
        for wanted in PREFERRED:
            choice = next((t for t in texts if wanted in t or t in english and wanted == t), None)
            if choice:
                break
        choice = choice or texts[0]
        tapped.append(choice)
        driver.choose(next(w for w in options if w.text == choice))  # on its page of the list
        if app.root.manager.current != "gluecksritter-board" or driver.roots()[0] is not app.root:
            dialog = driver.roots()[0]
            if type(dialog).__name__ == "PayDialog":  # several ways to pay: the first one
                tapped.append(f"pays {pay_the_first_way(driver)}")
                dialog = driver.roots()[0]
            if type(dialog).__name__ == "EntryCover":  # the table's own cards: which one was drawn
                tapped.append(enter_the_card(app, driver))
            elif type(dialog).__name__ == "EffectDialog":
                driver.tap(say(app, "It moves nothing"))
            elif "offer" in type(dialog).__name__.lower():
                dialog.ducats.step(1)
                driver.tap(say(app, "Offer"))
                if driver.roots()[0] is dialog:  # refused: the table says why; leave the dialog
                    driver.tap(say(app, "Back"))
    raise AssertionError(f"the round did not end; tapped {tapped[-10:]}; the table said {app.root.word!r}")


def round_by_touch(data: Path, rules: str, panel: str = "none") -> dict[str, Any]:
    """A whole first round of either rule set with touches, into the journal at ``data``, the
    on-screen die for rolls; the secret choice behind the privacy cover (``panel="none"``), or on
    the button panel on mock pins (``panel="matrix"``)."""
    label = {"schmidt-1998": "Schmidt 1998 (German)", "osullivan-2002": "2002 English variant"}[rules]
    hardware = None
    if panel == "matrix":
        from tests.companion.table.panels import MatrixRig

        rig = MatrixRig()
        hardware = lambda: {"panel": rig.factory, "leds": rig.leds}  # noqa: E731
    app, driver = start(data, "de" if rules == "schmidt-1998" else "en", hardware=hardware)
    new_game(app, driver, label, tuple(PICKS))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    for player, cards in PICKS.items():
        if panel == "matrix":
            for card in cards:
                rig.tap(SEATS[player], card)
        else:
            choose_behind_the_cover(app, driver, player, cards)
    driver.until(lambda: not app.table.awaiting().choosing and not app.table.awaiting().locked, what="the picks")
    driver.tap(say(app, "Reveal the documents"))
    driver.tap(say(app, "Reveal the action cards"))
    tapped = play_the_round_by_touch(app, driver)
    shown = driver.texts()
    driver.stop()
    return {"tapped": tapped, "texts": shown}


def secrecy(data: Path, picks: str) -> dict[str, Any]:
    """Phase B on the button panel (mock pins, with LEDs): everything the table shows while three
    players have locked in and the fourth has not."""
    from tests.companion.table.panels import MatrixRig

    chosen = [tuple(int(n) for n in pair) for pair in picks.split(",")]
    rig = MatrixRig()
    app, driver = start(data, "en", hardware=lambda: {"panel": rig.factory, "leds": rig.leds})
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    for seat, cards in enumerate(chosen[:3], start=1):
        for card in cards:
            rig.tap(seat, card)
    driver.until(lambda: len(app.table.awaiting().locked) == 3, what="three lock-ins")
    driver.frames(5)
    rig.leds.wait_idle(2.0)
    seen = {
        "board": driver.texts(),
        "word": app.root.word,
        "leds": [rig.lit(seat) for seat in range(1, 5)],
        "log": [],
        "status": app.root.status_text,
    }
    driver.tap(say(app, "Game log"))
    seen["log"] = driver.texts()
    driver.tap(say(app, "Back"))
    for card in chosen[3]:
        rig.tap(4, card)
    driver.until(lambda: not app.table.awaiting().choosing, what="the reveal of the picks")
    driver.frames(3)
    after = driver.texts()
    driver.tap(say(app, "Reveal the documents"))
    driver.tap(say(app, "Reveal the action cards"))
    revealed = driver.texts()
    driver.stop()
    return {"seen": seen, "after_lock": after, "revealed": revealed}


def until_killed(data: Path, screen: str) -> dict[str, Any]:
    """Play into the middle of round 1 (field 2), open ``screen``, say so, and wait to be killed."""
    app, driver = start(data, "de")
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    for player, cards in PICKS.items():
        choose_behind_the_cover(app, driver, player, cards)
    driver.tap(say(app, "Reveal the documents"))
    driver.tap(say(app, "Reveal the action cards"))
    driver.tap(say(app, "{player} takes a document", player="red"))
    pay_the_first_way(driver)
    enter_the_card(app, driver)
    if screen == "log":
        driver.tap(say(app, "Game log"))
    driver.frames(3)
    view = app.table.public_view()
    print(json.dumps({"ready": True, "screen": app.root.manager.current, "entry": view["entry"]}), flush=True)
    while True:
        driver.frames(1)
        time.sleep(0.01)


def restarted(data: Path) -> dict[str, Any]:
    app, driver = start(data)
    driver.frames(3)
    view = app.table.public_view() if app.table is not None else None
    result = {
        "screen": app.root.manager.current,
        "entry": view["entry"] if view else None,
        "field": view["view"]["field"] if view else None,
        "texts": driver.texts(),
    }
    driver.stop()
    return result


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
    "round-by-touch": round_by_touch,
    "secrecy": secrecy,
    "until-killed": until_killed,
    "restarted": restarted,
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
