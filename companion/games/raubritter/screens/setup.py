"""What a new game of Raubritter is set up from: how many may play, who begins (the oldest; of
equal birthdays the one seated first, as the engine's ``turn_order`` has it) and the engine's setup
made from the form's choices."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import cast

from engines.raubritter.rules import Colour, PlayerSpec, Setup

PLAYERS = (2, 4)


def beginner(players: Sequence[str], birthdays: Mapping[str, datetime.date]) -> tuple[str, tuple[str, ...]] | None:
    """Who begins among the colours in seating order: the oldest, and the others born on that same
    day (seated after, so not beginning). None while fewer than two sit or a birthday is missing."""
    if len(players) < 2 or any(colour not in birthdays for colour in players):
        return None
    oldest = min(birthdays[colour] for colour in players)
    same_day = [colour for colour in players if birthdays[colour] == oldest]
    return same_day[0], tuple(same_day[1:])


def setup(players: Sequence[str], names: Mapping[str, str], birthdays: Mapping[str, datetime.date]) -> Setup:
    """The engine's setup from the colours in seating order, the names given (a player without one
    is named by the colour: the screens then say the colour in the table's language, as for a game
    without names) and each colour's birthday."""
    # the form's colours are strings: the engine's PlayerSpec checks each against Colour
    return Setup(
        players=tuple(
            PlayerSpec(
                colour=cast(Colour, colour),
                name=(names.get(colour) or "").strip() or colour,
                birthday=birthdays[colour],
            )
            for colour in players
        )
    )
