"""The games' registry: every game has one home whose engine and parts load and fit together, an
unknown name is a clear error, and looking games up loads no engine."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.registry import HOMES, PACKAGES, UnknownGame, engine, home, part

ROOT = Path(__file__).resolve().parents[3]


def test_every_package_declares_one_home_named_after_its_engine() -> None:
    assert list(HOMES) == list(PACKAGES)
    for name, game_home in HOMES.items():
        assert game_home.name == name == engine(name).name
        assert game_home.engine == f"engines.{name}"
        assert game_home.title


@pytest.mark.parametrize("name", PACKAGES)
def test_the_parts_load_and_speak_of_the_same_game(name: str) -> None:
    scenario = part(name, "scenario")
    assert scenario.GAME is engine(name)
    assert all(callable(getattr(scenario, f)) for f in ("build_setup", "build_command", "probe"))
    words = part(name, "table_words")
    assert callable(words.lines) and isinstance(words.ROLLS, dict)
    assert callable(part(name, "bgstats").results)
    for declared in ("table", "screens", "help"):
        if getattr(home(name), declared) is None:
            with pytest.raises(LookupError, match=f"has no {declared} part"):
                part(name, declared)
        else:
            assert part(name, declared).__name__ == getattr(home(name), declared)


def test_an_unknown_game_or_part_is_a_clear_error() -> None:
    with pytest.raises(UnknownGame, match="no game 'chess'; games: gluecksritter, raubritter, schatzjagd"):
        home("chess")
    with pytest.raises(LookupError, match="a game has no part 'rules'"):
        part("raubritter", "rules")


def test_looking_games_up_loads_no_engine_and_no_model() -> None:
    code = (
        "import sys\n"
        "from companion.games.registry import HOMES, home\n"
        "assert [home(name).title for name in HOMES]\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('engines', 'pydantic'))\n"
        "print(','.join(loaded))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "engines,engines.core,engines.core.errors"  # the project's error base only
