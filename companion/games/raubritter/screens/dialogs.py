"""Raubritter's dialogs, built on the app's pieces (:mod:`companion.app.pieces`): surrender (asked
twice), and the corrections: a tile tapped on the grid is of another kind, is not there, lies
elsewhere, or carries other knights; a tile the app never recorded lies on a cell; a player holds
other knights in hand. Each correction takes a reason chosen by touch, is a step of the game log
of its own and can be undone; a refusal is said inside the dialog in the rules' words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.metrics import dp
from kivy.uix.gridlayout import GridLayout

from companion.app.pieces.dialog import Dialog
from companion.app.pieces.stepper import Stepper
from companion.app.room import running_app
from companion.app.widgets import toggle
from companion.games.raubritter.happenings import knights_bottom_to_top
from companion.games.raubritter.screens.guide import at, player_of, tile_name, who
from companion.i18n import Message
from companion.table.notices import Refused
from engines.core.correction import Correct
from engines.raubritter.commands import CorrectStack, CorrectTile, MoveTile, Surrender
from engines.raubritter.rules import KINDS, MAX_STACK, Kind, terrain
from engines.raubritter.view_types import RaubritterView

Asks = Callable[[], bool] | None
REASONS = (Message("a tile or a knight was bumped"), Message("a mistake at the table"))
TILE, GONE, ELSEWHERE, STACK = "tile", "gone", "elsewhere", "stack"


def grid(cols: int, spacing: float = 3) -> GridLayout:
    made = GridLayout(cols=cols, spacing=dp(spacing), size_hint_y=None, height=0)
    made.bind(minimum_height=made.setter("height"))
    return made


def move_tile(cell: tuple[int, int], to: tuple[int, int], reason: Any) -> bool:
    """Correct where a tile lies (from the grid's taps); whether the table took it."""
    app = running_app()
    assert app.table is not None  # the tiles are corrected while the game runs
    notice = app.table.submit(MoveTile(*cell, *to, reason=app.tr(reason or REASONS[1])))
    return not isinstance(notice, Refused)


class SurrenderDialog(Dialog):
    """A player gives up: asked twice, since it cannot be played back but by undo."""

    def __init__(self, view: RaubritterView, *, asks: Asks = None) -> None:
        super().__init__(asks=asks)
        self.view = view
        self.player = view["current"]
        self.sure = False
        self.draw()

    def draw(self) -> None:
        me = who(self.player, self.view)
        text = (
            Message("Really? {player} leaves the game now and cannot win.", player=me)
            if self.sure
            else Message(
                "{player} surrenders: no more tiles, 0 points, and the knights on the table score for nobody.",
                player=me,
            )
        )
        action = Message("Yes, surrender for good") if self.sure else Message("Surrender")
        self.page(
            Message("Surrender"),
            [self.body(text)],
            [(Message("Back"), self.close, False), (action, self.go, True)],
        )

    def go(self) -> None:
        if not self.sure:
            self.sure = True
            self.draw()
            return
        if self.player is not None:  # nobody's turn once the game is over: nobody to give up
            self.send(Surrender(self.player))


class _Reasoned(Dialog):
    """A correction's page: what is chosen, then the reason."""

    reason = 1

    def reasons(self) -> GridLayout:
        why = grid(2)
        for index, reason in enumerate(REASONS):
            why.add_widget(toggle(self.app.tr(reason), index == self.reason, lambda i=index: self.why(i)))
        return why

    def why(self, index: int) -> None:
        self.reason = index
        self.draw()

    def said_reason(self) -> str:
        return self.app.tr(REASONS[self.reason])

    def draw(self) -> None:
        raise NotImplementedError


class HandDialog(_Reasoned):
    """The knights a player really holds in hand."""

    def __init__(self, view: RaubritterView) -> None:
        super().__init__()
        self.view = view
        self.colour = view["current"] or view["players"][0]["colour"]
        self.draw()

    def draw(self) -> None:
        say = self.app.tr
        whose = grid(4)
        for p in self.view["players"]:
            whose.add_widget(
                toggle(say(who(p["colour"], self.view)), p["colour"] == self.colour, lambda c=p["colour"]: self.pick(c))
            )
        me = player_of(self.view, self.colour)
        self.stepper = Stepper(say(Message("Knights in hand")), low=0, high=me["knights"] + me["knights_aside"],
                               value=me["knights"])  # fmt: skip
        self.page(
            Message("Knights in hand"),
            [whose, self.stepper, self.reasons()],
            [(Message("Back"), self.close, False), (Message("Correct"), self.correct, True)],
        )

    def pick(self, colour: str) -> None:
        self.colour = colour
        self.draw()

    def correct(self) -> None:
        self.send(Correct(f"{self.colour}.knights", int(self.stepper.value), self.said_reason()))


class CorrectTileDialog(_Reasoned):
    """What really lies on the cell tapped: another kind, no tile, the tile elsewhere (the next tap
    on the grid says where), other knights; or, on an empty cell, a tile the app never recorded."""

    def __init__(
        self, view: RaubritterView, cell: tuple[int, int], move_from: Callable[[tuple[int, int], Any], None]
    ) -> None:
        super().__init__()
        self.view, self.cell, self.move_from = view, cell, move_from
        self.tile = next((c for c in view["cells"] if (c["x"], c["y"]) == cell), None)
        self.what = TILE
        self.owner = self.tile["owner"] if self.tile else (view["current"] or view["players"][0]["colour"])
        self.kind: Kind | None = self.tile["kind"] if self.tile else None
        self.stack: list[str] = list(self.tile["stack"]) if self.tile else []
        self.draw()

    def draw(self) -> None:
        say = self.app.tr
        body: list[Any] = []
        if self.tile is None:
            title: Any = Message("A tile at {at} the app does not know", at=at(*self.cell))
            whose = grid(4)
            for p in self.view["players"]:
                whose.add_widget(
                    toggle(
                        say(who(p["colour"], self.view)), p["colour"] == self.owner, lambda c=p["colour"]: self.own(c)
                    )
                )
            body += [self.body(Message("From whose pile?")), whose, self.body(Message("Which kind?")), self._kinds()]
        else:
            title = Message(
                "{kind} at {at}, from {owner}'s pile",
                kind=tile_name(self.tile["kind"]),
                at=at(*self.cell),
                owner=who(self.tile["owner"], self.view),
            )
            what = grid(2)
            for key, text in (
                (TILE, Message("Another kind")),
                (STACK, Message("Other knights")),
                (ELSEWHERE, Message("It lies elsewhere")),
                (GONE, Message("It is not there")),
            ):
                what.add_widget(toggle(say(text), key == self.what, lambda k=key: self.choose(k)))
            body.append(what)
            if self.what == TILE:
                body += [self.body(Message("Which kind is it?")), self._kinds()]
            elif self.what == STACK:
                body += self._stack()
            elif self.what == GONE:
                body.append(self.body(Message("The tile goes back to its pile; knights on it go back to their hands.")))
            else:
                body.append(self.body(Message("After this, tap on the grid where it really lies.")))
        body.append(self.reasons())
        action = Message("Show where") if self.what == ELSEWHERE and self.tile else Message("Correct")
        self.page(title, body, [(Message("Back"), self.close, False), (action, self.correct, True)])

    def _kinds(self) -> GridLayout:
        pile = player_of(self.view, self.owner)["tiles"]
        kinds = grid(3)
        for kind in KINDS:
            here = self.tile is not None and kind == self.tile["kind"]
            button = toggle(
                self.app.tr(Message("{kind} ({n} left)", kind=tile_name(kind), n=pile[kind])),
                kind == self.kind,
                lambda k=kind: self.pick_kind(k),
            )
            button.disabled = not pile[kind] and not here
            kinds.add_widget(button)
        return kinds

    def _stack(self) -> list[Any]:
        """The knights on the tile (drawn only for a tile the app knows)."""
        assert self.tile is not None
        say = self.app.tr
        parts: list[Any] = [
            self.body(
                Message("Knights: {stack}", stack=knights_bottom_to_top([who(c, self.view) for c in self.stack]))
                if self.stack
                else Message("No knights on this tile.")
            )
        ]
        if terrain(self.tile["kind"]) == "lake":
            parts.append(self.body(Message("Knights never stand on the lake.")))
            return parts
        add = grid(4)
        for p in self.view["players"]:
            button = toggle(
                say(Message("+ {player}", player=who(p["colour"], self.view))),
                False,
                lambda c=p["colour"]: self.push(c),
            )
            button.disabled = len(self.stack) >= MAX_STACK
            add.add_widget(button)
        parts.append(add)
        take = toggle(say(Message("Take the top knight off")), False, self.pop)
        take.disabled = not self.stack
        parts.append(take)
        return parts

    def choose(self, what: str) -> None:
        self.what = what
        self.draw()

    def own(self, colour: str) -> None:
        self.owner = colour
        self.draw()

    def pick_kind(self, kind: Kind) -> None:
        self.kind = kind
        self.draw()

    def push(self, colour: str) -> None:
        if len(self.stack) < MAX_STACK:
            self.stack.append(colour)
        self.draw()

    def pop(self) -> None:
        if self.stack:
            self.stack.pop()
        self.draw()

    def correct(self) -> None:
        reason = self.said_reason()
        x, y = self.cell
        if self.tile is None:
            if self.kind is None:
                self.say_refusal(Message("Choose the tile's kind."))
                return
            self.send(CorrectTile(x, y, self.kind, reason, self.owner))
        elif self.what == TILE:
            self.send(CorrectTile(x, y, self.kind, reason))
        elif self.what == GONE:
            self.send(CorrectTile(x, y, None, reason))
        elif self.what == STACK:
            self.send(CorrectStack(x, y, tuple(self.stack), reason))
        else:
            self.close()
            self.move_from(self.cell, REASONS[self.reason])
