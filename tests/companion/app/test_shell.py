"""The shell every game shares, in real windows: a running game the screen cannot show never stops
the app (nor a journal holding another companion's game); nothing is thrown away by one tap; a
question the game stops asking closes itself; changing a setting keeps the picks locked in; the
bottom line follows the language and a new game; a data folder that cannot be written is said."""

from __future__ import annotations

import pytest

from tests.companion.app.ui import run_session

UNSHOWN = {
    "raubritter": "raubritter/16-undo-redo-tile-and-march.scn",
    "schatzjagd": "schatzjagd/21-duel-to-the-death.scn",
}
TITLES = {"raubritter": "Raubritter", "schatzjagd": "Schatzjagd"}


@pytest.mark.parametrize("game", sorted(UNSHOWN))
def test_a_running_game_without_screens_opens_the_start_screen(tmp_path, game):
    seen = run_session("unshown-game", tmp_path, game, UNSHOWN[game])
    start = "\n".join(seen["start"])
    assert f"The running game, {TITLES[game]}, cannot be shown on this screen yet." in start
    assert seen["resume_disabled"]
    assert f"{TITLES[game]} cannot be played on this screen yet; the save stays as it is." in seen["load_word"]
    assert seen["screen_after_load"] == "saves"
    assert seen["after"]["screen"] == "gluecksritter-board"
    assert seen["after"]["word"].startswith("The game before is saved as ")
    before, after = seen["entries_before_after"]
    assert before == after, "the game itself stays as it was"
    assert [game_name for _name, game_name in seen["saves"]].count(game) == 2  # "before", and the one made now
    assert seen["games"] == [game, "gluecksritter"]


def test_a_game_of_another_companion_is_named_and_a_new_game_begins(tmp_path):
    seen = run_session("foreign-game", tmp_path)
    assert seen["problem"] == "None"
    assert any("Das laufende Spiel, muehle, kann dieser Bildschirm noch nicht zeigen." in t for t in seen["start"])
    assert seen["screen"] == "gluecksritter-board"


def test_a_question_the_game_no_longer_asks_closes_itself(tmp_path):
    seen = run_session("follows-the-game", tmp_path)
    assert seen == {
        "open": "PayDialog",
        "after_move": "Shell",
        "green_open": "PayDialog",
        "after_one_undo": "PayDialog",
        "after_undo": "Shell",
    }


def test_switching_the_die_keeps_the_picks_locked_in(tmp_path):
    seen = run_session("die-switch-keeps-picks", tmp_path)
    assert seen["before"] == seen["after"] == ["red", "blue"]
    assert seen["leds"] == [True, True, False, False]
    assert seen["picks_entered"] == 4


def test_the_bottom_line_follows_the_language_and_the_new_game(tmp_path):
    seen = run_session("words-follow-the-language", tmp_path)
    assert seen["refused"] and seen["refusal_en"] and seen["refusal_de"] != seen["refusal_en"]
    assert "fields 1 to 3" in seen["refusal_en"] and "Felder 1 bis 3" in seen["refusal_de"]
    assert not seen["new_game_refusal"] and seen["refusal_de"] not in seen["new_game_word"]
    assert seen["whole"] == "MessageDialog"


def test_a_data_folder_that_cannot_be_written_is_said_and_nothing_written(tmp_path):
    seen = run_session("read-only", tmp_path)
    assert seen["screen"] == "start"
    assert any("lässt sich nicht schreiben (der Datenträger ist schreibgeschützt)" in t for t in seen["start"])
    assert seen["word"] == (
        "Das Protokoll ließ sich nicht speichern: Sein Ordner ist schreibgeschützt. "
        "Von diesem Schritt wurde nichts übernommen."
    )
    assert seen["unchanged"] and not seen["settings_written"]


def test_a_data_folder_that_cannot_be_made_is_found_before_the_window_opens(tmp_path):
    from companion.app.run import unwritable

    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert unwritable(blocker / "data") == "Not a directory"
    assert unwritable(tmp_path / "data") is None and (tmp_path / "data" / "kivy").is_dir()


@pytest.mark.parametrize("seed", [11, 29])
def test_random_touches_and_presses_leave_no_question_open_that_is_not_asked(tmp_path, seed):
    seen = run_session("monkey", tmp_path, str(seed), "500")
    assert seen["stale"] == 0
    assert seen["taps"] > 200 and seen["presses"] > 50
    assert "gluecksritter-board" in seen["screens"] and len(seen["screens"]) >= 4
    assert seen["entries"] > 3, "the game moved on"


def test_every_problem_of_the_settings_file_is_said_and_can_be_read_whole(tmp_path):
    seen = run_session("damaged-settings", tmp_path)
    said = "Die Einstellung {} der App war nicht zu gebrauchen und steht wieder auf ihrem Anfangswert."
    assert seen["dialog"] == "MessageDialog"
    assert seen["lines"] == [
        said.format("die"),
        said.format("screen"),
        "Die Datei, wie sie war, liegt jetzt unter app-settings.json.damaged.",
    ]
    assert seen["word"].startswith(said.format("die"))
