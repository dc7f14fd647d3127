"""What the invariant check needs to know of the tiles laid, counted once and then kept up to date.

A :class:`Tally` counts a tuple of cells: tiles per position, the layout's box, knights on tiles
per colour, tiles per owner, the tiles each owner has left by kind, and what cannot be right
whatever the players. It depends only on the cells' values, so the tally of the next state's
cells is the previous tally with the cells that changed taken out and their replacements put in:
an event lays a tile or puts knights on a few, and all other cells of the next state are the very
same objects as before (states share their unchanged parts).

:data:`LAST` remembers the cells tuple tallied last and its tally. Sound because cells and tuples
are immutable and the remembered tuple is held (a strong reference, so its identity cannot pass to
another tuple); a check takes the tally out while it brings it up to date and uses it, and gives
it back only when done, so a count cut short (an exception) is never used again and two threads
never count into one tally. Another table's cells only mean a fresh count.
"""

from __future__ import annotations

from itertools import compress
from operator import is_not
from typing import TypeVar

from engines.raubritter.rules import FULL_PILE, KIND_INDEX, KNIGHTS, MAX_STACK, terrain
from engines.raubritter.state import Cell, Player

K = TypeVar("K")


class Tally:
    """The counts of one tuple of cells (a key whose count drops to 0 is removed)."""

    __slots__ = ("size", "positions", "knights", "owners", "left", "odd", "_bounds", "_fitting", "_colours")

    def __init__(self, cells: tuple[Cell, ...] = ()) -> None:
        self.size = 0  # cells
        self.positions: dict[tuple[int, int], int] = {}  # tiles per position
        self.knights: dict[str, int] = {}  # knights on tiles per colour
        self.owners: dict[str, int] = {}  # tiles per owner
        self.left: dict[str, tuple[int, ...]] = {}  # per owner: FULL_PILE less the tiles laid, by kind
        self.odd = 0  # tiles of no known kind or beyond FULL_PILE, stacks too high, knights on a lake
        self._bounds: list[int] | None = None  # [min x, max x, min y, max y]; None: not known
        self._fitting: tuple[Player, ...] | None = None  # the players last found to fit these counts
        self._colours: frozenset[str] = frozenset()  # their colours
        for cell in cells:
            self.count(cell, 1)

    def box(self) -> tuple[int, int]:
        """Width and height of the layout (0, 0 without tiles), as :meth:`GameState.box`."""
        if not self.size:
            return 0, 0
        if self._bounds is None:
            xs = [x for x, _ in self.positions]
            ys = [y for _, y in self.positions]
            self._bounds = [min(xs), max(xs), min(ys), max(ys)]
        x0, x1, y0, y1 = self._bounds
        return x1 - x0 + 1, y1 - y0 + 1

    def fitting(self, players: tuple[Player, ...]) -> frozenset[str] | None:
        """The players' colours if their knights and tiles and these counts add up to the box's, and
        the tiles' owners and the knights' colours are theirs; else None."""
        if players is self._fitting:
            return self._colours
        on_board, left = self.knights, self.left
        for p in players:
            colour = p.colour
            if p.knights < 0 or p.aside < 0 or p.knights + on_board.get(colour, 0) + p.aside != KNIGHTS:
                return None
            if p.tiles != left.get(colour, FULL_PILE):
                return None
        colours = frozenset(p.colour for p in players)
        if not (self.owners.keys() <= colours and on_board.keys() <= colours):
            return None
        self._fitting, self._colours = players, colours
        return colours

    def count(self, cell: Cell, sign: int) -> None:
        """Put ``cell`` in (sign 1) or take it out (sign -1)."""
        self.size += sign
        x, y, owner = cell.x, cell.y, cell.owner
        _bump(self.positions, (x, y), sign)
        bounds = self._bounds
        if bounds is not None:
            if sign > 0:
                bounds[:] = min(bounds[0], x), max(bounds[1], x), min(bounds[2], y), max(bounds[3], y)
            elif x in (bounds[0], bounds[1]) or y in (bounds[2], bounds[3]):
                self._bounds = None  # worked out again when asked
        _bump(self.owners, owner, sign)
        i = KIND_INDEX.get(cell.kind)
        if i is None:
            self.odd += sign
        else:
            left = self.left.get(owner, FULL_PILE)
            if left[i] - (sign > 0) < 0:  # a tile more of this kind than the box holds (or one less)
                self.odd += sign
            self.left[owner] = left[:i] + (left[i] - sign,) + left[i + 1 :]
        self._stack(cell, cell.stack, sign)

    def _stack(self, cell: Cell, stack: tuple[str, ...], sign: int) -> None:
        """Put the knights of ``stack`` on ``cell`` in (sign 1) or take them out (sign -1)."""
        if not stack:
            return
        for knight in stack:
            _bump(self.knights, knight, sign)
        if len(stack) > MAX_STACK or terrain(cell.kind) == "lake":
            self.odd += sign

    def restack(self, old: Cell, new: Cell) -> None:
        """``old`` replaced by ``new``."""
        if (old.x, old.y, old.kind, old.owner) != (new.x, new.y, new.kind, new.owner):
            self.count(old, -1)
            self.count(new, 1)
        else:  # only knights came or went
            self._stack(old, old.stack, -1)
            self._stack(new, new.stack, 1)

    def update(self, seen: tuple[Cell, ...], cells: tuple[Cell, ...]) -> bool:
        """From the tally of ``seen`` to that of ``cells``: True, or False (and unchanged) if counting
        afresh is as cheap."""
        n = len(seen)
        if len(cells) == n + 1 and cells[:n] == seen:  # a tile laid (equal cells count the same)
            changed: list[int] = []
        elif len(cells) == n:
            changed = list(compress(range(n), map(is_not, seen, cells)))
            if 2 * len(changed) >= n:
                return False  # another table
        else:
            return False  # a tile taken back: seldom, and all after it move up
        self._fitting = None
        for i in changed:
            self.restack(seen[i], cells[i])
        if len(cells) > n:
            self.count(cells[n], 1)
        return True


def _bump(counts: dict[K, int], key: K, sign: int) -> None:
    n = counts.get(key, 0) + sign
    if n:
        counts[key] = n
    else:
        del counts[key]


class LastTally:
    """The cells tuple tallied last and its tally (see the module's note on why this is sound).

    A check takes the pair out of its one slot (``list.pop``: a single step that no other thread
    can split), so the tally it counts into belongs to that check alone while it works, and puts
    a pair back only when it is done with it. Two threads checking at once each count their own."""

    def __init__(self) -> None:
        self._slot: list[tuple[tuple[Cell, ...], Tally]] = []

    def take(self, cells: tuple[Cell, ...]) -> Tally:
        """The tally of ``cells``, owned by the caller until it gives it back with :meth:`keep`."""
        try:
            seen, counted = self._slot.pop()
        except IndexError:  # nothing remembered, or another check holds it now
            return Tally(cells)
        if cells is seen:
            return counted
        if type(cells) is not tuple or not counted.update(seen, cells):  # a list could change later
            return Tally(cells)
        return counted

    def keep(self, cells: tuple[Cell, ...], counted: Tally) -> None:
        """Remember ``counted`` as the tally of ``cells`` (a tuple: it cannot change behind it)."""
        if type(cells) is tuple:
            self._slot[:] = [(cells, counted)]


LAST = LastTally()
