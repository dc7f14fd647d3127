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
    assert settings == {"digital_sack": False, "special_die": CASTLES} and problems == []
    settings, _ = read({"digital_sack": True}, {"digital_sack": False, "special_die": CASTLES})
    assert settings == {"digital_sack": True, "special_die": DEFAULTS["special_die"]}


def test_a_value_that_cannot_be_used_is_said_and_its_default_used():
    settings, problems = read({"digital_sack": "yes", "special_die": ["sack"] * 5}, {})
    assert settings == DEFAULTS
    said = "Die Glücksritter: Die Einstellung {} war nicht zu gebrauchen und steht wieder auf ihrem Anfangswert."
    assert [render(p, "de") for p in problems] == [said.format("digital_sack"), said.format("special_die")]
