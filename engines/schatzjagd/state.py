"""The state of one Schatzjagd play: the henchmen and their values, the hands as counts, the cards
on the board, the piles, the treasures wherever they are, the fight under way and the turn."""

from __future__ import annotations

from dataclasses import dataclass

from engines.schatzjagd.rules import CARD_TYPES, Effect, Victory

PLAY = "play"
CATHARSIS = "catharsis"
OVER = "over"


@dataclass(frozen=True, slots=True)
class Henchman:
    """A prince's henchman and the prince's hand. Hand cards other than treasures are counted only:
    their types are the prince's secret and the referee does not need them."""

    colour: str
    name: str
    place: str
    before: str | None = None  # the walls ("city", "castle-<colour>") the field it stands on lies before
    life: int = 15
    gold: int = 5
    strength: int = 2
    weapons: int = 0
    poison: int = 0  # life lost at the start of each own turn; 0: not poisoned
    cards: int = 4  # cards in hand that are not treasures
    treasures: tuple[str, ...] = ()  # kinds carried (in hand)
    hidden: tuple[str, ...] = ()  # kinds hidden in the own castle
    searching: int = 0  # consecutive days spent searching a rival castle (plunder)
    deaths: int = 0

    @property
    def hand(self) -> int:
        return self.cards + len(self.treasures)

    @property
    def power(self) -> int:
        return self.strength + self.weapons

    def value(self, counter: str) -> int:
        value: int = getattr(self, counter)
        return value


@dataclass(frozen=True, slots=True)
class BoardCard:
    """A card slotted into a field. ``kind`` is None while nobody has revealed it. ``down``: a
    monster fled from, slotted back face down where it lay (book 10.3): the referee keeps what it
    is, the table sees a face-down card until a henchman stops there and it is turned up again."""

    id: int
    field: str
    owner: str  # the prince who slotted it: never shown while the game runs (no notes, rule 13.4)
    kind: str | None = None
    value: int = 0  # weapon bonus or monster power
    effects: tuple[Effect, ...] = ()  # potion or trap effect, a monster's reward, a special's use
    name: str = ""  # a special's name, e.g. teleportal
    down: bool = False

    @property
    def face_down(self) -> bool:
        """What the cardboard shows: the card's back (never turned up, or slotted back)."""
        return self.kind is None or self.down


@dataclass(frozen=True, slots=True)
class Loose:
    """A treasure lying at a place where a henchman died; ``guard`` is the monster that killed him."""

    place: str
    kind: str
    guard: int | None = None


@dataclass(frozen=True, slots=True)
class Fight:
    """A fight under way: ``henchman`` (whose turn it is) against another henchman or a monster."""

    henchman: str
    opponent: str | None = None
    monster: int | None = None  # the board card
    monster_life: int = 0
    exchanges: int = 0


@dataclass(frozen=True, slots=True)
class Turn:
    """What the current player has done this turn."""

    travelled: bool = False
    died: bool = False
    card_played: bool = False
    business: bool = False
    plundered: bool = False
    teleported: bool = False
    halted: bool = False  # the henchman's day is over: it fled, or the prince played a card other than a spell
    challenged: tuple[str, ...] = ()  # henchmen this one fought this turn
    specials: tuple[int, ...] = ()  # specials used this turn


@dataclass(frozen=True, slots=True)
class Options:
    victory: Victory
    plunder: bool
    catharsis: bool
    teleportal: bool
    show_treasure_kinds: bool
    regions: tuple[tuple[int, str], ...]
    first: str
    treasures: tuple[int, ...]  # treasure cards of each kind in the game


@dataclass(frozen=True, slots=True)
class GameState:
    options: Options
    players: tuple[Henchman, ...]  # clockwise, the first player first
    kinds: tuple[str, ...]  # treasure kinds
    treasure_stack: tuple[int, ...]  # treasures not yet dug, counted by kind (in the order of ``kinds``)
    draw: int  # cards in the draw pile
    # by type (CARD_TYPES), then "not seen"; the types only for the composition check, never shown while the game runs
    discard: tuple[int, ...] = (0,) * (len(CARD_TYPES) + 1)
    used_maps: int = 0
    board: tuple[BoardCard, ...] = ()
    loose: tuple[Loose, ...] = ()
    next_card: int = 1
    phase: str = PLAY
    current: str = ""
    day: int = 1
    turn: Turn = Turn()
    fight: Fight | None = None
    catharsis: tuple[str, ...] = ()  # who removes a card next, in order
    owed: tuple[tuple[str, int], ...] = ()  # cards still to draw when the catharsis ends
    winner: str | None = None

    def henchman(self, colour: str) -> Henchman:
        for p in self.players:
            if p.colour == colour:
                return p
        raise KeyError(colour)

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(p.colour for p in self.players)

    def card(self, card_id: int) -> BoardCard:
        for c in self.board:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def cards_at(self, field: str) -> tuple[BoardCard, ...]:
        return tuple(c for c in self.board if c.field == field)

    def face_down_at(self, place: str) -> BoardCard | None:
        for c in self.board:
            if c.field == place and c.kind is None:
                return c
        return None

    def loose_at(self, place: str) -> tuple[Loose, ...]:
        return tuple(t for t in self.loose if t.place == place)

    def henchmen_at(self, place: str) -> tuple[Henchman, ...]:
        return tuple(p for p in self.players if p.place == place)

    @property
    def discard_total(self) -> int:
        return sum(self.discard)

    def public_count(self, kind: str) -> int:
        """Cards of ``kind`` that everyone has seen where they are now (discard, board, used maps)."""
        n = self.discard[CARD_TYPES.index(kind)] + sum(1 for c in self.board if c.kind == kind)
        return n + (self.used_maps if kind == "map" else 0)

    def region(self, die: int) -> str:
        return dict(self.options.regions)[die]

    def next_player(self, colour: str) -> str:
        colours = self.colours
        return colours[(colours.index(colour) + 1) % len(colours)]
