"""Behind the privacy cover (the shell's :class:`~companion.app.pieces.cover.PrivacyCover`): what
only one prince may see or enter in Schatzjagd. The kinds of treasure the prince takes (picked up,
dug up with a map, found in a rival's vaults) and hides, and the kinds of the own treasures, carried
and hidden. A refusal here is said to that prince only, inside the cover."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, cast

from kivy.factory import Factory

from companion.app.pieces.cover import PrivacyCover
from companion.app.pieces.stepper import Stepper
from companion.games.schatzjagd.screens.dialogs import kind_word, kinds_of
from companion.games.schatzjagd.screens.guide import henchman, who
from companion.games.schatzjagd.screens.inputs import grid
from companion.i18n import Cap, Join, Message, Plural, Text
from companion.table.notices import Refused
from engines.schatzjagd import commands as c
from engines.schatzjagd.view_types import SchatzjagdPlayerView, SchatzjagdView

Asks = Callable[[], bool] | None


def kinds_words(kinds: list[str]) -> Text:
    """``2 × crown, chalice``; nothing: ``none``."""
    if not kinds:
        return Message("none")
    counted = Counter(kinds)
    parts = [
        Message("{n} × {kind}", n=n, kind=kind_word(k)) if n > 1 else Cap(kind_word(k)) for k, n in counted.items()
    ]
    return Join(*parts)


class Cover(PrivacyCover):
    """A cover that sends one command from its private page and is covered again once it is taken."""

    def __init__(self, player: str, view: SchatzjagdView, *, asks: Asks = None) -> None:
        self.view = view
        self.stage = "cover"
        waiting = asks
        super().__init__(player, who(player, view), asks=lambda: self.stage == "done" or waiting is None or waiting())

    def send_private(self, command: Any) -> None:
        self.stage = "done"  # from here the cover stays until it is passed on, whatever the game does
        notice = self.table.submit(command)
        if isinstance(notice, Refused):
            self.problem = notice.shown
            self.private()
            return
        self.done()


class PickUpCover(Cover):
    """The treasures picked up where the henchman stands: how many of each kind, as printed."""

    def private(self) -> None:
        self.stage = "private"
        place = henchman(self.view, self.player)["place"]
        self.steppers = {}
        body: list[Any] = [self.body(Message("Which treasures do you take? Look at the cards."))]
        lying = sum(1 for t in self.view["loose"] if t["place"] == place and not t["guarded"])
        for kind in kinds_of(self.view):
            stepper = Stepper(self.app.tr(Cap(kind_word(kind))), high=lying)
            stepper.label.color = self.ink
            self.steppers[kind] = stepper
            body.append(stepper)
        self.page(
            Message("{player}: pick up treasures", player=self.name),
            body,
            [(Message("Cancel"), self.close, False), (Message("Take them"), self.take, True)],
            dark=True,
        )

    def take(self) -> None:
        kinds = tuple(kind for kind, stepper in self.steppers.items() for _ in range(int(stepper.value)))
        self.send_private(c.PickUp(self.player, kinds))


class KindCover(Cover):
    """One treasure's kind, chosen by a tap: dug up with a map, found in the vaults, or hidden."""

    title: Text = Message("Which treasure?")
    hint: Text = Message("Tap the kind printed on the card.")

    def kinds(self) -> list[str]:
        return kinds_of(self.view)

    def command(self, kind: str) -> Any:
        raise NotImplementedError

    def private(self) -> None:
        self.stage = "private"
        kinds = self.kinds()
        row = grid(3, 4)
        for kind in dict.fromkeys(kinds):
            button = Factory.Big(text=self.app.tr(Cap(kind_word(kind))))
            button.bind(on_release=lambda *_, k=kind: self.send_private(self.command(k)))
            row.add_widget(button)
        body: list[Any] = [self.body(self.hint), row]
        if not kinds:
            body = [self.body(Message("You carry no treasure."))]
        self.page(self.title, body, [(Message("Cancel"), self.close, False)], dark=True)


class DigCover(KindCover):
    title = Message("Dig with the map")
    hint = Message("Show the map, take the top treasure card and tap its kind.")

    def command(self, kind: str) -> Any:
        return c.Dig(self.player, henchman(self.view, self.player)["place"], kind)


class PlunderCover(KindCover):
    title = Message("A treasure from the vaults")
    hint = Message("Take a treasure from the castle and tap its kind.")

    def __init__(self, player: str, die: int, view: SchatzjagdView, *, asks: Asks = None) -> None:
        self.die = die
        super().__init__(player, view, asks=asks)

    def command(self, kind: str) -> Any:
        return c.Plunder(self.player, self.die, kind)


class HideCover(KindCover):
    title = Message("Hide a treasure")
    hint = Message("Which of your treasures goes into the castle?")

    def kinds(self) -> list[str]:
        mine = cast(SchatzjagdPlayerView, self.table.private_view(self.player))  # the table gives the engine's view
        return list(mine["your_treasures"])

    def command(self, kind: str) -> Any:
        return c.HideTreasure(self.player, kind)


class TreasuresCover(PrivacyCover):
    """A prince's own treasures by kind, carried and hidden, and the cards held."""

    def __init__(self, player: str, view: SchatzjagdView) -> None:
        super().__init__(player, who(player, view))

    def private(self) -> None:
        mine = self.table.private_view(self.player)
        body = [
            self.body(Message("Carried: {kinds}", kinds=kinds_words(mine["your_treasures"]))),
            self.body(Message("Hidden in your castle: {kinds}", kinds=kinds_words(mine["your_hidden"]))),
            self.body(Plural("{n} other card in your hand.", "{n} other cards in your hand.", mine["your_cards"])),
        ]
        self.page(
            Message("{player}: your treasures", player=self.name),
            body,
            [(Message("Cover again"), self.done, True)],
            dark=True,
        )
