"""Playing Die Glücksritter by touch in a test's window: the seats and picks of the tests, a game
set up on the new-game form, a pick behind the privacy cover, a payment and a card drawn, the
choices on the board, the cards and a document's rows of places."""

from __future__ import annotations

from typing import Any

from tests.companion.app.touch import say

PICKS = {"red": (1, 4), "blue": (2, 4), "green": (1, 5), "yellow": (3, 6)}


SEATS = {"red": 1, "blue": 2, "green": 3, "yellow": 4}


def new_game(app: Any, driver: Any, rules_label: str, colours: tuple[str, ...], confirm: bool = False) -> None:
    """A Glücksritter game set up by touch; ``confirm``: a game runs, and the table agrees to save it."""
    driver.tap(say(app, "New game"))
    driver.tap(say(app, rules_label))
    seating = app.screen("new").form.seating
    for colour in colours:  # each tap draws the chips anew: the one on the screen now
        driver.choose(next(chip for chip in seating.chips.children if chip.colour == colour))  # on its page
    driver.tap(say(app, "Start the game"))
    if confirm:
        driver.tap(say(app, "Save it and go on"))
    assert app.root.manager.current == "gluecksritter-board", app.root.manager.current


def to_the_duel(app: Any, driver: Any) -> None:
    """The first round of a Schmidt 1998 game of :data:`PICKS`, the picks pressed on the keyboard
    panel, up to the duel on field 4, which awaits the number die."""
    from engines.gluecksritter import commands as c
    from hardware.panel.config import DEFAULT_KEYS

    table = app.table
    table.submit(c.PlaceDucats(3, 2))
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


def choose_behind_the_cover(app: Any, driver: Any, player: str, cards: tuple[int, int]) -> None:
    """``player`` picks ``cards`` behind the privacy cover and locks them in."""
    driver.tap(say(app, "{player}: choose in private", player=player))
    driver.tap(say(app, "I am {player}: show", player=player))
    for card in cards:
        driver.tap(driver.find(str(card), exact=True))
    driver.tap(say(app, "Lock in"))
    driver.tap(say(app, "Done"))


def pay_the_first_way(driver: Any) -> str | None:
    """Where the rules leave a choice of coins, the first way offered (its words); None where none
    was asked."""
    dialog = driver.roots()[0]
    if type(dialog).__name__ != "PayDialog":
        return None
    ways = [w for w in dialog.walk() if type(w).__name__ == "Big"]
    driver.tap(ways[0])
    return ways[0].text


def enter_the_card(app: Any, driver: Any, document: str = "yellow-seal") -> str | None:
    """With the table's own document cards: behind the cover, the card drawn (said by its name);
    None where no card was asked for."""
    cover = driver.roots()[0]
    if type(cover).__name__ != "EntryCover":
        return None
    driver.tap(say(app, "I am {player}: show", player=cover.player))
    driver.tap(card_button(app, cover, document))
    driver.tap(say(app, "Done"))
    return f"draws {document}"


def choices_of(board: Any) -> list[Any]:
    """The choices' buttons of the board's list, last first (as ``children`` lists them), those two to
    a row (a ``ChoiceRow``) among them; the roll controls' own buttons not."""
    found = []
    for widget in board.ids.options.box.children:
        found += list(reversed(widget.children)) if type(widget).__name__ == "ChoiceRow" else [widget]
    return [w for w in found if hasattr(w, "on_release")]


def card_button(app: Any, page: Any, document: str) -> Any:
    """The button of ``document`` on a page of cards, found by the name on the card."""
    from companion.games.gluecksritter.documents import name

    title = f"[b]{app.tr(name(app.table.public_view()['view'], document))}[/b]"
    return next(w for w in page.walk() if getattr(w, "text", "").split("\n")[0] == title)


def place_rows(dialog: Any) -> dict[str, list[Any]]:
    """A document's effect's rows of places by their titles ("From", "To"): the place buttons."""
    found = {}
    for row in dialog.walk():
        children = list(reversed(getattr(row, "children", [])))
        if len(children) > 3 and type(children[0]).__name__ == "Label" and type(children[1]).__name__ == "Toggle":
            found[children[0].text] = children[1:]
    return found


PLAYERS = ("red", "blue", "green")
