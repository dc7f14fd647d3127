"""One choice a game's guide offers the table (no Kivy here): a command to send as it is, or a
dialog to open with its arguments; the player it concerns (the button takes their colour),
whether it is a main choice (drawn big) or a quiet one (roll again, flee, end the turn early), and
why the rules refuse it now (``refusal``: shown greyed with the reason, never sent)."""

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
    refusal: Any = None
    """Why the rules refuse it now, in the table's words; None: it may be chosen."""

    @property
    def sends(self) -> Any:
        """The command this option sends, directly or through its dialog (``args["command"]``:
        which coins to pay with, ...), or None when that is not known before the dialog."""
        return self.command if self.command is not None else self.args.get("command")
