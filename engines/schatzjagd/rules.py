"""The fixed facts of a Schatzjagd table: colours, cards, counters, prices, places and the setup.

``Setup`` is the validated setup document (pydantic, an edge); everything else is plain data.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

Colour = Literal["red", "yellow", "blue", "green"]
COLOURS = ("red", "yellow", "blue", "green")

CardType = Literal["weapon", "potion", "trap", "special", "monster", "spell", "map"]
CARD_TYPES = ("weapon", "potion", "trap", "special", "monster", "spell", "map")
COMPOSITION = {"weapon": 21, "potion": 11, "trap": 16, "special": 14, "monster": 34, "spell": 14, "map": 12}
DECK = sum(COMPOSITION.values())  # 122
UNSEEN = len(CARD_TYPES)  # index of the "type not seen" count in a pile's counts
HAND = 4
TREASURES = 12
DEFAULT_TREASURES = {"crown": 4, "chalice": 4, "orb": 4}

COUNTERS = ("life", "gold", "strength", "weapons")
Counter_ = Literal["life", "gold", "strength", "weapons", "poison"]
LOW, HIGH = 0, 15
START = {"life": 15, "gold": 5, "strength": 2, "weapons": 0}
MONSTER_LIFE = 15
WEAPON_BONUS = (1, 6)  # the knife to the battle axe
MONSTER_POWER = (2, 20)  # the smallest robber to Warpig
DIE = (1, 6)

INN_WAGE = 2
CURE_PRICE = 5
LIFE_PER_GOLD = 3
SCHOOL_PRICE = 3
SMITH_PRICE = 1  # gold per weapon point

SHOPS = ("inn", "healer", "school", "smith")
CITY = "city"  # inside the walls, between the shops
CITY_GATE = "city-gate"  # a place of older journals only, see below
FIELD = re.compile(r"[A-Z]{1,2}[0-9]{1,2}")
TELEPORTAL = "teleportal"
DEFAULT_REGIONS: dict[int, Colour] = {2: "red", 3: "yellow", 4: "blue", 5: "green"}


# ------------------------------------------------------------------------------------ places
# A place is a field id (the road letter and the river number printed on the board, e.g. C7),
# "city" (inside the walls, between the shops), a shop ("inn", "healer", "school", "smith") or
# "castle-<colour>". The places before the walls of the city and of the castles are fields too; a
# henchman waiting on one is "before" those walls: "city" or "castle-<colour>".
# "city-gate" and "gate-<colour>" were places of their own in older journals: they are still read
# (a henchman recorded there waits before those walls) but no command names them any more.


def castle(colour: str) -> str:
    return f"castle-{colour}"


def is_field(place: str) -> bool:
    return FIELD.fullmatch(place) is not None


def in_city(place: str) -> bool:
    return place == CITY or place in SHOPS


def castle_colour(place: str) -> str | None:
    return place[7:] if place.startswith("castle-") else None


def gate_colour(place: str) -> str | None:
    """The castle colour of an older journal's ``gate-<colour>`` place."""
    return place[5:] if place.startswith("gate-") else None


def legacy_walls(place: str) -> str | None:
    """The walls an older journal's gate place stands before (``city-gate``, ``gate-<colour>``), or None."""
    if place == CITY_GATE:
        return CITY
    colour = gate_colour(place)
    return castle(colour) if colour else None


@lru_cache(maxsize=1024)
def normal_place(text: str) -> str:
    """A place as written by a person (``c7``, ``Inn``) in its one spelling; ValueError if none.
    Older journals' gate places are read too. (Cached: the invariant check asks it for every place
    on the table after every event.)"""
    word = text.strip()
    lower = word.lower()
    if lower in SHOPS or lower in (CITY, CITY_GATE):
        return lower
    for prefix in ("castle-", "gate-"):
        if lower.startswith(prefix) and lower[len(prefix) :] in COLOURS:
            return lower
    if FIELD.fullmatch(word.upper()):
        return word.upper()
    raise ValueError(
        f"{text!r} is no place: write a field (road letter and river number, e.g. C7), city, "
        f"{', '.join(SHOPS)} or castle-<colour>"
    )


def normal_walls(text: str) -> str:
    """The walls a field lies before, as written (``city``, ``castle-blue``); ValueError if none."""
    lower = text.strip().lower()
    if lower == CITY or (lower.startswith("castle-") and lower[7:] in COLOURS):
        return lower
    raise ValueError(
        f"{text!r} names no walls: a field lies before the city's walls (city) or a castle's (castle-<colour>)"
    )


# ----------------------------------------------------------------------------------- effects

Op = Literal["add", "sub", "halve", "set"]
SIGNS = {"add": "+", "sub": "-", "halve": "/", "set": "="}
EFFECT = re.compile(r"(life|gold|strength|weapons|poison)\s*([-+=/])\s*(\d{1,2})")


@dataclass(frozen=True, slots=True)
class Effect:
    """What a card does to one value: raise, lower, halve or set it (``poison=N``: N a day, 0 cures; a
    poisoning keeps the stronger daily loss)."""

    counter: Counter_
    op: Op
    amount: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.amount <= 20:
            raise ValueError(f"{self}: a printed amount is 0 to 20")
        if self.op == "halve" and self.amount != 2:
            raise ValueError("a value can be halved (/2), not divided by another number")
        if self.counter == "poison" and self.op != "set":
            raise ValueError("poison is set (poison=1 poisons with 1 a day, poison=0 cures), not raised or lowered")

    def __str__(self) -> str:
        return f"{self.counter}{SIGNS[self.op]}{self.amount}"

    def apply(self, value: int) -> int:
        """The new value before clamping to 0..15."""
        if self.op == "add":
            return value + self.amount
        if self.op == "sub":
            return value - self.amount
        if self.op == "halve":
            return value // 2
        if self.counter == "poison" and self.amount:
            return max(value, self.amount)  # a new poisoning never lowers the daily loss already running
        return self.amount


def parse_effect(text: str) -> Effect:
    """``life+3``, ``gold-2``, ``strength/2``, ``weapons=0``, ``poison=1`` → an Effect; ValueError if not."""
    if text.strip().lower() == "poison":
        return Effect("poison", "set", 1)  # poisoned, 1 life a day unless the card says more
    match = EFFECT.fullmatch(text.strip().lower())
    if not match:
        raise ValueError(
            f"{text!r} is not an effect: write <value><sign><number> with value life, gold, strength, weapons or "
            "poison and sign + - / =, e.g. life+3, gold-2, strength/2, weapons=0, poison=1 (poison alone: 1 a day)"
        )
    counter, sign, amount = match.groups()
    op = {v: k for k, v in SIGNS.items()}[sign]
    return Effect(counter, op, int(amount))  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------ setup


class PlayerSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    name: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=24)]
    colour: Colour


class Victory(BaseModel):
    """What wins, agreed at setup: exactly one of ``treasures`` (that many of any kind hidden in the
    own castle), ``same_kind`` (that many of one kind), ``different_kinds`` (that many kinds, one
    each) or ``kinds`` (these, e.g. crown, chalice, orb)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    treasures: Annotated[int, Field(ge=1, le=TREASURES)] | None = None
    same_kind: Annotated[int, Field(ge=1, le=TREASURES)] | None = None
    different_kinds: Annotated[int, Field(ge=1, le=TREASURES)] | None = None
    kinds: tuple[str, ...] | None = None

    @model_validator(mode="after")
    def _one(self) -> Victory:
        given = [name for name in ("treasures", "same_kind", "different_kinds", "kinds") if getattr(self, name)]
        if len(given) != 1:
            raise ValueError("agree on one victory condition: treasures, same_kind, different_kinds or kinds")
        return self

    def words(self) -> str:
        if self.treasures:
            return f"{self.treasures} treasure(s) hidden in the own castle"
        if self.same_kind:
            return f"{self.same_kind} treasures of one kind in the own castle"
        if self.different_kinds:
            return f"{self.different_kinds} different kinds of treasure in the own castle"
        return f"these treasures in the own castle: {', '.join(self.kinds or ())}"

    def met(self, hidden: tuple[str, ...]) -> bool:
        counts = Counter(hidden)
        if self.treasures:
            return len(hidden) >= self.treasures
        if self.same_kind:
            return max(counts.values(), default=0) >= self.same_kind
        if self.different_kinds:
            return len(counts) >= self.different_kinds
        needed = Counter(self.kinds or ())
        return all(counts[kind] >= n for kind, n in needed.items())


class Setup(BaseModel):
    """Who plays (2 to 4, clockwise, each a castle colour), who starts, what wins, the optional rules."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    players: tuple[PlayerSpec, ...]
    first: Colour | None = None  # who won the roll to start; the first player listed if not given
    victory: Victory | None = None  # None: the guide value, 12 treasures shared by the players
    plunder: bool = False
    catharsis: bool = False
    teleportal: bool = True
    show_treasure_kinds: bool = False
    treasure_kinds: dict[str, int] = Field(default_factory=lambda: dict(DEFAULT_TREASURES))
    regions: dict[int, Colour] = Field(default_factory=lambda: dict(DEFAULT_REGIONS))

    @field_validator("players")
    @classmethod
    def _players(cls, players: tuple[PlayerSpec, ...]) -> tuple[PlayerSpec, ...]:
        if not 2 <= len(players) <= 4:
            raise ValueError(f"Schatzjagd is played by 2 to 4 players, not {len(players)}")
        colours = [p.colour for p in players]
        for colour in colours:
            if colours.count(colour) > 1:
                raise ValueError(f"two players chose the {colour} castle: each castle has one prince")
        return players

    @field_validator("treasure_kinds")
    @classmethod
    def _kinds(cls, kinds: dict[str, int]) -> dict[str, int]:
        for kind, count in kinds.items():
            if not re.fullmatch(r"[a-z][a-z-]{0,15}", kind) or count < 1:
                raise ValueError(f"{kind}: a treasure kind is a lower-case word with at least one card")
        if sum(kinds.values()) != TREASURES:
            raise ValueError(f"the treasure kinds add up to {sum(kinds.values())} cards, not {TREASURES}")
        return kinds

    @field_validator("regions")
    @classmethod
    def _regions(cls, regions: dict[int, str]) -> dict[int, str]:
        if sorted(regions) != [2, 3, 4, 5] or len(set(regions.values())) != 4:
            raise ValueError("the teleportal names one castle colour for each of the die values 2, 3, 4 and 5")
        return regions

    @model_validator(mode="after")
    def _agreed(self) -> Setup:
        colours = [p.colour for p in self.players]
        if self.first is not None and self.first not in colours:
            raise ValueError(f"first: nobody plays {self.first}")
        if self.victory and self.victory.kinds:
            unknown = sorted(set(self.victory.kinds) - set(self.treasure_kinds))
            if unknown:
                raise ValueError(f"victory: no treasure kind {', '.join(unknown)} ({', '.join(self.treasure_kinds)})")
            wanted = Counter(self.victory.kinds)
            if any(self.treasure_kinds[k] < n for k, n in wanted.items()):
                raise ValueError("victory: the combination asks for more treasures of a kind than there are")
        if self.victory and self.victory.same_kind and self.victory.same_kind > max(self.treasure_kinds.values()):
            raise ValueError("victory: no treasure kind has that many cards")
        if self.victory and self.victory.different_kinds and self.victory.different_kinds > len(self.treasure_kinds):
            raise ValueError(f"victory: there are only {len(self.treasure_kinds)} kinds of treasure")
        return self

    def agreed_victory(self) -> Victory:
        return self.victory or Victory(treasures=TREASURES // len(self.players))

    def turn_order(self) -> tuple[PlayerSpec, ...]:
        """Clockwise as seated, starting with the player who won the roll."""
        first = self.first or self.players[0].colour
        i = next(i for i, p in enumerate(self.players) if p.colour == first)
        return self.players[i:] + self.players[:i]
