"""What the table sees (public view, with whose move it is), what one prince sees, and the game
log's view of an event.

Secrets: the types of hand cards (never known to the referee), the kinds of treasures carried,
hidden, dug or taken (shown as counts unless the table agreed to show kinds), and the type of a
face-down card on the board.

No notes (rule 13.4): while the game runs nothing here says who slotted a card into the board or
which types of card lie in the discard pile (a count only); the log's entry for a slotted card
names the prince whose card it was, not the field. Nor does anything say when a card was slotted,
which beside the log's entries would say by whom: the board is listed by place, a card is named by
its field, never by its id (the ids count the slottings). Once the game is over the views show
who slotted each card and the discard pile by type.
"""

from __future__ import annotations

import re
from dataclasses import asdict
from typing import Any

from engines.schatzjagd.awaiting import awaiting
from engines.schatzjagd.rules import CARD_TYPES
from engines.schatzjagd.state import OVER, BoardCard, GameState, Henchman
from engines.schatzjagd.view_types import (
    BoardCardView,
    HenchmanView,
    PilesView,
    SchatzjagdPlayerView,
    SchatzjagdView,
    TurnView,
)

SECRET_KINDS = {"treasure-dug", "treasure-hidden", "plunder-rolled"}
SECRET_KIND_LISTS = {"treasures-taken", "treasures-dropped", "treasures-picked-up"}
# an event's names of a board card by id, shown as whether there is one (the field names it)
CARD_FLAGS = {"monster": "monster", "guard": "guarded"}

_FIELD = re.compile(r"([A-Z]+)([0-9]+)")


def place_key(place: str) -> tuple[int, int, str, int]:
    """The board's order: fields by their letters, then by their number as a number (A2, A10, B1),
    then anything else by name."""
    field = _FIELD.fullmatch(place)
    if field is None:
        return (1, 0, place, 0)
    letters, number = field.groups()
    return (0, len(letters), letters, int(number))


def by_place(board: tuple[BoardCard, ...]) -> list[BoardCard]:
    """The board's cards by place: the order the cardboard shows, not the order they came in."""
    return sorted(board, key=lambda c: place_key(c.field))


def _henchman(p: Henchman, show_kinds: bool) -> HenchmanView:
    data: HenchmanView = {
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


def _card(c: BoardCard, over: bool) -> BoardCardView:
    shown: BoardCardView
    # never turned up, or a monster slotted back: the card's back, nothing of what it is (face_down
    # covers a kind None; saying so lets mypy know the kind is there below)
    if c.face_down or c.kind is None:
        shown = {"field": c.field, "face_down": True}
    else:
        effects = [str(e) for e in c.effects]
        shown = {"field": c.field, "face_down": False, "kind": c.kind, "value": c.value, "effects": effects,
                 "name": c.name}  # fmt: skip
    if over:
        shown["owner"] = c.owner
    return shown


def _guarded(state: GameState, guard: int | None) -> bool:
    """A treasure guarded by a monster the table sees: one slotted back face down shows only its back."""
    return guard is not None and not state.card(guard).face_down


def _piles(state: GameState, over: bool) -> PilesView:
    piles: PilesView = {
        "draw": state.draw,
        "discard": state.discard_total,
        "used_maps": state.used_maps,
        "treasures": sum(state.treasure_stack),
    }
    if over:
        piles["discard_by_type"] = dict(zip((*CARD_TYPES, "unseen"), state.discard, strict=True))
    return piles


def _turn(state: GameState) -> TurnView:
    """The turn's record; the specials used this turn by the fields they lie on."""
    t = state.turn
    return {
        "travelled": t.travelled,
        "died": t.died,
        "card_played": t.card_played,
        "business": t.business,
        "plundered": t.plundered,
        "teleported": t.teleported,
        "halted": t.halted,
        "challenged": t.challenged,
        "specials": [c.field for c in by_place(state.board) if c.id in t.specials],
    }


def public_view(state: GameState) -> SchatzjagdView:
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
            "kinds": list(state.kinds),  # the kinds of treasure this table plays with (the setup's)
            "regions": {str(die): colour for die, colour in state.options.regions},  # the teleportal's 2..5
        },
        "turn": _turn(state),
        "players": [_henchman(p, show) for p in state.players],
        "board": [_card(c, over) for c in by_place(state.board)],
        "loose": [{"place": t.place, "guarded": _guarded(state, t.guard)} for t in state.loose],
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


def player_view(state: GameState, colour: str) -> SchatzjagdPlayerView:
    me = state.henchman(colour)
    return {
        **public_view(state),
        "you": colour,
        "your_treasures": sorted(me.treasures),
        "your_hidden": sorted(me.hidden),
        "your_cards": me.cards,
    }


def public_event(event: Any) -> dict[str, Any]:
    """An event as the game log shows it: treasure kinds blanked out (a count, or "treasure"), and a
    board card named by its field, never by its id; a monster or a guard only as there being one."""
    data = asdict(event)
    kind = data.pop("type")
    if kind == "card-placed":  # who slotted a card, not which card or where (no notes)
        return {"type": kind, "player": data["player"]}
    shown: dict[str, Any] = {"type": kind}
    for key, value in data.items():
        if key == "card":  # a card's id counts the slottings: the field names the card
            continue
        if key in CARD_FLAGS:
            shown[CARD_FLAGS[key]] = value is not None
        elif key == "kinds" and kind in SECRET_KIND_LISTS:
            shown["count"] = len(value)
        elif key == "kind" and kind in SECRET_KINDS and value is not None:
            shown["kind"] = "treasure"
        elif key == "effects":
            shown["effects"] = [str(e) for e in event.effects]
        else:
            shown[key] = value
    return shown
