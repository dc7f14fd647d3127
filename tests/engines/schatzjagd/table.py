"""A seeded random Schatzjagd table for the property tests: plausible legal commands, and illegal ones.

Everything random (the setup, every die, the type and printed numbers of a card turned up, the
kind of treasure dug or stolen, the players' choices) comes from one ``random.Random``, so a seed
replays a whole game.

:func:`legal_command` builds one command the rules allow in a state, the way a table would play:
the henchman travels (to a field of a small board A1..F6, to a field before the city's walls and
then into the city, to the field before a rival's castle and then into that castle, home), turns up
what it finds, fights, shops, picks up treasures (as many as the hand limit allows), uses specials
and the teleportal, plunders; the prince plays at most one card a turn
(slots one into a free field, casts a spell, digs with a map, hides a treasure at home) and must
play one when the hand holds more than four; the turn ends; Grandlin's catharsis is played out.
Now and then the table corrects a value or moves a henchman by hand. The table mirrors the rules
as the brief states them, so a refusal of one of its commands is a defect (of the engine or of
this table) and :func:`play_step` reports it as :class:`Refused`.

:func:`illegal_with_rule` builds a command the rules refuse in a state, with the name of the rule that must
refuse it (:class:`Illegal`); :func:`illegal_command` is the command alone.

:func:`random_config`, :func:`legal_command` and :func:`illegal_command` are the face every game's
random table offers (:mod:`tests.support.players`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, NamedTuple

from engines.core.correction import Correct
from engines.core.errors import RuleViolation
from engines.core.history import History
from engines.schatzjagd import GAME, Setup
from engines.schatzjagd.commands import (
    CastSpell,
    Challenge,
    Dig,
    EndTurn,
    Exchange,
    Flee,
    Healer,
    HideTreasure,
    Inn,
    PickUp,
    PlaceCard,
    Plunder,
    Relocate,
    RemoveCard,
    Reveal,
    School,
    Smith,
    Teleport,
    Travel,
    UseSpecial,
)
from engines.schatzjagd.hand import over_four, room_for_treasures
from engines.schatzjagd.rules import (
    CARD_TYPES,
    CITY,
    COLOURS,
    COMPOSITION,
    SHOPS,
    TELEPORTAL,
    Effect,
    castle,
    castle_colour,
    in_city,
    is_field,
)  # fmt: skip
from engines.schatzjagd.state import CATHARSIS, OVER, PLAY, GameState, Henchman

__all__ = [
    "DEFAULT_STYLE",
    "GREEDY",
    "GRID",
    "Illegal",
    "Refused",
    "Style",
    "illegal_command",
    "illegal_with_rule",
    "legal_command",
    "new_history",
    "play",
    "play_step",
    "random_config",
    "random_setup",
]

# ------------------------------------------------------------------------------ the board
# A small part of the board, so that henchmen meet cards and each other; cards go beyond it only
# when every field of it is taken.
GRID = tuple(f"{road}{river}" for road in "ABCDEF" for river in range(1, 7))
BEYOND = tuple(f"{road}{river}" for road in "ABCDEFGHIJKLMN" for river in range(1, 15) if f"{road}{river}" not in GRID)
PLACES_IN_CITY = (CITY, *SHOPS)
# The fields before the walls on this small board: two of the city's gates, and one field before
# each castle (the table says so when a henchman stops there).
CITY_GATES = ("C3", "D4")
CASTLE_GATES = {"red": "A1", "yellow": "F1", "blue": "F6", "green": "A6"}
HIGH = 15

TREASURE_SETS = (
    {"crown": 4, "chalice": 4, "orb": 4},
    {"sceptre": 6, "amulet": 6},
    {"crown": 3, "chalice": 3, "orb": 3, "sceptre": 3},
    {"ruby": 5, "emerald": 4, "sapphire": 2, "pearl": 1},
)
ABSENT = ("purple", "black")  # colours nobody can play


@dataclass(frozen=True)
class Style:
    """How the table likes to play: weights and probabilities per opportunity."""

    dig: float = 1.0  # weight of digging with a map when the henchman stands on a field
    home: float = 0.6  # carrying treasures: the chance to head for the own castle
    place: float = 1.5  # weight of slotting a card into a field
    spell: float = 0.3  # weight of casting a spell (a turn's card)
    spell_first: float = 0.05  # a spell before the journey
    spell_in_fight: float = 0.1
    challenge: float = 1.0
    flee: float = 0.12
    end: float = 1.0  # weight of ending the turn when more could be done
    remove: float = 0.6  # catharsis: take a card off the board rather than pass
    correction: float = 0.004  # per step: the table corrects a value or moves a henchman by hand


DEFAULT_STYLE = Style()
GREEDY = Style(dig=6.0, home=0.95, place=0.6, spell=0.2, challenge=0.5, flee=0.3, end=0.3, correction=0.001)


class Refused(AssertionError):
    """The engine refused a command the table built as legal."""


class Illegal(NamedTuple):
    command: Any
    rule: str  # the rule that must refuse it
    why: str  # what is wrong, for the failure message


# ------------------------------------------------------------------------------ set-up


def random_victory(rng: random.Random, kinds: dict[str, int], low: bool = False) -> dict[str, Any] | None:
    """One of the four kinds of victory condition, possible with ``kinds``; ``low``: easy to reach."""
    names = list(kinds)
    choice = rng.choice(("treasures", "same_kind", "different_kinds", "kinds", "guide"))
    if choice == "guide" and not low:
        return None
    if choice == "same_kind":
        return {"same_kind": rng.randint(1, 2 if low else max(kinds.values()))}
    if choice == "different_kinds":
        return {"different_kinds": rng.randint(1, 2 if low else len(names))}
    if choice == "kinds":
        return {"kinds": tuple(rng.sample(names, rng.randint(1, 2 if low else len(names))))}
    return {"treasures": rng.randint(1, 2 if low else 6)}


def random_setup(rng: random.Random, players: int, *, low_victory: bool = False, **overrides: Any) -> Setup:
    """``players`` castle colours in a random seating, random optional rules and victory condition."""
    colours = rng.sample(COLOURS, players)
    kinds = dict(rng.choice(TREASURE_SETS))
    regions = list(COLOURS)
    rng.shuffle(regions)
    data: dict[str, Any] = {
        "players": [{"name": f"Prince {i + 1}", "colour": c} for i, c in enumerate(colours)],
        "first": rng.choice(colours),
        "victory": random_victory(rng, kinds, low_victory),
        "plunder": rng.random() < 0.5,
        "catharsis": rng.random() < 0.5,
        "teleportal": rng.random() < 0.7,
        "show_treasure_kinds": rng.random() < 0.4,
        "treasure_kinds": kinds,
        "regions": dict(zip((2, 3, 4, 5), regions, strict=True)),
    }
    data.update(overrides)
    return Setup.model_validate(data)


def random_config(rng: random.Random, players: int | None = None, **settings: Any) -> Setup:
    """A random setup: 2 to 4 players unless told; ``settings`` as :func:`random_setup` takes them."""
    return random_setup(rng, players or rng.randint(2, 4), **settings)


def new_history(rng: random.Random, players: int, **settings: Any) -> History:
    return History(GAME, random_setup(rng, players, **settings))


# ------------------------------------------------------------------------------ helpers


def die(rng: random.Random) -> int:
    return rng.randint(1, 6)


def weighted(rng: random.Random, options: list[tuple[float, Any]]) -> Any:
    options = [(w, o) for w, o in options if w > 0]
    total = sum(w for w, _ in options)
    x = rng.random() * total
    for w, o in options:
        x -= w
        if x < 0:
            return o
    return options[-1][1]


def rivals(state: GameState, colour: str) -> list[str]:
    return [c for c in state.colours if c != colour]


def free_fields(state: GameState, fields: tuple[str, ...] = GRID) -> list[str]:
    """Fields a card may be slotted into: no card, no henchman, no treasure there."""
    return [f for f in fields if not state.cards_at(f) and not state.henchmen_at(f) and not state.loose_at(f)]


def walls_at(state: GameState, field: str) -> str | None:
    """The walls ``field`` lies before on this board (castles of colours in play only), or None."""
    if field in CITY_GATES:
        return CITY
    return next((castle(c) for c, f in CASTLE_GATES.items() if f == field and c in state.colours), None)


def travel(state: GameState, colour: str, die: int, to: str) -> Travel:
    """A journey to ``to``, saying which walls the field lies before, as the table sees it."""
    return Travel(colour, die, to, walls_at(state, to) if is_field(to) else None)


def reachable(p: Henchman, to: str) -> bool:
    """May the henchman end today's journey at ``to`` (the city and rival castles need a night before their walls)?"""
    if to == p.place:
        return True
    if in_city(to) and not (p.before == CITY or in_city(p.place)):
        return False
    owner = castle_colour(to)
    return owner is None or owner == p.colour or p.before == to


def unseen(state: GameState) -> dict[str, int]:
    """Cards of each type that are not face up where everyone sees them (a face-down card is one of them)."""
    return {k: COMPOSITION[k] - state.public_count(k) for k in CARD_TYPES}


def calm(state: GameState) -> bool:
    """The current henchman has travelled, is alive, fights nobody and has turned up what lies here."""
    if state.phase != PLAY or state.fight is not None or state.turn.died or not state.turn.travelled:
        return False
    return state.face_down_at(state.henchman(state.current).place) is None


def active(state: GameState) -> bool:
    """Calm, and the henchman's day is not over (it has not fled, the prince has played no card but a spell)."""
    return calm(state) and not state.turn.halted


def fresh(state: GameState) -> bool:
    """The current player's turn has just begun: no journey yet, no fight, the henchman alive."""
    return state.phase == PLAY and state.fight is None and not state.turn.died and not state.turn.travelled


def can_spell(state: GameState, p: Henchman) -> bool:
    return not state.turn.card_played and p.cards >= 1 and unseen(state)["spell"] > 0


def needed_heal(p: Henchman) -> int:
    """Gold that heals the henchman to full life (3 life per gold)."""
    return -(-(HIGH - p.life) // 3)


# ------------------------------------------------------------------------------ legal commands


def legal_command(state: GameState, rng: random.Random, style: Style = DEFAULT_STYLE) -> Any:
    """A command the rules allow in ``state`` (the game must not be over)."""
    assert state.phase != OVER, "the game is over"
    if rng.random() < style.correction:
        command = _correction(state, rng)
        if command is not None:
            return command
    if state.phase == CATHARSIS:
        who = state.catharsis[0]
        fields = sorted({c.field for c in state.board})
        if fields and rng.random() < style.remove:
            return RemoveCard(who, rng.choice(fields))
        return RemoveCard(who)
    c = state.current
    p = state.henchman(c)
    if state.fight is not None:
        return _fight(state, rng, style, p)
    if state.turn.died:
        return EndTurn(c)  # the new henchman waits in its castle; the hand was discarded
    if not state.turn.travelled:
        if rng.random() < style.spell_first and can_spell(state, p):
            return _spell(state, rng, p)
        return travel(state, c, die(rng), _destination(state, rng, style, p))
    if state.face_down_at(p.place) is not None:
        return _reveal(state, rng)
    return _after_journey(state, rng, style, p)


def _correction(state: GameState, rng: random.Random) -> Any:
    who = rng.choice(state.colours)
    p = state.henchman(who)
    if rng.random() < 0.7 or state.fight is not None:
        counter = rng.choice(("life", "gold", "strength", "weapons", "poison"))
        value = rng.choice([v for v in range(HIGH + 1) if v != p.value(counter)])
        return Correct(f"{who}.{counter}", value, "the flags on the castle show otherwise")
    fields = [f for f in GRID if not state.cards_at(f) and f != p.place]
    if not fields:
        return None
    to = rng.choice(fields)
    return Relocate(who, to, "the figure was knocked over and set down elsewhere", walls_at(state, to))


def _beatable(state: GameState, p: Henchman, guard: int | None) -> bool:
    """No guard, or a monster the henchman may hope to beat."""
    return guard is None or state.card(guard).value <= p.power + 3


def _fight(state: GameState, rng: random.Random, style: Style, p: Henchman) -> Any:
    fight = state.fight
    assert fight is not None and fight.henchman == p.colour
    if rng.random() < style.spell_in_fight and can_spell(state, p):
        if fight.monster is not None:
            effect = rng.choice((Effect("life", "sub", rng.randint(2, 10)), Effect("life", "halve", 2)))
            return CastSpell(p.colour, "monster", (effect,))
        return CastSpell(p.colour, rng.choice((fight.opponent, p.colour)), (Effect("life", "sub", rng.randint(1, 5)),))
    stronger = fight.monster is not None and state.card(fight.monster).value > p.power + 3
    chance = style.flee + (0.35 if p.life <= 5 else 0.0) + (0.3 if stronger else 0.0)
    if rng.random() < chance:
        fleeing = p.colour if fight.opponent is None or rng.random() < 0.5 else fight.opponent
        return Flee(fleeing, die(rng))
    return Exchange(p.colour, die(rng), die(rng))


def _destination(state: GameState, rng: random.Random, style: Style, p: Henchman) -> str:
    here, c = p.place, p.colour
    company = [x.place for x in state.players if x.colour != c and in_city(x.place)]
    if company and (p.before == CITY or in_city(here)) and rng.random() < 0.4:
        return rng.choice(company)  # meet a rival in the city (where nobody may fight)
    if p.before == CITY and rng.random() < 0.85:
        return rng.choice(PLACES_IN_CITY)
    if in_city(here) and rng.random() < 0.4:
        return rng.choice(PLACES_IN_CITY)
    owner = castle_colour(p.before or "")
    if owner is not None and owner != c and rng.random() < 0.8:
        return castle(owner)
    owner = castle_colour(here)
    if owner is not None and owner != c and state.options.plunder:
        if rng.random() < (0.75 if state.henchman(owner).hidden else 0.3):
            return here  # stay and search the vaults another day (an empty castle's days count too)
    if p.treasures and rng.random() < style.home:
        return castle(c)
    lying = sorted({t.place for t in state.loose if reachable(p, t.place) and _beatable(state, p, t.guard)})
    if lying and rng.random() < 0.5:
        return rng.choice(lying)
    carded = sorted({k.field for k in state.board})
    if carded and rng.random() < 0.2:
        return rng.choice(carded)  # go and see what lies there
    roll = rng.random()
    if roll < 0.1:
        return here
    if roll < 0.2:
        return rng.choice(CITY_GATES)
    if roll < 0.3 or (roll < 0.4 and state.options.plunder):
        return CASTLE_GATES[rng.choice(rivals(state, c))]
    if roll < 0.45:
        return castle(c)
    return rng.choice(GRID)


def _effects(rng: random.Random, kind: str) -> tuple[Effect, ...]:
    """What a potion, a trap or a monster's reward does (printed numbers 0..20)."""
    n = rng.randint(1, 6)
    if kind == "potion":
        options = [
            (Effect("life", "add", n),),
            (Effect("life", "add", n + 3), Effect("poison", "set", 0)),
            (Effect("strength", "add", 1),),
            (Effect("gold", "add", n),),
            (Effect("weapons", "add", n),),
            (Effect("life", "set", 15),),
            (Effect("life", "add", 20),),
        ]
    elif kind == "trap":
        options = [
            (Effect("life", "sub", n),),
            (Effect("life", "sub", n + 6),),
            (Effect("poison", "set", rng.randint(1, 3)),),
            (Effect("life", "sub", 2), Effect("poison", "set", 1)),
            (Effect("gold", "halve", 2),),
            (Effect("weapons", "set", 0),),
            (Effect("strength", "sub", 1),),
            (Effect("life", "sub", 20),),
        ]
    else:  # a monster's reward
        options = [(), (Effect("gold", "add", n),), (Effect("strength", "add", 1),), (Effect("weapons", "add", n),)]
    return rng.choice(options)


def _reveal(state: GameState, rng: random.Random) -> Reveal:
    c = state.current
    left = unseen(state)
    kind = weighted(rng, [(n, k) for k, n in left.items()])
    if kind == "weapon":
        return Reveal(c, "weapon", value=rng.randint(1, 6))
    if kind in ("potion", "trap"):
        return Reveal(c, kind, effects=_effects(rng, kind))
    if kind == "monster":
        power = min(rng.randint(2, 12), rng.randint(2, 20))
        return Reveal(c, "monster", value=power, effects=_effects(rng, "monster"))
    if kind == "special":
        portal = state.options.teleportal and rng.random() < 0.4
        use = rng.choice(((), (Effect("life", "add", 3),), (Effect("gold", "add", 2),)))
        return Reveal(c, "special", effects=() if portal else use, name=TELEPORTAL if portal else "")
    return Reveal(c, kind)


def _spell(state: GameState, rng: random.Random, p: Henchman) -> CastSpell:
    if rng.random() < 0.5:
        effects = rng.choice(
            ((Effect("life", "add", 4),), (Effect("strength", "add", 1),), (Effect("poison", "set", 0),), ())
        )
        return CastSpell(p.colour, p.colour, effects)
    target = rng.choice(rivals(state, p.colour))
    effects = rng.choice(
        (
            (Effect("life", "sub", rng.randint(1, 6)),),
            (Effect("poison", "set", 1),),
            (Effect("gold", "sub", 3),),
            (Effect("weapons", "halve", 2),),
        )
    )
    return CastSpell(p.colour, target, effects)


def _shop(state: GameState, rng: random.Random, p: Henchman) -> Any:
    """The business the henchman can afford at the shop where it stands, or None."""
    c = p.colour
    if p.place == "inn":
        return Inn(c) if p.gold < HIGH else None
    if p.place == "school":
        return School(c) if p.strength < HIGH and p.gold >= 3 else None
    if p.place == "smith":
        room = HIGH - p.weapons
        if room == 0 or p.gold == 0:
            return None
        return Smith(c) if rng.random() < 0.5 else Smith(c, rng.randint(1, min(room, p.gold)))
    assert p.place == "healer"
    cure = bool(p.poison) and p.gold >= 5 and rng.random() < 0.8
    budget = p.gold - 5 * cure
    heal = rng.randint(1, min(needed_heal(p), budget)) if p.life < HIGH and budget >= 1 else 0
    if not cure and heal == 0:
        return None
    return Healer(c, cure=cure, heal=heal)


def _after_journey(state: GameState, rng: random.Random, style: Style, p: Henchman) -> Any:
    c, here = p.colour, p.place
    turn = state.turn
    options: list[tuple[float, Any]] = []
    if not turn.halted:
        options += _activities(state, rng, style, p)
    forced = bool(over_four(state, c))
    if not turn.card_played:
        if here == castle(c) and p.treasures:
            options.append((8.0, HideTreasure(c, rng.choice(p.treasures))))
        if p.cards >= 1:
            if is_field(here) and unseen(state)["map"] > 0 and sum(state.treasure_stack) > 0:
                stack = list(zip(state.kinds, state.treasure_stack, strict=True))
                options.append((style.dig, Dig(c, here, weighted(rng, [(n, k) for k, n in stack]))))
            fields = free_fields(state) or free_fields(state, BEYOND)
            options.append((style.place * (3 if forced else 1), PlaceCard(c, rng.choice(fields))))
            if unseen(state)["spell"] > 0:
                options.append((style.spell, _spell(state, rng, p)))
    if not forced:
        options.append((style.end, EndTurn(c)))
    return weighted(rng, options)


def _activities(state: GameState, rng: random.Random, style: Style, p: Henchman) -> list[tuple[float, Any]]:
    """What the henchman may still do where it stopped, before the prince's card ends its day."""
    c, here = p.colour, p.place
    turn = state.turn
    options: list[tuple[float, Any]] = []
    free = [t.kind for t in state.loose_at(here) if t.guard is None]
    room = room_for_treasures(state, p)
    if free and room > 0:
        rng.shuffle(free)
        options.append((4.0, PickUp(c, tuple(free[: rng.randint(1, min(room, len(free)))]))))
    targets = [x.colour for x in state.henchmen_at(here) if x.colour != c and x.colour not in turn.challenged]
    if targets and not in_city(here):
        options.append((style.challenge, Challenge(c, rng.choice(targets))))
    cards = state.cards_at(here)
    if any(k.kind == "special" and k.name != TELEPORTAL and k.id not in turn.specials for k in cards):
        effects = rng.choice(((), (Effect("life", "add", 2),), (Effect("weapons", "add", 1),)))
        options.append((0.8, UseSpecial(c, effects, keep=rng.random() < 0.7)))
    if state.options.teleportal and not turn.teleported and any(k.name == TELEPORTAL for k in cards):
        roll = die(rng)
        to = None if roll == 1 else rng.choice(GRID)
        options.append((0.8, Teleport(c, roll, to, walls_at(state, to) if to else None)))
    victim = castle_colour(here)
    if state.options.plunder and victim not in (None, c) and not turn.plundered:
        hidden = state.henchman(victim).hidden
        roll = die(rng)
        found = bool(hidden) and roll <= p.searching + 1
        options.append((4.0, Plunder(c, roll, rng.choice(hidden) if found else None)))
    if here in SHOPS and not turn.business:
        business = _shop(state, rng, p)
        if business is not None:
            options.append((3.0, business))
    return options


# ------------------------------------------------------------------------------ playing


def play_step(history: History, rng: random.Random, style: Style = DEFAULT_STYLE) -> tuple[Any, tuple[Any, ...]]:
    """Build a legal command for the table's state and apply it; :class:`Refused` if the engine says no."""
    command = legal_command(history.state, rng, style)
    try:
        events = history.apply(command)
    except RuleViolation as error:
        raise Refused(f"the engine refused the legal command {command}: {error}\nstate: {history.state}") from error
    return command, events


def play(history: History, rng: random.Random, steps: int, style: Style = DEFAULT_STYLE) -> None:
    """Up to ``steps`` legal commands, fewer if the game ends."""
    for _ in range(steps):
        if history.state.phase == OVER:
            return
        play_step(history, rng, style)


# ------------------------------------------------------------------------------ illegal commands


def _ill_absent(state: GameState, rng: random.Random) -> Illegal:
    missing = [c for c in COLOURS if c not in state.colours] + list(ABSENT)
    who = rng.choice(missing)
    command = rng.choice(
        [
            Travel(who, 3, "A1"),
            EndTurn(who),
            Exchange(who, 2, 2),
            Flee(who, 4),
            Inn(who),
            PlaceCard(who, "A1"),
            RemoveCard(who),
            Correct(f"{who}.life", 3, "a colour nobody plays"),
            Relocate(who, "A1", "a colour nobody plays"),
        ]
    )
    return Illegal(command, "player.absent", f"nobody plays {who}")


def _ill_out_of_turn(state: GameState, rng: random.Random) -> Illegal | None:
    if state.phase == OVER:
        who = rng.choice(state.colours)
        command = rng.choice([Travel(who, 3, "A1"), EndTurn(who), Exchange(who, 1, 1), PickUp(who), Inn(who)])
        return Illegal(command, "game.over", "the game is over")
    if state.phase == CATHARSIS:
        who = rng.choice(state.colours)
        command = rng.choice([Travel(who, 3, "A1"), EndTurn(who), PlaceCard(who, "A1"), Reveal(who, "weapon", 2)])
        return Illegal(command, "catharsis.under-way", "the catharsis comes first")
    who = rng.choice(rivals(state, state.current))
    p = state.henchman(who)
    command = rng.choice(
        [
            Travel(who, 3, p.place),
            EndTurn(who),
            Inn(who),
            PlaceCard(who, "A1"),
            Reveal(who, "weapon", 2),
            PickUp(who),
            Challenge(who, state.current),
            CastSpell(who, who),
            Dig(who, p.place, state.kinds[0]),
            HideTreasure(who, state.kinds[0]),
        ]
    )
    return Illegal(command, "turn.not-yours", f"it is {state.current}'s turn, not {who}'s")


BAD_DICE = (0, 7, -1, 12)


def _ill_die(state: GameState, rng: random.Random) -> Illegal | None:
    bad = rng.choice(BAD_DICE)
    c = state.current
    options: list[Any] = []
    if fresh(state):
        options.append(Travel(c, bad, state.henchman(c).place))
    if state.phase == PLAY and state.fight is not None:
        options += [Exchange(c, bad, 3), Exchange(c, 3, bad), Flee(c, bad)]
    if active(state):
        p = state.henchman(c)
        cards = state.cards_at(p.place)
        if state.options.teleportal and not state.turn.teleported and any(k.name == TELEPORTAL for k in cards):
            options.append(Teleport(c, bad, "A1"))
        victim = castle_colour(p.place)
        if state.options.plunder and victim not in (None, c) and not state.turn.plundered:
            options.append(Plunder(c, bad))
    return Illegal(rng.choice(options), "die.range", f"a die shows 1..6, not {bad}") if options else None


def _ill_second_card(state: GameState, rng: random.Random) -> Illegal | None:
    if state.phase != PLAY or not state.turn.card_played:
        return None
    c = state.current
    p = state.henchman(c)
    command = rng.choice(
        [
            PlaceCard(c, rng.choice(GRID)),
            CastSpell(c, c, (Effect("life", "add", 1),)),
            Dig(c, p.place, state.kinds[0]),
            HideTreasure(c, state.kinds[-1]),
        ]
    )
    return Illegal(command, "card.one-per-turn", "a card has been played this turn")


def _ill_city(state: GameState, rng: random.Random) -> Illegal | None:
    if not active(state):
        return None
    c = state.current
    p = state.henchman(c)
    options: list[Illegal] = []
    business = {"inn": Inn(c), "healer": Healer(c, heal=1), "school": School(c), "smith": Smith(c)}
    shop = rng.choice([s for s in SHOPS if s != p.place])
    options.append(Illegal(business[shop], "city.not-at-shop", f"the henchman is on {p.place}, not at the {shop}"))
    if p.place in SHOPS:
        shop = p.place
        own = business[shop]
        if state.turn.business:
            options.append(Illegal(own, "city.one-business", "one business a day"))
        elif shop == "inn" and p.gold >= HIGH:
            options.append(Illegal(Inn(c), "inn.at-15", "15 gold already"))
        elif shop == "school":
            if p.strength >= HIGH:
                options.append(Illegal(School(c), "school.at-15", "strength 15 already"))
            elif p.gold < 3:
                options.append(Illegal(School(c), "shop.gold", f"a lesson costs 3 gold, not {p.gold}"))
        elif shop == "smith":
            room = HIGH - p.weapons
            if room == 0:
                options.append(Illegal(Smith(c), "smith.at-15", "15 weapon points already"))
            else:
                options.append(Illegal(Smith(c, room + 1), "smith.over-15", f"only {room} points fit"))
                if p.gold == 0:
                    options.append(Illegal(Smith(c), "shop.gold", "no gold at all"))
                elif p.gold < room:
                    options.append(Illegal(Smith(c, p.gold + 1), "shop.gold", f"only {p.gold} gold"))
        elif shop == "healer":
            options.append(Illegal(Healer(c), "healer.nothing", "asked for nothing"))
            if not p.poison:
                options.append(Illegal(Healer(c, cure=True), "healer.not-poisoned", "not poisoned"))
            elif p.gold < 5:
                options.append(Illegal(Healer(c, cure=True), "shop.gold", f"a cure costs 5 gold, not {p.gold}"))
            if p.life == HIGH:
                options.append(Illegal(Healer(c, heal=1), "healer.full-life", "full life"))
            else:
                need = needed_heal(p)
                options.append(Illegal(Healer(c, heal=need + 1), "healer.too-much", f"{need} gold heal fully"))
                if p.gold < need:
                    options.append(Illegal(Healer(c, heal=p.gold + 1), "shop.gold", f"only {p.gold} gold"))
    return rng.choice(options) if options else None


def _ill_fight(state: GameState, rng: random.Random) -> Illegal | None:
    c = state.current
    if state.phase == OVER:
        return None
    fight = state.fight
    if fight is None:
        who = rng.choice(state.colours)
        return Illegal(rng.choice([Exchange(who, 3, 4), Flee(who, 2)]), "fight.none", "nobody fights")
    options: list[Illegal] = []
    p = state.henchman(c)
    if state.phase == PLAY:
        command = rng.choice(
            [
                Travel(c, 3, p.place),
                EndTurn(c),
                PickUp(c),
                Reveal(c, "weapon", 2),
                Challenge(c, rng.choice(rivals(state, c))),
            ]
        )
        options.append(Illegal(command, "fight.under-way", "a fight is under way"))
        if not state.turn.card_played:
            command = rng.choice([PlaceCard(c, "A1"), Dig(c, p.place, state.kinds[0]), HideTreasure(c, state.kinds[0])])
            options.append(Illegal(command, "fight.under-way", "a fight is under way"))
    others = [x for x in state.colours if x != fight.henchman]
    options.append(Illegal(Exchange(rng.choice(others), 3, 3), "fight.whose-exchange", "the fighting henchman's"))
    outside = [x for x in state.colours if x not in (fight.henchman, fight.opponent)]
    if outside:
        options.append(Illegal(Flee(rng.choice(outside), 3), "fight.not-fighting", "not in the fight"))
    options.append(Illegal(Relocate(c, "A1", "moved by hand"), "fight.under-way", "no relocation in a fight"))
    return rng.choice(options)


def _ill_challenge(state: GameState, rng: random.Random) -> Illegal | None:
    if not active(state):
        return None
    c = state.current
    p = state.henchman(c)
    options = [Illegal(Challenge(c, c), "fight.self", "a henchman cannot attack itself")]
    here = [x.colour for x in state.henchmen_at(p.place) if x.colour != c]
    away = [x.colour for x in state.players if x.place != p.place]
    if away:
        options.append(Illegal(Challenge(c, rng.choice(away)), "fight.not-here", "the target stands elsewhere"))
    if here and in_city(p.place):
        options.append(Illegal(Challenge(c, rng.choice(here)), "fight.city", "no fights in the city"))
    elif here:
        done = [x for x in here if x in state.turn.challenged]
        if done:
            options.append(Illegal(Challenge(c, rng.choice(done)), "fight.once", "fought already this turn"))
    return rng.choice(options)


def _ill_travel(state: GameState, rng: random.Random) -> Illegal | None:
    c = state.current
    if state.phase != PLAY or state.fight is not None or state.turn.died:
        return None
    p = state.henchman(c)
    if state.turn.travelled:
        return Illegal(Travel(c, die(rng), rng.choice(GRID)), "travel.once", "travelled already")
    options = [
        Illegal(Travel(c, die(rng), "nowhere"), "travel.place", "no such place"),
        Illegal(EndTurn(c), "turn.travel-first", "the turn begins with the journey"),
        Illegal(PickUp(c), "turn.travel-first", "the turn begins with the journey"),
        Illegal(Challenge(c, rng.choice(rivals(state, c))), "turn.travel-first", "the turn begins with the journey"),
    ]
    if not state.turn.card_played:
        command = rng.choice([PlaceCard(c, rng.choice(GRID)), HideTreasure(c, state.kinds[0])])
        options.append(Illegal(command, "turn.travel-first", "the turn begins with the journey"))
    options.append(Illegal(Travel(c, die(rng), "city-gate"), "travel.place", "the gates are fields now"))
    options.append(Illegal(Travel(c, die(rng), castle(c), "city"), "travel.before", "only fields lie before walls"))
    missing = [x for x in COLOURS if x not in state.colours]
    if missing:
        colour = rng.choice(missing)
        where, before = rng.choice([(castle(colour), None), (rng.choice(GRID), castle(colour))])
        options.append(Illegal(Travel(c, die(rng), where, before), "travel.place", f"{colour} is in nobody's game"))
    if p.before != CITY and not in_city(p.place):
        where = rng.choice(PLACES_IN_CITY)
        options.append(
            Illegal(Travel(c, die(rng), where), "travel.city-gate", "the city needs a night before its walls")
        )
    shut = [x for x in rivals(state, c) if p.before != castle(x) and p.place != castle(x)]
    if shut:
        where = castle(rng.choice(shut))
        options.append(
            Illegal(Travel(c, die(rng), where), "travel.castle-gate", "a rival castle needs a night before its walls")
        )
    return rng.choice(options)


def _ill_reveal(state: GameState, rng: random.Random) -> Illegal | None:
    c = state.current
    if state.phase != PLAY or state.fight is not None or state.turn.died:
        return None
    p = state.henchman(c)
    if state.face_down_at(p.place) is None:
        return Illegal(Reveal(c, "weapon", 3), "card.nothing-to-reveal", "no face-down card here")
    options = [
        Illegal(Reveal(c, "weapon", rng.choice((0, 7))), "card.numbers", "a weapon gives +1..+6"),
        Illegal(Reveal(c, "monster", rng.choice((1, 21))), "card.numbers", "a monster's power is 2..20"),
        Illegal(Reveal(c, "potion"), "card.numbers", "a potion without effects"),
        Illegal(Reveal(c, "spell", 2), "card.numbers", "a spell has no printed value"),
        Illegal(Reveal(c, "map", effects=(Effect("life", "add", 1),)), "card.numbers", "a map has no effect"),
        Illegal(Reveal(c, "weapon", 3, name="axe"), "card.numbers", "only specials have names"),
    ]
    full = [k for k, n in unseen(state).items() if n == 0]
    if full:
        kind = rng.choice(full)
        value = {"weapon": 2, "monster": 5}.get(kind, 0)
        effects = (Effect("life", "add", 1),) if kind in ("potion", "trap") else ()
        options.append(Illegal(Reveal(c, kind, value, effects), "card.composition", f"every {kind} is face up"))
    if state.turn.travelled:
        reason = "the card here must be turned up first"
        command = rng.choice([EndTurn(c), PickUp(c), Challenge(c, rng.choice(rivals(state, c)))])
        options.append(Illegal(command, "card.reveal-first", reason))
        if not state.turn.card_played:
            options.append(Illegal(PlaceCard(c, rng.choice(GRID)), "card.reveal-first", reason))
    return rng.choice(options)


def _ill_cards(state: GameState, rng: random.Random) -> Illegal | None:
    if not calm(state) or state.turn.card_played:
        return None
    c = state.current
    p = state.henchman(c)
    kind = rng.choice(state.kinds)
    options = [
        Illegal(PlaceCard(c, castle(c)), "place.castle", "only treasures go into a castle"),
        Illegal(PlaceCard(c, rng.choice(PLACES_IN_CITY)), "place.field", "cards go into fields"),
        Illegal(Dig(c, rng.choice(PLACES_IN_CITY), kind), "dig.field", "a map shows a field"),
    ]
    elsewhere = [f for f in GRID if f != p.place]
    options.append(Illegal(Dig(c, rng.choice(elsewhere), kind), "dig.not-there", "the henchman stands elsewhere"))
    if p.place != castle(c):
        options.append(Illegal(HideTreasure(c, kind), "hide.not-home", "treasures are hidden at home"))
    else:
        missing = [k for k in state.kinds if k not in p.treasures] + ["diamond"]
        options.append(Illegal(HideTreasure(c, rng.choice(missing)), "hide.no-treasure", "not carried"))
    if p.cards == 0:
        free = free_fields(state) or free_fields(state, BEYOND)
        options.append(Illegal(PlaceCard(c, rng.choice(free)), "hand.no-card", "no card in hand"))
        options.append(Illegal(CastSpell(c, c), "hand.no-card", "no card in hand"))
    else:
        taken = sorted({k.field for k in state.board})
        if taken:
            options.append(Illegal(PlaceCard(c, rng.choice(taken)), "place.occupied", "a card lies there"))
        manned = [x.place for x in state.players if is_field(x.place) and not state.cards_at(x.place)]
        if manned:
            options.append(Illegal(PlaceCard(c, rng.choice(manned)), "place.henchman", "a henchman stands there"))
        lying = [t.place for t in state.loose if is_field(t.place) and not state.cards_at(t.place)]
        lying = [f for f in lying if not state.henchmen_at(f)]
        if lying:
            options.append(Illegal(PlaceCard(c, rng.choice(lying)), "place.treasure", "a treasure lies there"))
        if unseen(state)["spell"] > 0 and (state.fight is None or state.fight.monster is None):
            options.append(Illegal(CastSpell(c, "monster"), "spell.target", "no monster fights"))
        if is_field(p.place) and unseen(state)["map"] > 0:
            options.append(Illegal(Dig(c, p.place, "diamond"), "treasure.kind", "no such treasure kind"))
            empty = [k for k, n in zip(state.kinds, state.treasure_stack, strict=True) if n == 0]
            if empty:
                options.append(Illegal(Dig(c, p.place, rng.choice(empty)), "treasure.stack-empty", "none left"))
    return rng.choice(options)


def _ill_here(state: GameState, rng: random.Random) -> Illegal | None:
    """Pick-up, specials, the teleportal and plunder where there is nothing for them."""
    if state.phase == OVER:
        return None
    c = state.current
    options: list[Illegal] = []
    if not state.options.plunder:
        options.append(Illegal(Plunder(rng.choice(state.colours), 2), "plunder.off", "played without plunder"))
    if not state.options.teleportal:
        options.append(Illegal(Teleport(rng.choice(state.colours), 2, "A1"), "teleportal.off", "no teleportal"))
    if calm(state) and state.turn.halted:
        done = [PickUp(c), UseSpecial(c), Inn(c), School(c), Challenge(c, rng.choice(rivals(state, c)))]
        if state.options.teleportal:
            done.append(Teleport(c, 3, "A1"))
        if state.options.plunder:
            done.append(Plunder(c, 3))
        options.append(Illegal(rng.choice(done), "turn.henchman-done", "the henchman fled or a card was played"))
    if active(state):
        p = state.henchman(c)
        cards = state.cards_at(p.place)
        free = [t.kind for t in state.loose_at(p.place) if t.guard is None]
        if not free:
            options.append(Illegal(PickUp(c, (state.kinds[0],)), "treasure.none-here", "no free treasure here"))
        else:
            options.append(Illegal(PickUp(c), "treasure.which", "the treasures taken are named"))
            absent = [k for k in state.kinds if k not in free] + ["diamond"]
            options.append(Illegal(PickUp(c, (rng.choice(absent),)), "treasure.none-here", "none such lies here"))
            room = room_for_treasures(state, p)
            if len(free) > max(room, 0):
                taken = tuple(free[: max(room, 0) + 1])
                options.append(Illegal(PickUp(c, taken), "treasure.hand-limit", f"only {room} fit into the hand"))
        specials = [
            k for k in cards if k.kind == "special" and k.name != TELEPORTAL and k.id not in state.turn.specials
        ]
        if not specials:
            options.append(Illegal(UseSpecial(c), "special.none-here", "no special to use here"))
        if state.options.teleportal:
            portal = any(k.kind == "special" and k.name == TELEPORTAL for k in cards)
            if not portal:
                options.append(Illegal(Teleport(c, 3, "A1"), "teleportal.none-here", "no teleportal here"))
            elif state.turn.teleported:
                options.append(Illegal(Teleport(c, 3, "A1"), "teleportal.once", "once a turn"))
            else:
                options += [
                    Illegal(Teleport(c, 1, "A1"), "teleportal.one", "a 1 goes nowhere"),
                    Illegal(Teleport(c, rng.randint(2, 6)), "teleportal.field", "no field chosen"),
                    Illegal(Teleport(c, 6, rng.choice(SHOPS)), "teleportal.field", "only onto a field"),
                ]
        if state.options.plunder:
            victim = castle_colour(p.place)
            if victim in (None, c):
                options.append(Illegal(Plunder(c, 1), "plunder.not-in-castle", "no rival castle here"))
            elif state.turn.plundered:
                options.append(Illegal(Plunder(c, 1), "plunder.once", "once a day"))
            elif not state.henchman(victim).hidden:
                options.append(Illegal(Plunder(c, 1, state.kinds[0]), "plunder.empty", "nothing hidden there"))
            else:
                days = p.searching + 1
                hidden = state.henchman(victim).hidden
                lucky = rng.randint(1, days) if days <= 6 else rng.randint(1, 6)
                options.append(Illegal(Plunder(c, lucky), "plunder.kind", "which treasure?"))
                absent = [k for k in state.kinds if k not in hidden] + ["diamond"]
                options.append(Illegal(Plunder(c, lucky, rng.choice(absent)), "plunder.kind", "not hidden there"))
                if days < 6:
                    options.append(
                        Illegal(Plunder(c, rng.randint(days + 1, 6), hidden[0]), "plunder.failed", "no luck")
                    )
    if calm(state):
        p = state.henchman(c)
        if over_four(state, c):
            options.append(Illegal(EndTurn(c), "hand.over-four", f"{p.hand} cards in hand"))
    return rng.choice(options) if options else None


def _ill_catharsis(state: GameState, rng: random.Random) -> Illegal | None:
    if state.phase != CATHARSIS:
        return Illegal(RemoveCard(rng.choice(state.colours), "A1"), "catharsis.none", "no catharsis under way")
    who = state.catharsis[0]
    options = []
    others = [c for c in state.colours if c != who]
    options.append(Illegal(RemoveCard(rng.choice(others)), "catharsis.not-yours", f"{who} removes next"))
    empty = [f for f in GRID + BEYOND if not state.cards_at(f)]
    options.append(Illegal(RemoveCard(who, rng.choice(empty)), "catharsis.no-card", "no card there"))
    return rng.choice(options)


def _ill_correction(state: GameState, rng: random.Random) -> Illegal:
    who = rng.choice(state.colours)
    p = state.henchman(who)
    if state.phase == OVER:
        command = rng.choice([Correct(f"{who}.life", 3, "late"), Relocate(who, "A1", "late")])
        return Illegal(command, "game.over", "the game is over")
    counter = rng.choice(("life", "gold", "strength", "weapons", "poison"))
    value = p.value(counter)
    other = (value + 1) % (HIGH + 1)
    options = [
        Illegal(Correct(f"{who}.{counter}", rng.choice((16, 20, -1)), "x"), "correction.range", "0..15"),
        Illegal(Correct(f"{who}.mood", 1, "x"), "correction.counter", "no such value"),
        Illegal(Correct(f"{who}.{counter}", other, "  "), "correction.reason", "a reason is needed"),
        Illegal(Correct(f"{who}.{counter}", value, "no change"), "correction.same", "the same value"),
        Illegal(Relocate(who, "A1", ""), "correction.reason", "a reason is needed"),
    ]
    if state.fight is None:
        options.append(Illegal(Relocate(who, p.place, "stays", p.before), "correction.same", "already there"))
        options.append(Illegal(Relocate(who, "nowhere", "lost"), "relocate.place", "no such place"))
    return rng.choice(options)


ILLEGAL_BUILDERS = (
    _ill_absent,
    _ill_out_of_turn,
    _ill_die,
    _ill_second_card,
    _ill_city,
    _ill_fight,
    _ill_challenge,
    _ill_travel,
    _ill_reveal,
    _ill_cards,
    _ill_here,
    _ill_catharsis,
    _ill_correction,
)


def illegal_with_rule(state: GameState, rng: random.Random) -> Illegal:
    """A random command the rules refuse in ``state``, with the rule that refuses it."""
    builders = list(ILLEGAL_BUILDERS)
    rng.shuffle(builders)
    for build in builders:
        illegal = build(state, rng)
        if illegal is not None:
            return illegal
    raise AssertionError("the absent colour always applies")  # pragma: no cover


def illegal_command(state: GameState, rng: random.Random) -> Any:
    """A random command the rules refuse in ``state`` (:func:`illegal_with_rule` without the rule)."""
    return illegal_with_rule(state, rng).command
