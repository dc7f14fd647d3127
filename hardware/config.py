"""The hardware settings file: one TOML file with a ``[panel]``, a ``[dice]`` and a ``[display]`` table.

Where it is: the path given on the command line, else ``$COMPANION_HARDWARE_CONFIG``, else
``$XDG_CONFIG_HOME/companion/hardware.toml`` (``~/.config/companion/hardware.toml``). A missing
file at the usual place means the documented defaults (``docs/wiring.md``,
``docs/dice-protocol.md``); a file that was named explicitly must exist. A file that cannot be
used raises :class:`HardwareConfigError`: English for the command line, and every problem as data
(:mod:`hardware.problems`) for the table to say in its language.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from pydantic import ValidationError

from hardware.dice.config import DiceConfig
from hardware.display import DisplayConfig, display_config
from hardware.panel.config import PanelConfig, PanelConfigError, load_panel_config
from hardware.place import default_path
from hardware.problems import Phrase, from_pydantic, shown
from hardware.settings_file import HardwareConfigError, file_error, read_settings

__all__ = ["HardwareConfig", "HardwareConfigError", "default_path", "load_hardware_config"]

TABLES = ("panel", "dice", "display")


@dataclass(frozen=True, slots=True)
class HardwareConfig:
    panel: PanelConfig
    dice: DiceConfig
    source: Path | None  # None: no file, the defaults
    display: DisplayConfig = DisplayConfig()


def load_hardware_config(path: Path | None = None, env: Mapping[str, str] = os.environ) -> HardwareConfig:
    target, data = read_settings(path, env)  # the file's own problems (hardware.settings_file)
    if data is None:
        return HardwareConfig(PanelConfig(), DiceConfig(), None)
    unknown = sorted(set(data) - set(TABLES))
    if unknown:
        tables = ", ".join(unknown)
        raise file_error(
            target, Phrase("unknown table(s) {tables}; the file has [panel], [dice] and [display]", tables=tables)
        )
    try:
        panel = load_panel_config(data.get("panel", {}))
        dice = DiceConfig.model_validate(data.get("dice", {}))
    except PanelConfigError as error:
        details = [replace(problem, file=str(target)) for problem in error.details]
        raise HardwareConfigError(f"{target}: [panel] {'; '.join(error.problems)}", details) from None
    except ValidationError as error:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'dice'}: {e['msg']}" for e in error.errors())
        details = [replace(problem, file=str(target)) for problem in from_pydantic(error, "dice")]
        raise HardwareConfigError(f"{target}: [dice] {problems}", details) from None
    return HardwareConfig(panel, dice, target, _display(data.get("display", {}), target))


def _display(table: object, target: Path) -> DisplayConfig:
    if not isinstance(table, dict):
        problem = Phrase("must be a table, not {input}", input=shown(table)).at("display", "", file=str(target))
        raise HardwareConfigError(f"{target}: [display] {problem.english}", [problem])
    display, unusable = display_config(table)
    if not unusable:
        return display
    problems = [
        Phrase("there is no such setting; a typo?").at("display", bad.name, file=str(target))
        if bad.choices is None
        else Phrase(
            "must be one of {choices}, not {input}",
            choices=", ".join(shown(choice) for choice in bad.choices),
            input=shown(bad.value),
        ).at("display", bad.name, file=str(target))
        for bad in unusable
    ]
    said = "; ".join(f"{problem.where}: {problem.english}" for problem in problems)
    raise HardwareConfigError(f"{target}: [display] {said}", problems)
