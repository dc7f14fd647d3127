"""Panels for the table's tests: the default 6x6 matrix on mock pins (with its LEDs) whose taps
wait until the scanner has reported them, and the keyboard stand-in fed synthetic keys."""

from __future__ import annotations

from gpiozero.pins.mock import MockFactory

from companion.table import Table
from hardware.events import ButtonPressed, ButtonReleased
from hardware.panel import PanelConfig, open_leds, open_panel
from hardware.panel.config import DEFAULT_KEYS
from hardware.panel.leds import BlinkPattern, PlayerLeds
from tests.hardware.collector import Collector
from tests.hardware.panel.harness import MatrixHarness


class MatrixRig:
    """The default wiring on mock pins; ``factory(sink)`` is what the table is given."""

    def __init__(self) -> None:
        self.config = PanelConfig(debounce_ms=5)
        self.pins = MockFactory()
        self.harness = MatrixHarness(self.pins, self.config.matrix.rows, self.config.matrix.columns)
        leds = open_leds(self.config, pin_factory=self.pins)
        assert leds is not None
        leds.blink_pattern = BlinkPattern(0.005, 0.005, 2)
        self.leds: PlayerLeds = leds
        self.seen = Collector()  # what the scanner reported, on its thread

    def factory(self, sink):
        def both(event):
            self.seen(event)
            sink(event)

        panel = open_panel(self.config, both, pin_factory=self.pins)
        self.harness.update()
        return panel

    def tap(self, seat: int, button: int) -> None:
        """Press and release, each waited for until the scanner has reported it."""
        done = len(self.seen.of(ButtonReleased))
        self.harness.press(seat, button)
        self.seen.wait_for(ButtonPressed, done + 1)
        self.harness.release(seat, button)
        self.seen.wait_for(ButtonReleased, done + 1)

    def lit(self, seat: int) -> bool:
        return bool(self.pins.pin(self.config.leds[seat]).state)


def keyboard_picks(table: Table, loop, picks: dict[int, tuple[int, ...]]) -> None:
    """Each seat's buttons tapped in turn on the keyboard, then the UI loop drained."""
    for seat, buttons in picks.items():
        for button in buttons:
            keyboard_tap(table, seat, button)
    loop.drain()


def keyboard_tap(table: Table, seat: int, button: int) -> None:
    """The key of ``seat``'s button ``button`` on the keyboard stand-in, down and up."""
    key = DEFAULT_KEYS[seat][button - 1]
    assert table.key_down(key) and table.key_up(key)
