"""The app's settings file: written atomically, read back the same; each game's own settings kept
under ``games``; keys this version does not know kept and written back; every value that cannot be
used said in the table's language, its default used instead and the file as it was set aside:
nothing is lost."""

from __future__ import annotations

import json

import pytest

from companion.app.settings import FILE, AppSettings, SettingsError, load, save
from companion.i18n import render


def test_saved_settings_come_back(tmp_path):
    settings = AppSettings(language="en", die="typed", screen="gluecksritter-board")
    settings.games["gluecksritter"] = {"digital_sack": False, "special_die": ["castle"] * 6}
    save(tmp_path, settings)
    again, problems = load(tmp_path)
    assert problems == [] and again == settings
    assert [p.name for p in tmp_path.iterdir()] == [FILE]  # no temporary file left behind


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "[" * 100000, "\udcff"])
def test_a_file_that_cannot_be_read_is_set_aside_and_the_defaults_used(tmp_path, text):
    (tmp_path / FILE).write_text(text, encoding="utf-8", errors="surrogateescape")
    settings, problems = load(tmp_path)
    assert settings == AppSettings()
    assert len(problems) == 1
    english, german = render(problems[0], "en"), render(problems[0], "de")
    assert "the file is kept as app-settings.json.damaged" in english
    assert "Die Einstellungen der App ließen sich nicht lesen" in german and "app-settings.json.damaged" in german
    assert (tmp_path / f"{FILE}.damaged").exists() and not (tmp_path / FILE).exists()


def test_each_value_that_cannot_be_used_is_listed_and_the_others_kept(tmp_path):
    data = {"language": "fr", "die": "typed", "screen": "../../etc", "games": {"gluecksritter": {"x": 1}}}
    (tmp_path / FILE).write_text(json.dumps(data), encoding="utf-8")
    settings, problems = load(tmp_path)
    assert (settings.language, settings.die, settings.screen) == ("de", "typed", "start")
    assert settings.games == {"gluecksritter": {"x": 1}}  # the game checks its own
    german = [render(problem, "de") for problem in problems]
    assert german == [
        "Die Einstellung language der App war nicht zu gebrauchen und steht wieder auf ihrem Anfangswert.",
        "Die Einstellung screen der App war nicht zu gebrauchen und steht wieder auf ihrem Anfangswert.",
        "Die Datei, wie sie war, liegt jetzt unter app-settings.json.damaged.",
    ]
    assert json.loads((tmp_path / f"{FILE}.damaged").read_text()) == data


def test_keys_of_another_version_are_kept_and_written_back(tmp_path):
    older = {"language": "en", "digital_sack": False, "special_die": ["castle"] * 6, "colour_scheme": "night"}
    (tmp_path / FILE).write_text(json.dumps(older), encoding="utf-8")
    settings, problems = load(tmp_path)
    assert problems == [] and settings.language == "en"
    assert settings.older == {"digital_sack": False, "special_die": ["castle"] * 6, "colour_scheme": "night"}
    save(tmp_path, settings)
    written = json.loads((tmp_path / FILE).read_text())
    assert {key: written[key] for key in older} == older


def test_a_bad_value_is_never_written(tmp_path):
    settings = AppSettings()
    settings.die = "telepathy"
    with pytest.raises(SettingsError, match="die"):
        save(tmp_path, settings)
    assert not (tmp_path / FILE).exists()
