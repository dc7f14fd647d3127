"""Table words for Raubritter: tiles at x,y with their knights, the players' piles, the turn.

Raubritter hides nothing, so tiles are named by kind, players as the screens name them (the name
given with the colour beside it, or the colour capitalised: :func:`companion.journal.table_words.person`)
and knights by their colour, capitalised ("2 Red knights", as the pieces look). Every line is a
catalogue message (:mod:`companion.i18n`), rendered in the table's language when shown, with
what the table does by it: a place ``("at", x, y)`` set to its tile ``(kind, owner, stack)`` or
emptied (None); tiles carried between ``("pile", owner, kind)`` and ``("board", owner, kind)``;
knights (``knight``) between ``("hand", colour)``, ``("aside", colour)`` and ``("board", colour)``;
a count set where the lines do not settle it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from companion.i18n import Cap, Join, Message, Plural, Text, Word
from companion.journal.table_words import Act, Line, Move, Put, person
from engines.raubritter.rules import KINDS
from engines.raubritter.state import INITIAL, OVER, Cell, GameState

ROLLS: dict[str, tuple[str, ...]] = {}  # Raubritter has no die


def lines(path: list[GameState], command: dict) -> list[Line]:
    current, restored = path[0], path[-1]
    who = _names(restored)
    knights_back: Counter[str] = Counter()  # knights each player gets back into hand by the lines
    tiles_back: Counter[tuple[str, str]] = Counter()  # (owner, kind) back onto the pile
    now = {(c.x, c.y): c for c in current.cells}
    then = {(c.x, c.y): c for c in restored.cells}
    gone = [c for c in reversed(current.cells) if _face(then.get((c.x, c.y))) != _face(c)]  # the last laid first
    come = [c for c in restored.cells if _face(now.get((c.x, c.y))) != _face(c)]
    moved, swapped = _moves(gone, come, now, then), _swaps(gone, come)
    out: list[Line] = [Line(_move(a, b), (_put(a, None), _put(b, b.stack))) for a, b in moved]
    for a, b in swapped:
        out.append(Line(_swap(a, b, who), (_put(b, b.stack), _tile(a, back=True), _tile(b, back=False))))
        tiles_back[a.owner, a.kind] += 1
        tiles_back[b.owner, b.kind] -= 1
    paired = {id(c) for pair in moved + swapped for c in pair}
    for cell in gone:
        if id(cell) not in paired:
            acts = (_put(cell, None), _tile(cell, back=True), *_knights_off(cell.stack))
            out.append(Line(_take_tile(cell, who), acts))
            tiles_back[cell.owner, cell.kind] += 1
            knights_back.update(cell.stack)
    laid = [cell for cell in come if id(cell) not in paired]
    for cell in laid:
        acts = (_put(cell, cell.stack), _tile(cell, back=False), *_knights_off(cell.stack, back=False))
        out.append(Line(_lay_tile(cell, who), acts))
        tiles_back[cell.owner, cell.kind] -= 1
        knights_back.subtract(cell.stack)
    tiles_moved = bool(out)
    for cell in restored.cells:
        new = now.get((cell.x, cell.y))
        if new is not None and _face(new) == _face(cell) and new.stack != cell.stack:
            line, back = _restack(new, cell, who)
            restacked: list[Act] = [_put(cell, cell.stack)]
            for colour, n in back.items():
                if n:
                    restacked.append(_knight_move(colour, n))
            out.append(Line(line, tuple(restacked)))
            knights_back.update(back)
    out += _aside(current, restored, knights_back, who)
    out += _supplies(current, restored, knights_back, tiles_back, who)
    out += [Line(text) for text in _status(current, restored, who, tiles_moved=tiles_moved)]
    return out


Who = Callable[[str], Text]


def _names(state: GameState) -> Who:
    """Each player as the screens name them (the names given do not change in a game)."""
    return lambda colour: person(state, colour)


def _put(cell: Cell, stack: tuple[str, ...] | None) -> Put:
    """The place of ``cell`` with its tile under ``stack``, or empty (None)."""
    return Put(("at", cell.x, cell.y), None if stack is None else (cell.kind, cell.owner, stack))


def _tile(cell: Cell, *, back: bool) -> Move:
    """The tile of ``cell`` back to its owner's pile, or (``back`` false) from there onto the board."""
    pile, board = ("pile", cell.owner, cell.kind), ("board", cell.owner, cell.kind)
    return Move("tile", 1, board, pile) if back else Move("tile", 1, pile, board)


def _knight_move(colour: str, n: int) -> Move:
    """``n`` of ``colour``'s knights from the board back into the hand (negative: onto the board)."""
    hand, board = ("hand", colour), ("board", colour)
    return Move("knight", n, board, hand) if n > 0 else Move("knight", -n, hand, board)


def _knights_off(stack: tuple[str, ...], *, back: bool = True) -> tuple[Act, ...]:
    return tuple(_knight_move(colour, n if back else -n) for colour, n in Counter(stack).items())


def _face(cell: Cell | None) -> tuple[str, str] | None:
    return (cell.kind, cell.owner) if cell else None


def _moves(gone: list[Cell], come: list[Cell], now: dict, then: dict) -> list[tuple[Cell, Cell]]:
    """Tiles that only changed place: gone from a place that is empty afterwards, come to a place
    that was empty, the same tile with the same knights."""
    pairs: list[tuple[Cell, Cell]] = []
    arriving = [c for c in come if (c.x, c.y) not in now]
    for a in gone:
        if (a.x, a.y) in then:
            continue
        b = next((c for c in arriving if (c.kind, c.owner, c.stack) == (a.kind, a.owner, a.stack)), None)
        if b is not None:
            arriving.remove(b)
            pairs.append((a, b))
    return pairs


def _swaps(gone: list[Cell], come: list[Cell]) -> list[tuple[Cell, Cell]]:
    """Tiles exchanged for another on the same place under the same knights."""
    coming = {(c.x, c.y): c for c in come}
    return [(a, b) for a in gone if (b := coming.get((a.x, a.y))) is not None and b.stack == a.stack]


def _move(now: Cell, then: Cell) -> Message:
    if now.stack:
        return Message(
            "Move the {kind} tile at {at} back to {to} with the knights on it.",
            kind=Word(now.kind),
            at=_at(now),
            to=_at(then),
        )
    return Message("Move the {kind} tile at {at} back to {to}.", kind=Word(now.kind), at=_at(now), to=_at(then))


def _swap(now: Cell, then: Cell, who: Who) -> Message:
    values = dict(owner=who(then.owner), kind=Word(then.kind), at=_at(then), old=Word(now.kind))
    values["old_owner"] = who(now.owner)
    if now.stack:
        return Message(
            "Lay {owner}'s {kind} tile at {at} again in place of the {old}, under the same knights; "
            "the {old} goes back to {old_owner}'s pile.",
            **values,
        )
    return Message(
        "Lay {owner}'s {kind} tile at {at} again in place of the {old}; the {old} goes back to {old_owner}'s pile.",
        **values,
    )


def _aside(cur: GameState, res: GameState, knights_back: Counter[str], who: Who) -> list[Line]:
    """Knights set aside by a correction (out of the game) or taken back from there."""
    out: list[Line] = []
    for p in res.players:
        change = p.aside - cur.player(p.colour).aside
        player = who(p.colour)
        hand, aside = ("hand", p.colour), ("aside", p.colour)
        if change > 0:
            knights = Plural("{n} knight", "{n} knights", change)
            text = Message("{player}: set {knights} aside again.", player=player, knights=knights)
            out.append(Line(text, (Move("knight", change, hand, aside),)))
        elif change < 0:
            knights = Plural("{n} set-aside knight", "{n} set-aside knights", -change)
            text = Message("{player}: take {knights} back into your hand.", player=player, knights=knights)
            out.append(Line(text, (Move("knight", -change, aside, hand),)))
        knights_back[p.colour] -= change
    return out


def _at(cell: Cell) -> str:
    return f"{cell.x},{cell.y}"


def _knights(stack: tuple[str, ...] | list[str]) -> Join:
    """``"3 Red knights"``, ``"2 Red knights and 1 Blue knight"``: knights by their colour, as
    the pieces show it ("2 Ritter von Rot")."""
    counts = Counter(stack)
    return Join(
        *(Plural("{n} {colour} knight", "{n} {colour} knights", n, colour=Cap(Word(c))) for c, n in counts.items())
    )


def _bottom_to_top(stack: tuple[str, ...], who: Who) -> Join:
    """The knights' owners, bottom to top (the message says so)."""
    return Join(*(who(colour) for colour in stack), last=False)


def _take_tile(cell: Cell, who: Who) -> Text:
    values = dict(kind=Word(cell.kind), at=_at(cell), owner=who(cell.owner))
    if not cell.stack:
        return Message("Take the {kind} tile at {at} back to {owner}'s pile.", **values)
    if set(cell.stack) == {cell.owner}:
        return Plural(
            "Take the {kind} tile at {at} back to {owner}'s pile and the knight on it back to {owner}.",
            "Take the {kind} tile at {at} back to {owner}'s pile and the {n} knights on it back to {owner}.",
            len(cell.stack),
            **values,
        )
    return Message(
        "Take the {kind} tile at {at} back to {owner}'s pile and the {knights} on it back to their owners.",
        knights=_knights(cell.stack),
        **values,
    )


def _lay_tile(cell: Cell, who: Who) -> Message:
    values = dict(owner=who(cell.owner), kind=Word(cell.kind), at=_at(cell))
    if not cell.stack:
        return Message("Lay {owner}'s {kind} tile at {at} again.", **values)
    if len(set(cell.stack)) == 1:
        return Message(
            "Lay {owner}'s {kind} tile at {at} again with {knights} on it.", knights=_knights(cell.stack), **values
        )
    return Message(
        "Lay {owner}'s {kind} tile at {at} again with knights on it, bottom to top: {stack}.",
        stack=_bottom_to_top(cell.stack, who),
        **values,
    )


def _restack(now: Cell, then: Cell, who: Who) -> tuple[Message, Counter[str]]:
    """The line that turns the stack ``now`` into ``then``, and the knights it sends back to hand
    (negative: out of hand)."""
    common = 0
    while common < min(len(now.stack), len(then.stack)) and now.stack[common] == then.stack[common]:
        common += 1
    off, on = now.stack[common:], then.stack[common:]
    moved = Counter(off)
    moved.subtract(on)
    where = dict(kind=Word(now.kind), at=_at(now))
    if off and not on:
        if len(set(off)) == 1:
            line = Message(
                "Take {knights} off the {kind} at {at} back to {owner}.",
                knights=_knights(off),
                owner=who(off[0]),
                **where,
            )
        else:
            line = Message(
                "Take {knights} off the {kind} at {at} back to their owners.", knights=_knights(off), **where
            )
        return line, moved
    if on and not off and len(set(on)) == 1:
        return Message("Put {knights} back on the {kind} at {at}.", knights=_knights(on), **where), moved
    line = Message(
        "Stack the knights on the {kind} at {at} again, bottom to top: {stack}.",
        stack=_bottom_to_top(then.stack, who),
        **where,
    )
    return line, moved


def _supplies(
    cur: GameState, res: GameState, knights_back: Counter[str], tiles_back: Counter[tuple[str, str]], who: Who
) -> list[Line]:
    """What the tile and knight lines do not already settle (only after unusual jumps)."""
    out: list[Line] = []
    for p in res.players:
        q = cur.player(p.colour)
        player = who(p.colour)
        if q.knights + knights_back[p.colour] != p.knights:
            knights = Plural("{n} knight", "{n} knights", p.knights)
            text = Message("{player} keeps {knights} in hand.", player=player, knights=knights)
            out.append(Line(text, (Put((("hand", p.colour), "knight"), p.knights),)))
        for i, kind in enumerate(KINDS):
            if q.tiles[i] + tiles_back[p.colour, kind] != p.tiles[i]:
                tiles = Plural("{n} {kind} tile", "{n} {kind} tiles", p.tiles[i], kind=Word(kind))
                text = Message("{player}'s pile holds {tiles}.", player=player, tiles=tiles)
                out.append(Line(text, (Put((("pile", p.colour, kind), "tile"), p.tiles[i]),)))
    return out


def _result(state: GameState, who: Who) -> Message:
    if not state.winners:
        return Message("nobody wins")
    players = Join(*(who(w) for w in state.winners))
    if state.draw:
        return Message("a draw between {players}", players=players)
    return Message("{players} wins", players=players)


def _status(cur: GameState, res: GameState, who: Who, *, tiles_moved: bool) -> list[Text]:
    out: list[Text] = []
    for p in res.players:
        was = cur.player(p.colour).surrendered
        if was and not p.surrendered:
            out.append(Message("{player} is back in the game.", player=who(p.colour)))
        elif p.surrendered and not was:
            out.append(Message("{player} surrenders again.", player=who(p.colour)))
    if cur.phase == OVER and res.phase != OVER:
        out.append(Message("The game is not over: the scores are taken back."))
    elif res.phase == OVER and cur.phase != OVER:
        out.append(Message("The game is over again: {result}.", result=_result(res, who)))
    elif res.phase == OVER and (res.scores, res.winners, res.draw) != (cur.scores, cur.winners, cur.draw):
        out.append(Message("The scores are counted again: {result}.", result=_result(res, who)))
    if res.phase == INITIAL and cur.phase != INITIAL:
        out.append(Message("It is the initial placement again."))
    if res.current and res.current != cur.current:
        player = who(res.current)
        if res.laid:
            out.append(
                Plural(
                    "It is {player}'s turn again, with {n} tile laid.",
                    "It is {player}'s turn again, with {n} tiles laid.",
                    res.laid,
                    player=player,
                )
            )
        else:
            out.append(Message("It is {player}'s turn again.", player=player))
    elif res.current and res.laid != cur.laid and not tiles_moved:
        player = who(res.current)
        if res.laid:
            out.append(
                Plural(
                    "It is {player}'s turn, with {n} tile laid.",
                    "It is {player}'s turn, with {n} tiles laid.",
                    res.laid,
                    player=player,
                )
            )
        else:
            out.append(Message("It is {player}'s turn, with no tile laid yet.", player=player))
    return out
