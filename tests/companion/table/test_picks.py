"""The secret choice through the table: a bounced button picks once; what a player may press
follows the game; the engine refusing one player's revealed picks writes nobody's and asks only
that player again; presses and screen picks that no choice awaits are refused in words; a hold
clears picks through the hold timer's thread; without a panel the screen's picks go straight in."""

from __future__ import annotations

import threading

from gpiozero.pins.mock import MockFactory

from companion.games.gluecksritter.table import GluecksritterTable
from companion.table import ChoiceOpened, Happened, LockedIn, PicksCleared, PressIgnored, Refused
from engines.core.correction import Correct
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import ChooseActions, PlaceDucats, Ransom
from hardware.panel.direct import DirectPanel
from hardware.panel.leds import BlinkPattern, PlayerLeds
from tests.companion.table.panels import keyboard_picks, keyboard_tap
from tests.companion.table.rig import keyboard_table, make_table, setup, start_game
from tests.hardware.panel.harness import FakeClock

DIRECT = {1: [4, 17, 27, 22, 23, 24], 2: [5, 6, 12, 13, 16, 26], 3: [7, 8, 9, 10, 11, 25]}
MIX = PlaceDucats(2, 2, field5=Coins(1, 1), field6=Coins(2, 0))
JAIL_RED = Correct("red.knight-in-dungeon", 1, "red's knight was left in the dungeon")


class EveryButton(GluecksritterTable):
    """A part that lets every button through, so that the engine is the one to refuse."""

    def choosing(self, state):
        return {player: frozenset(range(1, 7)) for player in super().choosing(state)}


def test_a_bouncing_button_is_one_pick(tmp_path, loop, closing):
    clock, pins, panels = FakeClock(), MockFactory(), []

    def direct(sink):
        panels.append(DirectPanel(DIRECT, sink, pin_factory=pins, debounce_s=0.005, clock=clock, window_thread=False))
        return panels[-1]

    players = ("red", "blue", "green")
    journal, session = start_game(tmp_path / "journal.sqlite3", setup("schmidt-1998", players=players))
    table, heard = make_table(session, loop, panel=direct, clock=clock)
    closing.append(table)
    table.start()
    table.submit(PlaceDucats(1, 1))

    def tap(seat, button, bounces="LHLHL"):
        pin = pins.pin(DIRECT[seat][button - 1])
        for levels in (bounces, bounces.translate(str.maketrans("LH", "HL"))):  # press, then release
            for level in levels:
                pin.drive_low() if level == "L" else pin.drive_high()
                clock.advance(0.001)
            clock.advance(0.01)
            panels[0].settle()
        loop.drain()

    tap(1, 3)  # five edges in 4 ms: one press; a second one would have dropped the pick again
    assert heard.of(LockedIn) == []
    tap(1, 5)
    assert heard.of(LockedIn) == [LockedIn("red")]
    for seat, buttons in ((2, (1, 2)), (3, (2, 6))):
        for button in buttons:
            tap(seat, button)
    assert session.state.player("red").pick == (3, 5)
    assert [n.command for n in heard.of(Happened)] == ["place-ducats"] + ["choose-actions"] * 3
    journal.close()


def test_a_pick_the_engine_refuses_writes_none_and_that_player_chooses_again(tmp_path, loop, closing):
    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing, game=EveryButton())
    table.submit(PlaceDucats(2, 2, field5=None, field6=None))  # refused: no mix (no digital sack)
    table.submit(MIX)
    keyboard_tap(table, 1, 4)
    keyboard_tap(table, 1, 2)  # red locks in card 4, then the table finds the knight in the dungeon
    table.submit(JAIL_RED)
    loop.drain()
    assert heard.of(LockedIn) == [LockedIn("red")]  # a correction leaves the lock-in alone here
    head = session.head
    for seat, buttons in ((2, (1, 3)), (3, (5, 6)), (4, (2, 3))):
        for button in buttons:
            keyboard_tap(table, seat, button)
    loop.drain()
    assert session.head == head  # nothing written
    refusal = Refused("table.pick-refused", "The cards red locked in cannot be played now: red chooses again.", "red")
    assert heard[-2:] == [refusal, ChoiceOpened(("red",))]
    assert table.awaiting().choosing == ("red", "blue", "green", "yellow")
    assert table.awaiting().locked == ("blue", "green", "yellow")
    keyboard_tap(table, 2, 4)  # blue has locked in: not asked again
    loop.drain()
    assert heard[-1] == PressIgnored("blue")
    keyboard_tap(table, 1, 1)
    keyboard_tap(table, 1, 6)
    loop.drain()
    entered = heard.of(Happened)[-4:]
    assert [(n.command, n.events[0]["player"]) for n in entered] == [
        ("choose-actions", colour) for colour in ("red", "blue", "green", "yellow")
    ]
    assert [n.entry for n in entered] == list(range(head + 1, head + 5))
    assert {p.colour: p.pick for p in session.state.players} == {
        "red": (1, 6),
        "blue": (1, 3),
        "green": (5, 6),
        "yellow": (2, 3),
    }
    journal.close()


def test_the_panel_follows_what_a_player_may_pick(tmp_path, loop, closing):
    leds = PlayerLeds({1: 10, 2: 9, 3: 25, 4: 11}, pin_factory=MockFactory())
    leds.blink_pattern = BlinkPattern(0.001, 0.001, 1)
    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing, leds=leds)
    table.submit(JAIL_RED)
    keyboard_tap(table, 1, 1)  # no choice yet: the Ducat card comes first
    loop.drain()
    assert heard[-1] == Refused("table.no-choice", "No cards are being chosen now: red's press is not used.", "red")
    table.submit(MIX)
    keyboard_tap(table, 1, 4)  # in the dungeon
    loop.drain()
    assert heard[-1] == PressIgnored("red")
    keyboard_tap(table, 1, 1)
    loop.drain()
    table.submit(Ransom("red"))  # schmidt: before red's pick is in, so red may now take card 4
    loop.drain()
    assert heard[-1] == PicksCleared("red")  # whatever red had pressed
    keyboard_tap(table, 1, 4)
    keyboard_tap(table, 1, 1)
    loop.drain()
    assert heard[-1] == LockedIn("red") and leds.is_lit(1)
    refused = table.submit(ChooseActions("blue", (1, 2)))
    assert refused == Refused("table.pick-on-panel", "The cards are chosen in secret on the panel, not here.", "blue")
    keyboard_picks(table, loop, {2: (1, 2)})
    assert leds.is_lit(2)
    table.undo()  # the ransom: whatever red picked, red chooses again
    loop.drain()
    assert heard[-1] == PicksCleared("red") and not leds.is_lit(1) and leds.is_lit(2)
    table.undo()  # the Ducat card: nobody chooses now
    assert table.awaiting().choosing == () and not any(leds.is_lit(seat) for seat in (1, 2, 3, 4))
    journal.close()


def test_holding_a_button_clears_the_picks_through_the_timer_thread(tmp_path, loop, closing):
    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing, hold_to_clear_s=0.05)
    table.submit(MIX)
    keyboard_tap(table, 2, 1)
    keyboard_tap(table, 2, 2)
    loop.drain()
    assert heard[-1] == LockedIn("blue")
    assert table.key_down("q")  # blue's button 1, held down
    loop.run_until(lambda: heard[-1] == PicksCleared("blue"), what="the hold to clear blue's picks")
    assert table.key_up("q")
    loop.drain()
    assert table.awaiting().locked == ()
    journal.close()


def test_without_a_panel_the_screen_enters_the_picks(tmp_path, loop, closing):
    journal, session = start_game(tmp_path / "journal.sqlite3", setup("schmidt-1998"))
    table, heard = make_table(session, loop)
    closing.append(table)
    table.start()
    early = table.submit(ChooseActions("red", (1, 2)))
    assert isinstance(early, Refused) and early.rule == "B.not-now"
    table.submit(PlaceDucats(1, 1))
    assert isinstance(table.submit(ChooseActions("red", (1, 2))), Happened)
    assert table.awaiting().choosing == ()
    journal.close()


def test_the_session_is_used_on_the_ui_loop_only(tmp_path, loop, closing):
    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing)
    for call in (lambda: table.submit(MIX), table.undo, table.roll_on_screen):
        errors = []
        thread = threading.Thread(target=_catch, args=(call, errors))
        thread.start()
        thread.join()
        assert [str(e) for e in errors] == ["the table is used from the UI loop only; hardware threads hop there first"]
    assert session.head == 0 and heard.of(Happened) == []
    journal.close()


def _catch(call, errors):
    try:
        call()
    except RuntimeError as error:
        errors.append(error)


def test_the_table_may_choose_on_the_screen_although_a_panel_is_there(tmp_path, loop, closing):
    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing)
    table.submit(MIX)
    loop.drain()
    assert table.awaiting().choosing == ("red", "blue", "green", "yellow")  # on the panel, as set up
    assert table.picks_on_screen(True)  # nobody has locked in: the screen takes over at once
    assert table.awaiting().choosing == ()
    keyboard_tap(table, 1, 1)
    loop.drain()
    assert heard[-1].rule == "table.picks-on-screen" and session.state.player("red").pick is None
    assert isinstance(table.submit(ChooseActions("red", (1, 2))), Happened)  # behind the cover
    assert not table.picks_on_screen(False)  # back to the panel: whoever has not chosen yet
    assert table.awaiting().choosing == ("blue", "green", "yellow")
    refused = table.submit(ChooseActions("blue", (1, 2)))
    assert isinstance(refused, Refused) and refused.rule == "table.pick-on-panel"
    keyboard_picks(table, loop, {2: (1, 3), 3: (5, 6), 4: (2, 3)})
    assert [n.command for n in heard.of(Happened)][-4:] == ["choose-actions"] * 4
    assert session.state.player("red").pick == (1, 2) and session.state.player("blue").pick == (1, 3)
    journal.close()


def test_a_pick_locked_in_on_the_panel_keeps_its_choice_there_until_the_reveal(tmp_path, loop, closing):
    journal, session, table, heard = keyboard_table(tmp_path / "journal.sqlite3", loop, closing)
    table.submit(MIX)
    keyboard_picks(table, loop, {2: (1, 3)})
    assert heard[-1] == LockedIn("blue")
    assert table.picks_on_screen(True) is False  # blue's pick stays secret and kept on the panel
    assert table.awaiting().locked == ("blue",)
    assert table.submit(ChooseActions("red", (1, 2))).rule == "table.pick-on-panel"
    keyboard_picks(table, loop, {1: (1, 2), 3: (5, 6), 4: (2, 3)})
    assert [n.command for n in heard.of(Happened)][-4:] == ["choose-actions"] * 4  # revealed together
    assert session.state.player("blue").pick == (1, 3)
    assert table.picks_on_screen(True)  # the wish stood: the next choice is on the screen
    keyboard_tap(table, 1, 1)
    loop.drain()
    assert heard[-1].rule == "table.picks-on-screen"
    journal.close()
