"""The bar and the lines around the screen in a real window at 800×480, in German: the bar's
buttons keep their places while the bottom line comes, goes and says something long (the line
keeps its height and fits the text whole); a refusal is gone once the next step is taken; a
journey's die that fell on the screen is not rolled again, a face tapped from a real die may be
tapped again; Schatzjagd's status line names no panel."""

from __future__ import annotations

import json
import sys

from tests.companion.app.ui import run_process


def bar_session(tmp_path, name: str) -> dict:
    args = [sys.executable, "-m", "tests.companion.app.bar_sessions", name, str(tmp_path)]
    done = run_process(args, f"session {name}")
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_bar_stays_the_lines_keep_their_place_and_a_fallen_die_stands(tmp_path):
    seen = bar_session(tmp_path, "bar-stays")
    places = [
        [(text, pos, size) for text, pos, size, _font, _words in seen[key]]
        for key in ("bar_without", "bar_refused", "bar_long")
    ]
    assert places[0] == places[1] == places[2], "no bar button moves while the bottom line comes, goes or grows"
    for _text, _pos, size, _font, words in seen["bar_without"]:
        assert min(size) >= 48, "a finger's height"
        assert words[0] <= size[0] and words[1] <= size[1], "the words fit their button"
    assert [text for text, *_ in seen["bar_without"]] == [
        "Protokoll", "Meine Schätze", "Korrigieren", "Hilfe", "Einstellungen", "Menü"
    ]  # fmt: skip

    without, refused, long = seen["line_without"], seen["line_refused"], seen["line_long"]
    assert without["height"] == refused["height"] == long["height"] == 48
    assert refused["refusal"] and refused["shown"] == "Anna (Rot) ist am Zug, Blau kann jetzt nicht den Zug beenden"
    assert long["shown"] == long["word"] and not long["cut"], "a long refusal is shown whole, in a smaller font"
    assert long["font"] < refused["font"] and long["texture"][1] <= long["height"]

    assert "Pult" not in seen["status"], "Schatzjagd uses no panel"
    assert seen["status"].startswith("Würfel: am Bildschirm")

    # a refusal is gone at the next step; a die that fell on the screen is not rolled again
    after = seen["line_after_roll"]
    assert not after["refusal"] and after["word"].startswith("Anna (Rot) hat ")
    assert seen["options_screen_roll"] == ["Wo der Scherge steht"], "no second roll of a die that fell"
    assert seen["cancel_screen_roll"] is False and seen["kept_source"] == "screen"
    assert seen["options_typed"] == ["Wo der Scherge steht", "Falsch getippt: neu tippen"]
    assert not seen["line_after_again"]["refusal"]
    assert [text for text in seen["options_after_again"] if text.isdigit()] == ["1", "2", "3", "4", "5", "6"]
