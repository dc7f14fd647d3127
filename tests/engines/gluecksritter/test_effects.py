"""A document's effect entered as what it moves (``apply-document``), due from the moment the card
lies face up until the round ends, once per card played; and the hand corrected to what a player
really holds (``correct-hand``), the counts public, the cards secret."""

from __future__ import annotations

import pytest

from engines.core.errors import RuleViolation
from engines.gluecksritter import GAME
from engines.gluecksritter.commands import (
    ApplyDocument,
    ChooseActions,
    CorrectHand,
    Decline,
    PlayDocument,
    RevealDocuments,
    Transfer,
)
from engines.gluecksritter.effects import effects_due
from engines.gluecksritter.rules import DocumentSpec
from engines.gluecksritter.views import public_event
from tests.engines.gluecksritter.helpers import RULESETS, Table, c, doc

DOCUMENTS = [
    doc("gift", "yellow", 3, "royal-tax-waiver"),
    doc("tithe", "yellow", 3),
    doc("levy", "red", 3),
    DocumentSpec(id="yellow-seal", name="Yellow seal", seal="yellow", count=8, generic=True),
    DocumentSpec(id="red-seal", name="Red seal", seal="red", count=8, generic=True),
]


def table(rules: str = "schmidt-1998") -> Table:
    return Table.new(rules=rules, documents=DOCUMENTS)


def test_a_yellow_document_played_face_up_is_due_until_its_effect_is_entered():
    t = table().deal("red", "tithe")
    t.place()
    t.choose(red=(1, 2), blue=(1, 2), green=(5, 6))
    t.do(PlayDocument("red", "tithe"))
    assert effects_due(t.state, "red") == ("tithe",)
    assert GAME.public_view(t.state)["players"][0]["due"] == ["tithe"]
    sack = t.state.sack
    events = t.do(ApplyDocument("red", "tithe", (Transfer("sack", "red", coins=c(2, 0)),)))
    assert t.types(events) == ["handed-over", "document-applied"]
    assert events[0].document == "tithe" and not events[0].promise
    assert t.coins("red") == c(4, 2) and t.state.sack == sack - c(2, 0)
    assert effects_due(t.state, "red") == ()
    t.refuse(ApplyDocument("red", "tithe"), "document.not-due")  # once per card played


def test_an_effect_may_move_nothing_and_several_things_at_once():
    t = table().deal("red", "tithe").deal("blue", "tithe").give("blue", walls=2)
    t.place()
    t.choose(red=(1, 2), blue=(1, 2), green=(5, 6))
    t.do(PlayDocument("red", "tithe"), PlayDocument("blue", "tithe"))
    assert t.types(t.do(ApplyDocument("red", "tithe"))) == ["document-applied"]
    moves = (Transfer("supply", "blue", walls=1), Transfer("blue", "red", coins=c(1, 1), walls=4))
    t.refuse(ApplyDocument("blue", "tithe", moves), "hand-over.holds")  # blue has 3 walls after the first
    t.do(ApplyDocument("blue", "tithe", (Transfer("supply", "blue", walls=1), Transfer("blue", "red", walls=3))))
    assert (t.p("blue").walls, t.p("red").walls, t.state.supply_walls) == (0, 3, 21)


@pytest.mark.parametrize("rules", RULESETS)
def test_a_red_document_is_due_once_revealed_and_not_while_it_lies_face_down(rules):
    t = table(rules).deal("red", "levy")
    t.place()
    t.do(ChooseActions("red", (1, 2)), PlayDocument("red", "levy"))
    assert effects_due(t.state, "red") == ()
    t.refuse(ApplyDocument("red", "levy", (Transfer("sack", "red", coins=c(1, 0)),)), "hand-over.not-now")
    t.choose(blue=(1, 2), green=(5, 6))
    t.refuse(ApplyDocument("red", "levy"), "document.not-due")  # still face down
    t.do(RevealDocuments())
    assert effects_due(t.state, "red") == ("levy",)
    t.do(ApplyDocument("red", "levy", (Transfer("blue", "sack", coins=c(1, 0)),)))
    assert t.coins("blue") == c(1, 2)


def test_an_effect_not_entered_is_no_longer_due_in_the_next_round():
    t = table().deal("red", "tithe")
    t.place()
    t.do(PlayDocument("red", "tithe"))
    t.choose(red=(5, 6), blue=(5, 6), green=(5, 6))
    t.reveal()
    t.settle()
    assert t.state.round == 2 and effects_due(t.state, "red") == ()


def test_the_gift_and_a_document_not_played_have_no_effect_to_enter():
    t = table().deal("red", "tithe", "gift").give("red", silver=7)
    t.place(field5=c(1, 0))
    t.choose(red=(5, 6), blue=(1, 2), green=(1, 2))
    t.refuse(ApplyDocument("red", "tithe"), "document.not-due")
    t.refuse(ApplyDocument("red", "dragon"), "document.unknown")
    t.reveal()
    while not t.state.taxes:  # blue and green take nothing; then red takes field 5's silver: 8
        t.do(Decline(t.state.todo[0]))
    t.do(PlayDocument("red", "gift", "silver"))
    assert "gift" in t.p("red").played and effects_due(t.state, "red") == ()
    t.refuse(ApplyDocument("red", "gift"), "document.not-due")


def test_generic_documents_played_twice_are_due_twice():
    t = table().deal("red", "yellow-seal", "yellow-seal")
    t.place()
    t.choose(red=(1, 2), blue=(1, 2), green=(5, 6))
    t.do(PlayDocument("red", "yellow-seal"), PlayDocument("red", "yellow-seal"))
    assert effects_due(t.state, "red") == ("yellow-seal", "yellow-seal")
    t.do(ApplyDocument("red", "yellow-seal"))
    assert effects_due(t.state, "red") == ("yellow-seal",)


def test_an_effects_gain_raises_the_royal_tax():
    t = table().deal("red", "tithe").give("red", silver=7)
    t.place()
    t.choose(red=(1, 2), blue=(1, 2), green=(5, 6))
    t.do(PlayDocument("red", "tithe"))
    events = t.do(ApplyDocument("red", "tithe", (Transfer("sack", "red", coins=c(1, 0)),)))
    assert t.types(events)[-1] == "royal-tax-due"


# -- the hand ----------------------------------------------------------------------------------


def test_a_hand_corrected_draws_from_the_deck_and_puts_what_is_gone_on_the_played_pile():
    t = table().deal("red", "tithe")
    deck = len(t.state.deck)
    events = t.do(CorrectHand("red", ("levy", "levy"), "table check"))
    assert t.types(events) == ["hand-corrected"]
    assert t.p("red").documents == ("levy", "levy")
    assert len(t.state.deck) == deck - 2 and t.state.discard == ("tithe",)
    assert (events[0].before, events[0].after, events[0].reason) == (1, 2, "table check")


def test_a_card_not_left_in_the_deck_comes_from_the_played_pile():
    t = table().deal("red", "tithe", "tithe", "tithe")
    t.do(CorrectHand("red", ("tithe", "tithe"), "played one without telling the app"))
    assert t.state.discard == ("tithe",)
    t.do(CorrectHand("blue", ("tithe",), "table check"))
    assert t.state.discard == () and t.p("blue").documents == ("tithe",)
    t.refuse(CorrectHand("green", ("tithe",), "table check"), "document.none-left")


@pytest.mark.parametrize(
    ("command", "rule"),
    [
        (CorrectHand("red", ("dragon",), "table check"), "document.unknown"),
        (CorrectHand("red", (), "table check"), "correction.same"),
        (CorrectHand("red", ("levy",), "  "), "correction.reason"),
    ],
)
def test_a_hand_correction_that_cannot_be_is_refused(command, rule):
    table().refuse(command, rule)


def test_the_cards_of_a_hand_correction_stay_secret_and_its_counts_do_not():
    t = table().deal("red", "tithe")
    (event,) = t.do(CorrectHand("red", ("gift", "levy"), "table check"))
    public = public_event(event)
    assert (public["removed"], public["drawn"], public["taken"]) == (None, None, None)
    assert (public["before"], public["after"], public["player"]) == (1, 2, "red")


def test_a_hand_may_be_corrected_after_the_end_and_while_a_tax_is_due():
    t = table().give("red", silver=7)
    t.do(CorrectHand("red", ("levy",), "table check"))
    with pytest.raises(RuleViolation):
        t.do(ApplyDocument("red", "levy"))


def test_the_catalogue_spec_of_moves_is_checked():
    with pytest.raises(ValueError, match="from one place to another"):
        DocumentSpec.model_validate(
            {"id": "x", "name": "X", "seal": "red", "count": 1, "moves": [{"from": "sack", "to": "sack", "silver": 1}]}
        )
    with pytest.raises(ValueError, match="not the supply"):
        DocumentSpec.model_validate(
            {
                "id": "x",
                "name": "X",
                "seal": "red",
                "count": 1,
                "moves": [{"from": "supply", "to": "holder", "gold": 1}],
            }
        )
    with pytest.raises(ValueError, match="only a document whose effect"):
        DocumentSpec.model_validate(
            {
                "id": "x",
                "name": "X",
                "seal": "red",
                "count": 1,
                "effect": "royal-tax-waiver",
                "moves": [{"from": "sack", "to": "holder", "gold": 1}],
            }
        )
    spec = DocumentSpec.model_validate(
        {
            "id": "x",
            "name": {"de": "Zehnt", "en": "Tithe"},
            "does": "2 silver",
            "seal": "yellow",
            "count": 1,
            "moves": [{"from": "sack", "to": "holder", "silver": 2}],
        }
    )
    kind = spec.kind()
    assert (kind.name, kind.names, kind.does) == ("Zehnt", (("de", "Zehnt"), ("en", "Tithe")), (("*", "2 silver"),))
    assert kind.moves[0].source == "sack" and kind.moves[0].silver == 2
