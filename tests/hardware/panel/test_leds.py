"""Player LEDs: lit when locked in, a blink for a refused press, dark when cleared."""

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.events import ButtonPressed, ButtonReleased
from hardware.panel.leds import BlinkPattern, PlayerLeds
from hardware.panel.selection import PicksCleared, PicksLocked, PressRefused, RoundReset, SecretPicks

from .harness import FakeClock

LED_PINS = {1: 10, 2: 9, 3: 25}
FAST = BlinkPattern(on_s=0.01, off_s=0.01, times=3)


@pytest.fixture
def rig():
    factory, clock = MockFactory(), FakeClock()
    leds = PlayerLeds(LED_PINS, pin_factory=factory, blink=FAST)
    picks = SecretPicks([1, 2, 3], clock=clock, hold_timers=False, listeners=[leds])
    yield factory, clock, leds, picks
    leds.close()


def tap(picks, clock, player, button, hold=0.1):
    picks.handle(ButtonPressed(player, button, "gpio", clock.now))
    clock.advance(hold)
    picks.handle(ButtonReleased(player, button, "gpio", clock.now))


def levels(factory, pin):
    return [state.state for state in factory.pin(pin).states]


def test_led_lights_when_the_player_locks_in(rig):
    factory, clock, leds, picks = rig
    tap(picks, clock, 1, 2)
    assert not factory.pin(10).state
    tap(picks, clock, 1, 5)
    assert factory.pin(10).state
    assert leds.is_lit(1)
    assert not factory.pin(9).state


def test_refused_press_blinks_then_the_led_shows_its_state_again(rig):
    factory, clock, leds, picks = rig
    tap(picks, clock, 2, 1)
    tap(picks, clock, 2, 3)
    factory.pin(9).clear_states()
    tap(picks, clock, 2, 4)  # refused: already locked in
    leds.wait_idle(2.0)
    assert levels(factory, 9) == [True, False, True, False, True, False, True]
    assert factory.pin(9).state


def test_refused_press_blinks_a_dark_led_and_leaves_it_dark(rig):
    factory, clock, leds, picks = rig
    picks.allow(3, {1, 2})
    tap(picks, clock, 3, 6)
    leds.wait_idle(2.0)
    assert levels(factory, 25) == [False, True, False, True, False, True, False]
    assert not factory.pin(25).state


def test_blink_pattern_does_not_depend_on_the_button():
    seen = []
    for button in (3, 6):
        factory, clock = MockFactory(), FakeClock()
        leds = PlayerLeds(LED_PINS, pin_factory=factory, blink=FAST)
        picks = SecretPicks([1], clock=clock, hold_timers=False, listeners=[leds])
        tap(picks, clock, 1, 1)
        tap(picks, clock, 1, 2)
        tap(picks, clock, 1, button)
        leds.wait_idle(2.0)
        seen.append(levels(factory, 10))
        leds.close()
    assert seen[0] == seen[1]


def test_hold_to_clear_darkens_the_led(rig):
    factory, clock, leds, picks = rig
    tap(picks, clock, 1, 1)
    tap(picks, clock, 1, 2)
    tap(picks, clock, 1, 2, hold=2.0)  # refused (blink), then the hold clears
    assert not leds.is_lit(1)
    leds.wait_idle(2.0)
    assert not factory.pin(10).state


def test_a_state_change_ends_a_blink_at_once(rig):
    factory, _, leds, _ = rig
    leds.blink_pattern = BlinkPattern(on_s=0.5, off_s=0.5, times=5)
    leds.notify(PressRefused(1, "not-allowed"))
    leds.notify(PicksLocked(1))
    assert factory.pin(10).state
    leds.wait_idle(2.0)
    assert factory.pin(10).state  # the cancelled blink does not come back to darken it


def test_round_reset_darkens_every_led(rig):
    factory, _, leds, _ = rig
    for player in LED_PINS:
        leds.notify(PicksLocked(player))
    leds.notify(RoundReset())
    assert not any(factory.pin(pin).state for pin in LED_PINS.values())
    leds.notify(PicksCleared(2))
    assert not factory.pin(9).state


def test_players_without_an_led_are_ignored(rig):
    _, _, leds, _ = rig
    leds.notify(PicksLocked(6))
    leds.notify(PressRefused(6, "locked-in"))
    assert not leds.is_lit(6)


def test_active_low_leds():
    factory = MockFactory()
    leds = PlayerLeds({1: 10}, pin_factory=factory, active_high=False)
    assert factory.pin(10).state  # dark = high
    leds.set_lit(1, True)
    assert not factory.pin(10).state
    leds.close()


def test_close_frees_the_pins():
    factory = MockFactory()
    PlayerLeds(LED_PINS, pin_factory=factory).close()
    PlayerLeds(LED_PINS, pin_factory=factory).close()


def blinking_threads() -> list[str]:
    import threading

    return [thread.name for thread in threading.enumerate() if thread.name.startswith("panel-led-")]


def test_close_waits_for_every_blink_thread_also_one_whose_blink_was_ended(monkeypatch):
    """A blink ended by a new state still has its thread waking up from its pause; close must wait
    for it too, or a thread of the closed LEDs outlives them (seen on a busy machine, where the
    woken thread waits for a core: played here by a pause after it is told to stop)."""
    import threading
    import time

    class SlowToWake(threading.Event):
        def wait(self, timeout=None):
            told = super().wait(timeout)
            if told:
                time.sleep(0.3)
            return told

    monkeypatch.setattr("hardware.panel.leds.threading.Event", SlowToWake)
    factory = MockFactory()
    leds = PlayerLeds(LED_PINS, pin_factory=factory, blink=BlinkPattern(on_s=5, off_s=5, times=5))
    leds.notify(PressRefused(1, "not-allowed"))
    leds.notify(PicksLocked(1))  # ends the blink: its thread is told, and goes on its own
    leds.close()
    assert blinking_threads() == []


def test_wait_idle_waits_for_a_blink_that_already_showed_its_last_step(rig):
    _, _, leds, _ = rig
    leds.notify(PressRefused(3, "not-allowed"))
    leds.wait_idle(30.0)
    assert blinking_threads() == []
