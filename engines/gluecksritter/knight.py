"""Field 4, the Black Knight: one knight acts; two duel (schmidt) or haggle (osullivan, the
offers in :mod:`haggle`); three or more all go to the dungeon."""

from __future__ import annotations

from typing import Literal

from engines.core.errors import RuleViolation
from engines.gluecksritter import events as ev
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import KnightAct, RaidPiece, RollDie
from engines.gluecksritter.rules import CASTLE_LIMIT, OSULLIVAN, Piece
from engines.gluecksritter.state import GameState, Knight


def open_knight_field(state: GameState, knights: tuple[str, ...]) -> list[ev.Event]:
    if len(knights) == 1:
        return [ev.KnightStarted(knights, "act", actor=knights[0])]
    if len(knights) >= 3:
        return [ev.KnightsImprisoned(knights, "three or more Black Knights"), ev.KnightStarted(knights, "done")]
    if state.rules.ruleset != OSULLIVAN:
        return [ev.KnightStarted(knights, "duel")]
    a, b = (state.player(k) for k in knights)
    if a.pieces == b.pieces:
        return [ev.KnightStarted(knights, "haggle-roll")]
    decider = a if a.pieces < b.pieces else b
    return [ev.KnightStarted(knights, "choose-first", decider=decider.colour)]


def start_knights(state: GameState, pickers: tuple[str, ...]) -> list[ev.Event]:
    """Field 4 opens for the players who laid card 4; a knight that sits in the dungeon (a
    correction put it there after its card was laid) does not act."""
    held = tuple(p for p in pickers if state.player(p).knight_in_dungeon)
    free = tuple(p for p in pickers if p not in held)
    events: list[ev.Event] = [ev.KnightsInDungeon(held)] if held else []
    if not free:
        return events + [ev.KnightStarted(pickers, "done")]
    return events + open_knight_field(state, free)


ACTING = ("act", "raid-piece", "pay")  # the acting knight is known
CONTESTING = ("duel", "haggle-roll", "choose-first", "haggle")  # two knights still contend


def dungeon_step(state: GameState) -> list[ev.Event] | None:
    """A correction sent a knight of the unfinished field 4 to the dungeon: it no longer acts.
    The acting knight: nobody acts. One of two contending knights: the other acts alone."""
    k = state.knight
    if k is None:
        return None
    jailed = [p for p in k.knights if state.player(p).knight_in_dungeon]
    if k.stage in ACTING and k.actor in jailed:
        return [ev.KnightsInDungeon((k.actor,)), ev.KnightFinished()]
    if k.stage in CONTESTING and jailed:
        free = tuple(p for p in k.knights if p not in jailed)
        rest = open_knight_field(state, free) if free else [ev.KnightFinished()]
        return [ev.KnightsInDungeon(tuple(jailed)), *rest]
    return None


def field4(state: GameState, stages: tuple[str, ...], not_now: RuleViolation) -> Knight:
    """Field 4 in one of ``stages``, or the command is refused with ``not_now`` (its own words:
    what is not due now)."""
    k = state.knight
    if k is None or not state.field_open or state.field != 4 or k.stage not in stages:
        raise not_now
    return k


def other_knight(k: Knight, player: str) -> str:
    a, b = k.knights
    return b if player == a else a


def _finish(state: GameState, k: Knight) -> list[ev.Event]:
    """The acting knight is done. osullivan: both knights to the dungeon; a winner who promised
    a share of the loot is asked next what he hands over of it."""
    if state.rules.ruleset != OSULLIVAN:
        return [ev.KnightFinished()]
    seen = ev.KnightsImprisoned(k.knights, "the Black Knight was seen")
    offer = k.offer
    if offer is not None and offer.by == k.actor and offer.loot_promise:
        return [seen, ev.LootPromiseDue(offer.by, other_knight(k, offer.by), offer.loot_promise)]
    return [seen, ev.KnightFinished()]


def raid_options(state: GameState, raider: str, victim: str) -> list[Piece]:
    r, v = state.player(raider), state.player(victim)
    options: list[Piece] = []
    if v.walls and r.walls < CASTLE_LIMIT:
        options.append("wall")
    if v.towers and r.towers < CASTLE_LIMIT:
        options.append("tower")
    return options


def knight_act(state: GameState, cmd: KnightAct) -> list[ev.Event]:
    k = field4(state, ("act",), RuleViolation("field4.not-now", "the Black Knight's action is not due now"))
    if cmd.player != k.actor:
        raise RuleViolation(
            "field4.actor", "{actor} is the Black Knight, not {player}", actor=k.actor, player=cmd.player
        )
    acted = ev.KnightActed(cmd.player, cmd.action, cmd.victim)
    if cmd.action in ("field5", "field6"):
        if cmd.victim is not None or cmd.face is not None:
            raise RuleViolation("field4.choice", "taking the gold of a field names no victim and needs no die")
        gold = state.pile(cmd.action).gold
        moved = [ev.CoinsMoved(cmd.action, cmd.player, Coins(0, gold), "the Black Knight's loot")] if gold else []
        return [acted, *moved, *_finish(state, k)]
    if cmd.action == "pass":
        return [acted, *_finish(state, k)]
    victim = cmd.victim
    if victim is None or not state.has_player(victim) or victim == cmd.player:
        raise RuleViolation("field4.victim", "a raid names another player as its victim")
    if cmd.face is None or not 1 <= cmd.face <= 6:
        raise RuleViolation("field4.special-die", "a raid needs the special die's face, 1 to 6")
    symbol = state.rules.special_die[cmd.face - 1]
    events: list[ev.Event] = [acted, ev.RaidRolled(cmd.player, victim, cmd.face, symbol)]
    if symbol == "sack":
        loot = state.player(victim).coins
        if loot.count:
            events.append(ev.CoinsMoved(victim, cmd.player, loot, "raid"))
        return events + _finish(state, k)
    options = raid_options(state, cmd.player, victim)
    if len(options) == 2:
        return events + [ev.RaidPieceWanted(cmd.player, victim)]
    if options:
        events.append(ev.PieceMoved(victim, cmd.player, options[0], "raid"))
    return events + _finish(state, k)


def raid_piece(state: GameState, cmd: RaidPiece) -> list[ev.Event]:
    k = field4(state, ("raid-piece",), RuleViolation("field4.not-now", "choosing the raided piece is not due now"))
    if cmd.player != k.actor or k.victim is None:
        raise RuleViolation("field4.actor", "{actor} is the raider, not {player}", actor=k.actor, player=cmd.player)
    options = raid_options(state, cmd.player, k.victim)
    if cmd.piece not in options and cmd.piece == "wall":
        raise RuleViolation(
            "field4.raid-piece", "{player} cannot take a wall from {victim}", player=cmd.player, victim=k.victim
        )
    if cmd.piece not in options:
        raise RuleViolation(
            "field4.raid-piece", "{player} cannot take a tower from {victim}", player=cmd.player, victim=k.victim
        )
    return [ev.PieceMoved(k.victim, cmd.player, cmd.piece, "raid"), *_finish(state, k)]


def roll_die(state: GameState, cmd: RollDie) -> list[ev.Event]:
    k = field4(
        state, ("duel", "haggle-roll"), RuleViolation("field4.not-now", "a roll of the number die is not due now")
    )
    if cmd.player not in k.knights:
        raise RuleViolation("field4.roller", "{player} is not one of the two knights", player=cmd.player)
    if any(who == cmd.player for who, _ in k.rolls):
        raise RuleViolation("field4.rolled", "{player} has already rolled", player=cmd.player)
    if not 1 <= cmd.value <= 6:
        raise RuleViolation("die.value", "the number die shows 1 to 6, not {value}", value=cmd.value)
    purpose: Literal["duel", "haggle"] = "duel" if k.stage == "duel" else "haggle"
    events: list[ev.Event] = [ev.DieRolled(cmd.player, cmd.value, purpose)]
    rolls = dict(k.rolls + ((cmd.player, cmd.value),))
    if len(rolls) < 2:
        return events
    a, b = k.knights
    if rolls[a] == rolls[b]:
        if purpose == "duel":
            return events + [ev.KnightsImprisoned(k.knights, "equal duel rolls"), ev.KnightFinished()]
        return events + [ev.RollsTied()]
    high, low = (a, b) if rolls[a] > rolls[b] else (b, a)
    if purpose == "duel":
        return events + [ev.DuelWon(high), ev.KnightsImprisoned((low,), "lost the duel")]
    return events + [ev.DeciderChosen(high)]
