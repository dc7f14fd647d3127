"""The app's settings, kept beside the journal as ``app-settings.json``: the language, where rolls
come from, the digital sack, the special die's faces, where the table stands (for BG Stats), and
the screen the app showed last (to open it again after a restart). Written atomically on every
change; a damaged file is set aside (renamed) and the defaults used, with a message."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

FILE = "app-settings.json"
SACK, CASTLE = "sack", "castle"
Symbol = Literal["sack", "castle"]


class AppSettings(BaseModel):
    model_config = ConfigDict(extra="ignore", validate_assignment=True)

    language: Literal["de", "en"] = "de"
    die: Literal["serial", "screen", "typed"] = "screen"
    """Where rolls come from: the serial die, the app's on-screen die, or a real die's face typed."""
    digital_sack: bool = True
    special_die: tuple[Symbol, Symbol, Symbol, Symbol, Symbol, Symbol] = (SACK, SACK, SACK, SACK, CASTLE, CASTLE)
    """The faces 1..6 of the special die (the box: four sacks, two castles)."""
    location: str = Field(default="Companion table", min_length=1, max_length=60)
    screen: str = "start"


def load(directory: Path) -> tuple[AppSettings, str | None]:
    """The settings, and a problem to tell if the file could not be used."""
    path = directory / FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return AppSettings.model_validate(data), None
    except FileNotFoundError:
        return AppSettings(), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, ValidationError) as error:
        kept = path.with_name(f"{FILE}.damaged")
        try:
            os.replace(path, kept)
        except OSError:
            kept = path
        return AppSettings(), f"{path} could not be read ({type(error).__name__}); kept as {kept.name}"


def save(directory: Path, settings: AppSettings) -> None:
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd, name = tempfile.mkstemp(prefix=".app-settings.", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(settings.model_dump_json(indent=2))
            out.flush()
            os.fsync(out.fileno())
        os.replace(name, directory / FILE)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise
