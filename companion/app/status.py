"""The status line's words, without Kivy: the panel (in a game that uses it), the die, and whose move it is."""

from __future__ import annotations

from typing import Any

from companion.app.people import person
from companion.i18n import Join, Message

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


def roll_words(player: str | None, die: str, view: Any = None) -> Message:
    from companion.table.rolls import DIE_TEXTS  # with the table: once a game runs

    return Message("{player}: roll {die}.", player=person(view, player), die=DIE_TEXTS[die])


def whose_move(awaited: Any, view: Any = None) -> Any:
    """The next roll, else who is choosing in secret, else the players the game awaits (by the
    names they gave, ``view`` the game's public view)."""
    if awaited is None:
        return Message("No game running")
    if awaited.rolls:
        roll = awaited.rolls[0]
        return roll_words(roll.player, roll.die, view)
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
    return Message("Now: {players}", players=Join(*(person(view, p) for p in dict.fromkeys(players))))


def board_words(state: str, name: str) -> Message:
    """One of two serial dice boards side by side, by the id it gave (else its port), when not
    all is well: a board that was read and is looked for again is lost."""
    if state == "connected":
        return Message("Die {name}: connected", name=name)
    if state in ("waiting", "idle"):
        return Message("Die {name}: waiting", name=name)
    if state == "silent":
        return Message("Die {name}: silent!", name=name)
    return Message("Die {name}: lost!", name=name)


def serial_words(state: Any) -> list[Any]:
    """The serial die; two boards side by side each by name: both in one phrase when both are
    connected, else each in its own state (a board that was read and is looked for again is lost)."""
    boards = getattr(state, "boards", ())
    if len(boards) < 2:
        return [DIE.get(state.die, DIE["silent"])]
    names = [board.device or (board.port or "?").rsplit("/", 1)[-1] for board in boards]
    if all(board.state == "connected" for board in boards):
        return [Message("Dice {names}: connected", names=Join(*names))]
    return [board_words(board.state, name) for board, name in zip(boards, names, strict=True)]


TYPED = Message("Die: a real one, its face tapped")
"""Without the electronic die, the settings' "typed": the table rolls its own die and taps the face."""


BLUETOOTH = Message("Die: Bluetooth")


def bluetooth_words(state: Any) -> list[Any]:
    """The Bluetooth dice: a die that went away, one still looked for, a battery running low; all
    well in two words."""
    from companion.table.rolls import DIE_TEXTS

    if state.die == "disabled":
        return [Message("Die: Bluetooth cannot be used") if state.dice else Message("Die: no Bluetooth die paired")]
    said: list[Any] = []
    for link in state.dice:
        if link.gone:
            said.append(Message("Die: {die} went away!", die=DIE_TEXTS[link.die]))
        elif link.state != "connected":
            said.append(Message("Die: looking for {die}", die=DIE_TEXTS[link.die]))
        if link.battery_low:
            said.append(Message("Battery low: {die}", die=DIE_TEXTS[link.die]))
    return said or [DIE.get(state.die, DIE["silent"])]


def parts(table: Any, source: str = "screen") -> list[Any]:
    """The panel (only in a game with a secret choice on it), the die, whose
    move; ``source`` is where the settings say rolls come from."""
    if table is None:
        alone = {"typed": TYPED, "bluetooth": BLUETOOTH}.get(source, DIE["absent"])
        return [alone, Message("No game running")]
    state = table.status()
    if source == "bluetooth" and state.die != "absent":
        dice = bluetooth_words(state)
    elif source == "typed" and state.die in ("absent", "disabled"):
        dice = [TYPED]
    else:
        dice = serial_words(state)
    panel = [PANEL.get(state.panel, PANEL["lost"])] if table.uses_panel() else []
    return [*panel, *dice, whose_move(table.awaiting(), table.public_view()["view"])]


def line(table: Any, source: str = "screen") -> Any:
    """One line: the panel where the game uses it, the die, whose move."""
    return Join(*parts(table, source), last=False)
