"""The ``[display]`` table: rotation and the one touch input, read before the window opens without
pydantic (the defaults where nothing usable is written), and checked with the rest of the file."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hardware.config import HardwareConfigError, load_hardware_config
from hardware.display import DisplayConfig, display_config, read_display_config


def test_the_defaults_leave_the_window_unturned_with_kivys_own_inputs():
    assert display_config({}) == (DisplayConfig(rotation=0, touch="auto"), [])


def test_touch_display_2_in_landscape():
    config, unusable = display_config({"rotation": 90, "touch": "hidinput"})
    assert config == DisplayConfig(90, "hidinput") and not unusable


@pytest.mark.parametrize(
    ("table", "names"),
    [
        ({"rotation": 45}, ["rotation"]),
        ({"rotation": "90"}, ["rotation"]),
        ({"rotation": 90.0}, ["rotation"]),
        ({"rotation": True}, ["rotation"]),
        ({"touch": "mtdev"}, ["touch"]),
        ({"rotate": 90, "touch": "mouse"}, ["rotate"]),
    ],
)
def test_an_unusable_value_stays_at_its_default(table, names):
    config, unusable = display_config(table)
    assert [bad.name for bad in unusable] == names
    assert config.rotation in (0, 90) and config.touch in ("auto", "mouse")


def test_read_before_the_window_opens(tmp_path):
    path = tmp_path / "hardware.toml"
    assert read_display_config(path) == DisplayConfig()  # no file
    path.write_text('[display]\nrotation = 270\ntouch = "mouse"\n')
    assert read_display_config(path) == DisplayConfig(270, "mouse")
    assert read_display_config(env={"COMPANION_HARDWARE_CONFIG": str(path)}) == DisplayConfig(270, "mouse")
    path.write_text("[display\n")
    assert read_display_config(path) == DisplayConfig()  # the full check says why
    path.write_text('display = "portrait"\n')
    assert read_display_config(path) == DisplayConfig()


def test_reading_the_display_imports_no_pydantic(tmp_path):
    path = tmp_path / "hardware.toml"
    path.write_text("[display]\nrotation = 90\n")
    code = (
        "import sys\nfrom pathlib import Path\nfrom hardware.display import read_display_config\n"
        f"print(read_display_config(Path({str(path)!r})).rotation, 'pydantic' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["90", "False"]


def test_the_full_check_names_each_unusable_setting(tmp_path):
    path = tmp_path / "hardware.toml"
    path.write_text('[display]\nrotation = 45\ntouch = "both"\nrotate = 1\n')
    with pytest.raises(HardwareConfigError) as caught:
        load_hardware_config(path, env={})
    assert [(p.table, p.where) for p in caught.value.details] == [
        ("display", "rotation"),
        ("display", "touch"),
        ("display", "rotate"),
    ]
    assert "rotation: must be one of 0, 90, 180, 270, not 45" in str(caught.value)
    assert 'touch: must be one of "auto", "hidinput", "mouse", not "both"' in str(caught.value)
    path.write_text("display = 3\n")
    with pytest.raises(HardwareConfigError, match=r"\[display\] must be a table, not 3"):
        load_hardware_config(path, env={})
    path.write_text('[display]\nrotation = 90\ntouch = "hidinput"\n')
    assert load_hardware_config(path, env={}).display == DisplayConfig(90, "hidinput")
