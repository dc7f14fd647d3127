"""Named counters: what a correction may set and what a scenario may expect.

Names: ``<colour>.silver``, ``.gold``, ``.walls``, ``.towers``, ``.knight-in-dungeon`` (0/1),
``.documents`` (read only), ``field5.silver``/``.gold``, ``field6.silver``/``.gold`` and, read
only, ``sack.silver``/``.gold``, ``supply.walls``/``.towers``, ``deck``, ``discard``, ``round``.
Setting a coin counter moves the difference from or to the sack, setting a castle counter from
or to the supply, so the totals of the box always hold.
"""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.core.frozen import replace
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.rules import CASTLE_LIMIT
from engines.gluecksritter.state import GameState

PLAYER_COUNTERS = ("silver", "gold", "walls", "towers", "knight-in-dungeon", "documents")
SETTABLE_PLAYER = ("silver", "gold", "walls", "towers", "knight-in-dungeon")
FIELD_COUNTERS = ("silver", "gold")


def counter_names(state: GameState) -> list[str]:
    names = [f"{p.colour}.{c}" for p in state.players for c in PLAYER_COUNTERS]
    names += [f"{f}.{c}" for f in ("field5", "field6", "sack") for c in FIELD_COUNTERS]
    return names + ["supply.walls", "supply.towers", "deck", "discard", "round"]


def read_counter(state: GameState, name: str) -> int:
    owner, _, what = name.partition(".")
    if owner in ("field5", "field6", "sack") and what in FIELD_COUNTERS:
        coins: int = getattr(state.pile(owner), what)
        return coins
    if owner == "supply" and what in ("walls", "towers"):
        return state.supply_walls if what == "walls" else state.supply_towers
    if name == "deck":
        return len(state.deck)
    if name == "discard":
        return len(state.discard)
    if name == "round":
        return state.round
    if state.has_player(owner) and what in PLAYER_COUNTERS:
        p = state.player(owner)
        if what == "knight-in-dungeon":
            return int(p.knight_in_dungeon)
        if what == "documents":
            return len(p.documents)
        value: int = getattr(p, what)
        return value
    raise KeyError(name)


def correction_refusal(state: GameState, name: str, value: int) -> RuleViolation | None:
    """Why ``name`` cannot be set to ``value``, or None."""
    owner, _, what = name.partition(".")
    try:
        old = read_counter(state, name)
    except KeyError:
        return RuleViolation(
            "correction.counter",
            "there is no counter '{counter}'; counters are e.g. red.silver, field5.gold, blue.walls",
            counter=name,
        )
    if owner == "sack":
        return RuleViolation(
            "correction.counter", "the sack holds whatever is not elsewhere: correct the place the coins really are"
        )
    settable = (owner in ("field5", "field6") and what in FIELD_COUNTERS) or (
        state.has_player(owner) and what in SETTABLE_PLAYER
    )
    if not settable:
        return RuleViolation(
            "correction.counter", "{counter} follows from the rest of the game and cannot be set by hand", counter=name
        )
    if value < 0:
        return RuleViolation("correction.counter", "{counter} cannot be negative", counter=name)
    diff = value - old
    if what in FIELD_COUNTERS:
        left = getattr(state.sack, what)
        if diff > left and what == "silver":
            return RuleViolation("correction.counter", "the sack has only {left} silver to give", left=left)
        if diff > left:
            return RuleViolation("correction.counter", "the sack has only {left} gold to give", left=left)
    elif what in ("walls", "towers"):
        walls = what == "walls"
        if value > CASTLE_LIMIT and walls:
            return RuleViolation("correction.counter", "a castle holds at most {limit} walls", limit=CASTLE_LIMIT)
        if value > CASTLE_LIMIT:
            return RuleViolation("correction.counter", "a castle holds at most {limit} towers", limit=CASTLE_LIMIT)
        supply = state.supply_walls if walls else state.supply_towers
        if diff > supply and walls:
            return RuleViolation("correction.counter", "the supply has only {left} walls left", left=supply)
        if diff > supply:
            return RuleViolation("correction.counter", "the supply has only {left} towers left", left=supply)
    elif what == "knight-in-dungeon" and value not in (0, 1):
        return RuleViolation("correction.counter", "knight-in-dungeon is 0 (in hand) or 1 (in the dungeon)")
    return None


def set_counter(state: GameState, name: str, value: int) -> GameState:
    """Set a counter, keeping the box's totals (coins from/to the sack, pieces from/to the supply)."""
    owner, _, what = name.partition(".")
    old = read_counter(state, name)
    diff = value - old
    if what in FIELD_COUNTERS:
        delta = Coins(diff, 0) if what == "silver" else Coins(0, diff)
        state = replace(state, sack=state.sack - delta)
        if owner == "field5":
            return replace(state, field5=state.field5 + delta)
        if owner == "field6":
            return replace(state, field6=state.field6 + delta)
        player = state.player(owner)
        return state.with_player(player.with_coins(player.coins + delta))
    player = state.player(owner)
    if what == "knight-in-dungeon":
        return state.with_player(replace(player, knight_in_dungeon=bool(value)))
    if what == "walls":
        state = replace(state, supply_walls=state.supply_walls - diff)
        return state.with_player(replace(player, walls=value))
    state = replace(state, supply_towers=state.supply_towers - diff)
    return state.with_player(replace(player, towers=value))
