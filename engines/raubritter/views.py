"""Raubritter hides nothing: the public view is the whole table, and says whose move it is."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any, cast

from engines.core.awaiting import Awaited, need
from engines.raubritter.rules import KINDS, Kind
from engines.raubritter.state import OVER, PLAY, Cell, GameState, Player
from engines.raubritter.view_types import RaubritterPlayerView, RaubritterView


def public_view(state: GameState) -> RaubritterView:
    width, height = state.box()
    return {
        "game": "raubritter",
        "phase": state.phase,
        "current": state.current,
        "laid": state.laid,
        "area": state.area,
        "box": {"width": width, "height": height},
        "players": [
            {
                "colour": p.colour,
                "name": p.name,
                "knights": p.knights,
                "knights_aside": p.aside,
                "tiles": dict(zip(KINDS, p.tiles, strict=True)),
                "tiles_total": p.tiles_total,
                "surrendered": p.surrendered,
            }
            for p in state.players
        ],
        "cells": [
            {"x": c.x, "y": c.y, "kind": cast(Kind, c.kind), "owner": c.owner, "stack": list(c.stack), "top": c.top}
            for c in state.cells  # every kind laid came in a command as a Kind
        ],
        "scores": dict(state.scores),
        "winners": list(state.winners),
        "draw": state.draw,
        "awaiting": awaiting(state),
    }


def awaiting(state: GameState) -> list[Awaited[str]]:
    """Who must act next and how (:mod:`engines.core.awaiting`): the player whose turn it is lays a
    tile, in the initial placement as in play; once a tile of the turn is laid, may also end the
    turn; may always surrender instead. Nobody once the game is over."""
    if state.phase == OVER or state.current is None:
        return []
    if state.phase == PLAY and state.laid:
        return [need(state.current, "lay-tile", "end-turn", "surrender")]
    return [need(state.current, "lay-tile", "surrender")]


def player_view(state: GameState, colour: str) -> RaubritterPlayerView:
    return {**public_view(state), "you": colour}


def public_event(event: Any) -> dict[str, Any]:
    data = asdict(event)
    return {"type": data.pop("type"), **data}


def state_of(view: RaubritterView) -> GameState:
    """The state a public view shows (the view is the whole table), for asking the rules' helpers
    (:mod:`engines.raubritter.moves`) from a screen that holds only the view. Which player's turn
    just ended with a third tile is not in the view: a refusal built from this state may say less."""
    players = tuple(
        Player(
            p["colour"],
            p["name"],
            tuple(p["tiles"][kind] for kind in KINDS),
            p["knights"],
            p["surrendered"],
            p["knights_aside"],
        )
        for p in view["players"]
    )
    cells = tuple(Cell(c["x"], c["y"], c["kind"], c["owner"], tuple(c["stack"])) for c in view["cells"])
    return GameState(
        area=view["area"],
        players=players,
        cells=cells,
        phase=view["phase"],
        current=view["current"],
        laid=view["laid"],
        scores=tuple(view["scores"].items()),
        winners=tuple(view["winners"]),
        draw=view["draw"],
    )
