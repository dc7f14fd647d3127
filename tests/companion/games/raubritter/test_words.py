"""Raubritter's table words are catalogue messages: the table renders them in German or English,
the journal and the command line keep English."""

from __future__ import annotations

from pathlib import Path

from companion.i18n import render
from companion.journal.session import Session
from companion.journal.store import Journal
from engines.raubritter.commands import LayTile, Surrender
from tests.companion.games.raubritter.test_table_words import raubritter, raubritter_opening
from tests.companion.i18n.texts import undo_texts


def test_the_undo_words_in_german_and_english() -> None:
    play = raubritter()
    play.do(LayTile("red", "plain", 0, 0))
    texts = undo_texts(play, LayTile("red", "plain-village", 1, 0))
    assert [render(t, "en") for t in texts] == [
        "Take the plain-village tile at 1,0 back to Ann (Red)'s pile.",
        "It is Ann (Red)'s turn again, with 1 tile laid.",
    ]
    assert [render(t, "de") for t in texts] == [
        "Nimm das Plättchen Ebene/Dorf bei 1,0 zurück auf den Stapel von Ann (Rot).",
        "Ann (Rot) ist wieder am Zug und hat schon 1 Plättchen gelegt.",
    ]


def test_a_castle_with_a_march_in_german() -> None:
    play = raubritter()
    raubritter_opening(play)
    texts = undo_texts(play, LayTile("red", "plain-castle", -1, 0, drops=(2, 1), direction="east"))
    assert [render(t, "de") for t in texts] == [
        "Nimm das Plättchen Ebene/Burg bei -1,0 zurück auf den Stapel von Ann (Rot) und die 2 Ritter darauf zurück "
        "zu Ann (Rot).",
        "Nimm 1 Ritter von Rot vom Plättchen Ebene bei 0,0 zurück zu Ann (Rot).",
    ]


def test_the_session_keeps_english_words_and_carries_the_messages(tmp_path: Path) -> None:
    play = raubritter()
    with Journal.open(tmp_path / "journal.sqlite3") as journal:
        session = Session.start(journal, "raubritter", play.history.config)
        for command in (
            LayTile("red", "plain", 0, 0),
            LayTile("red", "plain-village", 1, 0),
            LayTile("blue", "forest-village", 2, 0),
            LayTile("blue", "plain", 0, 1),
            Surrender("red"),
        ):
            session.apply(command)
        moved = session.undo()
        assert moved.words == ("Ann (Red) is back in the game.", "It is Ann (Red)'s turn again.")
        assert tuple(render(m, "en") for m in moved.messages) == moved.words
        assert [render(m, "de") for m in moved.messages] == [
            "Ann (Rot) ist wieder im Spiel.",
            "Ann (Rot) ist wieder am Zug.",
        ]
        assert session.log()[-1]["words"] == list(moved.words)
