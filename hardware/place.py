"""Where the hardware settings file is: ``$COMPANION_HARDWARE_CONFIG``, else
``$XDG_CONFIG_HOME/companion/hardware.toml`` (``~/.config/companion/hardware.toml``). Apart from
:mod:`hardware.config` so that the display's settings can be read before the window opens
without pydantic (:mod:`hardware.display`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


def default_path(env: Mapping[str, str] = os.environ) -> Path:
    if env.get("COMPANION_HARDWARE_CONFIG"):
        return Path(env["COMPANION_HARDWARE_CONFIG"])
    base = Path(env["XDG_CONFIG_HOME"]) if env.get("XDG_CONFIG_HOME") else Path.home() / ".config"
    return base / "companion" / "hardware.toml"
