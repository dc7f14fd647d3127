"""The shell every game shares, in real windows: a running game the screen cannot show never stops
the app (nor a journal holding another companion's game); nothing is thrown away by one tap; a
question the game stops asking closes itself; changing a setting keeps the picks locked in; the
bottom line follows the language and a new game; a data folder that cannot be written is said; a
settings file with values that cannot be used is said, problem by problem; random touches and
presses leave no question open that the game no longer asks."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from tests.companion.app.touch import play_into, say, start
from tests.companion.games.gluecksritter.screens.driving import PICKS, SEATS, new_game
from tests.support.window import in_window

UNSHOWN = {
    "raubritter": "raubritter/16-undo-redo-tile-and-march.scn",
    "schatzjagd": "schatzjagd/21-duel-to-the-death.scn",
}
TITLES = {"raubritter": "Raubritter", "schatzjagd": "Schatzjagd"}


def without_screens(game: str) -> None:
    """``game`` as a game whose screens do not exist (yet): registered so in the test's own process."""
    from companion.games import registry

    registry.HOMES[game] = dataclasses.replace(registry.HOMES[game], screens=None)


@pytest.mark.parametrize("game", sorted(UNSHOWN))
@in_window
def test_a_running_game_without_screens_opens_the_start_screen(tmp_path, game):
    """A running game the screen cannot show, and a save of it: the app starts on the start screen
    saying so; its save is not loaded; a new Glücksritter game asks first, saves the running game and
    begins. The game itself stays in the journal as it was."""
    from companion.journal.saves import save
    from companion.journal.store import Journal

    without_screens(game)
    game_id = play_into(tmp_path, UNSHOWN[game])
    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        save(journal, "before")
        entries_before = len(list(journal.entries(game_id)))

    app, driver = start(tmp_path, "en")
    driver.until(lambda: app.journal is not None, what="the journal")
    shown = "\n".join(driver.texts())
    assert f"The running game, {TITLES[game]}, cannot be shown on this screen yet." in shown
    assert app.screen("start").ids.resume.disabled

    driver.tap(say(app, "Saved games"))
    saves = app.screen("saves")
    line = next(w for w in saves.ids.list.box.children if type(w).__name__ == "SaveLine" and not w.running)
    driver.tap(line)
    word = app.root.word
    assert f"{TITLES[game]} cannot be played on this screen yet; the save stays as it is." in word
    assert app.root.manager.current == "saves"

    driver.tap(say(app, "Back"))
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS), confirm=True)
    assert app.root.manager.current == "gluecksritter-board"
    assert app.root.word.startswith("The game before is saved as "), app.root.word
    driver.stop()

    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        assert len(list(journal.entries(game_id))) == entries_before, "the game itself stays as it was"
        saved_games = [row[2] for row in journal.saves()]
        assert saved_games.count(game) == 2  # "before", and the one made now
        assert [row.game for row in journal.games()] == [game, "gluecksritter"]


@in_window
def test_a_game_of_another_companion_is_named_and_a_new_game_begins(tmp_path):
    """A journal whose running game is of a game this companion does not know: the start screen
    names it and a new game can begin; the foreign game stays as it is."""
    import sqlite3

    game_id = play_into(tmp_path, "raubritter/04-tile-must-touch.scn")
    raw = sqlite3.connect(tmp_path / "journal.sqlite3")
    with raw:
        raw.execute("UPDATE games SET game = 'muehle' WHERE id = ?", (game_id,))
    raw.close()

    app, driver = start(tmp_path, "de")
    driver.until(lambda: app.journal is not None, what="the journal")
    assert app.journal_problem is None
    shown = driver.texts()
    assert any("Das laufende Spiel, muehle, kann dieser Bildschirm noch nicht zeigen." in t for t in shown), shown
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    assert app.root.manager.current == "gluecksritter-board"
    driver.stop()


@in_window
def test_a_question_the_game_no_longer_asks_closes_itself(tmp_path):
    """ "Which coins?" open for red on field 1 while red's payment comes from elsewhere (another
    screen, the panel) closes; open for green while undos take the round back to before the reveal
    (one undo leaves green's question as it was), it closes."""
    from engines.gluecksritter import commands as c
    from engines.gluecksritter.coins import Coins

    app, driver = start(tmp_path, "en")
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    table = app.table
    table.submit(c.PlaceDucats(3, 2))
    for player, cards in PICKS.items():
        table.submit(c.ChooseActions(player, cards))
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())
    driver.frames()

    def shown() -> str:
        return type(driver.roots()[0]).__name__

    driver.tap(say(app, "{player} takes a document", player="red"))
    assert shown() == "PayDialog"
    table.submit(c.TakeDocument("red", "", Coins(2, 1)))  # red paid, elsewhere
    driver.frames(3)
    assert shown() == "Shell"
    driver.tap(say(app, "{player} takes a document", player="green"))
    assert shown() == "PayDialog"
    table.undo()  # red's document is undone: green is still asked
    driver.frames(3)
    assert shown() == "PayDialog"
    table.undo()  # the reveal is undone: nobody is on field 1 any more
    driver.frames(3)
    assert shown() == "Shell"
    driver.stop()


@in_window
def test_switching_the_die_keeps_the_picks_locked_in(tmp_path):
    """Two players lock in on the panel; the die's source is switched in the settings twice: the
    picks stay locked in, and the round goes on with the other two."""
    from engines.gluecksritter import commands as c
    from tests.companion.table.panels import MatrixRig

    rig = MatrixRig()
    app, driver = start(tmp_path, "en", hardware=lambda: {"panel": rig.factory, "leds": rig.leds})
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    app.table.submit(c.PlaceDucats(3, 2))
    for player in ("red", "blue"):
        for card in PICKS[player]:
            rig.tap(SEATS[player], card)
    driver.until(lambda: len(app.table.awaiting().locked) == 2, what="two lock-ins")
    assert list(app.table.awaiting().locked) == ["red", "blue"]

    driver.tap(say(app, "Settings"))
    driver.tap(say(app, "electronic die"))
    driver.tap(say(app, "on the screen"))
    driver.tap(say(app, "Back"))
    assert list(app.table.awaiting().locked) == ["red", "blue"]
    assert [rig.lit(seat) for seat in (1, 2, 3, 4)] == [True, True, False, False]

    for player in ("green", "yellow"):
        for card in PICKS[player]:
            rig.tap(SEATS[player], card)
    driver.until(lambda: not app.table.awaiting().choosing, what="the reveal of the picks")
    assert [line["command"] for line in app.table.log()].count("choose-actions") == 4
    driver.stop()


@in_window
def test_the_bottom_line_follows_the_language_and_the_new_game(tmp_path):
    """The bottom line says its words again in a switched language; a new game does not stand under
    a refusal of the game before; a tap on the bottom line shows it whole."""
    from engines.gluecksritter import commands as c

    app, driver = start(tmp_path, "en")
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    app.table.submit(c.Decline("blue"))  # refused: nobody is on field 1 now
    driver.frames()
    refusal_en = app.root.word
    assert app.root.word_is_refusal and "fields 1 to 3" in refusal_en, refusal_en

    driver.tap(say(app, "Settings"))
    driver.tap("Deutsch")
    refusal_de = app.root.word
    assert refusal_de != refusal_en and "Felder 1 bis 3" in refusal_de, refusal_de

    driver.tap(say(app, "Back"))
    driver.tap(say(app, "Menu"))
    new_game(app, driver, "2002 English variant", ("green", "white", "black"), confirm=True)
    assert not app.root.word_is_refusal and refusal_de not in app.root.word, app.root.word
    driver.tap(app.root.ids.word)  # the bottom line whole, in a dialog
    assert type(driver.roots()[0]).__name__ == "MessageDialog"
    driver.stop()


@in_window
def test_a_data_folder_that_cannot_be_written_is_said_and_nothing_written(tmp_path):
    """A data folder that cannot be written: the window says so, shows the running game, and a move
    is refused in words; nothing is written."""
    from companion.app import env

    play_into(tmp_path, "gluecksritter/01-split-field5-one-taker.scn")
    before = (tmp_path / "journal.sqlite3").read_bytes()
    env.prepare(tmp_path / "kivy", headless=True)
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp
    from engines.gluecksritter import commands as c
    from engines.gluecksritter.coins import Coins

    app = CompanionApp(tmp_path, hardware=lambda: {}, rng=random.Random(3), read_only="Read-only file system")
    driver = Driver(app).start()
    driver.until(lambda: app.journal is not None, what="the journal")
    assert app.root.manager.current == "start"
    shown = driver.texts()
    assert any("lässt sich nicht schreiben (der Datenträger ist schreibgeschützt)" in t for t in shown), shown

    driver.tap(next(t for t in shown if t.startswith("Weiter:") or t.startswith("Continue:")))
    view = app.table.public_view()["view"]
    assert view["awaiting"] == [{"player": None, "commands": ["place-ducats"]}], view["awaiting"]
    coins = {} if view["digital_sack"] else {"field5": Coins(0, 1), "field6": Coins(0, 1)}
    app.table.submit(c.PlaceDucats(1, 1, **coins))  # a move the rules allow: the journal refuses it
    driver.frames()
    assert app.root.word == (
        "Das Protokoll ließ sich nicht speichern: Sein Ordner ist schreibgeschützt. "
        "Von diesem Schritt wurde nichts übernommen."
    )
    driver.stop()
    assert (tmp_path / "journal.sqlite3").read_bytes() == before
    assert not (tmp_path / "app-settings.json").exists()


def test_a_data_folder_that_cannot_be_made_is_found_before_the_window_opens(tmp_path):
    from companion.app.run import unwritable

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert unwritable(blocker / "data") == "Not a directory"
    assert unwritable(tmp_path / "data") is None and (tmp_path / "data" / "kivy").is_dir()


@pytest.mark.parametrize("seed", [11, 29])
@in_window
def test_random_touches_and_presses_leave_no_question_open_that_is_not_asked(tmp_path, seed):
    """Random touches on whatever can be tapped, and random presses on the panel (mock pins), as a
    restless table would: nothing fails, and after every step no dialog stays open whose question
    the game no longer asks."""
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.textinput import TextInput

    from companion.app.driver import unseen
    from companion.app.pieces.dialog import open_dialogs
    from tests.companion.table.panels import MatrixRig

    rng = random.Random(seed)
    rig = MatrixRig()
    app, driver = start(tmp_path, "de", hardware=lambda: {"panel": rig.factory, "leds": rig.leds}, seed=seed)
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    taps = presses = entries = 0
    screens: set[str] = set()
    for step in range(500):
        if app.table is not None and rng.random() < 0.3:
            rig.tap(rng.randint(1, 4), rng.randint(1, 6))
            presses += 1
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
            taps += 1
        stale = [type(dialog).__name__ for dialog in open_dialogs() if not dialog.still_asked()]
        assert not stale, f"step {step}: open, no longer asked: {stale}"
        screens.add(app.root.manager.current)
        if app.table is not None:
            entries = max(entries, app.table.public_view()["entry"])
    driver.stop()
    assert taps > 200 and presses > 50
    assert "gluecksritter-board" in screens and len(screens) >= 4, screens
    assert entries > 3, "the game moved on"


@in_window
def test_every_problem_of_the_settings_file_is_said_and_can_be_read_whole(tmp_path):
    """An app settings file with two values that cannot be used: each problem is said in the table's
    language, and a tap on the bottom line lists them, one a line."""
    from companion.app import env

    (tmp_path / "app-settings.json").write_text(json.dumps({"language": "de", "die": "dice", "screen": "../x"}))
    env.prepare(tmp_path / "kivy", headless=True)
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    app = CompanionApp(tmp_path, hardware=lambda: {}, rng=random.Random(3))
    driver = Driver(app).start()
    driver.until(lambda: app.journal is not None and bool(app.root.word), what="the journal and the word")
    said = "Die Einstellung {} der App war nicht zu gebrauchen und steht wieder auf ihrem Anfangswert."
    assert app.root.word.startswith(said.format("die")), app.root.word
    driver.tap(app.root.ids.word)
    dialog = driver.roots()[0]
    assert type(dialog).__name__ == "MessageDialog"
    assert [w.text for w in dialog.walk(restrict=True) if type(w).__name__ == "Body"] == [
        said.format("die"),
        said.format("screen"),
        "Die Datei, wie sie war, liegt jetzt unter app-settings.json.damaged.",
    ]
    driver.stop()
