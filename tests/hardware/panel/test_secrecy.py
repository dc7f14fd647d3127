"""Before the reveal, nothing outside SecretPicks can tell which buttons were pressed.

The same table is played twice with different picks; every text the outside can see (reprs,
strs, notifications, events, log messages at DEBUG) must be identical in both runs.
"""

import logging
import re

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.panel.config import DEFAULT_COLUMNS, DEFAULT_ROWS
from hardware.panel.direct import DirectPanel
from hardware.panel.keyboard import KeyboardPanel
from hardware.panel.leds import BlinkPattern, PlayerLeds
from hardware.panel.matrix import MatrixPanel
from hardware.panel.selection import SecretPicks

from .harness import FakeClock, MatrixHarness

DIRECT_PINS = {1: [4, 17, 27, 22, 23, 24], 2: [5, 6, 12, 13, 16, 26]}
LED_PINS = {1: 10, 2: 9}
KEYS = {1: "123456", 2: "qwerty"}


def play(kind, choices, caplog):
    """Both players pick, one presses once more (refused); returns what the outside saw and the reveal."""
    caplog.clear()
    factory, clock = MockFactory(), FakeClock()
    notes, events = [], []
    leds = PlayerLeds(LED_PINS, pin_factory=factory, blink=BlinkPattern(0.001, 0.001, 2))
    picks = SecretPicks([1, 2], clock=clock, hold_timers=False, listeners=[leds, notes.append])

    def sink(event):
        events.append(event)
        picks.handle(event)

    if kind == "direct":
        panel = DirectPanel(DIRECT_PINS, sink, pin_factory=factory, clock=clock, window_thread=False)

        def set_key(player, button, down):
            pin = factory.pin(DIRECT_PINS[player][button - 1])
            pin.drive_low() if down else pin.drive_high()
            clock.advance(0.05)
            panel.settle()
    elif kind == "matrix":
        harness = MatrixHarness(factory, DEFAULT_ROWS, list(DEFAULT_COLUMNS))
        panel = MatrixPanel(
            DEFAULT_ROWS, DEFAULT_COLUMNS, sink, pin_factory=factory, clock=clock, settle_s=0, scan_thread=False
        )
        harness.update()

        def set_key(player, button, down):
            harness.press(player, button) if down else harness.release(player, button)
            panel.scan_once()
            clock.advance(0.05)
            panel.scan_once()
    else:
        panel = KeyboardPanel(sink, KEYS, clock=clock)

        def set_key(player, button, down):
            key = KEYS[player][button - 1]
            panel.key_down(key) if down else panel.key_up(key)
            clock.advance(0.05)

    seen = [repr(panel), str(panel)]
    panel.start()
    for player, (first, second) in choices.items():
        for button in (first, second, first):  # the third press is refused: locked in
            set_key(player, button, True)
            set_key(player, button, False)
        seen += [repr(picks), str(picks), repr(leds), repr(panel)]
    leds.wait_idle(2.0)
    seen += [repr(e) for e in events] + [str(e) for e in events] + [repr(n) for n in notes] + [str(n) for n in notes]
    seen += caplog.messages
    revealed = picks.reveal()
    panel.close()
    leds.close()
    return seen, revealed


@pytest.mark.parametrize("kind", ["direct", "matrix", "keyboard"])
def test_nothing_seen_before_the_reveal_depends_on_the_buttons(kind, caplog):
    caplog.set_level(logging.DEBUG)
    seen_a, revealed_a = play(kind, {1: (2, 5), 2: (1, 3)}, caplog)
    seen_b, revealed_b = play(kind, {1: (6, 4), 2: (3, 2)}, caplog)
    assert revealed_a == {1: (2, 5), 2: (1, 3)}
    assert revealed_b == {1: (4, 6), 2: (2, 3)}
    assert any("refused" in message for message in seen_a)  # the log was captured
    assert seen_a == seen_b
    for text in seen_a:
        assert not re.search(r"button\W{0,3}[1-6]", text), text
