"""Our debounce: first edge reported at once, edges inside the window ignored, the window end reconciles."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.events import ButtonPressed, ButtonReleased
from hardware.panel.debounce import ButtonDebouncer, Debouncer

from .harness import FakeClock, Recorder

W = 0.02


def test_first_edge_is_reported_at_once():
    debouncer = Debouncer(W)
    assert debouncer.observe("k", True, now=0.0) is True
    assert debouncer.is_down("k")


def test_bounce_gives_one_press_and_one_release():
    debouncer = Debouncer(W)
    reported = []
    edges = [(0.000, True), (0.001, False), (0.002, True), (0.003, False), (0.004, True)]
    edges += [(0.100, False), (0.101, True), (0.103, False), (0.104, True), (0.105, False)]
    for at, level in edges:
        if debouncer.observe("k", level, now=at):
            reported.append((at, level))
        reported += [(at, lvl) for _, lvl in debouncer.settle(now=at)]
    reported += [(1.0, lvl) for _, lvl in debouncer.settle(now=1.0)]
    assert reported == [(0.000, True), (0.100, False)]


def test_a_bounce_that_ends_in_the_other_state_is_corrected_at_the_window_end():
    debouncer = Debouncer(W)
    assert debouncer.observe("k", True, now=0.0)
    assert not debouncer.observe("k", False, now=0.005)  # inside the window: remembered only
    assert debouncer.next_check() == pytest.approx(W)
    assert debouncer.settle(now=0.019) == []
    assert debouncer.settle(now=0.020) == [("k", False)]
    assert not debouncer.is_down("k")
    assert debouncer.next_check() is None


def test_a_glitch_that_returns_inside_the_window_needs_no_correction():
    debouncer = Debouncer(W)
    debouncer.observe("k", True, now=0.0)
    debouncer.observe("k", False, now=0.005)
    debouncer.observe("k", True, now=0.006)
    assert debouncer.next_check() is None
    assert debouncer.settle(now=1.0) == []
    assert debouncer.is_down("k")


def test_a_change_after_the_window_is_reported_at_once():
    debouncer = Debouncer(W)
    debouncer.observe("k", True, now=0.0)
    assert debouncer.observe("k", False, now=0.021)


def test_keys_are_debounced_separately():
    debouncer = Debouncer(W)
    assert debouncer.observe("a", True, now=0.0)
    assert debouncer.observe("b", True, now=0.001)
    assert sorted(debouncer.down()) == ["a", "b"]


def test_quiet_means_nothing_down_and_nothing_waiting():
    debouncer = Debouncer(W)
    assert debouncer.quiet()
    debouncer.observe("k", True, now=0.0)
    assert not debouncer.quiet()
    debouncer.observe("k", False, now=0.005)
    assert not debouncer.quiet()  # the release waits for the window end
    debouncer.settle(now=0.02)
    assert debouncer.quiet()


def test_the_clock_is_used_when_no_time_is_given():
    clock = FakeClock(5.0)
    debouncer = Debouncer(W, clock)
    debouncer.observe("k", True)
    clock.advance(0.001)
    assert not debouncer.observe("k", False)
    clock.advance(W)
    assert debouncer.settle() == [("k", False)]


def test_negative_window_is_refused():
    with pytest.raises(ValueError):
        Debouncer(-1)


@given(st.lists(st.tuples(st.floats(0.0001, 0.05), st.booleans()), max_size=60))
def test_reports_alternate_and_end_at_the_last_level(steps):
    """Whatever the edges, reports alternate down/up, are at least a window apart, and settle to the truth."""
    debouncer = Debouncer(W)
    now, reports, level = 0.0, [], False
    for gap, level in steps:
        now += gap
        reports += [(now, lvl) for _, lvl in debouncer.settle(now)]
        if debouncer.observe("k", level, now):
            reports.append((now, level))
    reports += [(now + 1, lvl) for _, lvl in debouncer.settle(now + 1)]
    assert all(a[1] != b[1] for a, b in zip(reports, reports[1:], strict=False))
    assert all(b[0] - a[0] >= W - 1e-12 for a, b in zip(reports, reports[1:], strict=False))
    assert debouncer.is_down("k") == (level if steps else False)
    assert not reports or reports[0][1] is True


def test_button_debouncer_sends_events_and_releases_all():
    clock, sink = FakeClock(), Recorder()
    buttons = ButtonDebouncer(sink, W, clock=clock)
    buttons.observe(2, 5, True)
    buttons.observe(3, 1, True)
    clock.advance(0.001)
    buttons.observe(2, 5, False)  # bounce
    assert sink.buttons() == [("press", 2, 5), ("press", 3, 1)]
    assert isinstance(sink.events[0], ButtonPressed) and sink.events[0].source == "gpio"
    assert sink.events[0].at == 1000.0
    clock.advance(W)
    buttons.settle()
    assert sink.buttons()[-1] == ("release", 2, 5)
    buttons.release_all()
    assert sink.buttons()[-1] == ("release", 3, 1)
    assert isinstance(sink.events[-1], ButtonReleased)
    assert buttons.quiet()
