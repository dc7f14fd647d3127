"""The diode key matrix scanner on mock pins wired by a small harness."""

import threading

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.events import DeviceConnected, DeviceLost
from hardware.panel.config import DEFAULT_COLUMNS, DEFAULT_ROWS
from hardware.panel.matrix import MatrixPanel
from tests.support.waiting import wait_until

from .harness import FakeClock, MatrixHarness, Recorder

COLUMNS = list(DEFAULT_COLUMNS)


def make(clock=None, **options):
    factory, sink = MockFactory(), Recorder()
    harness = MatrixHarness(factory, DEFAULT_ROWS, COLUMNS)
    extra = {"clock": clock} if clock is not None else {}
    panel = MatrixPanel(DEFAULT_ROWS, COLUMNS, sink, pin_factory=factory, settle_s=0, **extra, **options)
    harness.update()
    return harness, sink, panel


@pytest.fixture
def rig():
    clock = FakeClock()
    harness, sink, panel = make(clock)
    yield harness, clock, sink, panel
    panel.close()


def test_nothing_pressed_nothing_reported(rig):
    _, _, sink, panel = rig
    panel.scan_once()
    assert sink.events == []


def test_full_scan_with_keys_in_several_rows_and_columns(rig):
    harness, _, sink, panel = rig
    # Three corners of a rectangle: without diodes the fourth, (6, 6), would appear as a ghost.
    keys = {(1, 1), (1, 6), (6, 1), (2, 3), (3, 3), (4, 2), (5, 5), (4, 4)}
    for key in keys:
        harness.press(*key)
    panel.scan_once()
    assert {(p, b) for kind, p, b in sink.buttons() if kind == "press"} == keys
    assert len(sink.buttons()) == len(keys)
    for key in keys:
        harness.release(*key)
    panel.scan_once()  # releases fall inside the window: reported when it ends
    assert len(sink.buttons()) == len(keys)


def test_all_36_keys_at_once(rig):
    harness, clock, sink, panel = rig
    for player in range(1, 7):
        for button in range(1, 7):
            harness.press(player, button)
    panel.scan_once()
    assert sorted(sink.buttons()) == sorted(("press", p, b) for p in range(1, 7) for b in range(1, 7))
    harness.pressed.clear()
    harness.update()
    clock.advance(0.03)
    panel.scan_once()
    assert len([e for e in sink.buttons() if e[0] == "release"]) == 36


def test_two_players_same_button_same_millisecond(rig):
    harness, _, sink, panel = rig
    harness.press(2, 4)
    harness.press(5, 4)
    panel.scan_once()
    assert sink.buttons() == [("press", 2, 4), ("press", 5, 4)]


def test_rows_are_released_after_a_scan(rig):
    harness, _, _, panel = rig
    panel.scan_once()
    assert all(pin.state for pin in harness.row_pins.values())  # idle rows are high (active low)


def test_bouncing_key_gives_one_press_and_one_release(rig):
    harness, clock, sink, panel = rig
    for step in "PRPRP":  # bounce on closing, one scan a millisecond
        harness.press(3, 2) if step == "P" else harness.release(3, 2)
        panel.scan_once()
        clock.advance(0.001)
    for _ in range(30):
        panel.scan_once()
        clock.advance(0.001)
    for step in "RPRPR":
        harness.press(3, 2) if step == "P" else harness.release(3, 2)
        panel.scan_once()
        clock.advance(0.001)
    for _ in range(30):
        panel.scan_once()
        clock.advance(0.001)
    assert sink.buttons() == [("press", 3, 2), ("release", 3, 2)]


def test_a_glitch_seen_by_one_scan_is_corrected(rig):
    harness, clock, sink, panel = rig
    harness.press(4, 6)
    panel.scan_once()
    harness.release(4, 6)
    clock.advance(0.001)
    panel.scan_once()
    clock.advance(0.025)
    panel.scan_once()
    assert sink.buttons() == [("press", 4, 6), ("release", 4, 6)]


def test_thread_reports_presses_and_stops_cleanly():
    harness, sink, panel = make(debounce_s=0.005)
    panel.start()
    assert isinstance(sink.events[0], DeviceConnected)
    harness.press(1, 2)
    harness.press(6, 5)
    assert sorted(sink.wait_for_buttons(2)) == [("press", 1, 2), ("press", 6, 5)]
    harness.release(1, 2)
    assert sink.wait_for_buttons(3)[-1] == ("release", 1, 2)
    panel.stop()
    assert not panel.running
    assert not any(t.name == "panel-matrix-scan" for t in threading.enumerate())
    assert sink.buttons()[-1] == ("release", 6, 5)  # still held at stop: released for the listeners
    assert isinstance(sink.events[-1], DeviceLost) and sink.events[-1].reason == "stopped"
    panel.close()


def test_idle_thread_drives_all_rows_and_wakes_on_a_press():
    harness, sink, panel = make(debounce_s=0.005, idle_rescan_s=3600.0)
    with panel:
        wait_until(lambda: all(not pin.state for pin in harness.row_pins.values()), what="the thread to go idle")
        harness.press(3, 3)
        assert sink.wait_for_buttons(1) == [("press", 3, 3)]  # the hour's rescan never came: the press woke it


def test_scan_once_is_refused_while_the_thread_runs():
    _, _, panel = make()
    with panel, pytest.raises(RuntimeError):
        panel.scan_once()


def test_a_scan_failure_reports_device_lost_and_ends_the_thread():
    harness, sink, panel = make()
    panel.start()

    class Broken:
        edges = "both"
        when_changed = None

        @property
        def state(self):
            raise OSError("line gone")

    panel._column_pins[0] = Broken()
    for _ in range(200):
        if not panel.running:
            break
        threading.Event().wait(0.005)
    assert isinstance(sink.events[-1], DeviceLost)
    assert sink.events[-1].reason == "scan failed: line gone"
    panel.close()
    assert [type(e).__name__ for e in sink.events].count("DeviceLost") == 1


def test_repr_names_no_pins(rig):
    *_, panel = rig
    assert repr(panel) == "MatrixPanel(device='panel', rows=6, columns=6, stopped)"
