"""One choice a game's guide offers the table (no Kivy here): a command to send as it is, or a
dialog to open with its arguments; the player it concerns (the button takes their colour), and
whether it is a main choice (drawn big) or a quiet one (roll again, flee, end the turn early)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Option:
    label: Any
    command: Any = None
    """Sent as it is; None when the option opens ``dialog``."""
    dialog: str | None = None
    args: dict[str, Any] = field(default_factory=dict)
    player: str | None = None
    main: bool = True
