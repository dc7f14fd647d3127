"""Panel self-test: finds stuck, chattering and silent buttons."""

from gpiozero.pins.mock import MockFactory

from hardware.events import ButtonPressed, ButtonReleased, DeviceConnected
from hardware.panel.direct import DirectPanel
from hardware.panel.keyboard import KeyboardPanel
from hardware.panel.selftest import SelfTestLimits, SelfTestRecorder, run_selftest

from .harness import FakeClock

PINS = {1: [4, 17, 27, 22, 23, 24]}
BUTTONS = [(1, button) for button in range(1, 7)]


def test_finds_a_stuck_a_chattering_and_a_silent_button():
    factory, clock = MockFactory(), FakeClock()
    opened = []

    def open_panel(sink):
        panel = DirectPanel(PINS, sink, pin_factory=factory, clock=clock, window_thread=False)
        factory.pin(4).drive_low()  # button 1 is down before the test begins and stays down
        opened.append(panel)
        return panel

    def person(duration_s):
        panel, end = opened[0], clock.now + duration_s

        def after(seconds):
            clock.advance(seconds)
            panel.settle()

        for _ in range(2):  # button 2: two ordinary presses
            factory.pin(17).drive_low()
            after(0.15)
            factory.pin(17).drive_high()
            after(0.4)
        for _ in range(6):  # button 3: a worn switch, a change every 25 ms
            factory.pin(27).drive_low()
            after(0.025)
            factory.pin(27).drive_high()
            after(0.025)
        factory.pin(22).drive_low()  # button 4: held for eight seconds
        after(8.0)
        factory.pin(22).drive_high()
        after(0.1)
        clock.now = end

    report = run_selftest(open_panel, BUTTONS, duration_s=10.0, clock=clock, wait=person)
    assert [report.status_of(1, b) for b in range(1, 7)] == ["stuck", "ok", "chattering", "stuck", "silent", "silent"]
    assert not report.ok
    assert report.duration_s == 10.0
    assert not opened[0].running  # the panel was closed
    text = report.text()
    assert text.startswith("Panel self-test over 10.0 s: 1 ok, 2 stuck, 1 chattering, 2 silent")
    assert "  player 1: 1 stuck, 2 ok, 3 chattering, 4 stuck, 5 silent, 6 silent" in text
    assert "player 1 button 1: stuck (down from the start, never released)" in text
    assert "player 1 button 3: chattering (" in text
    assert "player 1 button 4: stuck (held down for 8.0 s)" in text
    assert "player 1 button 5: silent (never registered)" in text
    assert str(report) == text


def test_every_button_pressed_once_is_all_ok():
    clock = FakeClock()
    panels = []

    def person(duration_s):
        for _, button in BUTTONS:
            key = "123456"[button - 1]
            panels[0].key_down(key)
            clock.advance(0.2)
            panels[0].key_up(key)
            clock.advance(0.3)

    def open_panel(sink):
        panels.append(KeyboardPanel(sink, clock=clock))
        return panels[0]

    report = run_selftest(open_panel, BUTTONS, duration_s=5, clock=clock, wait=person)
    assert report.ok
    assert report.text().splitlines()[1] == "  player 1: 1 ok, 2 ok, 3 ok, 4 ok, 5 ok, 6 ok"


def test_a_button_released_by_the_panel_shutting_down_still_counts_as_stuck():
    clock = FakeClock()
    recorder = SelfTestRecorder([(2, 3)], clock=clock, limits=SelfTestLimits(stuck_after_s=5))
    recorder.begin()
    recorder(DeviceConnected("panel", "panel", "test", clock.now))
    clock.advance(1)
    recorder(ButtonPressed(2, 3, "gpio", clock.now))
    clock.advance(6)
    recorder.finish()
    recorder(ButtonReleased(2, 3, "gpio", clock.now))  # sent while the panel stops: ignored
    report = recorder.report()
    assert report.status_of(2, 3) == "stuck"
    assert "held down for 6.0 s" in report.text()


def test_fast_but_human_tapping_is_not_chatter():
    clock = FakeClock()
    recorder = SelfTestRecorder([(1, 1)], clock=clock)
    recorder.begin()
    for _ in range(10):  # five presses a second
        clock.advance(0.1)
        recorder(ButtonPressed(1, 1, "gpio", clock.now))
        clock.advance(0.1)
        recorder(ButtonReleased(1, 1, "gpio", clock.now))
    recorder.finish()
    assert recorder.report().status_of(1, 1) == "ok"


def test_events_for_buttons_not_under_test_are_ignored():
    recorder = SelfTestRecorder([(1, 1)], clock=FakeClock())
    recorder.begin()
    recorder(ButtonPressed(5, 5, "gpio", 1000.0))
    recorder.finish()
    assert [c.player for c in recorder.report().checks] == [1]
