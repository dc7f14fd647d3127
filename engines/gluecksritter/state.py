"""The state of one Die Glücksritter play: frozen data, replaced, never mutated."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core.frozen import replace
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.rules import HAGGLE_VALUE, Rules

# Phases of a round, named as the rule books' summary names them.
DUCATS = "A"  # draw the Ducat card, place coins on fields 5 and 6
CHOOSE = "B"  # secret picks; red documents face down (schmidt: ransom before one's pick)
DOCUMENTS = "C"  # face-down documents revealed; yellow documents (red ones only in phase B)
RANSOM = "D"  # osullivan: ransom window after the documents, before the reveal
RESOLVE = "E"  # action cards revealed, fields 1..6 resolved in order
OVER = "over"


@dataclass(frozen=True, slots=True)
class Player:
    colour: str
    name: str
    silver: int
    gold: int
    walls: int = 0
    towers: int = 0
    knight_in_dungeon: bool = False
    documents: tuple[str, ...] = ()  # the hand, sorted; secret
    pick: tuple[int, int] | None = None  # secret until the reveal
    played: tuple[str, ...] = ()  # document ids played this round
    applied: tuple[str, ...] = ()  # of those, the ones whose effect the table has entered

    @property
    def coins(self) -> Coins:
        return Coins(self.silver, self.gold)

    @property
    def pieces(self) -> int:
        return self.walls + self.towers

    def with_coins(self, coins: Coins) -> Player:
        return replace(self, silver=coins.silver, gold=coins.gold)

    def hand(self) -> tuple[int, ...]:
        """The action cards this player may pick from: all six, less a knight in the dungeon."""
        return (1, 2, 3, 5, 6) if self.knight_in_dungeon else (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True, slots=True)
class Offer:
    """A haggling offer (osullivan): what ``by`` gives the other to be the Black Knight."""

    by: str
    ducats: int
    walls: int = 0
    towers: int = 0
    loot_promise: int = 0  # Ducats promised from the loot: counted for the bidding; after acting
    # the winner hands over all, part or none of it. An offer with a promise may be rejected.

    @property
    def value(self) -> int:
        pieces = HAGGLE_VALUE["wall"] * self.walls + HAGGLE_VALUE["tower"] * self.towers
        return self.ducats + pieces + self.loot_promise


@dataclass(frozen=True, slots=True)
class Knight:
    """Field 4 in progress.

    Stages: ``act`` (the acting knight chooses), ``raid-piece`` (castle face: which piece),
    ``duel`` (schmidt, both roll the number die), ``haggle-roll`` (osullivan, equal castles:
    a roll decides who decides), ``choose-first`` (the decider names the first offerer),
    ``haggle`` (offers), ``pay`` (the winner pays the accepted offer), ``promise`` (the winner
    has acted and answers his promise of loot), ``done``.
    """

    knights: tuple[str, ...]
    stage: str
    actor: str | None = None
    victim: str | None = None
    rolls: tuple[tuple[str, int], ...] = ()
    decider: str | None = None
    turn: str | None = None
    offers: tuple[Offer, ...] = ()  # offers made so far; the last one stands
    passed: tuple[str, ...] = ()

    @property
    def offer(self) -> Offer | None:
        return self.offers[-1] if self.offers else None


@dataclass(frozen=True, slots=True)
class GameState:
    rules: Rules
    players: tuple[Player, ...]
    sack: Coins
    field5: Coins = Coins()
    field6: Coins = Coins()
    supply_walls: int = 24
    supply_towers: int = 24
    deck: tuple[str, ...] = ()  # document ids still in the deck, sorted (order unknown)
    discard: tuple[str, ...] = ()  # played documents, sorted
    face_down: tuple[tuple[str, str], ...] = ()  # (player, document) played face down
    round: int = 1
    phase: str = DUCATS
    field: int = 0  # the field being resolved in phase E (0: none yet)
    field_open: bool = False
    todo: tuple[str, ...] = ()  # players still to decide on fields 1..3
    passed_over: tuple[tuple[str, str], ...] = ()  # (player, why) passed over on the open field
    knight: Knight | None = None
    round_closing: bool = False  # every field resolved; the round ends on the table's end-round
    taxes: tuple[tuple[str, Literal["silver", "gold"]], ...] = ()  # (player, kind of coin) due, in order
    winners: tuple[str, ...] = ()

    def index(self, colour: str) -> int:
        for i, player in enumerate(self.players):
            if player.colour == colour:
                return i
        raise KeyError(colour)

    def player(self, colour: str) -> Player:
        return self.players[self.index(colour)]

    def has_player(self, colour: str) -> bool:
        return any(p.colour == colour for p in self.players)

    def with_player(self, player: Player) -> GameState:
        i = self.index(player.colour)
        return replace(self, players=self.players[:i] + (player,) + self.players[i + 1 :])

    def pickers(self, card: int) -> tuple[str, ...]:
        return tuple(p.colour for p in self.players if p.pick is not None and card in p.pick)

    def pile(self, place: str) -> Coins:
        if place == "sack":
            return self.sack
        if place == "field5":
            return self.field5
        if place == "field6":
            return self.field6
        return self.player(place).coins
