"""A seeded random Raubritter table for the property tests: plausible legal turns and illegal commands.

:func:`random_config`, :func:`legal_command` and :func:`illegal_command` are the face every game's
random table offers (:mod:`tests.support.players`)."""

from __future__ import annotations

import datetime
import random
from typing import Any

from engines.core.correction import Correct
from engines.core.history import History
from engines.raubritter import GAME, Setup
from engines.raubritter.commands import CorrectStack, CorrectTile, EndTurn, LayTile, MoveTile, Surrender
from engines.raubritter.moves import legal_cells, legal_marches
from engines.raubritter.placement import NEIGHBOURS, area_problem
from engines.raubritter.rules import COLOURS, KINDS, MAX_STACK, building, terrain
from engines.raubritter.state import GameState


def random_config(rng: random.Random, players: int | None = None, **settings: Any) -> Setup:
    """A random setup (the uniform face of every game's table, :mod:`tests.support.players`): 2 to 4
    players unless told, each with a name, a random birthday and a colour; ``settings`` go to the
    :class:`Setup` beside the players."""
    return new_history(players or rng.randint(2, 4), rng, **settings).config


def new_history(players: int, rng: random.Random, **settings: Any) -> History:
    specs = [
        {"name": f"Player {i + 1}", "birthday": datetime.date(rng.randint(1940, 2015), rng.randint(1, 12), 1),
         "colour": colour}
        for i, colour in enumerate(rng.sample(COLOURS, players))
    ]  # fmt: skip
    return History(GAME, Setup(players=specs, **settings))


def legal_command(state: GameState, rng: random.Random, surrender_rate: float = 0.0) -> Any:
    """A command the rules accept in ``state``: a tile laid (a castle with a march), now and then the
    end of a turn; a surrender at ``surrender_rate`` per turn of play."""
    player = state.player(state.current)
    if state.phase == "play" and state.laid and rng.random() < 0.3:
        return EndTurn(player.colour)
    if state.phase == "play" and rng.random() < surrender_rate:
        return Surrender(player.colour)
    kinds = [k for k in KINDS if player.tiles_left(k) and not (state.phase == "initial" and building(k) == "castle")]
    kind = rng.choice(kinds)
    x, y = rng.choice(legal_cells(state))
    direction, drops = None, ()
    if building(kind) == "castle":
        knights = rng.randint(0, min(5, player.knights))
        options = legal_marches(state, player.colour, x, y, kind, knights)
        if options:
            direction, drops = rng.choice(options)
    return LayTile(player.colour, kind, x, y, drops, direction)


def illegal_command(state: GameState, rng: random.Random) -> Any:
    """A command the rules refuse in ``state``."""
    current = state.current
    others = [p.colour for p in state.players if p.colour != current and p.colour != state.after_three]
    laid = [(c.x, c.y) for c in state.cells]
    player = state.player(current) if current else None
    options: list[Any] = [LayTile("purple", "plain", 0, 0), *_illegal_corrections(state)]
    if others:
        options.append(LayTile(rng.choice(others), "plain", *(legal_cells(state) or [(0, 0)])[0]))
    if player is not None:
        kinds = [k for k in KINDS if player.tiles_left(k)]
        if laid:
            options.append(LayTile(current, rng.choice(kinds), *rng.choice(laid)))  # occupied
            far = max(c.x for c in state.cells) + 3
            options.append(LayTile(current, rng.choice(kinds), far, 0))  # not touching
        gone = [k for k in KINDS if not player.tiles_left(k)]
        if gone:
            options.append(LayTile(current, rng.choice(gone), *legal_cells(state)[0]))
        plain = [k for k in kinds if building(k) != "castle"]
        if plain:
            options.append(LayTile(current, plain[0], *legal_cells(state)[0], drops=(1,)))  # knights, no castle
        castles = [k for k in kinds if building(k) == "castle"]
        if castles and state.phase == "play":
            cell = legal_cells(state)[0]
            options.append(LayTile(current, castles[0], *cell, drops=(6,)))  # too many
            options.append(LayTile(current, castles[0], *cell, drops=(5,)))  # five stay on one tile
        if state.phase == "play" and state.laid == 0:
            options.append(EndTurn(current))
        if state.phase == "initial":
            castle_left = [k for k in KINDS if building(k) == "castle" and player.tiles_left(k)]
            if castle_left:
                options.append(LayTile(current, castle_left[0], *legal_cells(state)[0]))
    return rng.choice(options)


def _illegal_corrections(state: GameState) -> list[Any]:
    colour = state.players[0].colour
    wrong: list[Any] = [
        Correct(f"{colour}.knights", 31, "more than a player owns"),
        Correct(f"{colour}.knights", 0, "  "),  # no reason
        Correct(f"{colour}.tiles", 3, "not a count to correct"),
        CorrectTile(99, 99, "plain", "whose pile?"),
    ]
    if len(state.cells) >= 2:
        a, b = state.cells[0], state.cells[1]
        wrong.append(MoveTile(a.x, a.y, b.x, b.y, "onto another tile"))
        wrong.append(CorrectStack(a.x, a.y, (colour,) * 5, "five knights"))
        wrong.append(CorrectTile(a.x, a.y, a.kind, "the same kind"))
    return wrong


def correction(state: GameState, rng: random.Random) -> Any:
    """A correction the referee accepts in ``state`` (any kind the table may make), or None."""
    makers = [_knights, _kind, _move, _take_back, _add, _stack]
    rng.shuffle(makers)
    for make in makers:
        command = make(state, rng)
        if command is not None:
            return command
    return None


def _knights(state: GameState, rng: random.Random) -> Any:
    p = rng.choice(state.players)
    values = [v for v in range(p.knights + p.aside + 1) if v != p.knights]
    return Correct(f"{p.colour}.knights", rng.choice(values), "miscounted") if values else None


def _kind(state: GameState, rng: random.Random) -> Any:
    if not state.cells:
        return None
    cell = rng.choice(state.cells)
    owner = state.player(cell.owner)
    kinds = [k for k in KINDS if k != cell.kind and owner.tiles_left(k) and not (cell.stack and terrain(k) == "lake")]
    return CorrectTile(cell.x, cell.y, rng.choice(kinds), "another kind") if kinds else None


def _move(state: GameState, rng: random.Random) -> Any:
    if len(state.cells) < 2:
        return None
    cell = rng.choice(state.cells)
    others = [(c.x, c.y) for c in state.cells if c is not cell]
    free = {(x + dx, y + dy) for x, y in others for dx, dy in NEIGHBOURS} - set(others) - {(cell.x, cell.y)}
    places = sorted(p for p in free if area_problem(state, [*others, p]) is None)
    return MoveTile(cell.x, cell.y, *rng.choice(places), "it lies elsewhere") if places else None


def _take_back(state: GameState, rng: random.Random) -> Any:
    if not state.cells:
        return None
    cell = rng.choice(state.cells)
    return CorrectTile(cell.x, cell.y, None, "never laid")


def _add(state: GameState, rng: random.Random) -> Any:
    owners = [p for p in state.players if p.tiles_total]
    if not owners:
        return None
    p = rng.choice(owners)
    kind = rng.choice([k for k in KINDS if p.tiles_left(k)])
    return CorrectTile(*rng.choice(legal_cells(state)), kind, "laid but not entered", player=p.colour)


def _stack(state: GameState, rng: random.Random) -> Any:
    cells = [c for c in state.cells if terrain(c.kind) != "lake"]
    if not cells:
        return None
    cell = rng.choice(cells)
    hand = {p.colour: p.knights + cell.stack.count(p.colour) for p in state.players}
    stack: list[str] = []
    for _ in range(rng.randint(0, MAX_STACK)):
        colours = [c for c, n in hand.items() if n]
        if not colours:
            break
        colour = rng.choice(colours)
        hand[colour] -= 1
        stack.append(colour)
    if tuple(stack) == cell.stack:
        return None
    return CorrectStack(cell.x, cell.y, tuple(stack), "the knights stand otherwise")
