"""Asking before a tap throws anything away: a new game or a loaded save while a game runs says
what becomes of the running game (it is saved, stays in the journal, and Saved games continues
it), and goes on only when the table confirms."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.app.pieces.dialog import Dialog
from companion.i18n import Message


class ReplaceDialog(Dialog):
    def __init__(self, title: str, summary: Any, then: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.then = then
        body = [self.body(Message("{game} is being played.", game=title))]
        if summary is not None and summary.progress is not None:
            body.append(self.body(summary.progress))
        body.append(
            self.body(
                Message(
                    "It is saved under today's date and time and stays in the journal: "
                    "Saved games continues it whenever you like."
                )
            )
        )
        self.page(
            Message("Put the running game aside?"),
            body,
            [(Message("Back"), self.close, False), (Message("Save it and go on"), self.go_on, True)],
        )

    def go_on(self) -> None:
        self.close()
        self.then()
