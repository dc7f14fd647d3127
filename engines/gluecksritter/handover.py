"""Hand-over: coins or castle pieces that the rules or a document move and no other command
covers (a promised share of loot, a document's effect), entered as play, not as a correction.

Between two players, or between a player and the sack (coins) or the supply (castle pieces); only
what the giver holds, only what the receiver's castle has room for. The receiver's royal tax
follows like after any gain. Possible at any time except while action cards are being chosen
(phase B until everyone has locked in), while a royal tax is due and after the end of the game.
A hand-over from the winner of the haggling to the other knight, while the winner's promise of
loot is awaited, answers that promise.
"""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.core.frozen import replace
from engines.gluecksritter import events as ev
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import HandOver
from engines.gluecksritter.fields import castle_full
from engines.gluecksritter.rules import CASTLE_LIMIT, COLOURS
from engines.gluecksritter.state import CHOOSE, GameState

SACK, SUPPLY = "sack", "supply"


def hand_over(state: GameState, cmd: HandOver) -> list[ev.Event]:
    not_now(state)
    handed = moved(state, cmd)
    if _answers_promise(state, cmd):
        return [replace(handed, promise=True), ev.KnightFinished()]
    return [handed]


def not_now(state: GameState) -> None:
    """Refuse a hand-over (or a document's effect) while the action cards are being chosen."""
    if state.phase == CHOOSE and any(p.pick is None for p in state.players):
        raise RuleViolation("hand-over.not-now", "nothing is handed over while action cards are being chosen")


def moved(state: GameState, cmd: HandOver) -> ev.HandedOver:
    """The hand-over as an event, once the places, the amounts, the giver's stock and the
    receiver's room allow it."""
    _places(state, cmd)
    if min(cmd.coins.silver, cmd.coins.gold, cmd.walls, cmd.towers) < 0:
        raise RuleViolation("hand-over.negative", "a hand-over cannot move a negative number of coins or pieces")
    if not (cmd.coins.count or cmd.walls or cmd.towers):
        raise RuleViolation("hand-over.nothing", "say what is handed over: coins, walls or towers")
    if cmd.coins.count and SUPPLY in (cmd.source, cmd.target):
        raise RuleViolation("hand-over.places", "coins come from or go to the sack, not the supply")
    if (cmd.walls or cmd.towers) and SACK in (cmd.source, cmd.target):
        raise RuleViolation("hand-over.places", "castle pieces come from or go to the supply, not the sack")
    if cmd.document is not None and state.rules.document(cmd.document) is None:
        raise RuleViolation(
            "document.unknown", "there is no document '{document}' in the catalogue", document=cmd.document
        )
    _holds(state, cmd)
    _room(state, cmd)
    return ev.HandedOver(cmd.source, cmd.target, cmd.coins, cmd.walls, cmd.towers, cmd.document)


def _places(state: GameState, cmd: HandOver) -> None:
    for place in (cmd.source, cmd.target):
        if place in COLOURS and not state.has_player(place):
            raise RuleViolation("player.unknown", "nobody plays '{colour}' at this table", colour=place)
        if place not in (SACK, SUPPLY) and not state.has_player(place):
            raise RuleViolation("hand-over.places", "'{place}' is not a player, the sack or the supply", place=place)
    if cmd.source == cmd.target:
        raise RuleViolation("hand-over.places", "a hand-over goes from one place to another")
    if not (state.has_player(cmd.source) or state.has_player(cmd.target)):
        raise RuleViolation("hand-over.places", "a hand-over gives to or takes from a player")


def _stock(state: GameState, place: str) -> tuple[Coins, int, int]:
    """What a place holds: coins, walls, towers."""
    if place == SUPPLY:
        return Coins(), state.supply_walls, state.supply_towers
    if place == SACK:
        return state.sack, 0, 0
    p = state.player(place)
    return p.coins, p.walls, p.towers


def _holds(state: GameState, cmd: HandOver) -> None:
    """The giver holds what he hands over: coins come from the sack or a player (never the
    supply), castle pieces from the supply or a player (never the sack)."""
    coins, walls, towers = _stock(state, cmd.source)
    if not coins.covers(cmd.coins):
        values = {
            "silver": coins.silver,
            "gold": coins.gold,
            "want_silver": cmd.coins.silver,
            "want_gold": cmd.coins.gold,
        }
        if cmd.source == SACK:
            raise RuleViolation(
                "hand-over.holds",
                "the sack holds only {silver} silver and {gold} gold, not {want_silver} silver and {want_gold} gold",
                **values,
            )
        raise RuleViolation(
            "hand-over.holds",
            "{player} holds only {silver} silver and {gold} gold, not {want_silver} silver and {want_gold} gold",
            player=cmd.source,
            **values,
        )
    if cmd.walls > walls and cmd.source == SUPPLY:
        raise RuleViolation("hand-over.holds", "the supply has only {have} walls, not {n}", have=walls, n=cmd.walls)
    if cmd.walls > walls:
        raise RuleViolation(
            "hand-over.holds", "{player} has only {have} walls, not {n}", player=cmd.source, have=walls, n=cmd.walls
        )
    if cmd.towers > towers and cmd.source == SUPPLY:
        raise RuleViolation("hand-over.holds", "the supply has only {have} towers, not {n}", have=towers, n=cmd.towers)
    if cmd.towers > towers:
        raise RuleViolation(
            "hand-over.holds", "{player} has only {have} towers, not {n}", player=cmd.source, have=towers, n=cmd.towers
        )


def _room(state: GameState, cmd: HandOver) -> None:
    if not state.has_player(cmd.target):
        return
    p = state.player(cmd.target)
    for piece, held, n in (("wall", p.walls, cmd.walls), ("tower", p.towers, cmd.towers)):
        if held + n > CASTLE_LIMIT:
            raise castle_full(piece, p.colour, CASTLE_LIMIT - held)


def _answers_promise(state: GameState, cmd: HandOver) -> bool:
    k = state.knight
    if k is None or k.stage != "promise" or not state.field_open or k.actor != cmd.source:
        return False
    return cmd.target in k.knights and cmd.target != k.actor
