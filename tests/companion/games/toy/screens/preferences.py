"""The race's own settings: it has none (the goal is the rules'), so the settings screen shows no
form for it (its ``GameSettings.form`` is None) and whatever the settings file holds for it is
passed over."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DEFAULTS: dict[str, Any] = {}


def read(stored: Mapping[str, Any] | None, older: Mapping[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """The defaults (there is nothing to choose) and no problem."""
    return dict(DEFAULTS), []
