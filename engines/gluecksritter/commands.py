"""What the table asks of the referee. Every random result travels inside a command as a value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engines.core.correction import Correct
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.rules import Piece

Kind = Literal["silver", "gold"]


@dataclass(frozen=True, slots=True)
class PlaceDucats:
    """Phase A: the Ducat card's two numbers and the coins that landed on fields 5 and 6.

    Either the mix the table drew blind (``field5``/``field6``), or, with the digital sack,
    ``draws``: for each coin in turn (field 5 first) an index into the sack's remaining coins,
    silver first, which the app picked uniformly.
    """

    top: int
    bottom: int
    field5: Coins | None = None
    field6: Coins | None = None
    draws: tuple[int, ...] | None = None
    type: Literal["place-ducats"] = "place-ducats"


@dataclass(frozen=True, slots=True)
class ChooseActions:
    player: str
    cards: tuple[int, int]
    type: Literal["choose-actions"] = "choose-actions"


@dataclass(frozen=True, slots=True)
class PlayDocument:
    """Play a document from the hand; ``kind`` says which royal tax a Gift cancels."""

    player: str
    document: str
    kind: Kind | None = None
    type: Literal["play-document"] = "play-document"


@dataclass(frozen=True, slots=True)
class RevealDocuments:
    type: Literal["reveal-documents"] = "reveal-documents"


@dataclass(frozen=True, slots=True)
class RevealActions:
    type: Literal["reveal-actions"] = "reveal-actions"


@dataclass(frozen=True, slots=True)
class EndRound:
    """After the last field, while somebody holds a document: no more documents, check the victory."""

    type: Literal["end-round"] = "end-round"


@dataclass(frozen=True, slots=True)
class Ransom:
    player: str
    payment: Coins | None = None
    type: Literal["ransom"] = "ransom"


@dataclass(frozen=True, slots=True)
class TakeDocument:
    """Field 1: ``document`` is the card drawn from the deck (read off it, or drawn by the app)."""

    player: str
    document: str
    payment: Coins | None = None
    type: Literal["take-document"] = "take-document"


@dataclass(frozen=True, slots=True)
class Decline:
    """Fields 1 to 3: this player takes nothing this time."""

    player: str
    type: Literal["decline"] = "decline"


@dataclass(frozen=True, slots=True)
class BuyPieces:
    """Field 2 (walls) or 3 (towers): buy ``count`` pieces, 0 to 2."""

    player: str
    count: int
    payment: Coins | None = None
    type: Literal["buy-pieces"] = "buy-pieces"


@dataclass(frozen=True, slots=True)
class KnightAct:
    """The acting Black Knight: gold of field 5 or 6, a raid (with the special die's face), or pass."""

    player: str
    action: Literal["field5", "field6", "raid", "pass"]
    victim: str | None = None
    face: int | None = None
    type: Literal["knight-act"] = "knight-act"


@dataclass(frozen=True, slots=True)
class RaidPiece:
    player: str
    piece: Piece
    type: Literal["raid-piece"] = "raid-piece"


@dataclass(frozen=True, slots=True)
class RollDie:
    """A roll of the number die for a duel (schmidt) or to break a haggling tie (osullivan)."""

    player: str
    value: int
    type: Literal["roll-die"] = "roll-die"


@dataclass(frozen=True, slots=True)
class ChooseFirstOfferer:
    player: str
    offerer: str
    type: Literal["choose-first-offerer"] = "choose-first-offerer"


@dataclass(frozen=True, slots=True)
class MakeOffer:
    player: str
    ducats: int = 0
    walls: int = 0
    towers: int = 0
    loot_promise: int = 0
    type: Literal["make-offer"] = "make-offer"


@dataclass(frozen=True, slots=True)
class AcceptOffer:
    player: str
    type: Literal["accept-offer"] = "accept-offer"


@dataclass(frozen=True, slots=True)
class PayOffer:
    """The winner of the haggling pays the accepted offer's Ducats: ``payment`` None is the
    app's proposal."""

    player: str
    payment: Coins | None = None
    type: Literal["pay-offer"] = "pay-offer"


@dataclass(frozen=True, slots=True)
class KeepLoot:
    """The winner of the haggling hands over none of the loot he promised."""

    player: str
    type: Literal["keep-loot"] = "keep-loot"


@dataclass(frozen=True, slots=True)
class RejectOffer:
    """Refuse an offer that promises a share of the loot: its maker must offer anew or accept."""

    player: str
    type: Literal["reject-offer"] = "reject-offer"


@dataclass(frozen=True, slots=True)
class DeclineToOffer:
    player: str
    type: Literal["decline-to-offer"] = "decline-to-offer"


@dataclass(frozen=True, slots=True)
class HandOver:
    """Coins or castle pieces moved as a move of the game (a promised share of loot, a
    document's effect): between two players, or between a player and the sack (coins) or the
    supply (castle pieces). ``document`` names the document whose effect this is, if any."""

    source: str
    target: str
    coins: Coins = Coins()
    walls: int = 0
    towers: int = 0
    document: str | None = None
    type: Literal["hand-over"] = "hand-over"


@dataclass(frozen=True, slots=True)
class Transfer:
    """One move of a document's effect: coins or castle pieces from ``source`` to ``target`` (a
    player's colour, ``sack`` for coins, ``supply`` for pieces)."""

    source: str
    target: str
    coins: Coins = Coins()
    walls: int = 0
    towers: int = 0


@dataclass(frozen=True, slots=True)
class ApplyDocument:
    """The effect of a document ``player`` played this round (face up, or face down and since
    revealed), entered as what it moves; no ``moves``: it moved nothing the app keeps."""

    player: str
    document: str
    moves: tuple[Transfer, ...] = ()
    type: Literal["apply-document"] = "apply-document"


@dataclass(frozen=True, slots=True)
class CorrectHand:
    """A correction: the documents ``player`` really holds. A card new to the hand comes from the
    deck (else from the played pile); a card gone from it goes to the played pile."""

    player: str
    documents: tuple[str, ...]
    reason: str
    type: Literal["correct-hand"] = "correct-hand"


@dataclass(frozen=True, slots=True)
class PayRoyalTax:
    player: str
    type: Literal["pay-royal-tax"] = "pay-royal-tax"


Command = (
    PlaceDucats
    | ChooseActions
    | PlayDocument
    | RevealDocuments
    | RevealActions
    | EndRound
    | Ransom
    | TakeDocument
    | Decline
    | BuyPieces
    | KnightAct
    | RaidPiece
    | RollDie
    | ChooseFirstOfferer
    | MakeOffer
    | AcceptOffer
    | PayOffer
    | KeepLoot
    | RejectOffer
    | DeclineToOffer
    | HandOver
    | ApplyDocument
    | CorrectHand
    | PayRoyalTax
    | Correct
)
