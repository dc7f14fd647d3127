"""Phase B (two different action cards from the hand, locked in), and when documents may be played:
red seals face down in phase B (schmidt also in C), yellow seals any time, never the same twice a round."""

from __future__ import annotations

import pytest

from engines.gluecksritter import GAME
from engines.gluecksritter.commands import (
    ChooseActions,
    EndRound,
    PlayDocument,
    Ransom,
    RevealActions,
    RevealDocuments,
)
from engines.gluecksritter.state import CHOOSE, DOCUMENTS, DUCATS, RANSOM, RESOLVE
from tests.engines.gluecksritter.helpers import OSULLIVAN, RULESETS, SCHMIDT, Table, doc

# -- picking two cards ----------------------------------------------------------------------------


def in_phase_b(**settings) -> Table:
    t = Table.new(**settings)
    t.place()
    assert t.phase == CHOOSE
    return t


def test_a_pick_is_two_different_cards_kept_secret_on_the_player():
    t = in_phase_b()
    events = t.do(ChooseActions("red", (5, 2)))
    assert [e.type for e in events] == ["actions-chosen"]
    assert t.p("red").pick == (2, 5)
    assert t.p("blue").pick is None


def test_the_same_card_twice_is_refused():
    in_phase_b().refuse(ChooseActions("red", (3, 3)), "B.two-different")


@pytest.mark.parametrize("cards", [(0, 2), (2, 7)])
def test_cards_outside_one_to_six_are_refused(cards):
    in_phase_b().refuse(ChooseActions("red", cards), "B.in-hand")


def test_a_pick_is_locked_in():
    t = in_phase_b()
    t.do(ChooseActions("red", (1, 2)))
    t.refuse(ChooseActions("red", (5, 6)), "B.locked")
    assert t.p("red").pick == (1, 2)


@pytest.mark.parametrize("rules", RULESETS)
def test_a_knight_in_the_dungeon_is_not_in_the_hand(rules):
    t = Table.new(rules=rules).give("red", jailed=1)
    t.place()
    assert t.p("red").hand() == (1, 2, 3, 5, 6)
    error = t.refuse(ChooseActions("red", (4, 5)), "B.in-hand")
    assert "dungeon" in error.message
    t.do(ChooseActions("blue", (4, 5)))  # blue's knight is free


def test_cards_are_chosen_only_in_phase_b():
    t = Table.new()
    t.refuse(ChooseActions("red", (1, 2)), "B.not-now")  # the Ducat card first
    t.to_resolve(red=(2, 3), blue=(2, 3))
    assert t.phase == RESOLVE
    t.refuse(ChooseActions("red", (1, 4)), "B.not-now")


def test_an_unknown_colour_is_refused():
    in_phase_b().refuse(ChooseActions("white", (1, 2)), "player.unknown")


def test_the_documents_are_revealed_only_when_everyone_has_chosen():
    t = in_phase_b()
    t.choose(red=(1, 2), blue=(2, 3))
    error = t.refuse(RevealDocuments(), "B.waiting")
    assert "green" in error.message
    t.choose(green=(5, 6))
    t.do(RevealDocuments())


def test_the_action_cards_are_revealed_after_the_documents():
    t = in_phase_b()
    t.choose(red=(1, 2), blue=(2, 3), green=(5, 6))
    t.refuse(RevealActions(), "E.not-now")
    t.do(RevealDocuments())
    events = t.do(RevealActions())
    assert events[0].type == "actions-revealed"
    assert dict(events[0].picks) == {"red": (1, 2), "blue": (2, 3), "green": (5, 6)}
    assert t.phase == RESOLVE


@pytest.mark.parametrize("rules", RULESETS)
def test_the_documents_are_revealed_in_phase_c_in_both_rule_sets(rules):
    t = in_phase_b(rules=rules)
    t.choose(red=(1, 2), blue=(2, 3), green=(5, 6))
    t.do(RevealDocuments())
    assert t.phase == DOCUMENTS


# -- documents: red seals ------------------------------------------------------------------------


def dealt(rules=SCHMIDT) -> Table:
    return Table.new(rules=rules).deal("red", "red-seal", "red-seal", "yellow-seal", "yellow-seal", "gift")


@pytest.mark.parametrize("rules", RULESETS)
def test_a_red_document_is_played_face_down_in_phase_b_and_revealed_with_the_others(rules):
    t = dealt(rules)
    t.place()
    t.do(ChooseActions("red", (1, 2)))
    events = t.do(PlayDocument("red", "red-seal"))
    assert [(e.type, e.face_down) for e in events] == [("document-played", True)]
    assert t.state.face_down == (("red", "red-seal"),)
    assert "red-seal" not in t.state.discard
    assert t.p("red").documents.count("red-seal") == 1
    t.choose(blue=(1, 2), green=(5, 6))
    events = t.do(RevealDocuments())
    assert events[0].documents == (("red", "red-seal"),)
    assert t.state.face_down == ()
    assert t.state.discard.count("red-seal") == 1


def test_a_red_document_may_be_played_before_the_players_own_pick():
    t = dealt()
    t.place()
    t.do(PlayDocument("red", "red-seal"))
    assert t.state.face_down == (("red", "red-seal"),)


@pytest.mark.parametrize("rules", RULESETS)
def test_no_red_document_before_the_ducat_card_is_placed(rules):
    dealt(rules).refuse(PlayDocument("red", "red-seal"), "document.red-seal")


@pytest.mark.parametrize("rules", RULESETS)
def test_no_red_document_once_the_documents_are_revealed_and_it_stays_in_the_hand(rules):
    t = dealt(rules)
    t.place()
    t.choose(red=(1, 2), blue=(2, 3), green=(5, 6))
    t.do(RevealDocuments())
    assert t.phase == DOCUMENTS
    error = t.refuse(PlayDocument("red", "red-seal"), "document.red-seal")
    assert "phase B" in error.message and "stays in red's hand" in error.message
    assert "ransom" not in error.message  # the words fit both rule sets
    assert t.p("red").documents.count("red-seal") == 2


def test_osullivan_no_red_document_in_the_ransom_phase_either():
    t = dealt(OSULLIVAN)
    t.correct("green.knight-in-dungeon", 1)
    t.place()
    t.choose(red=(1, 2), blue=(2, 3), green=(5, 6))
    t.do(RevealDocuments())
    t.do(Ransom("green"))
    assert t.phase == RANSOM  # the ransom opened phase D
    t.refuse(PlayDocument("red", "red-seal"), "document.red-seal")


@pytest.mark.parametrize("rules", RULESETS)
def test_no_red_document_once_the_action_cards_are_revealed(rules):
    t = dealt(rules)
    t.to_resolve(red=(2, 3), blue=(2, 3))
    assert t.phase == RESOLVE
    t.refuse(PlayDocument("red", "red-seal"), "document.red-seal")


# -- documents: yellow seals, twice, hands ------------------------------------------------------------


@pytest.mark.parametrize("rules", RULESETS)
def test_a_yellow_document_may_be_played_in_every_phase(rules):
    t = Table.new(rules=rules).deal("red", *["yellow-seal"] * 4)
    phases = []

    def play():
        t.do(PlayDocument("red", "yellow-seal"))
        phases.append(t.phase)

    play()  # round 1, phase A
    t.next_round()
    t.place()
    play()  # round 2, phase B
    t.choose(red=(5, 6), blue=(5, 6), green=(5, 6))
    t.do(RevealDocuments(), RevealActions(), EndRound())
    t.place()
    t.choose(red=(5, 6), blue=(5, 6), green=(5, 6))
    t.do(RevealDocuments())
    play()  # round 3, phase C
    t.do(RevealActions())
    assert t.state.round_closing  # red still holds a document: the round waits for its end
    t.do(EndRound())
    t.to_resolve(red=(2, 3), blue=(2, 3))
    play()  # round 4, phase E
    assert phases == [DUCATS, CHOOSE, DOCUMENTS, RESOLVE]
    assert t.state.round == 4
    assert t.state.discard.count("yellow-seal") == 4
    assert t.p("red").documents == ()


NAMED = [
    doc("gift", "yellow", 3, "royal-tax-waiver"),
    doc("safe-conduct", "red", 3),
    doc("letter-of-credit", "yellow", 3),
    doc("edict", "yellow", 16),
]


@pytest.mark.parametrize(("document", "face_down"), [("letter-of-credit", False), ("safe-conduct", True)])
def test_the_same_document_twice_in_a_round_is_refused_and_allowed_again_next_round(document, face_down):
    t = Table.new(documents=NAMED).deal("red", *[document] * 3)
    t.place()
    t.do(PlayDocument("red", document))
    error = t.refuse(PlayDocument("red", document), "document.twice")
    assert "this round" in error.message
    t.choose(red=(5, 6), blue=(5, 6), green=(5, 6))
    t.do(RevealDocuments())
    if not face_down:  # a yellow seal: not later in the round either
        t.refuse(PlayDocument("red", document), "document.twice")
    t.do(RevealActions())
    assert t.state.round_closing  # red holds the other cards: the round waits for its end
    t.do(EndRound())
    assert t.phase == DUCATS and t.state.round == 2
    t.place()
    events = t.do(PlayDocument("red", document))
    assert events[0].face_down is face_down
    assert t.p("red").documents == (document,)


def test_two_players_may_play_the_same_document_in_one_round():
    t = Table.new(documents=NAMED).deal("red", "safe-conduct").deal("blue", "safe-conduct")
    t.place()
    t.do(PlayDocument("red", "safe-conduct"), PlayDocument("blue", "safe-conduct"))
    assert t.state.face_down == (("red", "safe-conduct"), ("blue", "safe-conduct"))


def test_the_shipped_generic_entries_stand_for_different_cards_and_may_be_played_twice():
    """The shipped catalogue's red-seal/yellow-seal entries each stand for several different,
    unnamed cards, so two of them in one round are not 'the same document'."""
    t = dealt()
    t.place()
    t.do(PlayDocument("red", "red-seal"), PlayDocument("red", "red-seal"))
    t.do(PlayDocument("red", "yellow-seal"), PlayDocument("red", "yellow-seal"))
    assert t.state.face_down == (("red", "red-seal"), ("red", "red-seal"))
    assert t.state.discard == ("yellow-seal", "yellow-seal")


def test_different_documents_in_one_round_are_fine():
    t = dealt()
    t.place()
    t.do(PlayDocument("red", "red-seal"), PlayDocument("red", "yellow-seal"))
    assert t.p("red").played == ("red-seal", "yellow-seal")


def test_a_document_not_in_the_hand_is_refused():
    t = Table.new().deal("blue", "yellow-seal")
    t.refuse(PlayDocument("red", "yellow-seal"), "document.in-hand")


def test_a_document_not_in_the_catalogue_is_refused():
    Table.new().refuse(PlayDocument("red", "dragon"), "document.unknown")


def test_only_a_gift_names_a_royal_tax():
    t = dealt()
    t.refuse(PlayDocument("red", "yellow-seal", kind="silver"), "document.kind")


def test_a_tables_own_catalogue_is_played_the_same_way():
    t = Table.new(
        documents=[
            doc("gift", "yellow", 1, "royal-tax-waiver"),
            doc("siege-order", "red", 2),
            doc("edict", "yellow", 22),
        ]
    )
    t.deal("green", "siege-order")
    t.place()
    t.do(PlayDocument("green", "siege-order"))
    assert t.state.face_down == (("green", "siege-order"),)
    assert GAME.player_view(t.state, "green")["you"]["face_down"] == ["siege-order"]


def test_choosing_does_not_touch_coins_or_castles():
    t = in_phase_b()
    before = t.state
    t.choose(red=(1, 2), blue=(3, 4), green=(5, 6))
    for p, q in zip(before.players, t.state.players, strict=True):
        assert (p.coins, p.walls, p.towers) == (q.coins, q.walls, q.towers)
    assert t.state.sack == before.sack
