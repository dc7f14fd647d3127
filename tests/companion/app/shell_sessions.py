"""Sessions of the shell that every game shares (run as :mod:`tests.companion.app.sessions` runs
them): a running game the screen cannot show, a journal holding another companion's game, a
question that the game stops asking, the die's source changed while picks are locked in, the
bottom line in a switched language, a new game over a refusal of the game before, a data folder
that cannot be written."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from tests.companion.app.touch import play_into, say, start
from tests.companion.games.gluecksritter.screens.driving import PICKS, SEATS, new_game


def without_screens(game: str) -> None:
    """``game`` as a game whose screens do not exist (yet): registered for this session only."""
    from companion.games import registry

    registry.HOMES[game] = dataclasses.replace(registry.HOMES[game], screens=None)


def unshown_game(data: Path, game: str, scenario: str) -> dict[str, Any]:
    """A running ``game`` the screen cannot show, and a save of it: the app starts on the start
    screen saying so; its save is not loaded; a new Glücksritter game asks first, saves the running
    game and begins. The game itself stays in the journal as it was."""
    from companion.journal.saves import save
    from companion.journal.store import Journal

    without_screens(game)
    game_id = play_into(data, scenario)
    with Journal.open(data / "journal.sqlite3") as journal:
        save(journal, "before")
        entries = len(list(journal.entries(game_id)))
    app, driver = start(data, "en")
    driver.until(lambda: app.journal is not None, what="the journal")
    seen: dict[str, Any] = {"start": driver.texts(), "resume_disabled": app.screen("start").ids.resume.disabled}
    driver.tap(say(app, "Saved games"))
    seen["saves"] = driver.texts()
    saves = app.screen("saves")
    line = next(w for w in saves.ids.list.box.children if type(w).__name__ == "SaveLine" and not w.running)
    driver.tap(line)
    seen["load_word"] = app.root.word
    seen["screen_after_load"] = app.root.manager.current
    driver.tap(say(app, "Back"))
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS), confirm=True)
    seen["after"] = {"screen": app.root.manager.current, "word": app.root.word}
    driver.stop()
    with Journal.open(data / "journal.sqlite3") as journal:
        seen["entries_before_after"] = [entries, len(list(journal.entries(game_id)))]
        seen["saves"] = [(row[1], row[2]) for row in journal.saves()]
        seen["games"] = [row.game for row in journal.games()]
    return seen


def foreign_game(data: Path) -> dict[str, Any]:
    """A journal whose running game is of a game this companion does not know: the start screen
    names it and a new game can begin; the foreign game stays as it is."""
    import sqlite3

    game_id = play_into(data, "raubritter/04-tile-must-touch.scn")
    raw = sqlite3.connect(data / "journal.sqlite3")
    with raw:
        raw.execute("UPDATE games SET game = 'muehle' WHERE id = ?", (game_id,))
    raw.close()
    app, driver = start(data, "de")
    driver.until(lambda: app.journal is not None, what="the journal")
    seen = {"start": driver.texts(), "problem": app.journal_problem}
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    seen["screen"] = app.root.manager.current
    driver.stop()
    seen["problem"] = str(seen["problem"])
    return seen


def follows_the_game(data: Path) -> dict[str, Any]:
    """A question the game stops asking closes itself: "Which coins?" open for red on field 1
    while red's payment comes from elsewhere (another screen, the panel); open for green while undos
    take the round back to before the reveal (one undo leaves green's question as it was)."""
    from engines.gluecksritter import commands as c
    from engines.gluecksritter.coins import Coins

    app, driver = start(data, "en")
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    table = app.table
    table.submit(c.PlaceDucats(3, 2))
    for player, cards in PICKS.items():
        table.submit(c.ChooseActions(player, cards))
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())
    driver.frames()
    driver.tap(say(app, "{player} takes a document", player="red"))
    seen: dict[str, Any] = {"open": type(driver.roots()[0]).__name__}
    table.submit(c.TakeDocument("red", "", Coins(2, 1)))  # red paid, elsewhere
    driver.frames(3)
    seen["after_move"] = type(driver.roots()[0]).__name__
    driver.tap(say(app, "{player} takes a document", player="green"))
    seen["green_open"] = type(driver.roots()[0]).__name__
    table.undo()  # red's document is undone: green is still asked
    driver.frames(3)
    seen["after_one_undo"] = type(driver.roots()[0]).__name__
    table.undo()  # the reveal is undone: nobody is on field 1 any more
    driver.frames(3)
    seen["after_undo"] = type(driver.roots()[0]).__name__
    driver.stop()
    return seen


def die_switch_keeps_picks(data: Path) -> dict[str, Any]:
    """Two players lock in on the panel; the die's source is switched in the settings twice: the
    picks stay locked in, and the round goes on with the other two."""
    from engines.gluecksritter import commands as c
    from tests.companion.table.panels import MatrixRig

    rig = MatrixRig()
    app, driver = start(data, "en", hardware=lambda: {"panel": rig.factory, "leds": rig.leds})
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    app.table.submit(c.PlaceDucats(3, 2))
    for player in ("red", "blue"):
        for card in PICKS[player]:
            rig.tap(SEATS[player], card)
    driver.until(lambda: len(app.table.awaiting().locked) == 2, what="two lock-ins")
    before = list(app.table.awaiting().locked)
    driver.tap(say(app, "Settings"))
    driver.tap(say(app, "electronic die"))
    driver.tap(say(app, "on the screen"))
    driver.tap(say(app, "Back"))
    seen = {"before": before, "after": list(app.table.awaiting().locked), "leds": [rig.lit(s) for s in (1, 2, 3, 4)]}
    for player in ("green", "yellow"):
        for card in PICKS[player]:
            rig.tap(SEATS[player], card)
    driver.until(lambda: not app.table.awaiting().choosing, what="the reveal of the picks")
    seen["picks_entered"] = [line["command"] for line in app.table.log()].count("choose-actions")
    driver.stop()
    return seen


def words_follow_the_language(data: Path) -> dict[str, Any]:
    """The bottom line says its words again in a switched language; a new game does not stand
    under a refusal of the game before."""
    from engines.gluecksritter import commands as c

    app, driver = start(data, "en")
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    app.table.submit(c.Decline("blue"))  # refused: nobody is on field 1 now
    driver.frames()
    seen: dict[str, Any] = {"refusal_en": app.root.word, "refused": app.root.word_is_refusal}
    driver.tap(say(app, "Settings"))
    driver.tap("Deutsch")
    seen["refusal_de"] = app.root.word
    driver.tap(say(app, "Back"))
    driver.tap(say(app, "Menu"))
    new_game(app, driver, "2002 English variant", ("green", "white", "black"), confirm=True)
    seen["new_game_word"] = app.root.word
    seen["new_game_refusal"] = app.root.word_is_refusal
    driver.tap(app.root.ids.word)  # the bottom line whole, in a dialog
    seen["whole"] = type(driver.roots()[0]).__name__
    driver.stop()
    return seen


def read_only(data: Path) -> dict[str, Any]:
    """A data folder that cannot be written: the window says so, shows the running game, and a
    move is refused in words; nothing is written."""
    import random

    from companion.app import env

    play_into(data, "gluecksritter/01-split-field5-one-taker.scn")
    before = (data / "journal.sqlite3").read_bytes()
    env.prepare(data / "kivy", headless=True)
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp
    from engines.gluecksritter import commands as c
    from engines.gluecksritter.coins import Coins

    app = CompanionApp(data, hardware=lambda: {}, rng=random.Random(3), read_only="Read-only file system")
    driver = Driver(app).start()
    driver.until(lambda: app.journal is not None, what="the journal")
    seen: dict[str, Any] = {"screen": app.root.manager.current}
    seen["start"] = driver.texts()
    driver.tap(next(t for t in driver.texts() if t.startswith("Weiter:") or t.startswith("Continue:")))
    view = app.table.public_view()["view"]
    assert view["awaiting"] == [{"player": None, "commands": ["place-ducats"]}], view["awaiting"]
    coins = {} if view["digital_sack"] else {"field5": Coins(0, 1), "field6": Coins(0, 1)}
    app.table.submit(c.PlaceDucats(1, 1, **coins))  # a move the rules allow: the journal refuses it
    driver.frames()
    seen["word"] = app.root.word
    driver.stop()
    seen["unchanged"] = (data / "journal.sqlite3").read_bytes() == before
    seen["settings_written"] = (data / "app-settings.json").exists()
    return seen


def monkey(data: Path, seed: str, steps: str) -> dict[str, Any]:
    """Random touches on whatever can be tapped, and random presses on the panel (mock pins), as a
    restless table would: nothing fails, and after every step no dialog stays open whose question
    the game no longer asks."""
    import random

    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.textinput import TextInput

    from companion.app.driver import unseen
    from companion.app.pieces.dialog import open_dialogs
    from tests.companion.table.panels import MatrixRig

    rng = random.Random(int(seed))
    rig = MatrixRig()
    app, driver = start(data, "de", hardware=lambda: {"panel": rig.factory, "leds": rig.leds}, seed=int(seed))
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    counts = {"taps": 0, "presses": 0, "stale": 0, "screens": set(), "dialogs": set(), "entries": 0}
    for _ in range(int(steps)):
        if app.table is not None and rng.random() < 0.3:
            rig.tap(rng.randint(1, 4), rng.randint(1, 6))
            counts["presses"] += 1
            driver.frames(2)
        else:
            root = driver.roots()[0]
            targets = [
                w
                for w in root.walk(restrict=True)
                if isinstance(w, ButtonBehavior | TextInput)
                and not w.disabled
                and w.opacity > 0
                and w.get_root_window() is not None
                and w.width > 0
                and w.height > 0
                and unseen(w) is None  # a finger taps what it sees (a page's arrows turn to the rest)
            ]
            if not targets:
                driver.frames(1)
                continue
            if type(root).__name__ == "TableCheck" and rng.random() < 0.5:
                # a table at its check mostly finds the cardboard right: beside forty numbers one
                # button confirms, and random taps alone would hardly ever leave the check
                targets = [button for button in root.buttons if not button.disabled] or targets
            elif type(root).__name__ == "Keypad" and rng.random() < 0.5:
                # a finger on a keypad ends it (OK or Cancel) after a digit or two: random digits
                # alone keep it open (a number out of range is refused and the pad stays)
                targets = [root.ok, root.cancel]
            driver.tap(rng.choice(targets))
            counts["taps"] += 1
        counts["stale"] += sum(not dialog.still_asked() for dialog in open_dialogs())
        counts["screens"].add(app.root.manager.current)
        counts["dialogs"].update(type(dialog).__name__ for dialog in open_dialogs())
        if app.table is not None:
            counts["entries"] = max(counts["entries"], app.table.public_view()["entry"])
    driver.stop()
    return {key: sorted(value) if isinstance(value, set) else value for key, value in counts.items()}


def damaged_settings(data: Path) -> dict[str, Any]:
    """An app settings file with two values that cannot be used: each problem is said in the
    table's language, and a tap on the bottom line lists them, one a line."""
    import json
    import random

    from companion.app import env

    (data / "app-settings.json").write_text(json.dumps({"language": "de", "die": "dice", "screen": "../x"}))
    env.prepare(data / "kivy", headless=True)
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    app = CompanionApp(data, hardware=lambda: {}, rng=random.Random(3))
    driver = Driver(app).start()
    driver.until(lambda: app.journal is not None and bool(app.root.word), what="the journal and the word")
    seen: dict[str, Any] = {"word": app.root.word}
    driver.tap(app.root.ids.word)
    dialog = driver.roots()[0]
    seen["dialog"] = type(dialog).__name__
    seen["lines"] = [w.text for w in dialog.walk(restrict=True) if type(w).__name__ == "Body"]
    driver.stop()
    return seen


SESSIONS = {
    "damaged-settings": damaged_settings,
    "monkey": monkey,
    "unshown-game": unshown_game,
    "foreign-game": foreign_game,
    "follows-the-game": follows_the_game,
    "die-switch-keeps-picks": die_switch_keeps_picks,
    "words-follow-the-language": words_follow_the_language,
    "read-only": read_only,
}
