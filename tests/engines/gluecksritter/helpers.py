"""Building Die Glücksritter tables and driving rounds quickly in the engine's unit tests.

A :class:`Table` holds one state and applies commands the way the app does (decide, then evolve
event by event with the invariant check after each). Positions are arranged through the engine's
own corrections (coins from the sack, pieces from the supply), so every arranged state is one a
real table can reach; only documents in hand are dealt directly from the deck (:meth:`Table.deal`),
as if drawn on field 1 in an earlier round.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.catalogue import load_catalogue
from engines.core.correction import Correct
from engines.core.errors import RuleViolation
from engines.gluecksritter import GAME, OSULLIVAN, SCHMIDT, DocumentSpec, Setup
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import (
    ChooseActions,
    Decline,
    EndRound,
    KnightAct,
    PayRoyalTax,
    PlaceDucats,
    RevealActions,
    RevealDocuments,
)
from engines.gluecksritter.state import DUCATS, RESOLVE, GameState, Player

__all__ = ["CATALOGUE", "EMPTY", "OSULLIVAN", "RULESETS", "SCHMIDT", "Table", "c", "doc", "setup"]

CATALOGUE = load_catalogue()
RULESETS = (SCHMIDT, OSULLIVAN)
THREE = ("red", "blue", "green")
EMPTY = Coins()


def c(silver: int = 0, gold: int = 0) -> Coins:
    return Coins(silver, gold)


def doc(id: str, seal: str, count: int = 1, effect: str = "table", name: str | None = None) -> DocumentSpec:
    """A catalogue line for a table's own catalogue."""
    return DocumentSpec(id=id, name=name or id.replace("-", " ").title(), seal=seal, count=count, effect=effect)


def setup(players: tuple[str, ...] = THREE, rules: str = SCHMIDT, documents: Any = None, **settings: Any) -> Setup:
    return Setup(
        rules=rules,
        players=players,
        documents=CATALOGUE if documents is None else tuple(documents),
        **settings,
    )


class Table:
    """One play in progress; ``do`` applies a command, ``refuse`` checks a refusal."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Any] = []  # everything accepted so far, in order

    @classmethod
    def new(
        cls, players: tuple[str, ...] = THREE, rules: str = SCHMIDT, documents: Any = None, **settings: Any
    ) -> Table:
        state = GAME.setup(setup(players, rules, documents, **settings))
        GAME.check(state)
        return cls(state)

    # -- applying commands ------------------------------------------------------------------

    def do(self, *commands: Any) -> list[Any]:
        """Apply the commands in turn; return the events of the last one."""
        events: list[Any] = []
        for command in commands:
            events = list(GAME.decide(self.state, command))
            state = self.state
            for event in events:
                state = GAME.evolve(state, event)
                GAME.check(state)
            self.state = state
            self.events += events
        return events

    def refuse(self, command: Any, rule: str) -> RuleViolation:
        """The command is refused under ``rule`` and the state is exactly as it was."""
        before = self.state
        snapshot = GAME.dump_state(before)
        with pytest.raises(RuleViolation) as info:
            self.do(command)
        assert info.value.rule == rule, f"refused as {info.value.rule!r} ({info.value.message}), expected {rule!r}"
        assert self.state is before
        assert GAME.dump_state(self.state) == snapshot
        assert info.value.message  # the table is told why in words
        return info.value

    # -- reading ----------------------------------------------------------------------------

    def p(self, colour: str) -> Player:
        return self.state.player(colour)

    def coins(self, colour: str) -> Coins:
        return self.state.player(colour).coins

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def knight(self) -> Any:
        return self.state.knight

    def types(self, events: list[Any]) -> list[str]:
        return [e.type for e in events]

    # -- arranging a position -----------------------------------------------------------------

    def correct(self, counter: str, value: int, reason: str = "arranging the test position") -> list[Any]:
        return self.do(Correct(counter, value, reason))

    def give(self, colour: str, **counters: int) -> Table:
        """Set a player's counters: silver, gold, walls, towers, jailed (knight in the dungeon)."""
        names = {"jailed": "knight-in-dungeon"}
        for key, value in counters.items():
            self.correct(f"{colour}.{names.get(key, key)}", int(value))
        return self

    def fields(self, field5: Coins | None = None, field6: Coins | None = None) -> Table:
        for name, pile in (("field5", field5), ("field6", field6)):
            if pile is not None:
                self.correct(f"{name}.silver", pile.silver)
                self.correct(f"{name}.gold", pile.gold)
        return self

    def deal(self, colour: str, *documents: str) -> Table:
        """Move documents from the deck into a hand, as if drawn on field 1 earlier."""
        state = self.state
        deck = list(state.deck)
        for document in documents:
            deck.remove(document)
        player = state.player(colour)
        player = replace(player, documents=tuple(sorted(player.documents + documents)))
        state = replace(state.with_player(player), deck=tuple(deck))
        GAME.check(state)
        self.state = state
        return self

    # -- driving a round ----------------------------------------------------------------------

    def place(self, field5: Coins = EMPTY, field6: Coins = EMPTY) -> list[Any]:
        """Phase A with an entered mix: the card's numbers are the coins that landed."""
        return self.do(PlaceDucats(field5.count, field6.count, field5, field6))

    def choose(self, **picks: tuple[int, int]) -> Table:
        for colour, cards in picks.items():
            self.do(ChooseActions(colour, tuple(cards)))
        return self

    def reveal(self) -> list[Any]:
        """Reveal the documents, then the action cards (phase E begins)."""
        self.do(RevealDocuments())
        return self.do(RevealActions())

    def to_resolve(self, field5: Coins = EMPTY, field6: Coins = EMPTY, **picks: tuple[int, int]) -> list[Any]:
        """Phase A to E in one go. Players not named pick (5, 6)."""
        assert self.phase == DUCATS, self.phase
        self.place(field5, field6)
        for player in self.state.players:
            cards = picks.get(player.colour, (5, 6))
            self.do(ChooseActions(player.colour, tuple(cards)))
        events = self.reveal()
        assert self.phase in (RESOLVE, DUCATS, "over")
        return events

    def settle(self) -> Table:
        """Finish the round the dull way: decline fields 1-3, pass as the knight, pay taxes."""
        for _ in range(100):
            s = self.state
            if s.phase != RESOLVE:
                return self
            if s.taxes:
                self.do(PayRoyalTax(s.taxes[0][0]))
            elif s.round_closing:
                self.do(EndRound())
            elif s.todo:
                self.do(Decline(s.todo[0]))
            elif s.knight is not None and s.knight.stage == "act":
                self.do(KnightAct(s.knight.actor, "pass"))
            else:
                raise AssertionError(f"settle() cannot go on from {s.knight}")
        raise AssertionError("the round does not end")

    def next_round(self) -> Table:
        """A whole quiet round: no coins placed, everyone picks (5, 6)."""
        self.to_resolve()
        self.settle()
        return self
