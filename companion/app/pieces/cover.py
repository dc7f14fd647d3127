"""The privacy cover: one player alone with the screen. Three steps: a dark cover naming the player
("only Anna (Red) looks now"), the private page once that player confirms, and the dark cover again
("pass the screen on") before anyone else can see the board.

While it is open the app knows whose it is (``private_player``): a refusal for that player, which
may name a secret, is said inside the cover only. A game subclasses it and draws its private page in
:meth:`PrivacyCover.private`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.app.pieces.dialog import Dialog
from companion.i18n import Message


class PrivacyCover(Dialog):
    def __init__(self, player: str, name: Any, *, asks: Callable[[], bool] | None = None, **kwargs: Any) -> None:
        super().__init__(asks=asks, **kwargs)
        self.player, self.name = player, name
        self.app.private_player = player
        self.bind(on_dismiss=lambda *_: setattr(self.app, "private_player", None))
        self.cover()

    def cover(self) -> None:
        self.page(
            Message("Only {player} looks now", player=self.name),
            [self.body(Message("Hand the screen to {player}. Everybody else looks away.", player=self.name))],
            [
                (Message("Back"), self.close, False),
                (Message("I am {player}: show", player=self.name), self.private, True),
            ],
            dark=True,
        )

    def private(self) -> None:
        """The private page, for the player alone."""
        raise NotImplementedError

    def done(self) -> None:
        """Covered again, to be passed on."""
        self.page(
            Message("Thank you"),
            [self.body(Message("Cover the screen and pass it on."))],
            [(Message("Done"), self.close, True)],
            dark=True,
        )
