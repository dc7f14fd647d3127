"""What the table sees (public view), what one player sees, and whose move it is.

Secrets: a player's picks until the reveal, the documents in hand, face-down documents and a
drawn document. The public view shows only how many of them there are.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from engines.core.awaiting import Awaited, need
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.effects import effects_due
from engines.gluecksritter.state import CHOOSE, DOCUMENTS, DUCATS, OVER, RANSOM, RESOLVE, GameState, Offer
from engines.gluecksritter.view_types import (
    CoinsView,
    DocumentView,
    GluecksritterPlayerView,
    GluecksritterView,
    KnightView,
    OfferView,
    PlayerView,
)

REDACTED_FIELDS = {
    "actions-chosen": ("cards",),
    "document-drawn": ("document",),
    "hand-corrected": ("removed", "drawn", "taken"),
}


def _coins(c: Coins) -> CoinsView:
    return {"silver": c.silver, "gold": c.gold, "value": c.value}


def _offer(o: Offer) -> OfferView:
    return {"by": o.by, "ducats": o.ducats, "walls": o.walls, "towers": o.towers, "loot_promise": o.loot_promise}


def public_view(state: GameState) -> GluecksritterView:
    picks_public = state.phase in (RESOLVE, OVER)  # revealed in phase E, and still so when it is over
    players: list[PlayerView] = []
    for p in state.players:
        hidden = [doc for who, doc in state.face_down if who == p.colour]
        played = list(p.played)
        for doc in hidden:
            played.remove(doc)
        players.append(
            {
                "colour": p.colour,
                "name": p.name,
                **_coins(p.coins),
                "walls": p.walls,
                "towers": p.towers,
                "knight_in_dungeon": p.knight_in_dungeon,
                "documents": len(p.documents),
                "face_down": len(hidden),
                "has_chosen": p.pick is not None,
                "pick": list(p.pick) if picks_public and p.pick else None,
                "played": played,
                "due": list(effects_due(state, p.colour)),
            }
        )
    knight: KnightView | None = None
    if state.knight is not None:
        k = state.knight
        knight = {
            "knights": list(k.knights),
            "stage": k.stage,
            "actor": k.actor,
            "victim": k.victim,
            "rolls": dict(k.rolls),
            "decider": k.decider,
            "turn": k.turn,
            "offer": _offer(k.offer) if k.offer else None,
        }
    return {
        "game": "gluecksritter",
        "rules": state.rules.ruleset,
        "digital_sack": state.rules.digital_sack,
        "real_documents": state.rules.real_documents,
        "special_die": list(state.rules.special_die),  # which faces show the sack, which the castle
        "catalogue": catalogue(state),
        "round": state.round,
        "phase": state.phase,
        "field": state.field if state.field_open else None,
        "round_closing": state.round_closing,
        "sack": _coins(state.sack),
        "field5": _coins(state.field5),
        "field6": _coins(state.field6),
        "supply": {"walls": state.supply_walls, "towers": state.supply_towers},
        "deck": len(state.deck),
        "discard": list(state.discard),
        "players": players,
        "knight": knight,
        "passed_over": dict(state.passed_over),
        "taxes": [list(t) for t in state.taxes],
        "winners": list(state.winners),
        "awaiting": awaiting(state),
    }


def player_view(state: GameState, colour: str) -> GluecksritterPlayerView:
    p = state.player(colour)
    return {
        **public_view(state),
        "you": {
            "colour": colour,
            "documents": list(p.documents),
            "pick": list(p.pick) if p.pick else None,
            "face_down": [doc for who, doc in state.face_down if who == colour],
            "hand": list(p.hand()),
        },
    }


def catalogue(state: GameState) -> dict[str, DocumentView]:
    """The table's documents by id, in its order: the names and what each does, per language
    (``*``: every language), the seal, how many the box holds, the effect and its moves. Public:
    the box's cards are no secret, only who holds which."""
    return {
        kind.id: {
            "names": dict(kind.names) or {"*": kind.name},
            "does": dict(kind.does),
            "seal": kind.seal,
            "count": kind.count,
            "effect": kind.effect,
            "generic": kind.generic,
            "moves": [
                {
                    "source": m.source,
                    "target": m.target,
                    "silver": m.silver,
                    "gold": m.gold,
                    "walls": m.walls,
                    "towers": m.towers,
                }
                for m in kind.moves
            ],
        }
        for kind in state.rules.documents
    }


def public_event(event: Any) -> dict[str, Any]:
    data = {"type": event.type, **{k: v for k, v in asdict(event).items() if k != "type"}}
    for hidden in REDACTED_FIELDS.get(event.type, ()):
        data[hidden] = None
    if event.type == "document-played" and event.face_down:
        data["document"] = None
    return data


def awaiting(state: GameState) -> list[Awaited[str | None]]:
    """Who must act next and how (:mod:`engines.core.awaiting`). Documents, ransoms and hand-overs,
    which the rules allow at many moments, are listed only where they are the answer awaited."""
    if state.phase == OVER:
        return []
    if state.taxes:
        return [need(p, "pay-royal-tax", "play-document") for p in dict.fromkeys(p for p, _ in state.taxes)]
    if state.phase == DUCATS:
        return [need(None, "place-ducats")]
    if state.phase == CHOOSE:
        waiting: list[Awaited[str | None]] = [need(p.colour, "choose-actions") for p in state.players if p.pick is None]
        return waiting or [need(None, "reveal-documents")]
    if state.phase in (DOCUMENTS, RANSOM):
        return [need(None, "reveal-actions")]
    if state.round_closing:
        return [need(None, "end-round")]
    if not state.field_open:
        return []
    if state.field == 1:
        return [need(p, "take-document", "decline") for p in state.todo]
    if state.field in (2, 3):
        return [need(p, "buy-pieces", "decline") for p in state.todo]
    k = state.knight
    if k is None or k.stage == "done":
        return []
    if k.stage == "act":
        return [need(k.actor, "knight-act")]
    if k.stage == "raid-piece":
        return [need(k.actor, "raid-piece")]
    if k.stage == "pay":
        return [need(k.actor, "pay-offer")]
    if k.stage == "promise":
        return [need(k.actor, "hand-over", "keep-loot")]
    if k.stage in ("duel", "haggle-roll"):
        rolled = {who for who, _ in k.rolls}
        return [need(p, "roll-die") for p in k.knights if p not in rolled]
    if k.stage == "choose-first":
        return [need(k.decider, "choose-first-offerer")]
    if k.offer is None:
        return [need(k.turn, "make-offer", "decline-to-offer")]
    if k.offer.loot_promise:
        return [need(k.turn, "make-offer", "accept-offer", "reject-offer")]
    return [need(k.turn, "make-offer", "accept-offer")]
