"""Which die an electronic die's roll is for, through real pseudo-terminals and the table.

A table with one board (it reports NUMBER for every roll) rolls Die Glücksritter's special die
with it too: a roll while only the special die is awaited is taken for the special die, and while
both dice are awaited the table is asked in words which one it was for. Two boards side by side
(one NUMBER, one SPECIAL), or one board that reports both dice, each say their die, and the wrong
one is refused as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.games.gluecksritter.table import DRAW, GluecksritterTable
from companion.i18n import render
from companion.table import DeviceChanged, Happened, Refused, RollKept
from companion.table.game import Rolled, RollWanted
from companion.table.notices import Rolling
from engines.gluecksritter.commands import (
    BuyPieces,
    ChooseActions,
    Decline,
    KnightAct,
    PlaceDucats,
    RevealActions,
    RevealDocuments,
    TakeDocument,
)
from hardware.dice.config import DiceConfig
from hardware.dice.emulator import DiceEmulator
from hardware.dice.reader import open_dice
from tests.companion.table.rig import make_table, setup, start_game
from tests.hardware.dice.conftest import fast_config

PICKS = {"red": (1, 4), "blue": (2, 4), "green": (1, 5), "yellow": (3, 6)}


@pytest.fixture
def boards(tmp_path):
    made = [DiceEmulator(name, rng=random.Random(3), link=tmp_path / name) for name in ("NUM1", "SPC2")]
    for board in made:
        board.open()
    yield made
    for board in made:
        board.close()


def table_on(tmp_path, loop, closing, dice, game: Any = None):
    journal, session = start_game(tmp_path / "journal.sqlite3", setup("schmidt-1998"))
    options = {"game": game} if game is not None else {}
    table, heard = make_table(session, loop, dice=dice, **options)
    closing.append(table)
    table.start()
    return table, heard


def connected(loop, table, heard, boards: list[DiceEmulator]) -> None:
    """Heartbeats until the table has been told that each board is connected."""
    names = {board.device_id for board in boards}

    def all_heard() -> bool:
        for board in boards:
            board.heartbeat()
        said = [n.detail for n in heard.of(DeviceChanged) if n.kind == "dice" and n.connected]
        return all(any(detail.startswith(f"{name} on ") for detail in said) for name in names)

    loop.run_until(all_heard, what="the boards to be connected")


def to_the_raid(table, loop) -> None:
    """Through the first round of schmidt-1998 to red's raid on yellow, which awaits the special
    die; the duel's number dice typed (red 5, blue 2: red wins)."""
    table.submit(PlaceDucats(3, 2))
    for player, cards in PICKS.items():
        assert isinstance(table.submit(ChooseActions(player, cards)), Happened)
    table.submit(RevealDocuments())
    table.submit(RevealActions())
    table.submit(TakeDocument("red", DRAW))
    table.submit(Decline("green"))
    table.submit(BuyPieces("blue", 1))
    table.submit(BuyPieces("yellow", 1))
    assert [r.die for r in table.awaiting().rolls] == ["number", "number"]
    table.type_roll("5")
    table.type_roll("2")
    assert table.awaiting().rolls == ()
    called = table.submit(KnightAct("red", "raid", victim="yellow"))
    assert called.die == "special"
    assert [(r.player, r.die) for r in table.awaiting().rolls] == [("red", "special")]


def test_one_board_saying_number_rolls_the_special_die_when_it_alone_is_awaited(tmp_path, loop, closing, emulator):
    table, heard = table_on(tmp_path, loop, closing, lambda sink: open_dice(fast_config(emulator.path), sink))
    connected(loop, table, heard, [emulator])
    to_the_raid(table, loop)

    emulator.rolling("number")
    loop.run_until(lambda: heard.of(Rolling), what="the die to tumble")
    assert heard.of(Rolling)[-1] == Rolling("special")  # shown as the die it rolls for
    emulator.settled("number", 5)
    loop.run_until(lambda: table.awaiting().rolls == (), what="the raid's roll")
    raid = heard.of(Happened)[-1]
    assert {"type": "raid-rolled", "player": "red", "victim": "yellow", "face": 5, "symbol": "castle"} in raid.events
    assert not [n for n in heard.of(Refused) if n.rule == "table.wrong-die"]


def test_one_board_saying_number_rolls_the_number_die_as_before(tmp_path, loop, closing, emulator):
    table, heard = table_on(tmp_path, loop, closing, lambda sink: open_dice(fast_config(emulator.path), sink))
    connected(loop, table, heard, [emulator])
    to_the_raid(table, loop)
    table.cancel_roll()  # the raid given up: nothing is awaited
    emulator.roll("number", 2)
    loop.run_until(lambda: heard.of(Refused), what="the roll nobody awaits")
    assert heard.of(Refused)[-1].rule == "table.roll-not-awaited"


def test_a_board_that_reports_both_dice_says_which_and_the_wrong_one_is_refused(tmp_path, loop, closing, emulator):
    table, heard = table_on(tmp_path, loop, closing, lambda sink: open_dice(fast_config(emulator.path), sink))
    connected(loop, table, heard, [emulator])
    emulator.tilted_roll("special")  # the board has said SPECIAL once: it rolls two dice
    loop.run_until(lambda: any(n.rule == "table.die-tilted" for n in heard.of(Refused)), what="the tilted roll")
    to_the_raid(table, loop)
    emulator.roll("number", 5)
    loop.run_until(lambda: any(n.rule == "table.wrong-die" for n in heard.of(Refused)), what="the wrong die")
    assert table.awaiting().rolls[0].die == "special"
    emulator.roll("special", 1)
    loop.run_until(lambda: table.awaiting().rolls == (), what="the raid's roll")
    assert {"type": "raid-rolled", "player": "red", "victim": "yellow", "face": 1, "symbol": "sack"} in (
        heard.of(Happened)[-1].events
    )


def test_two_boards_side_by_side_each_roll_their_own_die(tmp_path, loop, closing, boards):
    number, special = boards
    config = DiceConfig(
        ports=(number.path, special.path), reconnect_interval=0.02, reconnect_max_interval=0.1, silence_timeout=None
    )
    table, heard = table_on(tmp_path, loop, closing, lambda sink: open_dice(config, sink, read_timeout=0.05))
    connected(loop, table, heard, boards)
    to_the_raid(table, loop)
    number.roll("number", 5)  # the number die's board, thrown for a raid: not the special die
    loop.run_until(lambda: any(n.rule == "table.wrong-die" for n in heard.of(Refused)), what="the wrong die")
    special.roll("special", 6)
    loop.run_until(lambda: table.awaiting().rolls == (), what="the raid's roll")
    assert {"type": "raid-rolled", "player": "red", "victim": "yellow", "face": 6, "symbol": "castle"} in (
        heard.of(Happened)[-1].events
    )
    assert sorted(board.device for board in table.status().boards) == ["NUM1", "SPC2"]

    number.disconnect()  # one board unplugged: the other goes on
    loop.run_until(lambda: any(not n.connected for n in heard.of(DeviceChanged)), what="the lost board")
    lost = [n for n in heard.of(DeviceChanged) if not n.connected]
    assert len(lost) == 1 and number.path in lost[0].detail  # the number die's board alone
    loop.run_until(lambda: sorted(b.state for b in table.status().boards) == ["connected", "searching"])
    special.roll("special", 2)  # the other board goes on
    loop.run_until(lambda: any(n.rule == "table.roll-not-awaited" for n in heard.of(Refused)), what="its roll")


class BothDice(GluecksritterTable):
    """Die Glücksritter as a table whose game awaits both dice at once: the special die for red,
    then the number die for blue (no game of the box does yet)."""

    def rolls(self, state: Any) -> list[RollWanted]:
        def kept(die: str, player: str):
            return lambda face: Rolled(player, die, face, "test")  # type: ignore[arg-type]

        return [
            RollWanted("red", "special", "red rolls the special die", kept("special", "red")),
            RollWanted("blue", "number", "blue rolls the number die", kept("number", "blue")),
        ]


@pytest.mark.parametrize("answer", ["number", "special"])
def test_with_both_dice_awaited_the_table_is_asked_which_die(tmp_path, loop, closing, emulator, answer):
    dice = lambda sink: open_dice(fast_config(emulator.path), sink)  # noqa: E731
    table, heard = table_on(tmp_path, loop, closing, dice, game=BothDice())
    connected(loop, table, heard, [emulator])
    emulator.roll("number", 4)
    loop.run_until(lambda: any(n.rule == "table.which-die" for n in heard.of(Refused)), what="the question")
    asked = heard.of(Refused)[-1]
    assert asked.player == "red" and table.awaiting().which == 4
    assert render(asked.shown, "en") == (
        "Both dice are awaited and the electronic die serves both: was the 4 rolled with the number die or with"
        " the special die?"
    )
    assert render(asked.shown, "de") == (
        "Beide Würfel sind dran und der elektronische Würfel dient für beide: wurde die 4 mit dem Zahlenwürfel"
        " oder mit dem Sonderwürfel gewürfelt?"
    )
    assert asked.message == render(asked.shown, "en")
    assert not heard.of(RollKept)

    kept = table.roll_for(answer)
    assert isinstance(kept, RollKept)
    assert (kept.player, kept.die, kept.face) == ({"special": "red", "number": "blue"}[answer], answer, 4)
    assert table.awaiting().which is None
    again = table.roll_for(answer)  # nothing is waiting any more
    assert isinstance(again, Refused) and again.rule == "table.no-roll-to-place"
    assert render(again.shown, "de") == "Kein Wurf wartet darauf, dass gesagt wird, für welchen Würfel er war."


def test_the_screens_die_is_never_asked_about(tmp_path, loop, closing, emulator):
    dice = lambda sink: open_dice(fast_config(emulator.path), sink)  # noqa: E731
    table, heard = table_on(tmp_path, loop, closing, dice, game=BothDice())
    connected(loop, table, heard, [emulator])
    notice = table.roll_on_screen()  # rolled for the first die awaited, as always
    assert isinstance(notice, RollKept) and (notice.player, notice.die) == ("red", "special")
    assert table.awaiting().which is None
    assert not heard.of(Refused)
