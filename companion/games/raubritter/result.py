"""Raubritter's end of a game and what its plot draws (the contract: :mod:`companion.results.parts`).

The plot follows the rounds and draws each player's points as they stand (what the end would
count now, :func:`companion.games.raubritter.score.points`) and knights left in hand.

A round is one turn of every player still playing, in turn order. Round 1 is the initial
placement (each player's pair of tiles is that player's first turn); round 2 is the first round
of play, begun by the oldest player; every later round begins when the turn comes back to the
first player still playing. A player left alone in the game (the others surrendered or out of
tiles) plays a round on their own with every turn. A round begins with its first tile: the
state in which the turn has just come back round still shows the round that ended (the plot
takes it as that round's last), and the game over keeps the number of its last round.

The engine keeps no round counter, so :func:`period` reads the round off the tiles on the table
alone, in the order laid: a turn ends where the owner changes or after its full count of tiles
(two in the initial placement, three in play), and a new round begins where a turn goes back to
an earlier seat, or to the same player. So the round never goes back while tiles are only laid.
Its limits: a surrender before the first tile of a round shows in the round before; a player
alone in the game who ends turns with fewer than three tiles has turns counted as if of three;
a correction that adds a tile from a pile or takes one back may shift the count by a round.

The verdict is the ranking in words the table's screen shows at the end
(:func:`companion.games.raubritter.score.standing`): the most points wins; on equal points the
most knights left in hand; still equal, a draw; players who surrendered score 0 and cannot win;
when everyone surrendered nobody wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from companion.games.raubritter import score
from companion.i18n import Message, Text
from companion.results.parts import Columns, Measure
from engines.raubritter.rules import INITIAL_TILES, TILES_PER_TURN
from engines.raubritter.state import GameState
from engines.raubritter.view_types import RaubritterView
from engines.raubritter.views import public_view, state_of

PERIOD = Message("Round")

MEASURES = (
    Measure("points", Message("Points")),
    Measure("knights", Message("Knights in hand")),
)

HEADINGS = (
    Message("Points"),
    Message("Tiles laid"),
    Message("Tiles left"),
    Message("Knights in hand"),
    Message("Place"),
)


def _state(state: GameState | Mapping[str, Any]) -> GameState:
    return state_of(cast(RaubritterView, dict(state))) if isinstance(state, Mapping) else state


def _view(state: GameState | Mapping[str, Any]) -> Mapping[str, Any]:
    return state if isinstance(state, Mapping) else public_view(state)


def period(state: GameState) -> int:
    """The round the state is in, read off the owners of the tiles in the order laid: 1 in the
    initial placement, one more each time a turn goes back to an earlier seat (or to a player
    alone in the game)."""
    s = _state(state)
    seat = {p.colour: i for i, p in enumerate(s.players)}
    number, last, run, limit = 1, -1, 0, INITIAL_TILES
    for cell in s.cells:
        who = seat.get(cell.owner, len(seat))
        if last >= 0 and (who != last or run >= limit):  # a new turn
            if who <= last:  # back to an earlier seat (or the same player again): a new round
                number += 1
                limit = TILES_PER_TURN
            run = 0
        last, run = who, run + 1
    return number


def values(state: GameState) -> dict[str, tuple[int, ...]]:
    """Each player's points as they stand (0 once surrendered) and knights in hand, by colour,
    in ``MEASURES``' order."""
    view = _view(state)
    points = score.points(view)
    return {
        p["colour"]: (points.get(p["colour"], 0), int(p.get("knights") or 0))
        for p in view.get("players") or ()
        if isinstance(p.get("colour"), str)
    }


def verdict(state: GameState) -> list[Text]:
    """Who won and why, for a finished game: the ranking in words with its tie-breaks spelled
    out (points, then knights left in hand, else a draw), and each player who surrendered."""
    return score.standing(_view(state))


def columns(state: GameState) -> Columns:
    """Every player's final figures in turn order: points, tiles laid, tiles left, knights in
    hand and place (shared on a draw; "surrendered" for a player who surrendered, who has none:
    a column of its own would not fit beside the code at 800×480)."""
    view = _view(state)
    points = score.points(view)
    places = {row["colour"]: row["place"] for row in score.ranking(view)}
    laid: dict[str, int] = {}
    for cell in view.get("cells") or ():
        laid[cell.get("owner")] = laid.get(cell.get("owner"), 0) + 1
    rows = []
    for p in view.get("players") or ():
        colour = p["colour"]
        place = places.get(colour)
        rows.append(
            (
                colour,
                (
                    points.get(colour, 0),
                    laid.get(colour, 0),
                    int(p.get("tiles_total") or 0),
                    int(p.get("knights") or 0),
                    Message("surrendered") if p.get("surrendered") or place is None else place,
                ),
            )
        )
    return Columns(headings=HEADINGS, rows=tuple(rows))
