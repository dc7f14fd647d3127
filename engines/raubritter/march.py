"""Knights' marches: from a newly laid castle in one straight line, leaving knights behind."""

from __future__ import annotations

from collections.abc import Iterator

from engines.core.errors import RuleViolation
from engines.raubritter.rules import DIRECTIONS, DROP_MIN, MAX_CASTLE_KNIGHTS, MAX_STACK, terrain
from engines.raubritter.state import Cell, GameState


def path_cells(state: GameState, castle: Cell, direction: str | None, length: int) -> list[Cell | None]:
    """The castle and the next ``length - 1`` positions along ``direction`` (None where no tile lies)."""
    if length <= 1 or direction is None:
        return [castle]
    dx, dy = DIRECTIONS[direction]
    return [castle] + [state.cell(castle.x + dx * i, castle.y + dy * i) for i in range(1, length)]


def march_problem(
    state: GameState, castle: Cell, direction: str | None, drops: tuple[int, ...]
) -> RuleViolation | None:
    """Why these drops are not a legal march from ``castle`` (a cell not yet on the board), or None."""
    if not drops:
        return None
    if sum(drops) > MAX_CASTLE_KNIGHTS:
        return RuleViolation("knights.too-many", "at most {most} knights start from a castle", most=MAX_CASTLE_KNIGHTS)
    if len(drops) > 1 and direction is None:
        return RuleViolation("march.direction", "say the direction the knights march in")
    if any(d < 1 for d in drops):
        return RuleViolation("march.minimum", "every tile the knights reach keeps at least one of them")
    cells = path_cells(state, castle, direction, len(drops))
    pile = sum(drops)
    for i, (cell, drop) in enumerate(zip(cells, drops, strict=True)):
        if cell is None:
            return RuleViolation("march.off-board", "step {step} of the march leaves the laid tiles", step=i)
        ground = terrain(cell.kind)
        if ground == "lake":
            return RuleViolation("march.lake", "knights cannot enter the lake at {at}", at=f"{cell.x},{cell.y}")
        needed = DROP_MIN[ground]
        if i > 0 and pile < needed:
            return _too_few_to_enter(ground, pile, f"{cell.x},{cell.y}", needed)
        moving_on = i < len(drops) - 1
        if moving_on and drop < needed:
            return _too_few_to_stay(ground, f"{cell.x},{cell.y}", needed)
        if len(cell.stack) + drop > MAX_STACK:
            return RuleViolation(
                "march.stack",
                "{at} would hold {n} knights; at most {most}",
                at=f"{cell.x},{cell.y}",
                n=len(cell.stack) + drop,
                most=MAX_STACK,
            )
        pile -= drop
    return None


# One message per terrain (not the terrain's name glued in), so that a screen can say each in its
# own words: "the forest" and "the mountains" differ in other languages.
def _too_few_to_enter(ground: str, pile: int, at: str, needed: int) -> RuleViolation:
    values = {"pile": pile, "at": at, "needed": needed}
    if ground == "forest" and pile == 1:
        return RuleViolation(
            "march.minimum", "1 knight cannot enter the forest at {at}: {needed} needed", at=at, needed=needed
        )
    if ground == "forest":
        return RuleViolation(
            "march.minimum", "{pile} knights cannot enter the forest at {at}: {needed} needed", **values
        )
    if ground == "mountains" and pile == 1:
        return RuleViolation(
            "march.minimum", "1 knight cannot enter the mountains at {at}: {needed} needed", at=at, needed=needed
        )
    if ground == "mountains":
        return RuleViolation(
            "march.minimum", "{pile} knights cannot enter the mountains at {at}: {needed} needed", **values
        )
    return RuleViolation("march.minimum", "{pile} knights cannot enter the plain at {at}: {needed} needed", **values)


def _too_few_to_stay(ground: str, at: str, needed: int) -> RuleViolation:
    """The plain needs 1 knight, the forest 2, the mountains 3 (``DROP_MIN``)."""
    if ground == "forest":
        return RuleViolation(
            "march.minimum", "at least {needed} knights stay on the forest at {at}", needed=needed, at=at
        )
    if ground == "mountains":
        return RuleViolation(
            "march.minimum", "at least {needed} knights stay on the mountains at {at}", needed=needed, at=at
        )
    return RuleViolation("march.minimum", "at least {needed} knight stays on the plain at {at}", needed=needed, at=at)


def legal_marches(state: GameState, castle: Cell, knights: int) -> list[tuple[str | None, tuple[int, ...]]]:
    """Every legal (direction, drops) for ``knights`` placed on ``castle``; ``[(None, ())]`` for none."""
    if knights == 0:
        return [(None, ())]
    found: list[tuple[str | None, tuple[int, ...]]] = []
    if march_problem(state, castle, None, (knights,)) is None:
        found.append((None, (knights,)))
    for direction in DIRECTIONS:
        for drops in _compositions(knights):
            if len(drops) > 1 and march_problem(state, castle, direction, drops) is None:
                found.append((direction, drops))
    return found


def _compositions(total: int) -> Iterator[tuple[int, ...]]:
    if total == 0:
        yield ()
        return
    for first in range(1, total + 1):
        for rest in _compositions(total - first):
            yield (first, *rest)
