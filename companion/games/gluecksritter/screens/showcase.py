"""Die Glücksritter's scripted states for ``companion screenshots``: a game set up by touch, a round
with the privacy cover, the reveal, field by field with a refusal, a duel and a raid on the screen's
die, a player's documents, an undo with its words, three Black Knights in the dungeon, a royal tax,
the end; then the 2002 variant's haggling with a promise of loot, a lone knight and a raid on the
sack. Touches where a player would touch; the table's commands where the same screen was
already shown once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App

from engines.core.correction import Correct
from engines.gluecksritter import commands as c
from engines.gluecksritter.view_types import GluecksritterView, KnightView

NAMES = {"red": "Anna", "blue": "Ben", "green": "Clara"}  # yellow gives none: called by the colour


def play(driver: Any, shot: Callable[[str], None]) -> None:
    app = App.get_running_app()
    say = app.say
    driver.choose(say("New game"))
    seating = app.screen("new").form.seating
    for colour in ("red", "blue", "green", "yellow"):
        driver.choose(next(chip for chip in seating.chips.children if chip.colour == colour))
    fields = [w for w in seating.name_rows.children if hasattr(w, "hint_text")][::-1]
    for colour, field in zip(seating.seated, fields, strict=True):
        field.text = NAMES.get(colour, "")
    driver.frames()
    shot("new-game")
    driver.choose(say("Start the game"))
    shot("gluecksritter-ducat-card-step")
    driver.choose(app.tr(_m("Enter the Ducat card")))
    shot("gluecksritter-ducat-card")
    driver.choose(app.tr(_m("Place the coins")))
    shot("gluecksritter-choose")

    # red chooses behind the cover, by touch
    driver.choose(app.tr(_m("{player}: choose in private", player=_named("red"))))
    shot("gluecksritter-cover")
    driver.choose(app.tr(_m("I am {player}: show", player=_who("red"))))
    driver.choose("4")
    driver.choose("1")
    shot("gluecksritter-choose-private")
    driver.choose(app.tr(_m("Lock in")))
    shot("gluecksritter-cover-again")
    driver.choose(app.tr(_m("Done")))
    table = app.table
    for player, cards in (("blue", (2, 4)), ("green", (1, 5))):
        table.submit(c.ChooseActions(player, cards))
    driver.frames()
    shot("gluecksritter-choose-some-chosen")
    table.submit(c.ChooseActions("yellow", (3, 6)))
    driver.frames()
    shot("gluecksritter-documents-step")
    driver.choose(app.tr(_m("Reveal the documents")))
    shot("gluecksritter-ransom-step")
    driver.choose(app.tr(_m("Reveal the action cards")))
    shot("gluecksritter-reveal")
    driver.choose(say("Help"))
    shot("gluecksritter-help")
    driver.choose(app.tr(_m("Back")))

    # field 1: a refusal first (blue is not on field 1), then the choices
    table.submit(c.Decline("blue"))
    driver.frames()
    shot("gluecksritter-refusal")
    driver.choose(app.tr(_m("{player} takes a document", player=_named("red"))))
    shot("gluecksritter-which-coins")  # red holds silver and gold: two ways to pay 4 Ducats
    driver.choose(app.tr(_coins(silver=2, gold=1)))
    # the table plays with its own cards: red draws the top one and says which, behind the cover
    driver.choose(app.tr(_m("I am {player}: show", player=_who("red"))))
    shot("gluecksritter-document-entry")
    card = f"[b]{app.tr(_name('yellow-seal'))}[/b]"
    driver.choose(next(w for w in driver.roots()[0].walk() if getattr(w, "text", "").split("\n")[0] == card))
    driver.choose(app.tr(_m("Done")))
    driver.choose(app.tr(_m("{player} takes nothing", player=_named("green"))))
    shot("gluecksritter-field2")
    shot("gluecksritter-greyed-choices")  # blue holds 6 Ducats: two walls (8) are greyed with the reason
    driver.choose(app.tr(_m("{player} buys 1 {piece}", player=_named("blue"), piece=_m("wall"))))
    _first_way(driver)
    driver.choose(app.tr(_m("{player} buys 1 {piece}", player=_named("yellow"), piece=_m("tower"))))
    _first_way(driver)
    shot("gluecksritter-duel")
    driver.choose(app.tr(_m("Roll on the screen")))
    driver.choose(app.tr(_m("Roll on the screen")))
    shot("gluecksritter-duel-rolled")
    view = _view(table)
    knight = view["knight"]
    actor = knight["actor"] if knight is not None else None
    if actor is not None:
        shot("gluecksritter-knight")
        victim = next(p["colour"] for p in view["players"] if p["colour"] not in (actor,))
        driver.choose(app.tr(_m("{player} raids {victim}", player=_named(actor), victim=_named(victim))))
        shot("gluecksritter-raid-roll")
        driver.choose(app.tr(_m("Roll on the screen")))
        shot("gluecksritter-raid")
        if table.awaiting().game and "raid-piece" in table.awaiting().game[0]["commands"]:
            driver.choose(app.tr(_m("{player} takes a wall", player=_named(actor))))

    # red's documents, behind the cover
    driver.choose(say("My documents"))
    shot("gluecksritter-whose-documents")
    driver.choose(app.tr(_who("red")))
    driver.choose(app.tr(_m("I am {player}: show", player=_who("red"))))
    shot("gluecksritter-documents-private")
    driver.choose(app.tr(_m("Play")))  # a yellow seal, played now: what it moves is entered at once
    shot("gluecksritter-document-effect")
    driver.choose(app.tr(_m("Later")))
    driver.choose(app.tr(_m("Cover again")))
    driver.choose(app.tr(_m("Done")))

    # the log, and an undo with its words shown first
    driver.choose(say("Game log"))
    shot("gluecksritter-log")
    driver.choose(say("Undo"))
    shot("gluecksritter-undo-words")
    driver.choose(say("Do it"))
    driver.choose(say("Back"))
    shot("gluecksritter-undone")
    table.redo()
    _finish_round(driver, table)

    # the end of the round: the table check, a count that differs corrected
    driver.until(lambda: type(driver.roots()[0]).__name__ == "TableCheck", what="the table check")
    shot("gluecksritter-table-check")
    check = driver.roots()[0]
    silver = next(p["silver"] for p in _view(table)["players"] if p["colour"] == "blue")
    check.tap("blue", "silver", _m("Silver"), silver)
    driver.choose("+")
    shot("gluecksritter-table-check-correct")
    driver.choose(app.tr(_m("Write the correction")))
    driver.choose(app.tr(_m("All as on the table")))
    settings = app.game_settings("gluecksritter")
    app.store_game_settings("gluecksritter", settings | {"table_check": False})  # once is enough here

    # round 2: three Black Knights go to the dungeon; a royal tax falls due on field 5
    for seat in _view(table)["players"]:
        if seat["knight_in_dungeon"]:  # whoever lost round 1's duel has the knight back for this
            table.submit(Correct(f"{seat['colour']}.knight-in-dungeon", 0, "showcase: ransomed"))
    table.submit(Correct("red.silver", 7, "showcase: red won a side bet"))
    table.submit(c.PlaceDucats(4, 2, draws=(0,) * 6))  # each draw the first coin left: silver for field 5
    for player, cards in (("red", (5, 6)), ("blue", (4, 2)), ("green", (4, 3)), ("yellow", (4, 1))):
        table.submit(c.ChooseActions(player, cards))
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())
    _decide_until(driver, table, lambda v: (v["field"] or 0) >= 5 or bool(v["taxes"]) or v["phase"] == "A")
    shot("gluecksritter-three-knights")  # field 4: blue, green and yellow go to the dungeon
    _decide_until(driver, table, lambda v: bool(v["taxes"]) or v["phase"] == "A")
    if _view(table)["taxes"]:
        shot("gluecksritter-royal-tax")
    _decide_until(driver, table, lambda v: v["phase"] == "A")

    # the end: red's castle is finished by hand, and the round ends with it
    for counter, value in (("red.walls", 4), ("red.towers", 4)):
        table.submit(Correct(counter, value, "showcase: the castle stands"))
    table.submit(c.PlaceDucats(1, 1))
    for player, cards in (("red", (1, 2)), ("blue", (2, 3)), ("green", (3, 5)), ("yellow", (5, 6))):
        table.submit(c.ChooseActions(player, cards))
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())
    _decide_until(driver, table, lambda v: not v["awaiting"])
    shot("gluecksritter-end")
    haggling(driver, shot)


def haggling(driver: Any, shot: Callable[[str], None]) -> None:
    """The 2002 variant: two knights with equal castles roll, the winner names who offers first,
    offers with a promise of loot, the accepted offer paid, the promise kept by a hand-over; then
    a lone knight's choices and a raid whose special die shows the sack. The action cards are
    chosen on the keyboard standing in for the panel: the board shows each seat's keys, and a press
    that does not count flashes its seat."""
    from companion.games.gluecksritter.screens.setup import setup
    from hardware.panel.config import DEFAULT_KEYS
    from hardware.panel.keyboard import KeyboardPanel

    app = App.get_running_app()
    screen_only = app.hardware
    app.hardware = lambda: {"panel": lambda sink: KeyboardPanel(sink)}  # as on a desktop without a panel
    app.start_game(
        "gluecksritter", setup("osullivan-2002", ("red", "blue", "green"), {}, app.game_settings("gluecksritter"))
    )
    app.hardware = screen_only
    table = app.table
    table.submit(c.PlaceDucats(4, 3))
    driver.frames()
    shot("gluecksritter-keys")

    def press(seat: int, card: int) -> None:
        key = DEFAULT_KEYS[seat][card - 1]
        table.key_down(key)
        table.key_up(key)
        driver.frames(1)

    for seat, cards in ((1, (4, 5)), (2, (4, 6))):
        for card in cards:
            press(seat, card)
    press(1, 6)  # red has locked in two cards already: this press does not count
    shot("gluecksritter-key-refused")
    for card in (2, 3):
        press(3, card)
    driver.until(lambda: not table.awaiting().choosing, what="the picks")
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())
    _decide_until(driver, table, lambda v: (v["field"] or 0) >= 4)
    shot("gluecksritter-2002-haggle-roll")
    table.type_roll("5")
    table.type_roll("2")
    driver.frames()
    shot("gluecksritter-2002-first-offerer")
    decider = _knight(table)["decider"]
    assert decider is not None, "a roll named who decides"
    table.submit(c.ChooseFirstOfferer(decider, decider))
    driver.frames()
    board = app.screen("gluecksritter-board")
    first = _knight(table)["turn"]
    dialog = board.open_dialog("offer", player=first)
    # nothing offered yet: "Offer" is greyed, and why is said inside the dialog
    assert dialog.buttons[-1].disabled and dialog.refusal.text, "the refusal stands inside the offer dialog"
    shot("gluecksritter-2002-offer-refused")
    dialog.ducats.step(2)
    dialog.promise.step(1)
    shot("gluecksritter-2002-offer")
    driver.choose(app.tr(_m("Offer")))
    shot("gluecksritter-2002-offer-standing")
    other = _knight(table)["turn"]
    assert other is not None, "an offer stands: the other knight answers it"
    table.submit(c.AcceptOffer(other))
    _decide_until(driver, table, lambda v: (v["knight"]["stage"] if v["knight"] else None) in ("act", "promise", None))
    actor = _knight(table)["actor"]
    assert actor is not None, "the offer accepted made a Black Knight"
    table.submit(c.KnightAct(actor, "field5"))
    driver.frames()
    if "hand-over" in str(table.awaiting().game):
        purse = next(p for p in _view(table)["players"] if p["colour"] == actor)
        dialog = board.open_dialog("hand-over", player=actor)
        (dialog.silver if purse["silver"] else dialog.gold).step(1)
        shot("gluecksritter-2002-hand-over")
        driver.choose(app.tr(_m("Hand over")))
        assert driver.roots()[0] is not dialog, app.root.word  # the hand-over was taken
    _decide_until(driver, table, lambda v: v["phase"] == "A")

    # round 2: a lone knight, who raids; the special die shows the sack
    table.submit(c.PlaceDucats(2, 2))
    jailed = {p["colour"] for p in _view(table)["players"] if p["knight_in_dungeon"]}
    lone = next(p for p in ("red", "blue", "green") if p not in jailed)
    for player in ("red", "blue", "green"):
        table.submit(c.ChooseActions(player, (4, 1) if player == lone else (2, 3)))
    table.submit(c.RevealDocuments())
    table.submit(c.RevealActions())
    _decide_until(driver, table, lambda v: (v["field"] or 0) >= 4)
    shot("gluecksritter-lone-knight")
    victim = next(p for p in ("red", "blue", "green") if p != lone)
    table.submit(c.KnightAct(lone, "raid", victim=victim))
    table.type_roll("1")  # face 1 shows the sack: all the victim's coins
    driver.frames()
    shot("gluecksritter-raid-sack")
    six_players(driver, shot)


def six_players(driver: Any, shot: Callable[[str], None]) -> None:
    """The most players the game takes, choosing behind the cover: every row and every button."""
    from companion.games.gluecksritter.screens.setup import setup
    from engines.gluecksritter.rules import COLOURS

    app = App.get_running_app()
    names = {"red": "Anna", "blue": "Ben", "green": "Clara", "yellow": "Dieter", "white": "Eva", "black": "Frank"}
    app.start_game("gluecksritter", setup("schmidt-1998", tuple(COLOURS), names, app.game_settings("gluecksritter")))
    app.table.submit(c.PlaceDucats(2, 3))
    driver.frames()
    shot("gluecksritter-six-players")
    the_end(driver, shot)


def the_end(driver: Any, shot: Callable[[str], None]) -> None:
    """Six players with long names, each short of a castle; red completes it and the result comes
    by itself: the verdict, the figures, the play's BG Stats code (then full screen), the plot."""
    from pathlib import Path

    from companion.scenario.parse import CommandLine, read_scenario
    from companion.scenario.run import prepare

    app = App.get_running_app()
    plan = prepare(read_scenario(Path(__file__).with_name("six-at-the-end.scn")))
    app.start_game("gluecksritter", plan.config)
    for step in plan.steps:
        if isinstance(step.statement, CommandLine):
            app.table.submit(step.command)
    driver.until(lambda: app.root.manager.current == "result", what="the result")
    result = app.screen("result")  # the code beside the figures, or the button for it where that has no room
    driver.until(lambda: result.settled() and result.code is not None, what="the result with its code")
    shot("gluecksritter-result")
    driver.choose(result.code)
    shot("bgstats-qr")
    driver.touch_at(4, 4)
    driver.choose(app.say("How it went"))
    shot("gluecksritter-plot")
    driver.choose(app.say("Back"))
    driver.choose(app.tr(_m("Back to the game")))


def _finish_round(driver: Any, table: Any) -> None:
    _decide_until(driver, table, lambda v: v["phase"] == "A")


def _decide_until(driver: Any, table: Any, done: Callable[[GluecksritterView], bool], limit: int = 60) -> None:
    """Take the first thing the board offers (declining where it can) until ``done(view)``."""
    from companion.games.gluecksritter.screens.guide import step

    for _ in range(limit):
        view = _view(table)
        if done(view) or not view["awaiting"]:
            return
        awaited = table.awaiting()
        now = step(view, awaited, panel=False)
        if now.rolls:
            table.roll_on_screen()
        else:
            offered = [o.command or o.args.get("command") for o in now.options]
            commands = [command for command in offered if command is not None]
            calm = [cmd for cmd in commands if cmd.type in ("pay-royal-tax", "decline", "end-round", "knight-act")]
            for command in calm + commands:
                if type(table.submit(command)).__name__ != "Refused":
                    break
        driver.frames(1)


def _first_way(driver: Any) -> None:
    """Where the rules leave a choice of coins, the first way offered."""
    dialog = driver.roots()[0]
    if type(dialog).__name__ == "PayDialog":
        driver.choose(next(w for w in dialog.walk() if type(w).__name__ == "Big"))


def _coins(silver: int, gold: int) -> Any:
    from companion.games.gluecksritter.screens.guide import coins_words
    from engines.gluecksritter.coins import Coins

    return coins_words(Coins(silver, gold))


def _name(document: str) -> Any:
    from companion.games.gluecksritter.documents import name

    table = App.get_running_app().table
    return name(_view(table), document)


def _m(msgid: str, **values: Any) -> Any:
    from companion.i18n import Message

    return Message(msgid, **values)


def _named(colour: str) -> Any:
    """The player as a choice's button names them (the name alone)."""
    from companion.games.gluecksritter.screens.guide import named

    table = App.get_running_app().table
    return named(colour, _view(table) if table is not None else None)


def _who(colour: str) -> Any:
    """The player as the running game names them."""
    from companion.games.gluecksritter.screens.guide import who

    table = App.get_running_app().table
    return who(colour, _view(table) if table is not None else None)


def _view(table: Any) -> GluecksritterView:
    """The table's public view, as Die Glücksritter's engine types it."""
    view: GluecksritterView = table.public_view()["view"]
    return view


def _knight(table: Any) -> KnightView:
    """The Black Knight's affair the showcase stands in (field 4)."""
    knight = _view(table)["knight"]
    assert knight is not None, "the showcase is at field 4"
    return knight
