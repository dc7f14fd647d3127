"""The status line's words, without Kivy: the panel, the die, and whose move it is."""

from __future__ import annotations

from typing import Any

from companion.i18n import Cap, Join, Message, Word
from companion.table.rolls import DIE_TEXTS

PANEL = {
    "absent": Message("No panel: choose on the screen"),
    "waiting": Message("Panel: starting"),
    "connected": Message("Panel: ready"),
    "lost": Message("Panel: lost!"),
}
DIE = {
    "absent": Message("Die: on the screen"),
    "searching": Message("Die: searching"),
    "waiting": Message("Die: waiting"),
    "connected": Message("Die: connected"),
    "silent": Message("Die: silent!"),
    "disabled": Message("Die: on the screen"),
    "idle": Message("Die: starting"),
    "stopped": Message("Die: off"),
}


def colour_word(colour: str | None) -> Any:
    return Cap(Word(colour)) if colour else Message("The table")


def roll_words(player: str | None, die: str) -> Message:
    return Message("{player}: roll {die}.", player=colour_word(player), die=DIE_TEXTS[die])


def whose_move(awaited: Any) -> Any:
    """The next roll, else who is choosing in secret, else the players the game awaits."""
    if awaited is None:
        return Message("No game running")
    if awaited.rolls:
        roll = awaited.rolls[0]
        return roll_words(roll.player, roll.die)
    if awaited.choosing:
        return Message(
            "Choosing in secret: {locked} of {count} locked in",
            locked=len(awaited.locked),
            count=len(awaited.choosing),
        )
    players = [entry["player"] for entry in awaited.game]
    if not players:
        return Message("The game is over")
    if None in players:
        return Message("Now: the table")
    return Message("Now: {players}", players=Join(*(Cap(Word(p)) for p in dict.fromkeys(players))))


def line(table: Any) -> Any:
    """One line: panel · die · whose move."""
    if table is None:
        return Join(PANEL["absent"], DIE["absent"], Message("No game running"), last=False)
    state = table.status()
    return Join(
        PANEL.get(state.panel, PANEL["lost"]),
        DIE.get(state.die, DIE["silent"]),
        whose_move(table.awaiting()),
        last=False,
    )
