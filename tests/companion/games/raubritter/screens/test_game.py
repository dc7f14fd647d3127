"""Raubritter at the table, in real windows: whole games for 2 and for 4 players by touches into a
real journal until the end; the marches the screen offers are exactly the rules'; a march or a
tile the rules refuse is refused in their words and changes nothing; corrections made on the grid
by touch; a power cut in the middle of a turn; at 800×480 the kinds keep their places when one runs
out, a stack of knights is shown large with a tap, every chip carries its player's mark, and a new
game starts with nothing of the game before drawn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.touch import button, start
from tests.companion.games.raubritter.screens.driving import TABLE_SCREEN, Table, dialog, new_game, prompt, started
from tests.support.waiting import PROCESS
from tests.support.window import in_window, killed_when_ready, ready, run


@pytest.mark.parametrize("players", [2, 4])
@in_window
def test_a_whole_game_by_touch_ends_with_the_score_in_the_journal(tmp_path, players):
    """Every tile laid by touch (its kind, its cell, a castle's knights and march), now and then a
    turn ended after one tile; in a game of four, green surrenders (asked twice) in the third
    round. At the end the result comes by itself, and the journal holds the game as the screen."""
    from companion.games.raubritter.autoplay import next_command
    from companion.i18n import Message
    from companion.journal.session import Session
    from companion.journal.store import Journal
    from engines.raubritter import GAME
    from engines.raubritter.commands import EndTurn
    from engines.raubritter.views import state_of

    data = tmp_path / "game"
    app, driver = start(data, "de")
    t = new_game(app, driver, players)
    assert t.view()["current"] == ("yellow" if players == 4 else "red")  # the oldest begins
    laid = ended = 0
    surrendered = False
    while t.view()["phase"] != "over":
        view = t.view()
        if view["phase"] == "play" and view["laid"] == 1 and laid % 7 == 0:
            t.option(Message("End the turn"))
            ended += 1
            laid += 1
            continue
        if players == 4 and not surrendered and view["current"] == "green" and len(view["cells"]) > 20:
            t.option(Message("Surrender"))
            driver.tap(button(dialog(), app.tr(Message("Surrender"))))
            driver.tap(button(dialog(), app.tr(Message("Yes, surrender for good"))))
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
    shown = app.table.public_view()
    view = shown["view"]
    assert view["phase"] == "over"
    assert len(view["cells"]) == 24 * players - (0 if players == 2 else _left(view, "green"))
    assert ended > 0 and t.offered_marches > 0
    assert any(p["surrendered"] for p in view["players"]) == (players == 4)
    assert "Das Spiel ist aus" in prompt(app)
    driver.shot(data / f"end-{players}.png")
    driver.stop()

    with Journal.open(data / "journal.sqlite3", create=False) as journal:
        game = journal.games()[-1]
        assert game.game == "raubritter" and game.finished is not None and game.head == shown["entry"]
        state = Session.open(journal, game.id).state
        assert state.phase == "over"
        assert dict(state.scores) == view["scores"] and list(state.winners) == view["winners"]
        assert GAME.public_view(state)["cells"] == view["cells"]
        kinds = {entry.command["type"] for entry in journal.entries(game.id) if entry.kind == "command"}
        assert {"lay-tile", "end-turn"} <= kinds
        assert ("surrender" in kinds) == (players == 4)


def _left(view: dict[str, Any], colour: str) -> int:
    return next(p["tiles_total"] for p in view["players"] if p["colour"] == colour)


@in_window
def test_only_the_marches_the_rules_allow_are_offered_and_others_are_refused(tmp_path):
    """A castle beside a lake and a forest: the marches offered are the rules' (none into the lake,
    none that leaves too few on the forest); a march the rules refuse, sent as it is, is refused in
    the rules' words; a tile tapped where none may lie is refused and changes nothing."""
    from companion.i18n import Message, Plural, Word
    from engines.raubritter.commands import LayTile

    app, driver = start(tmp_path, "de")
    t = new_game(app, driver, 2)
    send = app.table.submit
    a = t.view()["current"]
    b = next(p["colour"] for p in t.view()["players"] if p["colour"] != a)
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
    assert len(t.view()["cells"]) == 4 and app.root.word_is_refusal
    assert "-1,-1" in app.root.word, app.root.word  # the rules' own reason, with the place

    t.cell(0, 0)
    t.option(Plural("{n} knight", "{n} knights", 3))
    offered = [o.args.get("direction", "stay") for o in t.offered() if o.main]
    assert offered == ["stay", "south"]  # not east into the lake, nowhere without tiles
    t.option(Message("March {direction}", direction=Message("south")))
    splits = [list(o.args["drops"]) for o in t.offered() if o.main]
    assert splits == [[1, 2]]  # the forest keeps 2 and cannot be passed with 3
    driver.shot(tmp_path / "march.png")

    before = t.view()
    lake = app.tr(send(LayTile(a, "plain-castle", 0, 0, (1, 2), "east")).shown)  # into the lake
    forest = app.tr(send(LayTile(a, "plain-castle", 0, 0, (2, 1), "south")).shown)  # one knight cannot enter the forest
    driver.frames(3)
    assert "See" in lake and "0,1" not in lake, lake
    assert "Wald" in forest and "0,1" in forest, forest
    assert t.view() == before
    driver.stop()


def into_a_turn_until_killed(data: Path) -> None:
    """Into the first turn: one tile laid and the next kind chosen; say so, and wait to be killed."""
    from companion.games.raubritter.autoplay import next_command
    from companion.i18n import Message, Word
    from engines.raubritter.views import state_of

    app, driver = start(data, "de")
    t = new_game(app, driver, 2)
    while not (t.view()["phase"] == "play" and t.view()["laid"] == 1):
        t.lay(next_command(state_of(t.view())))
    t.option(Message("{kind}\n{n} left", kind=Word("plain"), n=t.view()["players"][0]["tiles"]["plain"]))
    view = app.table.public_view()
    ready(entry=view["entry"], view=view["view"])
    driver.until(lambda: False, seconds=PROCESS, what="the power cut")


def the_same_turn_again(data: Path, before: dict[str, Any]) -> None:
    """Started again after the cut: the table screen at the same turn, one tile laid, the kind
    chosen not written; the turn goes on by touch."""
    from companion.games.raubritter.autoplay import next_command
    from engines.raubritter.views import state_of

    app, driver = start(data)
    driver.until(lambda: app.table is not None, what="the running game")
    assert app.root.manager.current == TABLE_SCREEN
    view = app.table.public_view()
    assert view["entry"] == before["entry"]
    assert view["view"] == before["view"]  # the same turn, one tile laid
    assert "hat 1 von höchstens 3 Plättchen gelegt" in prompt(app)  # the kind chosen was not written
    t = Table(app, driver)
    t.lay(next_command(state_of(t.view())))
    assert t.view()["laid"] == 2
    driver.stop()


def test_killed_in_the_middle_of_a_turn_it_opens_at_the_same_turn(tmp_path):
    before = killed_when_ready(into_a_turn_until_killed, data=tmp_path)
    assert before["view"]["laid"] == 1
    run(the_same_turn_again, data=tmp_path, before=before)


def castle_until_killed(data: Path) -> None:
    """Into play: a castle laid on its cell and its knights counted, the march not yet confirmed;
    the castle kept by the journal and drawn on the grid; say so, and wait to be killed (the power
    goes off in the middle of the castle's step)."""
    from companion.games.raubritter.autoplay import next_command
    from companion.games.raubritter.screens.guide import kinds_to_lay, step
    from companion.i18n import Message, Plural, Word
    from engines.raubritter.rules import building
    from engines.raubritter.views import state_of

    app, driver = start(data, "de")
    t = new_game(app, driver, 2)
    while not (t.view()["phase"] == "play" and t.view()["laid"] == 0):
        t.lay(next_command(state_of(t.view())))
    view = t.view()
    kind = next(k for k in kinds_to_lay(view) if building(k) == "castle")
    me = next(p for p in view["players"] if p["colour"] == view["current"])
    t.option(Message("{kind}\n{n} left", kind=Word(kind), n=me["tiles"][kind]))
    cell = list(t.screen.guided_now().targets[0])
    t.cell(*cell)
    t.option(Plural("{n} knight", "{n} knights", 1))
    driver.until(lambda: app.journal.fact("under-way") is not None, what="the castle kept")
    assert step(t.view(), t.screen.pending).ghost is not None  # the castle stands on the screen's grid, as on the table
    kept = json.loads(app.journal.fact("under-way"))
    assert kept["screen"] == {
        "step": "raubritter-castle",
        "kind": kind,
        "cell": cell,
        "knights": 1,
        "direction": None,
        "drops": None,
    }
    ready(entry=app.table.public_view()["entry"], cell=cell, kind=kind)
    driver.until(lambda: False, seconds=PROCESS, what="the power cut")


def castle_again(data: Path, before: dict[str, Any]) -> None:
    """Started again after the cut: the castle where it stood, its knights counted, the bottom line
    saying the step was cut; then its march confirmed by touch, and written."""
    from companion.games.raubritter.screens.guide import step
    from companion.i18n import Plural

    app, driver = start(data)
    driver.until(lambda: app.table is not None, what="the running game")
    driver.frames(3)
    t = Table(app, driver)
    pending = t.screen.pending
    entry = app.table.public_view()["entry"]
    assert entry == before["entry"]  # nothing written meanwhile
    cell = list(pending.cell) if pending.cell else None
    assert (pending.kind, cell, pending.knights) == (before["kind"], before["cell"], 1)
    assert step(t.view(), pending).ghost is not None  # drawn again where it lies on the table
    said = app.say("The power failed in the middle of this step; it goes on where it stood.")
    assert said in app.root.word, app.root.word  # the bottom line says the step was cut and goes on
    x, y = before["cell"]
    happened = t.screen.ids.happened.text
    assert f"Burg bei {x},{y}" in happened, happened  # and which castle, where
    driver.shot(data / "castle-restarted.png")

    t.option(Plural("The {n} knight stays on the castle", "All {n} stay on the castle", 1))
    driver.until(lambda: app.table.public_view()["entry"] > entry, what="the castle written")
    shown = app.table.public_view()
    written = app.journal.entry(shown["game_id"], shown["entry"]).command
    assert written["type"] == "lay-tile" and written["kind"] == before["kind"]
    assert (written["x"], written["y"], list(written["drops"])) == (x, y, [1])
    assert app.journal.fact("under-way") is None  # written with the castle: the record of it is gone
    driver.stop()


def test_a_castle_laid_before_its_march_is_laid_again_after_a_power_cut(tmp_path):
    before = killed_when_ready(castle_until_killed, data=tmp_path)
    run(castle_again, data=tmp_path, before=before)


@in_window
def test_corrections_on_the_grid_change_the_table_and_the_score(tmp_path):
    """Corrections on the grid by touch, each with a reason: a tile's kind, a tile that lies
    elsewhere (the next tap says where), the knights on a tile, a tile that is not there, a tile
    never recorded, the knights in a player's hand; a correction the rules refuse is said in the
    dialog; the score follows."""
    from companion.app.people import person
    from companion.app.pieces.dialog import open_dialogs
    from companion.games.raubritter import score
    from companion.i18n import Message, Word
    from engines.raubritter.commands import LayTile

    app, driver = start(tmp_path, "en")
    t = new_game(app, driver, 2)
    tr = app.tr
    for command in (
        LayTile("red", "plain-village", 0, 0),
        LayTile("red", "plain", 1, 0),
        LayTile("blue", "forest-village", 0, 1),
        LayTile("blue", "plain", 1, 1),
        LayTile("red", "plain-castle", 2, 0, (2, 1), "west"),
    ):
        app.table.submit(command)
    driver.frames(3)

    def at(x: int, y: int) -> dict[str, Any]:
        return next(c for c in t.view()["cells"] if (c["x"], c["y"]) == (x, y))

    def laid() -> list[tuple[int, int]]:
        return sorted((c["x"], c["y"]) for c in t.view()["cells"])

    def dialog_tap(text: str) -> None:
        driver.tap(button(dialog(), text))

    def correcting() -> None:
        driver.tap(tr(Message("Correct")))
        driver.until(lambda: t.screen.pending.correcting, what="the grid in correction")

    # the village at 0,0 is really a town
    correcting()
    t.cell(0, 0)
    dialog_tap(tr(Message("{kind} ({n} left)", kind=Word("plain-town"), n=3)))
    dialog_tap(tr(Message("a tile or a knight was bumped")))
    dialog_tap(tr(Message("Correct")))
    driver.until(lambda: not open_dialogs(), what="the kind corrected")
    assert at(0, 0)["kind"] == "plain-town"
    # the knights on the castle: one more of blue on top, and the castle scores for blue now
    t.cell(2, 0)
    dialog_tap(tr(Message("Other knights")))
    dialog_tap(tr(Message("+ {player}", player=person(app.table.public_view()["view"], "blue"))))
    dialog_tap(tr(Message("Correct")))
    driver.until(lambda: not open_dialogs(), what="the stack corrected")
    assert at(2, 0)["stack"] == ["red", "red", "blue"]
    assert score.points(app.table.public_view()["view"]) == {"red": 0, "blue": 1}
    # the plain at 1,1 lies at 2,1
    t.cell(1, 1)
    dialog_tap(tr(Message("It lies elsewhere")))
    dialog_tap(tr(Message("Show where")))
    t.cell(2, 1)
    driver.until(lambda: (2, 1) in laid(), what="the tile moved")
    assert (0, 1) in laid() and (1, 1) not in laid(), laid()
    # a tile moved onto another is refused in the rules' words, and nothing changes
    before = t.view()
    t.cell(0, 0)
    dialog_tap(tr(Message("It lies elsewhere")))
    dialog_tap(tr(Message("Show where")))
    t.cell(0, 1)
    assert app.root.word == "A tile already lies at 0,1" and app.root.word_is_refusal
    assert t.view() == before
    t.option(Message("Back to the game"))
    correcting()
    # a tile the app never recorded: red's lake at 0,-1 (red's turn: red's pile is offered first)
    t.cell(0, -1)
    dialog_tap(tr(Message("{kind} ({n} left)", kind=Word("lake"), n=1)))
    dialog_tap(tr(Message("Correct")))
    driver.until(lambda: not open_dialogs(), what="the unrecorded tile added")
    added = at(0, -1)
    assert (added["kind"], added["owner"], added["stack"]) == ("lake", "red", [])
    # on the lake no knight is offered
    t.cell(0, -1)
    dialog_tap(tr(Message("Other knights")))
    lake_knights = [w.text for w in dialog().walk() if isinstance(getattr(w, "text", None), str)]
    assert "Knights never stand on the lake." in lake_knights
    assert not any(text.startswith("+ ") for text in lake_knights), lake_knights  # no knight offered
    dialog_tap(tr(Message("Back")))
    # the castle is not there: its knights go back to their hands
    t.cell(2, 0)
    dialog_tap(tr(Message("It is not there")))
    dialog_tap(tr(Message("Correct")))
    driver.until(lambda: not open_dialogs(), what="the castle taken back")
    assert (2, 0) not in laid()
    assert {p["colour"]: p["knights"] for p in t.view()["players"]} == {"red": 29, "blue": 30}
    # red really holds 25 knights in hand
    t.option(Message("Knights in hand"))
    stepper = next(w for w in dialog().walk() if type(w).__name__ == "Stepper")
    for _ in range(5):
        driver.tap(button(stepper, "−"))
    dialog_tap(tr(Message("Correct")))
    driver.until(lambda: not open_dialogs(), what="the knights in hand corrected")
    red = next(p for p in t.view()["players"] if p["colour"] == "red")
    assert (red["knights"], red["knights_aside"]) == (24, 5)
    t.option(Message("Back to the game"))
    corrections = [e["command"] for e in app.table.log() if e.get("correction")]
    assert corrections == ["correct-tile", "correct-stack", "move-tile", "correct-tile", "correct-tile", "correct"]
    assert prompt(app).startswith("Anna (Red) has laid 1 of at most 3 tiles"), prompt(app)  # the turn goes on
    driver.stop()


# ----------------------------------------------------------------------------- at 800×480, by touch
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


@in_window
def test_every_kind_keeps_its_place_when_one_runs_out_greyed_with_its_reason(tmp_path):
    """Red lays the lake, the only one in the pile, as the first initial tile: every kind's button
    stands where it stood, the lake's greyed with "none left"; the castles were greyed from the
    start ("not yet"); a tap on the lake's button asks for no cell. Every kind's button is big
    enough for a finger."""
    from engines.raubritter.commands import LayTile
    from engines.raubritter.rules import KINDS

    app, driver = start(tmp_path, "de")
    t = started(app, driver, (("red", "Anna"), ("blue", "Ben")))
    driver.frames(3)
    before = _kind_buttons(t.screen)
    castle = before["plain-castle"]
    assert castle["disabled"] and castle["text"] == "Ebene/Burg\nnoch nicht"
    assert before["lake"]["text"] == "See\n1 übrig" and not before["lake"]["has_refusal"]

    app.table.submit(LayTile("red", "lake", 0, 0))
    driver.until(lambda: t.view()["players"][0]["tiles"]["lake"] == 0, what="the lake laid")
    driver.frames(3)
    after = _kind_buttons(t.screen)
    assert list(before) == list(after) == list(KINDS)  # all nine, in the same order
    for kind in KINDS:
        assert before[kind]["at"] == after[kind]["at"], kind  # not moved by a pixel
    lake = after["lake"]
    assert lake["has_refusal"] and lake["disabled"] and lake["text"] == "See\nkeine mehr"
    assert len({tuple(button["size"]) for button in (*before.values(), *after.values())}) == 1  # one size for all
    for kind, shown in after.items():
        assert min(shown["size"]) >= 48, (kind, shown["size"])  # big enough for a finger
    options = {o.args["kind"]: o for o in t.offered() if o.dialog == "kind"}
    refusals = {kind: app.tr(o.refusal) for kind, o in options.items() if o.refusal is not None}
    assert refusals == {"lake": "keine mehr", "plain-castle": "noch nicht", "forest-castle": "noch nicht"}
    assert t.view()["current"] == "red"  # the same player, the second initial tile

    lake_button = next(
        w
        for w in t.screen.ids.options.walk(restrict=True)
        if getattr(w, "option", None) is not None and w.option.args.get("kind") == "lake"
    )
    driver.tap(lake_button)
    driver.frames(3)
    assert list(t.screen.guided_now().targets) == []  # the lake tapped anyway: no cell is offered for it
    driver.shot(tmp_path / "kinds.png")
    driver.stop()


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


def _nothing_of_blue(drawn: dict[str, Any], blue: list[float]) -> None:
    assert not any("blue" in key for key in drawn["pictures"]), drawn["pictures"]
    assert blue not in [list(c) for c in drawn["colours"]], drawn["colours"]
    assert "blue" not in drawn["owners"] and "blue" not in drawn["knights"], drawn
    assert not drawn["lens"]


@in_window
def test_a_new_game_draws_and_says_nothing_of_the_game_before(tmp_path):
    """A game of four with Blue played a while (a tile of Blue's tapped: its stack shown large, its
    words said), then a new game of three without Blue: it draws nothing of Blue and says nothing
    of Blue. A game started while the table is shown is drawn at once, with nothing of the one
    before."""
    from companion.app import theme
    from companion.games.raubritter.autoplay import next_command
    from companion.i18n import Message
    from engines.raubritter.views import state_of
    from tests.companion.games.raubritter.screens.driving import setup

    app, driver = start(tmp_path, "de")
    t = started(app, driver, (("red", "Anna"), ("blue", "Ben"), ("green", "Clara"), ("yellow", "Dieter")))
    while len(t.view()["cells"]) < 30 or t.view()["laid"]:
        app.table.submit(next_command(state_of(t.view())))
    driver.frames(3)
    blues = [c for c in t.view()["cells"] if "blue" in c["stack"]]
    tapped = blues[0] if blues else next(c for c in t.view()["cells"] if c["owner"] == "blue")
    t.cell(tapped["x"], tapped["y"])
    old = _drawn(t.screen.ids.grid)
    assert "blue" in old["owners"] and old["lens"]  # blue's tiles were drawn, a stack shown large
    assert any("blue" in key for key in old["pictures"]), old["pictures"]

    app.goto("start")  # the menu: a new game is set up on its own screens, then the table is shown
    driver.frames(3)
    t = started(app, driver, (("red", "Anna"), ("green", "Clara"), ("yellow", "Dieter")))
    driver.frames(3)
    assert t.screen is app.screen(TABLE_SCREEN)  # the table screen of the game before, drawn anew
    assert {p["colour"] for p in t.view()["players"]} == {"red", "green", "yellow"}
    grid = t.screen.ids.grid
    blue = [round(v, 3) for v in theme.PLAYERS["blue"]]
    drawn = _drawn(grid)
    _nothing_of_blue(drawn, blue)
    assert drawn["owners"] == [] and drawn["pictures"] == []  # nothing laid yet: nothing drawn
    chips = {w.colour for w in t.screen.walk(restrict=True) if type(w).__name__ == "Chip"}
    assert chips == {"red", "green", "yellow"}
    said = [x for x in driver.texts() if "Blau" in x or "Ben" in x]
    assert said == []  # nothing of Blue said
    # a tile laid in the new game: drawn in its owner's colours only
    app.table.submit(next_command(state_of(t.view())))
    driver.frames(3)
    drawn = _drawn(grid)
    _nothing_of_blue(drawn, blue)
    assert len(drawn["owners"]) == 1, drawn["owners"]
    driver.shot(tmp_path / "new-game.png")

    # a tile tapped (its words said), then a game of two started while the table screen is shown
    laid = t.view()["cells"][0]
    t.cell(laid["x"], laid["y"])
    assert t.screen.info  # a tile's words are said in the game before
    app.start_game("raubritter", setup((("red", "Anna"), ("green", "Clara"))))
    driver.frames(3)
    if app.root.manager.current != TABLE_SCREEN:  # asked to save the running game first
        driver.tap(app.tr(Message("Save it and go on")))
    driver.until(lambda: len(t.screen.view.get("players", ())) == 2, what="the new game of two drawn")
    assert sorted(row.chip.colour for row in t.screen._rows) == ["green", "red"]
    assert t.screen.info is None and len(grid._cells) == 0
    assert t.screen.ids.asked.whole.startswith("Anna (Rot)"), t.screen.ids.asked.whole
    driver.stop()


@in_window
def test_a_tap_on_a_stack_shows_it_large_at_800x480_with_four_players(tmp_path):
    """A game of four played until a tile carries knights of several players: all nine kinds are
    on one page; the whole layout fitted at 800×480; a tap on that tile (no kind chosen) shows its
    stack large, a finger wide, beside the tile, and names every knight, as the tile's words do;
    a tap on the card closes it. Every player's chip carries its mark."""
    from kivy.core.window import Window

    from companion.app.driver import unseen
    from companion.games.raubritter.autoplay import next_command
    from companion.games.raubritter.screens.landscape import PIP
    from companion.i18n import Message
    from engines.raubritter.views import state_of

    app, driver = start(tmp_path, "de")
    Window.size = (800, 480)  # the Pi's display
    driver.until(lambda: list(Window.size) == [800, 480], what="the window at 800×480")
    t = started(app, driver, (("red", "Anna"), ("blue", "Ben"), ("green", "Clara"), ("yellow", "yellow")))
    grid = t.screen.ids.grid

    def mixed() -> Any:
        cells = [c for c in t.view()["cells"] if len(set(c["stack"])) > 1 and len(c["stack"]) >= 3]
        return max(cells, key=lambda c: len(c["stack"])) if cells else None

    while (mixed() is None or len(t.view()["cells"]) < 60) and t.view()["phase"] != "over":
        app.table.submit(next_command(state_of(t.view())))
    driver.frames(3)
    choices = t.screen.ids.options
    buttons = [w for w in choices.box.walk(restrict=True) if getattr(w, "option", None) is not None]
    assert sum(1 for w in buttons if w.option.dialog == "kind") == 9 and choices.pages == 1
    unseen_ones = [w.text for w in buttons if unseen(w) is not None]
    assert unseen_ones == []  # the kinds, "End the turn" or "Surrender": all a finger can tap

    driver.tap(app.tr(Message("Whole layout")))
    driver.frames(3)
    cell = mixed()
    stack = list(cell["stack"])
    assert len(set(stack)) > 1 and len(stack) >= 3
    assert list(grid.get_root_window().size) == [800, 480] and len(t.view()["players"]) == 4
    assert 2 * PIP[2] * grid.cell_size < 12  # on the fitted grid the marks under the top are small...
    t.cell(cell["x"], cell["y"])
    lens = grid.lens
    assert lens is not None
    gx, gy = grid.to_window(*grid.pos)
    lx, ly = lens.to_window(*lens.pos)
    assert gx <= lx and lx + lens.width <= gx + grid.width and gy <= ly and ly + lens.height <= gy + grid.height
    assert not lens.collide_point(*grid.to_widget(*grid.centre_of(cell["x"], cell["y"])))  # the tile stays seen
    assert [colour for colour, _name in lens.rows] == list(reversed(stack))  # one row a knight, the top one first
    assert lens.mark_px >= 30 and lens.row_px >= 44, (lens.mark_px, lens.row_px)  # ...shown large a finger wide
    names = {"red": "Anna (Rot)", "blue": "Ben (Blau)", "green": "Clara (Grün)", "yellow": "Gelb"}
    top_down = [names[c] for c in reversed(stack)]
    texts = lens.texts()
    assert texts[1:] == [f"{top_down[0]} · oben", *top_down[1:-1], f"{top_down[-1]} · unten"], texts
    assert list(lens.tags) == ["oben"] + [""] * (len(top_down) - 2) + ["unten"]
    assert f"{len(stack)} Ritter, der oberste zuerst" in texts[0], texts[0]

    # the tile's words name every knight of the stack, bottom to top
    info = app.tr(t.screen.info) if t.screen.info is not None else None
    bottom_up = [names[c] for c in stack]
    words = f"unten {bottom_up[0]}, dann {', '.join(bottom_up[1:-1])}, oben {bottom_up[-1]}"
    assert info is not None and f": {len(bottom_up)} Ritter, {words}" in info, info
    driver.shot(tmp_path / "stack.png")
    cx, cy = lens.to_window(*lens.center)
    driver.touch_at(cx, cy)  # a tap on the card closes it
    assert grid.lens is None

    # every player's chip carries its mark
    chips = {row.chip.colour: (row.chip.mark_size, row.chip.height) for row in t.screen._rows}
    assert set(chips) == {"red", "blue", "green", "yellow"}
    for colour, (mark, height) in chips.items():
        assert mark >= 0.4 * height - 1, (colour, mark, height)
    driver.stop()
