"""What the players must change on the cardboard when the app undoes (or redoes) a step.

:func:`instructions` compares the state on the table now (``current``) with the state the app
goes back to (``restored``) and returns one short instruction per thing to change,
e.g. ``"Red: put 2 silver back in the sack."`` or ``"Red's henchman goes back to C7."``.
An empty list means nothing on the table changes. :func:`instructions` gives them as English
sentences (the command line, the journal); :func:`messages` as texts the table renders in its
language (:mod:`companion.i18n`: every game's words, the die-roll line and :data:`NOTHING` are
catalogue messages).

The words come from the two states (plus the undone command, whose die rolls are mentioned);
where the command, carried out again on the earlier state, leads through its events to the later
one, the words follow that path, so that a thing goes back where it really came from (gold a
raid took from Red goes back to Red, not to the field whose gold Red took later in the same step):
:func:`path`. They never name a secret: no secret pick, no document in a hand or face down,
no treasure kind, no face-down card's type. Each game has its own module, the ``table_words``
part of its home (``companion.games.<game>.table_words``: ``lines(path, command)``, the path
from the state now to the state gone back to, and ``ROLLS``, the die values each command type
carries); this one holds the dispatcher and the wording helpers they share.

Each line is a :class:`Line`: the text and, made by the same code, what the table does by it as
:class:`Move` (things carried from one place to another) and :class:`Put` (a thing set to a
value: a card turned, a knight in the dungeon, a value on a track) in the game's own names of
places and things, so that the words can be checked by carrying them out (:func:`lines`).

Wording rules, the same for every game:

- one short sentence per instruction, ending with a full stop; counts as digits ("1 wall",
  "2 walls"; coins as "3 silver", "1 gold");
- a player is named as the screens name them (:func:`person`): the name given with the colour
  beside it ("Anna (Red)"), or the colour alone, capitalised ("Red"), also inside a sentence
  (``"It is Anna (Red)'s turn again."``, ``"... back to Red's pile."``); never a colour in lower
  case for a player;
- an instruction for one player starts with that player and speaks to them:
  ``"Red: take 1 gold from the sack."``; one about a thing on the board names its place
  (``"Turn the card at C4 face down again."``, ``"... the plain-castle tile at 2,-1 ..."``);
- "back" and "again" mark a return to the restored state, in either direction;
- alike things moving between the same two places are one instruction (silver and gold together,
  walls and towers together); they are counted, never told apart;
- in the order the table acts: a die roll of the command first
  (``"The roll of 4 is taken back with this step; it is not rolled again."``, or "entered
  again" when the step is redone), then what moves, then values to set, then whose turn, phase,
  field or round it is (``"It is Red's turn again."``);
- a change that shows in the public view but on no cardboard gets
  :data:`NOTHING_TO_MOVE` rather than an empty list (the engines' random play never needs it).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, TypeVar

from companion.games.registry import HOMES, UnknownGame, home
from companion.i18n import ENGLISH, Join, Message, Person, Text, render

K = TypeVar("K", bound=Hashable)

NOTHING = Message("Nothing on the table changes; only the referee's record does.")
NOTHING_TO_MOVE = NOTHING.msgid

__all__ = ["NOTHING", "NOTHING_TO_MOVE", "Line", "Move", "Put", "instructions", "lines", "messages", "path", "person"]


@dataclass(frozen=True, slots=True)
class Move:
    """``count`` things of one ``kind`` carried from ``source`` to ``target`` (places and kinds as
    the game's words name them, e.g. ``Move("gold", 1, "blue", "red")``)."""

    kind: str
    count: int
    source: Hashable
    target: Hashable


@dataclass(frozen=True, slots=True)
class Put:
    """A thing on the table set to ``value`` (``Put(("red", "dungeon"), False)``)."""

    thing: Hashable
    value: Any


Act = Move | Put


@dataclass(frozen=True, slots=True)
class Line:
    """One instruction: its text and what the table does by it (nothing for a line that only says
    whose turn or which phase it is)."""

    text: Text
    acts: tuple[Act, ...] = ()


def instructions(
    game: str, current: Any, restored: Any, command: dict[str, Any] | None = None, *, redo: bool = False
) -> list[str]:
    """What to change on the table to get from ``current`` to ``restored``, one instruction each,
    in English (the command line's and the journal's words; :func:`messages` for the table).

    ``command`` is the undone (or, with ``redo``, redone) command as a dict with a ``"type"``
    key; its die rolls are mentioned. Raises ValueError for a game this module does not know.
    """
    return [render(line, ENGLISH) for line in messages(game, current, restored, command, redo=redo)]


def messages(
    game: str, current: Any, restored: Any, command: dict[str, Any] | None = None, *, redo: bool = False
) -> list[Text]:
    """:func:`instructions` as texts to render in the table's language (:mod:`companion.i18n`);
    a plain ``str`` among them would be a text not in the catalogues (none is now)."""
    return [line.text for line in lines(game, current, restored, command, redo=redo)]


def lines(
    game: str, current: Any, restored: Any, command: dict[str, Any] | None = None, *, redo: bool = False
) -> list[Line]:
    """:func:`messages` with what the table does by each of them."""
    module = _module(game)
    rolls = command_rolls(module.ROLLS, command)
    out: list[Line] = []
    if rolls:
        out.append(Line(roll_line(rolls, redo=redo)))
    out += module.lines(path(game, current, restored, command, redo=redo), command or {})
    if not out:
        engine = home(game).game
        if engine.public_view(current) != engine.public_view(restored):
            out.append(Line(NOTHING))
    return out


def path(
    game: str, current: Any, restored: Any, command: dict[str, Any] | None = None, *, redo: bool = False
) -> list[Any]:
    """The states from ``current`` to ``restored``: through the states after each of the command's
    events when the command, carried out again on the earlier of the two, leads to the later one
    (backwards for an undo), else just the two (a command the engine no longer reads the same)."""
    if not command or current == restored:
        return [current, restored]
    engine = home(game).game
    earlier, later = (current, restored) if redo else (restored, current)
    try:
        states = [earlier]
        for event in engine.decide(earlier, engine.parse_command(command)):
            states.append(engine.evolve(states[-1], event))
    except (ValueError, TypeError, KeyError):  # refused or unreadable now (RuleViolation is a ValueError)
        return [current, restored]
    if states[-1] != later:
        return [current, restored]
    return states if redo else states[::-1]


def _module(game: str) -> Any:
    """The game's own words module (imported when first asked for: it builds on this one)."""
    try:
        return home(game).part("table_words")
    except UnknownGame:
        raise ValueError(f"no table words for the game {game!r}; known: {', '.join(HOMES)}") from None


# --------------------------------------------------------------------------- players


def person(state: Any, colour: str) -> Person:
    """The player of ``colour`` as the screens name them (:func:`companion.app.people.person`):
    the name given at the setup with the colour beside it ("Anna (Rot)"), or the colour alone,
    capitalised in the table's language ("Rot"), when no name was given or the name only repeats
    the colour. ``state`` is any game's state (its ``players`` have ``colour`` and ``name``)."""
    from companion.app.people import names  # no Kivy there: the one rule for a given name

    players = [{"colour": p.colour, "name": p.name} for p in getattr(state, "players", ())]
    return Person(colour, names({"players": players}).get(colour))


# --------------------------------------------------------------------------- die rolls


def command_rolls(rolls: dict[str, tuple[str, ...]], command: dict[str, Any] | None) -> list[int]:
    """The die values a command carries (the number die, the special die's face, ...): ``rolls``
    names the fields of each command type that hold them (a game's ``ROLLS``)."""
    if not command:
        return []
    fields = rolls.get(str(command.get("type")), ())
    return [int(command[f]) for f in fields if isinstance(command.get(f), int)]


def roll_line(values: Sequence[int], *, redo: bool = False) -> Message:
    if len(values) == 1:
        if redo:
            return Message(
                "The roll of {value} is entered again with this step; it is not rolled again.", value=values[0]
            )
        return Message("The roll of {value} is taken back with this step; it is not rolled again.", value=values[0])
    rolls = Join(*(str(v) for v in values))
    if redo:
        return Message(
            "The rolls of {values} are entered again with this step; they are not rolled again.", values=rolls
        )
    return Message("The rolls of {values} are taken back with this step; they are not rolled again.", values=rolls)


# --------------------------------------------------------------------------- moves


def flows(
    need: dict[K, int], order: Sequence[K], rank: Callable[[K, K], int] | None = None
) -> tuple[list[tuple[K, K, int]], dict[K, int]]:
    """Moves that settle ``need`` (what each place must gain, negative: give up).

    Things of one kind are alike (coins of a kind, cards in a pile), so any moves that settle the
    counts restore the table; among them this picks few and natural ones: exact amounts first,
    then the pairs ``rank`` prefers (lower first), in ``order``. Returns the moves
    ``(source, target, n)`` and what could not be settled (non-zero only if the counts do not
    add up, which the engines' invariants rule out).
    """
    rank = rank or (lambda source, target: 0)
    pos = {key: i for i, key in enumerate(order)}
    for key in need:
        pos.setdefault(key, len(pos))
    give = {k: -v for k, v in need.items() if v < 0}
    take = {k: v for k, v in need.items() if v > 0}
    moves: list[tuple[K, K, int]] = []

    def move(source: K, target: K, n: int) -> None:
        moves.append((source, target, n))
        give[source] -= n
        take[target] -= n

    pairs = sorted(((s, t) for s in give for t in take), key=lambda p: (rank(*p), pos[p[0]], pos[p[1]]))
    for s, t in pairs:  # exact amounts: one move settles both
        if give[s] and give[s] == take[t]:
            move(s, t, give[s])
    for s, t in pairs:
        n = min(give[s], take[t])
        if n > 0:
            move(s, t, n)
    merged: dict[tuple[K, K], int] = {}
    for s, t, n in moves:
        merged[s, t] = merged.get((s, t), 0) + n
    left = {k: -v for k, v in give.items() if v} | {k: v for k, v in take.items() if v}
    return [(s, t, n) for (s, t), n in merged.items()], left


def path_flows(
    path: Sequence[Any],
    counts: Callable[[Any], dict[K, int]],
    rank: Callable[[K, K], int] | None = None,
) -> list[tuple[K, K, int]]:
    """:func:`flows` along a path of states, step by step, so that a thing goes back where it came
    from: ``counts`` gives the count of alike things at each place of a state. Moves between the
    same two places are added up, in the order they first happen; opposite ones cancel out."""
    moved: dict[tuple[K, K], int] = {}
    for now, then in pairwise(path):
        before, after = counts(now), counts(then)
        order = list(dict.fromkeys([*after, *before]))
        need = {place: after.get(place, 0) - before.get(place, 0) for place in order}
        for source, target, n in flows(need, order, rank)[0]:
            back = moved.get((target, source), 0)
            if back:
                moved[target, source] = back - min(back, n)
                n -= min(back, n)
            if n:
                moved[source, target] = moved.get((source, target), 0) + n
    return [(source, target, n) for (source, target), n in moved.items() if n > 0]
