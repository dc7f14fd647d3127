"""A whole game of each rule set by touch, as a table with its own document cards plays it: a
seeded table taps only what the screen offers (never a greyed choice), chooses behind the privacy
cover, enters each card it draws from its own shuffled deck, plays documents from the private view
and enters their effects, answers the table check, rolls on the screen, until the result comes.
Every choice the screen offered was one the player could make (not one refusal after a tap), the
game needed no correction, and the result came by itself."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import card_button, choices_of, new_game, place_rows
from tests.support.window import in_window

LABELS = {"schmidt-1998": "Schmidt 1998 (German)", "osullivan-2002": "2002 English variant"}
PLAYERS = ("red", "blue", "green", "yellow")
LIKED = (  # the words of the choices a table that wants to finish takes more often
    ("buys 2", 6),
    ("buys 1", 4),
    ("Roll on the screen", 9),
    ("pays the royal tax", 5),
    ("End the round", 5),
    ("Reveal", 5),
    ("Enter the Ducat card", 9),
    ("choose in private", 9),
    ("takes a document", 2),
    ("accepts the offer", 3),
    ("takes the gold", 2),
    ("raids", 2),
)


class Table:
    """The players: a random generator, the app, its driver, and the deck of cards on the table."""

    def __init__(self, app: Any, driver: Any, rng: random.Random) -> None:
        self.app, self.driver, self.rng = app, driver, rng
        self.refused: list[str] = []
        self.taps = 0
        self.drawn = 0
        self.played = 0
        self.effects = 0
        self.checks = 0
        app.listen(self.heard)

    def heard(self, notice: Any) -> None:
        if type(notice).__name__ == "Refused":
            self.refused.append(f"{notice.rule}: {notice.message}")

    def tap(self, target: Any) -> None:
        self.taps += 1
        self.driver.choose(target)  # a choice on another page of its list: the page turned to first

    def view(self) -> dict[str, Any]:
        return self.app.table.public_view()["view"]

    # ----------------------------------------------------------------------------- a turn
    def step(self) -> None:
        root = self.driver.roots()[0]
        kind = type(root).__name__
        handler = getattr(self, f"on_{kind}", None)
        if root is self.app.root:
            self.board()
        elif handler is not None:
            handler(root)
        else:  # a message or the help: read, then back
            self.tap(root.buttons[0])

    def board(self) -> None:
        if self.app.root.manager.current != "gluecksritter-board":
            self.app.goto("gluecksritter-board")
            self.driver.frames()
            return
        holders = [p["colour"] for p in self.view()["players"] if p["documents"]]
        if holders and self.rng.random() < 0.25:
            self.my_documents(holders)
            return
        board = self.app.screen("gluecksritter-board")
        options = [w for w in choices_of(board) if not w.disabled]
        assert options, f"nothing to tap: {board.ids.prompt.text!r}"
        weights = [next((w for words, w in LIKED if words in option.text), 1) for option in options]
        self.tap(self.rng.choices(options, weights)[0])

    def my_documents(self, holders: list[str]) -> None:
        """A player looks at their documents behind the cover and plays one now and then."""
        self.tap(say(self.app, "My documents"))
        colour = self.rng.choice(holders)
        from companion.app.people import person

        self.tap(self.app.tr(person(self.view(), colour)))

    # ----------------------------------------------------------------------------- dialogs
    def on_TableCheck(self, check: Any) -> None:
        self.checks += 1
        self.tap(say(self.app, "All as on the table"))

    def on_DucatsDialog(self, dialog: Any) -> None:
        dialog.top_number.step(self.rng.randint(-2, 3))
        dialog.bottom_number.step(self.rng.randint(-2, 3))
        self.tap(say(self.app, "Place the coins"))

    def on_ChooseCover(self, cover: Any) -> None:
        if cover.stage == "cover":
            self.tap(say(self.app, "I am {player}: show", player=cover.player))
        elif cover.stage == "done":
            self.tap(say(self.app, "Done"))
        else:
            cards = [w for w in cover.walk() if type(w).__name__ == "Toggle" and not w.disabled]
            me = next(p for p in self.view()["players"] if p["colour"] == cover.player)
            wanted = (2, 3) if me["value"] >= 10 else (5, 6)
            if self.rng.random() < 0.4:
                wanted = tuple(self.rng.sample([int(w.text) for w in cards], 2))
            for card in wanted:
                button = next((w for w in cards if w.text == str(card)), None)
                if button is not None and len(cover.picked) < 2:
                    self.tap(button)
                    cards = [w for w in cover.walk() if type(w).__name__ == "Toggle" and not w.disabled]
            while len(cover.picked) < 2:
                self.tap(self.rng.choice([w for w in cards if int(w.text) not in cover.picked]))
                cards = [w for w in cover.walk() if type(w).__name__ == "Toggle" and not w.disabled]
            self.tap(say(self.app, "Lock in"))

    def on_PayDialog(self, dialog: Any) -> None:
        self.tap(self.rng.choice([w for w in dialog.walk() if type(w).__name__ == "Big"]))

    def on_EntryCover(self, cover: Any) -> None:
        if cover.stage == "cover":
            self.tap(say(self.app, "I am {player}: show", player=cover.player))
        elif cover.stage == "done":
            self.tap(say(self.app, "Done"))
        else:  # the top card of the table's deck (the app's count of it is the cardboard's)
            state = self.app.table._session.state
            document = self.rng.choice(state.deck or state.discard)
            self.drawn += 1
            self.tap(card_button(self.app, cover, document))

    def on_DocumentsCover(self, cover: Any) -> None:
        texts = [getattr(w, "text", "") for w in cover.walk()]
        if say(self.app, "I am {player}: show", player=cover.player) in texts:
            self.tap(say(self.app, "I am {player}: show", player=cover.player))
        elif say(self.app, "Done") in texts:
            self.tap(say(self.app, "Done"))
        elif say(self.app, "Enter the effect") in texts:
            self.effect(cover)
        else:
            plays = [w for w in cover.walk() if type(w).__name__ == "Big" and not w.disabled and "Play" in w.text]
            if plays and self.rng.random() < 0.7:
                self.played += 1
                self.tap(self.rng.choice(plays))
            else:
                self.tap(say(self.app, "Cover again"))

    def on_EffectDialog(self, dialog: Any) -> None:
        self.effect(dialog)

    def effect(self, dialog: Any) -> None:
        """What the card moves: a silver from the sack for its holder, or nothing."""
        self.effects += 1
        if self.rng.random() < 0.5 and self.view()["sack"]["silver"]:
            holder = dialog.form.player if hasattr(dialog, "form") else dialog.player
            self.tap(next(w for w in place_rows(dialog)[say(self.app, "From")] if w.text == say(self.app, "Sack")))
            seat = [p["colour"] for p in self.view()["players"]].index(holder)
            self.tap(place_rows(dialog)[say(self.app, "To")][seat])  # the rows are drawn anew after each tap
            silver = next(
                w for w in dialog.walk() if type(w).__name__ == "Stepper" and w.label.text == say(self.app, "Silver")
            )
            silver.step(1)
            self.driver.frames(1)
            if not dialog.buttons[-1].disabled:
                self.tap(dialog.buttons[-1])
                return
            silver.step(-1)
        self.tap(say(self.app, "It moves nothing"))

    def on_OfferDialog(self, dialog: Any) -> None:
        dialog.ducats.step(self.rng.randint(1, 4))
        self.driver.frames(1)
        self.tap(dialog.buttons[-1] if not dialog.buttons[-1].disabled else dialog.buttons[0])

    def on_HandOverDialog(self, dialog: Any) -> None:
        (dialog.silver if dialog.silver.high else dialog.gold).step(1)
        self.driver.frames(1)
        self.tap(dialog.buttons[-1] if not dialog.buttons[-1].disabled else dialog.buttons[0])

    def on_HandCover(self, cover: Any) -> None:
        self.tap(cover.buttons[0])


@pytest.mark.parametrize(("rules", "seed"), [("schmidt-1998", 1), ("osullivan-2002", 3)])
@in_window
def test_a_whole_game_by_touch_offers_only_what_can_be_done(tmp_path, rules, seed):
    app, driver = start(tmp_path, "de" if rules == "schmidt-1998" else "en", seed=seed)
    new_game(app, driver, LABELS[rules], PLAYERS)
    table = Table(app, driver, random.Random(seed))
    for _ in range(6000):
        if app.running_is_over():
            break
        table.step()
    view = table.view()
    assert app.running_is_over(), f"no result after {table.taps} taps, in round {view['round']}"
    assert app.root.manager.current == "result" and view["winners"], "the result came by itself"
    assert table.refused == [], "a choice the screen offered was refused"
    log = app.table.log()
    assert [line["command"] for line in log if line.get("correction")] == [], "the rules could have made every change"
    assert view["real_documents"] is True and table.drawn > 0, "the cards drawn were the table's own, entered"
    assert table.checks >= view["round"] - 1, "the table check came at the end of every round"
    commands = {line["command"] for line in log if "command" in line}
    assert {"take-document", "buy-pieces", "knight-act", "reveal-actions"} <= commands
    if rules == "osullivan-2002":
        assert {"play-document", "apply-document", "make-offer"} <= commands
        handed = sum(e["type"] == "handed-over" for line in log for e in line.get("events", ()))
        assert handed > 0, "a document's effect moved coins, entered from the screen"
    driver.stop()
