"""What the table sees (public view, with whose move it is), what one prince sees, and the game
log's view of an event.

Secrets: the types of hand cards (never known to the referee), the kinds of treasures carried,
hidden, dug or taken (shown as counts unless the table agreed to show kinds), and the type of a
face-down card on the board.

No notes (rule 13.4): while the game runs nothing here says who slotted a card into the board or
which types of card lie in the discard pile (a count only); the log's entry for a slotted card
names the prince whose card it was, not the field. Once the game is over the views show both.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from engines.schatzjagd.awaiting import awaiting
from engines.schatzjagd.rules import CARD_TYPES
from engines.schatzjagd.state import OVER, BoardCard, GameState, Henchman

SECRET_KINDS = {"treasure-dug", "treasure-hidden", "plunder-rolled"}
SECRET_KIND_LISTS = {"treasures-taken", "treasures-dropped", "treasures-picked-up"}


def _henchman(p: Henchman, show_kinds: bool) -> dict[str, Any]:
    data: dict[str, Any] = {
        "colour": p.colour,
        "name": p.name,
        "place": p.place,
        "before": p.before,
        "life": p.life,
        "gold": p.gold,
        "strength": p.strength,
        "weapons": p.weapons,
        "power": p.power,
        "poison": p.poison,
        "hand": p.hand,
        "treasures": len(p.treasures),
        "hidden": len(p.hidden),
        "deaths": p.deaths,
        "searching": p.searching,
    }
    if show_kinds:
        data["treasure_kinds"] = sorted(p.treasures)
        data["hidden_kinds"] = sorted(p.hidden)
    return data


def _card(c: BoardCard, over: bool) -> dict[str, Any]:
    if c.kind is None:
        shown: dict[str, Any] = {"field": c.field, "face_down": True}
    else:
        effects = [str(e) for e in c.effects]
        shown = {"field": c.field, "face_down": False, "kind": c.kind, "value": c.value, "effects": effects,
                 "name": c.name}  # fmt: skip
    if over:
        shown["owner"] = c.owner
    return shown


def _piles(state: GameState, over: bool) -> dict[str, Any]:
    piles: dict[str, Any] = {
        "draw": state.draw,
        "discard": state.discard_total,
        "used_maps": state.used_maps,
        "treasures": sum(state.treasure_stack),
    }
    if over:
        piles["discard_by_type"] = dict(zip((*CARD_TYPES, "unseen"), state.discard, strict=True))
    return piles


def public_view(state: GameState) -> dict[str, Any]:
    show = state.options.show_treasure_kinds
    over = state.phase == OVER
    fight = state.fight
    return {
        "game": "schatzjagd",
        "phase": state.phase,
        "day": state.day,
        "current": state.current,
        "winner": state.winner,
        "victory": state.options.victory.words(),
        "options": {
            "plunder": state.options.plunder,
            "catharsis": state.options.catharsis,
            "teleportal": state.options.teleportal,
            "show_treasure_kinds": show,
        },
        "turn": asdict(state.turn),
        "players": [_henchman(p, show) for p in state.players],
        "board": [_card(c, over) for c in state.board],
        "loose": [{"place": t.place, "guarded": t.guard is not None} for t in state.loose],
        "piles": _piles(state, over),
        "fight": None
        if fight is None
        else {
            "henchman": fight.henchman,
            "opponent": fight.opponent,
            "monster_power": state.card(fight.monster).value if fight.monster is not None else None,
            "monster_life": fight.monster_life if fight.monster is not None else None,
            "exchanges": fight.exchanges,
        },
        "catharsis": list(state.catharsis),
        "awaiting": awaiting(state),
    }


def player_view(state: GameState, colour: str) -> dict[str, Any]:
    view = public_view(state)
    me = state.henchman(colour)
    view["you"] = colour
    view["your_treasures"] = sorted(me.treasures)
    view["your_hidden"] = sorted(me.hidden)
    view["your_cards"] = me.cards
    return view


def public_event(event: Any) -> dict[str, Any]:
    data = asdict(event)
    kind = data.pop("type")
    if kind in SECRET_KINDS and data.get("kind") is not None:
        data["kind"] = "treasure"
    if kind in SECRET_KIND_LISTS:
        data["count"] = len(data.pop("kinds"))
    if kind == "card-placed":  # who slotted a card, not which card or where (no notes)
        data = {"player": data["player"]}
    if "effects" in data:
        data["effects"] = [str(e) for e in event.effects]
    return {"type": kind, **data}
