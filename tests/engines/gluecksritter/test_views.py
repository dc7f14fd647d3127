"""What the table sees and what one player sees: picks hidden until phase E, hands and face-down
documents hidden (only counted), a player's own secrets in their own view; the shared log blanks
the secrets of events."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from engines.gluecksritter import GAME
from engines.gluecksritter.commands import ChooseActions, PlayDocument, RevealActions, RevealDocuments, TakeDocument
from tests.engines.gluecksritter.helpers import OSULLIVAN, RULESETS, SCHMIDT, Table, c, doc

SECRET_DOCUMENTS = [
    doc("gift", "yellow", 2, "royal-tax-waiver"),
    doc("secret-treaty", "red", 2),
    doc("siege-order", "red", 2),
    doc("spy-report", "yellow", 2),
    doc("chronicle", "yellow", 17),
]


def public_text(t: Table) -> str:
    return text_of(GAME.public_view(t.state))


def text_of(view: dict) -> str:
    """A view as text, without its catalogue: that names every kind of card in the box (public,
    whoever holds them); anywhere else a document's id names a card."""
    return json.dumps({key: value for key, value in view.items() if key != "catalogue"}, sort_keys=True)


def player(view: dict, colour: str) -> dict:
    return next(p for p in view["players"] if p["colour"] == colour)


# -- picks ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
def test_picks_are_hidden_until_the_action_cards_are_revealed(rules):
    t = Table.new(rules=rules)
    t.place()
    t.choose(red=(2, 3), blue=(1, 2))
    view = GAME.public_view(t.state)
    assert [(p["has_chosen"], p["pick"]) for p in view["players"]] == [(True, None), (True, None), (False, None)]
    t.choose(green=(5, 6))
    t.do(RevealDocuments())  # phase C (schmidt) or D (osullivan): still secret
    assert all(p["pick"] is None for p in GAME.public_view(t.state)["players"])
    t.do(RevealActions())
    view = GAME.public_view(t.state)
    assert (view["phase"], view["field"]) == ("E", 1)
    assert [p["pick"] for p in view["players"]] == [[2, 3], [1, 2], [5, 6]]


def test_a_player_sees_their_own_pick_before_the_reveal_and_nobody_elses():
    t = Table.new()
    t.place()
    t.choose(red=(2, 3), blue=(1, 2))
    red = GAME.player_view(t.state, "red")
    assert red["you"]["pick"] == [2, 3]
    assert all(p["pick"] is None for p in red["players"])
    assert GAME.player_view(t.state, "green")["you"]["pick"] is None


# -- documents --------------------------------------------------------------------------------------


def test_hands_are_shown_only_as_a_count():
    t = Table.new(documents=SECRET_DOCUMENTS).deal("red", "secret-treaty", "spy-report")
    view = GAME.public_view(t.state)
    assert player(view, "red")["documents"] == 2
    text = public_text(t)
    assert "secret-treaty" not in text and "spy-report" not in text


def test_the_own_hand_is_in_the_own_view_only():
    t = Table.new(documents=SECRET_DOCUMENTS).deal("red", "secret-treaty", "spy-report")
    assert GAME.player_view(t.state, "red")["you"]["documents"] == ["secret-treaty", "spy-report"]
    blue = GAME.player_view(t.state, "blue")
    assert blue["you"]["documents"] == []
    assert "secret-treaty" not in text_of(blue)


@pytest.mark.parametrize("rules", RULESETS)
def test_a_face_down_document_is_counted_but_not_named_before_the_reveal(rules):
    t = Table.new(rules=rules, documents=SECRET_DOCUMENTS).deal("red", "secret-treaty", "siege-order")
    t.place()
    t.do(ChooseActions("red", (1, 2)), PlayDocument("red", "secret-treaty"))
    view = GAME.public_view(t.state)
    assert player(view, "red")["face_down"] == 1
    assert player(view, "red")["documents"] == 1
    assert "secret-treaty" not in public_text(t)  # which of red's two red documents is still secret
    assert "secret-treaty" not in text_of(GAME.player_view(t.state, "blue"))


def test_the_catalogue_is_the_same_whoever_holds_the_cards():
    t = Table.new(documents=SECRET_DOCUMENTS)
    before = GAME.public_view(t.state)["catalogue"]
    t.deal("red", "secret-treaty", "siege-order")
    assert GAME.public_view(t.state)["catalogue"] == before
    assert list(before) == [kind.id for kind in SECRET_DOCUMENTS]
    assert before["gift"]["effect"] == "royal-tax-waiver" and before["chronicle"]["count"] == 17


def test_the_own_face_down_document_is_in_the_own_view():
    t = Table.new(documents=SECRET_DOCUMENTS).deal("red", "secret-treaty", "siege-order")
    t.place()
    t.do(PlayDocument("red", "secret-treaty"))
    you = GAME.player_view(t.state, "red")["you"]
    assert you["face_down"] == ["secret-treaty"]
    assert you["documents"] == ["siege-order"]


def test_revealed_documents_are_public():
    t = Table.new(documents=SECRET_DOCUMENTS).deal("red", "secret-treaty")
    t.place()
    t.do(PlayDocument("red", "secret-treaty"))
    t.choose(red=(1, 2), blue=(1, 2), green=(5, 6))
    t.do(RevealDocuments())
    view = GAME.public_view(t.state)
    assert view["discard"] == ["secret-treaty"]
    assert player(view, "red")["face_down"] == 0


def test_a_knight_in_the_dungeon_is_public_and_missing_from_the_own_hand_of_cards():
    t = Table.new().give("blue", jailed=1)
    assert player(GAME.public_view(t.state), "blue")["knight_in_dungeon"] is True
    assert GAME.player_view(t.state, "blue")["you"]["hand"] == [1, 2, 3, 5, 6]


def test_the_public_view_is_plain_json():
    t = Table.new(rules=OSULLIVAN)
    t.to_resolve(field5=c(1, 2), red=(4, 5), blue=(4, 5))
    view = GAME.public_view(t.state)
    assert json.loads(json.dumps(view)) == view
    assert view["knight"]["stage"] == "haggle-roll"
    assert view["field5"] == {"silver": 1, "gold": 2, "value": 5}


def test_awaiting_names_who_must_act():
    t = Table.new()
    assert GAME.public_view(t.state)["awaiting"] == [{"player": None, "commands": ["place-ducats"]}]
    t.place()
    t.choose(red=(1, 2))
    waiting = [a["player"] for a in GAME.public_view(t.state)["awaiting"]]
    assert waiting == ["blue", "green"]


# -- the shared log -----------------------------------------------------------------------------


def events_of(t: Table, kind: str) -> list:
    return [e for e in t.events if e.type == kind]


def test_the_log_hides_picks_drawn_documents_and_face_down_documents():
    t = Table.new(rules=SCHMIDT, documents=SECRET_DOCUMENTS).deal("red", "secret-treaty", "spy-report")
    t.place()
    t.do(PlayDocument("red", "secret-treaty"))
    t.choose(red=(1, 2), blue=(5, 6), green=(5, 6))
    t.do(RevealDocuments())
    t.do(RevealActions())
    t.do(TakeDocument("red", "siege-order"))

    chosen = GAME.public_event(events_of(t, "actions-chosen")[0])
    assert (chosen["player"], chosen["cards"]) == ("red", None)
    played = GAME.public_event(events_of(t, "document-played")[0])
    assert (played["player"], played["face_down"], played["document"]) == ("red", True, None)
    drawn = GAME.public_event(events_of(t, "document-drawn")[0])
    assert (drawn["player"], drawn["document"]) == ("red", None)
    # what the reveals show is public
    revealed = GAME.public_event(events_of(t, "documents-revealed")[0])
    assert revealed["documents"] == (("red", "secret-treaty"),)
    picks = GAME.public_event(events_of(t, "actions-revealed")[0])
    assert dict(picks["picks"])["red"] == (1, 2)


def test_the_log_shows_a_face_up_document_and_leaves_other_events_whole():
    t = Table.new(documents=SECRET_DOCUMENTS).deal("red", "spy-report")
    t.do(PlayDocument("red", "spy-report"))
    played = GAME.public_event(t.events[-1])
    assert (played["type"], played["document"], played["face_down"]) == ("document-played", "spy-report", False)
    t.to_resolve(field5=c(3, 1), red=(5, 6))
    for event in events_of(t, "coins-moved") + events_of(t, "field-opened"):
        shown = GAME.public_event(event)
        assert shown == {"type": event.type, **{k: v for k, v in asdict(event).items() if k != "type"}}
