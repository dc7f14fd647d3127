"""Die Glücksritter's documents on the screen, each card by the name on it, its seal's colour and
what it does, in the table's language (:mod:`companion.games.gluecksritter.documents`):

- :class:`EntryCover`: with the table's own cards, the card drawn on field 1 is entered behind the
  privacy cover. Every kind of the catalogue is offered, whatever the app counts in the deck
  (which cards are left is no player's knowledge).
- :class:`DocumentsCover`: a player's documents behind the cover, each to play (greyed with the
  reason where the rules refuse it now); after a card whose effect the table applies, the effect
  at once, where the rules let it be entered now; the hand corrected where it differs from the
  cards (:class:`HandPage`).
- :class:`EffectForm`: what a document's effect moves, from where to where, begun from the
  catalogue's moves; :class:`EffectDialog` enters it from the board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, cast

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.utils import escape_markup

from companion.app import theme
from companion.app.option import Option
from companion.app.people import names
from companion.app.pieces.cover import PrivacyCover
from companion.app.pieces.dialog import Dialog
from companion.app.pieces.options import grow, option_button
from companion.app.pieces.stepper import Stepper
from companion.app.widgets import toggle
from companion.games.gluecksritter.documents import catalogue, does, name, quoted
from companion.games.gluecksritter.screens.guide import who
from companion.i18n import Cap, Message, Word
from companion.table.notices import Refused
from engines.gluecksritter import commands as c
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.view_types import GluecksritterPlayerView, GluecksritterView

Asks = Callable[[], bool] | None
HELD = {"silver": 60, "gold": 40, "walls": 4, "towers": 4}  # the most a move can carry of each


def card(app: Any, view: GluecksritterView, document: str, tap: Callable[[], Any] | None = None, count: int = 1) -> Any:
    """A document as the card shows it: its name in bold (``count`` of them) and what it does, in
    the colour of its seal; a button when ``tap`` is given, else a card to read."""
    title = app.tr(name(view, document))
    if count > 1:
        title = app.tr(Message("{n} × {document}", n=count, document=title))
    text = f"[b]{escape_markup(title)}[/b]"
    what = does(view, document)
    if what is not None:
        text += f"\n[size={int(sp(theme.SMALL_SP))}]{escape_markup(app.tr(what))}[/size]"
    seal = (catalogue(view).get(document) or {}).get("seal", "yellow")
    button = Factory.Big(text=text, markup=True)
    button.background_disabled_normal = ""
    button.disabled = tap is None  # a card to read, not to tap
    button.background_color = theme.player_colour(seal)  # after the rule's own colours
    button.color = button.disabled_color = theme.text_on(seal)
    if tap is not None:
        button.bind(on_release=lambda *_: tap())
    grow(button)
    return button


class EntryCover(PrivacyCover):
    """Field 1 with the table's own cards: the player draws the top card of the deck and taps,
    behind the cover, which one it is; the payment was chosen before (``command``)."""

    def __init__(self, command: c.TakeDocument, view: GluecksritterView, *, asks: Asks = None, **kwargs: Any) -> None:
        self.command, self.view, self.stage = command, view, "cover"
        waiting = asks
        super().__init__(
            command.player,
            who(command.player, view),
            asks=lambda: self.stage == "done" or waiting is None or waiting(),
            **kwargs,
        )

    def private(self) -> None:
        self.stage = "private"
        body: list[Any] = [self.body(Message("Draw the top document of the deck and tap the card you drew."))]
        body += [card(self.app, self.view, doc, partial(self.pick, doc)) for doc in catalogue(self.view)]
        self.page(
            Message("{player}: which document did you draw?", player=self.name),
            body,
            [(Message("Cancel"), self.close, False)],
            dark=True,
        )

    def pick(self, document: str) -> None:
        self.stage = "done"  # from here the cover stays until it is passed on, whatever the game does
        notice = self.table.submit(replace(self.command, document=document))
        if isinstance(notice, Refused):
            self.stage = "private"
            self.problem = notice.shown
            self.private()
            return
        self.done()


class DocumentsCover(PrivacyCover):
    """Behind the cover, one player's documents: each to play (a Gift against a royal tax names
    the tax), those face down, the effects still to enter, and the hand corrected; "Cover again"
    before the screen is passed on."""

    def __init__(self, player: str, view: GluecksritterView, **kwargs: Any) -> None:
        super().__init__(player, who(player, view), **kwargs)

    def private(self) -> None:
        table = self.table
        view = cast(GluecksritterPlayerView, table.private_view(self.player))  # the engine's view
        you = view["you"]
        me = next(p for p in view["players"] if p["colour"] == self.player)
        body: list[Any] = []
        if not you["documents"]:
            body.append(self.body(Message("You hold no documents.")))
        taxes = [cast(c.Kind, k) for p, k in view["taxes"] if p == self.player]  # a tax is on silver or gold
        for document, count in Counter(you["documents"]).items():
            body.append(card(self.app, view, document, count=count))
            gift = (catalogue(view).get(document) or {}).get("effect") == "royal-tax-waiver"
            for kind in taxes if gift and taxes else [None]:
                words = Message("Play against the tax on {kind}", kind=Word(kind)) if kind else Message("Play")
                body.append(self._play_button(words, c.PlayDocument(self.player, document, kind)))
        for document in you["face_down"]:
            words = Message("Face down until the documents are revealed: {document}", document=quoted(view, document))
            body.append(self.body(words))
        for document in dict.fromkeys(me.get("due", ())):
            words = Message("Enter what {document} moves", document=quoted(view, document))
            enter = Factory.Big(text=self.app.tr(words))
            enter.bind(on_release=lambda *_, d=document: self.effect(d))
            body.append(enter)
        differ = Factory.Quiet(text=self.app.tr(Message("My cards differ from these")))
        differ.bind(on_release=lambda *_: self.hand())
        body.append(differ)
        self.page(
            Message("{player}: your documents", player=self.name), body, [(Message("Cover again"), self.done, True)]
        )

    def _play_button(self, words: Any, command: c.PlayDocument) -> Any:
        """Play it: greyed with the reason when the rules refuse it now (a red seal after phase B)."""
        refused = self.table.trial(command)
        why = self.app.tr(refused.shown) if refused is not None else None
        return option_button(Option(words, command), self.app.tr(words), lambda chosen: self.play(chosen.command), why)

    def play(self, command: c.PlayDocument) -> None:
        table = self.table
        notice = table.submit(command)
        if isinstance(notice, Refused):
            self.problem = notice.shown
            self.private()
            return
        if table.trial(c.ApplyDocument(self.player, command.document)) is None:
            self.effect(command.document)  # played by the rules, applied by them: the effect now
            return
        self.private()

    def effect(self, document: str) -> None:
        view = cast(GluecksritterPlayerView, self.table.private_view(self.player))  # the engine's view
        form = EffectForm(self.app, view, self.player, document, changed=self.recheck)
        what = does(view, document)
        self.page(
            Message("{player}: {document}", player=self.name, document=quoted(view, document)),
            ([self.body(what)] if what is not None else []) + form.widgets(),
            [
                (Message("Later"), self.private, False),
                (Message("It moves nothing"), lambda: self._apply(form.nothing()), False),
                (Message("Enter the effect"), lambda: self._apply(form.command()), True),
            ],
        )
        self.offer_only_if(self.buttons[-1], form.why_not)

    def _apply(self, command: Any) -> None:
        notice = self.table.submit(command)
        if isinstance(notice, Refused):
            self.say_refusal(notice.shown)
            return
        self.private()

    def hand(self) -> None:
        HandPage(self, cast(GluecksritterPlayerView, self.table.private_view(self.player)), self.private).show()


class HandCover(PrivacyCover):
    """From the table check: behind the cover, the documents the player really holds."""

    def __init__(self, player: str, view: GluecksritterView, reason: Any, **kwargs: Any) -> None:
        super().__init__(player, who(player, view), **kwargs)
        self.reason = reason

    def private(self) -> None:
        HandPage(
            self, cast(GluecksritterPlayerView, self.table.private_view(self.player)), self.done, self.reason
        ).show()


class HandPage:
    """The documents a player really holds, as counts per kind of card, written as a correction
    (``correct-hand``) on a page of ``dialog`` (a cover already confirmed by that player)."""

    def __init__(self, dialog: Any, view: GluecksritterPlayerView, back: Callable[[], Any], reason: Any = None) -> None:
        self.dialog, self.view, self.back = dialog, view, back
        self.reason = reason if reason is not None else Message("the hand differs from the cards")
        held = Counter(view["you"]["documents"])
        self.counts = {
            doc: Stepper(dialog.app.tr(name(view, doc)), high=entry.get("count", 25), value=held.get(doc, 0))
            for doc, entry in catalogue(view).items()
        }

    def command(self) -> c.CorrectHand:
        documents = tuple(doc for doc, stepper in self.counts.items() for _ in range(int(stepper.value)))
        return c.CorrectHand(self.dialog.player, documents, self.dialog.app.tr(self.reason))

    def show(self) -> None:
        dialog = self.dialog
        body = [dialog.body(Message("Set how many of each document you hold."))]
        self.dialog.page(
            Message("{player}: the documents in your hand", player=dialog.name),
            [*body, *self.counts.values()],
            [(Message("Back"), self.back, False), (Message("Write the correction"), self.write, True)],
        )
        dialog.offer_only_if(dialog.buttons[-1], lambda: dialog.app.table.trial(self.command()))

    def write(self) -> None:
        notice = self.dialog.app.table.submit(self.command())
        if isinstance(notice, Refused):
            self.dialog.say_refusal(notice.shown)
            return
        self.back()


class EffectForm:
    """What a document's effect moves: one or more moves, each from a place to a place (a player,
    the sack for coins, the supply for walls and towers) with the silver, gold, walls and towers it
    carries; begun from the catalogue's moves (``holder`` is the player, ``other`` waits for a tap)."""

    def __init__(
        self, app: Any, view: GluecksritterView, player: str, document: str, *, changed: Callable[[], Any]
    ) -> None:
        self.app, self.view, self.player, self.document, self.changed = app, view, player, document, changed
        self.places = [p["colour"] for p in view["players"]] + ["sack", "supply"]
        given = names(view)
        self.words = {p: given.get(p) or app.tr(Cap(Word(p))) for p in self.places[:-2]}
        self.words |= {"sack": app.tr(Message("Sack")), "supply": app.tr(Message("Supply"))}
        spec = (catalogue(view).get(document) or {}).get("moves") or [{}]
        self.moves = [self._move(m) for m in spec]
        self.box = GridLayout(cols=1, spacing=dp(6), size_hint_y=None, height=0)
        self.box.bind(minimum_height=self.box.setter("height"))

    def _move(self, spec: dict[str, Any]) -> dict[str, Any]:
        role: dict[str | None, str | None] = {"holder": self.player, "other": None}
        move = {
            "from": role.get(spec.get("source"), spec.get("source")),
            "to": role.get(spec.get("target"), spec.get("target")),
        }
        for kind, high in HELD.items():
            stepper = Stepper(self.app.tr(_KINDS[kind]), high=high, value=int(spec.get(kind, 0)))
            stepper.fbind("value", lambda *_: self.changed())
            move[kind] = stepper
        return move

    def widgets(self) -> list[Any]:
        self._draw()
        return [self.box]

    def _draw(self) -> None:
        self.box.clear_widgets()
        for move in self.moves:
            for end, label in (("from", Message("From")), ("to", Message("To"))):
                self.box.add_widget(self._places(move, end, label))
            amounts = GridLayout(cols=2, spacing=dp(6), size_hint_y=None, height=dp(2 * theme.TOUCH_DP + 6))
            for kind in HELD:
                stepper = move[kind]
                if stepper.parent is not None:
                    stepper.parent.remove_widget(stepper)
                amounts.add_widget(stepper)
            self.box.add_widget(amounts)
        more = Factory.Quiet(text=self.app.tr(Message("Another move")))
        more.bind(on_release=lambda *_: self._another())
        self.box.add_widget(more)

    def _places(self, move: dict[str, Any], end: str, label: Any) -> Any:
        row = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(4))
        title = Label(text=self.app.tr(label), bold=True, color=theme.INK, font_size=sp(theme.BODY_SP))
        title.size_hint_x, title.width = None, dp(64)
        title.bind(size=lambda widget, size: setattr(widget, "text_size", size))
        title.halign, title.valign, title.inked = "left", "middle", True
        row.add_widget(title)
        for place in self.places:
            row.add_widget(toggle(self.words[place], move[end] == place, lambda p=place: self._set(move, end, p)))
        return row

    def _set(self, move: dict[str, Any], end: str, place: str) -> None:
        move[end] = place
        self._draw()
        self.changed()

    def _another(self) -> None:
        self.moves.append(self._move({}))
        self._draw()
        self.changed()

    def nothing(self) -> c.ApplyDocument:
        return c.ApplyDocument(self.player, self.document)

    def command(self) -> c.ApplyDocument | None:
        """The effect as entered; None while a move that carries something lacks an end."""
        transfers = []
        for move in self.moves:
            amounts = {kind: int(move[kind].value) for kind in HELD}
            if not any(amounts.values()):
                continue
            if move["from"] is None or move["to"] is None:
                return None
            coins = Coins(amounts["silver"], amounts["gold"])
            transfers.append(c.Transfer(move["from"], move["to"], coins, amounts["walls"], amounts["towers"]))
        return c.ApplyDocument(self.player, self.document, tuple(transfers))

    def why_not(self) -> Any:
        """Why "Enter the effect" cannot be tapped now: a move without its ends, nothing entered,
        or the rules' refusal."""
        command = self.command()
        if command is None:
            return Message("Tap where each move comes from and where it goes.")
        if not command.moves:
            return Message("Enter what it moves, or tap 'It moves nothing'.")
        return self.app.table.trial(command)


_KINDS = {"silver": Message("Silver"), "gold": Message("Gold"), "walls": Message("Walls"), "towers": Message("Towers")}


class EffectDialog(Dialog):
    """From the board: the effect of a document a player played this round (public now)."""

    def __init__(
        self, player: str, document: str, view: GluecksritterView, *, asks: Asks = None, **kwargs: Any
    ) -> None:
        super().__init__(asks=asks, **kwargs)
        self.form = EffectForm(self.app, view, player, document, changed=self.recheck)
        what = does(view, document)
        body = ([self.body(what)] if what is not None else []) + self.form.widgets()
        self.page(
            Message("{player}: {document}", player=who(player, view), document=quoted(view, document)),
            body,
            [
                (Message("Back"), self.close, False),
                (Message("It moves nothing"), lambda: self.send(self.form.nothing()), False),
                (Message("Enter the effect"), lambda: self.send(self.form.command()), True),
            ],
        )
        self.offer_only_if(self.buttons[-1], self.form.why_not)
