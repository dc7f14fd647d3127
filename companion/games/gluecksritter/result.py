"""Die Glücksritter's end of a game and what its plot draws (the contract:
:mod:`companion.results.parts`).

The plot follows the rounds and draws each player's Ducats (silver 1, gold 2) and castle pieces
(walls and towers, 8 make the complete castle). The verdict says what the engine decided at the
end of the last round (:func:`engines.gluecksritter.round_end.verdict`), the same in both rule
sets: the only complete castle wins; of several, the most Ducats; still equal, the win is
shared (the rule books stop at the Ducats; RULINGS.md settles the further tie).
"""

from __future__ import annotations

from typing import Any

from companion.i18n import Cap, Join, Message, Person, Plural, Text, Word
from companion.results.parts import Columns, Measure
from engines.gluecksritter.rules import CASTLE_LIMIT
from engines.gluecksritter.state import GameState, Player

PERIOD = Message("Round")

MEASURES = (
    Measure("ducats", Message("Ducats")),
    Measure("pieces", Message("Castle pieces")),
)

HEADINGS = (
    Message("Walls"),
    Message("Towers"),
    Message("Silver"),
    Message("Gold"),
    Message("Ducats"),
    Message("Documents"),
)


def period(state: GameState) -> int:
    """The round the state is in: 1 for the first, counted on when a round ends without a winner
    (the last round keeps its number once the game is over)."""
    return state.round


def values(state: GameState) -> dict[str, tuple[int, ...]]:
    """Each player's Ducats and castle pieces, by colour, in ``MEASURES``' order."""
    return {p.colour: (p.coins.value, p.pieces) for p in state.players}


def _name(player: Player) -> str | None:
    """The name the player gave; one that only repeats the colour (the engine's stand-in) is
    none, as in :func:`companion.app.people.names`."""
    name = player.name.strip() if isinstance(player.name, str) else ""
    return name if name and name.casefold() != player.colour.casefold() else None


def _person(player: Player) -> Person:
    return Person(player.colour, _name(player))


def _short(player: Player) -> Any:
    """The player once more in the same sentence: the name alone, or the colour."""
    return _name(player) or Cap(Word(player.colour))


def _complete(player: Player) -> bool:
    return player.walls == CASTLE_LIMIT and player.towers == CASTLE_LIMIT


def verdict(state: GameState) -> list[Text]:
    """Who won and why, for a finished game: the winners are ``state.winners`` (the engine's
    verdict); nothing while nobody has won."""
    if not state.winners:
        return []
    winners = [p for p in state.players if p.colour in state.winners]
    # Other complete castles: they lost on Ducats.
    others = [p for p in state.players if _complete(p) and p.colour not in state.winners]
    against = Join(*(p.coins.value for p in others))
    if len(winners) == 1:
        (winner,) = winners
        if not others:
            walls = Plural("{n} wall", "{n} walls", CASTLE_LIMIT)
            towers = Plural("{n} tower", "{n} towers", CASTLE_LIMIT)
            return [
                Message(
                    "{player} wins: the castle is complete ({walls}, {towers}).",
                    player=_person(winner),
                    walls=walls,
                    towers=towers,
                )
            ]
        return [
            Plural(
                "{player} wins: the castle is complete, as is the castle of {others}; "
                "{short} has more Ducats: {ducats} against {against}.",
                "{player} wins: the castle is complete, as are the castles of {others}; "
                "{short} has the most Ducats: {ducats} against {against}.",
                len(others),
                player=_person(winner),
                others=Join(*(_person(p) for p in others)),
                short=_short(winner),
                ducats=winner.coins.value,
                against=against,
            )
        ]
    lines: list[Text] = [
        Message(
            "{players} win together: their castles are complete and their Ducats equal, {ducats} each; "
            "a tie on Ducats is a shared win.",
            players=Join(*(_person(p) for p in winners)),
            ducats=max(p.coins.value for p in winners),
        )
    ]
    if others:
        lines.append(
            Plural(
                "{others} completed the castle too, but has fewer Ducats: {against}.",
                "{others} completed their castles too, but have fewer Ducats: {against}.",
                len(others),
                others=Join(*(_person(p) for p in others)),
                against=against,
            )
        )
    return lines


def columns(state: GameState) -> Columns:
    """Every player's final figures in seating order: walls, towers, silver, gold, Ducats and
    documents in hand (a count). Where a Black Knight card lies decides nothing at the end, and a
    seventh column would not fit beside the code at 800×480."""
    rows = tuple(
        (
            p.colour,
            (p.walls, p.towers, p.silver, p.gold, p.coins.value, len(p.documents)),
        )
        for p in state.players
    )
    return Columns(headings=HEADINGS, rows=rows)
