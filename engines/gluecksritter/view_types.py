"""The shape of Die Glücksritter's views (:mod:`engines.gluecksritter.views`), for mypy to check the
keys the screens read. Every key is there at every step; what is not known yet (the picks before
the reveal, the Black Knight's affair outside field 4) is None."""

from __future__ import annotations

from typing import TypedDict

from engines.core.awaiting import Awaited
from engines.gluecksritter.rules import DieSymbol


class CoinsView(TypedDict):
    silver: int
    gold: int
    value: int
    """In ducats: a gold coin is worth two silver."""


class PlayerView(TypedDict):
    colour: str
    name: str
    silver: int
    gold: int
    value: int
    walls: int
    towers: int
    knight_in_dungeon: bool
    documents: int
    """Documents in hand (a count: which is a secret)."""
    face_down: int
    """Documents played face down this round (a count)."""
    has_chosen: bool
    pick: list[int] | None
    """The two action cards, once revealed (phase E and after); None before."""
    played: list[str]
    """The documents played face up this round."""
    due: list[str]
    """Of those, the ones whose effect the table has still to enter."""


class OfferView(TypedDict):
    """A haggling offer (osullivan): what ``by`` gives the other to be the Black Knight."""

    by: str
    ducats: int
    walls: int
    towers: int
    loot_promise: int


class KnightView(TypedDict):
    """Field 4 in progress (the stages: :class:`engines.gluecksritter.state.Knight`)."""

    knights: list[str]
    stage: str
    actor: str | None
    victim: str | None
    rolls: dict[str, int]
    decider: str | None
    turn: str | None
    offer: OfferView | None
    """The offer that stands (the last one made)."""


class MoveView(TypedDict):
    """What a document's effect moves, from one place to another."""

    source: str
    target: str
    silver: int
    gold: int
    walls: int
    towers: int


class DocumentView(TypedDict):
    """A kind of document of the table's catalogue."""

    names: dict[str, str]
    """By language (``"*"``: every language)."""
    does: dict[str, str]
    """What it does, by language."""
    seal: str
    count: int
    """How many the box holds."""
    effect: str
    generic: bool
    moves: list[MoveView]


class SupplyView(TypedDict):
    walls: int
    towers: int


class GluecksritterView(TypedDict):
    game: str
    """Always ``"gluecksritter"``."""
    rules: str
    """The rule set: ``"schmidt-1998"`` or ``"osullivan-2002"``."""
    digital_sack: bool
    real_documents: bool
    special_die: list[DieSymbol]
    """Which faces (1..6) show the sack, which the castle."""
    catalogue: dict[str, DocumentView]
    """The table's documents by id, in its order."""
    round: int
    phase: str
    field: int | None
    """The field being resolved in phase E; None while none is open."""
    round_closing: bool
    sack: CoinsView
    field5: CoinsView
    field6: CoinsView
    supply: SupplyView
    deck: int
    """Documents still in the deck (a count)."""
    discard: list[str]
    players: list[PlayerView]
    knight: KnightView | None
    """The Black Knight's affair on field 4; None outside it."""
    passed_over: dict[str, str]
    """Who was passed over on the open field, and why."""
    taxes: list[list[str]]
    """The royal taxes due, in order: ``[player, "silver" | "gold"]``."""
    winners: list[str]
    awaiting: list[Awaited[str | None]]


class YouView(TypedDict):
    """What only the player looking sees."""

    colour: str
    documents: list[str]
    pick: list[int] | None
    face_down: list[str]
    hand: list[int]
    """The action cards in hand."""


class GluecksritterPlayerView(GluecksritterView):
    """What one player sees: the public view and the player's own secrets (``you``)."""

    you: YouView
