"""What the table does next in Raubritter, as the screen offers it: the part of the game, a prompt,
the options the rules leave now (the public view's ``awaiting``) and the cells of the grid to
highlight. No Kivy here: the table screen draws these, the tests read them.

A tile is laid in steps the screen holds until it sends the command (:class:`Pending`): the kind
(every kind keeps its place among the choices, so that a hand that knows where "Gebirge" is never
taps "Ebene" instead: a kind the player has none of left, or a castle in the initial placement,
stays where it is, greyed with the reason), the cell (only where
the rules let it lie), and for a castle how many knights go onto it (only counts some march
allows, never more than in hand or 5), the direction they march in and how many stay on each tile
(only the marches the rules allow, :func:`engines.raubritter.moves.legal_marches`), drawn on the
grid before it is confirmed.

Corrections are made on the grid too: the tile tapped, then what is really there.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.app.option import Option
from companion.app.people import person
from companion.i18n import Join, Message, Plural, Text, Word
from engines.raubritter.commands import EndTurn, LayTile
from engines.raubritter.moves import legal_cells, legal_marches
from engines.raubritter.rules import (
    DIRECTIONS,
    INITIAL_TILES,
    KINDS,
    MAX_CASTLE_KNIGHTS,
    TILES_PER_TURN,
    Kind,
    building,
)
from engines.raubritter.view_types import PlayerView, RaubritterView
from engines.raubritter.views import state_of

INITIAL, TURN, OVER, CORRECT = "initial", "turn", "over", "correct"
PARTS = {  # the heading's word for the part of the game
    INITIAL: Message("Initial placement"),
    TURN: Message("Turn"),
    OVER: Message("End of the game"),
    CORRECT: Message("Correction"),
}
STAY = "stay"  # the knights' pile stays whole on its castle
DIRECTION_NAMES = {
    "north": Message("north"),
    "east": Message("east"),
    "south": Message("south"),
    "west": Message("west"),
}


@dataclass(frozen=True, slots=True)
class Pending:
    """What the screen holds of the tile being laid (or the correction being made) until it sends."""

    key: tuple[Any, ...] = ()
    """The table this was chosen at (tiles laid, whose turn, the turn's tiles): another table
    forgets it."""
    kind: Kind | None = None
    cell: tuple[int, int] | None = None
    knights: int | None = None
    direction: str | None = None
    drops: tuple[int, ...] | None = None
    correcting: bool = False
    moving: tuple[int, int] | None = None
    """Correcting: the tile that really lies elsewhere (the next tap says where)."""
    reason: Any = None


@dataclass(frozen=True, slots=True)
class Step:
    part: str
    prompt: Text
    options: tuple[Option, ...] = ()
    targets: tuple[tuple[int, int], ...] = ()
    """Cells to highlight: where the tile may lie, or what a tap corrects."""
    march: tuple[tuple[int, int, int], ...] | None = None
    """The march to draw: (x, y, knights staying) from the castle on."""
    ghost: dict[str, Any] | None = None
    """The tile chosen and not yet sent, to draw on its cell."""


def key_of(view: RaubritterView) -> tuple[Any, ...]:
    return (len(view["cells"]), view["current"], view["laid"], view["phase"])


def who(colour: str | None, view: RaubritterView | None = None) -> Text:
    return person(view, colour)


def player_of(view: RaubritterView, colour: str | None) -> PlayerView:
    return next(p for p in view["players"] if p["colour"] == colour)


def part_of(view: RaubritterView) -> str:
    if view["phase"] == "over":
        return OVER
    return INITIAL if view["phase"] == "initial" else TURN


def at(x: int, y: int) -> str:
    """A cell as the grid's coordinates (east and south count up)."""
    return f"{x},{y}"


NONE_LEFT = Message("none left")
NOT_FIRST = Message("not yet")
"""A castle in the initial placement (the prompt says "no castle yet")."""


def kind_refusal(view: RaubritterView, kind: str) -> Text | None:
    """Why the current player cannot lay ``kind`` now (none left in the pile, or a castle in the
    initial placement), or None."""
    if view["phase"] == "initial" and building(kind) == "castle":
        return NOT_FIRST
    if not player_of(view, view["current"])["tiles"][kind]:
        return NONE_LEFT
    return None


def kinds_to_lay(view: RaubritterView) -> list[str]:
    """The kinds the current player may lay now: in the pile, and no castle in the initial placement."""
    return [kind for kind in KINDS if kind_refusal(view, kind) is None]


def knight_counts(view: RaubritterView, kind: str, cell: tuple[int, int]) -> list[int]:
    """How many knights may go onto a castle laid at ``cell``: 0, and each count up to 5 (and what
    is in hand) that some march allows."""
    me = player_of(view, view["current"])
    state = state_of(view)
    most = min(MAX_CASTLE_KNIGHTS, me["knights"])
    return [0] + [n for n in range(1, most + 1) if legal_marches(state, me["colour"], *cell, kind, n)]


def marches(view: RaubritterView, kind: str, cell: tuple[int, int], knights: int) -> dict[str, list[tuple[int, ...]]]:
    """The legal marches by direction (:data:`STAY`: the pile stays whole on the castle)."""
    found: dict[str, list[tuple[int, ...]]] = {}
    current = view["current"]
    if current is None:  # nobody's turn: the game is over
        return found
    for direction, drops in legal_marches(state_of(view), current, *cell, kind, knights):
        found.setdefault(direction or STAY, []).append(drops)
    return found


def march_cells(
    cell: tuple[int, int], direction: str | None, drops: tuple[int, ...]
) -> tuple[tuple[int, int, int], ...]:
    dx, dy = DIRECTIONS.get(direction or "", (0, 0))
    return tuple((cell[0] + dx * i, cell[1] + dy * i, n) for i, n in enumerate(drops))


def drops_words(drops: tuple[int, ...]) -> Text:
    """A split as the table reads it: ``2 on the castle, then 1 · 2``."""
    if len(drops) == 1:
        return Plural("{n} stays on the castle", "{n} stay on the castle", drops[0])
    return Message("{first} on the castle, then {rest}", first=drops[0], rest=" · ".join(map(str, drops[1:])))


def tile_name(kind: str) -> Text:
    return Word(kind)


def step(view: RaubritterView, pending: Pending | None = None) -> Step:
    """The part of the game, what to ask and what to offer now."""
    pending = pending if pending is not None and pending.key == key_of(view) else Pending(key_of(view))
    if pending.correcting:
        return _correcting(view, pending)
    if view["phase"] == "over" or view["current"] is None:
        return Step(OVER, _result(view))
    part = part_of(view)
    current = view["current"]
    me = who(current, view)
    if pending.kind is None or kind_refusal(view, pending.kind) is not None:  # a greyed kind is never chosen
        return _which_kind(view, part, current, me)
    cell_back = Option(Message("Another tile"), dialog="kind", args={"kind": None}, player=current, main=False)
    if pending.cell is None:
        return Step(
            part,
            Message("{player}: tap where the {kind} lies.", player=me, kind=tile_name(pending.kind)),
            (cell_back,),
            targets=tuple(legal_cells(state_of(view))),
        )
    ghost = {"kind": pending.kind, "x": pending.cell[0], "y": pending.cell[1], "owner": current}
    lay = LayTile(current, pending.kind, *pending.cell)
    place_back = Option(Message("Another place"), dialog="cell", args={"cell": None}, player=current, main=False)
    if pending.knights is None:
        options = [
            Option(
                Message("No knights") if n == 0 else Plural("{n} knight", "{n} knights", n),
                command=lay if n == 0 else None,
                dialog=None if n == 0 else "knights",
                args={"knights": n},
                player=current,
            )
            for n in knight_counts(view, pending.kind, pending.cell)
        ]
        return Step(
            part,
            Message(
                "{player}: how many knights go onto the castle at {at}? {n} in hand.",
                player=me,
                at=at(*pending.cell),
                n=player_of(view, current)["knights"],
            ),
            (*options, place_back),
            ghost=ghost,
        )
    found = marches(view, pending.kind, pending.cell, pending.knights)
    knights_back = Option(Message("Other number"), dialog="knights", args={"knights": None}, player=current, main=False)
    if pending.direction is None:
        options = []
        for direction in (STAY, *DIRECTIONS):
            if direction not in found:
                continue
            if direction == STAY:
                options.append(
                    Option(
                        Plural("The {n} knight stays on the castle", "All {n} stay on the castle", pending.knights),
                        command=replace(lay, drops=(pending.knights,)),
                        args={"direction": STAY},
                        player=current,
                    )
                )
            else:
                options.append(
                    Option(
                        Message("March {direction}", direction=DIRECTION_NAMES[direction]),
                        dialog="direction",
                        args={"direction": direction},
                        player=current,
                    )
                )
        return Step(
            part,
            Plural(
                "{player}: where does the knight march? Only the ways the rules allow are offered.",
                "{player}: where do the {n} knights march? Only the ways the rules allow are offered.",
                pending.knights,
                player=me,
            ),
            (*options, knights_back),
            ghost=ghost,
        )
    direction_back = Option(
        Message("Other direction"), dialog="direction", args={"direction": None}, player=current, main=False
    )
    splits = found.get(pending.direction, [])
    if pending.drops is None or pending.drops not in splits:
        options = [
            Option(drops_words(drops), dialog="drops", args={"drops": drops}, player=current) for drops in splits
        ]
        return Step(
            part,
            Message(
                "{player}: march {direction}. How many stay on each tile?",
                player=me,
                direction=DIRECTION_NAMES[pending.direction],
            ),
            (*options, direction_back),
            ghost=ghost,
        )
    return Step(
        part,
        Message(
            "{player}: the march is drawn on the grid ({drops}). Is that how the knights stand?",
            player=me,
            drops=drops_words(pending.drops),
        ),
        (
            Option(
                Message("Confirm the march"),
                command=replace(lay, drops=pending.drops, direction=pending.direction),  # type: ignore[arg-type]
                player=current,
            ),
            Option(Message("Other split"), dialog="drops", args={"drops": None}, player=current, main=False),
        ),
        march=march_cells(pending.cell, pending.direction, pending.drops),
        ghost=ghost,
    )


def _which_kind(view: RaubritterView, part: str, current: str, me: Text) -> Step:
    pile = player_of(view, current)["tiles"]
    options = [  # every kind in its place, always: one that cannot be laid now is greyed with the reason
        Option(
            Message("{kind}\n{n} left", kind=tile_name(kind), n=pile[kind]),
            dialog="kind",
            args={"kind": kind},
            player=current,
            refusal=kind_refusal(view, kind),
        )
        for kind in KINDS
    ]
    if view["phase"] == "play" and view["laid"]:
        options.append(Option(Message("End the turn"), command=EndTurn(current), player=current, main=False))
    options.append(Option(Message("Surrender"), dialog="surrender", player=current, main=False))
    if part == INITIAL:
        prompt: Text = Message(
            "{player} lays an initial tile ({n} of {of}), no castle yet. Which kind?",
            player=me,
            n=view["laid"] + 1,
            of=INITIAL_TILES,
        )
    elif view["laid"]:
        prompt = Message(
            "{player} has laid {n} of at most {most} tiles. Another one? Tap its kind, or end the turn.",
            player=me,
            n=view["laid"],
            most=TILES_PER_TURN,
        )
    else:
        prompt = Message("{player}'s turn: which tile did you lay? Tap its kind.", player=me)
    return Step(part, prompt, tuple(options))


def _correcting(view: RaubritterView, pending: Pending) -> Step:
    back = Option(Message("Back to the game"), dialog="correcting", args={"on": False}, main=False)
    if pending.moving is not None:
        free = {(c["x"] + dx, c["y"] + dy) for c in view["cells"] for dx, dy in DIRECTIONS.values()}
        taken = {(c["x"], c["y"]) for c in view["cells"]}
        return Step(
            CORRECT,
            Message("Tap where the tile from {at} really lies.", at=at(*pending.moving)),
            (back,),
            targets=tuple(sorted(free - taken)),
        )
    return Step(
        CORRECT,
        Message("Correction: tap the tile that differs, or the place of a tile that is not recorded."),
        (
            Option(Message("Knights in hand"), dialog="hand", main=True),
            back,
        ),
        targets=tuple((c["x"], c["y"]) for c in view["cells"]),
    )


def _result(view: RaubritterView) -> Text:
    winners = view.get("winners") or []
    if view.get("draw"):
        return Message("The game is over: a draw between {players}.", players=Join(*(who(c, view) for c in winners)))
    if winners:
        return Message("The game is over: {player} wins.", player=who(winners[0], view))
    return Message("The game is over: everyone surrendered, nobody wins.")
