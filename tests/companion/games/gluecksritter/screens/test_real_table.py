"""Die Glücksritter as a real table plays it, in real windows, by touch: the card drawn from the
table's own deck is entered behind the privacy cover and never named on the board; played from the
private view, its effect is entered there as what it moves; a purchase and a ransom the player
cannot pay are greyed with the reason and a finger on them writes nothing; at the end of a round
the table check comes by itself, and a count and a hand that differ are written as corrections with
the reason "table check"; the table's own card list is read from a stick by touch and new games
take it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app import png
from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import (
    PLAYERS,
    card_button,
    choices_of,
    choose_behind_the_cover,
    new_game,
    place_rows,
)
from tests.support.window import in_window

NAMES = {"en": ("Gift", "Red seal", "Yellow seal"), "de": ("Geschenke", "Rotes Siegel", "Gelbes Siegel")}


def not_flat(path: Path) -> None:
    assert png.colours(path, 20) >= 5, f"{path.name} is one flat colour"


def heard(app: Any) -> list[Any]:
    """Every notice the table tells from now on."""
    notices: list[Any] = []
    app.table.listen(notices.append)
    return notices


def refused(notices: list[Any]) -> list[str]:
    """The rules of the refusals among ``notices``."""
    return [n.rule for n in notices if type(n).__name__ == "Refused"]


def commands(app: Any) -> list[dict[str, Any]]:
    """The commands in the journal, as written (the secret parts too: the test reads the file)."""
    rows = app.journal.db.execute("SELECT command FROM entries WHERE kind = 'command' ORDER BY seq").fetchall()
    return [json.loads(command) for (command,) in rows]


def person(app: Any, colour: str) -> Any:
    from companion.app.people import person

    return person(app.table.public_view()["view"], colour)


def given(app: Any, colour: str) -> Any:
    from companion.app.people import names
    from companion.i18n import Cap, Word

    return names(app.table.public_view()["view"]).get(colour) or Cap(Word(colour))


def silver_of(app: Any, seat: int) -> int:
    return app.table.public_view()["view"]["players"][seat]["silver"]


@pytest.mark.parametrize("language", ["en", "de"])
@in_window
def test_a_real_card_is_entered_behind_the_cover_and_played_with_its_effect(tmp_path, language):
    """Field 1 alone: red draws a real card and enters it behind the cover; the board never names
    it. Then red plays it from the private view and enters its effect there (2 silver from the
    sack)."""
    gift, red, yellow = NAMES[language]
    app, driver = start(tmp_path, language)
    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    assert app.table.public_view()["view"]["real_documents"] is True
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    for player, cards in {"red": (1, 5), "blue": (2, 6), "green": (3, 6)}.items():
        choose_behind_the_cover(app, driver, player, cards)
    driver.tap(say(app, "Reveal the documents"))
    driver.tap(say(app, "Reveal the action cards"))
    notices = heard(app)

    driver.tap(say(app, "{player} takes a document", player="red"))  # alone: free, no coins to choose
    cover = driver.roots()[0]
    assert type(cover).__name__ == "EntryCover"
    before_show = driver.texts()
    assert not any(name in text for text in before_show for name in NAMES[language])
    driver.tap(say(app, "I am {player}: show", player="red"))
    offered = [w.text for w in cover.walk() if type(w).__name__ == "Big"]
    assert [text.split("\n")[0] for text in offered] == [f"[b]{gift}[/b]", f"[b]{red}[/b]", f"[b]{yellow}[/b]"]
    assert all("\n[size=" in text for text in offered), "each card says what it does"
    driver.shot(tmp_path / "entry.png")
    driver.tap(card_button(app, cover, "yellow-seal"))
    driver.tap(say(app, "Done"))
    driver.frames()
    board = driver.texts()
    assert not any(yellow in text or "yellow-seal" in text for text in board), "the board names no card"
    assert list(app.table.private_view("red")["you"]["documents"]) == ["yellow-seal"]
    red_before = silver_of(app, 0)

    driver.tap(say(app, "My documents"))
    driver.tap(app.tr(person(app, "red")))
    driver.tap(say(app, "I am {player}: show", player="red"))
    private = driver.texts()
    assert any(text.startswith(f"[b]{yellow}[/b]\n") for text in private)
    driver.shot(tmp_path / "private.png")
    driver.tap(say(app, "Play"))
    effect = driver.roots()[0]
    assert effect.buttons[-1].disabled is True, "nothing entered yet: the effect cannot be entered"
    driver.tap(next(w for w in place_rows(effect)[say(app, "From")] if w.text == say(app, "Sack")))
    driver.tap(next(w for w in place_rows(effect)[say(app, "To")] if w.text == app.tr(given(app, "red"))))
    silver = next(w for w in effect.walk() if type(w).__name__ == "Stepper" and w.label.text == say(app, "Silver"))
    silver.step(2)
    driver.frames()
    assert effect.buttons[-1].disabled is False
    driver.tap(say(app, "Enter the effect"))
    driver.tap(say(app, "Cover again"))
    driver.tap(say(app, "Done"))
    assert silver_of(app, 0) == red_before + 2

    take, play, apply = commands(app)[-3:]
    assert (take["type"], take["player"], take["document"], take["payment"]) == (
        "take-document",
        "red",
        "yellow-seal",
        None,
    )
    assert (play["type"], play["document"]) == ("play-document", "yellow-seal")
    assert apply == {
        "type": "apply-document",
        "player": "red",
        "document": "yellow-seal",
        "moves": [{"source": "sack", "target": "red", "coins": {"silver": 2, "gold": 0}, "walls": 0, "towers": 0}],
    }
    assert refused(notices) == [], "every button tapped was one the rules allow"
    driver.stop()
    not_flat(tmp_path / "entry.png")
    not_flat(tmp_path / "private.png")


def options(app: Any) -> list[Any]:
    return choices_of(app.screen("gluecksritter-board"))


def buttons(app: Any, word: str) -> list[tuple[str, bool]]:
    """The board's choices whose words say ``word``: their text and whether they can be tapped."""
    return [(w.text, not w.disabled) for w in reversed(options(app)) if word in w.text]


def tap_greyed(driver: Any, app: Any, word: str) -> None:
    """A finger on a greyed choice (a real touch: a disabled button takes none)."""
    button = next(w for w in options(app) if word in w.text and w.disabled)
    driver.touch_at(*button.to_window(*button.center))
    driver.frames()


@in_window
def test_what_a_player_cannot_pay_is_greyed_with_the_reason_and_a_finger_on_it_writes_nothing(tmp_path):
    """Blue holds 6 Ducats on field 2 (two walls cost 8); green's knight sits in the dungeon and
    green holds 3 Ducats (the ransom is 4): both greyed with the reason, a tap on them writes
    nothing; what the player can do stays open."""
    from engines.core.correction import Correct
    from engines.gluecksritter import commands as c

    app, driver = start(tmp_path, "en")
    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    table = app.table
    for counter, value in (("green.knight-in-dungeon", 1), ("green.gold", 0), ("green.silver", 3)):
        table.submit(Correct(counter, value, "test: a poor green in the dungeon"))
    driver.frames()
    assert buttons(app, "ransom") == [
        ("Green pays the ransom\nGreen cannot pay 4 Ducats for ransom (holds 3 silver and 0 gold)", False)
    ]
    entry = table.public_view()["entry"]
    tap_greyed(driver, app, "ransom")
    assert table.public_view()["entry"] == entry

    table.submit(c.PlaceDucats(0, 0))  # the digital sack: no coins to draw
    for player, cards in (("red", (5, 6)), ("blue", (2, 6)), ("green", (5, 6))):
        table.submit(c.ChooseActions(player, cards))
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())
    driver.frames()
    assert buttons(app, "walls") == [
        ("Blue buys 2 walls\nBlue cannot pay 8 Ducats for 2 walls (holds 2 silver and 2 gold)", False)
    ]
    driver.shot(tmp_path / "greyed.png")
    entry = table.public_view()["entry"]
    tap_greyed(driver, app, "2 walls")
    assert table.public_view()["entry"] == entry

    driver.choose(next(w for w in options(app) if "buys 1" in w.text))
    driver.tap(next(w for w in driver.roots()[0].walk() if type(w).__name__ == "Big"))  # the first way to pay
    assert table.public_view()["view"]["players"][1]["walls"] == 1, "the purchase blue can pay is still offered"
    driver.stop()
    not_flat(tmp_path / "greyed.png")


def cell(check: Any, *, row: int, column: int) -> Any:
    """A number of the check's table: ``row`` 1 is the first player, ``column`` 1 silver."""
    grid = next(w for w in check.walk() if type(w).__name__ == "GridLayout" and getattr(w, "cols", 0) == 7)
    cells = list(reversed(grid.children))
    return cells[row * 7 + column]


def is_check(driver: Any) -> bool:
    return type(driver.roots()[0]).__name__ == "TableCheck"


@in_window
def test_the_table_check_at_the_end_of_a_round_corrects_a_count_and_a_hand(tmp_path):
    """A round played to its end: the table check comes by itself; blue's silver differs and is
    corrected; red's hand differs (a Gift the app did not know of) and is set behind the cover;
    then all is as on the table, and the board is back. The board keeps one check, which speaks
    the language switched to."""
    from engines.gluecksritter import commands as c

    app, driver = start(tmp_path, "de")
    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    table = app.table
    table.submit(c.PlaceDucats(0, 0))  # the digital sack: no coins to draw
    for player in PLAYERS:
        table.submit(c.ChooseActions(player, (5, 6)))
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())  # nobody on 1 to 4, fields 5 and 6 empty: the round ends
    driver.until(lambda: is_check(driver), what="the table check")
    assert table.public_view()["view"]["round"] == 2
    assert driver.texts()[:8] == [
        "Tischprüfung vor Runde 2",
        "Liegt das so auf dem Tisch? Tippe auf eine Zahl, die nicht stimmt.",
        "Silber",
        "Gold",
        "Mauern",
        "Türme",
        "Dokumente",
        "Verlies",
    ]
    driver.shot(tmp_path / "check.png")
    check = driver.roots()[0]
    blue_silver = cell(check, row=2, column=1)
    assert blue_silver.text == "2"
    driver.tap(blue_silver)
    assert check.buttons[-1].disabled is True, "the same number is no correction"
    driver.tap("+")
    driver.tap(say(app, "Write the correction"))
    assert table.public_view()["view"]["players"][1]["silver"] == 3
    assert say(app, "All as on the table") in driver.texts()  # back to the overview

    driver.tap(cell(driver.roots()[0], row=1, column=5))  # red's documents
    cover = driver.roots()[0]
    assert type(cover).__name__ == "HandCover"
    assert driver.texts()[0] == "Jetzt schaut nur Rot"
    driver.tap(say(app, "I am {player}: show", player="red"))
    gift = next(w for w in cover.walk() if type(w).__name__ == "Stepper" and w.label.text == "Geschenke")
    gift.step(1)
    driver.frames()
    driver.tap(say(app, "Write the correction"))
    driver.tap(say(app, "Done"))
    driver.until(lambda: is_check(driver), what="the check again")
    assert table.public_view()["view"]["players"][0]["documents"] == 1
    driver.tap(say(app, "All as on the table"))
    assert driver.roots()[0] is app.root  # the check closed
    count, hand = commands(app)[-2:]
    assert count == {"type": "correct", "counter": "blue.silver", "value": 3, "reason": "Tischprüfung"}
    assert hand == {"type": "correct-hand", "player": "red", "documents": ["gift"], "reason": "Tischprüfung"}

    app.switch_language("en")  # the board's one check, opened again from the bar, speaks it too
    driver.tap(say(app, "Table check"))
    driver.until(lambda: is_check(driver), what="the check from the bar")
    assert driver.roots()[0] is check  # the board keeps one check
    driver.shot(tmp_path / "check-again.png")
    assert driver.texts()[:3] == [
        "Table check before round 2",
        "Does the table show this? Tap a number that differs.",
        "Silver",
    ]
    assert cell(driver.roots()[0], row=2, column=1).text == "3"  # its numbers as they stand now
    driver.tap(say(app, "All as on the table"))
    app.switch_language("de")
    driver.tap(say(app, "Game log"))
    log = driver.texts()
    assert "   Von Hand korrigiert: Silber von Blau von 2 auf 3 (Tischprüfung)." in log
    assert "   Von Hand korrigiert: Dokumente von Rot von 0 auf 1 (Tischprüfung)." in log
    assert not any("Geschenke" in text for text in log), "the log counts the hand, never names a card"
    driver.stop()
    not_flat(tmp_path / "check.png")
    not_flat(tmp_path / "check-again.png")


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


@in_window
def test_the_tables_own_card_list_is_read_from_a_stick_by_touch_and_new_games_take_it(tmp_path):
    """The table's own card list read from a stick by touch (a list that is not the box's 25 cards
    first: said in red, nothing changes); a new game then offers its cards behind the cover, and a
    card's effect begins with the moves the list gives."""
    from companion.results.drives import Drive
    from engines.gluecksritter.commands import CorrectHand

    stick = tmp_path / "STICK"
    stick.mkdir()
    (stick / "broken.toml").write_text(CARD_LIST.replace("count = 12", "count = 11"), encoding="utf-8")
    (stick / "ours.toml").write_text(CARD_LIST, encoding="utf-8")
    app, driver = start(tmp_path, "en")
    driver.until(lambda: app.journal is not None, what="the journal")
    driver.tap(say(app, "Settings"))
    assert [t for t in driver.texts() if t.startswith("Card list")] == [
        "Card list: the shipped one (Gift, Red seal and Yellow seal)"
    ]
    driver.choose(say(app, "Read our card list …"))  # on its page of the settings, turned to as a finger would
    dialog = driver.roots()[0]
    assert type(dialog).__name__ == "CardListDialog"
    dialog.drives = lambda: [Drive(stick, "STICK", None, False)]  # the stick as the drive list finds it
    driver.tap(say(app, "Look again"))
    driver.tap(driver.find("STICK"))
    files = driver.texts()
    assert "broken.toml" in files and "ours.toml" in files
    driver.tap("broken.toml")
    refusal = dialog.refusal.text
    assert refusal.startswith("This card list cannot be used: ") and "counts 24 cards" in refusal
    driver.tap("ours.toml")
    assert driver.roots()[0] is app.root  # the dialog closed
    assert app.root.word == "Card list ours.toml read: 2 kinds of card; new games take it."
    assert [t for t in driver.texts() if t.startswith("Card list")][0] == (
        "Card list: our own, 2 kinds of card (Tithe and Levy)"
    )
    stored = app.game_settings("gluecksritter")["documents"]
    assert [entry["id"] for entry in stored] == ["tithe", "levy"]
    assert stored[0]["moves"] == [{"from": "sack", "to": "holder", "silver": 2}]
    driver.tap(say(app, "Back"))

    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    catalogue = app.table.public_view()["view"]["catalogue"]
    assert {doc: entry["names"] for doc, entry in catalogue.items()} == {
        "tithe": {"de": "Zehnt", "en": "Tithe"},
        "levy": {"de": "Abgabe", "en": "Levy"},
    }
    # red holds a Tithe (set as the table check would); played, its effect begins with the list's move
    app.table.submit(CorrectHand("red", ("tithe",), "test: red drew it earlier"))
    driver.tap(say(app, "My documents"))
    driver.tap(app.tr(person(app, "red")))
    driver.tap(say(app, "I am {player}: show", player="red"))
    driver.tap(say(app, "Play"))
    effect = driver.roots()[0]
    rows = place_rows(effect)
    chosen_from = [w.text for w in rows[say(app, "From")] if w.state == "down"]
    chosen_to = [w.text for w in rows[say(app, "To")] if w.state == "down"]
    silver = next(w.value for w in effect.walk() if type(w).__name__ == "Stepper" and w.label.text == "Silver")
    assert (chosen_from, chosen_to, silver) == (["Sack"], ["Red"], 2), "the list's move, offered first"
    before = silver_of(app, 0)
    driver.tap(say(app, "Enter the effect"))
    assert silver_of(app, 0) - before == 2
    driver.stop()
