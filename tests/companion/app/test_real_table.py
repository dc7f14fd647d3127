"""Die Glücksritter as a real table plays it, in real windows, by touch (sessions in
``documents_sessions.py``): the card drawn from the table's own deck is entered behind the privacy
cover and never named on the board; played from the private view, its effect is entered there as
what it moves; a purchase and a ransom the player cannot pay are greyed with the reason and a
finger on them writes nothing; at the end of a round the table check comes by itself, and a count
and a hand that differ are written as corrections with the reason "table check"."""

from __future__ import annotations

import pytest

from tests.companion.app import png
from tests.companion.app.ui import run_session

NAMES = {"en": ("Gift", "Red seal", "Yellow seal"), "de": ("Geschenke", "Rotes Siegel", "Gelbes Siegel")}


def not_flat(path) -> None:
    assert png.colours(path, 20) >= 5, f"{path.name} is one flat colour"


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_real_card_is_entered_behind_the_cover_and_played_with_its_effect(tmp_path, language):
    seen = run_session("real-card", tmp_path, language)
    gift, red, yellow = NAMES[language]
    assert seen["real"] is True and seen["cover"] == "EntryCover"
    assert not any(name in text for text in seen["before_show"] for name in NAMES[language])
    offered = [text.split("\n")[0] for text in seen["offered"]]
    assert offered == [f"[b]{gift}[/b]", f"[b]{red}[/b]", f"[b]{yellow}[/b]"]
    assert all("\n[size=" in text for text in seen["offered"]), "each card says what it does"
    assert not any(yellow in text or "yellow-seal" in text for text in seen["board"]), "the board names no card"
    assert seen["hand"] == ["yellow-seal"]
    assert any(text.startswith(f"[b]{yellow}[/b]\n") for text in seen["private"])
    assert seen["enter_greyed"] is True, "nothing entered yet: the effect cannot be entered"
    assert seen["enter_open"] is True
    assert seen["red_after"] == seen["red_before"] + 2
    take, play, apply = seen["commands"][-3:]
    assert (take["type"], take["player"], take["document"], take["payment"]) == (
        "take-document",
        "red",
        "yellow-seal",
        None,
    )
    assert (play["type"], play["document"]) == ("play-document", "yellow-seal")
    assert apply == {
        "type": "apply-document",
        "player": "red",
        "document": "yellow-seal",
        "moves": [{"source": "sack", "target": "red", "coins": {"silver": 2, "gold": 0}, "walls": 0, "towers": 0}],
    }
    assert seen["refused_after"] == [], "every button tapped was one the rules allow"
    not_flat(tmp_path / "entry.png")
    not_flat(tmp_path / "private.png")


def test_what_a_player_cannot_pay_is_greyed_with_the_reason_and_a_finger_on_it_writes_nothing(tmp_path):
    seen = run_session("greyed", tmp_path)
    assert seen["ransom"] == [
        ["Green pays the ransom\nGreen cannot pay 4 Ducats for ransom (holds 3 silver and 0 gold)", False]
    ]
    before, after = seen["ransom_entries"]
    assert before == after
    assert seen["field2"] == [
        ["Blue buys 2 walls\nBlue cannot pay 8 Ducats for 2 walls (holds 2 silver and 2 gold)", False]
    ]
    before, after = seen["field2_entries"]
    assert before == after
    assert seen["walls"] == 1, "the purchase blue can pay is still offered, and taken"
    not_flat(tmp_path / "greyed.png")


def test_the_table_check_at_the_end_of_a_round_corrects_a_count_and_a_hand(tmp_path):
    seen = run_session("table-check", tmp_path)
    assert seen["round"] == 2
    assert seen["check"][:8] == [
        "Tischprüfung vor Runde 2",
        "Liegt das so auf dem Tisch? Tippe auf eine Zahl, die nicht stimmt.",
        "Silber",
        "Gold",
        "Mauern",
        "Türme",
        "Dokumente",
        "Verlies",
    ]
    assert seen["blue_silver"] == "2"
    assert seen["write_greyed_unchanged"] is True, "the same number is no correction"
    assert seen["after_silver"] == 3 and seen["back_to_overview"]
    assert seen["cover"] == "HandCover" and seen["cover_texts"][0] == "Jetzt schaut nur Rot"
    assert seen["red_documents"] == 1 and seen["closed"]
    assert seen["same_check"]  # the board keeps one check
    assert seen["check_english"][:3] == [
        "Table check before round 2",
        "Does the table show this? Tap a number that differs.",
        "Silver",
    ]
    assert seen["blue_silver_again"] == "3"  # its numbers as they stand now
    count, hand = seen["commands"][-2:]
    assert count == {"type": "correct", "counter": "blue.silver", "value": 3, "reason": "Tischprüfung"}
    assert hand == {"type": "correct-hand", "player": "red", "documents": ["gift"], "reason": "Tischprüfung"}
    assert "   Von Hand korrigiert: Silber von Blau von 2 auf 3 (Tischprüfung)." in seen["log"]
    assert "   Von Hand korrigiert: Dokumente von Rot von 0 auf 1 (Tischprüfung)." in seen["log"]
    assert not any("Geschenke" in text for text in seen["log"]), "the log counts the hand, never names a card"
    not_flat(tmp_path / "check.png")
    not_flat(tmp_path / "check-again.png")


def test_the_tables_own_card_list_is_read_from_a_stick_by_touch_and_new_games_take_it(tmp_path):
    seen = run_session("card-list", tmp_path)
    assert seen["before"] == ["Card list: the shipped one (Gift, Red seal and Yellow seal)"]
    assert seen["dialog"] == "CardListDialog"
    assert "broken.toml" in seen["files"] and "ours.toml" in seen["files"]
    assert seen["refused"].startswith("This card list cannot be used: ") and "counts 24 cards" in seen["refused"]
    assert seen["closed"] and seen["word"] == "Card list ours.toml read: 2 kinds of card; new games take it."
    assert seen["after"][0] == "Card list: our own, 2 kinds of card (Tithe and Levy)"
    assert [entry["id"] for entry in seen["stored"]] == ["tithe", "levy"]
    assert seen["stored"][0]["moves"] == [{"from": "sack", "to": "holder", "silver": 2}]
    assert seen["catalogue"] == {"tithe": {"de": "Zehnt", "en": "Tithe"}, "levy": {"de": "Abgabe", "en": "Levy"}}
    assert (seen["from"], seen["to"], seen["silver"]) == (["Sack"], ["Red"], 2), "the list's move, offered first"
    assert seen["gained"] == 2
