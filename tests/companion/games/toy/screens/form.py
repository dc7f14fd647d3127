"""The race's new-game form, hosted by the shell's new-game screen: the colours in turn order
with optional names, on the shared seating (:class:`companion.app.pieces.seating.Seating`)."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty

from companion.app.contract import FormProblem
from companion.app.pieces.choices import ChoiceList
from companion.app.pieces.seating import Seating
from companion.i18n import Message
from tests.companion.games.toy.engine import COLOURS, PLAYERS, PlayerSpec, Setup


class NewGameForm(ChoiceList):
    ready = BooleanProperty(False)
    """2 to 4 players sit."""

    def __init__(self, settings: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seating = Seating(COLOURS, PLAYERS)
        self.seating.bind(ready=lambda *_: setattr(self, "ready", self.seating.ready))
        self.fill([self.seating])

    def refresh(self) -> None:
        self.seating.refresh()
        self.ready = self.seating.ready

    def setup(self) -> Setup:
        """The engine's setup; FormProblem while fewer or more players sit than may race."""
        low, high = PLAYERS
        if not low <= len(self.seating.seated) <= high:
            raise FormProblem(
                Message("Tap the colours in seating order ({low} to {high} players).", low=low, high=high)
            )
        names = self.seating.given_names()
        return Setup(players=tuple(PlayerSpec(colour=c, name=names.get(c, "")) for c in self.seating.seated))

    def reset(self) -> None:
        """After a race began: nobody seated."""
        self.seating.reset()
        self.refresh()
