"""The keyboard stand-in: documented keys, repeats ignored, events with source "keyboard"."""

import pytest

from hardware.events import ButtonPressed, DeviceConnected, DeviceLost
from hardware.panel import open_panel
from hardware.panel.config import DEFAULT_KEYS, PanelConfig
from hardware.panel.keyboard import KeyboardPanel

from .harness import FakeClock, Recorder

DOCUMENTED = {
    1: "1 2 3 4 5 6",
    2: "q w e r t y",
    3: "a s d f g h",
    4: "z x c v b n",
    5: "7 8 9 u i o",
    6: "j k l m , .",
}


@pytest.fixture
def rig():
    clock, sink = FakeClock(), Recorder()
    panel = KeyboardPanel(sink, clock=clock)
    panel.start()
    return clock, sink, panel


def test_default_keys_are_the_documented_ones():
    assert {player: " ".join(keys) for player, keys in DEFAULT_KEYS.items()} == DOCUMENTED


@pytest.mark.parametrize("player", range(1, 7))
def test_every_default_key_presses_its_button(rig, player):
    _, sink, panel = rig
    for button, key in enumerate(DOCUMENTED[player].split(), start=1):
        assert panel.key_down(key)
        assert panel.key_up(key)
        assert sink.buttons()[-2:] == [("press", player, button), ("release", player, button)]
    assert all(e.source == "keyboard" for e in sink.events if isinstance(e, ButtonPressed))


def test_key_repeat_is_ignored(rig):
    _, sink, panel = rig
    for _ in range(5):
        panel.key_down("w")
    panel.key_up("w")
    panel.key_up("w")
    assert sink.buttons() == [("press", 2, 2), ("release", 2, 2)]


def test_upper_case_names_match(rig):
    _, sink, panel = rig
    panel.key_down("Q")
    assert sink.buttons() == [("press", 2, 1)]


def test_other_keys_are_not_panel_keys(rig):
    _, sink, panel = rig
    assert not panel.key_down("escape")
    assert not panel.key_up("p")
    assert sink.buttons() == []


def test_event_times_come_from_the_clock(rig):
    clock, sink, panel = rig
    clock.advance(2.5)
    panel.key_down("a")
    assert sink.events[-1].at == clock.now


def test_keys_count_only_while_started_and_stop_releases_held_keys():
    sink = Recorder()
    panel = KeyboardPanel(sink)
    panel.key_down("1")
    assert sink.events == []
    with panel:
        assert isinstance(sink.events[0], DeviceConnected)
        assert sink.events[0].kind == "panel"
        panel.key_down("b")
    assert sink.buttons() == [("press", 4, 5), ("release", 4, 5)]
    assert isinstance(sink.events[-1], DeviceLost)


def test_custom_keys():
    sink = Recorder()
    panel = KeyboardPanel(sink, {3: ["numpad1", "numpad2", "numpad3", "numpad4", "numpad5", "numpad6"]})
    panel.start()
    panel.key_down("numpad6")
    assert sink.buttons() == [("press", 3, 6)]


def test_bad_custom_keys_are_refused():
    with pytest.raises(ValueError, match="6 keys"):
        KeyboardPanel(Recorder(), {1: ["a", "b"]})
    with pytest.raises(ValueError, match="two buttons"):
        KeyboardPanel(Recorder(), {1: list("abcdef"), 2: list("ghijkA")})


def test_config_builds_the_keyboard_panel():
    config = PanelConfig(wiring="keyboard", keyboard={1: list("uiojkl")})
    sink = Recorder()
    panel = open_panel(config, sink, pin_factory=None)
    assert isinstance(panel, KeyboardPanel)
    panel.start()
    panel.key_down("k")
    assert sink.buttons() == [("press", 1, 5)]
