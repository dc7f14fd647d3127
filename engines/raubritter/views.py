"""Raubritter hides nothing: the public view is the whole table."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from engines.raubritter.rules import KINDS
from engines.raubritter.state import GameState


def public_view(state: GameState) -> dict[str, Any]:
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
            {"x": c.x, "y": c.y, "kind": c.kind, "owner": c.owner, "stack": list(c.stack), "top": c.top}
            for c in state.cells
        ],
        "scores": dict(state.scores),
        "winners": list(state.winners),
        "draw": state.draw,
    }


def player_view(state: GameState, colour: str) -> dict[str, Any]:
    return {**public_view(state), "you": colour}


def public_event(event: Any) -> dict[str, Any]:
    data = asdict(event)
    return {"type": data.pop("type"), **data}
