"""What happened in a Schatzjagd play. Events are facts; ``evolve`` applies them without judging.

A card on the board is named by its id (``card``, ``monster``, ``guard``), which ``evolve`` and the
checks use, and by the ``field`` it lies on, which the game log shows instead: an id counts the
slottings, so beside the log's "card-placed" entries it would say who slotted the card (no notes,
rule 13.4). Events written before ``field`` existed read with ``field=""``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core.correction import Corrected
from engines.schatzjagd.rules import Effect


@dataclass(frozen=True, slots=True)
class CounterChanged:
    """A henchman's value went from ``old`` to ``new``; ``lost`` is what the 0..15 limits swallowed."""

    player: str
    counter: str
    old: int
    new: int
    lost: int
    cause: str
    type: Literal["counter-changed"] = "counter-changed"


@dataclass(frozen=True, slots=True)
class Travelled:
    """``before``: the walls the field ``to`` lies before (None: none, or staying without saying)."""

    player: str
    die: int
    origin: str
    to: str
    before: str | None = None
    type: Literal["travelled"] = "travelled"


@dataclass(frozen=True, slots=True)
class CardRevealed:
    player: str
    card: int
    kind: str
    value: int = 0
    effects: tuple[Effect, ...] = ()
    name: str = ""
    field: str = ""
    type: Literal["card-revealed"] = "card-revealed"


@dataclass(frozen=True, slots=True)
class CardDiscarded:
    """A card leaves the board for the discard pile (its type counted if it was seen)."""

    card: int
    field: str = ""
    type: Literal["card-discarded"] = "card-discarded"


@dataclass(frozen=True, slots=True)
class CardTaken:
    """A spell or map found on the board goes into the finder's hand."""

    player: str
    card: int
    field: str = ""
    type: Literal["card-taken"] = "card-taken"


@dataclass(frozen=True, slots=True)
class FightBegan:
    player: str
    opponent: str | None = None
    monster: int | None = None
    monster_life: int = 0
    field: str = ""  # the monster's
    type: Literal["fight-began"] = "fight-began"


@dataclass(frozen=True, slots=True)
class Exchanged:
    """One exchange: each side's die and blow (power + die)."""

    player: str
    die: int
    opponent_die: int
    blow: int
    opponent_blow: int
    opponent: str | None = None  # the other henchman (events written before: not said)
    monster: int | None = None  # the monster card fought
    type: Literal["exchanged"] = "exchanged"


@dataclass(frozen=True, slots=True)
class MonsterWounded:
    card: int
    old: int
    new: int
    field: str = ""
    type: Literal["monster-wounded"] = "monster-wounded"


@dataclass(frozen=True, slots=True)
class Fled:
    """``player`` fled; the opponent's last blow (``blow``) met the fleeing henchman's ``power``."""

    player: str
    opponent_die: int
    blow: int
    power: int
    opponent: str | None = None  # the henchman that struck the last blow (events written before: not said)
    monster: int | None = None  # the monster that struck it
    type: Literal["fled"] = "fled"


@dataclass(frozen=True, slots=True)
class CardTurnedDown:
    """A monster fled from is slotted back face down where it lay (book 10.3); it is turned up
    again (``card-revealed``) when a henchman stops there."""

    card: int
    field: str = ""
    type: Literal["card-turned-down"] = "card-turned-down"


@dataclass(frozen=True, slots=True)
class FightEnded:
    reason: Literal["death", "flight", "slain"]
    type: Literal["fight-ended"] = "fight-ended"


@dataclass(frozen=True, slots=True)
class HenchmanDied:
    player: str
    place: str
    killer: str | None = None  # another player's henchman
    monster: int | None = None  # the monster card that killed
    cause: str = ""
    field: str = ""  # the monster's
    type: Literal["henchman-died"] = "henchman-died"


@dataclass(frozen=True, slots=True)
class HandDiscarded:
    """A dead henchman's prince discards the hand cards that are not treasures."""

    player: str
    cards: int
    type: Literal["hand-discarded"] = "hand-discarded"


@dataclass(frozen=True, slots=True)
class TreasuresTaken:
    """Treasures go from ``player``'s hand to ``to``'s hand (a killing player)."""

    player: str
    to: str
    kinds: tuple[str, ...]
    type: Literal["treasures-taken"] = "treasures-taken"


@dataclass(frozen=True, slots=True)
class TreasuresDropped:
    """A dead henchman's treasures stay at ``place``, guarded by the monster that killed, if any."""

    player: str
    place: str
    kinds: tuple[str, ...]
    guard: int | None = None
    field: str = ""  # the guard's
    type: Literal["treasures-dropped"] = "treasures-dropped"


@dataclass(frozen=True, slots=True)
class HenchmanRestarted:
    """A new henchman stands in the castle with the starting values."""

    player: str
    type: Literal["henchman-restarted"] = "henchman-restarted"


@dataclass(frozen=True, slots=True)
class TreasuresPickedUp:
    player: str
    place: str
    kinds: tuple[str, ...]
    type: Literal["treasures-picked-up"] = "treasures-picked-up"


@dataclass(frozen=True, slots=True)
class SpecialUsed:
    player: str
    card: int
    field: str = ""
    type: Literal["special-used"] = "special-used"


@dataclass(frozen=True, slots=True)
class Teleported:
    player: str
    die: int
    origin: str
    to: str | None  # None: the henchman died in the portal
    before: str | None = None
    type: Literal["teleported"] = "teleported"


@dataclass(frozen=True, slots=True)
class PlunderRolled:
    """A day's search of ``castle``'s vaults: ``days`` is this day's number in the row."""

    player: str
    castle: str
    die: int
    days: int
    kind: str | None = None  # the treasure taken, when the search succeeded
    type: Literal["plunder-rolled"] = "plunder-rolled"


@dataclass(frozen=True, slots=True)
class BusinessDone:
    player: str
    shop: str
    type: Literal["business-done"] = "business-done"


@dataclass(frozen=True, slots=True)
class CardPlaced:
    player: str
    card: int
    field: str
    type: Literal["card-placed"] = "card-placed"


@dataclass(frozen=True, slots=True)
class SpellCast:
    player: str
    target: str
    effects: tuple[Effect, ...] = ()
    type: Literal["spell-cast"] = "spell-cast"


@dataclass(frozen=True, slots=True)
class TreasureDug:
    player: str
    field: str
    kind: str
    type: Literal["treasure-dug"] = "treasure-dug"


@dataclass(frozen=True, slots=True)
class TreasureHidden:
    player: str
    kind: str
    type: Literal["treasure-hidden"] = "treasure-hidden"


@dataclass(frozen=True, slots=True)
class TurnEnded:
    player: str
    type: Literal["turn-ended"] = "turn-ended"


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    player: str
    count: int
    type: Literal["cards-drawn"] = "cards-drawn"


@dataclass(frozen=True, slots=True)
class DeckReshuffled:
    """The discard pile (not the used maps) becomes the draw pile."""

    cards: int
    type: Literal["deck-reshuffled"] = "deck-reshuffled"


@dataclass(frozen=True, slots=True)
class CatharsisBegan:
    """The draw pile ran out: the princes in ``order`` each take one card off the board, then the
    discard pile is shuffled and the ``owed`` cards are drawn."""

    order: tuple[str, ...]
    owed: tuple[tuple[str, int], ...]
    type: Literal["catharsis-began"] = "catharsis-began"


@dataclass(frozen=True, slots=True)
class CardRemoved:
    player: str
    card: int | None  # None: passed
    field: str = ""
    type: Literal["card-removed"] = "card-removed"


@dataclass(frozen=True, slots=True)
class TurnBegan:
    player: str
    day: int
    type: Literal["turn-began"] = "turn-began"


@dataclass(frozen=True, slots=True)
class GameWon:
    player: str
    type: Literal["game-won"] = "game-won"


@dataclass(frozen=True, slots=True)
class Relocated:
    player: str
    origin: str
    to: str
    reason: str
    before: str | None = None
    type: Literal["relocated"] = "relocated"


Event = (
    CounterChanged | Travelled | CardRevealed | CardDiscarded | CardTaken | FightBegan | Exchanged | MonsterWounded
    | Fled | CardTurnedDown | FightEnded | HenchmanDied | HandDiscarded | TreasuresTaken | TreasuresDropped
    | HenchmanRestarted | TreasuresPickedUp | SpecialUsed | Teleported | PlunderRolled | BusinessDone | CardPlaced
    | SpellCast | TreasureDug | TreasureHidden | TurnEnded | CardsDrawn | DeckReshuffled | CatharsisBegan
    | CardRemoved | TurnBegan | GameWon | Relocated | Corrected
)  # fmt: skip
