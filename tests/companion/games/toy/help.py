"""The race in short for the bar's Help: the turn first while it runs, the end once it is over."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.app.contract import Topics, opening_at
from companion.i18n import Message


def topics(view: Mapping[str, Any]) -> Topics:
    parts = [
        (
            "turn",
            (
                Message("A turn"),
                [
                    Message("Roll the die and move your figure that many steps, or rest: the figure stays."),
                    Message("Nobody rests two turns running."),
                ],
            ),
        ),
        ("end", (Message("The end"), [Message("The first to reach step 12 wins the race.")])),
    ]
    return opening_at(parts, "end" if view.get("phase") == "over" else "turn")
