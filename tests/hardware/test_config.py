"""The hardware settings file: where it is looked for, defaults, and clear refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.config import HardwareConfigError, default_path, load_hardware_config
from hardware.panel.config import PanelConfig


def test_the_usual_place_follows_xdg_and_an_environment_override():
    assert default_path({"HOME": "/h"}) == Path.home() / ".config" / "companion" / "hardware.toml"
    assert default_path({"XDG_CONFIG_HOME": "/x"}) == Path("/x/companion/hardware.toml")
    assert default_path({"COMPANION_HARDWARE_CONFIG": "/y/hw.toml", "XDG_CONFIG_HOME": "/x"}) == Path("/y/hw.toml")


def test_no_file_at_the_usual_place_means_the_documented_defaults(tmp_path):
    config = load_hardware_config(None, env={"XDG_CONFIG_HOME": str(tmp_path)})
    assert config.source is None
    assert config.panel == PanelConfig() and config.panel.wiring == "matrix"
    assert config.dice.port == "auto"


def test_a_named_file_must_exist(tmp_path):
    with pytest.raises(HardwareConfigError, match="no such settings file"):
        load_hardware_config(tmp_path / "missing.toml", env={})
    with pytest.raises(HardwareConfigError, match="no such settings file"):
        load_hardware_config(None, env={"COMPANION_HARDWARE_CONFIG": str(tmp_path / "gone.toml")})


def test_a_small_table_with_direct_wiring_and_no_die(tmp_path):
    path = tmp_path / "hardware.toml"
    path.write_text(
        '[panel]\nwiring = "direct"\ndirect = {1 = [5, 6, 12, 13, 16, 26]}\nleds = {1 = 4}\n[dice]\nport = "none"\n'
    )
    config = load_hardware_config(path, env={})
    assert config.source == path
    assert config.panel.buttons() == [(1, b) for b in range(1, 7)]
    assert config.dice.port_kind == "none"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[panel\nwiring = 1", "not a valid TOML file"),
        ("[lights]\non = true", "unknown table(s) lights"),
        ('[panel]\nwiring = "direct"\ndirect = {1 = [5, 5, 12, 13, 16, 26]}\nleds = {}', "[panel]"),
        ('[panel]\nwiring = "direct"\ndirect = {1 = [2, 6, 12, 13, 16, 26]}\nleds = {}', "[panel]"),
        ('[dice]\nport = "COM3"', "[dice] port"),
        ("[dice]\nbaudrate = -1", "[dice] baudrate"),
    ],
)
def test_an_unusable_file_is_refused_naming_the_file_and_the_problem(tmp_path, text, words):
    path = tmp_path / "hardware.toml"
    path.write_text(text)
    with pytest.raises(HardwareConfigError) as error:
        load_hardware_config(path, env={})
    assert str(path) in str(error.value)
    assert words in str(error.value)
