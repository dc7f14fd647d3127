"""Direct wiring on mock pins: edges through our debounce to events, and a window thread that stops."""

import threading

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.events import DeviceConnected, DeviceLost
from hardware.panel.direct import DirectPanel

from .harness import FakeClock, Recorder

PINS = {1: [4, 17, 27, 22, 23, 24], 2: [5, 6, 12, 13, 16, 26]}


@pytest.fixture
def rig():
    factory, clock, sink = MockFactory(), FakeClock(), Recorder()
    panel = DirectPanel(PINS, sink, pin_factory=factory, clock=clock, window_thread=False)
    yield factory, clock, sink, panel
    panel.close()


def test_start_reports_the_device(rig):
    _, _, sink, panel = rig
    panel.start()
    assert isinstance(sink.events[0], DeviceConnected)
    assert sink.events[0].kind == "panel"
    assert "12 buttons" in sink.events[0].detail


def test_bouncy_press_and_release_give_one_event_each(rig):
    factory, clock, sink, panel = rig
    panel.start()
    pin = factory.pin(27)  # player 1, button 3
    for level in "LHLHL":  # five edges in 4 ms
        pin.drive_low() if level == "L" else pin.drive_high()
        clock.advance(0.001)
    clock.advance(0.1)
    panel.settle()
    for level in "HLHLH":
        pin.drive_low() if level == "L" else pin.drive_high()
        clock.advance(0.001)
    clock.advance(0.1)
    panel.settle()
    assert sink.buttons() == [("press", 1, 3), ("release", 1, 3)]
    assert [e.source for e in sink.events if hasattr(e, "button")] == ["gpio", "gpio"]


def test_a_bounce_ending_released_is_corrected_at_the_window_end(rig):
    factory, clock, sink, panel = rig
    panel.start()
    pin = factory.pin(6)  # player 2, button 2
    pin.drive_low()
    clock.advance(0.003)
    pin.drive_high()  # inside the window: not reported yet
    assert sink.buttons() == [("press", 2, 2)]
    clock.advance(0.02)
    panel.settle()
    assert sink.buttons() == [("press", 2, 2), ("release", 2, 2)]
    assert sink.events[-1].at == clock.now


def test_two_players_in_the_same_millisecond_both_register(rig):
    factory, _, sink, panel = rig
    panel.start()
    factory.pin(22).drive_low()  # player 1, button 4
    factory.pin(13).drive_low()  # player 2, button 4
    assert sink.buttons() == [("press", 1, 4), ("press", 2, 4)]


def test_a_button_down_before_start_is_reported_at_start(rig):
    factory, _, sink, panel = rig
    factory.pin(26).drive_low()
    panel.start()
    assert sink.buttons() == [("press", 2, 6)]


def test_stop_releases_what_is_down_then_reports_lost_and_ignores_later_edges(rig):
    factory, _, sink, panel = rig
    panel.start()
    factory.pin(4).drive_low()
    panel.stop()
    assert sink.buttons() == [("press", 1, 1), ("release", 1, 1)]
    assert isinstance(sink.events[-1], DeviceLost)
    factory.pin(4).drive_high()
    factory.pin(17).drive_low()
    assert len(sink.buttons()) == 2


def test_active_high_wiring_uses_pull_downs():
    factory, sink = MockFactory(), Recorder()
    with DirectPanel({3: [4, 17, 27, 22, 23, 24]}, sink, pin_factory=factory, active_low=False):
        assert factory.pin(4).pull == "down"
        factory.pin(17).drive_high()
    assert sink.buttons() == [("press", 3, 2), ("release", 3, 2)]


def test_window_thread_corrects_a_bounce_on_its_own_and_stops_cleanly():
    factory, sink = MockFactory(), Recorder()
    panel = DirectPanel(PINS, sink, pin_factory=factory, debounce_s=0.01)
    panel.start()
    pin = factory.pin(23)  # player 1, button 5
    pin.drive_low()
    pin.drive_high()  # bounce that ends released, within the window
    assert sink.wait_for_buttons(2) == [("press", 1, 5), ("release", 1, 5)]
    panel.close()
    assert not any(t.name == "panel-direct-debounce" for t in threading.enumerate())
    assert not panel.running


def test_pins_are_freed_on_close():
    factory = MockFactory()
    DirectPanel(PINS, Recorder(), pin_factory=factory).close()
    DirectPanel(PINS, Recorder(), pin_factory=factory).close()  # would raise GPIOPinInUse if still reserved


def test_a_pin_in_use_fails_construction_and_frees_the_others():
    from gpiozero import GPIOPinInUse

    factory = MockFactory()
    with pytest.raises(GPIOPinInUse):
        DirectPanel({1: [4, 17, 27, 22, 23, 4]}, Recorder(), pin_factory=factory)
    DirectPanel(PINS, Recorder(), pin_factory=factory).close()


def test_repr_names_no_pins():
    factory = MockFactory()
    with DirectPanel(PINS, Recorder(), pin_factory=factory) as panel:
        assert repr(panel) == "DirectPanel(device='panel', buttons=12, running)"
