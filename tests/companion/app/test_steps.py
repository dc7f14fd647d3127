"""The step the start screen names counts the commands in play, as a save keeps them: undos and
redos do not make it jump, and a loaded save continues at the same step, which the words after
loading name too."""

from __future__ import annotations

import re

from tests.companion.app.ui import run_session


def _step(resume: str) -> int:
    match = re.fullmatch(r"Weiter: .+, Schritt (\d+)", resume)
    assert match, resume
    return int(match.group(1))


def test_the_start_screen_and_the_load_count_the_commands_in_play(tmp_path):
    seen = run_session("step-after-undo-and-load", tmp_path)
    before, after = seen["before"], seen["after"]
    assert before["head"] > before["commands"], "the scenario's undos and redos are entries of the journal"
    assert _step(seen["start_before"]) == before["commands"]
    assert seen["load_word"].startswith("Das Spiel davor ist gespeichert als "), seen["load_word"]
    loaded = re.search(r"vorher geladen: Schritt (\d+)\.$", seen["load_word"])  # the save's name, its step
    assert loaded and int(loaded.group(1)) == _step(seen["start_before"]), seen["load_word"]
    assert after["commands"] == before["commands"], "the save keeps every command in play"
    assert _step(seen["start_after"]) == after["commands"] == _step(seen["start_before"])
