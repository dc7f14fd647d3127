"""What the race asks now, as the table screen offers it (no Kivy here): the prompt, the choices
(rest; a rest the rules refuse now is greyed with their reason by the screen) and whether the die
is awaited (the screen shows the roll controls)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.app.option import Option
from companion.app.people import person
from companion.i18n import Message, Text
from tests.companion.games.toy.engine import Rest


@dataclass(frozen=True, slots=True)
class Step:
    prompt: Text
    options: tuple[Option, ...] = ()
    rolls: bool = False


def step(view: dict[str, Any]) -> Step:
    if view["phase"] == "over" or view["current"] is None:
        winner = view.get("winner")
        return Step(Message("{player} wins the race.", player=person(view, winner)) if winner else "")
    current = view["current"]
    rest = Option(Message("Rest"), command=Rest(current), player=current, main=False)
    return Step(Message("{player}: roll the die, or rest.", player=person(view, current)), (rest,), rolls=True)
