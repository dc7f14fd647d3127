"""Schatzjagd's table words are catalogue messages: the table renders them in German or English
(the English as the journal and the command line always had it); a secret stays unnamed in both."""

from __future__ import annotations

from dataclasses import replace

from companion.games.schatzjagd.notes import GERMAN_TYPE_WORD
from companion.i18n import Word, render
from companion.i18n.words import WORDS
from companion.journal.table_words import messages
from engines.schatzjagd.commands import Challenge, Dig, EndTurn, Exchange, PlaceCard, Reveal, Travel
from engines.schatzjagd.rules import CARD_TYPES, COLOURS, SHOPS, parse_effect
from engines.schatzjagd.state import CATHARSIS
from tests.companion.games.schatzjagd.test_table_words import schatzjagd
from tests.companion.i18n.texts import redo_texts, undo_texts


def both(texts: list) -> tuple[list[str], list[str]]:
    return [render(t, "en") for t in texts], [render(t, "de") for t in texts]


def test_every_schatzjagd_word_is_in_the_catalogue() -> None:
    places = {"the city", "the city gate"} | {f"the {shop}" for shop in SHOPS}
    cards = {f"the {kind}" for kind in CARD_TYPES if kind != "special"} | {"the special card"}
    assert set(COLOURS) | places | cards <= WORDS


def test_a_fight_taken_back_in_german() -> None:
    play = schatzjagd()
    play.do(Travel("red", 3, "B2"), Dig("red", "B2", "crown"), EndTurn("red"), Travel("blue", 5, "B2"))
    assert both(undo_texts(play, Challenge("blue", "red"))) == (
        ["The fight between Blue and Red is off."],
        ["Der Kampf zwischen Blau und Rot ist abgebrochen."],
    )
    english, german = both(undo_texts(play, Exchange("blue", 6, 1)))
    assert english == [
        "The rolls of 6 and 1 are taken back with this step; they are not rolled again.",
        "Set Red's life to 15.",
        "The last exchange is taken back.",
    ]
    assert german == [
        "Die Würfe 6 und 1 werden mit diesem Schritt zurückgenommen; es wird nicht neu gewürfelt.",
        "Rot: Setze Lebenskraft auf 15.",
        "Der letzte Schlagabtausch wird zurückgenommen.",
    ]


def test_a_card_turned_face_down_again_and_a_henchman_moved_back_in_german() -> None:
    play = schatzjagd()
    play.do(Travel("red", 3, "B2"), EndTurn("red"), Travel("blue", 4, "H8", "city"), PlaceCard("blue", "C3"))
    play.do(EndTurn("blue"))
    english, german = both(undo_texts(play, Travel("red", 2, "C3")))
    assert english == [
        "The roll of 2 is taken back with this step; it is not rolled again.",
        "Red's henchman goes back to B2.",
    ]
    assert german == [
        "Der Wurf 2 wird mit diesem Schritt zurückgenommen; es wird nicht neu gewürfelt.",
        "Der Scherge von Rot steht wieder bei B2.",
    ]
    # the card goes back face down: neither language names the monster
    english, german = both(undo_texts(play, Reveal("red", "monster", 12, effects=(parse_effect("strength+1"),))))
    assert english == ["Turn the card at C3 face down again.", "Red's fight on C3 is off."]
    assert german == ["Verdecke die Karte bei C3 wieder.", "Der Kampf von Rot bei C3 ist abgebrochen."]
    english, german = both(redo_texts(play))
    assert english == [
        "Turn up the card at C3 again: the monster (power 12, reward strength+1).",
        "Red and the monster on C3 fight again.",
    ]
    assert german == [
        "Decke die Karte bei C3 wieder auf: der Unhold (Kampfkraft 12, Belohnung Stärke+1).",
        "Rot und der Unhold bei C3 kämpfen wieder.",
    ]


def test_places_and_values_in_german() -> None:
    play = schatzjagd()
    english, german = both(undo_texts(play, Travel("red", 6, "H8", "city")))
    assert english[1:] == ["Red's henchman goes back to Red's castle."]
    assert german[1:] == ["Der Scherge von Rot steht wieder bei der Burg von Rot."]
    english, german = both(redo_texts(play))
    assert english[1:] == ["Red's henchman goes back to H8, before the city's walls."]
    assert german[1:] == ["Der Scherge von Rot steht wieder bei H8, vor der Stadtmauer."]
    start = play.history.state
    red = start.henchman("red")
    changed = replace(start, players=(replace(red, gold=12, strength=4, weapons=3), *start.players[1:]))
    assert both(messages("schatzjagd", changed, start, {})) == (
        ["Set Red's gold to 5, strength to 2 and weapons to 0."],
        ["Rot: Setze Gulden auf 5, Stärke auf 2 und Waffenpunkte auf 0."],
    )


def test_the_catharsis_in_german() -> None:
    start = schatzjagd().history.state
    catharsis = replace(start, phase=CATHARSIS, catharsis=("blue", "red"))
    assert both(messages("schatzjagd", start, catharsis, {})) == (
        ["Grandlin's catharsis: it is Blue's turn again to take a card off the board or pass."],
        ["Grandlins Katharsis: Blau ist wieder dran, eine Karte vom Spielbrett zu nehmen oder zu passen."],
    )
    assert both(messages("schatzjagd", catharsis, start, {})) == (
        ["Grandlin's catharsis is off."],
        ["Grandlins Katharsis ist abgebrochen."],
    )


def test_a_card_slotted_this_turn_names_neither_prince_nor_field_in_german() -> None:
    play = schatzjagd()
    play.do(Travel("red", 1, "castle-red"), EndTurn("red"), Travel("blue", 5, "B2"))
    english, german = both(undo_texts(play, PlaceCard("blue", "E5")))
    assert english == ["Take the card slotted face down this turn back into the hand it came from."]
    assert german == [
        "Nimm die Karte, die in diesem Zug verdeckt gesteckt wurde, zurück auf die Hand, von der sie kam."
    ]


def test_the_notes_search_knows_every_german_card_type() -> None:
    # notes.py looks for a card type named beside the discard pile in the German words too
    for kind in CARD_TYPES:
        word = "the special card" if kind == "special" else f"the {kind}"
        german = render(Word(word), "de")
        assert GERMAN_TYPE_WORD.search(german), german
