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
