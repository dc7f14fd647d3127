"""What is always true of the physical box, checked after every event (so: kept cheap)."""

from __future__ import annotations

from engines.core.errors import InvariantBroken
from engines.gluecksritter.rules import CASTLE_LIMIT, GOLD_TOTAL, PIECE_SUPPLY, SILVER_TOTAL
from engines.gluecksritter.state import CHOOSE, DOCUMENTS, DUCATS, OVER, RANSOM, RESOLVE, GameState

PHASES = frozenset({DUCATS, CHOOSE, DOCUMENTS, RANSOM, RESOLVE, OVER})
STAGES = frozenset({"act", "raid-piece", "duel", "haggle-roll", "choose-first", "haggle", "pay", "promise", "done"})
CARDS = frozenset(range(1, 7))


def check(state: GameState) -> None:
    sack, f5, f6 = state.sack, state.field5, state.field6
    silver = sack.silver + f5.silver + f6.silver
    gold = sack.gold + f5.gold + f6.gold
    negative = min(sack.silver, sack.gold, f5.silver, f5.gold, f6.silver, f6.gold) < 0
    walls = state.supply_walls
    towers = state.supply_towers
    documents = state.deck + state.discard
    for p in state.players:
        silver += p.silver
        gold += p.gold
        walls += p.walls
        towers += p.towers
        if p.silver < 0 or p.gold < 0:
            negative = True
        if not (0 <= p.walls <= CASTLE_LIMIT and 0 <= p.towers <= CASTLE_LIMIT):
            raise InvariantBroken(f"{p.colour}'s castle has {p.walls} walls and {p.towers} towers")
        if p.pick is not None and (len(p.pick) != 2 or p.pick[0] == p.pick[1] or not CARDS.issuperset(p.pick)):
            raise InvariantBroken(f"{p.colour} picked {p.pick}")
        documents += p.documents
    if silver != SILVER_TOTAL or gold != GOLD_TOTAL or negative:
        piles = [sack, f5, f6] + [p.coins for p in state.players]
        raise InvariantBroken(f"coins not conserved: {silver} silver and {gold} gold instead of 60/40 in {piles}")
    if walls != PIECE_SUPPLY or towers != PIECE_SUPPLY or state.supply_walls < 0 or state.supply_towers < 0:
        raise InvariantBroken(f"castle pieces not conserved: {walls} walls and {towers} towers instead of 24")
    if state.face_down:
        documents += tuple(doc for _, doc in state.face_down)
    kinds = state.rules.documents
    if len(documents) != state.rules.document_total or any(documents.count(k.id) != k.count for k in kinds):
        raise InvariantBroken(f"documents not conserved: {sorted(documents)}")
    _check_flow(state)


def _check_flow(state: GameState) -> None:
    """The phase, the field and who is awaited fit together (guards loaded saves)."""
    if state.phase not in PHASES or state.round < 1:
        raise InvariantBroken(f"no such phase or round: {state.phase!r}, round {state.round}")
    if not 0 <= state.field <= 6 or (state.field_open and state.phase != RESOLVE):
        raise InvariantBroken(f"field {state.field} open={state.field_open} in phase {state.phase}")
    if state.round_closing and (state.phase != RESOLVE or state.field_open):
        raise InvariantBroken(f"the round's end awaited in phase {state.phase}, field open={state.field_open}")
    if state.todo or state.taxes or state.face_down or state.passed_over or state.knight is not None:
        colours = {p.colour for p in state.players}
        owners = set(state.todo) | {who for who, _ in state.taxes} | {who for who, _ in state.face_down}
        owners |= {who for who, _ in state.passed_over}
        if not owners <= colours:
            raise InvariantBroken(f"a decision or document belongs to nobody at the table: {owners - colours}")
        k = state.knight
        if k is not None and (k.stage not in STAGES or not colours.issuperset(k.knights)):
            raise InvariantBroken(f"impossible Black Knight state {k}")
