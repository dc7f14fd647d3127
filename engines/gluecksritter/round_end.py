"""The end of a round: the wait for late documents, the victory check, and the verdict judged
again when a correction after the end of the game changes a castle or a purse.

Once the last field is resolved, a round whose players hold no document ends at once. While
anybody holds one, the round waits for the table's ``end-round``: yellow documents may still be
played (and the hand-overs of their effects entered) before the victory is checked.
"""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.gluecksritter import events as ev
from engines.gluecksritter.commands import EndRound
from engines.gluecksritter.rules import CASTLE_LIMIT
from engines.gluecksritter.state import RESOLVE, GameState


def verdict(state: GameState) -> tuple[tuple[str, ...], str]:
    """Who wins if the round ends now, and why: a complete castle (4 walls, 4 towers); with
    several, the most Ducats; still equal, a shared win. Nobody: ``()``."""
    complete = [p for p in state.players if p.walls == CASTLE_LIMIT and p.towers == CASTLE_LIMIT]
    if not complete:
        return (), "no complete castle"
    if len(complete) == 1:
        return (complete[0].colour,), "the only complete castle"
    best = max(p.coins.value for p in complete)
    winners = tuple(p.colour for p in complete if p.coins.value == best)
    if len(winners) == 1:
        return winners, "complete castle and the most Ducats"
    return winners, "complete castles and equal Ducats: a shared win"


def end_of_round(state: GameState) -> list[ev.Event]:
    winners, reason = verdict(state)
    if not winners:
        return [ev.RoundEnded(state.round)]
    return [ev.GameEnded(winners, reason)]


def last_field_done(state: GameState) -> list[ev.Event] | None:
    """Every field is resolved: the round ends now, or waits while documents are held, or (None)
    is already waiting."""
    if state.round_closing:
        return None
    if any(p.documents for p in state.players):
        return [ev.RoundEndAwaited(state.round)]
    return end_of_round(state)


def end_round(state: GameState, cmd: EndRound) -> list[ev.Event]:
    if state.phase != RESOLVE or not state.round_closing:
        raise RuleViolation(
            "end-round.not-now",
            "a round ends on end-round only once its last field is resolved while somebody holds a document",
        )
    return end_of_round(state)


def judge_again(state: GameState) -> list[ev.Event]:
    """After a correction of a finished game: a new verdict if the corrected table gives another
    one. Without any winner left the game goes on with the next round."""
    winners, reason = verdict(state)
    if set(winners) == set(state.winners):
        return []
    if winners:
        return [ev.VictoryJudgedAgain(winners, f"after the correction: {reason}")]
    return [
        ev.VictoryJudgedAgain((), "after the correction no castle is complete: the game goes on"),
        ev.RoundEnded(state.round),
    ]
