"""What the table asks of the referee in Schatzjagd. ``player`` is always a castle colour.

Dice and draws arrive as values: the die a player rolled, the type and printed numbers of a card
turned face up, the kind of treasure taken from the stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core.correction import Correct
from engines.schatzjagd.rules import CardType, Effect


# -------------------------------------------------------------------- the henchman's journey
@dataclass(frozen=True, slots=True)
class Travel:
    """Roll the die (``die``) and move the henchman to ``to``, or leave it where it is. ``before``:
    the field ``to`` lies before the walls of the city or of a castle (``city``, ``castle-blue``),
    as the table sees on the board; a night there opens those walls the next day."""

    player: str
    die: int
    to: str
    before: str | None = None
    type: Literal["travel"] = "travel"


@dataclass(frozen=True, slots=True)
class Reveal:
    """Turn up the face-down card where the henchman stands: its type and printed numbers
    (``value``: a weapon's +N or a monster's power; ``effects``: a potion's or trap's effect,
    a monster's reward; ``name``: a special's name, e.g. teleportal)."""

    player: str
    card: CardType
    value: int = 0
    effects: tuple[Effect, ...] = ()
    name: str = ""
    type: Literal["reveal"] = "reveal"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Attack the henchman of ``target`` standing on the same place."""

    player: str
    target: str
    type: Literal["challenge"] = "challenge"


@dataclass(frozen=True, slots=True)
class Exchange:
    """One exchange of blows in the fight under way: the fighting henchman's die and the opponent's."""

    player: str
    die: int
    opponent_die: int
    type: Literal["exchange"] = "exchange"


@dataclass(frozen=True, slots=True)
class Flee:
    """``player``'s henchman flees; the opponent strikes once more with ``opponent_die``."""

    player: str
    opponent_die: int
    type: Literal["flee"] = "flee"


@dataclass(frozen=True, slots=True)
class PickUp:
    """Take unguarded treasures lying where the henchman stands: ``kinds`` are the ones taken, as
    printed on the cards picked up (one entry per treasure)."""

    player: str
    kinds: tuple[str, ...] = ()
    type: Literal["pick-up"] = "pick-up"


@dataclass(frozen=True, slots=True)
class UseSpecial:
    """Use the revealed special card where the henchman stands: its effects on the own henchman;
    ``keep`` False when the card says it is used up."""

    player: str
    effects: tuple[Effect, ...] = ()
    keep: bool = True
    type: Literal["use-special"] = "use-special"


@dataclass(frozen=True, slots=True)
class Teleport:
    """Step into the teleportal where the henchman stands: the die decides (1 death, 2–5 a castle's
    region, 6 anywhere); ``to`` is the field chosen in it, ``before`` the walls it lies before, if any."""

    player: str
    die: int
    to: str | None = None
    before: str | None = None
    type: Literal["teleport"] = "teleport"


@dataclass(frozen=True, slots=True)
class Plunder:
    """Search the rival castle the henchman is in (optional rule): the day's die, and the kind of
    treasure taken when the search succeeds."""

    player: str
    die: int
    kind: str | None = None
    type: Literal["plunder"] = "plunder"


# -------------------------------------------------------------------------------- the city
@dataclass(frozen=True, slots=True)
class Inn:
    player: str
    type: Literal["inn"] = "inn"


@dataclass(frozen=True, slots=True)
class Healer:
    """``cure``: wash the poison out; ``heal``: gold spent on life, 3 life per gold."""

    player: str
    cure: bool = False
    heal: int = 0
    type: Literal["healer"] = "healer"


@dataclass(frozen=True, slots=True)
class School:
    player: str
    type: Literal["school"] = "school"


@dataclass(frozen=True, slots=True)
class Smith:
    """Buy weapon points, 1 gold each; ``gold`` None buys as many as the purse and 15 allow."""

    player: str
    gold: int | None = None
    type: Literal["smith"] = "smith"


# ------------------------------------------------------------- the prince's one card a turn
@dataclass(frozen=True, slots=True)
class PlaceCard:
    """Slot a card from the hand face down into a free field."""

    player: str
    field: str
    type: Literal["place-card"] = "place-card"


@dataclass(frozen=True, slots=True)
class CastSpell:
    """Show a spell: its effects on ``target`` (a colour, or "monster" in a fight against one)."""

    player: str
    target: str
    effects: tuple[Effect, ...] = ()
    type: Literal["cast-spell"] = "cast-spell"


@dataclass(frozen=True, slots=True)
class Dig:
    """Show a map for ``field`` (the henchman stands there) and take the treasure dug up: ``kind``."""

    player: str
    field: str
    kind: str
    type: Literal["dig"] = "dig"


@dataclass(frozen=True, slots=True)
class HideTreasure:
    """Hide a treasure from the hand in the own castle, where the henchman stands."""

    player: str
    kind: str
    type: Literal["hide-treasure"] = "hide-treasure"


@dataclass(frozen=True, slots=True)
class EndTurn:
    player: str
    type: Literal["end-turn"] = "end-turn"


@dataclass(frozen=True, slots=True)
class RemoveCard:
    """Grandlin's catharsis: take the card off ``field`` to the discard pile (None: pass)."""

    player: str
    field: str | None = None
    type: Literal["remove-card"] = "remove-card"


# ------------------------------------------------------------------------------ corrections
@dataclass(frozen=True, slots=True)
class Relocate:
    """Correction: the henchman stands elsewhere than the referee thinks (a spell moved it...)."""

    player: str
    to: str
    reason: str
    before: str | None = None
    type: Literal["relocate"] = "relocate"


Command = (
    Travel | Reveal | Challenge | Exchange | Flee | PickUp | UseSpecial | Teleport | Plunder | Inn | Healer | School
    | Smith | PlaceCard | CastSpell | Dig | HideTreasure | EndTurn | RemoveCard | Relocate | Correct
)  # fmt: skip
