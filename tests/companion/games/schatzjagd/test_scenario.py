"""The Schatzjagd scenario adapter: the header and its settings, command lines, every expectation
key, and small scenarios played end to end. Every number expected below was worked out by hand
from the rules (docs/scenarios.md, the rule book and its rulings), not copied from the engine."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from companion.games.schatzjagd.scenario import KEY_HELP, build_command, build_setup, probe
from companion.scenario.parse import ScenarioError, parse_scenario
from companion.scenario.run import check_file, run_file
from engines.core import History
from engines.core.correction import Correct
from engines.schatzjagd import GAME, Setup
from engines.schatzjagd.commands import (
    CastSpell,
    Challenge,
    Dig,
    EndTurn,
    Exchange,
    Flee,
    Healer,
    HideTreasure,
    Inn,
    PickUp,
    PlaceCard,
    Plunder,
    Relocate,
    RemoveCard,
    Reveal,
    School,
    Smith,
    Teleport,
    Travel,
    UseSpecial,
)
from engines.schatzjagd.rules import DEFAULT_REGIONS, DEFAULT_TREASURES, Effect, Victory
from tests.companion.games.scenario_files import assert_error_at, write
from tests.support.waiting import WAIT

HEAD = 'game schatzjagd\nplayer red "Anna"\nplayer blue "Bo"\n'


def setup_of(text: str) -> Setup:
    scenario = parse_scenario(text, "case.scn")
    return build_setup(scenario.header, Path("."), scenario.path, scenario.game_line)


def command(line: str):
    return build_command(parse_scenario("game schatzjagd\n" + line).statements[0])


def played(text: str) -> History:
    """A history with every command line of ``HEAD + text`` applied (no expectations in ``text``)."""
    scenario = parse_scenario(HEAD + text)
    history = History(GAME, build_setup(scenario.header, Path("."), scenario.path, scenario.game_line))
    for statement in scenario.statements:
        history.apply(build_command(statement))
    return history


def read(history: History, key: str):
    p = probe(history.state, key)
    return p.read(history if p.of_history else history.state)


def e(text: str) -> Effect:
    counter, op, amount = re.fullmatch(r"([a-z]+)([-+=/])(\d+)", text).groups()
    return Effect(counter, {"+": "add", "-": "sub", "/": "halve", "=": "set"}[op], int(amount))


# ------------------------------------------------------------------------------ the header


def test_players_in_seating_order_and_the_defaults() -> None:
    setup = setup_of('game schatzjagd\nplayer green "Cy"\nplayer red "Anna Maria"\nplayer yellow "Di"\n')
    assert [(p.colour, p.name) for p in setup.players] == [("green", "Cy"), ("red", "Anna Maria"), ("yellow", "Di")]
    assert setup.first is None
    assert setup.victory is None
    assert setup.agreed_victory() == Victory(treasures=4)  # 12 treasures shared by 3 players
    assert (setup.plunder, setup.catharsis, setup.teleportal, setup.show_treasure_kinds) == (False, False, True, False)
    assert setup.treasure_kinds == DEFAULT_TREASURES
    assert setup.regions == DEFAULT_REGIONS
    assert GAME.setup(setup).colours == ("green", "red", "yellow")  # the first seat begins


def test_every_setting_is_read() -> None:
    setup = setup_of(
        HEAD + "setting first blue\n"
        "setting victory same-kind 3\n"
        "setting plunder on\n"
        "setting catharsis on\n"
        "setting teleportal off\n"
        "setting show-treasure-kinds on\n"
        "setting treasure-kinds crown:6 chalice:3 orb:3\n"
        "setting regions green blue yellow red\n"
    )
    assert setup.first == "blue"
    assert setup.victory == Victory(same_kind=3)
    assert (setup.plunder, setup.catharsis, setup.teleportal, setup.show_treasure_kinds) == (True, True, False, True)
    assert setup.treasure_kinds == {"crown": 6, "chalice": 3, "orb": 3}
    assert setup.regions == {2: "green", 3: "blue", 4: "yellow", 5: "red"}
    state = GAME.setup(setup)
    assert (state.current, state.colours) == ("blue", ("blue", "red"))  # clockwise from the winner of the roll


def test_switches_can_be_turned_the_other_way_and_written_with_underscores() -> None:
    setup = setup_of(HEAD + "setting plunder off\nsetting teleportal on\nsetting show_treasure_kinds off\n")
    assert (setup.plunder, setup.teleportal, setup.show_treasure_kinds) == (False, True, False)


@pytest.mark.parametrize(
    ("written", "victory"),
    [
        ("treasures 3", Victory(treasures=3)),
        ("treasures 12", Victory(treasures=12)),
        ("same-kind 2", Victory(same_kind=2)),
        ("same_kind 4", Victory(same_kind=4)),
        ("different-kinds 3", Victory(different_kinds=3)),
        ("kinds crown chalice orb", Victory(kinds=("crown", "chalice", "orb"))),
        ("kinds crown crown", Victory(kinds=("crown", "crown"))),
    ],
)
def test_victory_forms(written: str, victory: Victory) -> None:
    assert setup_of(HEAD + f"setting victory {written}\n").victory == victory


def test_victory_kinds_from_own_treasure_kinds() -> None:
    setup = setup_of(HEAD + "setting treasure-kinds ring:6 sword:6\nsetting victory kinds ring sword sword\n")
    assert setup.victory == Victory(kinds=("ring", "sword", "sword"))
    assert GAME.setup(setup).kinds == ("ring", "sword")


VICTORY_USAGE = "write 'setting victory treasures <n>', 'setting victory same-kind <n>'"
BAD_HEADER = [
    (HEAD + 'player purple "Cy"\n', 4, "'purple' is not a castle colour (red, yellow, blue, green)"),
    (HEAD + 'player red "Cy"\n', 4, "red is given twice"),
    (HEAD + "player green\n", 4, "write 'player <colour> \"<name>\"'"),
    (HEAD + 'player green "Cy" "Di"\n', 4, "write 'player <colour> \"<name>\"'"),
    (HEAD + "players red blue\n", 4, "a Schatzjagd header has no 'players' line"),
    (HEAD + 'name red "Anna"\n', 4, "a Schatzjagd header has no 'name' line"),
    ("game schatzjagd\nsetting plunder on\n", 1, "the header needs one line per player"),
    ('game schatzjagd\nplayer red "Anna"\n', 2, "players: Schatzjagd is played by 2 to 4 players, not 1"),
    (HEAD + "end-turn red\nsetting plunder on\n", 5, "'setting' belongs to the header, before the first command"),
    (HEAD + "setting\n", 4, "write 'setting <name> <value>'; settings: first, victory, plunder"),
    (HEAD + "setting colour red\n", 4, "there is no setting 'colour'; settings: first, victory, plunder"),
    (HEAD + "setting plunder on\nsetting plunder off\n", 5, "setting plunder is given twice (first on line 4)"),
    (HEAD + "setting show-treasure-kinds on\nsetting show_treasure_kinds on\n", 5, "is given twice (first on line 4)"),
    (HEAD + "setting first red\nsetting first blue\n", 5, "setting first is given twice (first on line 4)"),
    (HEAD + "setting plunder yes\n", 4, "setting plunder is 'on' or 'off'"),
    (HEAD + "setting catharsis maybe\n", 4, "setting catharsis is 'on' or 'off'"),
    (HEAD + "setting teleportal\n", 4, "setting teleportal is 'on' or 'off'"),
    (HEAD + "setting show-treasure-kinds on off\n", 4, "setting show_treasure_kinds is 'on' or 'off'"),
    (HEAD + "setting first\n", 4, "write 'setting first <colour>'"),
    (HEAD + "setting first red blue\n", 4, "write 'setting first <colour>'"),
    (HEAD + "setting victory\n", 4, VICTORY_USAGE),
    (HEAD + "setting victory treasures\n", 4, VICTORY_USAGE),
    (HEAD + "setting victory treasures two\n", 4, VICTORY_USAGE),
    (HEAD + "setting victory most 3\n", 4, VICTORY_USAGE),
    (HEAD + "setting victory same-kind 2 3\n", 4, VICTORY_USAGE),
    (HEAD + "setting victory kinds\n", 4, VICTORY_USAGE),
    (HEAD + "setting victory treasures 0\n", 4, "victory: Input should be greater than or equal to 1"),
    (HEAD + "setting victory treasures 13\n", 4, "victory: Input should be less than or equal to 12"),
    (HEAD + "setting treasure-kinds crown:4 chalice:4 orb\n", 4, "write 'setting treasure-kinds crown:4"),
    (HEAD + "setting treasure-kinds crown:four chalice:4 orb:4\n", 4, "write 'setting treasure-kinds crown:4"),
    (HEAD + "setting treasure-kinds crown:4 chalice:4\n", 4, "treasure_kinds: the treasure kinds add up to 8 cards"),
    (HEAD + "setting treasure-kinds Crown:4 chalice:4 orb:4\n", 4, "Crown: a treasure kind is a lower-case word"),
    (HEAD + "setting treasure-kinds crown:0 chalice:6 orb:6\n", 4, "crown: a treasure kind is a lower-case word"),
    (HEAD + "setting regions red yellow blue\n", 4, "write 'setting regions <colour for 2> <for 3>"),
    (HEAD + "setting regions red red blue green\n", 4, "regions: the teleportal names one castle colour for each"),
    (HEAD + "setting regions red yellow blue purple\n", 4, "regions: Input should be 'red', 'yellow', 'blue'"),
]


@pytest.mark.parametrize(("text", "line", "message"), BAD_HEADER, ids=[t.splitlines()[-1] for t, _, _ in BAD_HEADER])
def test_a_header_it_cannot_understand_is_an_error_naming_file_and_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    for result in assert_error_at(write(tmp_path, text), line, message):
        assert result.commands == result.expectations == 0


def test_build_setup_raises_a_scenario_error_with_the_line() -> None:
    with pytest.raises(ScenarioError) as raised:
        setup_of(HEAD + "setting plunder on\nsetting victory kinds\n")
    assert (raised.value.line, raised.value.path) == (5, "case.scn")
    assert str(raised.value).startswith("case.scn:5: write 'setting victory")


# Mistakes only the agreed setup as a whole reveals: a `first` nobody plays, victory kinds that
# are not among the treasure kinds, more treasures than a kind has. The message names the setting.
AGREEMENT = [
    (HEAD + "setting first green\n", 4, "first: nobody plays green"),
    (HEAD + "setting victory kinds crown sword\n", 4, "victory: no treasure kind sword (crown, chalice, orb)"),
    (HEAD + "setting treasure-kinds crown:12\nsetting victory kinds chalice\n", 5, "victory: no treasure kind chalice"),
    (HEAD + "setting victory kinds orb orb orb orb orb\n", 4, "victory: the combination asks for more treasures"),
    (HEAD + "setting victory same-kind 5\n", 4, "victory: no treasure kind has that many cards"),
    (HEAD + "setting victory different-kinds 4\n", 4, "victory: there are only 3 kinds of treasure"),
]


@pytest.mark.parametrize(("text", "line", "message"), AGREEMENT, ids=[t.splitlines()[-1] for t, _, _ in AGREEMENT])
def test_a_setup_that_does_not_agree_is_an_error_with_a_clear_message_naming_the_setting_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = write(tmp_path, text)
    run, check = run_file(path), check_file(path)
    for result in (run, check):
        assert result.status == "error", result.report()
        assert message in result.message
        assert result.line is not None
    assert run.line == line


@pytest.mark.parametrize("name", ["", "x" * 25])
def test_a_bad_name_is_reported_on_its_own_line(tmp_path: Path, name: str) -> None:
    result = run_file(write(tmp_path, HEAD + f'player green "{name}"\n'))
    assert result.status == "error"
    assert (result.line, "name" in result.message) == (4, True)


# -------------------------------------------------------------------------------- commands

GOOD_COMMANDS = [
    ("travel red die=4 to=C7", Travel("red", 4, "C7")),
    ("travel red die=1 to=castle-red", Travel("red", 1, "castle-red")),
    ("travel player=blue die=2 to=P3 before=castle-red", Travel("blue", 2, "P3", "castle-red")),
    ("travel red die=6 to=H8 before=city", Travel("red", 6, "H8", "city")),
    ("reveal blue card=trap effects=life-4,poison=1", Reveal("blue", "trap", 0, (e("life-4"), e("poison=1")))),
    ("reveal blue card=monster value=7 effects=gold+3", Reveal("blue", "monster", 7, (e("gold+3"),))),
    ("reveal blue card=trap effects=life-2,poison", Reveal("blue", "trap", 0, (e("life-2"), e("poison=1")))),
    ("reveal blue card=weapon value=3", Reveal("blue", "weapon", 3)),
    ("reveal blue card=special name=teleportal", Reveal("blue", "special", name="teleportal")),
    (
        "reveal red card=potion effects=life+3,gold-2,strength/2,weapons=0,poison=1",
        Reveal("red", "potion", 0, (e("life+3"), e("gold-2"), e("strength/2"), e("weapons=0"), e("poison=1"))),
    ),
    ("reveal red card=potion effects=LIFE+3", Reveal("red", "potion", 0, (e("life+3"),))),
    ("challenge blue target=red", Challenge("blue", "red")),
    ("exchange blue die=5 opponent-die=2", Exchange("blue", 5, 2)),
    ("exchange blue die=5 opponent_die=2", Exchange("blue", 5, 2)),
    ("flee blue opponent-die=3", Flee("blue", 3)),
    ("pick-up red", PickUp("red")),
    ("pick-up red kinds=crown,orb", PickUp("red", ("crown", "orb"))),
    ("pick-up red kinds=orb", PickUp("red", ("orb",))),
    ("use-special red", UseSpecial("red")),
    ("use-special red effects=life+2 keep=no", UseSpecial("red", (e("life+2"),), keep=False)),
    ("use-special red keep=yes", UseSpecial("red", keep=True)),
    ("teleport red die=6 to=A1", Teleport("red", 6, "A1")),
    ("teleport red die=6 to=H8 before=city", Teleport("red", 6, "H8", "city")),
    ("teleport red die=1", Teleport("red", 1, None)),
    ("teleport red die=1 to=none", Teleport("red", 1, None)),
    ("plunder red die=2 kind=crown", Plunder("red", 2, "crown")),
    ("plunder red die=5 kind=none", Plunder("red", 5, None)),
    ("inn red", Inn("red")),
    ("healer red cure=yes heal=2", Healer("red", cure=True, heal=2)),
    ("healer red cure=no heal=1", Healer("red", cure=False, heal=1)),
    ("healer red cure=yes", Healer("red", cure=True, heal=0)),
    ("school red", School("red")),
    ("smith red", Smith("red", None)),
    ("smith red gold=none", Smith("red", None)),
    ("smith red gold=3", Smith("red", 3)),
    ("place-card red field=C7", PlaceCard("red", "C7")),
    ("cast-spell red target=monster effects=life-5", CastSpell("red", "monster", (e("life-5"),))),
    ("cast-spell red target=blue effects=strength/2,life=9", CastSpell("red", "blue", (e("strength/2"), e("life=9")))),
    ("dig red field=C7 kind=crown", Dig("red", "C7", "crown")),
    ("hide-treasure red kind=orb", HideTreasure("red", "orb")),
    ("end-turn red", EndTurn("red")),
    ("remove-card red", RemoveCard("red", None)),
    ("remove-card red field=none", RemoveCard("red", None)),
    ("remove-card red field=D4", RemoveCard("red", "D4")),
    ('relocate red to=inn reason="a spell moved it"', Relocate("red", "inn", "a spell moved it")),
    ('relocate red to=H8 before=city reason="moved"', Relocate("red", "H8", "moved", "city")),
    ('correct counter=red.life value=9 reason="miscounted"', Correct("red.life", 9, "miscounted")),
]


@pytest.mark.parametrize(("line", "expected"), GOOD_COMMANDS, ids=[line for line, _ in GOOD_COMMANDS])
def test_command_lines(line: str, expected: object) -> None:
    assert command(line) == expected


BAD_COMMANDS = [
    ("fly red", "there is no command 'fly'; commands: travel, reveal, challenge"),
    ("travel red die=four to=C7", "die is a whole number, not 'four'"),
    ("travel red to=C7", "die: Field required"),
    ("travel red die=4 to=C7 speed=2", "travel has no key 'speed'; its keys: player, die, to, before"),
    ("travel red player=blue die=4 to=C7", "the player is given twice (red and player=blue)"),
    ("end-turn", "player: Field required"),
    ("correct red counter=red.life value=9 reason=x", "correct names no player; 'red' cannot stand alone"),
    ("reveal blue card=dragon", "card: Input should be 'weapon', 'potion', 'trap', 'special', 'monster'"),
    ("reveal blue card=potion effects=luck+2", "'luck+2' is not an effect: write <value><sign><number>"),
    ("reveal blue card=potion effects=life", "'life' is not an effect"),
    ("reveal blue card=potion effects=life+3,,gold-1", "'' is not an effect"),
    ("reveal blue card=trap effects=poison+1", "poison is set (poison=1 poisons with 1 a day, poison=0 cures)"),
    ("reveal blue card=trap effects=poison-1", "poison is set"),
    ("reveal blue card=potion effects=life/3", "a value can be halved (/2), not divided by another number"),
    ("reveal blue card=potion effects=life+21", "life+21: a printed amount is 0 to 20"),
    ("reveal blue card=monster value=big", "value is a whole number, not 'big'"),
    ("healer red cure=maybe", "cure: Input should be a valid boolean"),
    ("healer red heal=lots", "heal is a whole number, not 'lots'"),
    ("use-special red keep=perhaps", "keep: Input should be a valid boolean"),
]


@pytest.mark.parametrize(("line", "message"), BAD_COMMANDS, ids=[line for line, _ in BAD_COMMANDS])
def test_command_lines_it_cannot_understand(line: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        command(line)


def test_effects_none_means_no_effects() -> None:
    assert command("use-special red effects=none") == UseSpecial("red")


def test_a_bad_command_in_a_file_is_an_error_naming_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "travel red die=3 to=C7\nreveal red card=trap effects=luck+2\n")
    result = run_file(path)
    assert (result.status, result.line) == ("error", 5)
    assert "'luck+2' is not an effect" in result.message
    assert result.text == "reveal red card=trap effects=luck+2"


# ---------------------------------------------------------------------------- expectations

# Red digs an orb on C7; blue slots a card into D4 and red, walking there, turns up a monster
# (power 4) that kills it in three exchanges: 2+1 against 4+6 costs red 7 life each time,
# 15 -> 8 -> 1 -> 0 (6 swallowed by the lower limit).
MONSTER_KILLS_RED = """\
travel red die=3 to=C7
dig red field=C7 kind=orb
end-turn red
travel blue die=1 to=castle-blue
place-card blue field=D4
end-turn blue
travel red die=1 to=D4
reveal red card=monster value=4 effects=gold+1
exchange red die=1 opponent-die=6
"""
MID_FIGHT = [
    ("phase", "play"),
    ("turn", "red"),
    ("day", "2"),
    ("winner", "none"),
    ("fight", "red,monster"),
    ("monster-life", "15"),
    ("card-played", "no"),
    ("card.D4", "monster"),
    ("board", "1"),
    ("red.life", "8"),
    ("red.hand", "4"),
    ("red.cards", "3"),
    ("red.treasures", "1"),
    ("red.treasure-kinds", "orb"),
    ("red.place", "D4"),
    ("lost.red.life", "0"),
    ("last-events", "exchanged,counter-changed"),
]
AFTER_DEATH = [
    ("phase", "play"),
    ("turn", "red"),
    ("day", "2"),
    ("winner", "none"),
    ("fight", "none"),
    ("monster-life", "none"),
    ("card-played", "no"),
    ("draw", "113"),  # 122 - 4 - 4, and blue drew 1 after slotting a card
    ("discard", "3"),
    ("discard.unseen", "3"),  # red's three hand cards that were not treasures
    ("discard.monster", "0"),
    ("discard.map", "0"),  # used maps lie apart
    ("used-maps", "1"),
    ("treasure-stack", "11"),
    ("treasure-stack.orb", "3"),
    ("treasure-stack.crown", "4"),
    ("board", "1"),
    ("card.D4", "monster"),
    ("card.C7", "none"),
    ("loose.D4", "1"),
    ("guarded.D4", "1"),
    ("loose.C7", "0"),
    ("guarded.C7", "0"),
    ("catharsis", "none"),
    (
        "last-events",
        "exchanged,counter-changed,henchman-died,fight-ended,hand-discarded,treasures-dropped,henchman-restarted",
    ),
    ("lost.red.life", "6"),
    ("lost.red.gold", "0"),
    ("lost.blue.life", "0"),
    ("red.life", "15"),
    ("red.gold", "5"),
    ("red.strength", "2"),
    ("red.weapons", "0"),
    ("red.poison", "0"),
    ("red.power", "2"),
    ("red.hand", "0"),
    ("red.cards", "0"),
    ("red.treasures", "0"),
    ("red.hidden", "0"),
    ("red.deaths", "1"),
    ("red.searching", "0"),
    ("red.place", "castle-red"),
    ("red.treasure-kinds", "none"),
    ("red.hidden-kinds", "none"),
    ("red.before", "none"),
    ("red.over-four", "none"),
    ("blue.over-four", "none"),
    ("notes", "none"),
    ("blue.place", "castle-blue"),
    ("blue.cards", "4"),
    ("blue.deaths", "0"),
]


def check_key(history: History, key: str, written: str) -> None:
    p = probe(history.state, key)
    actual = p.read(history if p.of_history else history.state)
    assert actual == p.parse(written), f"{key}: {p.show(actual)}"
    assert p.show(actual) == written


@pytest.mark.parametrize(("key", "written"), AFTER_DEATH, ids=[key for key, _ in AFTER_DEATH])
def test_every_key_after_the_monster_killed_red(key: str, written: str) -> None:
    finish = "exchange red die=1 opponent-die=6\n" * 2  # 8 -> 1 -> 0
    check_key(played(MONSTER_KILLS_RED + finish), key, written)


@pytest.mark.parametrize(("key", "written"), MID_FIGHT, ids=[key for key, _ in MID_FIGHT])
def test_keys_in_the_fight(key: str, written: str) -> None:
    check_key(played(MONSTER_KILLS_RED), key, written)


def test_keys_before_anything_happened() -> None:
    history = played("")
    for key, written in [
        ("turn", "red"),
        ("day", "1"),
        ("draw", "114"),
        ("discard", "0"),
        ("board", "0"),
        ("treasure-stack", "12"),
        ("red.place", "castle-red"),
        ("blue.place", "castle-blue"),
        ("red.hand", "4"),
        ("last-events", "none"),
        ("lost.red.life", "0"),
    ]:
        check_key(history, key, written)


def test_a_card_nobody_turned_up_and_the_card_played_flag() -> None:
    history = played("travel red die=3 to=C7\nplace-card red field=D4\n")
    check_key(history, "card.D4", "face-down")
    check_key(history, "card-played", "yes")
    check_key(history, "red.cards", "3")
    check_key(history, "last-events", "card-placed")


def test_where_a_henchman_waits_and_what_a_prince_over_four_may_play() -> None:
    history = played("travel red die=6 to=h8 before=City\n")
    check_key(history, "red.before", "city")
    assert probe(history.state, "red.before").parse("Castle-Blue") == "castle-blue"
    fight = "travel red die=3 to=C7\ndig red field=C7 kind=crown\nend-turn red\ntravel blue die=4 to=C7\n"
    history = played(fight + "challenge blue target=red\n" + "exchange blue die=6 opponent-die=1\n" * 3)
    check_key(history, "blue.over-four", "map,slot,spell")  # the crown won from red: five cards
    assert read(history, "blue.over-four") == probe(history.state, "blue.over-four").parse("slot,spell,map")
    check_key(history, "red.over-four", "none")


def test_notes_look_through_what_the_players_can_read() -> None:
    history = played("travel red die=3 to=C7\nplace-card red field=D4\n")
    check_key(history, "notes", "none")
    won = """\
setting victory treasures 1
travel red die=3 to=C7
dig red field=C7 kind=crown
end-turn red
travel blue die=1 to=B1
place-card blue field=D4
end-turn blue
travel red die=3 to=castle-red
hide-treasure red kind=crown
"""
    history = played(won)
    check_key(history, "notes", "discard-types,who-slotted")  # the game is over: everything may be shown


def test_catharsis_order_is_read_in_order() -> None:
    state = replace(played("").state, phase="catharsis", catharsis=("blue", "red", "blue"))
    p = probe(state, "catharsis")
    assert p.read(state) == p.parse("blue,red,blue") != p.parse("red,blue,blue")
    assert probe(state, "phase").read(state) == "catharsis"


def test_places_and_keys_are_read_in_any_spelling() -> None:
    history = played("travel red die=3 to=c7\n")
    check_key(history, "red.place", "C7")
    assert probe(history.state, "red.place").parse("c7") == "C7"
    assert probe(history.state, "red.place").parse("Castle-Blue") == "castle-blue"
    assert probe(history.state, "card.c7").read(history.state) is None
    assert read(history, "red.treasure_kinds") == read(history, "red.treasure-kinds") == ()
    assert read(history, "monster_life") is None


def test_treasure_kind_lists_keep_repeats_in_any_order() -> None:
    p = probe(played("").state, "red.hidden-kinds")
    assert p.parse("orb,crown,crown") == p.parse("crown,orb,crown") == ("crown", "crown", "orb")
    assert p.parse("crown,orb") != p.parse("crown,crown,orb")
    assert p.parse("none") == ()
    assert p.show(("crown", "crown", "orb")) == "crown,crown,orb"


def test_lost_and_last_events_read_the_last_command_also_after_undo() -> None:
    history = played("travel red die=2 to=B2\nplace-card red field=D4\nend-turn red\n")
    history.apply(command("travel blue die=2 to=D4"))
    history.apply(command("reveal blue card=potion effects=life+4,gold+12"))  # 15+4 and 5+12: 4 and 2 too many
    assert (read(history, "lost.blue.life"), read(history, "lost.blue.gold")) == (4, 2)
    assert read(history, "last-events") == ("card-revealed", "card-discarded", "counter-changed", "counter-changed")
    history.undo()
    assert (read(history, "lost.blue.life"), read(history, "lost.blue.gold")) == (0, 0)
    assert read(history, "last-events") == ("travelled",)


def test_awaiting_names_the_players_the_public_view_awaits() -> None:
    history = played("travel red die=3 to=B2\nend-turn red\ntravel blue die=3 to=B2\n")
    assert read(history, "awaiting") == ("blue",)
    history.apply(command("challenge blue target=red"))
    assert read(history, "awaiting") == ("blue", "red")  # blue exchanges or flees, red may flee
    assert probe(history.state, "awaiting").parse("red,blue") == ("blue", "red")
    with pytest.raises(ValueError, match="'green' is not a player or 'table'"):
        probe(history.state, "awaiting").parse("green")


def test_an_unknown_key_lists_the_keys() -> None:
    with pytest.raises(ValueError) as raised:
        probe(played("").state, "red.luck")
    assert str(raised.value) == f"there is no expectation key 'red.luck'; keys: {KEY_HELP}"
    for key in ("phase", "monster-life", "card.<field>", "lost.<colour>.<value>", "last-events", "guarded.<place>",
                "notes", "before", "over-four"):  # fmt: skip
        assert key in KEY_HELP


BAD_KEYS = [
    ("score", "there is no expectation key 'score'; keys: phase, turn, awaiting, day"),
    ("red.luck", "there is no expectation key 'red.luck'"),
    ("red", "there is no expectation key 'red'"),
    ("green.life", "nobody plays green in this scenario"),
    ("discard.dragon", "discard.<type> takes one of weapon, potion, trap, special, monster, spell, map, unseen"),
    ("treasure-stack.sword", "there is no treasure kind 'sword' (crown, chalice, orb)"),
    ("card.Z", "'Z' is no place: write a field"),
    ("loose.castle-purple", "'castle-purple' is no place"),
    ("guarded.", "'' is no place"),
    ("lost.red.luck", "write lost.<colour>.<life|gold|strength|weapons|poison>, not 'lost.red.luck'"),
    ("lost.green.life", "write lost.<colour>.<life|gold|strength|weapons|poison>, not 'lost.green.life'"),
    ("lost.red", "write lost.<colour>"),
]


@pytest.mark.parametrize(("key", "message"), BAD_KEYS, ids=[key for key, _ in BAD_KEYS])
def test_keys_it_does_not_know(key: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        probe(played("").state, key)


BAD_VALUES = [
    ("red.life", "lots", "expected a whole number, not 'lots'"),
    ("day", "first", "expected a whole number, not 'first'"),
    ("phase", "night", "'night' is not a phase (play, catharsis, over)"),
    ("turn", "green", "'green' is not a player (red, blue)"),
    ("winner", "green", "'green' is not a player (red, blue)"),
    ("fight", "red,dragon", "'dragon' is not a fighter (red, blue, monster or none)"),
    ("card-played", "maybe", "'maybe' is not yes or no"),
    ("card.C7", "dragon", "'dragon' is not a card type or face-down"),
    ("red.place", "nowhere", "'nowhere' is no place"),
    ("red.treasure-kinds", "sword", "'sword' is not a treasure kind (crown, chalice, orb or none)"),
    ("catharsis", "red,green", "'green' is not a player (red, blue or none)"),
    ("monster-life", "full", "expected a whole number, not 'full'"),
    ("red.before", "gate", "'gate' names no walls: a field lies before the city's walls (city) or a castle's"),
    ("red.over-four", "discard", "'discard' is not a card play (slot, spell, map, hide or none)"),
    ("notes", "diary", "'diary' is not a note the rules forbid (who-slotted, discard-types or none)"),
]


@pytest.mark.parametrize(("key", "value", "message"), BAD_VALUES, ids=[k for k, _, _ in BAD_VALUES])
def test_values_it_cannot_read(key: str, value: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        probe(played("").state, key).parse(value)


def test_a_bad_expectation_in_a_file_is_an_error_naming_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "travel red die=3 to=C7\nexpect red.life = 15\nexpect green.life = 15\n")
    for result in (run_file(path), check_file(path)):
        assert (result.status, result.line) == ("error", 6)
        assert result.message == "nobody plays green in this scenario"


# --------------------------------------------------------------------- played end to end

# Red digs a crown; blue catches red on C7 and kills it in three exchanges (2+6 against 2+1:
# 5 life each). Blue takes the crown and red's 5 gold; red's 3 other cards are discarded unseen.
# Blue then holds 5 cards and must play one before ending the turn; red draws back to 4.
KILLED_BY_BLUE = "exchanged,counter-changed,henchman-died,fight-ended,hand-discarded,treasures-taken," + (
    "counter-changed,henchman-restarted"
)
FIGHT = (
    HEAD
    + f"""\
travel red die=3 to=C7
dig red field=C7 kind=crown
expect red.cards = 3
expect red.hand = 4
expect red.treasure-kinds = crown
expect treasure-stack = 11
expect treasure-stack.crown = 3
expect used-maps = 1
expect card-played = yes
end-turn red
expect draw = 114
expect turn = blue
expect day = 1
travel blue die=4 to=C7
challenge blue target=red
expect fight = blue,red
exchange blue die=6 opponent-die=1
expect red.life = 10
exchange blue die=6 opponent-die=1
expect red.life = 5
exchange blue die=6 opponent-die=1
expect last-events = {KILLED_BY_BLUE}
expect lost.red.life = 0
expect fight = none
expect red.life = 15
expect red.place = castle-red
expect red.deaths = 1
expect red.hand = 0
expect blue.treasure-kinds = crown
expect blue.gold = 10
expect red.gold = 5
expect discard.unseen = 3
expect refused hand.over-four : end-turn blue
place-card blue field=E5
expect card.E5 = face-down
expect refused turn.henchman-done : pick-up blue
end-turn blue
expect red.cards = 4
expect draw = 110
expect turn = red
expect day = 2
"""
)

# A trap poisons blue (2 a day) and a potion overflows red's values: 15+3 life keeps 15 (3 lost),
# 5-7 gold stops at 0 (2 lost), strength 2 halved is 1. Blue loses 2 life at the start of each
# own turn until the healer washes the poison out (5 gold: all blue has, so no life on top).
POISON = (
    HEAD
    + """\
travel red die=2 to=B2
place-card red field=D4
end-turn red
expect draw = 113
travel blue die=2 to=D4
reveal blue card=trap effects=life-4,poison=2
expect blue.life = 11
expect blue.poison = 2
expect discard.trap = 1
expect board = 0
expect last-events = card-revealed,card-discarded,counter-changed,counter-changed
place-card blue field=D5
end-turn blue
expect draw = 112
expect day = 2
travel red die=3 to=D5
reveal red card=potion effects=life+3,gold-7,strength/2
expect red.life = 15
expect lost.red.life = 3
expect red.gold = 0
expect lost.red.gold = 2
expect red.strength = 1
expect lost.red.strength = 0
expect red.power = 1
end-turn red
expect last-events = turn-ended,turn-began,counter-changed
expect blue.life = 9
travel blue die=5 to=H8 before=city
expect refused travel.once : travel blue die=1 to=inn
end-turn blue
travel red die=1 to=D5
end-turn red
expect blue.life = 7
expect day = 3
travel blue die=2 to=healer
expect refused shop.gold : healer blue cure=yes heal=1
healer blue cure=yes
expect blue.poison = 0
expect blue.gold = 0
expect refused city.one-business : healer blue heal=1
end-turn blue
travel red die=1 to=D5
end-turn red
expect blue.life = 7
"""
)

# The city after a correction: 3 gold at the healer buy 9 life on 8 (2 more than 15 are lost),
# the smith sells as many weapon points as the purse holds (2), the school then finds no gold.
CITY = (
    HEAD
    + """\
correct counter=red.life value=8 reason="a trap the table forgot"
expect last-events = corrected
expect refused travel.city-gate : travel red die=6 to=inn
travel red die=6 to=H8 before=city
end-turn red
travel blue die=1 to=castle-blue
end-turn blue
travel red die=2 to=healer
expect refused healer.too-much : healer red heal=4
healer red heal=3
expect red.life = 15
expect lost.red.life = 2
expect red.gold = 2
end-turn red
travel blue die=1 to=castle-blue
end-turn blue
travel red die=1 to=smith
expect refused smith.amount : smith red gold=0
smith red
expect red.weapons = 2
expect red.gold = 0
expect red.power = 4
end-turn red
travel blue die=1 to=castle-blue
end-turn blue
travel red die=1 to=school
expect refused shop.gold : school red
"""
)

# Blue won the roll; one treasure wins. Hiding the chalice in the own castle ends the game.
VICTORY = (
    HEAD
    + """\
setting first blue
setting victory treasures 1
expect turn = blue
travel blue die=3 to=C7
dig blue field=C7 kind=chalice
end-turn blue
expect turn = red
expect day = 1
travel red die=1 to=castle-red
end-turn red
expect day = 2
travel blue die=3 to=castle-blue
expect refused hide.no-treasure : hide-treasure blue kind=crown
hide-treasure blue kind=chalice
expect last-events = treasure-hidden,game-won
expect winner = blue
expect phase = over
expect blue.hidden = 1
expect blue.hidden-kinds = chalice
expect blue.treasures = 0
expect refused game.over : end-turn blue
"""
)

# With plunder on, blue waits before red's castle, enters, and searches: day 1 of the search needs a 1
# (a 2 finds nothing), day 2 needs 2 or less (a 2 takes the crown and the count starts again).
PLUNDER = (
    HEAD
    + """\
setting plunder on
travel red die=3 to=C7
dig red field=C7 kind=crown
end-turn red
travel blue die=6 to=B2 before=castle-red
end-turn blue
travel red die=3 to=castle-red
hide-treasure red kind=crown
expect red.hidden-kinds = crown
expect winner = none
end-turn red
travel blue die=1 to=castle-red
plunder blue die=2
expect blue.searching = 1
expect refused plunder.once : plunder blue die=1
end-turn blue
travel red die=1 to=castle-red
end-turn red
travel blue die=1 to=castle-red
expect blue.searching = 1
expect refused plunder.kind : plunder blue die=2
plunder blue die=2 kind=crown
expect blue.treasure-kinds = crown
expect red.hidden = 0
expect blue.searching = 0
"""
)

# The optional rules are off unless the header turns them on; victory by a combination of kinds.
OPTIONS_OFF = (
    HEAD
    + """\
setting teleportal off
setting victory kinds chalice chalice
travel red die=3 to=C7
expect refused plunder.off : plunder red die=1
expect refused teleportal.off : teleport red die=6 to=A1
dig red field=C7 kind=chalice
end-turn red
travel blue die=1 to=castle-blue
end-turn blue
travel red die=2 to=castle-red
hide-treasure red kind=chalice
expect winner = none
expect red.hidden-kinds = chalice
"""
)

SCENARIOS = {"fight": FIGHT, "poison": POISON, "city": CITY, "victory": VICTORY, "plunder": PLUNDER}
SCENARIOS["options-off"] = OPTIONS_OFF


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_small_scenarios_pass(tmp_path: Path, name: str) -> None:
    text = SCENARIOS[name]
    result = run_file(write(tmp_path, text, f"{name}.scn"))
    assert result.ok, result.report()
    lines = [line.strip() for line in text.splitlines()]
    expectations = sum(line.startswith("expect ") for line in lines)
    header = sum(line.split(" ")[0] in ("game", "player", "setting") for line in lines)
    assert (result.commands, result.expectations) == (len(lines) - expectations - header, expectations)
    counts = f"({result.commands} commands, {expectations} expectations)"
    assert result.report() == f"ok   {tmp_path / f'{name}.scn'} {counts}"


# Blue walks onto the monster guarding red's orb, weakens it with a spell (15-12 = 3 life left)
# and beats it with one exchange (2+6 against 4+1): the reward (1 gold) and the orb are blue's.
MONSTER_BEATEN = (
    HEAD
    + MONSTER_KILLS_RED
    + """\
exchange red die=1 opponent-die=6
exchange red die=1 opponent-die=6
expect refused henchman.dead : travel red die=2 to=C7
end-turn red
expect red.cards = 4
expect draw = 109
travel blue die=3 to=D4
expect fight = blue,monster
expect monster-life = 15
expect refused fight.under-way : pick-up blue
cast-spell blue target=monster effects=life-12
expect monster-life = 3
expect discard.spell = 1
exchange blue die=6 opponent-die=1
expect last-events = exchanged,monster-wounded,fight-ended,treasures-picked-up,card-discarded,counter-changed
expect blue.treasure-kinds = orb
expect loose.D4 = 0
expect card.D4 = none
expect discard.monster = 1
expect discard = 5
expect blue.gold = 6
expect blue.hand = 4
end-turn blue
expect day = 3
undo
expect turn = blue
redo
expect turn = red
"""
)


def test_the_monster_killing_red_keeps_the_treasure_guarded(tmp_path: Path) -> None:
    text = MONSTER_BEATEN.split("travel blue die=3 to=D4")[0]
    result = run_file(write(tmp_path, text + "expect guarded.D4 = 1\nexpect turn = blue\n"))
    assert result.ok, result.report()


def test_beating_a_monster_takes_the_guarded_treasure(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, MONSTER_BEATEN))
    assert result.ok, result.report()


def test_a_wrong_expectation_fails_with_both_values(tmp_path: Path) -> None:
    path = write(tmp_path, HEAD + "travel red die=3 to=C7\nexpect red.place = D7\nexpect red.life = 14\n")
    result = run_file(path)
    assert (result.status, result.line, result.text) == ("fail", 5, "expect red.place = D7")
    assert result.message == "red.place: expected D7, got C7"
    assert result.report() == f"FAIL {path}:5: red.place: expected D7, got C7\n      | expect red.place = D7"
    assert check_file(path).ok  # the file itself is fine


def test_a_refused_command_fails_with_the_rule(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, HEAD + "travel blue die=3 to=C7\n"))
    assert (result.status, result.line) == ("fail", 4)
    assert result.message == "refused [turn.not-yours]: it is red's turn, blue cannot travel now"


def test_an_expected_refusal_that_does_not_come_fails(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, HEAD + "expect refused travel.once : travel red die=3 to=C7\n"))
    assert (result.status, result.line) == ("fail", 4)
    assert result.message == "expected a refusal [travel.once], but the command was accepted"


def test_a_refusal_for_another_rule_fails(tmp_path: Path) -> None:
    result = run_file(write(tmp_path, HEAD + "travel red die=3 to=C7\nexpect refused travel.* : end-turn blue\n"))
    assert (result.status, result.line) == ("fail", 5)
    assert result.message.startswith("refused with [turn.not-yours], expected [travel.*]: ")


def test_the_command_line_exit_codes(tmp_path: Path) -> None:
    def run(*files: Path) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "companion", "scenario", "run", *map(str, files)],
            capture_output=True,
            text=True,
            timeout=WAIT,
        )

    good = write(tmp_path, VICTORY, "good.scn")
    failing = write(tmp_path, VICTORY.replace("expect winner = blue", "expect winner = red"), "failing.scn")
    missing = tmp_path / "missing.scn"
    done = run(good)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith(f"ok   {good} (")
    done = run(good, failing)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"FAIL {failing}:19: winner: expected red, got blue" in done.stdout
    assert "2 files: 1 ok, 1 failed, 0 not readable" in done.stdout
    done = run(good, failing, missing)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"ERROR {missing}: cannot read the file" in done.stdout
