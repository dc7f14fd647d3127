"""The whole panel on real threads: matrix scanner, secret picks with hold timers, LEDs; then nothing left running."""

import threading
import time

from gpiozero.pins.mock import MockFactory

from hardware.panel import PanelConfig, SecretPicks, open_leds, open_panel
from hardware.panel.leds import BlinkPattern
from hardware.panel.selection import PicksCleared, PicksLocked, PressRefused
from tests.support.waiting import wait_until

from .harness import MatrixHarness


def wait_for(condition):
    wait_until(condition, what="the panel's threads")


def test_a_round_on_the_default_panel_then_every_thread_ends():
    config = PanelConfig(debounce_ms=5, hold_to_clear_s=0.2)
    factory = MockFactory()
    harness = MatrixHarness(factory, config.matrix.rows, config.matrix.columns)
    leds = open_leds(config, pin_factory=factory)
    leds.blink_pattern = BlinkPattern(0.005, 0.005, 2)
    heard = []
    picks = SecretPicks([1, 2], hold_to_clear_s=config.hold_to_clear_s, listeners=[leds, heard.append])
    panel = open_panel(config, picks, pin_factory=factory)
    harness.update()
    panel.start()

    def tap(player, button, hold=0.02):
        harness.press(player, button)
        time.sleep(hold)
        harness.release(player, button)
        time.sleep(0.02)

    tap(1, 2)
    tap(1, 5)
    wait_for(lambda: PicksLocked(1) in heard)
    wait_for(lambda: factory.pin(config.leds[1]).state)
    tap(1, 3)  # refused
    wait_for(lambda: PressRefused(1, "locked-in") in heard)
    tap(1, 3, hold=0.4)  # a hold clears, by the timer, while the button is still down
    wait_for(lambda: PicksCleared(1) in heard)
    leds.wait_idle(2.0)
    assert not factory.pin(config.leds[1]).state
    tap(1, 1)
    tap(1, 6)
    tap(2, 4)
    tap(2, 4)  # dropped again
    tap(2, 2)
    tap(2, 3)
    wait_for(picks.all_locked)
    assert picks.reveal() == {1: (1, 6), 2: (2, 3)}

    panel.close()
    picks.close()
    leds.close()
    alive = [t.name for t in threading.enumerate() if t.name.startswith("panel-")]
    assert alive == []
