"""A whole round of each rule set played through the app's window by touch alone: a new game set
up on the screen, the Ducat card, each player choosing behind the privacy cover, the reveal, and
field by field until the next round, with the on-screen die. The same round of the 2002 variant
with the secret choice on the button panel instead (the default matrix on mock pins, with its
LEDs) and everything else by touch. What the journal file holds afterwards is what was played."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import (
    PICKS,
    SEATS,
    choices_of,
    choose_behind_the_cover,
    enter_the_card,
    new_game,
    pay_the_first_way,
)
from tests.support.window import in_window

LABELS = {"schmidt-1998": "Schmidt 1998 (German)", "osullivan-2002": "2002 English variant"}
LANGUAGES = {"schmidt-1998": "de", "osullivan-2002": "en"}

PREFERRED = (  # what a careful player taps, first found first
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


def to_the_fields(app: Any, driver: Any, rules: str, pick: Callable[[str, tuple[int, int]], None]) -> None:
    """A new game of ``rules`` set up by touch, the Ducat card entered, each player's two cards
    chosen by ``pick``, and both reveals: the round stands at its first field."""
    new_game(app, driver, LABELS[rules], tuple(PICKS))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    for player, cards in PICKS.items():
        pick(player, cards)
    driver.until(lambda: not app.table.awaiting().choosing and not app.table.awaiting().locked, what="the picks")
    driver.tap(say(app, "Reveal the documents"))
    driver.tap(say(app, "Reveal the action cards"))


def play_the_round_by_touch(app: Any, driver: Any) -> list[str]:
    """Field by field until the next round begins, always tapping what a careful player would; what
    was tapped."""
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
                tapped.append(str(enter_the_card(app, driver)))
            elif type(dialog).__name__ == "EffectDialog":
                driver.tap(say(app, "It moves nothing"))
            elif "offer" in type(dialog).__name__.lower():
                dialog.ducats.step(1)
                driver.tap(say(app, "Offer"))
                if driver.roots()[0] is dialog:  # refused: the table says why; leave the dialog
                    driver.tap(say(app, "Back"))
    raise AssertionError(f"the round did not end; tapped {tapped[-10:]}; the table said {app.root.word!r}")


def journal(data: Path) -> tuple[dict[str, Any], list[str]]:
    """The running game as the journal file at ``data`` holds it: its view, its commands in order."""
    from companion.journal.session import Session
    from companion.journal.store import Journal

    with Journal.open(data / "journal.sqlite3", create=False) as opened:
        session = Session.resume(opened)
        assert session is not None
        return session.public_view()["view"], [line["command"] for line in session.log()]


@pytest.mark.parametrize("rules", ["schmidt-1998", "osullivan-2002"])
@in_window
def test_a_round_by_touch_goes_into_the_journal(tmp_path, rules):
    app, driver = start(tmp_path, LANGUAGES[rules])
    to_the_fields(app, driver, rules, lambda player, cards: choose_behind_the_cover(app, driver, player, cards))
    tapped = play_the_round_by_touch(app, driver)
    assert tapped, "nothing was tapped in phase E"
    driver.stop()

    view, commands = journal(tmp_path)
    assert (view["rules"], view["round"], view["phase"]) == (rules, 2, "A")
    assert commands[:7] == ["place-ducats"] + ["choose-actions"] * 4 + ["reveal-documents", "reveal-actions"]
    assert {"take-document", "buy-pieces", "knight-act"} <= set(commands)
    if rules == "schmidt-1998":  # red and blue both chose the Black Knight: a duel on the die
        assert commands.count("roll-die") >= 2
    else:  # they haggle; blue's wall makes red's castle the smaller, so red names who offers first
        assert {"choose-first-offerer", "make-offer", "accept-offer", "pay-offer"} <= set(commands)
    assert commands[-1] == "end-round"  # red holds a document, so the round waited for the table


@in_window
def test_a_round_with_the_panel_goes_into_the_journal(tmp_path):
    from tests.companion.table.panels import MatrixRig

    rig = MatrixRig()
    app, driver = start(tmp_path, "en", hardware=lambda: {"panel": rig.factory, "leds": rig.leds})

    def on_the_panel(player: str, cards: tuple[int, int]) -> None:
        for card in cards:
            rig.tap(SEATS[player], card)

    to_the_fields(app, driver, "osullivan-2002", on_the_panel)
    assert play_the_round_by_touch(app, driver), "nothing was tapped in phase E"
    driver.stop()

    view, commands = journal(tmp_path)
    assert (view["round"], view["phase"]) == (2, "A")
    assert commands[1:5] == ["choose-actions"] * 4  # the four picks went in together at the reveal
    assert {"make-offer", "accept-offer", "pay-offer", "end-round"} <= set(commands)
