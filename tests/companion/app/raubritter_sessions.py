"""Sessions of a Raubritter game on the touch screen (run as :mod:`tests.companion.app.sessions`
runs them): whole games for 2 and for 4 players played by touches on the kinds, the grid's cells,
the knights and the marches, into the journal until the end, with a surrender asked twice in the
game of four; every castle's offered marches against the rules'; a tile tapped where the rules
refuse it; corrections on the grid; a game killed in the middle of a turn, then started again; the
kinds keeping their places when one runs out; a stack shown large with a tap; and a new game
without Blue after one with Blue, with nothing of Blue drawn."""

from __future__ import annotations

import datetime
import json
import time
from pathlib import Path
from typing import Any

from tests.companion.app.touch import button, start, tap_in

TABLE_SCREEN = "raubritter-table"
PLAYERS = (
    ("red", "Anna", datetime.date(1961, 3, 14)),
    ("blue", "Ben", datetime.date(1984, 11, 2)),
    ("green", "Clara", datetime.date(1990, 7, 30)),
    ("yellow", "", datetime.date(1958, 1, 9)),  # no name: called by the colour; the oldest
)


class Table:
    """The table screen as the players touch it."""

    def __init__(self, app: Any, driver: Any) -> None:
        self.app, self.driver = app, driver
        self.screen = app.screen(TABLE_SCREEN)
        self.offered_marches = 0

    def view(self) -> dict[str, Any]:
        return self.app.table.public_view()["view"]

    def option(self, text: Any) -> None:
        """A button of the screen's choices that says ``text`` (once the screen shows it)."""
        said = text if isinstance(text, str) else self.app.tr(text)
        options = self.screen.ids.options

        def there() -> bool:
            return any(getattr(w, "text", None) == said for w in options.box.walk(restrict=True))

        self.driver.until(there, seconds=20, what=f"a choice {said!r}; the prompt says {prompt(self.app)!r}")
        tap_in(self.driver, options, button(options.box, said))

    def offered(self) -> list[Any]:
        return list(self.screen.guided_now().options)

    def cell(self, x: int, y: int) -> None:
        self.driver.touch_at(*self.screen.ids.grid.centre_of(x, y))

    def lay(self, command: Any) -> None:
        """A tile laid by touch: its kind, its cell, and for a castle the knights and their march,
        checking that exactly the marches the rules allow are offered."""
        from companion.games.raubritter.screens.guide import DIRECTION_NAMES, STAY, drops_words
        from companion.i18n import Message, Plural, Word
        from engines.raubritter.moves import legal_marches
        from engines.raubritter.rules import building
        from engines.raubritter.views import state_of

        view = self.view()
        me = next(p for p in view["players"] if p["colour"] == command.player)
        self.option(Message("{kind}\n{n} left", kind=Word(command.kind), n=me["tiles"][command.kind]))
        targets = self.screen.guided_now().targets
        assert (command.x, command.y) in targets, ((command.x, command.y), targets)
        self.cell(command.x, command.y)
        if building(command.kind) != "castle":
            return
        knights = sum(command.drops)
        self.option(Message("No knights") if knights == 0 else Plural("{n} knight", "{n} knights", knights))
        if knights == 0:
            return
        legal = legal_marches(state_of(view), command.player, command.x, command.y, command.kind, knights)
        ways = {option.args.get("direction", STAY) for option in self.offered() if option.main}
        assert ways == {direction or STAY for direction, _ in legal}, (ways, legal)
        if command.direction is None:
            self.option(Plural("The {n} knight stays on the castle", "All {n} stay on the castle", knights))
            return
        self.option(Message("March {direction}", direction=DIRECTION_NAMES[command.direction]))
        splits = [option.args["drops"] for option in self.offered() if option.main]
        assert splits == [drops for direction, drops in legal if direction == command.direction], splits
        self.offered_marches += len(splits)
        self.option(drops_words(command.drops))
        assert self.screen.guided_now().march is not None  # drawn on the grid before it is confirmed
        self.option(Message("Confirm the march"))


def new_game(app: Any, driver: Any, players: int) -> None:
    """Raubritter set up by touch on the new-game form: colours, names, birthdays."""
    from companion.games.raubritter.screens.showcase import seat

    seat(driver, driver.new_game_form("Raubritter"), PLAYERS[:players])
    driver.tap(app.say("Start the game"))
    driver.until(lambda: app.root.manager.current == TABLE_SCREEN, what="the table screen")


def whole_game(data: Path, players: str = "2", language: str = "de") -> dict[str, Any]:
    """A whole game by touch until the end; in a game of four, green surrenders (asked twice) in the
    third round; now and then a turn ends after one tile."""
    from companion.games.raubritter.autoplay import next_command
    from companion.i18n import Message
    from engines.raubritter.commands import EndTurn
    from engines.raubritter.views import state_of

    app, driver = start(data, language)
    new_game(app, driver, int(players))
    t = Table(app, driver)
    first = t.view()["current"]
    laid = ended = 0
    surrendered = False
    while t.view()["phase"] != "over":
        view = t.view()
        if view["phase"] == "play" and view["laid"] == 1 and laid % 7 == 0:
            t.option(Message("End the turn"))
            ended += 1
            laid += 1
            continue
        if int(players) == 4 and not surrendered and view["current"] == "green" and len(view["cells"]) > 20:
            t.option(Message("Surrender"))
            t.driver.tap(button(_dialog(), app.tr(Message("Surrender"))))
            t.driver.tap(button(_dialog(), app.tr(Message("Yes, surrender for good"))))
            surrendered = True
            continue
        command = next_command(state_of(view))
        if isinstance(command, EndTurn):
            t.option(Message("End the turn"))
        else:
            t.lay(command)
        laid += 1
    driver.until(lambda: app.root.manager.current == "result", what="the result, by itself at the end")
    driver.tap(app.tr(Message("Back to the game")))
    view = app.table.public_view()
    result = {
        "first": first,
        "turns_ended": ended,
        "marches": t.offered_marches,
        "view": view["view"],
        "entry": view["entry"],
        "journal": str(data / "journal.sqlite3"),
        "prompt": prompt(app),
        "screen": driver.texts(),
    }
    driver.shot(data / f"end-{players}.png")
    driver.stop()
    return result


def marches(data: Path) -> dict[str, Any]:
    """A castle beside a lake and a forest: the marches offered are the rules' (none into the lake,
    none that leaves too few on the forest); a march the rules refuse, sent as it is, is refused in
    the rules' words; a tile tapped where none may lie is refused and changes nothing."""
    from companion.i18n import Message, Plural, Word
    from engines.raubritter.commands import LayTile

    app, driver = start(data, "de")
    new_game(app, driver, 2)
    t = Table(app, driver)
    send = app.table.submit
    a, b = t.view()["current"], next(p["colour"] for p in t.view()["players"] if p["colour"] != t.view()["current"])
    for command in (  # a lake east of (0, 0), a forest south of it, then a plain
        LayTile(a, "lake", 1, 0),
        LayTile(a, "plain", 1, 1),
        LayTile(b, "forest-village", 0, 1),
        LayTile(b, "plain", 0, 2),
    ):
        send(command)
    driver.frames(3)
    t.option(Message("{kind}\n{n} left", kind=Word("plain-castle"), n=6))
    t.cell(-1, -1)  # touching no tile: refused in the rules' words
    driver.frames(3)
    far = {"said": app.root.word, "refusal": app.root.word_is_refusal, "cells": len(t.view()["cells"])}
    t.cell(0, 0)
    t.option(Plural("{n} knight", "{n} knights", 3))
    offered = [o.args.get("direction", "stay") for o in t.offered() if o.main]
    t.option(Message("March {direction}", direction=Message("south")))
    splits = [list(o.args["drops"]) for o in t.offered() if o.main]
    driver.shot(data / "march.png")
    before = t.view()
    refused = send(LayTile(a, "plain-castle", 0, 0, (1, 2), "east"))  # into the lake
    thin = send(LayTile(a, "plain-castle", 0, 0, (2, 1), "south"))  # one knight cannot enter the forest
    driver.frames(3)
    result = {
        "far": far,
        "offered": offered,
        "splits": splits,
        "lake": app.tr(refused.shown),
        "forest": app.tr(thin.shown),
        "unchanged": t.view() == before,
        "bottom": [app.tr(text) for text in app.happened],
    }
    driver.stop()
    return result


def corrections(data: Path) -> dict[str, Any]:
    """Corrections on the grid by touch, each with a reason: a tile's kind, a tile that lies
    elsewhere (the next tap says where), the knights on a tile, a tile that is not there, a tile
    never recorded, the knights in a player's hand; a correction the rules refuse is said in the
    dialog; the score follows."""
    from companion.app.pieces.dialog import open_dialogs
    from companion.i18n import Message, Word
    from engines.raubritter.commands import LayTile

    app, driver = start(data, "en")
    new_game(app, driver, 2)
    t = Table(app, driver)
    red, blue = "red", "blue"
    for command in (
        LayTile(red, "plain-village", 0, 0),
        LayTile(red, "plain", 1, 0),
        LayTile(blue, "forest-village", 0, 1),
        LayTile(blue, "plain", 1, 1),
        LayTile(red, "plain-castle", 2, 0, (2, 1), "west"),
    ):
        app.table.submit(command)
    driver.frames(3)
    seen: dict[str, Any] = {"before": t.view()["scores"] or None}
    tr = app.tr

    def dialog_tap(text: str) -> None:
        driver.tap(button(_dialog(), text))

    def correcting() -> None:
        driver.tap(app.tr(Message("Correct")))
        driver.until(lambda: t.screen.pending.correcting, what="the grid in correction")

    # the village at 0,0 is really a town
    correcting()
    t.cell(0, 0)
    dialog_tap(tr(Message("{kind} ({n} left)", kind=Word("plain-town"), n=3)))
    dialog_tap(tr(Message("a tile or a knight was bumped")))
    dialog_tap(tr(Message("Correct")))
    driver.until(lambda: not open_dialogs(), what="the kind corrected")
    seen["kind"] = next(c["kind"] for c in t.view()["cells"] if (c["x"], c["y"]) == (0, 0))
    # the knights on the castle: one more of blue on top
    t.cell(2, 0)
    dialog_tap(tr(Message("Other knights")))
    dialog_tap(tr(Message("+ {player}", player=_person(app, blue))))
    dialog_tap(tr(Message("Correct")))
    driver.until(lambda: not open_dialogs(), what="the stack corrected")
    seen["stack"] = next(c["stack"] for c in t.view()["cells"] if (c["x"], c["y"]) == (2, 0))
    seen["points"] = _points(app)
    # the plain at 1,1 lies at 2,1
    t.cell(1, 1)
    dialog_tap(tr(Message("It lies elsewhere")))
    dialog_tap(tr(Message("Show where")))
    t.cell(2, 1)
    driver.until(lambda: any((c["x"], c["y"]) == (2, 1) for c in t.view()["cells"]), what="the tile moved")
    seen["moved"] = sorted((c["x"], c["y"]) for c in t.view()["cells"])
    # a tile moved onto another is refused in the rules' words, and nothing changes
    before = t.view()
    t.cell(0, 0)
    dialog_tap(tr(Message("It lies elsewhere")))
    dialog_tap(tr(Message("Show where")))
    t.cell(0, 1)
    seen["occupied"] = {"said": app.root.word, "refusal": app.root.word_is_refusal, "same": t.view() == before}
    t.option(Message("Back to the game"))
    correcting()
    # a tile the app never recorded: red's lake at 0,-1 (red's turn: red's pile is offered first)
    t.cell(0, -1)
    dialog_tap(tr(Message("{kind} ({n} left)", kind=Word("lake"), n=1)))
    dialog_tap(tr(Message("Correct")))
    driver.until(lambda: not open_dialogs(), what="the unrecorded tile added")
    seen["added"] = next(c for c in t.view()["cells"] if (c["x"], c["y"]) == (0, -1))
    # on the lake no knight is offered
    t.cell(0, -1)
    dialog_tap(tr(Message("Other knights")))
    seen["lake_knights"] = [w.text for w in _dialog().walk() if isinstance(getattr(w, "text", None), str)]
    dialog_tap(tr(Message("Back")))
    # the castle is not there
    t.cell(2, 0)
    dialog_tap(tr(Message("It is not there")))
    dialog_tap(tr(Message("Correct")))
    driver.until(lambda: not open_dialogs(), what="the castle taken back")
    seen["gone"] = sorted((c["x"], c["y"]) for c in t.view()["cells"])
    seen["hands"] = {p["colour"]: p["knights"] for p in t.view()["players"]}
    # red really holds 25 knights in hand
    t.option(Message("Knights in hand"))
    stepper = next(w for w in _dialog().walk() if type(w).__name__ == "Stepper")
    for _ in range(5):
        driver.tap(button(stepper, "−"))
    dialog_tap(tr(Message("Correct")))
    driver.until(lambda: not open_dialogs(), what="the knights in hand corrected")
    seen["red_hand"] = next(p for p in t.view()["players"] if p["colour"] == red)
    t.option(Message("Back to the game"))
    seen["corrections"] = [e["command"] for e in app.table.log() if e.get("correction")]
    seen["prompt"] = prompt(app)
    driver.stop()
    return seen


def _person(app: Any, colour: str) -> Any:
    from companion.app.people import person

    return person(app.table.public_view()["view"], colour)


def _points(app: Any) -> dict[str, int]:
    from companion.games.raubritter import score

    return score.points(app.table.public_view()["view"])


def until_killed(data: Path) -> dict[str, Any]:
    """Into the first turn: one tile laid and the next kind chosen; say so, and wait to be killed."""
    from companion.games.raubritter.autoplay import next_command
    from companion.i18n import Message, Word
    from engines.raubritter.views import state_of

    app, driver = start(data, "de")
    new_game(app, driver, 2)
    t = Table(app, driver)
    while not (t.view()["phase"] == "play" and t.view()["laid"] == 1):
        t.lay(next_command(state_of(t.view())))
    t.option(Message("{kind}\n{n} left", kind=Word("plain"), n=t.view()["players"][0]["tiles"]["plain"]))
    view = app.table.public_view()
    print(json.dumps({"ready": True, "entry": view["entry"], "view": view["view"], "prompt": prompt(app)}), flush=True)
    while True:
        driver.frames(1)
        time.sleep(0.01)


def restarted(data: Path) -> dict[str, Any]:
    from companion.games.raubritter.autoplay import next_command
    from engines.raubritter.views import state_of

    app, driver = start(data)
    driver.until(lambda: app.table is not None, what="the running game")
    t = Table(app, driver)
    view = app.table.public_view()
    result = {"screen": app.root.manager.current, "entry": view["entry"], "view": view["view"], "prompt": prompt(app)}
    t.lay(next_command(state_of(t.view())))
    result["laid_after"] = t.view()["laid"]
    driver.stop()
    return result


def castle_until_killed(data: Path) -> dict[str, Any]:
    """Into play: a castle laid on its cell and its knights counted, the march not yet confirmed;
    say so, and wait to be killed (the power goes off in the middle of the castle's step)."""
    from companion.games.raubritter.autoplay import next_command
    from companion.games.raubritter.screens.guide import kinds_to_lay, step
    from companion.i18n import Message, Plural, Word
    from engines.raubritter.rules import building
    from engines.raubritter.views import state_of

    app, driver = start(data, "de")
    new_game(app, driver, 2)
    t = Table(app, driver)
    while not (t.view()["phase"] == "play" and t.view()["laid"] == 0):
        t.lay(next_command(state_of(t.view())))
    view = t.view()
    kind = next(k for k in kinds_to_lay(view) if building(k) == "castle")
    me = next(p for p in view["players"] if p["colour"] == view["current"])
    t.option(Message("{kind}\n{n} left", kind=Word(kind), n=me["tiles"][kind]))
    cell = t.screen.guided_now().targets[0]
    t.cell(*cell)
    t.option(Plural("{n} knight", "{n} knights", 1))
    driver.until(lambda: app.journal.fact("under-way") is not None, what="the castle kept")
    shown = app.table.public_view()
    print(
        json.dumps(
            {
                "ready": True,
                "entry": shown["entry"],
                "cell": list(cell),
                "kind": kind,
                "player": view["current"],
                "kept": json.loads(app.journal.fact("under-way")),
                "prompt": prompt(app),
                "ghost": step(t.view(), t.screen.pending).ghost is not None,
            }
        ),
        flush=True,
    )
    while True:
        driver.frames(1)
        time.sleep(0.01)


def castle_restarted(data: Path) -> dict[str, Any]:
    """Started again after the cut: what the screen shows of the castle, then its march confirmed
    by touch."""
    from companion.games.raubritter.screens.guide import step
    from companion.i18n import Plural

    app, driver = start(data)
    driver.until(lambda: app.table is not None, what="the running game")
    driver.frames(3)
    t = Table(app, driver)
    screen = t.screen
    pending = screen.pending
    result = {
        "entry": app.table.public_view()["entry"],
        "cell": list(pending.cell) if pending.cell else None,
        "knights": pending.knights,
        "kind": pending.kind,
        "ghost": step(t.view(), pending).ghost is not None,
        "prompt": prompt(app),
        "word": app.root.word,
        "happened": screen.ids.happened.text,
        "said": app.say("The power failed in the middle of this step; it goes on where it stood."),
    }
    shot = data / "castle-restarted.png"
    driver.shot(shot)
    t.option(Plural("The {n} knight stays on the castle", "All {n} stay on the castle", 1))
    driver.until(lambda: app.table.public_view()["entry"] > result["entry"], what="the castle written")
    last = app.journal.entry(app.table.public_view()["game_id"], app.table.public_view()["entry"]).command
    result["written"] = last
    result["kept_after"] = app.journal.fact("under-way")
    driver.stop()
    return result


def _started(app: Any, driver: Any, players: Any) -> Table:
    """A game of ``players`` (colour, name) started as the new-game form starts it (a game running
    before is saved first), on the table screen."""
    from companion.i18n import Message

    app.start_game("raubritter", _setup(players))
    driver.frames(3)
    if app.root.manager.current != TABLE_SCREEN:
        driver.tap(app.tr(Message("Save it and go on")))
    driver.until(lambda: app.root.manager.current == TABLE_SCREEN, what="the table screen")
    return Table(app, driver)


def _setup(players: Any) -> Any:
    from engines.raubritter.rules import Setup

    return Setup(
        players=[
            {"name": name, "birthday": datetime.date(1950 + i, 1, 1), "colour": colour}
            for i, (colour, name) in enumerate(players)
        ]
    )


def _kind_buttons(screen: Any) -> dict[str, Any]:
    """The kinds' buttons on the screen now, by kind, each with where it stands in the list of
    choices (from the list's top left corner: the list itself moves when the line of what
    happened below it first gets a text) and in the window."""
    found = {}
    choices = screen.ids.options
    left, top = choices.to_window(choices.x, choices.top)
    for widget in choices.walk(restrict=True):
        option = getattr(widget, "option", None)
        if option is not None and option.dialog == "kind" and option.args.get("kind"):
            x, y = widget.to_window(*widget.pos)
            found[option.args["kind"]] = {
                "at": [round(x - left, 2), round(y - top, 2)],
                "window": [round(x, 2), round(y, 2)],
                "size": list(widget.size),
                "disabled": bool(widget.disabled),
                "text": widget.text,
                "has_refusal": option.refusal is not None,
            }
    return found


def kinds_in_place(data: Path) -> dict[str, Any]:
    """Red lays the lake, the only one in the pile, as the first initial tile: every kind's button
    stands where it stood, the lake's greyed with "none left"; the castles were greyed from the
    start ("not yet"); a tap on the lake's button asks for no cell."""
    from engines.raubritter.commands import LayTile

    app, driver = start(data, "de")
    t = _started(app, driver, (("red", "Anna"), ("blue", "Ben")))
    driver.frames(3)
    before = _kind_buttons(t.screen)
    app.table.submit(LayTile("red", "lake", 0, 0))
    driver.until(lambda: t.view()["players"][0]["tiles"]["lake"] == 0, what="the lake laid")
    driver.frames(3)
    after = _kind_buttons(t.screen)
    options = {o.args["kind"]: o for o in t.offered() if o.dialog == "kind"}
    refusals = {kind: app.tr(o.refusal) for kind, o in options.items() if o.refusal is not None}
    lake = next(w for w in t.screen.ids.options.walk(restrict=True) if getattr(w, "option", None) is not None
                and w.option.args.get("kind") == "lake")  # fmt: skip
    driver.tap(lake)
    driver.frames(3)
    result = {
        "before": before,
        "after": after,
        "refusals": refusals,
        "current": t.view()["current"],
        "targets_after_tap": list(t.screen.guided_now().targets),
        "prompt": prompt(app),
    }
    driver.shot(data / "kinds.png")
    driver.stop()
    return result


def _drawn(grid: Any) -> dict[str, Any]:
    """What the grid draws now: the pictures its layers use (by name) and the colours they tint."""
    from kivy.graphics import Color, Mesh

    from companion.games.raubritter.screens import landscape

    names = {id(texture): key for key, texture in landscape._TEXTURES.items()}
    pictures, colours = set(), set()
    for group in grid._layers.values():
        for instruction in group.children:
            if isinstance(instruction, Mesh) and instruction.texture is not None:
                pictures.add(tuple(names.get(id(instruction.texture), ("?",))))
            if isinstance(instruction, Color):
                colours.add(tuple(round(v, 3) for v in instruction.rgba))
    return {
        "pictures": sorted(pictures),
        "colours": sorted(colours),
        "owners": sorted({owner for _kind, owner, _stack in grid._cells.values()}),
        "knights": sorted({c for _kind, _owner, stack in grid._cells.values() for c in stack}),
        "lens": grid.lens is not None,
    }


def new_game_clean(data: Path) -> dict[str, Any]:
    """A game of four with Blue played a while (a tile of Blue's tapped: its stack shown large, its
    words said), then a new game of three without Blue: what the new game draws, and says."""
    from companion.app import theme
    from companion.games.raubritter.autoplay import next_command
    from companion.i18n import Message
    from engines.raubritter.views import state_of

    app, driver = start(data, "de")
    t = _started(app, driver, (("red", "Anna"), ("blue", "Ben"), ("green", "Clara"), ("yellow", "Dieter")))
    while len(t.view()["cells"]) < 30 or t.view()["laid"]:
        app.table.submit(next_command(state_of(t.view())))
    driver.frames(3)
    grid = t.screen.ids.grid
    blues = [c for c in t.view()["cells"] if "blue" in c["stack"]]
    tapped = blues[0] if blues else next(c for c in t.view()["cells"] if c["owner"] == "blue")
    t.cell(tapped["x"], tapped["y"])
    old = {"drawn": _drawn(grid), "texts": [x for x in driver.texts() if "Blau" in x]}
    app.goto("start")  # the menu: a new game is set up on its own screens, then the table is shown
    driver.frames(3)
    t = _started(app, driver, (("red", "Anna"), ("green", "Clara"), ("yellow", "Dieter")))
    driver.frames(3)
    grid = t.screen.ids.grid
    seen = {
        "old": old,
        "players": [p["colour"] for p in t.view()["players"]],
        "drawn": _drawn(grid),
        "blue_rgba": [round(v, 3) for v in theme.PLAYERS["blue"]],
        "chips": sorted({w.colour for w in t.screen.walk(restrict=True) if type(w).__name__ == "Chip"}),
        "texts": [x for x in driver.texts() if "Blau" in x or "Ben" in x],
        "same_screen": t.screen is app.screen(TABLE_SCREEN),
    }
    # a tile laid in the new game: drawn in its owner's colours only
    app.table.submit(next_command(state_of(t.view())))
    driver.frames(3)
    seen["after_tile"] = _drawn(grid)
    driver.shot(data / "new-game.png")
    # a tile tapped (its words said), then a game of two started while the table screen is shown
    laid = t.view()["cells"][0]
    t.cell(laid["x"], laid["y"])
    seen["said_before"] = bool(t.screen.info)
    app.start_game("raubritter", _setup((("red", "Anna"), ("green", "Clara"))))
    driver.frames(3)
    seen["asked_to_save"] = app.root.manager.current != TABLE_SCREEN
    if seen["asked_to_save"]:
        driver.tap(app.tr(Message("Save it and go on")))
    driver.until(lambda: len(t.screen.view.get("players", ())) == 2, what="the new game of two drawn")
    seen["two"] = {
        "chips": sorted(row.chip.colour for row in t.screen._rows),
        "info": t.screen.info,
        "cells": len(grid._cells),
        "asked": t.screen.ids.asked.whole,
    }
    driver.stop()
    return seen


def stack_shown_large(data: Path) -> dict[str, Any]:
    """A game of four played until a tile carries knights of several players; the whole layout
    fitted at 800×480; a tap on that tile (no kind chosen) shows its stack large: how big each
    knight's mark is then, beside how big it is on the grid; the chips' marks."""
    from kivy.core.window import Window

    from companion.app.driver import unseen
    from companion.games.raubritter.autoplay import next_command
    from companion.games.raubritter.screens.landscape import DISC, PIP
    from companion.i18n import Message
    from engines.raubritter.views import state_of

    app, driver = start(data, "de")
    Window.size = (800, 480)  # the Pi's display (the sessions' window may have been made larger)
    driver.until(lambda: list(Window.size) == [800, 480], what="the window at 800×480")
    t = _started(app, driver, (("red", "Anna"), ("blue", "Ben"), ("green", "Clara"), ("yellow", "yellow")))
    grid = t.screen.ids.grid

    def mixed() -> Any:
        cells = [c for c in t.view()["cells"] if len(set(c["stack"])) > 1 and len(c["stack"]) >= 3]
        return max(cells, key=lambda c: len(c["stack"])) if cells else None

    while (mixed() is None or len(t.view()["cells"]) < 60) and t.view()["phase"] != "over":
        app.table.submit(next_command(state_of(t.view())))
    driver.frames(3)
    choices = t.screen.ids.options
    kinds = [w for w in choices.box.walk(restrict=True) if getattr(w, "option", None) is not None]
    seen_choices = {
        "pages": choices.pages,
        "shown": sum(1 for w in kinds if unseen(w) is None),
        "all": len(kinds),
        "kinds": sum(1 for w in kinds if w.option.dialog == "kind"),
    }
    driver.tap(app.tr(Message("Whole layout")))
    driver.frames(3)
    cell = mixed()
    on_grid = {"cell_px": grid.cell_size, "top_mark_px": 2 * DISC[2] * grid.cell_size,
               "under_mark_px": 2 * PIP[2] * grid.cell_size}  # fmt: skip
    t.cell(cell["x"], cell["y"])
    lens = grid.lens
    seen: dict[str, Any] = {
        "window": list(grid.get_root_window().size),
        "players": len(t.view()["players"]),
        "stack": list(cell["stack"]),
        "on_grid": on_grid,
        "open": lens is not None,
        "choices": seen_choices,
        "info": app.tr(t.screen.info) if t.screen.info is not None else None,  # the tile's words line
    }
    if lens is not None:
        gx, gy = grid.to_window(*grid.pos)
        lx, ly = lens.to_window(*lens.pos)
        seen["lens"] = {
            "mark_px": lens.mark_px,
            "row_px": lens.row_px,
            "rows": [colour for colour, _name in lens.rows],
            "tags": list(lens.tags),
            "texts": lens.texts(),
            "inside": gx <= lx
            and lx + lens.width <= gx + grid.width
            and gy <= ly
            and ly + lens.height <= gy + grid.height,
            "covers_the_tile": lens.collide_point(*grid.to_widget(*grid.centre_of(cell["x"], cell["y"]))),
        }
        driver.shot(data / "stack.png")
        cx, cy = lens.to_window(*lens.center)
        driver.touch_at(cx, cy)  # a tap on the card closes it
        seen["closed_by_a_tap"] = grid.lens is None
    seen["chips"] = {row.chip.colour: {"mark": row.chip.mark_size, "height": row.chip.height} for row in t.screen._rows}
    driver.stop()
    return seen


def prompt(app: Any) -> str:
    return app.screen(TABLE_SCREEN).ids.asked.whole  # beside "Whole layout"


def _dialog() -> Any:
    from companion.app.pieces.dialog import open_dialogs

    dialogs = open_dialogs()
    assert dialogs, "no dialog is open"
    return dialogs[-1]


SESSIONS = {
    "raubritter-whole-game": whole_game,
    "raubritter-marches": marches,
    "raubritter-corrections": corrections,
    "raubritter-until-killed": until_killed,
    "raubritter-restarted": restarted,
    "raubritter-castle-until-killed": castle_until_killed,
    "raubritter-castle-restarted": castle_restarted,
    "raubritter-kinds-in-place": kinds_in_place,
    "raubritter-new-game-clean": new_game_clean,
    "raubritter-stack-shown-large": stack_shown_large,
}
