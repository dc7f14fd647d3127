"""Table words for Raubritter: tiles at x,y with their knights, the players' piles, the turn.

Raubritter hides nothing, so tiles are named by kind and knights by colour.
"""

from __future__ import annotations

from collections import Counter

from companion.journal.table_words import cap, count, join
from engines.raubritter.rules import KINDS
from engines.raubritter.state import INITIAL, OVER, Cell, GameState

ROLLS: dict[str, tuple[str, ...]] = {}  # Raubritter has no die


def lines(current: GameState, restored: GameState, command: dict) -> list[str]:
    knights_back: Counter[str] = Counter()  # knights each player gets back into hand by the lines
    tiles_back: Counter[tuple[str, str]] = Counter()  # (owner, kind) back onto the pile
    now = {(c.x, c.y): c for c in current.cells}
    then = {(c.x, c.y): c for c in restored.cells}
    gone = [c for c in reversed(current.cells) if _face(then.get((c.x, c.y))) != _face(c)]  # the last laid first
    come = [c for c in restored.cells if _face(now.get((c.x, c.y))) != _face(c)]
    moved, swapped = _moves(gone, come, now, then), _swaps(gone, come)
    out = [_move(a, b) for a, b in moved]
    for a, b in swapped:
        out.append(_swap(a, b))
        tiles_back[a.owner, a.kind] += 1
        tiles_back[b.owner, b.kind] -= 1
    paired = {id(c) for pair in moved + swapped for c in pair}
    for cell in gone:
        if id(cell) not in paired:
            out.append(_take_tile(cell))
            tiles_back[cell.owner, cell.kind] += 1
            knights_back.update(cell.stack)
    laid = [cell for cell in come if id(cell) not in paired]
    for cell in laid:
        out.append(_lay_tile(cell))
        tiles_back[cell.owner, cell.kind] -= 1
        knights_back.subtract(cell.stack)
    tiles_moved = bool(out)
    for cell in restored.cells:
        new = now.get((cell.x, cell.y))
        if new is not None and _face(new) == _face(cell) and new.stack != cell.stack:
            line, back = _restack(new, cell)
            out.append(line)
            knights_back.update(back)
    out += _aside(current, restored, knights_back)
    out += _supplies(current, restored, knights_back, tiles_back)
    out += _status(current, restored, tiles_moved=tiles_moved)
    return out


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


def _move(now: Cell, then: Cell) -> str:
    knights = " with the knights on it" if now.stack else ""
    return f"Move the {now.kind} tile at {_at(now)} back to {_at(then)}{knights}."


def _swap(now: Cell, then: Cell) -> str:
    knights = ", under the same knights" if now.stack else ""
    return (
        f"Lay {then.owner}'s {then.kind} tile at {_at(then)} again in place of the {now.kind}{knights}; "
        f"the {now.kind} goes back to {now.owner}'s pile."
    )


def _aside(cur: GameState, res: GameState, knights_back: Counter[str]) -> list[str]:
    """Knights set aside by a correction (out of the game) or taken back from there."""
    out = []
    for p in res.players:
        change = p.aside - cur.player(p.colour).aside
        if change > 0:
            out.append(f"{cap(p.colour)}: set {count(change, 'knight')} aside again.")
        elif change < 0:
            out.append(f"{cap(p.colour)}: take {count(-change, 'set-aside knight')} back into your hand.")
        knights_back[p.colour] -= change
    return out


def _at(cell: Cell) -> str:
    return f"{cell.x},{cell.y}"


def _knights(stack: tuple[str, ...] | list[str]) -> str:
    """``"3 red knights"``, ``"2 red knights and 1 blue knight"``."""
    counts = Counter(stack)
    return join(f"{count(n, colour + ' knight')}" for colour, n in counts.items())


def _take_tile(cell: Cell) -> str:
    text = f"Take the {cell.kind} tile at {_at(cell)} back to {cell.owner}'s pile"
    if not cell.stack:
        return text + "."
    owners = set(cell.stack)
    if owners == {cell.owner}:
        knights = "knight" if len(cell.stack) == 1 else f"{len(cell.stack)} knights"
        return text + f" and the {knights} on it back to {cell.owner}."
    return text + f" and the {_knights(cell.stack)} on it back to their owners."


def _lay_tile(cell: Cell) -> str:
    text = f"Lay {cell.owner}'s {cell.kind} tile at {_at(cell)} again"
    if not cell.stack:
        return text + "."
    if len(set(cell.stack)) == 1:
        return text + f" with {_knights(cell.stack)} on it."
    return text + f" with knights on it, bottom to top: {', '.join(cell.stack)}."


def _restack(now: Cell, then: Cell) -> tuple[str, Counter[str]]:
    """The line that turns the stack ``now`` into ``then``, and the knights it sends back to hand
    (negative: out of hand)."""
    common = 0
    while common < min(len(now.stack), len(then.stack)) and now.stack[common] == then.stack[common]:
        common += 1
    off, on = now.stack[common:], then.stack[common:]
    moved = Counter(off)
    moved.subtract(on)
    where = f"the {now.kind} at {_at(now)}"
    if off and not on:
        back = f"back to {off[0]}" if len(set(off)) == 1 else "back to their owners"
        return f"Take {_knights(off)} off {where} {back}.", moved
    if on and not off and len(set(on)) == 1:
        return f"Put {_knights(on)} back on {where}.", moved
    return f"Stack the knights on {where} again, bottom to top: {', '.join(then.stack)}.", moved


def _supplies(
    cur: GameState, res: GameState, knights_back: Counter[str], tiles_back: Counter[tuple[str, str]]
) -> list[str]:
    """What the tile and knight lines do not already settle (only after unusual jumps)."""
    out = []
    for p in res.players:
        q = cur.player(p.colour)
        if q.knights + knights_back[p.colour] != p.knights:
            out.append(f"{cap(p.colour)} keeps {count(p.knights, 'knight')} in hand.")
        for i, kind in enumerate(KINDS):
            if q.tiles[i] + tiles_back[p.colour, kind] != p.tiles[i]:
                out.append(f"{cap(p.colour)}'s pile holds {count(p.tiles[i], kind + ' tile')}.")
    return out


def _result(state: GameState) -> str:
    if not state.winners:
        return "nobody wins"
    if state.draw:
        return f"a draw between {join(state.winners)}"
    return f"{join(state.winners)} wins"


def _status(cur: GameState, res: GameState, *, tiles_moved: bool) -> list[str]:
    out = []
    for p in res.players:
        was = cur.player(p.colour).surrendered
        if was and not p.surrendered:
            out.append(f"{cap(p.colour)} is back in the game.")
        elif p.surrendered and not was:
            out.append(f"{cap(p.colour)} surrenders again.")
    if cur.phase == OVER and res.phase != OVER:
        out.append("The game is not over: the scores are taken back.")
    elif res.phase == OVER and cur.phase != OVER:
        out.append(f"The game is over again: {_result(res)}.")
    elif res.phase == OVER and (res.scores, res.winners, res.draw) != (cur.scores, cur.winners, cur.draw):
        out.append(f"The scores are counted again: {_result(res)}.")
    if res.phase == INITIAL and cur.phase != INITIAL:
        out.append("It is the initial placement again.")
    laid = f", with {count(res.laid, 'tile')} laid" if res.laid else ", with no tile laid yet"
    if res.current and res.current != cur.current:
        out.append(f"It is {res.current}'s turn again{laid if res.laid else ''}.")
    elif res.current and res.laid != cur.laid and not tiles_moved:
        out.append(f"It is {res.current}'s turn{laid}.")
    return out
