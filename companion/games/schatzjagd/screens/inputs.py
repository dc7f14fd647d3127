"""What Schatzjagd's dialogs ask by touch: a place on the board (a field by its road letter and
river number, the city and its shops, a castle, and the walls a field lies before) and a card's
effects (``life+3``, ``gold-2``, ``strength/2``, ``poison=1``). Nothing is typed but an effect's number,
on the keypad.

The board's size is not the referee's business (the cardboard is the truth): the letters and
numbers offered are the engine's field ids that fit the box's board, and the fields in play now
(where henchmen stand, cards lie and treasures wait) are offered first, one tap each."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import ObjectProperty
from kivy.uix.gridlayout import GridLayout

from companion.app import theme
from companion.app.pieces.keypad import Keypad
from companion.app.room import running_app
from companion.app.widgets import toggle
from companion.games.schatzjagd.screens.guide import short_place
from companion.i18n import Cap, Message, Text, Word
from engines.schatzjagd.rules import COLOURS, SHOPS, Effect
from engines.schatzjagd.rules import FIELD as FIELD_ID

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
QUICK = 3  # places in play offered beside the kinds of place
FIELD, CITY, CASTLE = "field", "city", "castle"
NUMBERS = tuple(range(1, 25))
COUNTERS = ("life", "gold", "strength", "weapons", "poison")
COUNTER_NAMES = {
    "life": Message("Life"),
    "gold": Message("Gulden"),
    "strength": Message("Strength"),
    "weapons": Message("Weapons"),
    "poison": Message("Poison"),
}
AMOUNT_HIGH = 20  # the most a card adds, takes or sets
OPS = (("add", "+{n}"), ("sub", "−{n}"), ("halve", "÷2"), ("set", "={n}"))


def grid(cols: int, spacing: float = 2) -> GridLayout:
    """Buttons in ``cols`` columns, as tall as their rows together (for a dialog's page)."""
    made = GridLayout(cols=cols, spacing=dp(spacing), size_hint_y=None, height=0)
    made.bind(minimum_height=made.setter("height"))
    return made


class PlacePicker(GridLayout):
    """A place by touch, in rows that fit the 800×480 screen: what kind of place (a field, the city
    and its shops, a castle) beside the places in play now; for a field its road letter and river
    number, then the walls it lies before (``walls``). ``fields_only``: a field and nothing else (a
    card is slotted there, the teleportal lands there)."""

    place = ObjectProperty(None, allownone=True)
    before = ObjectProperty(None, allownone=True)

    def __init__(
        self,
        *,
        quick: Sequence[str] = (),
        colours: Sequence[str] = COLOURS,
        fields_only: bool = False,
        walls: bool = False,
        changed: Callable[[], None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(cols=1, spacing=dp(2), size_hint_y=None, height=0, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.quick = list(dict.fromkeys(quick))[:QUICK]
        self.colours = tuple(colours)
        self.fields_only, self.walls = fields_only, walls
        self.changed = changed
        self.mode = FIELD
        self.letter = ""
        self.draw()

    def draw(self) -> None:
        app = running_app()
        self.clear_widgets()
        if self.fields_only and not self.quick:
            self._field_rows(app)
            return
        top = grid(3 + QUICK)
        modes = (
            ((FIELD, Message("Field")),)
            if self.fields_only
            else ((FIELD, Message("Field")), (CITY, Message("City")), (CASTLE, Message("Castle")))
        )
        for mode, label in modes:
            top.add_widget(toggle(app.tr(label), mode == self.mode, lambda m=mode: self.set_mode(m)))
        for place in self.quick:
            top.add_widget(toggle(app.tr(short_place(place)), place == self.place, lambda p=place: self.pick(p)))
        self.add_widget(top)
        if self.mode == CITY:
            row = grid(5)
            for place in ("city", *SHOPS):
                row.add_widget(toggle(app.tr(short_place(place)), place == self.place, lambda p=place: self.pick(p)))
            self.add_widget(row)
        elif self.mode == CASTLE:
            row = grid(4)
            for colour in self.colours:
                place = f"castle-{colour}"
                row.add_widget(toggle(app.tr(short_place(place)), place == self.place, lambda p=place: self.pick(p)))
            self.add_widget(row)
        else:
            self._field_rows(app)

    def _field_rows(self, app: Any) -> None:
        """The road letters and the river numbers, each row a widget of its own: a dialog's page
        ends between two rows, never through one."""
        chosen_letter = self.letter or (self.place[:1] if is_field(self.place) else "")
        for half in (LETTERS[:13], LETTERS[13:]):
            letters = grid(13)
            for letter in half:
                letters.add_widget(toggle(letter, letter == chosen_letter, lambda x=letter: self.pick_letter(x)))
            self.add_widget(letters)
        for row_of_numbers in (NUMBERS[:12], NUMBERS[12:]):
            numbers = grid(12)
            for number in row_of_numbers:
                field = f"{chosen_letter}{number}"
                button = toggle(str(number), field == self.place, lambda f=field: self.pick(f))
                button.disabled = not chosen_letter
                numbers.add_widget(button)
            self.add_widget(numbers)
        if self.walls and is_field(self.place):
            row = grid(3 + len(self.colours))
            row.add_widget(Factory.Body(text=app.tr(Message("Before walls?"))))
            row.add_widget(toggle(app.tr(Message("no")), self.before is None, lambda: self.pick_walls(None)))
            for walls in ("city", *(f"castle-{c}" for c in self.colours)):
                label = Message("City walls") if walls == "city" else Cap(Word(walls[len("castle-") :]))
                row.add_widget(toggle(app.tr(label), walls == self.before, lambda w=walls: self.pick_walls(w)))
            self.add_widget(row)

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self.draw()

    def pick_letter(self, letter: str) -> None:
        self.letter = letter
        if is_field(self.place) and not self.place.startswith(letter):
            self.place = None
            self._changed()
        self.draw()

    def pick(self, place: str) -> None:
        self.place, self.letter = place, ""
        if not is_field(place):
            self.before = None
        self.mode = FIELD if is_field(place) else CITY if place == "city" or place in SHOPS else CASTLE
        self.draw()
        self._changed()

    def pick_walls(self, walls: str | None) -> None:
        self.before = walls
        self.draw()

    def _changed(self) -> None:
        if self.changed is not None:
            self.changed()


def is_field(place: str | None) -> bool:
    if not place:
        return False
    return FIELD_ID.fullmatch(place) is not None


class EffectsEditor(GridLayout):
    """A card's effects in three rows: the effects so far (a tap takes one back), the value, and the
    sign with the number (a tap on it opens the keypad) and "Add"."""

    def __init__(self, effects: Sequence[Effect] = (), *, title: Text | None = None, **kwargs: Any) -> None:
        super().__init__(cols=1, spacing=dp(4), size_hint_y=None, height=0, **kwargs)
        self.bind(minimum_height=self.setter("height"))
        self.effects: list[Effect] = list(effects)
        self.title = title
        self.counter, self.op, self.amount = "life", "add", 1
        self.draw()

    def draw(self) -> None:
        app = running_app()
        self.clear_widgets()
        listed = grid(4)
        head = Factory.Body(text=app.tr(self.title) if self.title is not None else "", bold=True)
        listed.add_widget(head)
        for index, effect in enumerate(self.effects):
            button = Factory.Quiet(text=f"{app.tr(COUNTER_NAMES[effect.counter])} {_sign(effect)}  ×")
            button.bind(on_release=lambda *_, i=index: self.remove(i))
            listed.add_widget(button)
        if not self.effects:
            listed.add_widget(Factory.Body(text=app.tr(Message("No effect yet."))))
        self.add_widget(listed)
        counters = grid(5)
        for counter in COUNTERS:
            counters.add_widget(
                toggle(app.tr(COUNTER_NAMES[counter]), counter == self.counter, lambda x=counter: self.set_counter(x))
            )
        self.add_widget(counters)
        row = grid(8)
        less, more = Factory.Quiet(text="−"), Factory.Quiet(text="+")
        less.bind(on_release=lambda *_: self.step(-1))
        more.bind(on_release=lambda *_: self.step(1))
        number = Factory.Quiet(text=str(self.amount), bold=True)  # a tap opens the keypad
        number.bind(on_release=lambda *_: self.type_amount())
        self.number = number
        for widget in (less, number, more):
            row.add_widget(widget)
        for op, sign in OPS:
            button = toggle(sign.format(n=self.amount), op == self.op, lambda x=op: self.set_op(x))
            button.disabled = (op != "set") if self.counter == "poison" else False
            row.add_widget(button)
        add = Factory.Big(text=app.tr(Message("Add")))
        add.height = dp(theme.TOUCH_DP)
        add.bind(on_release=lambda *_: self.add())
        row.add_widget(add)
        self.add_widget(row)

    def set_counter(self, counter: str) -> None:
        self.counter = counter
        if counter == "poison":
            self.op = "set"
        self.draw()

    def set_op(self, op: str) -> None:
        self.op = op
        self.draw()

    def step(self, by: int) -> None:
        self.amount = max(0, min(AMOUNT_HIGH, self.amount + by))
        self.draw()

    def type_amount(self) -> Keypad:
        """The amount typed on the keypad (twelve: the number, 1, 2, OK) instead of stepped to."""
        title = running_app().tr(COUNTER_NAMES[self.counter])
        return Keypad(title, low=0, high=AMOUNT_HIGH, value=self.amount, done=self.set_amount).open_now()

    def set_amount(self, amount: int) -> None:
        self.amount = max(0, min(AMOUNT_HIGH, amount))
        self.draw()

    def add(self) -> None:
        amount = 2 if self.op == "halve" else self.amount
        try:
            effect = Effect(self.counter, self.op, amount)  # type: ignore[arg-type]
        except ValueError:
            return
        self.effects.append(effect)
        self.draw()

    def remove(self, index: int) -> None:
        del self.effects[index]
        self.draw()

    def value(self) -> tuple[Effect, ...]:
        return tuple(self.effects)


def _sign(effect: Effect) -> str:
    if effect.op == "halve":
        return "÷2"
    return {"add": "+", "sub": "−", "set": "="}[effect.op] + str(effect.amount)
