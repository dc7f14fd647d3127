"""The display's settings: the ``[display]`` table of the hardware settings file.

- ``rotation``: 0, 90, 180 or 270 degrees; the app turns its window and its touches by it. The
  official 7" display (800×480) needs 0; Touch Display 2, a 720×1280 portrait panel used in
  landscape, 90 (or 270, turned the other way round).
- ``touch``: where touches come from, one way only (two give every tap twice): ``"hidinput"``
  (the kernel's touchscreen device, read directly: the Pi's kiosk), ``"mouse"`` (the pointer the
  window system gives: inside a desktop session, which turns touches into pointer events), or
  ``"auto"`` (Kivy's own: the pointer, ignored while a touchscreen is touched, and every
  touchscreen the kernel lists; a desktop without a touchscreen).

The app reads this table before its window opens (:func:`read_display_config`, without pydantic,
which would add a fifth of a second to every start); :func:`hardware.config.load_hardware_config`
checks it with the rest of the file, and a value that cannot be used is said on the screen then.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hardware.settings_file import HardwareConfigError, read_settings

ROTATIONS = (0, 90, 180, 270)
TOUCH = ("auto", "hidinput", "mouse")
CHOICES: dict[str, tuple[Any, ...]] = {"rotation": ROTATIONS, "touch": TOUCH}


@dataclass(frozen=True, slots=True)
class DisplayConfig:
    rotation: int = 0
    touch: str = "auto"


@dataclass(frozen=True, slots=True)
class Unusable:
    """A setting of the table that cannot be used: ``choices`` is None for a setting that does not exist."""

    name: str
    value: Any
    choices: tuple[Any, ...] | None


def display_config(table: Mapping[str, Any]) -> tuple[DisplayConfig, list[Unusable]]:
    """The settings the table gives, each unusable one left at its default, and those unusable ones."""
    values: dict[str, Any] = {}
    unusable: list[Unusable] = []
    for name, value in table.items():
        choices = CHOICES.get(name)
        if choices is not None and value in choices and type(value) is type(choices[0]):
            values[name] = value
        else:
            unusable.append(Unusable(name, value, choices))
    return DisplayConfig(**values), unusable


def read_display_config(path: Path | None = None, env: Mapping[str, str] = os.environ) -> DisplayConfig:
    """The display's settings from the hardware settings file (its usual place unless ``path``);
    the defaults where there is no file, no table or no usable value: the full check says why."""
    return read_display(path, env)[0]


def read_display(
    path: Path | None = None, env: Mapping[str, str] = os.environ
) -> tuple[DisplayConfig, HardwareConfigError | None]:
    """:func:`read_display_config`, and why the file could not be read at all (None when it could,
    or when there is none at its usual place): the app says that on its first screen."""
    try:
        data = read_settings(path, env)[1] or {}
    except HardwareConfigError as error:
        return DisplayConfig(), error
    table = data.get("display")
    return (display_config(table)[0] if isinstance(table, dict) else DisplayConfig()), None
