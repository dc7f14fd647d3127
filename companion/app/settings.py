"""The app's settings, kept beside the journal as ``app-settings.json``: the language, where rolls
come from (and the Bluetooth dice paired by touch), where the table stands (for BG Stats), the
screen the app showed last (to open it again after a restart), and each game's own settings under
``games`` (a game checks its own: its contract's ``settings.read``). Written atomically on every change.

A file that cannot be read, or a value that cannot be used, is said in the table's language, one
problem each: the values that can be used are kept, every other one is its default, and the file
is set aside (``app-settings.json.damaged``) before the next write replaces it. The file is read
as :mod:`companion.inputs` reads every file handed to the app: a folder, a device or a link to
nothing in its place, or more than :data:`LARGEST` bytes, is one such problem too. Keys the app does
not know (an older version's, a newer one's) are kept as they are and written back; a game may
adopt an older version's keys as its own (``older``).

Plain values, checked here by hand: the app reads them before its first frame, and pydantic
(which the journal, the hardware settings and the engines use) would add a fifth of a second to
every start for them (bench/app_start.py)."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from companion.files import replace_file
from companion.i18n import Message
from companion.inputs import InputProblem, read_json
from engines.core.errors import CompanionError

FILE = "app-settings.json"
LARGEST = 1024 * 1024
"""The most bytes the file may have: a table's own card list in it takes some 5 KB."""
LANGUAGES = ("de", "en")
DIES = ("serial", "screen", "typed", "bluetooth")
DIE_KINDS = ("godice", "pixels")
ROLES = ("number", "special")
SCREEN_NAME = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
GAME_NAME = re.compile(r"^[a-z][a-z0-9_]{0,39}$")


class SettingsError(CompanionError, ValueError):
    pass


@dataclass
class AppSettings:
    language: str = "de"
    die: str = "screen"
    """Where rolls come from: the serial die, the app's on-screen die, a real die's face typed, or
    the Bluetooth dice paired below."""
    bluetooth_dice: list[dict[str, str]] = field(default_factory=list)
    """The smart dice paired by touch, each ``{"address", "kind", "name", "die"}``: at most one
    for each of the game's dice (``die``: number or special)."""
    location: str = "Companion table"
    screen: str = "start"
    games: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Each game's own settings, as the game stored them."""
    older: dict[str, Any] = field(default_factory=dict)
    """The file's keys this version does not know, written back as they were."""

    def __post_init__(self) -> None:
        check(self)

    def to_json(self) -> str:
        check(self)
        data = {**self.older, **{f.name: getattr(self, f.name) for f in fields(self) if f.name != "older"}}
        return json.dumps(data, indent=2, ensure_ascii=False)


def _paired(value: Any) -> bool:
    """A list of paired dice: each with its address, kind, name and role, no role twice."""
    if not isinstance(value, list) or len(value) > len(ROLES):
        return False
    for die in value:
        if not isinstance(die, dict) or set(die) != {"address", "kind", "name", "die"}:
            return False
        if not all(isinstance(die[key], str) for key in die) or not 1 <= len(die["address"]) <= 64:
            return False
        if die["kind"] not in DIE_KINDS or die["die"] not in ROLES or len(die["name"]) > 60:
            return False
    return len({die["die"] for die in value}) == len(value)


GOOD = {
    "language": lambda value: value in LANGUAGES,
    "die": lambda value: value in DIES,
    "bluetooth_dice": _paired,
    "location": lambda value: isinstance(value, str) and 1 <= len(value.strip()) <= 60,
    "screen": lambda value: isinstance(value, str) and bool(SCREEN_NAME.match(value)),
    "games": lambda value: (
        isinstance(value, dict)
        and all(isinstance(k, str) and GAME_NAME.match(k) and isinstance(v, dict) for k, v in value.items())
    ),
    "older": lambda value: isinstance(value, dict),
}


def check(settings: AppSettings) -> None:
    """SettingsError naming the first value that cannot be used."""
    for name, good in GOOD.items():
        if not good(getattr(settings, name)):
            raise SettingsError(f"{name} cannot be {getattr(settings, name)!r}")


def parse(data: Any) -> tuple[AppSettings, list[str]]:
    """The settings a file's data gives, and the names of the values that could not be used (their
    defaults stand instead). SettingsError when the data holds no settings at all."""
    if not isinstance(data, dict):
        raise SettingsError("the file holds no settings")
    known = {f.name for f in fields(AppSettings)} - {"older"}
    values: dict[str, Any] = {}
    bad: list[str] = []
    for key in known & data.keys():
        if GOOD[key](data[key]):
            values[key] = data[key]
        else:
            bad.append(key)
    older = {key: value for key, value in data.items() if key not in known}
    return AppSettings(**values, older=older), sorted(bad)


def load(directory: Path) -> tuple[AppSettings, list[Any]]:
    """The settings, and each problem to tell the table (in its language) if the file could not be
    used whole."""
    path = directory / FILE
    if not os.path.lexists(path):
        return AppSettings(), []
    try:
        data = read_json(path, LARGEST)
        if not isinstance(data, dict):
            raise InputProblem(path, Message("It holds no settings."))
    except InputProblem as problem:
        kept = _set_aside(path)
        return AppSettings(), [
            Message(
                "The app's settings could not be read. {reason} The defaults are used, and the file is kept as {kept}.",
                reason=problem.reason,
                kept=kept.name,
            )
        ]
    settings, bad = parse(data)
    if not bad:
        return settings, []
    kept = _set_aside(path)
    problems: list[Any] = [
        Message("The app's setting {name} could not be used; it is back to its default.", name=name) for name in bad
    ]
    problems.append(Message("The file as it was is kept as {kept}.", kept=kept.name))
    return settings, problems


def _set_aside(path: Path) -> Path:
    kept = path.with_name(f"{FILE}.damaged")
    try:
        os.replace(path, kept)
    except OSError:
        return path
    return kept


def save(directory: Path, settings: AppSettings) -> None:
    text = settings.to_json()
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    replace_file(directory / FILE, text, 0o600)
