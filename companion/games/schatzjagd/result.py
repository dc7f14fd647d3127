"""Schatzjagd's end of a game and what its plot draws (the contract: :mod:`companion.results.parts`).

Each prince has exactly one henchman at a time (``engines.schatzjagd.state.Henchman``; a henchman
who dies is replaced by a new one at the castle with the starting values), so every figure here is
one prince's as it stands: the henchman's life and Gulden, the treasures hidden in the prince's
castle. Nothing is summed; after a death the plot shows the new henchman's 15 life and 5 Gulden.

The game knows one end only: a prince hides a treasure and the castle then holds what the table
agreed at the start (the book's guide of 12 treasures shared by the players, any count of
treasures, that many of one kind, that many different kinds, or named kinds). A dead henchman
comes back and nobody surrenders, so every finished game has exactly one winner; a state without
one (never finished) gets a line saying nobody met the agreement.

Secrets: the kinds of treasures stay secret after the end unless the table agreed to show them, so
nothing here names a kind, except the kinds the agreement itself named. The columns count the
treasures carried and hidden; a kind-based victory is told by its count of one kind or of kinds.

Order: the state keeps the princes clockwise from the one who began, which is the seating order
starting at the first player; the columns follow it.
"""

from __future__ import annotations

from typing import Any

from companion.app.people import names
from companion.i18n import Join, Message, Person, Plural, Text
from companion.results.parts import Columns, Measure
from engines.schatzjagd.rules import Victory
from engines.schatzjagd.state import GameState, Henchman

PERIOD = Message("Day")

MEASURES = (
    Measure("life", Message("Life")),
    Measure("gold", Message("Gulden")),
    Measure("hidden", Message("Treasures hidden")),
)

HEADINGS = (
    Message("Treasures hidden"),
    Message("Treasures carried"),
    Message("Life"),
    Message("Gulden"),
    Message("Strength"),
    Message("Weapons"),
    Message("Deaths"),  # the henchmen lost (one word: the column is narrow)
)

# The book's kinds in the table's words; a kind the table named itself is shown as written.
KINDS = {"crown": Message("crown"), "chalice": Message("chalice"), "orb": Message("orb")}


def period(state: GameState) -> int:
    """The engine's day: 1 until the first player's second turn begins, then one more each round."""
    return max(1, state.day)


def values(state: GameState) -> dict[str, tuple[int, ...]]:
    """Each prince's life, Gulden and treasures hidden in the castle (``MEASURES``' order)."""
    return {p.colour: (p.life, p.gold, len(p.hidden)) for p in state.players}


def person(p: Henchman) -> Person:
    """The prince as the table knows them: a name that only repeats the colour is no name."""
    return Person(p.colour, names({"players": [{"colour": p.colour, "name": p.name}]}).get(p.colour))


def verdict(state: GameState) -> list[Text]:
    """Who won, with the treasures hidden against what the table agreed, and the day it ended."""
    victory = state.options.victory
    if state.winner is None:
        return [Message("No prince has hidden the agreed treasures: there is no winner.")]
    winner = state.henchman(state.winner)
    return [won(person(winner), victory, winner.hidden), Message("The game ended on day {day}.", day=state.day)]


def won(who: Person, victory: Victory, hidden: tuple[str, ...]) -> Text:
    """The winning line for the agreed ``victory``; names no kind the agreement did not name."""
    if victory.kinds:
        kinds = Join(*(KINDS.get(kind, kind) for kind in victory.kinds))
        return Message("{player} wins: {kinds} hidden in the own castle, as agreed.", player=who, kinds=kinds)
    if victory.same_kind:
        n = max((hidden.count(kind) for kind in set(hidden)), default=0)
        reached: Any = Plural(
            "{n} treasure of one kind hidden in the own castle",
            "{n} treasures of one kind hidden in the own castle",
            n,
        )
        agreed = victory.same_kind
    elif victory.different_kinds:
        reached = Plural(
            "{n} kind of treasure hidden in the own castle",
            "{n} different kinds of treasure hidden in the own castle",
            len(set(hidden)),
        )
        agreed = victory.different_kinds
    else:
        reached = Plural("{n} treasure hidden in the own castle", "{n} treasures hidden in the own castle", len(hidden))
        agreed = victory.treasures or 0
    return Message(
        "{player} wins: {reached}, {agreed}.",
        player=who,
        reached=reached,
        agreed=Plural("{n} was agreed", "{n} were agreed", agreed),
    )


def columns(state: GameState) -> Columns:
    """Each prince's final figures, clockwise from the first player: treasures hidden and carried
    (counted, never by kind), life, Gulden, strength, weapon points and henchmen lost."""
    rows = tuple(
        (p.colour, (len(p.hidden), len(p.treasures), p.life, p.gold, p.strength, p.weapons, p.deaths))
        for p in state.players
    )
    return Columns(HEADINGS, rows)
