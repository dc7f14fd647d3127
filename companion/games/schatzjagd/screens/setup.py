"""What a new game of Schatzjagd is set up from: how many may play, how far the victory count may
go for each kind of victory, and the engine's setup made from the form's choices."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from engines.schatzjagd.rules import DEFAULT_REGIONS, DEFAULT_TREASURES, TREASURES, Colour, PlayerSpec, Setup, Victory

PLAYERS = (2, 4)

# The victory conditions the form offers, each with the counts the engine's setup allows (with the
# box's treasure kinds: 12 treasures, crown, chalice and orb, 4 of each).
COUNTS = {
    "treasures": (1, TREASURES),
    "same_kind": (1, max(DEFAULT_TREASURES.values())),
    "different_kinds": (1, len(DEFAULT_TREASURES)),
}


def guide(players: int) -> int:
    """The book's guide: the 12 treasures shared by the players (6, 4 or 3)."""
    return TREASURES // players


def setup(
    players: Sequence[str],
    names: Mapping[str, str],
    first: str | None,
    victory: Victory | None,
    settings: Mapping[str, Any],
) -> Setup:
    """The engine's setup from the colours in seating order, the names given (a prince without one
    is named by the colour: the screens then say the colour in the table's language, as for a
    game without names), who won the starting roll, the victory agreed
    (None: the book's guide) and the optional rules and teleportal regions (the game's settings, or
    the form's choices for this game)."""
    regions = settings.get("regions") or DEFAULT_REGIONS
    # the form's colours are strings: the engine's models check each against Colour
    return Setup(
        players=tuple(
            PlayerSpec(colour=cast(Colour, colour), name=(names.get(colour) or "").strip() or colour)
            for colour in players
        ),
        first=cast("Colour | None", first),
        victory=victory,
        plunder=bool(settings.get("plunder", False)),
        catharsis=bool(settings.get("catharsis", False)),
        teleportal=bool(settings.get("teleportal", True)),
        show_treasure_kinds=bool(settings.get("show_treasure_kinds", False)),
        regions={int(value): cast(Colour, colour) for value, colour in regions.items()},
    )
