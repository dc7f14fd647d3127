"""The fixed facts of a Die Glücksritter table: rule set, settings, prices and the document catalogue.

``Setup`` is the validated setup document (pydantic, an edge); ``Rules`` is the plain frozen
copy the engine carries inside every state.

A document of the catalogue has its name and what it does in the table's languages (data the
table may edit, carried along for the screens; the engine judges by id, seal and effect), and may
say which coins or castle pieces its effect moves (``moves``), which the screens offer as the
effect's hand-over: ``holder`` is who played it, ``other`` a player the holder names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator, model_validator

RuleSetName = Literal["schmidt-1998", "osullivan-2002"]
SCHMIDT: Final = "schmidt-1998"
OSULLIVAN: Final = "osullivan-2002"

COLOURS = ("red", "blue", "green", "yellow", "white", "black")
Colour = Literal["red", "blue", "green", "yellow", "white", "black"]
DieSymbol = Literal["sack", "castle"]
Seal = Literal["red", "yellow"]
Effect = Literal["royal-tax-waiver", "table"]
Language = Literal["de", "en"]
Place = Literal["holder", "other", "sack", "supply"]
Piece = Literal["wall", "tower"]
SpecialDie = tuple[DieSymbol, DieSymbol, DieSymbol, DieSymbol, DieSymbol, DieSymbol]

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
PIECE_OF_FIELD: dict[int, Piece] = {2: "wall", 3: "tower"}
HAGGLE_VALUE = {"wall": 4, "tower": 5}
DEFAULT_SPECIAL_DIE: SpecialDie = ("sack", "sack", "sack", "sack", "castle", "castle")


@dataclass(frozen=True, slots=True)
class Move:
    """What a document's effect moves, from one place to another (``Place``)."""

    source: str
    target: str
    silver: int = 0
    gold: int = 0
    walls: int = 0
    towers: int = 0


@dataclass(frozen=True, slots=True)
class DocumentKind:
    id: str
    name: str  # the name in the first language the catalogue gives (older games: the only one)
    seal: str
    count: int
    effect: str
    generic: bool = False  # stands for several different cards the catalogue does not name
    names: tuple[tuple[str, str], ...] = ()  # (language, name)
    does: tuple[tuple[str, str], ...] = ()  # (language, what it does)
    moves: tuple[Move, ...] = ()


@dataclass(frozen=True, slots=True)
class Rules:
    ruleset: str
    digital_sack: bool
    change_from_sack: bool
    special_die: tuple[DieSymbol, ...]
    documents: tuple[DocumentKind, ...]
    real_documents: bool = False

    def document(self, doc_id: str) -> DocumentKind | None:
        for kind in self.documents:
            if kind.id == doc_id:
                return kind
        return None

    @property
    def document_total(self) -> int:
        return sum(kind.count for kind in self.documents)


Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")]
Name = Annotated[str, StringConstraints(min_length=1, max_length=60, strip_whitespace=True)]
Does = Annotated[str, StringConstraints(min_length=1, max_length=300, strip_whitespace=True)]
Amount = Annotated[int, Field(ge=0, le=60)]
Pieces = Annotated[int, Field(ge=0, le=CASTLE_LIMIT)]


class MoveSpec(BaseModel):
    """One move of a document's effect, as the catalogue writes it (``from``, ``to``)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)
    source: Place = Field(alias="from")
    target: Place = Field(alias="to")
    silver: Amount = 0
    gold: Amount = 0
    walls: Pieces = 0
    towers: Pieces = 0

    @model_validator(mode="after")
    def _sensible(self) -> MoveSpec:
        if self.source == self.target:
            raise ValueError("a move goes from one place to another")
        if not (self.silver or self.gold or self.walls or self.towers):
            raise ValueError("a move says what it moves: silver, gold, walls or towers")
        if (self.silver or self.gold) and "supply" in (self.source, self.target):
            raise ValueError("coins come from or go to the sack, not the supply")
        if (self.walls or self.towers) and "sack" in (self.source, self.target):
            raise ValueError("castle pieces come from or go to the supply, not the sack")
        return self


class DocumentSpec(BaseModel):
    """One line of the document catalogue a table can edit. ``name`` and ``does`` are one text
    for every language or one per language (``{de = "...", en = "..."}``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: Slug
    name: Name | dict[Language, Name]
    seal: Seal
    count: Annotated[int, Field(ge=1, le=25)]
    effect: Effect = "table"
    generic: bool = False
    does: Does | dict[Language, Does] | None = None
    moves: tuple[MoveSpec, ...] = ()

    @field_validator("name", "does")
    @classmethod
    def _some_language(cls, value: Any) -> Any:
        if isinstance(value, dict) and not value:
            raise ValueError('give the text in at least one language, e.g. {de = "...", en = "..."}')
        return value

    @model_validator(mode="after")
    def _moves_of_a_table_effect(self) -> DocumentSpec:
        if self.moves and self.effect != "table":
            raise ValueError("only a document whose effect the table applies ('table') moves coins or pieces")
        return self

    def kind(self) -> DocumentKind:
        names = _texts(self.name)
        return DocumentKind(
            self.id,
            names[0][1],
            self.seal,
            self.count,
            self.effect,
            self.generic,
            names,
            _texts(self.does),
            tuple(Move(m.source, m.target, m.silver, m.gold, m.walls, m.towers) for m in self.moves),
        )


def _texts(value: str | dict[Language, str] | None) -> tuple[tuple[str, str], ...]:
    """(language, text) pairs; one text for every language is ``("*", text)``."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (("*", value),)
    return tuple((language, text) for language, text in value.items())


class Setup(BaseModel):
    """A table's choices before the first round."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    rules: RuleSetName = SCHMIDT
    players: tuple[Colour, ...]
    names: dict[Colour, Annotated[str, StringConstraints(min_length=1, max_length=24)]] = {}
    digital_sack: bool = False
    real_documents: bool = False  # the table's own document cards: the drawn card is entered
    change_from_sack: bool = True
    special_die: SpecialDie = DEFAULT_SPECIAL_DIE
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
            documents=tuple(d.kind() for d in self.documents),
            real_documents=self.real_documents,
        )
