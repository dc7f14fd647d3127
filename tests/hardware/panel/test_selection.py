"""SecretPicks: k distinct picks, deselect, restrictions, refusals, hold-to-clear, reveal and reset."""

import threading
import time

import pytest

from hardware.events import ButtonPressed, ButtonReleased, DeviceLost, DieSettled
from hardware.panel.selection import (
    PicksCleared,
    PicksIncomplete,
    PicksLocked,
    PressRefused,
    RoundReset,
    SecretPicks,
)

from .harness import FakeClock


class Rig:
    def __init__(self, players=(1, 2, 3), **options):
        self.clock = FakeClock()
        self.heard = []
        self.picks = SecretPicks(players, clock=self.clock, hold_timers=False, listeners=[self.heard.append], **options)

    def press(self, player, button):
        self.picks.handle(ButtonPressed(player, button, "gpio", self.clock.now))

    def release(self, player, button):
        self.picks.handle(ButtonReleased(player, button, "gpio", self.clock.now))

    def tap(self, player, *buttons):
        for button in buttons:
            self.press(player, button)
            self.clock.advance(0.1)
            self.release(player, button)
            self.clock.advance(0.1)

    def lock_all(self):
        for player in sorted(self.picks.players):
            self.tap(player, 1, 2)


def test_two_distinct_picks_lock_in():
    rig = Rig()
    rig.tap(1, 4)
    assert rig.heard == []
    rig.tap(1, 6)
    assert rig.heard == [PicksLocked(1)]
    assert rig.picks.locked_players() == {1}
    assert not rig.picks.all_locked()


def test_pressing_a_pick_again_deselects_it():
    rig = Rig()
    rig.tap(2, 3, 3, 5)
    assert rig.heard == []
    rig.tap(2, 1)
    assert rig.heard == [PicksLocked(2)]
    rig.lock_all()
    assert rig.picks.reveal()[2] == (1, 5)


def test_any_press_after_lock_in_is_refused():
    rig = Rig()
    rig.tap(1, 1, 2)
    rig.tap(1, 1)
    rig.tap(1, 3)
    assert rig.heard == [PicksLocked(1), PressRefused(1, "locked-in"), PressRefused(1, "locked-in")]


def test_allowed_buttons_restrict_the_choice():
    rig = Rig()
    rig.picks.allow(1, {2, 3, 4})
    assert rig.heard == [PicksCleared(1)]
    rig.tap(1, 5)
    assert rig.heard[-1] == PressRefused(1, "not-allowed")
    rig.tap(1, 2, 4)
    assert rig.heard[-1] == PicksLocked(1)
    rig.tap(2, 5, 6)  # other players are not restricted
    assert rig.heard[-1] == PicksLocked(2)


def test_a_new_restriction_wipes_the_players_picks_whichever_they_were():
    rig = Rig()
    rig.tap(1, 2)
    rig.picks.allow(1, {2, 3, 4})  # pick 2 is still allowed, yet the picks go: nothing is given away
    rig.tap(1, 3)
    assert rig.picks.locked_players() == frozenset()
    rig.picks.allow(1, None)
    rig.tap(1, 6, 1)
    assert rig.heard[-1] == PicksLocked(1)


def test_restriction_must_leave_enough_buttons():
    rig = Rig()
    with pytest.raises(ValueError, match="at least 2"):
        rig.picks.allow(1, {3})
    with pytest.raises(ValueError):
        rig.picks.allow(1, {0, 7})
    with pytest.raises(ValueError, match="not seated"):
        rig.picks.allow(5, None)


def test_holding_a_button_clears_the_players_picks():
    rig = Rig(hold_to_clear_s=1.5)
    rig.tap(1, 2, 5)
    rig.press(1, 3)  # refused: already locked in
    rig.clock.advance(1.4)
    rig.picks.check_holds()
    assert rig.heard == [PicksLocked(1), PressRefused(1, "locked-in")]
    rig.clock.advance(0.1)
    rig.picks.check_holds()
    assert rig.heard[-1] == PicksCleared(1)
    rig.clock.advance(1.0)
    rig.release(1, 3)
    assert rig.heard.count(PicksCleared(1)) == 1
    rig.tap(1, 4, 6)
    assert rig.heard[-1] == PicksLocked(1)


def test_a_long_hold_is_also_noticed_on_release():
    rig = Rig(hold_to_clear_s=1.5)
    rig.tap(2, 1)
    rig.press(2, 4)
    rig.clock.advance(2.0)
    rig.release(2, 4)
    assert rig.heard == [PicksLocked(2), PicksCleared(2)]


def test_a_short_press_is_not_a_hold():
    rig = Rig(hold_to_clear_s=1.5)
    rig.press(1, 1)
    rig.clock.advance(1.0)
    rig.release(1, 1)
    rig.picks.check_holds(rig.clock.now + 10)
    assert rig.heard == []


def test_no_clearing_once_everyone_has_locked_in():
    rig = Rig(players=(1, 2))
    rig.lock_all()
    rig.press(1, 5)
    rig.clock.advance(3.0)
    rig.picks.check_holds()
    rig.release(1, 5)
    assert PicksCleared(1) not in rig.heard
    assert rig.picks.all_locked()


def test_hold_timer_clears_without_a_release():
    heard = []
    picks = SecretPicks([1, 2], hold_to_clear_s=0.05, listeners=[heard.append])
    picks.handle(ButtonPressed(1, 3, "gpio", time.monotonic()))
    deadline = time.monotonic() + 2.0
    while PicksCleared(1) not in heard and time.monotonic() < deadline:
        time.sleep(0.01)
    assert heard == [PicksCleared(1)]
    picks.close()


def test_a_lost_panel_forgets_the_holds():
    rig = Rig()
    rig.press(1, 1)
    rig.picks.handle(DeviceLost("panel", "panel", "stopped", rig.clock.now))
    rig.clock.advance(5)
    rig.picks.check_holds()
    assert PicksCleared(1) not in rig.heard


def test_reveal_needs_everyone_locked_in_then_resets():
    rig = Rig(players=(1, 2))
    rig.tap(1, 6, 3)
    with pytest.raises(PicksIncomplete, match=r"\[2\]"):
        rig.picks.reveal()
    rig.tap(2, 1, 4)
    assert rig.picks.all_locked()
    assert rig.picks.reveal() == {1: (3, 6), 2: (1, 4)}
    assert rig.heard[-1] == RoundReset()
    assert rig.picks.locked_players() == frozenset()
    rig.tap(1, 2, 5)
    assert rig.heard[-1] == PicksLocked(1)


def test_reset_drops_every_pick_but_keeps_restrictions():
    rig = Rig(players=(1, 2))
    rig.picks.allow(2, {1, 2, 3})
    rig.tap(1, 1, 2)
    rig.picks.reset()
    assert rig.heard[-1] == RoundReset()
    assert not rig.picks.locked_players()
    rig.tap(2, 6)
    assert rig.heard[-1] == PressRefused(2, "not-allowed")


def test_a_player_not_seated_is_refused_and_other_events_are_ignored():
    rig = Rig(players=(1, 2))
    rig.tap(4, 1)
    rig.picks.handle(DieSettled("d6", "number", 4, "serial", 0.0))
    assert rig.heard == [PressRefused(4, "not-playing")]


def test_other_pick_counts():
    rig = Rig(players=(1,), picks_per_player=3)
    rig.tap(1, 1, 2)
    assert rig.heard == []
    rig.tap(1, 3)
    assert rig.heard == [PicksLocked(1)]
    with pytest.raises(ValueError):
        SecretPicks([1], picks_per_player=0)
    with pytest.raises(ValueError):
        SecretPicks([0, 1])


def test_players_pressing_from_many_threads_all_lock_in():
    heard = []
    picks = SecretPicks(range(1, 7), listeners=[heard.append], hold_timers=False)
    start = threading.Barrier(6)

    def player(seat):
        start.wait()
        for button in (3, 3, 5, 3):  # pick, drop, pick, pick: 3 and 5
            picks.handle(ButtonPressed(seat, button, "gpio", 0.0))
            picks.handle(ButtonReleased(seat, button, "gpio", 0.0))

    threads = [threading.Thread(target=player, args=(seat,)) for seat in range(1, 7)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert picks.all_locked()
    assert sorted(n.player for n in heard if isinstance(n, PicksLocked)) == [1, 2, 3, 4, 5, 6]
    assert picks.reveal() == {seat: (3, 5) for seat in range(1, 7)}


def test_the_object_is_a_sink():
    rig = Rig()
    rig.picks(ButtonPressed(1, 1, "keyboard", 0.0))
    rig.picks(ButtonPressed(1, 2, "keyboard", 0.0))
    assert rig.heard == [PicksLocked(1)]


def test_close_waits_for_every_hold_timer_also_one_a_release_cancelled(monkeypatch):
    """A release cancels its hold timer, but the timer's thread ends only once it wakes, which on a
    busy machine may be after the panel is closed: close must wait for it too."""
    from hardware.panel import selection
    from tests.support.waiting import WAIT, wait_until

    awake, joined = threading.Event(), threading.Event()

    class SlowTimer(threading.Timer):
        def run(self):
            awake.wait(WAIT)  # a thread the scheduler has not woken yet
            super().run()

        def join(self, timeout=None):
            joined.set()
            awake.set()
            super().join(timeout)

    monkeypatch.setattr(selection.threading, "Timer", SlowTimer)
    clock = FakeClock()
    picks = SecretPicks((1, 2), clock=clock, hold_timers=True)
    picks.handle(ButtonPressed(1, 3, "gpio", clock.now))
    picks.handle(ButtonReleased(1, 3, "gpio", clock.now))  # the hold's timer cancelled, its thread asleep
    closer = threading.Thread(target=picks.close, name="closer")
    closer.start()
    wait_until(lambda: joined.is_set() or not closer.is_alive(), what="close to wait for the timer or end")
    awake.set()
    closer.join(WAIT)
    assert joined.is_set(), "close ended without waiting for the cancelled hold timer's thread"
    assert not [t.name for t in threading.enumerate() if t.name.startswith("panel-hold")]
