"""Typing by touch, in real windows (sessions in :mod:`tests.companion.app.typing_sessions`): names
typed on the new-game form's on-screen keyboard only by taps on its keys arrive in the game's setup
in the journal and in the BG Stats lines; an earlier game's name is offered and taken by a tap (and
not offered to a second seat); numbers are set on the keypad in a few taps, and a number out of
range is refused in words with nothing changed. At 800×480 and 1280×720, in German and English."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.companion.app.png import colours
from tests.companion.app.ui import run_process

SIZES = [("de", ""), ("en", "1280x720")]


def session(name: str, data: Path, *args: str) -> dict:
    import json
    import sys

    done = run_process(
        [sys.executable, "-m", "tests.companion.app.typing_sessions", name, str(data), *args], f"session {name}"
    )
    assert done.returncode == 0, f"session {name} failed ({done.returncode}):\n{done.stderr[-4000:]}"
    return json.loads(done.stdout.strip().splitlines()[-1])


def drawn(paths: list[str]) -> None:
    for path in paths:
        assert Path(path).exists() and colours(Path(path)) > 1, f"{path} is not a drawn screen"


@pytest.mark.parametrize(("language", "size"), SIZES, ids=["de-800x480", "en-1280x720"])
def test_names_typed_by_taps_reach_the_journal_and_bg_stats(tmp_path, language, size):
    seen = session("names", tmp_path, language, *([size] if size else []))
    assert seen["window"] == ([1280, 720] if size else [800, 480])
    # no keyboard until a name field has the focus; then it is docked below the field, the
    # buttons at the foot give it their place, and its keys are big enough for a finger
    assert seen["hidden_before"] and seen["focused"] and seen["buttons_hidden"]
    assert all(width >= 48 and height >= 48 for width, height in seen["key_sizes"]), seen["key_sizes"]
    assert seen["offers_first_game"] == []  # an empty journal has no names to offer

    # "Jörg" in four taps: the first letter a capital by itself, ö a key of its own
    assert seen["typed"] == "Jörg" and seen["typed_taps"] == 4
    assert not seen["focus_after_done"] and seen["names_gluecksritter"] == {"red": "Jörg"}

    # the earlier game's name offered and taken by a tap; not offered to the next seat
    assert seen["offers_green"] == ["Jörg"] and seen["green_taken"] == "Jörg"
    assert "Jörg" not in seen["offers_red"]
    # a capital after a hyphen by itself, ⌫ takes a letter back, ⇧ tapped twice types nothing
    assert seen["capital_first"] and seen["capital_after_hyphen"]
    assert seen["shift_tapped"] == [True, False]
    assert seen["typed_red"] == "Eva-Lotte" and seen["moved_still_shown"]
    assert seen["names_schatzjagd"] == {"green": "Jörg", "red": "Eva-Lotte"}

    glueck, schatz = seen["games"]
    assert glueck["game"] == "gluecksritter" and glueck["config_names"] == {"red": "Jörg"}
    assert glueck["exported"][0] == "Jörg"
    assert schatz["config_players"] == [{"name": "Jörg", "colour": "green"}, {"name": "Eva-Lotte", "colour": "red"}]
    assert schatz["exported"] == ["Jörg", "Eva-Lotte"]
    drawn(seen["shots"])


REFUSALS = {"de": "25 geht hier nicht: von 2 bis 20.", "en": "25 is not possible here: from 2 to 20."}
POWER = {"de": "Kampfkraft", "en": "Power"}


@pytest.mark.parametrize(("language", "size"), SIZES, ids=["de-800x480", "en-1280x720"])
def test_numbers_are_set_on_the_keypad_in_a_few_taps(tmp_path, language, size):
    seen = session("numbers", tmp_path, language, *([size] if size else []))
    # a monster's power of 12: the number, 1, 2, OK
    assert seen["keypad_title"] == POWER[language]
    assert "±" not in seen["keypad_keys"]  # the power is never below zero
    assert seen["power"] == 12 and seen["power_taps"] == 4 and seen["power_shown"] == "12"
    # 25 refused in words; the keypad stays open and the power stays 12, also after "Cancel"
    assert seen["refusal"] == REFUSALS[language] and seen["still_open"]
    assert seen["power_after_refusal"] == 12 and seen["power_after_cancel"] == 12
    # a trap of −12: the number, 1, 2, OK, and its sign
    assert seen["trap_taps"] == 5 and seen["trap"] == [["life", "sub", 12]]
    # a stepper that goes below zero: ±, 1, 2 on the keypad; a short range keeps its plain number
    assert "±" in seen["below_keys"]
    assert seen["below"] == -12 and seen["below_taps"] == 5 and seen["below_shown"] == "−12"
    assert not seen["short_is_button"]
    drawn(seen["shots"])
