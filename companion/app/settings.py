"""The app's settings, kept beside the journal as ``app-settings.json``: the language, where rolls
come from, the digital sack, the special die's faces, where the table stands (for BG Stats), and
the screen the app showed last (to open it again after a restart). Written atomically on every
change; a damaged file is set aside (renamed) and the defaults used, with a message.

Six plain values, checked here by hand: the app reads them before its first frame, and pydantic
(which the journal, the hardware settings and the engines use) would add a fifth of a second to
every start for them (bench/app_start.py)."""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from companion.files import replace_file

FILE = "app-settings.json"
SACK, CASTLE = "sack", "castle"
LANGUAGES = ("de", "en")
DIES = ("serial", "screen", "typed")
SCREEN_NAME = re.compile(r"^[a-z][a-z0-9-]{0,39}$")


class SettingsError(ValueError):
    pass


@dataclass
class AppSettings:
    language: str = "de"
    die: str = "screen"
    """Where rolls come from: the serial die, the app's on-screen die, or a real die's face typed."""
    digital_sack: bool = True
    special_die: tuple[str, ...] = (SACK, SACK, SACK, SACK, CASTLE, CASTLE)
    """The faces 1..6 of the special die (the box: four sacks, two castles)."""
    location: str = "Companion table"
    screen: str = "start"

    def __post_init__(self) -> None:
        self.special_die = tuple(self.special_die)
        check(self)

    def to_json(self) -> str:
        check(self)
        return json.dumps(asdict(self), indent=2, ensure_ascii=False)  # the faces' tuple as a JSON list


def check(settings: AppSettings) -> None:
    """SettingsError naming the first value that cannot be used."""
    problems = {
        "language": settings.language in LANGUAGES,
        "die": settings.die in DIES,
        "digital_sack": isinstance(settings.digital_sack, bool),
        "special_die": len(settings.special_die) == 6 and all(face in (SACK, CASTLE) for face in settings.special_die),
        "location": isinstance(settings.location, str) and 1 <= len(settings.location.strip()) <= 60,
        "screen": isinstance(settings.screen, str) and bool(SCREEN_NAME.match(settings.screen)),
    }
    for name, good in problems.items():
        if not good:
            raise SettingsError(f"{name} cannot be {getattr(settings, name)!r}")


def parse(data: Any) -> AppSettings:
    if not isinstance(data, dict):
        raise SettingsError("the file holds no settings")
    known = {field.name for field in fields(AppSettings)}
    values = {key: value for key, value in data.items() if key in known}  # newer keys are left alone
    try:
        return AppSettings(**values)
    except TypeError as error:
        raise SettingsError(str(error)) from None


def load(directory: Path) -> tuple[AppSettings, str | None]:
    """The settings, and a problem to tell if the file could not be used."""
    path = directory / FILE
    try:
        return parse(json.loads(path.read_text(encoding="utf-8"))), None
    except FileNotFoundError:
        return AppSettings(), None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError, SettingsError) as error:
        kept = path.with_name(f"{FILE}.damaged")
        try:
            os.replace(path, kept)
        except OSError:
            kept = path
        return AppSettings(), f"{path} could not be read ({error}); kept as {kept.name}"


def save(directory: Path, settings: AppSettings) -> None:
    text = settings.to_json()
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    replace_file(directory / FILE, text, 0o600)
