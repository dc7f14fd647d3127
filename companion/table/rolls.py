"""A die that came to rest, judged against the rolls the game waits for.

The first roll awaited is the one a settled die fills: the same die, whoever threw it. A roll
of the other die, a roll nobody waits for and a die that landed tilted are refused in words and
change nothing.

An electronic die that serves both dice (a table with one board: it says NUMBER for every roll)
rolls for the die awaited; when both dice are awaited the table is asked which one the roll was
for (:func:`which_die`, answered by :meth:`companion.table.Table.roll_for`).
"""

from __future__ import annotations

from typing import Any

from companion.i18n import Message
from companion.table.game import RollWanted
from companion.table.notices import Refused
from hardware.events import Die, DieSettled, DieTilted

DIE_NAMES: dict[Die, str] = {"number": "the number die", "special": "the special die"}
DIE_TEXTS = {"number": Message("the number die"), "special": Message("the special die")}


def use_roll(wanted: list[RollWanted], roll: DieSettled) -> Any:
    """The command the roll makes, or a :class:`Refused` saying why it is not used."""
    die = DIE_NAMES[roll.die]
    if not wanted:
        text = Message(
            "Nobody has to roll now: the {face} of {die} is not used.", face=roll.face, die=DIE_TEXTS[roll.die]
        )
        return Refused(
            "table.roll-not-awaited", f"Nobody has to roll now: the {roll.face} of {die} is not used.", None, text
        )
    first = wanted[0]
    if first.die != roll.die:
        return Refused(
            "table.wrong-die",
            f"{DIE_NAMES[first.die].capitalize()} is awaited ({first.words}): the {roll.face} of {die} is not used.",
            first.player,
            Message(
                "Roll {awaited} ({why}): the {face} of {die} is not used.",
                awaited=DIE_TEXTS[first.die],
                why=first.text if first.text is not None else first.words,
                face=roll.face,
                die=DIE_TEXTS[roll.die],
            ),
        )
    return first.make(roll.face)


def tilted(wanted: list[RollWanted], roll: DieTilted) -> Refused:
    player = wanted[0].player if wanted else None
    text = Message("The roll with {die} landed tilted: roll again.", die=DIE_TEXTS[roll.die])
    return Refused(
        "table.die-tilted", f"{DIE_NAMES[roll.die].capitalize()} landed tilted: roll it again.", player, text
    )


def which_die(wanted: list[RollWanted], roll: DieSettled) -> Refused:
    """The question for a roll of the die serving both dice while both are awaited: nothing is
    used until the table says which die it was for."""
    text = Message(
        "Both dice are awaited and the electronic die serves both: was the {face} rolled with {number} or with"
        " {special}?",
        face=roll.face,
        number=DIE_TEXTS["number"],
        special=DIE_TEXTS["special"],
    )
    english = f"Both dice are awaited and the electronic die serves both: was the {roll.face} rolled with the number"
    return Refused("table.which-die", english + " die or with the special die?", wanted[0].player, text)
