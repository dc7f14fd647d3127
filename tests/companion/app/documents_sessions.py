"""Die Glücksritter as a real table plays it, in real windows, by touch: the table's own document
card entered behind the cover and played from the private view with its effect; a purchase and
a ransom the player cannot pay, greyed with the reason; the table check at the end of a round,
finding and correcting a count and a hand. Run by :mod:`tests.companion.app.sessions`; each
returns what the test checks."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import (
    PLAYERS,
    card_button,
    choices_of,
    choose_behind_the_cover,
    new_game,
    place_rows,
)


def _heard(app: Any) -> list[Any]:
    """Every notice the table tells from now on."""
    heard: list[Any] = []
    app.table.listen(heard.append)
    return heard


def _commands(app: Any) -> list[dict[str, Any]]:
    """The commands in the journal, as written (the secret parts too: the test reads the file)."""
    rows = app.journal.db.execute("SELECT command FROM entries WHERE kind = 'command' ORDER BY seq").fetchall()
    import json

    return [json.loads(command) for (command,) in rows]


def real_card(data: Path, language: str) -> dict[str, Any]:
    """Field 1 alone: red draws a real card and enters it behind the cover; the board never names
    it. Then red plays it from the private view and enters its effect there (2 silver from the
    sack)."""
    app, driver = start(data, language)
    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    seen: dict[str, Any] = {"real": app.table.public_view()["view"]["real_documents"]}
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    for player, cards in {"red": (1, 5), "blue": (2, 6), "green": (3, 6)}.items():
        choose_behind_the_cover(app, driver, player, cards)
    driver.tap(say(app, "Reveal the documents"))
    driver.tap(say(app, "Reveal the action cards"))
    heard = _heard(app)
    driver.tap(say(app, "{player} takes a document", player="red"))  # alone: free, no coins to choose
    cover = driver.roots()[0]
    seen["cover"] = type(cover).__name__
    seen["before_show"] = driver.texts()
    driver.tap(say(app, "I am {player}: show", player="red"))
    seen["offered"] = [w.text for w in cover.walk() if type(w).__name__ == "Big"]
    driver.shot(data / "entry.png")
    driver.tap(card_button(app, cover, "yellow-seal"))
    seen["after_pick"] = driver.texts()
    driver.tap(say(app, "Done"))
    driver.frames()
    seen["board"] = driver.texts()
    seen["word"] = app.root.word
    seen["hand"] = list(app.table.private_view("red")["you"]["documents"])
    seen["refused"] = [n.rule for n in heard if type(n).__name__ == "Refused"]
    seen["red_before"] = app.table.public_view()["view"]["players"][0]["silver"]

    driver.tap(say(app, "My documents"))
    driver.tap(app.tr(_person(app, "red")))
    driver.tap(say(app, "I am {player}: show", player="red"))
    seen["private"] = driver.texts()
    driver.shot(data / "private.png")
    driver.tap(say(app, "Play"))
    effect = driver.roots()[0]
    seen["effect_page"] = driver.texts()
    seen["enter_greyed"] = effect.buttons[-1].disabled
    driver.tap(next(w for w in place_rows(effect)[say(app, "From")] if w.text == say(app, "Sack")))
    driver.tap(next(w for w in place_rows(effect)[say(app, "To")] if w.text == app.tr(_given(app, "red"))))
    silver = next(w for w in effect.walk() if type(w).__name__ == "Stepper" and w.label.text == say(app, "Silver"))
    silver.step(2)
    driver.frames()
    seen["enter_open"] = not effect.buttons[-1].disabled
    driver.tap(say(app, "Enter the effect"))
    seen["after_effect"] = driver.texts()
    driver.tap(say(app, "Cover again"))
    driver.tap(say(app, "Done"))
    seen["red_after"] = app.table.public_view()["view"]["players"][0]["silver"]
    seen["commands"] = _commands(app)
    seen["refused_after"] = [n.rule for n in heard if type(n).__name__ == "Refused"]
    driver.stop()
    return seen


def _person(app: Any, colour: str) -> Any:
    from companion.app.people import person

    return person(app.table.public_view()["view"], colour)


def _given(app: Any, colour: str) -> Any:
    from companion.app.people import names
    from companion.i18n import Cap, Word

    return names(app.table.public_view()["view"]).get(colour) or Cap(Word(colour))


def greyed(data: Path) -> dict[str, Any]:
    """Blue holds 6 Ducats on field 2 (two walls cost 8); green's knight sits in the dungeon and
    green holds 3 Ducats (the ransom is 4): both greyed with the reason, a tap on them writes
    nothing; what the player can do stays open."""
    from engines.core.correction import Correct
    from engines.gluecksritter import commands as c

    app, driver = start(data, "en")
    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    table = app.table
    for counter, value in (("green.knight-in-dungeon", 1), ("green.gold", 0), ("green.silver", 3)):
        table.submit(Correct(counter, value, "test: a poor green in the dungeon"))
    driver.frames()
    seen: dict[str, Any] = {"ransom": _buttons(app, "ransom")}
    entries = table.public_view()["entry"]
    _tap_greyed(driver, app, "ransom")
    seen["ransom_entries"] = (entries, table.public_view()["entry"])
    table.submit(c.PlaceDucats(0, 0))  # the digital sack: no coins to draw
    for player, cards in (("red", (5, 6)), ("blue", (2, 6)), ("green", (5, 6))):
        table.submit(c.ChooseActions(player, cards))
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())
    driver.frames()
    seen["field2"] = _buttons(app, "walls")
    driver.shot(data / "greyed.png")
    entries = table.public_view()["entry"]
    _tap_greyed(driver, app, "2 walls")
    seen["field2_entries"] = (entries, table.public_view()["entry"])
    driver.choose(next(w for w in _options(app) if "buys 1" in w.text))
    driver.tap(next(w for w in driver.roots()[0].walk() if type(w).__name__ == "Big"))  # the first way to pay
    seen["walls"] = table.public_view()["view"]["players"][1]["walls"]
    driver.stop()
    return seen


def _options(app: Any) -> list[Any]:
    board = app.screen("gluecksritter-board")
    return choices_of(board)


def _buttons(app: Any, word: str) -> list[tuple[str, bool]]:
    """The board's choices whose words say ``word``: their text and whether they can be tapped."""
    return [(w.text, not w.disabled) for w in reversed(_options(app)) if word in w.text]


def _tap_greyed(driver: Any, app: Any, word: str) -> None:
    """A finger on a greyed choice (a real touch: a disabled button takes none)."""
    button = next(w for w in _options(app) if word in w.text and w.disabled)
    driver.touch_at(*button.to_window(*button.center))
    driver.frames()


def table_check(data: Path) -> dict[str, Any]:
    """A round played to its end: the table check comes by itself; blue's silver differs and is
    corrected; red's hand differs (a Gift the app did not know of) and is set behind the cover;
    then all is as on the table, and the board is back."""
    from engines.gluecksritter import commands as c

    app, driver = start(data, "de")
    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    table = app.table
    table.submit(c.PlaceDucats(0, 0))  # the digital sack: no coins to draw
    for player in PLAYERS:
        table.submit(c.ChooseActions(player, (5, 6)))
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())  # nobody on 1 to 4, fields 5 and 6 empty: the round ends
    driver.until(lambda: type(driver.roots()[0]).__name__ == "TableCheck", what="the table check")
    seen: dict[str, Any] = {"round": table.public_view()["view"]["round"], "check": driver.texts()}
    driver.shot(data / "check.png")
    check = driver.roots()[0]
    blue_silver = _cell(check, row=2, column=1)
    seen["blue_silver"] = blue_silver.text
    driver.tap(blue_silver)
    seen["page"] = driver.texts()
    seen["write_greyed_unchanged"] = check.buttons[-1].disabled
    driver.tap("+")
    driver.tap(say(app, "Write the correction"))
    seen["after_silver"] = table.public_view()["view"]["players"][1]["silver"]
    seen["back_to_overview"] = say(app, "All as on the table") in driver.texts()
    red_documents = _cell(driver.roots()[0], row=1, column=5)
    driver.tap(red_documents)
    cover = driver.roots()[0]
    seen["cover"] = type(cover).__name__
    seen["cover_texts"] = driver.texts()
    driver.tap(say(app, "I am {player}: show", player="red"))
    gift = next(w for w in cover.walk() if type(w).__name__ == "Stepper" and w.label.text == "Geschenke")
    gift.step(1)
    driver.frames()
    driver.tap(say(app, "Write the correction"))
    driver.tap(say(app, "Done"))
    driver.until(lambda: type(driver.roots()[0]).__name__ == "TableCheck", what="the check again")
    seen["red_documents"] = table.public_view()["view"]["players"][0]["documents"]
    driver.tap(say(app, "All as on the table"))
    seen["closed"] = driver.roots()[0] is app.root
    seen["commands"] = _commands(app)
    app.switch_language("en")  # the board's one check, opened again from the bar, speaks it too
    driver.tap(say(app, "Table check"))
    driver.until(lambda: type(driver.roots()[0]).__name__ == "TableCheck", what="the check from the bar")
    seen["same_check"] = driver.roots()[0] is check
    driver.shot(data / "check-again.png")
    seen["check_english"] = driver.texts()
    seen["blue_silver_again"] = _cell(driver.roots()[0], row=2, column=1).text
    driver.tap(say(app, "All as on the table"))
    app.switch_language("de")
    driver.tap(say(app, "Game log"))
    seen["log"] = driver.texts()
    driver.stop()
    return seen


def _cell(check: Any, *, row: int, column: int) -> Any:
    """A number of the check's table: ``row`` 1 is the first player, ``column`` 1 silver."""
    grid = next(w for w in check.walk() if type(w).__name__ == "GridLayout" and getattr(w, "cols", 0) == 7)
    cells = list(reversed(grid.children))
    return cells[row * 7 + column]


SESSIONS = {"real-card": real_card, "greyed": greyed, "table-check": table_check}


CARD_LIST = """
[[document]]
id = "tithe"
name = { de = "Zehnt", en = "Tithe" }
does = { de = "Nimm 2 Silber aus dem Sack.", en = "Take 2 silver from the sack." }
seal = "yellow"
count = 13
[[document.moves]]
from = "sack"
to = "holder"
silver = 2

[[document]]
id = "levy"
name = { de = "Abgabe", en = "Levy" }
seal = "red"
count = 12
"""


def card_list(data: Path) -> dict[str, Any]:
    """The table's own card list read from a stick by touch (a list that is not the box's 25 cards
    first: said in red, nothing changes); a new game then offers its cards behind the cover, and a
    card's effect begins with the moves the list gives."""
    from companion.results.drives import Drive

    stick = data / "STICK"
    stick.mkdir()
    (stick / "broken.toml").write_text(CARD_LIST.replace("count = 12", "count = 11"), encoding="utf-8")
    (stick / "ours.toml").write_text(CARD_LIST, encoding="utf-8")
    app, driver = start(data, "en")
    driver.until(lambda: app.journal is not None, what="the journal")
    driver.tap(say(app, "Settings"))
    seen: dict[str, Any] = {"before": [t for t in driver.texts() if t.startswith("Card list")]}
    driver.choose(say(app, "Read our card list …"))  # on its page of the settings, turned to as a finger would
    dialog = driver.roots()[0]
    seen["dialog"] = type(dialog).__name__
    dialog.drives = lambda: [Drive(stick, "STICK", None, False)]  # the stick as the drive list finds it
    driver.tap(say(app, "Look again"))
    driver.tap(driver.find("STICK"))
    seen["files"] = driver.texts()
    driver.tap("broken.toml")
    seen["refused"] = dialog.refusal.text
    driver.tap("ours.toml")
    seen["closed"] = driver.roots()[0] is app.root
    seen["word"] = app.root.word
    seen["after"] = [t for t in driver.texts() if t.startswith("Card list")]
    seen["stored"] = app.game_settings("gluecksritter")["documents"]
    driver.tap(say(app, "Back"))
    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    view = app.table.public_view()["view"]
    seen["catalogue"] = {doc: entry["names"] for doc, entry in view["catalogue"].items()}
    # red holds a Tithe (set as the table check would); played, its effect begins with the list's move
    from engines.gluecksritter.commands import CorrectHand

    app.table.submit(CorrectHand("red", ("tithe",), "test: red drew it earlier"))
    driver.tap(say(app, "My documents"))
    driver.tap(app.tr(_person(app, "red")))
    driver.tap(say(app, "I am {player}: show", player="red"))
    driver.tap(say(app, "Play"))
    effect = driver.roots()[0]
    rows = place_rows(effect)
    seen["from"] = [w.text for w in rows[say(app, "From")] if w.state == "down"]
    seen["to"] = [w.text for w in rows[say(app, "To")] if w.state == "down"]
    seen["silver"] = next(w.value for w in effect.walk() if type(w).__name__ == "Stepper" and w.label.text == "Silver")
    silver = app.table.public_view()["view"]["players"][0]["silver"]
    driver.tap(say(app, "Enter the effect"))
    seen["gained"] = app.table.public_view()["view"]["players"][0]["silver"] - silver
    driver.stop()
    return seen


SESSIONS["card-list"] = card_list


def settings_while_playing(data: Path, language: str) -> dict[str, Any]:
    """A Glücksritter game runs with the digital sack; the settings are then changed to a real sack.
    The settings screen's part: its title says new games, a line says this game's own choices (the
    digital sack still), the board's own switches stand apart and apply at once; where the cards
    are chosen is one of them, stored when tapped."""
    import json

    from tests.companion.table.panels import MatrixRig

    rig = MatrixRig()  # the button panel on gpiozero's mock pins
    app, driver = start(data, language, hardware=lambda: {"panel": rig.factory, "leds": rig.leds})
    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    app.store_game_settings("gluecksritter", app.game_settings("gluecksritter") | {"digital_sack": False})
    driver.tap(say(app, "Settings"))
    screen = app.screen("settings")
    part = screen.ids.game.children[0]
    seen: dict[str, Any] = {"title": screen.ids.game_title.text}
    seen["shown"] = [w.text for w in part.walk(restrict=True) if getattr(w, "text", "")]
    from tests.companion.app.touch import shots

    seen["shots"] = shots(driver, screen.ids.list, data, f"gluecksritter-settings-playing-{language}")
    screen_word = say(app, "on the screen")
    toggle = next(w for w in part.walk(restrict=True) if getattr(w, "text", "") == screen_word)
    driver.choose(toggle)
    seen["stored"] = json.loads((data / "app-settings.json").read_text())["games"]["gluecksritter"]
    seen["game_sack"] = app.table.public_view()["view"]["digital_sack"]
    # back at the board, with the button panel there: the cards are chosen behind the cover
    seen["panel"] = app.table.status().panel
    driver.tap(say(app, "Back"))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    seen["choosing_on_panel"] = list(app.table.awaiting().choosing)
    seen["cover_offered"] = [say(app, "{player}: choose in private", player=c) in driver.texts() for c in PLAYERS]
    rig.tap(1, 3)  # a press on the panel picks nothing now, and says why
    driver.until(lambda: app.root.word_is_refusal, what="the press refused")
    seen["press"] = app.root.word
    choose_behind_the_cover(app, driver, PLAYERS[0], (1, 2))
    seen["chosen_on_screen"] = app.table.public_view()["view"]["players"][0]["has_chosen"]
    driver.stop()
    return seen


SESSIONS["gluecksritter-settings-playing"] = settings_while_playing
