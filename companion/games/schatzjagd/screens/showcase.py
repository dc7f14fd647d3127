"""Schatzjagd's scripted states for ``companion screenshots``: a game set up by touch, a journey
(the die, then the field), a card slotted face down, each type of card turned up, a fight with a
monster exchange by exchange and a flight, a fight between henchmen to the death, the city's four
shops, a treasure dug and hidden behind the cover, the teleportal, a search of a rival's vaults,
an undo with its words, Grandlin's catharsis and the victory. Touches where a player would touch
(the die's faces tapped, as with a real die); the table's commands where the same screen was
already shown once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.uix.behaviors import ButtonBehavior

from companion.i18n import Cap, Person, Word
from companion.i18n import Message as M
from engines.core.correction import Correct
from engines.schatzjagd import commands as c
from engines.schatzjagd.view_types import SchatzjagdView

NAMES = {"red": "Anna", "blue": "Ben"}  # yellow gives none: called by the colour
SEATS = ("red", "blue", "yellow")


def play(driver: Any, shot: Callable[[str], None]) -> None:
    app = App.get_running_app()
    say = app.say
    form = driver.new_game_form("Schatzjagd")
    seating = form.seating
    for colour in SEATS:
        driver.choose(next(chip for chip in seating.chips.children if chip.colour == colour))
    fields = [w for w in seating.name_rows.children if hasattr(w, "hint_text")][::-1]
    for colour, field in zip(seating.seated, fields, strict=True):
        field.text = NAMES.get(colour, "")
    shot("schatzjagd-new-game")
    in_form(driver, form, app.tr(M("Any treasures")))  # a short evening: one treasure hidden wins
    for _ in range(3):
        in_form(driver, form, "−", inside=form.count_row)
    in_form(driver, form, app.tr(M("Plunder: off")))
    in_form(driver, form, app.tr(M("Grandlin's catharsis: off")))
    shot("schatzjagd-new-game-agreed")
    driver.choose(say("Start the game"))
    if app.root.manager.current != "schatzjagd-table":  # a game still runs: it is saved first
        driver.choose(say("Save it and go on"))
    Showcase(driver, shot).run()


def in_form(driver: Any, form: Any, text: str, inside: Any = None) -> None:
    """A button of the new-game form (or of a part of it), scrolled into view and tapped."""
    button = next(w for w in (inside or form).walk(restrict=True) if isinstance(w, ButtonBehavior) and w.text == text)
    form.scroll.scroll_to(button, padding=10, animate=False)
    driver.frames(2)
    driver.choose(button)


class Showcase:
    def __init__(self, driver: Any, shot: Callable[[str], None]) -> None:
        self.driver, self.shot = driver, shot
        self.app = App.get_running_app()
        self.table = self.app.table

    # ------------------------------------------------------------------------------ touches
    def tap(self, text: Any) -> None:
        self.driver.choose(self.app.tr(text))

    def face(self, number: int) -> None:
        """The face of a real die, tapped on the screen."""
        self.option(str(number))

    def option(self, text: str) -> None:
        """A button of the table screen's choices, by its whole text."""
        options = self.app.screen("schatzjagd-table").ids.options
        button = next(w for w in options.walk(restrict=True) if isinstance(w, ButtonBehavior) and w.text == text)
        self.driver.choose(button)

    def dialog_button(self, text: str) -> None:
        """A button of the open dialog (a letter or number of the place picker)."""
        from companion.app.pieces.dialog import open_dialogs

        dialog = open_dialogs()[-1]
        button = next(
            w
            for w in dialog.walk(restrict=True)
            if isinstance(w, ButtonBehavior) and getattr(w, "text", None) == text and not w.disabled
        )
        self.driver.choose(button)

    def field(self, name: str) -> None:
        letter, number = name[0], name[1:]
        self.dialog_button(letter)
        self.dialog_button(number)

    def send(self, *commands: Any) -> None:
        for command in commands:
            self.table.submit(command)
        self.driver.frames()

    def run(self) -> None:

        self.app.set_die_source("typed")
        anna, _ben = Person("red", "Anna"), Person("blue", "Ben")
        shot, tap = self.shot, self.tap

        # day 1: Anna's journey by touch, then her card slotted face down
        shot("schatzjagd-travel")
        self.face(4)
        shot("schatzjagd-travel-rolled")
        tap(M("Where the henchman stopped"))
        self.field("C7")
        shot("schatzjagd-travel-where")
        tap(M("To {place}", place="C7"))
        shot("schatzjagd-prince-card")
        tap(M("Slot a card face down"))
        self.field("D4")
        shot("schatzjagd-slot")
        tap(M("Slot it into {place}", place="D4"))
        tap(M("End the turn"))
        self.send(c.Travel("blue", 3, "E5"), c.PlaceCard("blue", "F6"), c.EndTurn("blue"))
        self.send(c.Travel("yellow", 2, "F2"), c.Dig("yellow", "F2", "crown"), c.EndTurn("yellow"))

        # day 2: Anna turns up a monster on D4, fights an exchange and flees
        self.face(1)
        tap(M("Where the henchman stopped"))
        self.field("D4")
        tap(M("To {place}", place="D4"))
        shot("schatzjagd-reveal-step")
        tap(M("Enter the card turned up"))
        tap(M("Monster"))
        shot("schatzjagd-reveal-monster")
        tap(M("Turn it up"))
        shot("schatzjagd-fight-monster")
        self.face(6)
        shot("schatzjagd-fight-monster-second-die")
        self.face(1)
        shot("schatzjagd-fight-exchange")
        tap(M("{player} flees", player=anna))
        shot("schatzjagd-flight")
        self.face(2)
        shot("schatzjagd-fled")
        tap(M("End the turn"))

        # Ben turns up a special card, the teleportal, and steps in
        self.send(c.Travel("blue", 1, "F6"))
        tap(M("Enter the card turned up"))
        tap(M("Special"))
        shot("schatzjagd-reveal-special")
        tap(M("Turn it up"))
        shot("schatzjagd-teleportal-step")
        tap(M("Step into the teleportal"))
        self.face(3)
        shot("schatzjagd-teleportal")
        tap(M("Where it landed"))
        self.field("F2")
        tap(M("To {place}", place="F2"))
        shot("schatzjagd-teleported")
        tap(M("Correct"))
        shot("schatzjagd-correct")
        tap(M("Move the figure"))
        shot("schatzjagd-correct-move")
        tap(M("Back"))

        # Ben and Yellow on F2: a fight between henchmen, to the death (Yellow carries a treasure)
        self.send(Correct("yellow.life", 3, "showcase: Yellow was wounded earlier"))
        tap(M("Attack {player}", player=Person("yellow")))
        shot("schatzjagd-fight-henchman")
        self.face(5)
        self.face(1)
        shot("schatzjagd-death")
        tap(M("Slot a card face down"))
        self.field("F2")  # Ben's own field: refused inside the dialog
        tap(M("Slot it into {place}", place="F2"))
        shot("schatzjagd-refusal")
        self.field("H8")
        tap(M("Slot it into {place}", place="H8"))
        tap(M("End the turn"))
        self.send(c.Travel("yellow", 5, "B2", before="city"), c.EndTurn("yellow"))

        # day 3: Anna, healed to 15, turns up the card on H8: each type as it is entered
        self.send(Correct("red.life", 15, "showcase: Anna was healed"), c.Travel("red", 4, "H8"))
        tap(M("Enter the card turned up"))
        for kind in ("Weapon", "Trap", "Spell", "Map", "Potion"):
            tap(M(kind))
            self.shot(f"schatzjagd-reveal-{kind.lower()}")
        tap(M("Add"))  # the potion gives life+1
        tap(M("Turn it up"))
        shot("schatzjagd-revealed-potion")
        tap(M("Dig with a map here"))
        shot("schatzjagd-dig-cover")
        tap(M("I am {player}: show", player=anna))
        shot("schatzjagd-dig")
        tap(Cap(Word("crown")))
        shot("schatzjagd-dig-done")
        tap(M("Done"))
        tap(M("End the turn"))
        self.send(c.Travel("blue", 2, "A1", before="castle-yellow"), c.EndTurn("blue"))

        # Yellow in the city: the four shops (the figure moved between them by hand, for the pictures)
        self.send(Correct("yellow.poison", 2, "showcase"), c.Travel("yellow", 3, "inn"))
        shot("schatzjagd-city-inn")
        self.send(c.Relocate("yellow", "school", "showcase"))
        shot("schatzjagd-city-school")
        self.send(c.Relocate("yellow", "healer", "showcase"))
        tap(M("The healer"))
        shot("schatzjagd-city-healer")
        tap(M("Back"))
        self.send(c.Relocate("yellow", "smith", "showcase"))
        tap(M("The smith"))
        shot("schatzjagd-city-smith")
        tap(M("Buy"))
        shot("schatzjagd-city-bought")
        tap(M("End the turn"))

        # day 4: Anna goes home; Ben searches Yellow's vaults
        self.send(c.Travel("red", 6, "castle-red"), c.EndTurn("red"))
        self.send(c.Travel("blue", 2, "castle-yellow"))
        shot("schatzjagd-plunder-step")
        tap(M("Search the vaults"))
        shot("schatzjagd-plunder-roll")
        self.face(1)
        shot("schatzjagd-plunder")

        # the log, and an undo with its words shown first
        say = self.app.say
        self.driver.choose(say("Game log"))
        shot("schatzjagd-log")
        self.driver.choose(say("Undo"))
        shot("schatzjagd-undo-words")
        self.driver.choose(say("Do it"))
        self.driver.choose(say("Back"))
        shot("schatzjagd-undone")
        self.table.redo()
        self.send(c.EndTurn("blue"), c.Travel("yellow", 1, "smith"), c.EndTurn("yellow"))

        # Anna's treasures behind the cover, the help, then the treasure hidden: the victory
        self.driver.choose(self.app.tr(M("My treasures")))
        self.option(self.app.tr(anna))
        shot("schatzjagd-treasures-cover")
        tap(M("I am {player}: show", player=anna))
        shot("schatzjagd-treasures")
        tap(M("Cover again"))
        tap(M("Done"))
        self.send(c.Travel("red", 2, "castle-red"))
        self.driver.choose(say("Help"))
        shot("schatzjagd-help")
        tap(M("Back"))
        tap(M("Hide a treasure"))
        tap(M("I am {player}: show", player=anna))
        shot("schatzjagd-hide")
        tap(Cap(Word("crown")))
        tap(M("Done"))
        self.driver.until(self.app.screen("result").settled, what="the result with its code")
        shot("schatzjagd-result")  # the result comes by itself
        tap(M("How it went"))
        shot("schatzjagd-plot")
        tap(M("Back"))
        tap(M("Back to the game"))
        shot("schatzjagd-victory")
        catharsis(self)


def catharsis(show: Showcase) -> None:
    """A second game of four princes played on by the table's commands until the draw pile runs out:
    Grandlin's catharsis."""
    from engines.schatzjagd.rules import Colour, PlayerSpec, Setup

    app = show.app
    four: tuple[tuple[str, Colour], ...] = (("Anna", "red"), ("Ben", "blue"), ("Carla", "green"), ("Dirk", "yellow"))
    setup = Setup(players=tuple(PlayerSpec(name=name, colour=colour) for name, colour in four), catharsis=True)
    app.start_game("schatzjagd", setup)
    show.driver.frames()
    table = show.table = app.table
    fields = iter(f"{letter}{number}" for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for number in range(1, 25))
    while _view(table)["phase"] != "catharsis":
        player = _view(table)["current"]
        for command in (c.Travel(player, 1, f"castle-{player}"), c.PlaceCard(player, next(fields)), c.EndTurn(player)):
            table.submit(command)
    show.driver.frames()
    show.shot("schatzjagd-catharsis")
    show.tap(M("Take a card off the board"))
    show.shot("schatzjagd-catharsis-remove")
    show.dialog_button(show.app.tr(M("{place}: face down", place="A1")))
    show.shot("schatzjagd-catharsis-removed")


def _view(table: Any) -> SchatzjagdView:
    """The table's public view, as Schatzjagd's engine types it."""
    view: SchatzjagdView = table.public_view()["view"]
    return view
