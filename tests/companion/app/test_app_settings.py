"""The app's settings file: written atomically, read back the same, and a damaged or foreign file
set aside with the reason while the defaults are used; nothing is lost."""

from __future__ import annotations

import json

import pytest

from companion.app.settings import FILE, AppSettings, SettingsError, load, save


def test_saved_settings_come_back(tmp_path):
    settings = AppSettings(language="en", die="typed", digital_sack=False, screen="gluecksritter-board")
    settings.special_die = ("castle",) * 6
    save(tmp_path, settings)
    again, problem = load(tmp_path)
    assert problem is None and again == settings
    assert [p.name for p in tmp_path.iterdir()] == [FILE]  # no temporary file left behind


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[1, 2]",
        json.dumps({"language": "fr"}),
        json.dumps({"special_die": ["sack"] * 5}),
        json.dumps({"digital_sack": "yes"}),
        json.dumps({"screen": "../../etc"}),
        "[" * 100000,
        "\udcff",
    ],
)
def test_a_damaged_file_is_set_aside_and_the_defaults_used(tmp_path, text):
    (tmp_path / FILE).write_text(text, encoding="utf-8", errors="surrogateescape")
    settings, problem = load(tmp_path)
    assert settings == AppSettings()
    assert problem and "kept as app-settings.json.damaged" in problem
    assert (tmp_path / f"{FILE}.damaged").exists() and not (tmp_path / FILE).exists()


def test_keys_of_a_newer_version_are_left_alone(tmp_path):
    (tmp_path / FILE).write_text(json.dumps({"language": "en", "colour_scheme": "night"}), encoding="utf-8")
    settings, problem = load(tmp_path)
    assert problem is None and settings.language == "en"


def test_a_bad_value_is_never_written(tmp_path):
    settings = AppSettings()
    settings.die = "telepathy"
    with pytest.raises(SettingsError, match="die"):
        save(tmp_path, settings)
    assert not (tmp_path / FILE).exists()
