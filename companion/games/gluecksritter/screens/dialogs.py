"""Die Glücksritter's dialogs, built on the app's pieces (:mod:`companion.app.pieces`): the Ducat
card, the privacy cover for choosing two action cards, which coins to pay with, an offer, a
hand-over (the documents' own are in :mod:`.cards`). Each says what it answers (``asks``): the
board closes it when the game moves on without it. A refusal is said inside the dialog; behind the
cover, to that player only (it may name a document). What the rules would refuse is not offered:
the button is greyed and the reason said above it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.gridlayout import GridLayout

from companion.app.pieces.cover import PrivacyCover
from companion.app.pieces.dialog import Dialog
from companion.app.pieces.stepper import Stepper
from companion.games.gluecksritter.screens.guide import coins_words, offer_worth, promised, to_beat, who
from companion.i18n import Message
from companion.table.notices import Refused
from engines.gluecksritter import commands as c
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.decide import MAX_CARD_NUMBER
from engines.gluecksritter.view_types import GluecksritterPlayerView, GluecksritterView

Asks = Callable[[], bool] | None


class DucatsDialog(Dialog):
    """The Ducat card's two numbers; with a real sack also the silver among the coins that landed."""

    def __init__(self, view: GluecksritterView, *, asks: Asks = None, **kwargs: Any) -> None:
        super().__init__(asks=asks, **kwargs)
        self.real_sack = not view.get("digital_sack", True)
        say = self.app.tr
        self.top_number = Stepper(say(Message("Top number")), high=MAX_CARD_NUMBER, value=3)
        self.bottom_number = Stepper(say(Message("Bottom number")), high=MAX_CARD_NUMBER, value=2)
        body: list[Any] = [self.top_number, self.bottom_number]
        if self.real_sack:
            self.silver5 = Stepper(say(Message("Silver on field 5")), high=MAX_CARD_NUMBER)
            self.silver6 = Stepper(say(Message("Silver on field 6")), high=MAX_CARD_NUMBER)
            body += [self.body(Message("The rest of the coins drawn are gold.")), self.silver5, self.silver6]
        else:
            body.append(self.body(Message("The app draws the coins from the digital sack.")))
        self.page(
            Message("The Ducat card"),
            body,
            [(Message("Back"), self.close, False), (Message("Place the coins"), self.place, True)],
        )

    def place(self) -> None:
        top, bottom = int(self.top_number.value), int(self.bottom_number.value)
        if not self.real_sack:
            self.send(c.PlaceDucats(top, bottom))
            return
        s5, s6 = min(int(self.silver5.value), top), min(int(self.silver6.value), bottom)
        self.send(c.PlaceDucats(top, bottom, field5=Coins(s5, top - s5), field6=Coins(s6, bottom - s6)))


class ChooseCover(PrivacyCover):
    """Behind the cover, one player taps two action cards and locks them in."""

    def __init__(self, player: str, view: GluecksritterView, *, asks: Asks = None, **kwargs: Any) -> None:
        self.picked: list[int] = []
        self.stage = "cover"
        self.view = view
        waiting = asks
        super().__init__(player, who(player, view), asks=lambda: self.stage == "done" or waiting is None or waiting())

    def private(self) -> None:
        self.stage = "private"
        view = cast(GluecksritterPlayerView, self.table.private_view(self.player))  # the engine's view
        me = next(p for p in view["players"] if p["colour"] == self.player)
        cards = GridLayout(cols=6, spacing=dp(8), size_hint_y=None, height=dp(96))
        for card in range(1, 7):
            button = Factory.Toggle(text=str(card), state="down" if card in self.picked else "normal")
            button.height = dp(96)
            button.font_size = sp(36)
            button.disabled = card == 4 and me["knight_in_dungeon"]
            button.bind(on_release=lambda _b, n=card: self.toggle(n))
            cards.add_widget(button)
        body: list[Any] = [self.body(Message("Tap two action cards."))]
        if me["knight_in_dungeon"]:
            body.append(self.body(Message("Your Black Knight is in the dungeon: card 4 is not yours this round.")))
        body.append(cards)
        ready = len(self.picked) == 2
        self.page(
            Message("{player}: your two cards", player=self.name),
            body,
            [(Message("Cancel"), self.close, False)] + ([(Message("Lock in"), self.lock_in, True)] if ready else []),
        )

    def toggle(self, card: int) -> None:
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < 2:
            self.picked.append(card)
        self.private()

    def lock_in(self) -> None:
        self.stage = "done"  # from here the cover stays until it is passed on, whatever the game does
        low, high = sorted(self.picked)  # "Lock in" is offered with two cards picked
        notice = self.table.submit(c.ChooseActions(self.player, (low, high)))
        self.picked = []
        if isinstance(notice, Refused):
            self.problem = notice.shown
            self.private()
            return
        self.done()


class PayDialog(Dialog):
    """Which coins: every handful the rules accept for what the player does; ``then`` takes the
    command with the coins chosen instead of sending it (a document drawn from the table's own
    deck is entered behind the cover next)."""

    def __init__(
        self,
        player: str,
        view: GluecksritterView,
        ways: list[Any],
        *,
        asks: Asks = None,
        then: Callable[[Any], Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(asks=asks, **kwargs)
        self.then = then
        body: list[Any] = [self.body(Message("{player} pays with:", player=who(player, view)))]
        for way in ways:
            button = Factory.Big(text=self.app.tr(coins_words(way.payment)))
            button.bind(on_release=lambda *_, command=way: self.choose(command))
            body.append(button)
        self.page(Message("Which coins?"), body, [(Message("Back"), self.close, False)])

    def choose(self, command: Any) -> None:
        if self.then is None:
            self.send(command)
            return
        self.close()
        self.then(command)


class OfferDialog(Dialog):
    """A haggling offer: Ducats (at most what the player holds), walls and towers (at most the
    castle's), and Ducats promised from the loot; "Offer" greyed with the reason while the rules
    refuse it (too little to top the offer standing, more than the other castle has room for)."""

    def __init__(self, player: str, view: GluecksritterView, *, asks: Asks = None, **kwargs: Any) -> None:
        super().__init__(asks=asks, **kwargs)
        self.player = player
        me = next(p for p in view["players"] if p["colour"] == player)
        say = self.app.tr
        self.ducats = Stepper(say(Message("Ducats")), high=me["value"])
        self.walls = Stepper(say(Message("Walls")), high=me["walls"])
        self.towers = Stepper(say(Message("Towers")), high=me["towers"])
        self.promise = Stepper(say(Message("Ducats from the loot")), high=60)
        self.worth = self.body(offer_worth(0, 0, 0, 0))
        for stepper in (self.ducats, self.walls, self.towers, self.promise):
            stepper.fbind("value", self._worth)
        self.page(
            Message("{player}: your offer", player=who(player, view)),
            [self.body(to_beat(view)), self.ducats, self.walls, self.towers, self.promise, self.worth],
            [(Message("Back"), self.close, False), (Message("Offer"), self.offer, True)],
        )
        self.offer_only_if(self.buttons[-1], lambda: self.table.trial(self.command()))

    def _worth(self, *_: Any) -> None:
        """What the offer as set is worth, said under the numbers after every change."""
        self.worth.text = self.app.tr(offer_worth(*(int(s.value) for s in self.steppers())))

    def steppers(self) -> tuple[Stepper, ...]:
        return self.ducats, self.walls, self.towers, self.promise

    def command(self) -> c.MakeOffer:
        ducats, walls, towers, promise = (int(s.value) for s in self.steppers())
        return c.MakeOffer(self.player, ducats, walls, towers, promise)

    def offer(self) -> None:
        self.send(self.command())


class HandOverDialog(Dialog):
    """The promised loot, all or part of it, from the Black Knight to the other knight: at most
    the coins he holds."""

    def __init__(self, player: str, view: GluecksritterView, *, asks: Asks = None, **kwargs: Any) -> None:
        super().__init__(asks=asks, **kwargs)
        self.player = player
        knight = view["knight"]
        knights = knight["knights"] if knight is not None else []
        self.target = next((k for k in knights if k != player), player)
        me = next(p for p in view["players"] if p["colour"] == player)
        say = self.app.tr
        self.silver = Stepper(say(Message("Silver")), high=me["silver"])
        self.gold = Stepper(say(Message("Gold")), high=me["gold"])
        self.page(
            Message("{player} hands loot to {other}", player=who(player, view), other=who(self.target, view)),
            [self.body(promised(view)), self.silver, self.gold],
            [(Message("Back"), self.close, False), (Message("Hand over"), self.hand_over, True)],
        )
        self.offer_only_if(self.buttons[-1], lambda: self.table.trial(self.command()))

    def command(self) -> c.HandOver:
        return c.HandOver(self.player, self.target, coins=Coins(int(self.silver.value), int(self.gold.value)))

    def hand_over(self) -> None:
        self.send(self.command())
