"""A whole round of Die Glücksritter (schmidt-1998) through the table: the default 6x6 panel on
mock pins with its LEDs, the electronic die on a real pseudo-terminal, the digital sack and the
document deck drawn by the table, a duel and a raid rolled on the die; a tilted roll, a roll
nobody awaits and the wrong die refused in words; the session only ever called on the UI loop; and
the hardware made from the settings file."""

from __future__ import annotations

import threading
import time

import pytest
from gpiozero.pins.mock import MockFactory

from companion.games.gluecksritter.table import DRAW
from companion.table import ChoiceOpened, DeviceChanged, Happened, LockedIn, PressIgnored, Refused, RollCalled
from companion.table.devices import from_config
from engines.gluecksritter.commands import (
    BuyPieces,
    Decline,
    EndRound,
    KnightAct,
    PlaceDucats,
    RevealActions,
    RevealDocuments,
    TakeDocument,
)
from hardware.config import HardwareConfig
from hardware.dice.config import DiceConfig
from hardware.dice.reader import DiceReader
from hardware.panel import PanelConfig
from tests.companion.table.panels import MatrixRig
from tests.companion.table.rig import make_table, setup, start_game
from tests.hardware.dice.conftest import fast_config

RED, BLUE, GREEN, YELLOW = 1, 2, 3, 4  # panel seats, in the order of the setup
PICKS = {RED: (4, 1), BLUE: (4, 2), GREEN: (1, 5), YELLOW: (3, 6)}


def test_a_round_with_a_duel_and_a_raid(tmp_path, loop, closing, emulator):
    journal, session = start_game(tmp_path / "journal.sqlite3", setup("schmidt-1998"))
    threads = []
    apply_all = session.apply_all  # every write of the table goes through it
    session.apply_all = lambda *args: threads.append(threading.current_thread()) or apply_all(*args)
    rig = MatrixRig()
    table, heard = make_table(
        session,
        loop,
        panel=rig.factory,
        leds=rig.leds,
        dice=lambda sink: DiceReader(fast_config(emulator.path), sink),
    )
    closing.append(table)
    table.start()
    loop.run_until(lambda: table.status().die == "waiting", what="the reader to open the die's port")
    emulator.heartbeat()
    loop.run_until(lambda: any(n.kind == "dice" and n.connected for n in heard.of(DeviceChanged)), what="the die")
    status = table.status()
    assert (status.panel, status.die) == ("connected", "connected")
    assert table.awaiting().game == ({"player": None, "commands": ["place-ducats"]},)

    # A roll nobody waits for changes nothing
    emulator.roll("number", 3)
    loop.run_until(lambda: heard.of(Refused), what="the refusal of a roll nobody awaits")
    assert heard.of(Refused)[-1] == Refused(
        "table.roll-not-awaited", "Nobody has to roll now: the 3 of the number die is not used."
    )

    # Phase A: the table draws the coins from the digital sack
    placed = table.submit(PlaceDucats(3, 2))
    assert isinstance(placed, Happened) and placed.command == "place-ducats"
    view = table.public_view()["view"]
    assert view["field5"]["silver"] + view["field5"]["gold"] == 3
    assert view["field6"]["silver"] + view["field6"]["gold"] == 2
    assert heard[-1] == ChoiceOpened(("red", "blue", "green", "yellow"))

    # Phase B on the panel: nothing goes in before the last player locks in
    for seat in (RED, BLUE, GREEN):
        for button in PICKS[seat]:
            rig.tap(seat, button)
    loop.run_until(lambda: len(heard.of(LockedIn)) == 3, what="three lock-ins")
    assert [n.player for n in heard.of(LockedIn)] == ["red", "blue", "green"]
    assert [rig.lit(seat) for seat in (RED, BLUE, GREEN, YELLOW)] == [True, True, True, False]
    assert table.awaiting().locked == ("red", "blue", "green")
    assert session.head == placed.entry  # nothing written yet
    rig.tap(RED, 3)  # red is locked in: the press counts for nothing
    loop.run_until(lambda: heard.of(PressIgnored), what="the refused press")
    assert heard.of(PressIgnored) == [PressIgnored("red")]
    for button in PICKS[YELLOW]:
        rig.tap(YELLOW, button)
    loop.run_until(lambda: len(heard.of(Happened)) == 5, what="the four picks to go in")
    chosen = heard.of(Happened)[1:]
    assert [(n.command, n.events[0]["player"], n.events[0]["cards"]) for n in chosen] == [
        ("choose-actions", colour, None) for colour in ("red", "blue", "green", "yellow")
    ]
    assert [n.entry for n in chosen] == [2, 3, 4, 5]  # together, one after another
    assert table.awaiting().choosing == ()
    rig.leds.wait_idle(2.0)
    assert not any(rig.lit(seat) for seat in PICKS)

    # A tilted roll is refused and asks for another
    emulator.tilted_roll("number")
    loop.run_until(lambda: heard[-1].__class__ is Refused and heard[-1].rule == "table.die-tilted")
    assert heard[-1].message == "The number die landed tilted: roll it again."

    table.submit(RevealDocuments())
    table.submit(RevealActions())
    picks = {p["colour"]: tuple(p["pick"]) for p in table.public_view()["view"]["players"]}
    assert picks == {"red": (1, 4), "blue": (2, 4), "green": (1, 5), "yellow": (3, 6)}

    # Field 1, shared: red pays 4 and the table draws the document; green declines
    drawn = table.submit(TakeDocument("red", DRAW))
    assert isinstance(drawn, Happened)
    assert {"type": "document-drawn", "player": "red", "document": None} in drawn.events
    (document,) = session.state.player("red").documents
    shown = {key: value for key, value in table.public_view()["view"].items() if key != "catalogue"}  # the box's kinds
    assert document not in repr(list(heard)) and document not in repr(shown)
    table.submit(Decline("green"))
    table.submit(BuyPieces("blue", 1))  # field 2, alone: 4 Ducats
    table.submit(BuyPieces("yellow", 1))  # field 3, alone: 5 Ducats

    # Field 4: red and blue duel on the number die; the special die is not it
    awaited = table.awaiting().rolls
    assert [(r.player, r.die) for r in awaited] == [("red", "number"), ("blue", "number")]
    emulator.roll("special", 2)
    loop.run_until(lambda: heard[-1].__class__ is Refused and heard[-1].rule == "table.wrong-die")
    assert heard[-1].player == "red" and "the 2 of the special die is not used" in heard[-1].message
    emulator.roll("number", 5)
    loop.run_until(lambda: [r.player for r in table.awaiting().rolls] == ["blue"], what="red's roll")
    emulator.roll("number", 2)
    loop.run_until(lambda: table.awaiting().rolls == (), what="blue's roll")
    duel = heard.of(Happened)[-1]
    assert {"type": "duel-won", "winner": "red"} in duel.events
    assert table.public_view()["view"]["players"][1]["knight_in_dungeon"]

    # red raids yellow: the raid waits for the special die, whose face 5 shows a castle
    called = table.submit(KnightAct("red", "raid", victim="yellow"))
    assert called == RollCalled("red", "special", "red raids yellow: roll the special die")
    assert [(r.player, r.die) for r in table.awaiting().rolls] == [("red", "special")]
    emulator.roll("special", 5)
    loop.run_until(lambda: table.awaiting().rolls == (), what="the raid's roll")
    raid = heard.of(Happened)[-1]
    assert {"type": "raid-rolled", "player": "red", "victim": "yellow", "face": 5, "symbol": "castle"} in raid.events
    players = {p["colour"]: p for p in table.public_view()["view"]["players"]}
    assert (players["red"]["towers"], players["yellow"]["towers"]) == (1, 0)

    # Fields 5 and 6 went to green and yellow by themselves; red holds a document, so the round
    # waits for the table before the victory is checked
    assert table.awaiting().game == ({"player": None, "commands": ["end-round"]},)
    table.submit(EndRound())
    view = table.public_view()["view"]
    assert (view["round"], view["phase"]) == (2, "A")
    assert view["field5"] == view["field6"] == {"silver": 0, "gold": 0, "value": 0}

    # Round 2: blue's knight is in the dungeon, so the panel takes no 4 from blue
    table.submit(PlaceDucats(1, 1))
    rig.tap(BLUE, 4)
    loop.run_until(lambda: len(heard.of(PressIgnored)) == 2, what="blue's refused press")
    assert heard.of(PressIgnored)[-1] == PressIgnored("blue")
    assert table.awaiting().locked == ()

    emulator.disconnect()
    loop.run_until(lambda: not heard.of(DeviceChanged)[-1].connected, what="the die to be lost")
    assert heard.of(DeviceChanged)[-1].kind == "dice"
    assert set(threads) == {threading.main_thread()}
    table.close()
    journal.close()
    assert not [t.name for t in threading.enumerate() if t.name.startswith(("panel-", "dice-"))]


def test_the_die_is_absent_without_a_reader(tmp_path, loop, closing):
    journal, session = start_game(tmp_path / "journal.sqlite3", setup("schmidt-1998"))
    with journal:
        table, heard = make_table(session, loop)
        closing.append(table)
        table.start()
        status = table.status()
        assert (status.panel, status.die) == ("absent", "absent")
        assert heard == []
        started = time.monotonic()
        table.close()
        assert time.monotonic() - started < 1


WIRINGS = [("keyboard", "connected", False), ("matrix", "connected", True), ("none", "absent", False)]


@pytest.mark.parametrize(("wiring", "panel", "leds"), WIRINGS)
def test_the_hardware_comes_from_the_settings_file(tmp_path, loop, closing, wiring, panel, leds):
    config = HardwareConfig(PanelConfig(wiring=wiring), DiceConfig(port="none"), None)
    journal, session = start_game(tmp_path / "journal.sqlite3", setup("schmidt-1998"))
    hardware = from_config(config, pin_factory=MockFactory())
    assert (hardware["leds"] is not None, hardware["dice"]) == (leds, None)
    table, heard = make_table(session, loop, **hardware)
    closing.append(table)
    table.start()
    loop.run_until(lambda: table.status().panel == panel, what=f"the {wiring} panel")
    assert table.status().die == "absent"
    table.close()
    journal.close()
