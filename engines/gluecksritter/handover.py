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
from engines.gluecksritter import events as ev
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import HandOver
from engines.gluecksritter.rules import CASTLE_LIMIT, COLOURS
from engines.gluecksritter.state import CHOOSE, GameState

SACK, SUPPLY = "sack", "supply"


def hand_over(state: GameState, cmd: HandOver) -> list:
    if state.phase == CHOOSE and any(p.pick is None for p in state.players):
        raise RuleViolation("hand-over.not-now", "nothing is handed over while action cards are being chosen")
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
        raise RuleViolation("document.unknown", f"there is no document {cmd.document!r} in the catalogue")
    _holds(state, cmd)
    _room(state, cmd)
    promise = _answers_promise(state, cmd)
    handed = ev.HandedOver(cmd.source, cmd.target, cmd.coins, cmd.walls, cmd.towers, cmd.document, promise)
    return [handed, ev.KnightFinished()] if promise else [handed]


def _places(state: GameState, cmd: HandOver) -> None:
    for place in (cmd.source, cmd.target):
        if place in COLOURS and not state.has_player(place):
            raise RuleViolation("player.unknown", f"nobody plays {place!r} at this table")
        if place not in (SACK, SUPPLY) and not state.has_player(place):
            raise RuleViolation("hand-over.places", f"{place!r} is not a player, the sack or the supply")
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
    coins, walls, towers = _stock(state, cmd.source)
    where = {SACK: "the sack", SUPPLY: "the supply"}.get(cmd.source, cmd.source)
    if not coins.covers(cmd.coins):
        raise RuleViolation("hand-over.holds", f"{where} holds only {coins}, not {cmd.coins}")
    for what, have, n in (("walls", walls, cmd.walls), ("towers", towers, cmd.towers)):
        if n > have:
            raise RuleViolation("hand-over.holds", f"{where} has only {have} {what}, not {n}")


def _room(state: GameState, cmd: HandOver) -> None:
    if not state.has_player(cmd.target):
        return
    p = state.player(cmd.target)
    for what, held, n in (("walls", p.walls, cmd.walls), ("towers", p.towers, cmd.towers)):
        if held + n > CASTLE_LIMIT:
            raise RuleViolation(
                "castle.limit",
                f"a castle holds at most {CASTLE_LIMIT} {what}; {p.colour} has room for {CASTLE_LIMIT - held}",
            )


def _answers_promise(state: GameState, cmd: HandOver) -> bool:
    k = state.knight
    if k is None or k.stage != "promise" or not state.field_open or k.actor != cmd.source:
        return False
    return cmd.target in k.knights and cmd.target != k.actor
