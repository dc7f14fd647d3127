"""The settings screen: the language switches at once on every screen, without a restart, and is
kept for the next start; ``--dice emulator`` gives a serial die that the screen can throw."""

from __future__ import annotations

import json

from tests.companion.app.ui import run_session


def test_the_language_switches_without_a_restart(tmp_path):
    seen = run_session("language", tmp_path)
    assert "New game" in seen["before"] and "Neues Spiel" not in seen["before"]
    assert "Einstellungen" in seen["settings"] and "Zurück" in seen["settings"]
    assert "Neues Spiel" in seen["after"] and "New game" not in seen["after"]
    assert json.loads((tmp_path / "app-settings.json").read_text())["language"] == "de"


def test_the_emulated_serial_die_settles_the_duel(tmp_path):
    result = run_session("emulated-die", tmp_path)
    assert result["rolls"] == result["throws"] >= 2  # red and blue duel; every throw was one roll


def test_hardware_that_cannot_be_opened_is_said_and_the_game_goes_on(tmp_path):
    seen = run_session("broken-hardware", tmp_path)
    assert "The hardware cannot be used: GPIO17 is busy" in seen["word"]
    assert seen["status"].startswith("No panel: choose on the screen")
    assert "Enter the Ducat card" in seen["texts"]


def test_die_gluecksritter_settings_say_new_games_and_the_running_games_own_choices(tmp_path):
    for language, words in (
        (
            "de",
            {
                "title": "Neue Spiele: Die Glücksritter",
                "note": "Für neue Spiele; ein laufendes Spiel bleibt, wie es begann.",
                "game": "Dieses Spiel: digitaler Sack, Sonderwürfel 4 × Sack und 2 × Burg, eigene Dokumentkarten",
                "live": "Sofort, auch im laufenden Spiel:",
                "cards": ("Wo die Aktionskarten gewählt werden", "Am Pult", "Am Bildschirm"),
                "press": "Die Karten werden jetzt am Bildschirm gewählt: Die Tasten des Pults zählen nicht.",
            },
        ),
        (
            "en",
            {
                "title": "New games: Die Glücksritter",
                "note": "For new games; a game running keeps what it began with.",
                "game": "This game: the digital sack, special die 4 × sack and 2 × castle, our own document cards",
                "live": "At once, in the game running too:",
                "cards": ("Where the action cards are chosen", "on the panel", "on the screen"),
                "press": "The cards are chosen on the screen now: the panel's buttons are not used.",
            },
        ),
    ):
        seen = run_session("gluecksritter-settings-playing", tmp_path / language, language)
        assert seen["title"] == words["title"]
        assert f"{words['note']}\n{words['game']}" in seen["shown"], seen["shown"]
        shown = seen["shown"]
        assert shown.index(words["live"]) > shown.index(words["note"] + "\n" + words["game"])
        assert all(word in shown for word in words["cards"]), shown
        assert shown.index(words["cards"][0]) > shown.index(words["live"])  # apart from the new games' switches
        assert seen["stored"]["cards_on_panel"] is False and seen["stored"]["digital_sack"] is False
        assert seen["game_sack"] is True  # the game running keeps its own sack
        assert seen["panel"] == "connected"
        assert seen["press"] == words["press"]
        assert seen["choosing_on_panel"] == [] and all(seen["cover_offered"])  # behind the cover, by touch
        assert seen["chosen_on_screen"] is True
