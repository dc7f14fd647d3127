"""What is always true of the physical box, checked after every event."""

from __future__ import annotations

from collections import Counter

from engines.core.errors import InvariantBroken
from engines.gluecksritter.rules import CASTLE_LIMIT, GOLD_TOTAL, PIECE_SUPPLY, SILVER_TOTAL
from engines.gluecksritter.state import CHOOSE, DOCUMENTS, DUCATS, OVER, RANSOM, RESOLVE, GameState

PHASES = {DUCATS, CHOOSE, DOCUMENTS, RANSOM, RESOLVE, OVER}
STAGES = {"act", "raid-piece", "duel", "haggle-roll", "choose-first", "haggle", "done"}


def check(state: GameState) -> None:
    _check_flow(state)
    piles = [state.sack, state.field5, state.field6] + [p.coins for p in state.players]
    silver = sum(c.silver for c in piles)
    gold = sum(c.gold for c in piles)
    if silver != SILVER_TOTAL or gold != GOLD_TOTAL:
        raise InvariantBroken(f"coins not conserved: {silver} silver and {gold} gold instead of 60/40")
    if any(c.silver < 0 or c.gold < 0 for c in piles):
        raise InvariantBroken(f"a negative number of coins: {piles}")
    for p in state.players:
        if not (0 <= p.walls <= CASTLE_LIMIT and 0 <= p.towers <= CASTLE_LIMIT):
            raise InvariantBroken(f"{p.colour}'s castle has {p.walls} walls and {p.towers} towers")
    if state.supply_walls + sum(p.walls for p in state.players) != PIECE_SUPPLY or state.supply_walls < 0:
        raise InvariantBroken("walls not conserved")
    if state.supply_towers + sum(p.towers for p in state.players) != PIECE_SUPPLY or state.supply_towers < 0:
        raise InvariantBroken("towers not conserved")
    docs = Counter(state.deck) + Counter(state.discard) + Counter(d for _, d in state.face_down)
    for p in state.players:
        docs.update(p.documents)
    expected = {k.id: k.count for k in state.rules.documents}
    if dict(docs) != expected:
        raise InvariantBroken(f"documents not conserved: {dict(docs)} instead of {expected}")


def _check_flow(state: GameState) -> None:
    """The phase, the field and who is awaited fit together (guards loaded saves)."""
    colours = {p.colour for p in state.players}
    if state.phase not in PHASES or not 1 <= state.round:
        raise InvariantBroken(f"no such phase or round: {state.phase!r}, round {state.round}")
    if not 0 <= state.field <= 6 or (state.field_open and state.phase != RESOLVE):
        raise InvariantBroken(f"field {state.field} open={state.field_open} in phase {state.phase}")
    if not set(state.todo) <= colours or any(who not in colours for who, _ in state.taxes + state.face_down):
        raise InvariantBroken("a decision or document belongs to nobody at the table")
    for p in state.players:
        if p.pick is not None and (len(p.pick) != 2 or p.pick[0] == p.pick[1] or not set(p.pick) <= set(range(1, 7))):
            raise InvariantBroken(f"{p.colour} picked {p.pick}")
    k = state.knight
    if k is not None and (k.stage not in STAGES or not set(k.knights) <= colours):
        raise InvariantBroken(f"impossible Black Knight state {k}")
