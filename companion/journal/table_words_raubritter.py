"""Table words for Raubritter: tiles at x,y with their knights, the players' piles, the turn.

Raubritter hides nothing, so tiles are named by kind and knights by colour.
"""

from __future__ import annotations

from collections import Counter

from companion.journal.table_words import cap, count, join
from engines.raubritter.rules import KINDS
from engines.raubritter.state import INITIAL, OVER, Cell, GameState


def lines(current: GameState, restored: GameState, command: dict) -> list[str]:
    taken: list[str] = []
    laid: list[str] = []
    stacked: list[str] = []
    knights_back: Counter[str] = Counter()  # knights each player gets back into hand by the lines
    tiles_back: Counter[tuple[str, str]] = Counter()  # (owner, kind) back onto the pile
    now = {(c.x, c.y): c for c in current.cells}
    then = {(c.x, c.y): c for c in restored.cells}
    for cell in reversed(current.cells):  # the last laid first
        old = then.get((cell.x, cell.y))
        if old is None or (old.kind, old.owner) != (cell.kind, cell.owner):
            taken.append(_take_tile(cell))
            tiles_back[cell.owner, cell.kind] += 1
            knights_back.update(cell.stack)
    for cell in restored.cells:
        new = now.get((cell.x, cell.y))
        if new is None or (new.kind, new.owner) != (cell.kind, cell.owner):
            laid.append(_lay_tile(cell))
            tiles_back[cell.owner, cell.kind] -= 1
            knights_back.subtract(cell.stack)
        elif new.stack != cell.stack:
            line, moved = _restack(new, cell)
            stacked.append(line)
            knights_back.update(moved)
    out = taken + laid + stacked
    out += _supplies(current, restored, knights_back, tiles_back)
    out += _status(current, restored, tiles_moved=bool(taken or laid))
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
    if on and not off:
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
        if res.draw:
            out.append(f"The game is over again: a draw between {join(res.winners)}.")
        else:
            out.append(f"The game is over again: {join(res.winners)} wins.")
    if res.phase == INITIAL and cur.phase != INITIAL:
        out.append("It is the initial placement again.")
    laid = f", with {count(res.laid, 'tile')} laid" if res.laid else ", with no tile laid yet"
    if res.current and res.current != cur.current:
        out.append(f"It is {res.current}'s turn again{laid if res.laid else ''}.")
    elif res.current and res.laid != cur.laid and not tiles_moved:
        out.append(f"It is {res.current}'s turn{laid}.")
    return out
