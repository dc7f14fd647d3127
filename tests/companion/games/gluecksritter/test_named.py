"""Every player is named as the screen names them wherever Die Glücksritter speaks of one: the name
given with the colour beside it ("Anna (Blue)"), or the capitalised colour ("Blue"); never the
lowercase colour id ("blue names red to offer first")."""

from __future__ import annotations

from companion.games.gluecksritter.table import TABLE
from companion.i18n import render
from companion.i18n.refusals import refusal_text
from engines.core.errors import RuleViolation
from engines.gluecksritter import GAME
from engines.gluecksritter.commands import KnightAct
from tests.engines.gluecksritter.helpers import Table, setup


def test_a_refusal_names_the_players_as_the_screen_does():
    view = {"players": [{"colour": "blue", "name": "Anna"}, {"colour": "red", "name": "red"}]}
    turn = RuleViolation(
        "haggle.turn", "it is {turn}'s turn in the haggling, not {player}'s", turn="blue", player="red"
    )
    assert (
        render(refusal_text(turn, "gluecksritter", view), "en") == "It is Anna (Blue)'s turn in the haggling, not Red's"
    )
    waiting = RuleViolation("B.waiting", "still choosing: {players}", players="blue, red")
    assert render(refusal_text(waiting, "gluecksritter", view), "en") == "Still choosing: Anna (Blue) and Red"
    assert render(refusal_text(waiting, "gluecksritter"), "de") == "Es wählen noch: Blau und Rot"


def test_the_dice_asked_for_name_the_players():
    state = GAME.setup(setup().model_copy(update={"names": {"red": "Ben"}}))
    table = Table(state)
    table.to_resolve(red=(4, 5), blue=(4, 6), green=(1, 2))  # a duel on field 4 (1998 rules)
    while table.state.todo:
        from engines.gluecksritter.commands import Decline

        table.do(Decline(table.state.todo[0]))
    texts = [render(wanted.text, "en") for wanted in TABLE.rolls(table.state)]
    assert texts == ["Ben (Red) rolls the number die for the duel", "Blue rolls the number die for the duel"]


def test_the_raid_asks_for_the_special_die_naming_both_players():
    import random

    table = Table(GAME.setup(setup().model_copy(update={"names": {"green": "Cleo"}})))
    table.to_resolve(red=(4, 5), blue=(1, 6), green=(1, 2))
    while table.state.field != 4:
        from engines.gluecksritter.commands import Decline

        table.do(Decline(table.state.todo[0]))
    wanted = TABLE.prepare(table.state, KnightAct("red", "raid", victim="green"), random.Random(0))
    assert render(wanted.text, "en") == "Red raids Cleo (Green): roll the special die"
