"""The fixed facts of a Die Glücksritter table: rule set, settings, prices and the document catalogue.

``Setup`` is the validated setup document (pydantic, an edge); ``Rules`` is the plain frozen
copy the engine carries inside every state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

SCHMIDT = "schmidt-1998"
OSULLIVAN = "osullivan-2002"
RuleSetName = Literal["schmidt-1998", "osullivan-2002"]

COLOURS = ("red", "blue", "green", "yellow", "white", "black")
Colour = Literal["red", "blue", "green", "yellow", "white", "black"]
DieSymbol = Literal["sack", "castle"]
Seal = Literal["red", "yellow"]
Effect = Literal["royal-tax-waiver", "table"]

SILVER_TOTAL = 60
GOLD_TOTAL = 40
START_SILVER = 2
START_GOLD = 2
PIECE_SUPPLY = 24
DOCUMENT_TOTAL = 25  # cards in the box's document deck
CASTLE_LIMIT = 4
RANSOM_PRICE = 4
TAX_THRESHOLD = 8
FIELD1_SHARED_PRICE = 4
PIECE_PRICES = {"wall": (4, 6), "tower": (5, 7)}  # (alone, shared)
PIECE_OF_FIELD = {2: "wall", 3: "tower"}
HAGGLE_VALUE = {"wall": 4, "tower": 5}
DEFAULT_SPECIAL_DIE: tuple[DieSymbol, ...] = ("sack", "sack", "sack", "sack", "castle", "castle")


@dataclass(frozen=True, slots=True)
class DocumentKind:
    id: str
    name: str
    seal: str
    count: int
    effect: str
    generic: bool = False  # stands for several different cards the catalogue does not name


@dataclass(frozen=True, slots=True)
class Rules:
    ruleset: str
    digital_sack: bool
    change_from_sack: bool
    special_die: tuple[str, ...]
    documents: tuple[DocumentKind, ...]

    def document(self, doc_id: str) -> DocumentKind | None:
        for kind in self.documents:
            if kind.id == doc_id:
                return kind
        return None

    @property
    def document_total(self) -> int:
        return sum(kind.count for kind in self.documents)


Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")]


class DocumentSpec(BaseModel):
    """One line of the document catalogue a table can edit."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: Slug
    name: Annotated[str, StringConstraints(min_length=1, max_length=60, strip_whitespace=True)]
    seal: Seal
    count: Annotated[int, Field(ge=1, le=25)]
    effect: Effect = "table"
    generic: bool = False


class Setup(BaseModel):
    """A table's choices before the first round."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    rules: RuleSetName = SCHMIDT
    players: tuple[Colour, ...]
    names: dict[Colour, Annotated[str, StringConstraints(min_length=1, max_length=24)]] = {}
    digital_sack: bool = False
    change_from_sack: bool = True
    special_die: tuple[DieSymbol, DieSymbol, DieSymbol, DieSymbol, DieSymbol, DieSymbol] = DEFAULT_SPECIAL_DIE
    documents: tuple[DocumentSpec, ...]

    @field_validator("players")
    @classmethod
    def _players(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        if not 3 <= len(players) <= 6:
            raise ValueError(f"Die Glücksritter is played by 3 to 6 players, not {len(players)}")
        if len(set(players)) != len(players):
            raise ValueError("each player needs a colour of their own")
        return players

    @field_validator("documents")
    @classmethod
    def _box_of_documents(cls, documents: tuple[DocumentSpec, ...]) -> tuple[DocumentSpec, ...]:
        total = sum(doc.count for doc in documents)
        if documents and total != DOCUMENT_TOTAL:
            raise ValueError(
                f"the document catalogue counts {total} cards, but the box holds {DOCUMENT_TOTAL}: "
                "correct the counts so that they add up"
            )
        return documents

    @model_validator(mode="after")
    def _consistent(self) -> Setup:
        unknown = set(self.names) - set(self.players)
        if unknown:
            raise ValueError(f"names given for colours nobody plays: {sorted(unknown)}")
        ids = [doc.id for doc in self.documents]
        if not ids:
            raise ValueError("the document catalogue is empty")
        if len(set(ids)) != len(ids):
            raise ValueError("document ids must be unique in the catalogue")
        return self

    def to_rules(self) -> Rules:
        return Rules(
            ruleset=self.rules,
            digital_sack=self.digital_sack,
            change_from_sack=self.change_from_sack,
            special_die=tuple(self.special_die),
            documents=tuple(DocumentKind(d.id, d.name, d.seal, d.count, d.effect, d.generic) for d in self.documents),
        )
