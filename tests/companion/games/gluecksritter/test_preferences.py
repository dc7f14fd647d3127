"""Die Glücksritter's own settings: the sack and the special die, adopted from an older app's
settings file until the game stores its own; a value that cannot be used is said and replaced by
its default."""

from __future__ import annotations

from companion.games.gluecksritter.screens.preferences import DEFAULTS, read
from companion.i18n import render

CASTLES = ["castle"] * 6


def test_nothing_stored_gives_the_box():
    assert read(None, {}) == (DEFAULTS, [])


def test_an_older_file_is_adopted_until_the_game_stores_its_own():
    settings, problems = read(None, {"digital_sack": False, "special_die": CASTLES, "language": "en"})
    assert settings == DEFAULTS | {"digital_sack": False, "special_die": CASTLES} and problems == []
    settings, _ = read({"digital_sack": True}, {"digital_sack": False, "special_die": CASTLES})
    assert settings == DEFAULTS | {"digital_sack": True}


def test_the_documents_and_the_table_check_are_switches():
    settings, problems = read({"real_documents": False, "table_check": False}, {})
    assert settings == DEFAULTS | {"real_documents": False, "table_check": False} and problems == []
    settings, problems = read({"real_documents": "cards", "table_check": 1}, {})
    assert settings == DEFAULTS and len(problems) == 2


def test_a_value_that_cannot_be_used_is_said_and_its_default_used():
    settings, problems = read({"digital_sack": "yes", "special_die": ["sack"] * 5}, {})
    assert settings == DEFAULTS
    said = "Die Glücksritter: Die Einstellung {} war nicht zu gebrauchen und steht wieder auf ihrem Anfangswert."
    assert [render(p, "de") for p in problems] == [said.format("digital_sack"), said.format("special_die")]


def test_where_the_cards_are_chosen_is_a_switch_on_the_panel_by_default():
    assert DEFAULTS["cards_on_panel"] is True
    settings, problems = read({"cards_on_panel": False}, {})
    assert settings == DEFAULTS | {"cards_on_panel": False} and problems == []
    settings, problems = read({"cards_on_panel": "screen"}, {})
    assert settings == DEFAULTS and len(problems) == 1


def test_the_running_games_own_choices_in_a_line():
    from companion.games.gluecksritter.screens.preferences import this_game

    view = {"digital_sack": False, "special_die": ["sack"] * 3 + ["castle"] * 3, "real_documents": True}
    assert render(this_game(view), "de") == (
        "Dieses Spiel: echter Sack, Sonderwürfel 3 × Sack und 3 × Burg, eigene Dokumentkarten"
    )
    view = {"digital_sack": True, "special_die": ["sack"] * 4 + ["castle"] * 2, "real_documents": False}
    assert render(this_game(view), "en") == (
        "This game: the digital sack, special die 4 × sack and 2 × castle, the app's documents"
    )
