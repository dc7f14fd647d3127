"""The hardware settings file: one TOML file with a ``[panel]`` and a ``[dice]`` table.

Where it is: the path given on the command line, else ``$COMPANION_HARDWARE_CONFIG``, else
``$XDG_CONFIG_HOME/companion/hardware.toml`` (``~/.config/companion/hardware.toml``). A missing
file at the usual place means the documented defaults (``docs/wiring.md``,
``docs/dice-protocol.md``); a file that was named explicitly must exist.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from hardware.dice.config import DiceConfig
from hardware.panel.config import PanelConfig, PanelConfigError, load_panel_config

TABLES = ("panel", "dice")


class HardwareConfigError(ValueError):
    """The settings file cannot be used; the message names the file and the problem."""


@dataclass(frozen=True, slots=True)
class HardwareConfig:
    panel: PanelConfig
    dice: DiceConfig
    source: Path | None  # None: no file, the defaults


def default_path(env: Mapping[str, str] = os.environ) -> Path:
    if env.get("COMPANION_HARDWARE_CONFIG"):
        return Path(env["COMPANION_HARDWARE_CONFIG"])
    base = Path(env["XDG_CONFIG_HOME"]) if env.get("XDG_CONFIG_HOME") else Path.home() / ".config"
    return base / "companion" / "hardware.toml"


def load_hardware_config(path: Path | None = None, env: Mapping[str, str] = os.environ) -> HardwareConfig:
    explicit = path is not None or bool(env.get("COMPANION_HARDWARE_CONFIG"))
    target = path if path is not None else default_path(env)
    try:
        data = tomllib.loads(target.read_text(encoding="utf-8"))
    except FileNotFoundError:
        if explicit:
            raise HardwareConfigError(f"{target}: no such settings file") from None
        return HardwareConfig(PanelConfig(), DiceConfig(), None)
    except OSError as error:
        raise HardwareConfigError(f"{target}: cannot be read ({error.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise HardwareConfigError(f"{target}: not a valid TOML file ({error})") from None
    unknown = sorted(set(data) - set(TABLES))
    if unknown:
        raise HardwareConfigError(f"{target}: unknown table(s) {', '.join(unknown)}; the file has [panel] and [dice]")
    try:
        panel = load_panel_config(data.get("panel", {}))
        dice = DiceConfig.model_validate(data.get("dice", {}))
    except PanelConfigError as error:
        raise HardwareConfigError(f"{target}: [panel] {'; '.join(error.problems)}") from None
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'dice'}: {e['msg']}" for e in error.errors())
        raise HardwareConfigError(f"{target}: [dice] {problems}") from None
    return HardwareConfig(panel, dice, target)
