"""What just happened in Raubritter, in German and English: real commands played through the engine
(the shipped scenarios' games, and positions played here command by command), their public events
turned into lines: tiles laid, marches with the tiles they reach and the buildings that change
hands, the turn passing (the initial pair, the end of the initial placement, three tiles, a last
tile, a turn ended, players skipped), surrender, the end with its ruling spelled out, and every
correction with its reason; players by the names they gave, the colour beside it."""

from __future__ import annotations

import datetime
import json
import random
import typing
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion.games.raubritter.happenings import HANDLERS, lines
from companion.games.raubritter.scenario import build_command, build_setup
from companion.games.registry import part
from companion.i18n import render
from engines.core.correction import Correct
from engines.raubritter import GAME, Setup
from engines.raubritter.commands import CorrectStack, CorrectTile, EndTurn, LayTile, MoveTile, Surrender
from engines.raubritter.events import Event
from tests.companion.games.played import Played
from tests.companion.games.played import played as play
from tests.engines.raubritter.table import correction, legal_command, new_history

ROOT = Path(__file__).resolve().parents[4]
SCENARIOS = ROOT / "tests" / "scenarios" / "raubritter"

# ----------------------------------------------------------------------------- playing


@cache
def played(name: str) -> Played:
    """The scenario ``name``'s accepted commands, as :func:`tests.companion.games.played.played`."""
    (path,) = SCENARIOS.glob(f"{name}-*.scn")
    return play(path, GAME, build_setup, build_command)


def rendered(texts: list[Any]) -> tuple[list[str], list[str]]:
    return [render(t, "en") for t in texts], [render(t, "de") for t in texts]


def said(name: str, command: str, nth: int = 0) -> tuple[list[str], list[str]]:
    """The lines (English, German) of the ``nth`` command of a scenario that is written ``command``."""
    found = [(events, view) for text, events, view in played(name) if text == command]
    assert len(found) > nth, f"{command!r} is not played {nth + 1} times in {name}"
    events, view = found[nth]
    return rendered(lines(events, after=view))


def last(name: str) -> tuple[list[str], list[str]]:
    _, events, view = played(name)[-1]
    return rendered(lines(events, after=view))


class Table:
    """A game played command by command: Anna (red, the oldest) and Ben (blue), Cleo (green) if asked."""

    def __init__(self, *, cleo: bool = False, names: tuple[str, ...] = ("Anna", "Ben", "Cleo")) -> None:
        colours = ("red", "blue", "green") if cleo else ("red", "blue")
        players = [
            {"name": name, "birthday": datetime.date(1970 + 10 * i, 1, 1), "colour": colour}
            for i, (name, colour) in enumerate(zip(names, colours, strict=False))
        ]
        self.state = GAME.setup(Setup(players=players))

    def do(self, *commands: Any) -> tuple[list[str], list[str]]:
        """Play the commands; the lines of the last one."""
        events: list[Any] = []
        for command in commands:
            events = GAME.decide(self.state, command)
            for event in events:
                self.state = GAME.evolve(self.state, event)
        return rendered(lines([GAME.public_event(e) for e in events], after=GAME.public_view(self.state)))

    def opening(self) -> None:
        """Red plain 0,0 and village 1,0; blue forest village 2,0 and plain 0,1."""
        self.do(
            LayTile("red", "plain", 0, 0),
            LayTile("red", "plain-village", 1, 0),
            LayTile("blue", "forest-village", 2, 0),
            LayTile("blue", "plain", 0, 1),
        )


# ----------------------------------------------------------------------------- the initial placement


def test_the_initial_placement_tile_by_tile():
    table = Table()
    assert table.do(LayTile("red", "plain", 0, 0)) == (
        ["Anna (Red) lays a plain tile at 0,0.", "Anna (Red) lays one more tile for the initial placement."],
        ["Anna (Rot) legt Ebene bei 0,0.", "Anna (Rot) legt noch ein Plättchen zur Anfangsaufstellung."],
    )
    assert table.do(LayTile("red", "plain-village", 1, 0)) == (
        [
            "Anna (Red) lays a plain-village tile at 1,0.",
            "Anna (Red) has laid both tiles of the initial placement: Ben (Blue) is next.",
        ],
        [
            "Anna (Rot) legt Ebene/Dorf bei 1,0.",
            "Anna (Rot) hat beide Plättchen der Anfangsaufstellung gelegt: Ben (Blau) ist am Zug.",
        ],
    )
    table.do(LayTile("blue", "forest-village", 2, 0))
    assert table.do(LayTile("blue", "plain", 0, 1)) == (
        ["Ben (Blue) lays a plain tile at 0,1.", "The initial placement is laid: Anna (Red) begins."],
        ["Ben (Blau) legt Ebene bei 0,1.", "Die Anfangsaufstellung ist gelegt: Anna (Rot) beginnt."],
    )


def test_a_surrender_in_the_initial_placement_passes_it_on_or_ends_it():
    en, de = said("27", "surrender red")
    assert en == ["Ben (Red) surrenders: 0 points and no win.", "Initial placement: Cleo (Green) is next."]
    assert de == ["Ben (Rot) gibt auf: 0 Punkte und kein Sieg.", "Anfangsaufstellung: Cleo (Grün) ist am Zug."]
    en, de = said("37", "surrender red")
    assert de == [
        "Ben (Rot) gibt auf: 0 Punkte und kein Sieg.",
        "Die Anfangsaufstellung ist gelegt: Anna (Blau) beginnt.",
    ]
    assert en[1] == "The initial placement is laid: Anna (Blue) begins."


# ----------------------------------------------------------------------------- a turn


def test_a_turn_says_how_many_tiles_may_follow_and_passes_after_the_third():
    table = Table()
    table.opening()
    en, de = table.do(LayTile("red", "plain", 3, 0))
    assert en[1] == "Anna (Red) may lay up to 2 more tiles or end the turn."
    assert de[1] == "Anna (Rot) darf noch bis zu 2 Plättchen legen oder den Zug beenden."
    en, de = table.do(LayTile("red", "mountains", 4, 0))
    assert en[1] == "Anna (Red) may lay 1 more tile or end the turn."
    assert de[1] == "Anna (Rot) darf noch 1 Plättchen legen oder den Zug beenden."
    assert table.do(LayTile("red", "lake", 5, 0)) == (
        ["Anna (Red) lays a lake tile at 5,0.", "Three tiles laid: Ben (Blue) is next."],
        ["Anna (Rot) legt See bei 5,0.", "Drei Plättchen gelegt: Ben (Blau) ist am Zug."],
    )


def test_a_turn_ended_names_who_ended_it():
    table = Table()
    table.opening()
    table.do(LayTile("red", "plain", 3, 0))
    assert table.do(EndTurn("red")) == (
        ["Anna (Red) ends the turn: Ben (Blue) is next."],
        ["Anna (Rot) beendet den Zug: Ben (Blau) ist am Zug."],
    )


def test_players_skipped_are_named_with_why():
    en, de = said("27", "end-turn blue")
    assert en == ["Anna (Blue) ends the turn: Cleo (Green) is next.", "Ben (Red) has surrendered and is skipped."]
    assert de == [
        "Anna (Blau) beendet den Zug: Cleo (Grün) ist am Zug.",
        "Ben (Rot) hat aufgegeben und wird übersprungen.",
    ]
    en, de = said("21", "lay-tile green kind=forest-village x=2 y=7")
    assert de[1:] == [
        "Drei Plättchen gelegt: Cleo (Grün) ist gleich wieder am Zug.",
        "Anna (Blau) hat kein Plättchen mehr und wird übersprungen.",
        "Ben (Rot) hat kein Plättchen mehr und wird übersprungen.",
    ]
    assert en[1:] == [
        "Three tiles laid: Cleo (Green) is next again.",
        "Anna (Blue) has no tile left and is skipped.",
        "Ben (Red) has no tile left and is skipped.",
    ]
    en, de = said("36", "end-turn blue", 1)
    assert de == [
        "Anna (Blau) beendet den Zug und ist gleich wieder am Zug.",
        "Ben (Rot) hat aufgegeben und wird übersprungen.",
        "Cleo (Grün) hat aufgegeben und wird übersprungen.",
    ]
    assert en[0] == "Anna (Blue) ends the turn and is next again."


def test_a_players_last_tile_passes_the_turn():
    en, de = said("23", "lay-tile blue kind=forest-town x=4 y=6")
    assert en == [
        "Anna (Blue) lays a forest-town tile at 4,6.",
        "That was the last tile of Anna (Blue): Ben (Red) is next.",
    ]
    assert de == [
        "Anna (Blau) legt Wald/Stadt bei 4,6.",
        "Das war das letzte Plättchen von Anna (Blau): Ben (Rot) ist am Zug.",
    ]


# ----------------------------------------------------------------------------- castles and marches


def test_a_march_says_where_the_knights_stay_and_which_buildings_change_hands():
    table = Table()
    table.opening()
    en, de = table.do(LayTile("red", "plain-castle", 3, 0, drops=(1, 2), direction="west"))
    assert en == [
        "Anna (Red) lays a plain-castle tile at 3,0.",
        "3 knights march westwards: 1 stays on the castle and 2 on 2,0 (forest-village).",
        "Anna (Red) now has the top knight on the forest-village at 2,0: 2 points.",
        "Anna (Red) has 27 knights left in hand.",
        "Anna (Red) may lay up to 2 more tiles or end the turn.",
    ]
    assert de == [
        "Anna (Rot) legt Ebene/Burg bei 3,0.",
        "3 Ritter ziehen nach Westen: 1 bleibt auf der Burg und 2 bei 2,0 (Wald/Dorf).",
        "Anna (Rot) hat jetzt den obersten Ritter auf Wald/Dorf bei 2,0: 2 Punkte.",
        "Anna (Rot) hat noch 27 Ritter in der Hand.",
        "Anna (Rot) darf noch bis zu 2 Plättchen legen oder den Zug beenden.",
    ]
    table.do(EndTurn("red"))
    en, de = table.do(LayTile("blue", "forest-castle", 2, 1, drops=(2, 2), direction="north"))
    assert de[1:4] == [
        "4 Ritter ziehen nach Norden: 2 bleiben auf der Burg und 2 bei 2,0 (Wald/Dorf).",
        "Ben (Blau) hat jetzt statt Anna (Rot) den obersten Ritter auf Wald/Dorf bei 2,0: 2 Punkte.",
        "Ben (Blau) hat noch 26 Ritter in der Hand.",
    ]
    assert en[2] == "Ben (Blue) now has the top knight on the forest-village at 2,0 instead of Anna (Red): 2 points."


def test_knights_that_stay_on_the_castle_and_a_castle_without_knights():
    table = Table()
    table.opening()
    en, de = table.do(LayTile("red", "forest-castle", -1, 0, drops=(4,)))
    assert de[1:3] == ["4 Ritter bleiben auf der Burg.", "Anna (Rot) hat noch 26 Ritter in der Hand."]
    assert en[1] == "4 knights stay on the castle."
    en, de = table.do(LayTile("red", "plain-castle", -2, 0))
    assert en[1] == "Anna (Red) brings no knights onto the castle."
    assert de[1] == "Anna (Rot) setzt keine Ritter auf die Burg."


# ----------------------------------------------------------------------------- surrender and the end


def test_a_surrender_says_what_it_costs():
    en, de = said("39", "surrender red")
    assert en == [
        "Ben (Red) surrenders: 0 points and no win; 2 buildings topped by their knights now score for nobody.",
        "Anna (Blue) is next.",
    ]
    assert de == [
        "Ben (Rot) gibt auf: 0 Punkte und kein Sieg; 2 Gebäude mit Rittern von Ben (Rot) obenauf zählen jetzt für "
        "niemanden.",
        "Anna (Blau) ist am Zug.",
    ]


def test_the_end_on_points():
    en, de = last("25")
    assert en == [
        "Ben (Red) lays a forest-town tile at 1,6.",
        "That was the last tile of Ben (Red), and nobody in the game has one left: the game is over.",
        "Anna (Blue) wins with the most points: 15.",
        "Ben (Red): 13 points.",
        "Cleo (Green) has surrendered: 0 points, cannot win; 3 buildings topped by their knights score for nobody.",
    ]
    assert de[1:] == [
        "Das war das letzte Plättchen von Ben (Rot), und niemand im Spiel hat noch eins: Das Spiel ist aus.",
        "Anna (Blau) gewinnt mit den meisten Punkten: 15.",
        "Ben (Rot): 13 Punkte.",
        "Cleo (Grün) hat aufgegeben: 0 Punkte, kann nicht gewinnen; 3 Gebäude mit Rittern von Cleo (Grün) obenauf "
        "zählen für niemanden.",
    ]


def test_the_end_on_equal_points_the_knights_left_decide():
    en, de = last("23")
    assert en[2:] == [
        "Ben (Red) and Anna (Blue): 10 points each; Ben (Red) has 21 knights left, Anna (Blue) 19: "
        "Ben (Red) wins with the most knights left."
    ]
    assert de[2:] == [
        "Ben (Rot) und Anna (Blau): je 10 Punkte; Ben (Rot) hat 21 Ritter übrig, Anna (Blau) 19: "
        "Ben (Rot) gewinnt mit den meisten übrigen Rittern."
    ]


def test_the_end_on_equal_points_and_knights_is_a_draw():
    en, de = last("24")
    assert en[-1] == "Anna (Blue) and Ben (Red): 9 points each; 20 knights left each: a draw."
    assert de[-1] == "Anna (Blau) und Ben (Rot): je 9 Punkte; je 20 Ritter übrig: Gleichstand."


def test_everyone_surrendered_nobody_wins():
    en, de = last("36")
    assert de == [
        "Anna (Blau) gibt auf: 0 Punkte und kein Sieg; 2 Gebäude mit Rittern von Anna (Blau) obenauf zählen jetzt "
        "für niemanden.",
        "Alle haben aufgegeben: Das Spiel ist aus.",
        "Anna (Blau) hat aufgegeben: 0 Punkte, kann nicht gewinnen; 2 Gebäude mit Rittern von Anna (Blau) obenauf "
        "zählen für niemanden.",
        "Ben (Rot) hat aufgegeben: 0 Punkte, kann nicht gewinnen.",
        "Cleo (Grün) hat aufgegeben: 0 Punkte, kann nicht gewinnen.",
        "Alle haben aufgegeben: Niemand gewinnt.",
    ]
    assert en[1] == "Everyone has surrendered: the game is over."
    assert en[-1] == "Everyone has surrendered: nobody wins."


# ----------------------------------------------------------------------------- corrections


def test_knights_in_hand_corrected_with_the_reason_and_what_is_set_aside():
    en, de = said("31", 'correct counter=red.knights value=28 reason="two of Ben\'s knights fell under the table"')
    assert en == [
        "Corrected by hand: Ben (Red) has 28 knights in hand, not 30 (two of Ben's knights fell under the table).",
        "2 knights of Ben (Red) are set aside, out of the game.",
    ]
    assert de == [
        "Von Hand berichtigt: Ben (Rot) hat 28 Ritter in der Hand, nicht 30 "
        "(two of Ben's knights fell under the table).",
        "2 Ritter von Ben (Rot) werden beiseitegelegt, aus dem Spiel.",
    ]
    en, de = said("31", 'correct counter=red.knights value=29 reason="one knight was found again"')
    assert de[1] == "1 beiseitegelegter Ritter von Ben (Rot) kommt zurück in die Hand."
    assert en[1] == "1 set-aside knight of Ben (Red) comes back into the hand."


def test_a_tile_corrected_kind_taken_back_added_and_moved():
    en, de = said("32", 'correct-tile x=0 y=0 kind=plain-village reason="it was a village all along"')
    assert en == [
        "Corrected by hand: the tile of Anna (Blue) at 0,0 is a plain-village, not a plain; the plain goes back to the "
        "pile (it was a village all along)."
    ]
    assert de == [
        "Von Hand berichtigt: Das Plättchen von Anna (Blau) bei 0,0 ist Ebene/Dorf, nicht Ebene; Ebene kommt "
        "zurück auf den Stapel (it was a village all along)."
    ]
    en, de = said("33", 'move-tile x=2 y=0 to-x=3 to-y=1 reason="the village lies east of the castle"')
    assert de == [
        "Von Hand berichtigt: Das Plättchen Ebene/Dorf bei 2,0 liegt in Wahrheit bei 3,1, mit seinen Rittern "
        "(the village lies east of the castle)."
    ]
    assert en == [
        "Corrected by hand: the plain-village tile at 2,0 really lies at 3,1, with its knights "
        "(the village lies east of the castle)."
    ]
    en, de = said("33", 'correct-tile x=3 y=1 kind=none reason="the village is still in Anna\'s pile"')
    assert de == [
        "Von Hand berichtigt: Das Plättchen Ebene/Dorf von Anna (Blau) bei 3,1 kommt zurück auf den Stapel, "
        "Ritter darauf zurück zu ihren Besitzern (the village is still in Anna's pile)."
    ]
    en, de = said("33", 'correct-tile blue x=2 y=0 kind=forest-town reason="Anna laid it without telling"')
    assert en == [
        "Corrected by hand: the forest-town tile of Anna (Blue) lies at 2,0, from the pile "
        "(Anna laid it without telling)."
    ]
    assert de == [
        "Von Hand berichtigt: Das Plättchen Wald/Stadt von Anna (Blau) liegt bei 2,0, vom Stapel "
        "(Anna laid it without telling)."
    ]


def test_a_stack_corrected_bottom_to_top():
    en, de = said("34", 'correct-stack x=1 y=0 stack=blue,red reason="Ben\'s march went on to 1,0"')
    assert de == [
        "Von Hand berichtigt: Die Ritter auf Ebene bei 1,0: unten Anna (Blau), oben Ben (Rot); vorher: unten "
        "Anna (Blau), oben Anna (Blau) (Ben's march went on to 1,0)."
    ]
    assert en == [
        "Corrected by hand: the knights on the plain at 1,0: bottom Anna (Blue), top Ben (Red); before: bottom "
        "Anna (Blue), top Anna (Blue) (Ben's march went on to 1,0)."
    ]
    en, de = said("34", 'correct-stack x=1 y=1 stack=none reason="nobody marched onto the mountains"')
    assert de == [
        "Von Hand berichtigt: Keine Ritter auf Gebirge bei 1,1; vorher: unten Ben (Rot), dann Ben (Rot), oben "
        "Ben (Rot) (nobody marched onto the mountains)."
    ]
    assert en == [
        "Corrected by hand: no knights on the mountains at 1,1; before: bottom Ben (Red), then Ben (Red), top "
        "Ben (Red) (nobody marched onto the mountains)."
    ]


def test_every_knight_of_a_stack_is_named_bottom_to_top_none_by_a_colour_in_lower_case():
    table = Table(cleo=True, names=("Anna", "blue", "Cleo"))
    table.do(
        LayTile("red", "plain", 0, 0),
        LayTile("red", "plain-village", 1, 0),
        LayTile("blue", "forest-village", 2, 0),
        LayTile("blue", "plain", 0, 1),
        LayTile("green", "plain", 0, 2),
        LayTile("green", "plain", 1, 1),
    )
    en, de = table.do(CorrectStack(1, 0, ("blue", "green", "red", "green"), "four knights"))
    assert en == [
        "Corrected by hand: the knights on the plain-village at 1,0: bottom Blue, then Cleo (Green), Anna (Red), "
        "top Cleo (Green); before: no knights (four knights)."
    ]
    assert de == [
        "Von Hand berichtigt: Die Ritter auf Ebene/Dorf bei 1,0: unten Blau, dann Cleo (Grün), Anna (Rot), "
        "oben Cleo (Grün); vorher: keine Ritter (four knights)."
    ]


def test_a_correction_after_the_end_counts_again_or_opens_the_game():
    en, de = said("35", 'correct-stack x=2 y=4 stack=blue reason="Anna\'s knight on the town was missed"')
    assert de[1:] == [
        "Nach der Berichtigung wird das Ende neu gezählt.",
        "Anna (Blau) gewinnt mit den meisten Punkten: 13.",
        "Ben (Rot): 10 Punkte.",
    ]
    assert en[1] == "The end is counted again after the correction."
    en, de = said("35", 'correct counter=red.knights value=19 reason="one of them turned up again"')
    assert de[-1] == "Anna (Blau) und Ben (Rot): je 10 Punkte; je 19 Ritter übrig: Gleichstand."
    en, de = said("35", 'correct-tile x=0 y=2 kind=none reason="the tiles at 0,2 and 1,3 were swapped"')
    assert de[1] == "Das Spiel geht weiter: Ben (Rot) hat wieder ein Plättchen und ist am Zug."
    assert en[1] == "The game goes on: Ben (Red) has a tile again and is next."
    en, de = said("35", 'correct-tile red x=0 y=2 kind=plain-village reason="the tiles at 0,2 and 1,3 were swapped"')
    assert de[1:] == [
        "Niemand im Spiel hat noch ein Plättchen: Das Spiel ist aus.",
        "Anna (Blau) gewinnt mit den meisten Punkten: 10.",
        "Ben (Rot): 8 Punkte.",
    ]


# ----------------------------------------------------------------------------- names and the game log


def test_a_name_that_repeats_the_colour_is_no_name():
    table = Table(names=("red", "Ben"))
    en, de = table.do(LayTile("red", "plain", 0, 0))
    assert en[0] == "Red lays a plain tile at 0,0."
    assert de[0] == "Rot legt Ebene bei 0,0."


def test_without_the_view_after_colours_only_and_the_plain_facts():
    _, events, _ = played("23")[-1]
    assert rendered(lines(events)) == (
        [
            "Red lays a forest-town tile at 5,6.",
            "That was the last tile of Red, and nobody in the game has one left: the game is over.",
            "Blue: 10 points.",
            "Red: 10 points.",
            "Red wins.",
        ],
        [
            "Rot legt Wald/Stadt bei 5,6.",
            "Das war das letzte Plättchen von Rot, und niemand im Spiel hat noch eins: Das Spiel ist aus.",
            "Blau: 10 Punkte.",
            "Rot: 10 Punkte.",
            "Rot gewinnt.",
        ],
    )
    _, events, _ = played("24")[-1]
    assert rendered(lines(events))[1][-1] == "Gleichstand zwischen Blau und Rot."
    _, events, _ = played("37")[-1]
    assert rendered(lines(events))[1][-1] == "Niemand gewinnt."
    (events,) = [events for text, events, _ in played("39") if text == "surrender red"]
    assert rendered(lines(events))[1] == [
        "Rot gibt auf: 0 Punkte und kein Sieg; Plättchen mit einem Ritter von Rot obenauf zählen für niemanden.",
        "Blau ist am Zug.",
    ]


def test_events_read_back_from_the_journal_say_the_same():
    for name in ("23", "24", "35"):
        for _, events, view in played(name):
            stored = json.loads(json.dumps(events))
            assert lines(stored, after=view) == lines(events, after=view)


SCENARIO_NAMES = sorted(p.name[:2] for p in SCENARIOS.glob("*.scn"))


@pytest.mark.parametrize("name", SCENARIO_NAMES)
def test_every_line_of_every_shipped_game_reads_in_both_languages(name):
    for text, events, view in played(name):
        for after in (view, None):
            texts = lines(events, after=after)
            assert texts or not events, text
            for line in texts:
                english, german = render(line, "en"), render(line, "de")
                assert english and german and english != german, (text, english)
                assert "{" not in english + german, (text, english, german)


@pytest.mark.parametrize("seed", range(12))
def test_seeded_play_with_corrections_reads_in_both_languages(seed):
    rng = random.Random(seed)
    history = new_history(rng.choice((2, 3, 4)), rng)
    state = history.state
    for _ in range(160):
        if state.phase == "over":
            command = correction(state, rng)
        elif rng.random() < 0.1:
            command = correction(state, rng) or legal_command(state, rng, surrender_rate=0.05)
        else:
            command = legal_command(state, rng, surrender_rate=0.02)
        if command is None:
            break
        events = GAME.decide(state, command)
        for event in events:
            state = GAME.evolve(state, event)
        texts = lines([GAME.public_event(e) for e in events], after=GAME.public_view(state))
        assert texts, command
        for line in texts:
            english, german = render(line, "en"), render(line, "de")
            assert english != german and "{" not in english + german, (command, english, german)


def test_every_event_of_the_engine_has_its_handler():
    types = {cls.__dataclass_fields__["type"].default for cls in typing.get_args(Event)}
    assert types == set(HANDLERS)


def test_the_home_names_its_happenings():
    assert part("raubritter", "happenings").lines is lines


def test_nothing_to_say_for_no_events():
    assert lines([]) == []


def test_every_correction_command_is_said_with_its_reason():
    table = Table()
    table.opening()
    for command in (
        Correct("blue.knights", 25, "reason one"),
        CorrectTile(0, 1, "mountains", "reason two"),
        MoveTile(0, 1, -1, 0, "reason three"),
        CorrectStack(-1, 0, ("red",), "reason four"),
        CorrectTile(-1, 0, None, "reason five"),
        CorrectTile(0, -1, "lake", "reason six", player="blue"),
        Surrender("red"),
    ):
        en, de = table.do(command)
        reason = getattr(command, "reason", None)
        if reason:
            assert en[0].startswith("Corrected by hand: ") and en[0].endswith(f"({reason}).")
            assert de[0].startswith("Von Hand berichtigt: ") and de[0].endswith(f"({reason}).")
