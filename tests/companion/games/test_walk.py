"""The game log names the players as the screens do: it has no view after each old step, so each
game's happenings take the players' given names (``people``) and name a player "Anna (Red)" where
the name was given, "Red" where none was. Nothing else in a line changes by it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.registry import part
from companion.i18n import render
from tests.companion.games.played import played

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
GAMES = {
    "gluecksritter": ("engines.gluecksritter", "companion.games.gluecksritter.scenario"),
    "raubritter": ("engines.raubritter", "companion.games.raubritter.scenario"),
    "schatzjagd": ("engines.schatzjagd", "companion.games.schatzjagd.scenario"),
}


GIVEN = ("Anna", "Ben", "Cleo", "Dana", "Emil", "Fritz")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_game_log_names_players_as_the_screens_do(game):
    import importlib

    engine = importlib.import_module(GAMES[game][0]).GAME
    scenario = importlib.import_module(GAMES[game][1])
    happenings = part(game, "happenings")
    found = sorted((SCENARIOS / game).glob("*.scn"))[:8]
    named_lines = 0
    for path in found:
        for _text, events, view in played(path, engine, scenario.build_setup, scenario.build_command):
            colours = [p["colour"] for p in view["players"]]
            people = {colour: (GIVEN[i] if i % 2 == 0 else None) for i, colour in enumerate(colours)}  # some unnamed
            plain = [render(t, "en") for t in happenings.lines(list(events))]
            logged = [render(t, "en") for t in happenings.lines(list(events), people=people)]
            undone = []
            for line in logged:
                for colour, name in people.items():
                    if name:
                        line = line.replace(f"{name} ({colour.capitalize()})", colour.capitalize())
                undone.append(line)
            assert undone == plain  # only the players' names are added
            named_lines += sum(
                any(name and f"{name} ({colour.capitalize()})" in line for colour, name in people.items())
                for line in logged
            )
    assert named_lines > 0
