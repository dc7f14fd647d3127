"""The Glücksritter dialogs, each a full-screen view over the board: the Ducat card, the privacy
cover (choosing two action cards unseen, or looking at one's documents), an offer, a hand-over.

The privacy cover has three steps: a cover naming the player ("only Red looks"), the private
content once that player confirms, and a cover again ("pass the screen on") before anyone else
can see the board. Refusals that concern the private content (they may name a document) are shown
inside the cover only."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.app import theme
from companion.games.gluecksritter.screens.guide import coins_words, who
from companion.games.gluecksritter.screens.widgets import Stepper
from companion.i18n import Message, Plural, Word
from companion.table import Refused
from engines.gluecksritter import commands as c
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.decide import MAX_CARD_NUMBER


class Dialog(ModalView):
    """A full-screen sheet of paper with a title, a body and a row of buttons."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, background="", background_color=theme.PAPER, **kwargs)
        self.app = App.get_running_app()
        self.sheet = BoxLayout(orientation="vertical", padding=dp(16), spacing=dp(8))
        self.add_widget(self.sheet)

    def page(self, title: Any, body: list[Any], buttons: list[tuple[Any, Any, bool]], *, dark: bool = False) -> None:
        """Redraw: ``buttons`` are (text, action, is_main); ``dark`` is the privacy cover's look."""
        self.ink = (1, 1, 1, 1) if dark else theme.INK
        self.background_color = theme.COVER if dark else theme.PAPER
        self.sheet.clear_widgets()
        self.sheet.add_widget(Factory.Title(text=self.app.tr(title), color=self.ink))
        content = GridLayout(cols=1, spacing=dp(6), size_hint_y=None)
        content.bind(minimum_height=content.setter("height"))
        for widget in body:
            content.add_widget(widget)
        scroll = Factory.ScrollView()
        scroll.add_widget(content)
        self.sheet.add_widget(scroll)
        row = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(12))
        for text, action, main in buttons:
            button = (Factory.Big if main else Factory.Quiet)(text=self.app.tr(text))
            if not main:
                button.height = dp(theme.BUTTON_DP)
            button.bind(on_release=lambda *_, act=action: act())
            row.add_widget(button)
        self.sheet.add_widget(row)

    def close(self) -> None:
        """Gone at once: no fade, so nothing of a private page lingers on the screen."""
        self.dismiss(animation=False)

    def body(self, text: Any, color: Any = None) -> Any:
        label = Factory.Body(text=self.app.tr(text))
        label.color = color or getattr(self, "ink", theme.INK)  # after the kv rule, which sets ink
        return label

    def send(self, command: Any) -> Any:
        notice = self.app.table.submit(command)
        if not isinstance(notice, Refused):
            self.close()
        return notice


class DucatsDialog(Dialog):
    """The Ducat card's two numbers; with a real sack also the silver among the coins that landed."""

    def __init__(self, view: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.real_sack = not self.app.session.state.rules.digital_sack if self.app.session else False
        say = self.app.tr
        self.top_number = Stepper(say(Message("Top number")), high=MAX_CARD_NUMBER, value=3)
        self.bottom_number = Stepper(say(Message("Bottom number")), high=MAX_CARD_NUMBER, value=2)
        body = [self.top_number, self.bottom_number]
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


class CoverDialog(Dialog):
    """One player alone: choosing two action cards (``purpose="choose"``) or the documents in hand
    (``purpose="documents"``)."""

    def __init__(self, player: str, purpose: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.player, self.purpose = player, purpose
        self.picked: list[int] = []
        self.problem: Any = None
        self.app.private_player = player
        self.bind(on_dismiss=lambda *_: setattr(self.app, "private_player", None))
        self.cover()

    def cover(self) -> None:
        name = who(self.player)
        self.page(
            Message("Only {player} looks now", player=name),
            [self.body(Message("Hand the screen to {player}. Everybody else looks away.", player=name))],
            [(Message("Back"), self.close, False), (Message("I am {player}: show", player=name), self.show, True)],
            dark=True,
        )

    def show(self) -> None:
        if self.purpose == "choose":
            self.choose()
        else:
            self.documents()

    def choose(self) -> None:
        view = self.app.table.private_view(self.player)
        me = next(p for p in view["players"] if p["colour"] == self.player)
        cards = GridLayout(cols=6, spacing=dp(8), size_hint_y=None, height=dp(96))
        for card in range(1, 7):
            button = Factory.Toggle(text=str(card), state="down" if card in self.picked else "normal")
            button.height = dp(96)
            button.font_size = dp(36)
            button.disabled = card == 4 and me["knight_in_dungeon"]
            button.bind(on_release=lambda _b, n=card: self.toggle(n))
            cards.add_widget(button)
        body = [self.body(Message("Tap two action cards."))]
        if me["knight_in_dungeon"]:
            body.append(self.body(Message("Your Black Knight is in the dungeon: card 4 is not yours this round.")))
        body.append(cards)
        if self.problem is not None:
            body.append(self.body(self.problem, color=theme.ALERT))
        ready = len(self.picked) == 2
        self.page(
            Message("{player}: your two cards", player=who(self.player)),
            body,
            [(Message("Cancel"), self.close, False)] + ([(Message("Lock in"), self.lock_in, True)] if ready else []),
        )

    def toggle(self, card: int) -> None:
        if card in self.picked:
            self.picked.remove(card)
        elif len(self.picked) < 2:
            self.picked.append(card)
        self.choose()

    def lock_in(self) -> None:
        notice = self.app.table.submit(c.ChooseActions(self.player, tuple(sorted(self.picked))))
        self.picked = []
        if isinstance(notice, Refused):
            self.problem = notice.shown
            self.choose()
            return
        self.done()

    def done(self) -> None:
        self.page(
            Message("Thank you"),
            [self.body(Message("Cover the screen and pass it on."))],
            [(Message("Done"), self.close, True)],
            dark=True,
        )

    def documents(self) -> None:
        view = self.app.table.private_view(self.player)
        you = view["you"]
        rules = self.app.session.state.rules
        body: list[Any] = []
        if not you["documents"]:
            body.append(self.body(Message("You hold no documents.")))
        for document in you["documents"]:
            kind = rules.document(document)
            name = kind.name if kind is not None else document
            row = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(8))
            row.add_widget(Factory.Body(text=name))
            taxes = [k for p, k in view["taxes"] if p == self.player]
            if kind is not None and kind.effect == "royal-tax-waiver" and taxes:
                for tax in taxes:
                    play = Factory.Big(text=self.app.tr(Message("Play against the tax on {kind}", kind=Word(tax))))
                    play.bind(on_release=lambda *_, d=document, t=tax: self.play(d, t))
                    row.add_widget(play)
            else:
                play = Factory.Big(text=self.app.tr(Message("Play")))
                play.bind(on_release=lambda *_, d=document: self.play(d, None))
                row.add_widget(play)
            body.append(row)
        if you["face_down"]:
            body.append(
                self.body(Plural("{n} document lies face down.", "{n} documents lie face down.", len(you["face_down"])))
            )
        if self.problem is not None:
            body.append(self.body(self.problem, color=theme.ALERT))
        self.page(
            Message("{player}: your documents", player=who(self.player)),
            body,
            [(Message("Cover again"), self.done, True)],
        )

    def play(self, document: str, kind: str | None) -> None:
        notice = self.app.table.submit(c.PlayDocument(self.player, document, kind))
        self.problem = notice.shown if isinstance(notice, Refused) else None
        self.documents()


class HelpDialog(Dialog):
    """The game in short (the home's ``help`` part), for the rule set being played."""

    def __init__(self, rules: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        from companion.games.gluecksritter.help import topics

        body: list[Any] = []
        for title, paragraphs in topics(rules):
            heading = self.body(title)
            heading.bold = True
            body.append(heading)
            body += [self.body(paragraph) for paragraph in paragraphs]
        self.page(Message("How to play"), body, [(Message("Back"), self.close, True)])


class PayDialog(Dialog):
    """Which coins: every handful the rules accept for what the player does."""

    def __init__(self, player: str, ways: list[Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        body = [self.body(Message("{player} pays with:", player=who(player)))]
        for way in ways:
            button = Factory.Big(text=self.app.tr(coins_words(way.payment)))
            button.bind(on_release=lambda *_, command=way: self.send(command))
            body.append(button)
        self.page(Message("Which coins?"), body, [(Message("Back"), self.close, False)])


class OfferDialog(Dialog):
    """A haggling offer: Ducats, walls, towers and Ducats promised from the loot."""

    def __init__(self, player: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.player = player
        say = self.app.tr
        self.ducats = Stepper(say(Message("Ducats")), high=60)
        self.walls = Stepper(say(Message("Walls")), high=4)
        self.towers = Stepper(say(Message("Towers")), high=4)
        self.promise = Stepper(say(Message("Ducats from the loot")), high=60)
        self.page(
            Message("{player}: your offer", player=who(player)),
            [self.ducats, self.walls, self.towers, self.promise],
            [(Message("Back"), self.close, False), (Message("Offer"), self.offer, True)],
        )

    def offer(self) -> None:
        self.send(
            c.MakeOffer(
                self.player,
                int(self.ducats.value),
                int(self.walls.value),
                int(self.towers.value),
                int(self.promise.value),
            )
        )


class HandOverDialog(Dialog):
    """The promised loot, all or part of it, from the Black Knight to the other knight."""

    def __init__(self, player: str, view: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.player = player
        knights = (view.get("knight") or {}).get("knights", [])
        self.target = next((k for k in knights if k != player), player)
        say = self.app.tr
        self.silver = Stepper(say(Message("Silver")), high=40)
        self.gold = Stepper(say(Message("Gold")), high=30)
        self.page(
            Message("{player} hands loot to {other}", player=who(player), other=who(self.target)),
            [self.silver, self.gold],
            [(Message("Back"), self.close, False), (Message("Hand over"), self.hand_over, True)],
        )

    def hand_over(self) -> None:
        coins = Coins(int(self.silver.value), int(self.gold.value))
        self.send(c.HandOver(self.player, self.target, coins=coins))
