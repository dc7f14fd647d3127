"""A seeded random Raubritter table for the property tests: plausible legal turns and illegal commands."""

from __future__ import annotations

import datetime
import random
from typing import Any

from engines.core.history import History
from engines.raubritter import GAME, Setup
from engines.raubritter.commands import EndTurn, LayTile, Surrender
from engines.raubritter.moves import legal_cells, legal_marches
from engines.raubritter.rules import COLOURS, KINDS, building
from engines.raubritter.state import GameState


def new_history(players: int, rng: random.Random) -> History:
    specs = [
        {"name": f"Player {i + 1}", "birthday": datetime.date(rng.randint(1940, 2015), rng.randint(1, 12), 1),
         "colour": colour}
        for i, colour in enumerate(rng.sample(COLOURS, players))
    ]  # fmt: skip
    return History(GAME, Setup(players=specs))


def legal_command(state: GameState, rng: random.Random, surrender_rate: float = 0.0) -> Any:
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
    options: list[Any] = [LayTile("purple", "plain", 0, 0)]
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
