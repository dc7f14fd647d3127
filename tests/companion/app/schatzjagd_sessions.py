"""Sessions of a Schatzjagd game on the touch screen (run as :mod:`tests.companion.app.sessions`
runs them): a whole game played by touches and die faces tapped as with a real die, into the
journal, until a victory (a fight with a monster to the death, a shop in the city, a treasure dug
up and hidden behind the cover); the same game with the two princes' face-down cards swapped,
for the no-notes check; and a game killed in the middle of a fight, then started again."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.companion.app.touch import button, start, tap_in
from tests.companion.games.schatzjagd.screens.driving import TABLE_SCREEN, new_game


class Table:
    """The table screen as the players touch it."""

    def __init__(self, app: Any, driver: Any) -> None:
        self.app, self.driver = app, driver

    def tr(self, msgid: str, **values: Any) -> str:
        from companion.i18n import Message, Person

        values = {k: Person(v, "Anna" if v == "red" else None) if k == "player" else v for k, v in values.items()}
        return self.app.tr(Message(msgid, **values))

    def option(self, text: str) -> None:
        """A button of the screen's choices that says ``text`` (once the screen shows it)."""
        options = self.app.screen(TABLE_SCREEN).ids.options

        def there() -> bool:
            return any(getattr(w, "text", None) == text for w in options.box.walk(restrict=True))

        self.driver.until(there, seconds=20, what=f"a choice {text!r}; the prompt says {_prompt(self.app)!r}")
        tap_in(self.driver, options, button(options.box, text))

    def choose(self, msgid: str, **values: Any) -> None:
        self.option(self.tr(msgid, **values))

    def face(self, number: int) -> None:
        """The face of a real die, tapped."""
        self.option(str(number))

    def dialog(self, text: str) -> None:
        """A button of the open dialog that says ``text``."""
        from companion.app.pieces.dialog import open_dialogs

        dialogs = open_dialogs()
        assert dialogs, f"no dialog is open to tap {text!r}"
        self.driver.tap(button(dialogs[-1], text))

    def closed(self) -> None:
        """The dialog took its command: it is gone (else the refusal it says is the failure)."""
        from companion.app.pieces.dialog import open_dialogs

        self.driver.frames(2)
        left = open_dialogs()
        assert not left, f"the dialog stayed open: {left[-1].refusal.text!r}"

    def field(self, name: str) -> None:
        self.dialog(name[0])
        self.dialog(name[1:])

    def journey(self, face: int, *, field: str | None = None, mode: str | None = None, place: str = "") -> None:
        """The die for the journey, then where the henchman stopped: a field, or a place of the city
        or a castle (``mode`` "City" or "Castle" and the place's button)."""
        self.face(face)
        self.choose("Where the henchman stopped")
        if field:
            self.field(field)
            self.dialog(self.tr("To {place}", place=field))
        else:
            self.dialog(self.tr(mode))
            self.dialog(place)
            self.dialog(self.tr("To {place}", place=_Raw(place)))
        self.closed()

    def slot(self, field: str) -> None:
        self.choose("Slot a card face down")
        self.field(field)
        self.dialog(self.tr("Slot it into {place}", place=field))
        self.closed()

    def cover(self, colour: str, kind: str) -> None:
        """Behind the privacy cover: show, the kind tapped, covered again."""
        from companion.i18n import Cap, Word

        self.dialog(self.tr("I am {player}: show", player=colour))
        self.dialog(self.app.tr(Cap(Word(kind))))
        self.dialog(self.tr("Done"))


class _Raw(str):
    """A text already in the table's language (a place's button)."""


def readable(app: Any, driver: Any) -> dict[str, Any]:
    """Everything the players can read now: the table screen, the game log screen, the public view
    and the game log as the table gives them."""
    table = app.table
    seen = {"screen": driver.texts(), "view": table.public_view()["view"], "log": table.log()}
    driver.tap(app.say("Game log"))
    seen["log_screen"] = driver.texts()
    driver.tap(app.say("Back"))
    return seen


def whole_game(data: Path, swap: str = "0", language: str = "de") -> dict[str, Any]:
    """Anna (red) and blue play to Anna's victory: two cards slotted face down on D4 and E5 (with
    ``swap`` "1" the princes' fields swapped), Anna's henchman meets a monster on D4 and dies in
    the fight, blue washes dishes at the inn, Anna digs up a crown and hides it. What the table
    could read just before the hiding is returned for the no-notes check."""
    app, driver = start(data, language)
    new_game(app, driver, {"red": "Anna"}, ("red", "blue"), victory=1)
    t = Table(app, driver)
    red_field, blue_field = ("E5", "D4") if swap == "1" else ("D4", "E5")
    # day 1
    t.journey(3, field="C7")
    t.slot(red_field)
    t.choose("End the turn")
    t.face(2)
    t.choose("Where the henchman stopped")
    t.field("E2")
    t.dialog(t.tr("City walls"))  # the field lies before them
    t.dialog(t.tr("To {place}", place="E2"))
    t.closed()
    t.slot(blue_field)
    t.choose("End the turn")
    # day 2: the card on D4 is a monster of power 3 with a reward of 1 gold; Anna's henchman dies
    fight, exchanges, died, blue_gold = monster_then_inn(app, t)
    # day 3: Anna digs on F6 behind the cover; blue leaves the city
    t.journey(2, field="F6")
    t.choose("Dig with a map here")
    t.cover("red", "crown")
    t.choose("End the turn")
    t.journey(5, field="G5")
    t.choose("End the turn")
    # day 4: home, and the crown hidden
    t.journey(6, mode="Castle", place=app.tr(_castle("red")))
    seen = readable(app, driver)
    t.choose("Hide a treasure")
    t.cover("red", "crown")
    return the_end(app, driver, fight=fight, exchanges=exchanges, died=died, blue_gold=blue_gold, seen=seen)


def monster_then_inn(app: Any, t: Any) -> tuple[Any, int, Any, int]:
    """Day 2 of both whole games: the card on D4 is a monster of power 3 with a reward of 1 gold,
    and Anna's henchman dies fighting it (2 + 1 against 3 + 6, again and again); then blue washes
    dishes at the inn, after the night before the city walls. What the fight began with, how many
    exchanges it took, Anna's henchman after it and blue's gold after the inn."""
    t.journey(1, field="D4")
    t.choose("Enter the card turned up")
    t.dialog(t.tr("Monster"))
    t.dialog("−")
    t.dialog("−")
    t.dialog(t.tr("Gulden"))
    t.dialog(t.tr("Add"))
    t.dialog(t.tr("Turn it up"))
    fight = {"fight": app.table.public_view()["view"]["fight"], "prompt": _prompt(app)}
    exchanges = 0
    while app.table.public_view()["view"]["fight"] is not None:
        t.face(1)  # Anna's henchman: 2 + 1
        t.face(6)  # blue rolls for the monster: 3 + 6
        exchanges += 1
    died = app.table.public_view()["view"]["players"][0]
    t.choose("End the turn")
    t.journey(4, mode="City", place=app.tr(_message("Inn")))
    t.choose("Wash dishes at the inn: +2 gold")
    blue_gold = app.table.public_view()["view"]["players"][1]["gold"]
    t.choose("End the turn")
    return fight, exchanges, died, blue_gold


def the_end(app: Any, driver: Any, *, fight: Any, **seen: Any) -> dict[str, Any]:
    """The result screen, come by itself, then the game behind it: what a whole game reports."""
    from companion.i18n import Message

    driver.until(lambda: app.root.manager.current == "result", what="the result, by itself at the end")
    result_texts = driver.texts()
    driver.choose(app.tr(Message("Back to the game")))
    view = app.table.public_view()
    result = {
        **seen,
        "result_screen": result_texts,
        "first_fight": fight,
        "over": view["view"]["phase"],
        "winner": view["view"]["winner"],
        "entry": view["entry"],
        "journal": str(app.journal_path),
        "end_screen": driver.texts(),
    }
    driver.stop()
    return result


class Shown(Table):
    """The table screen touched only where a finger sees it: each choice and each dialog's button
    by :meth:`Driver.choose` (the page arrows tapped until it shows, then the button)."""

    def option(self, text: str) -> None:
        options = self.app.screen(TABLE_SCREEN).ids.options

        def there() -> bool:
            return any(getattr(w, "text", None) == text for w in options.box.walk(restrict=True))

        self.driver.until(there, seconds=20, what=f"a choice {text!r}; the prompt says {_prompt(self.app)!r}")
        self.driver.choose(button(options.box, text))

    def dialog(self, text: str) -> None:
        from companion.app.pieces.dialog import open_dialogs

        dialogs = open_dialogs()
        assert dialogs, f"no dialog is open to tap {text!r}"
        self.driver.choose(button(dialogs[-1], text))


def whole_game_four(data: Path, language: str = "de") -> dict[str, Any]:
    """Four princes at the 800×480 table, every touch on what the screen shows: Anna (red) meets the
    monster on D4 and her henchman dies in the fight, blue washes dishes at the inn, green and
    yellow travel and slot a card each, Anna digs up a crown and hides it at home: her victory."""

    app, driver = start(data, language)
    new_game(app, driver, {"red": "Anna"}, ("red", "blue", "green", "yellow"), victory=1)
    t = Shown(app, driver)
    players = [p["colour"] for p in app.table.public_view()["view"]["players"]]
    # day 1: each prince's henchman goes out and each prince slots a card face down
    t.journey(3, field="C7")
    t.slot("D4")
    t.choose("End the turn")
    t.face(2)
    t.choose("Where the henchman stopped")
    t.field("E2")
    t.dialog(t.tr("City walls"))
    t.dialog(t.tr("To {place}", place="E2"))
    t.closed()
    t.slot("E5")
    t.choose("End the turn")
    t.journey(2, field="H2")
    t.slot("H5")
    t.choose("End the turn")
    t.journey(2, field="K2")
    t.slot("K5")
    t.choose("End the turn")
    # day 2: the monster on D4 (power 3, a reward of 1 Gulden); Anna's henchman dies
    fight, exchanges, died, blue_gold = monster_then_inn(app, t)
    t.journey(1, field="H3")
    t.choose("End the turn")
    t.journey(1, field="K3")
    t.choose("End the turn")
    # day 3: Anna digs on F6 behind the cover; the others travel on
    t.journey(2, field="F6")
    t.choose("Dig with a map here")
    t.cover("red", "crown")
    t.choose("End the turn")
    for face, field in ((5, "G5"), (1, "H4"), (1, "K4")):
        t.journey(face, field=field)
        t.choose("End the turn")
    # day 4: home, and the crown hidden
    t.journey(6, mode="Castle", place=app.tr(_castle("red")))
    t.choose("Hide a treasure")
    t.cover("red", "crown")
    return the_end(app, driver, players=players, fight=fight, exchanges=exchanges, died=died, blue_gold=blue_gold)


def until_killed(data: Path) -> dict[str, Any]:
    """Into a fight with a monster: one exchange, then the first die of the next; say so, and wait
    to be killed."""
    app, driver = start(data, "de")
    new_game(app, driver, {"red": "Anna"}, ("red", "blue"), victory=1)
    t = Table(app, driver)
    t.journey(3, field="C7")
    t.slot("D4")
    t.choose("End the turn")
    t.journey(2, field="E2")
    t.choose("End the turn")
    t.journey(1, field="D4")
    t.choose("Enter the card turned up")
    t.dialog(t.tr("Monster"))
    t.dialog(t.tr("Turn it up"))
    t.face(6)
    t.face(1)  # one exchange: 2 + 6 against 5 + 1, the monster loses 2
    t.face(5)  # the first die of the second exchange, not yet written
    view = app.table.public_view()
    print(
        json.dumps({"ready": True, "entry": view["entry"], "fight": view["view"]["fight"], "prompt": _prompt(app)}),
        flush=True,
    )
    while True:
        driver.frames(1)
        time.sleep(0.01)


def restarted(data: Path) -> dict[str, Any]:
    app, driver = start(data)
    driver.frames(3)
    view = app.table.public_view()
    rolls = app.table.awaiting().rolls
    result = {
        "screen": app.root.manager.current,
        "entry": view["entry"],
        "fight": view["view"]["fight"],
        "roll_for": rolls[0].player if rolls else None,
        "prompt": _prompt(app),
        "word": app.root.word,
    }
    t = Table(app, driver)
    t.face(1)  # the monster's die: the second exchange, now whole, with Anna's 5 from before the cut
    result["after"] = app.table.public_view()["view"]["fight"]
    game = app.table.public_view()["game_id"]
    result["written"] = app.journal.entry(game, app.table.public_view()["entry"]).command
    driver.stop()
    return result


def _prompt(app: Any) -> str:
    return app.screen(TABLE_SCREEN).ids.prompt.text


def _message(msgid: str) -> Any:
    from companion.i18n import Message

    return Message(msgid)


def _castle(colour: str) -> Any:
    from companion.i18n import Cap, Message, Word

    return Message("Castle {owner}", owner=Cap(Word(colour)))


SESSIONS = {
    "schatzjagd-whole-game": whole_game,
    "schatzjagd-whole-game-four": whole_game_four,
    "schatzjagd-until-killed": until_killed,
    "schatzjagd-restarted": restarted,
}
