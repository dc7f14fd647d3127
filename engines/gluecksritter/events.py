"""What happened: facts that ``evolve`` applies without judging them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core.correction import Corrected
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.state import Offer


@dataclass(frozen=True, slots=True)
class DucatsPlaced:
    top: int
    bottom: int
    field5: Coins
    field6: Coins
    type: Literal["ducats-placed"] = "ducats-placed"


@dataclass(frozen=True, slots=True)
class ActionsChosen:
    player: str
    cards: tuple[int, int]
    type: Literal["actions-chosen"] = "actions-chosen"


@dataclass(frozen=True, slots=True)
class DocumentPlayed:
    player: str
    document: str
    face_down: bool
    type: Literal["document-played"] = "document-played"


@dataclass(frozen=True, slots=True)
class DocumentApplied:
    """The effect of a document played this round has been entered (its moves, if any, are the
    ``handed-over`` events before this one)."""

    player: str
    document: str
    type: Literal["document-applied"] = "document-applied"


@dataclass(frozen=True, slots=True)
class HandCorrected:
    """A correction of the documents a player holds: ``removed`` went to the played pile, ``drawn``
    came from the deck and ``taken`` from the played pile (secret; ``before``/``after`` are the
    public counts)."""

    player: str
    removed: tuple[str, ...]
    drawn: tuple[str, ...]
    taken: tuple[str, ...]
    before: int
    after: int
    reason: str
    type: Literal["hand-corrected"] = "hand-corrected"


@dataclass(frozen=True, slots=True)
class DocumentsRevealed:
    documents: tuple[tuple[str, str], ...]
    type: Literal["documents-revealed"] = "documents-revealed"


@dataclass(frozen=True, slots=True)
class ActionsRevealed:
    picks: tuple[tuple[str, tuple[int, int]], ...]
    type: Literal["actions-revealed"] = "actions-revealed"


@dataclass(frozen=True, slots=True)
class FieldOpened:
    field: int
    players: tuple[str, ...]
    type: Literal["field-opened"] = "field-opened"


@dataclass(frozen=True, slots=True)
class FieldClosed:
    field: int
    type: Literal["field-closed"] = "field-closed"


@dataclass(frozen=True, slots=True)
class CoinsMoved:
    """Coins from one place to another: ``sack``, ``field5``, ``field6`` or a player's colour."""

    source: str
    target: str
    coins: Coins
    reason: str
    type: Literal["coins-moved"] = "coins-moved"


@dataclass(frozen=True, slots=True)
class PiecesBuilt:
    player: str
    piece: Literal["wall", "tower"]
    count: int
    type: Literal["pieces-built"] = "pieces-built"


@dataclass(frozen=True, slots=True)
class PieceMoved:
    """A castle piece from one castle into another (a raid, or a haggling payment)."""

    source: str
    target: str
    piece: Literal["wall", "tower"]
    reason: str
    type: Literal["piece-moved"] = "piece-moved"


@dataclass(frozen=True, slots=True)
class DeckReshuffled:
    count: int
    type: Literal["deck-reshuffled"] = "deck-reshuffled"


@dataclass(frozen=True, slots=True)
class DocumentDrawn:
    player: str
    document: str
    type: Literal["document-drawn"] = "document-drawn"


@dataclass(frozen=True, slots=True)
class PlayerDone:
    """A player has made their decision on the current field (bought, drew or declined)."""

    player: str
    type: Literal["player-done"] = "player-done"


@dataclass(frozen=True, slots=True)
class PlayerPassedOver:
    """Nothing on the open field (1 to 3) is within this player's reach: not asked, and why."""

    player: str
    field: int
    reason: str
    type: Literal["player-passed-over"] = "player-passed-over"


@dataclass(frozen=True, slots=True)
class KnightsImprisoned:
    players: tuple[str, ...]
    reason: str
    type: Literal["knights-imprisoned"] = "knights-imprisoned"


@dataclass(frozen=True, slots=True)
class KnightsInDungeon:
    """Knights whose card was laid but who sit in the dungeon (a correction put them there): they
    do not act. Only for the log; the dungeon itself was set by the correction."""

    players: tuple[str, ...]
    type: Literal["knights-in-dungeon"] = "knights-in-dungeon"


@dataclass(frozen=True, slots=True)
class KnightRansomed:
    player: str
    type: Literal["knight-ransomed"] = "knight-ransomed"


@dataclass(frozen=True, slots=True)
class KnightStarted:
    """Field 4 opens in ``stage`` with these knights (and the acting knight or decider, if known)."""

    knights: tuple[str, ...]
    stage: str
    actor: str | None = None
    decider: str | None = None
    type: Literal["knight-started"] = "knight-started"


@dataclass(frozen=True, slots=True)
class DieRolled:
    player: str
    value: int
    purpose: Literal["duel", "haggle"]
    type: Literal["die-rolled"] = "die-rolled"


@dataclass(frozen=True, slots=True)
class RollsTied:
    """Equal rolls to break a haggling tie: both roll again."""

    type: Literal["rolls-tied"] = "rolls-tied"


@dataclass(frozen=True, slots=True)
class DuelWon:
    winner: str
    type: Literal["duel-won"] = "duel-won"


@dataclass(frozen=True, slots=True)
class DeciderChosen:
    decider: str
    type: Literal["decider-chosen"] = "decider-chosen"


@dataclass(frozen=True, slots=True)
class FirstOffererChosen:
    decider: str
    offerer: str
    type: Literal["first-offerer-chosen"] = "first-offerer-chosen"


@dataclass(frozen=True, slots=True)
class OfferMade:
    offer: Offer
    type: Literal["offer-made"] = "offer-made"


@dataclass(frozen=True, slots=True)
class OfferDeclined:
    player: str
    type: Literal["offer-declined"] = "offer-declined"


@dataclass(frozen=True, slots=True)
class OfferRejected:
    player: str
    offer: Offer
    type: Literal["offer-rejected"] = "offer-rejected"


@dataclass(frozen=True, slots=True)
class OfferAccepted:
    player: str
    offer: Offer
    type: Literal["offer-accepted"] = "offer-accepted"


@dataclass(frozen=True, slots=True)
class OfferPaymentDue:
    """The accepted offer's Ducats: ``player`` pays them to ``to``, naming the coins."""

    player: str
    to: str
    ducats: int
    type: Literal["offer-payment-due"] = "offer-payment-due"


@dataclass(frozen=True, slots=True)
class OfferPaid:
    player: str
    type: Literal["offer-paid"] = "offer-paid"


@dataclass(frozen=True, slots=True)
class LootPromiseDue:
    """The winner has acted; he now hands over all, part or none of the loot he promised."""

    player: str
    to: str
    ducats: int
    type: Literal["loot-promise-due"] = "loot-promise-due"


@dataclass(frozen=True, slots=True)
class LootKept:
    """The winner hands over none of the promised loot."""

    player: str
    promised: int
    type: Literal["loot-kept"] = "loot-kept"


@dataclass(frozen=True, slots=True)
class HandedOver:
    """Coins and castle pieces moved as play: ``source``/``target`` a player's colour, ``sack``
    (coins) or ``supply`` (pieces); ``promise`` when this answers a promise of loot."""

    source: str
    target: str
    coins: Coins
    walls: int
    towers: int
    document: str | None = None
    promise: bool = False
    type: Literal["handed-over"] = "handed-over"


@dataclass(frozen=True, slots=True)
class KnightActed:
    player: str
    action: Literal["field5", "field6", "raid", "pass"]
    victim: str | None = None
    type: Literal["knight-acted"] = "knight-acted"


@dataclass(frozen=True, slots=True)
class RaidRolled:
    player: str
    victim: str
    face: int
    symbol: Literal["sack", "castle"]
    type: Literal["raid-rolled"] = "raid-rolled"


@dataclass(frozen=True, slots=True)
class RaidPieceWanted:
    """The castle face came up and the raider may take either kind: the raider chooses."""

    player: str
    victim: str
    type: Literal["raid-piece-wanted"] = "raid-piece-wanted"


@dataclass(frozen=True, slots=True)
class KnightFinished:
    type: Literal["knight-finished"] = "knight-finished"


@dataclass(frozen=True, slots=True)
class RoyalTaxDue:
    player: str
    kind: Literal["silver", "gold"]
    type: Literal["royal-tax-due"] = "royal-tax-due"


@dataclass(frozen=True, slots=True)
class RoyalTaxSettled:
    player: str
    kind: Literal["silver", "gold"]
    waived: bool
    type: Literal["royal-tax-settled"] = "royal-tax-settled"


@dataclass(frozen=True, slots=True)
class RoundEndAwaited:
    """Every field is resolved and somebody holds a document: the round ends on ``end-round``."""

    round: int
    type: Literal["round-end-awaited"] = "round-end-awaited"


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    type: Literal["round-ended"] = "round-ended"


@dataclass(frozen=True, slots=True)
class GameEnded:
    winners: tuple[str, ...]
    reason: str
    type: Literal["game-ended"] = "game-ended"


@dataclass(frozen=True, slots=True)
class VictoryJudgedAgain:
    """A correction after the end of the game changed who has won; no winner: the game goes on
    (a RoundEnded follows)."""

    winners: tuple[str, ...]
    reason: str
    type: Literal["victory-judged-again"] = "victory-judged-again"


Event = (
    DucatsPlaced
    | ActionsChosen
    | DocumentPlayed
    | DocumentApplied
    | HandCorrected
    | DocumentsRevealed
    | ActionsRevealed
    | FieldOpened
    | FieldClosed
    | CoinsMoved
    | PiecesBuilt
    | PieceMoved
    | DeckReshuffled
    | DocumentDrawn
    | PlayerDone
    | PlayerPassedOver
    | KnightsImprisoned
    | KnightsInDungeon
    | KnightRansomed
    | KnightStarted
    | DieRolled
    | RollsTied
    | DuelWon
    | DeciderChosen
    | FirstOffererChosen
    | OfferMade
    | OfferDeclined
    | OfferRejected
    | OfferAccepted
    | OfferPaymentDue
    | OfferPaid
    | LootPromiseDue
    | LootKept
    | HandedOver
    | KnightActed
    | RaidRolled
    | RaidPieceWanted
    | KnightFinished
    | RoyalTaxDue
    | RoyalTaxSettled
    | RoundEndAwaited
    | RoundEnded
    | GameEnded
    | VictoryJudgedAgain
    | Corrected
)
