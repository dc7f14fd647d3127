"""The shape of Schatzjagd's views (:mod:`engines.schatzjagd.views`), for mypy to check the keys the
screens read. Keys marked ``NotRequired`` are there only sometimes: the kinds of treasures when the
table agreed to show them, what a face-down card is never, who slotted a card and the discard pile
by type once the game is over."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NotRequired, TypedDict

from engines.core.awaiting import Awaited

Counter = Literal["life", "gold", "strength", "weapons", "poison"]
"""The henchman's numbers a correction sets: keys of :class:`HenchmanView`."""


class HenchmanView(TypedDict):
    colour: str
    name: str
    place: str
    before: str | None
    """The walls (``"city"``, ``"castle-<colour>"``) the field it stands on lies before."""
    life: int
    gold: int
    strength: int
    weapons: int
    power: int
    poison: int
    hand: int
    """Cards in the prince's hand, treasures included."""
    treasures: int
    """Treasures carried (a count)."""
    hidden: int
    """Treasures hidden in the own castle (a count)."""
    deaths: int
    searching: int
    treasure_kinds: NotRequired[list[str]]
    """Only when the table shows the kinds of treasures."""
    hidden_kinds: NotRequired[list[str]]
    """Only when the table shows the kinds of treasures."""


class BoardCardView(TypedDict):
    """A card in a field. Face down, only ``field`` and ``face_down``; face up, what it is."""

    field: str
    face_down: bool
    kind: NotRequired[str]
    value: NotRequired[int]
    effects: NotRequired[list[str]]
    name: NotRequired[str]
    owner: NotRequired[str]
    """Who slotted it: only once the game is over."""


class LooseView(TypedDict):
    """A treasure lying in the open."""

    place: str
    guarded: bool


class PilesView(TypedDict):
    draw: int
    discard: int
    used_maps: int
    treasures: int
    """Treasures not yet dug."""
    discard_by_type: NotRequired[dict[str, int]]
    """Only once the game is over: the discard pile by card type (and ``"unseen"``)."""


class FightView(TypedDict):
    henchman: str
    opponent: str | None
    """The henchman fought; None in a fight with a monster."""
    monster_power: int | None
    monster_life: int | None
    exchanges: int


class TurnView(TypedDict):
    """What the current player has done this turn."""

    travelled: bool
    died: bool
    card_played: bool
    business: bool
    plundered: bool
    teleported: bool
    halted: bool
    challenged: Sequence[str]
    """The henchmen this one fought this turn."""
    specials: list[str]
    """The fields of the specials used this turn."""


class OptionsView(TypedDict):
    plunder: bool
    catharsis: bool
    teleportal: bool
    show_treasure_kinds: bool
    kinds: list[str]
    """The kinds of treasure this table plays with."""
    regions: dict[str, str]
    """The teleportal's regions: a die's face (``"2"``..``"5"``) to a colour."""


class SchatzjagdView(TypedDict):
    game: str
    """Always ``"schatzjagd"``."""
    phase: str
    day: int
    current: str
    winner: str | None
    victory: str
    """The victory condition, in the engine's English words."""
    options: OptionsView
    turn: TurnView
    players: list[HenchmanView]
    """Clockwise, the first player first."""
    board: list[BoardCardView]
    """By place (the cardboard's order)."""
    loose: list[LooseView]
    piles: PilesView
    fight: FightView | None
    catharsis: list[str]
    """Who removes a card next, in order."""
    awaiting: list[Awaited[str]]
    """Only ever princes: Schatzjagd never waits for the table as a whole."""


class SchatzjagdPlayerView(SchatzjagdView):
    """What one prince sees: the public view and the prince's own treasures and cards."""

    you: str
    your_treasures: list[str]
    your_hidden: list[str]
    your_cards: int
    """Hand cards other than treasures (counted only)."""
