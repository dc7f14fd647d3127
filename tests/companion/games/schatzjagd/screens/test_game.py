"""Schatzjagd at the table, in real windows: a whole game by touches and die faces into a real
journal until a victory; nothing the players can read pairs a face-down card with the prince who
slotted it (rule 13.4); and a power cut in the middle of a fight."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.journal.session import Session
from companion.journal.store import Journal
from tests.companion.app.ui import killed_when_ready, run_session


def _without_times(log):
    return [{key: value for key, value in entry.items() if key != "at"} for entry in log]


@pytest.mark.parametrize(
    ("session", "args"),
    [("schatzjagd-whole-game", ("0",)), ("schatzjagd-whole-game-four", ())],
    ids=["two-princes", "four-princes-by-what-is-shown"],
)
def test_a_whole_game_by_touch_ends_in_a_victory_in_the_journal(tmp_path, session, args):
    played = run_session(session, tmp_path / "game", *args)
    if session.endswith("four"):
        assert played["players"] == ["red", "blue", "green", "yellow"]
    fight = played["first_fight"]
    assert fight["fight"]["henchman"] == "red" and fight["fight"]["monster_power"] == 3
    assert "Kampf: Anna (Rot) gegen den Unhold (Kampfkraft 3, Leben 15 von 15)." in fight["prompt"]
    assert played["exchanges"] == 3  # 15 life, 6 lost an exchange: dead in the third
    assert played["died"]["deaths"] == 1 and played["died"]["place"] == "castle-red" and played["died"]["life"] == 15
    assert played["blue_gold"] == 7  # 5 and the inn's 2
    assert (played["over"], played["winner"]) == ("over", "red")
    assert any("Anna (Rot) hat gewonnen" in text for text in played["end_screen"])
    assert any("Anna (Rot) gewinnt" in text for text in played["result_screen"])  # the result came first

    journal = Journal.open(Path(played["journal"]), create=False)
    try:
        game = journal.games()[-1]
        assert game.game == "schatzjagd" and game.finished is not None and game.head == played["entry"]
        session = Session.open(journal, game.id)
        assert session.state.phase == "over" and session.state.winner == "red"
        kinds = [entry.command["type"] for entry in journal.entries(game.id) if entry.kind == "command"]
        for command in ("travel", "place-card", "reveal", "exchange", "inn", "dig", "hide-treasure"):
            assert command in kinds, command
    finally:
        journal.close()


def test_nothing_the_table_reads_pairs_a_face_down_card_with_its_prince(tmp_path):
    """The same game twice, the two princes' cards slotted into each other's fields: just before
    the last step the screens, the game log screen, the public view and the log read the same, so
    nothing in them tells who slotted the card still face down (rule 13.4, no notes)."""
    plain = run_session("schatzjagd-whole-game", tmp_path / "plain", "0")["seen"]
    swapped = run_session("schatzjagd-whole-game", tmp_path / "swapped", "1")["seen"]
    assert [card for card in plain["view"]["board"] if card["face_down"]] == [{"field": "E5", "face_down": True}]
    assert plain["screen"] == swapped["screen"]
    assert plain["log_screen"] == swapped["log_screen"]
    assert plain["view"] == swapped["view"]
    assert _without_times(plain["log"]) == _without_times(swapped["log"])
    placed = [e for entry in plain["log"] for e in entry["events"] if e["type"] == "card-placed"]
    assert placed == [{"type": "card-placed", "player": "red"}, {"type": "card-placed", "player": "blue"}]


def test_killed_in_the_middle_of_a_fight_it_opens_at_the_same_exchange_with_its_first_die(tmp_path):
    before = killed_when_ready("schatzjagd-until-killed", tmp_path)
    assert before["fight"]["exchanges"] == 1 and before["fight"]["monster_life"] == 13
    assert "würfelt für den Unhold" in before["prompt"]  # the first die of the next exchange was rolled
    after = run_session("schatzjagd-restarted", tmp_path)
    assert after["screen"] == "schatzjagd-table"
    assert after["entry"] == before["entry"]
    assert after["fight"] == before["fight"]  # the same fight, at the same exchange
    assert after["roll_for"] == "blue"  # the half-rolled exchange goes on: Anna's 5 was kept
    assert "würfelt für den Unhold" in after["prompt"]
    assert "der Wurf davor gilt weiter: 5" in after["word"]  # and the bottom line says so
    assert after["written"] == {"type": "exchange", "player": "red", "die": 5, "opponent_die": 1}
    assert after["after"]["exchanges"] == 2
