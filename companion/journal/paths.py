"""Where the installation's journal lives: ``--data-dir``, else the ``data_dir`` setting in
``$XDG_CONFIG_HOME/companion/settings.toml``, else ``$XDG_DATA_HOME/companion``
(``~/.local/share/companion``)."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from companion.journal.errors import JournalError

JOURNAL_FILE = "journal.sqlite3"


def settings_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "companion" / "settings.toml"


def data_dir(flag: str | Path | None = None) -> Path:
    if flag:
        return Path(flag).expanduser()
    path = settings_file()
    if path.exists():
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise JournalError(f"cannot read the settings file {path}: {exc}") from None
        value = data.get("data_dir")
        if value is not None:
            if not isinstance(value, str) or not value.strip():
                raise JournalError(f"{path}: data_dir must be a directory path in quotes")
            return Path(value).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "companion"


def journal_path(flag: str | Path | None = None) -> Path:
    return data_dir(flag) / JOURNAL_FILE
