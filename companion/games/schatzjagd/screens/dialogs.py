"""Schatzjagd's dialogs, built on the app's pieces (:mod:`companion.app.pieces`): where the
henchman stopped (or landed from the teleportal), the card turned up, a special card's use, the
healer and the smith, a spell, a card slotted face down, a card taken off the board in Grandlin's
catharsis, a correction by hand. Each says what it answers (``asks``): the table screen closes it when the game moves on
without it. A refusal is said inside the dialog."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.factory import Factory

from companion.app.pieces.dialog import Dialog
from companion.app.pieces.stepper import Stepper
from companion.app.widgets import toggle
from companion.games.schatzjagd.screens.guide import henchman, portal_question, short_place, who
from companion.games.schatzjagd.screens.inputs import EffectsEditor, PlacePicker, grid
from companion.i18n import Message, Text, Word
from companion.table.notices import Refused
from engines.schatzjagd import commands as c
from engines.schatzjagd.rules import HIGH, TELEPORTAL, parse_effect
from engines.schatzjagd.view_types import BoardCardView, Counter, SchatzjagdView

Asks = Callable[[], bool] | None
CARD_TYPES = ("weapon", "potion", "trap", "monster", "spell", "map", "special")
CARD_NAMES = {
    "weapon": Message("Weapon"),
    "potion": Message("Potion"),
    "trap": Message("Trap"),
    "monster": Message("Monster"),
    "spell": Message("Spell"),
    "map": Message("Map"),
    "special": Message("Special"),
}


def in_play(view: SchatzjagdView, first: str | None = None) -> list[str]:
    """The places in play now, ``first`` first: where henchmen stand, cards lie, treasures wait."""
    places = [first] if first else []
    places += [p["place"] for p in view["players"]]
    places += [card["field"] for card in view["board"]]
    places += [t["place"] for t in view["loose"]]
    return list(dict.fromkeys(places))


def card_words(card: BoardCardView) -> Text:
    """A card on the board as the table sees it: face down, or its type and printed numbers."""
    if card["face_down"]:
        return Message("{place}: face down", place=card["field"])
    kind = card["kind"]
    if kind == "monster":
        return Message("{place}: monster, power {power}", place=card["field"], power=card["value"])
    if kind == "weapon":
        return Message("{place}: weapon +{bonus}", place=card["field"], bonus=card["value"])
    if kind == "special" and card.get("name") == TELEPORTAL:
        return Message("{place}: teleportal", place=card["field"])
    return Message("{place}: {card}", place=card["field"], card=CARD_NAMES.get(kind, kind))


class CardsDialog(Dialog):
    """Every card on the board by place, three a row: face down, or its type and printed numbers."""

    COLUMNS = 3

    def __init__(self, view: SchatzjagdView) -> None:
        super().__init__()
        cards = sorted(view["board"], key=lambda card: _field_order(card["field"]))
        rows: list[Any] = []
        for start in range(0, len(cards), self.COLUMNS):
            row = grid(self.COLUMNS, spacing=6)
            for card in cards[start : start + self.COLUMNS]:
                label = self.body(card_words(card))
                label.bold = not card["face_down"]
                row.add_widget(label)
            rows.append(row)
        title = Message("The cards on the board: {n}", n=len(cards))
        self.page(title, rows, [(Message("Back"), self.close, True)])


def _field_order(field: str) -> tuple[str, int]:
    """A field by its road letter, then its river number: A2 before A10."""
    return (field[:1], int(field[1:]) if field[1:].isdigit() else 0)


class PlaceDialog(Dialog):
    """Where the henchman stopped after the journey (``die`` rolled), or where the teleportal put it."""

    def __init__(self, player: str, die: int, view: SchatzjagdView, *, portal: bool = False, asks: Asks = None) -> None:
        super().__init__(asks=asks)
        self.player, self.die, self.portal, self.view = player, die, portal, view
        me = henchman(view, player)
        colours = [p["colour"] for p in view["players"]]
        self.picker = PlacePicker(
            quick=[] if portal else in_play(view, me["place"]),
            colours=colours,
            fields_only=portal,
            walls=True,
            changed=self.draw,
        )
        self.stays = me["place"]
        self.draw()

    def draw(self) -> None:
        title = (
            portal_question(
                who(self.player, self.view), self.die, self.view["options"].get("regions", {}).get(str(self.die))
            )
            if self.portal
            else Message(
                "{player} rolled {face}: where did the henchman stop?",
                player=who(self.player, self.view),
                face=self.die,
            )
        )
        buttons: list[Any] = [(Message("Back"), self.close, False)]
        place = self.picker.place
        if place:
            label = (
                Message("Stays on {place}", place=short_place(place))
                if place == self.stays and not self.portal
                else Message("To {place}", place=short_place(place))
            )
            buttons.append((label, self.go, True))
        self.page(title, [self.picker], buttons)

    def go(self) -> None:
        place, before = self.picker.place, self.picker.before
        if self.portal:
            self.send(c.Teleport(self.player, self.die, place, before))
        else:
            self.send(c.Travel(self.player, self.die, place, before))


class RevealDialog(Dialog):
    """The card turned up where the henchman stands: its type and printed numbers."""

    def __init__(self, player: str, view: SchatzjagdView, *, asks: Asks = None) -> None:
        super().__init__(asks=asks)
        self.player = player
        self.place = henchman(view, player)["place"]
        self.kind = "weapon"
        say = self.app.tr
        self.bonus = Stepper(say(Message("Bonus (+)")), low=1, high=6, value=1)
        self.power = Stepper(say(Message("Power")), low=2, high=20, value=5)
        self.effects = EffectsEditor(title=Message("What the card does"))
        self.reward = EffectsEditor(title=Message("Reward for beating it"))
        self.teleportal = True
        self.draw()

    def draw(self) -> None:
        say = self.app.tr
        types = grid(7, 4)
        for kind in CARD_TYPES:
            types.add_widget(toggle(say(CARD_NAMES[kind]), kind == self.kind, lambda k=kind: self.choose(k)))
        body: list[Any] = [types]
        if self.kind == "weapon":
            body.append(self.bonus)
        elif self.kind == "monster":
            body += [self.power, self.reward]
        elif self.kind in ("potion", "trap"):
            body.append(self.effects)
        elif self.kind == "special":
            row = grid(2, 4)
            row.add_widget(toggle(say(Message("Teleportal")), self.teleportal, lambda: self.name(True)))
            row.add_widget(toggle(say(Message("Another special card")), not self.teleportal, lambda: self.name(False)))
            body.append(row)
            if not self.teleportal:
                body.append(self.effects)
        else:
            body.append(self.body(Message("The card goes into the prince's hand.")))
        title = Message("The card on {place}", place=short_place(self.place))
        self.page(title, body, [(Message("Back"), self.close, False), (Message("Turn it up"), self.reveal, True)])

    def choose(self, kind: str) -> None:
        self.kind = kind
        self.draw()

    def name(self, teleportal: bool) -> None:
        self.teleportal = teleportal
        self.draw()

    def reveal(self) -> None:
        kind = self.kind
        if kind == "weapon":
            command = c.Reveal(self.player, "weapon", value=int(self.bonus.value))
        elif kind == "monster":
            command = c.Reveal(self.player, "monster", value=int(self.power.value), effects=self.reward.value())
        elif kind in ("potion", "trap"):
            command = c.Reveal(self.player, kind, effects=self.effects.value())  # type: ignore[arg-type]
        elif kind == "special":
            name = TELEPORTAL if self.teleportal else ""
            effects = () if self.teleportal else self.effects.value()
            command = c.Reveal(self.player, "special", effects=effects, name=name)
        else:
            command = c.Reveal(self.player, kind)  # type: ignore[arg-type]
        self.send(command)


class SpecialDialog(Dialog):
    """A special card's use on the own henchman, and whether the card says it is used up."""

    def __init__(self, player: str, view: SchatzjagdView, *, asks: Asks = None) -> None:
        super().__init__(asks=asks)
        self.player = player
        place = henchman(view, player)["place"]
        printed: list[str] = next(
            (
                card["effects"]
                for card in view["board"]
                if card["field"] == place and not card["face_down"] and card["kind"] == "special"
            ),
            [],
        )
        self.effects = EffectsEditor(tuple(parse_effect(e) for e in printed), title=Message("What it does"))
        self.keep = True
        self.draw()

    def draw(self) -> None:
        say = self.app.tr
        row = grid(2, 4)
        row.add_widget(toggle(say(Message("The card stays")), self.keep, lambda: self.set_keep(True)))
        row.add_widget(toggle(say(Message("The card is used up")), not self.keep, lambda: self.set_keep(False)))
        self.page(
            Message("The special card"),
            [self.effects, row],
            [(Message("Back"), self.close, False), (Message("Use it"), self.use, True)],
        )

    def set_keep(self, keep: bool) -> None:
        self.keep = keep
        self.draw()

    def use(self) -> None:
        self.send(c.UseSpecial(self.player, self.effects.value(), self.keep))


class HealerDialog(Dialog):
    """The healer: wash out the poison (5 gold) and/or heal, 3 life for each gold."""

    def __init__(self, player: str, view: SchatzjagdView, *, asks: Asks = None) -> None:
        super().__init__(asks=asks)
        self.player = player
        me = henchman(view, player)
        self.poisoned = me["poison"] > 0
        self.cure = self.poisoned
        need = -(-(HIGH - me["life"]) // 3)
        self.heal = Stepper(self.app.tr(Message("Gold for healing (3 life each)")), high=max(0, min(me["gold"], need)))
        self.draw()

    def draw(self) -> None:
        body: list[Any] = []
        if self.poisoned:
            row = grid(2, 4)
            row.add_widget(
                toggle(self.app.tr(Message("Cure the poison: 5 gold")), self.cure, lambda: self.set_cure(True))
            )
            row.add_widget(toggle(self.app.tr(Message("No cure")), not self.cure, lambda: self.set_cure(False)))
            body.append(row)
        body.append(self.heal)
        self.page(Message("The healer"), body, [(Message("Back"), self.close, False), (Message("Pay"), self.pay, True)])

    def set_cure(self, cure: bool) -> None:
        self.cure = cure
        self.draw()

    def pay(self) -> None:
        self.send(c.Healer(self.player, cure=self.cure, heal=int(self.heal.value)))


class SmithDialog(Dialog):
    """The smith: weapon points, 1 gold each."""

    def __init__(self, player: str, view: SchatzjagdView, *, asks: Asks = None) -> None:
        super().__init__(asks=asks)
        self.player = player
        me = henchman(view, player)
        most = max(1, min(me["gold"], HIGH - me["weapons"]))
        self.gold = Stepper(self.app.tr(Message("Weapon points (1 gold each)")), low=1, high=most, value=most)
        self.page(
            Message("The smith"),
            [self.gold],
            [(Message("Back"), self.close, False), (Message("Buy"), self.buy, True)],
        )

    def buy(self) -> None:
        self.send(c.Smith(self.player, int(self.gold.value)))


class SpellDialog(Dialog):
    """A spell shown: on whom (a henchman, or the monster in the fight) and what it does."""

    def __init__(self, player: str, view: SchatzjagdView, *, asks: Asks = None) -> None:
        super().__init__(asks=asks)
        self.player = player
        self.targets = [p["colour"] for p in view["players"]]
        fight = view.get("fight")
        if fight is not None and fight["opponent"] is None:
            self.targets.append("monster")
        self.target = player
        self.view = view
        self.effects = EffectsEditor(title=Message("What the spell does"))
        self.draw()

    def draw(self) -> None:
        row = grid(3, 4)
        for target in self.targets:
            label = Message("the monster") if target == "monster" else who(target, self.view)
            row.add_widget(toggle(self.app.tr(label), target == self.target, lambda t=target: self.aim(t)))
        self.page(
            Message("{player} shows a spell", player=who(self.player, self.view)),
            [self.body(Message("On whom?")), row, self.effects],
            [(Message("Back"), self.close, False), (Message("Cast it"), self.cast, True)],
        )

    def aim(self, target: str) -> None:
        self.target = target
        self.draw()

    def cast(self) -> None:
        self.send(c.CastSpell(self.player, self.target, self.effects.value()))


class SlotDialog(Dialog):
    """A card from the hand slotted face down into a free field: only the field is entered."""

    def __init__(self, player: str, view: SchatzjagdView, *, asks: Asks = None) -> None:
        super().__init__(asks=asks)
        self.player, self.view = player, view
        self.picker = PlacePicker(fields_only=True, changed=self.draw)
        self.draw()

    def draw(self) -> None:
        buttons: list[Any] = [(Message("Back"), self.close, False)]
        if self.picker.place:
            buttons.append((Message("Slot it into {place}", place=self.picker.place), self.slot, True))
        self.page(
            Message("{player} slots a card face down", player=who(self.player, self.view)),
            [self.body(Message("A free field: no card, no henchman, no treasure.")), self.picker],
            buttons,
        )

    def slot(self) -> None:
        self.send(c.PlaceCard(self.player, self.picker.place))


class RemoveDialog(Dialog):
    """Grandlin's catharsis: which card the prince takes off the board."""

    def __init__(self, player: str, view: SchatzjagdView, *, asks: Asks = None) -> None:
        super().__init__(asks=asks)
        body: list[Any] = []
        for card in view["board"]:
            button = Factory.Big(text=self.app.tr(card_words(card)))
            button.bind(on_release=lambda *_, f=card["field"]: self.send(c.RemoveCard(player, f)))
            body.append(button)
        if not body:
            body.append(self.body(Message("No card lies on the board.")))
        self.page(
            Message("{player} takes a card off the board", player=who(player, view)),
            body,
            [(Message("Back"), self.close, False)],
        )


def kinds_of(view: SchatzjagdView) -> list[str]:
    """The treasure kinds of this game (the setup's)."""
    return list(view["options"].get("kinds") or ("crown", "chalice", "orb"))


def kind_word(kind: str) -> Word:
    return Word(kind)


REASONS = (Message("a card the app did not know moved or changed it"), Message("a mistake at the table"))


class CorrectDialog(Dialog):
    """A correction by hand: a henchman's values set, or its figure moved (a spell that moves
    figures, a mistake). Every change is a step of its own in the game log, with the reason chosen,
    and can be undone."""

    def __init__(self, view: SchatzjagdView, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.view = view
        self.colour = view["current"]
        self.reason = 0
        self.moving = False
        self.draw()

    def draw(self) -> None:
        say = self.app.tr
        me = henchman(self.view, self.colour)
        whose = grid(4, 4)
        for p in self.view["players"]:
            whose.add_widget(
                toggle(say(who(p["colour"], self.view)), p["colour"] == self.colour, lambda c=p["colour"]: self.pick(c))
            )
        what = grid(2, 4)
        what.add_widget(toggle(say(Message("Values")), not self.moving, lambda: self.move(False)))
        what.add_widget(toggle(say(Message("Move the figure")), self.moving, lambda: self.move(True)))
        why = grid(2, 4)
        for index, reason in enumerate(REASONS):
            why.add_widget(toggle(say(reason), index == self.reason, lambda i=index: self.why(i)))
        body: list[Any] = [whose, what]
        if self.moving:
            colours = [p["colour"] for p in self.view["players"]]
            self.picker = PlacePicker(quick=in_play(self.view, me["place"]), colours=colours, walls=True)
            body.append(self.picker)
        else:
            from companion.games.schatzjagd.screens.inputs import COUNTER_NAMES

            self.steppers: dict[Counter, Any] = {}
            counters: tuple[Counter, ...] = ("life", "gold", "strength", "weapons", "poison")
            for counter in counters:
                stepper = Stepper(say(COUNTER_NAMES[counter]), low=0, high=HIGH, value=me[counter])
                self.steppers[counter] = stepper
                body.append(stepper)
        body.append(why)
        self.page(
            Message("Correct by hand"),
            body,
            [(Message("Back"), self.close, False), (Message("Correct"), self.correct, True)],
        )

    def pick(self, colour: str) -> None:
        self.colour = colour
        self.draw()

    def move(self, moving: bool) -> None:
        self.moving = moving
        self.draw()

    def why(self, index: int) -> None:
        self.reason = index
        self.draw()

    def correct(self) -> None:
        from engines.core.correction import Correct

        reason = self.app.tr(REASONS[self.reason])
        if self.moving:
            if not self.picker.place:
                self.say_refusal(Message("Choose where the figure stands."))
                return
            self.send(c.Relocate(self.colour, self.picker.place, reason, self.picker.before))
            return
        me = henchman(self.view, self.colour)
        changes = [
            Correct(f"{self.colour}.{counter}", int(stepper.value), reason)
            for counter, stepper in self.steppers.items()
            if int(stepper.value) != me[counter]
        ]
        if not changes:
            self.close()
            return
        notice = self.table.submit_all(changes)  # one step: every counter set, or none
        if isinstance(notice, Refused):
            self.say_refusal(notice.shown)
            return
        self.close()
