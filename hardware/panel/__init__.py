"""The players' button panel: wiring config, drivers (matrix, direct, keyboard), debounce, LEDs, secret picks.

The parts on their own (``picks`` is the panel's sink here; nothing but ``picks`` sees a button
before the reveal)::

    config = read_panel_config(path)
    leds = open_leds(config, pin_factory=None)          # None: gpiozero's factory for this machine
    picks = SecretPicks(players, hold_to_clear_s=config.hold_to_clear_s, listeners=[leds] if leds else [])
    panel = open_panel(config, picks, pin_factory=None)
    panel.start()

In the app the table owns them, not the session: :class:`companion.table.Table` owns the panel
and the LEDs (made by :func:`companion.table.devices.from_config`), and its ``Selection``
(``companion/table/selection.py``) opens one ``SecretPicks`` for the seats the game awaits each
time a secret choice opens, feeds it the panel's events on the UI loop and hands the revealed
picks to the table, which writes them into the session.

Drivers call their sink on their own threads; see ``docs/wiring.md``.
"""

from __future__ import annotations

import time
from typing import Any

from hardware.panel.config import PanelConfig, PanelConfigError, load_panel_config, read_panel_config
from hardware.panel.debounce import Clock, Sink
from hardware.panel.direct import DirectPanel
from hardware.panel.keyboard import KeyboardPanel
from hardware.panel.leds import BlinkPattern, PlayerLeds
from hardware.panel.matrix import MatrixPanel
from hardware.panel.selection import (
    PicksCleared,
    PicksIncomplete,
    PicksLocked,
    PicksNotification,
    PressRefused,
    RoundReset,
    SecretPicks,
)
from hardware.panel.selftest import Panel, SelfTestReport, run_selftest

__all__ = [
    "BlinkPattern",
    "DirectPanel",
    "KeyboardPanel",
    "MatrixPanel",
    "Panel",
    "PanelConfig",
    "PanelConfigError",
    "PicksCleared",
    "PicksIncomplete",
    "PicksLocked",
    "PicksNotification",
    "PlayerLeds",
    "PressRefused",
    "RoundReset",
    "SecretPicks",
    "SelfTestReport",
    "load_panel_config",
    "open_leds",
    "open_panel",
    "read_panel_config",
    "run_selftest",
]


def open_panel(config: PanelConfig, sink: Sink, *, pin_factory: Any, clock: Clock = time.monotonic) -> Panel | None:
    """The panel driver the config asks for, not yet started; None for wiring ``"none"``."""
    debounce_s = config.debounce_ms / 1000
    if config.wiring == "matrix" and config.matrix is not None:
        return MatrixPanel(
            config.matrix.rows,
            config.matrix.columns,
            sink,
            pin_factory=pin_factory,
            debounce_s=debounce_s,
            active_low=config.active_low,
            settle_s=config.matrix.settle_us / 1e6,
            scan_interval_s=config.matrix.scan_interval_ms / 1000,
            clock=clock,
        )
    if config.wiring == "direct" and config.direct is not None:
        return DirectPanel(
            config.direct,
            sink,
            pin_factory=pin_factory,
            debounce_s=debounce_s,
            active_low=config.active_low,
            clock=clock,
        )
    if config.wiring == "keyboard":
        return KeyboardPanel(sink, config.keyboard, clock=clock)
    return None


def open_leds(config: PanelConfig, *, pin_factory: Any) -> PlayerLeds | None:
    """The players' LEDs, or None when the config has none."""
    if not config.leds:
        return None
    return PlayerLeds(config.leds, pin_factory=pin_factory, active_high=config.leds_active_high)
