"""Where the installation's journal lives: ``--data-dir``, else the ``data_dir`` setting in
``$XDG_CONFIG_HOME/companion/settings.toml``, else ``$XDG_DATA_HOME/companion``
(``~/.local/share/companion``).

Nothing here depends on the working directory: a relative ``data_dir`` is taken from the settings
file's own directory, and an ``XDG_*`` variable that is not an absolute path is ignored, as the
XDG Base Directory rules say, with a notice on the standard error. (Only ``--data-dir`` is taken
from the working directory, as every path on a command line is.)
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from companion.journal.errors import JournalError

SETTINGS_LARGEST = 64 * 1024
"""The most bytes the settings file may have (it holds one path)."""

JOURNAL_FILE = "journal.sqlite3"


def _xdg(variable: str, default: Path) -> Path:
    """``$variable`` when it is an absolute path; else ``default`` (said on stderr when the
    variable is set but relative)."""
    value = os.environ.get(variable)
    if not value:
        return default
    if not os.path.isabs(value):
        print(
            f"companion: {variable}={value} is not an absolute path and is ignored, as the XDG Base "
            f"Directory rules say; using {default}",
            file=sys.stderr,
        )
        return default
    return Path(value)


def settings_file() -> Path:
    return _xdg("XDG_CONFIG_HOME", Path.home() / ".config") / "companion" / "settings.toml"


def read_settings() -> dict[str, Any]:
    """The settings file's values (none when there is no file); JournalError if it cannot be read."""
    from companion.i18n import render
    from companion.inputs import InputProblem, read_toml

    path = settings_file()
    if not path.exists() and not path.is_symlink():
        return {}
    try:
        return read_toml(path, SETTINGS_LARGEST)
    except InputProblem as problem:
        raise JournalError(f"cannot read the settings file {path}: {render(problem.reason, 'en')}") from None


def data_dir(flag: str | Path | None = None) -> Path:
    if flag:
        return Path(flag).expanduser()
    value = read_settings().get("data_dir")
    if value is not None:
        path = settings_file()
        if not isinstance(value, str) or not value.strip():
            raise JournalError(f"{path}: data_dir must be a directory path in quotes")
        return path.parent / Path(value).expanduser()  # an absolute path stands as it is
    return _xdg("XDG_DATA_HOME", Path.home() / ".local" / "share") / "companion"


def journal_path(flag: str | Path | None = None) -> Path:
    return data_dir(flag) / JOURNAL_FILE
