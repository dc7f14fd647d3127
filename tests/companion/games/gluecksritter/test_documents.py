"""Die Glücksritter's documents in the table's words: a card by the name on it and what it does, in
the language shown, from the game's own catalogue (the public view's), else the shipped one; the
shipped catalogue speaks both languages for every card."""

from __future__ import annotations

from companion.catalogue import load_catalogue
from companion.games.gluecksritter.documents import does, name, names, quoted, shipped
from companion.i18n import Local, render
from engines.gluecksritter import GAME, DocumentSpec, Setup


def view_with(*specs: DocumentSpec) -> dict:
    setup = Setup(players=("red", "blue", "green"), documents=specs)
    return GAME.public_view(GAME.setup(setup))


ZEHNT = DocumentSpec(id="tithe", name={"de": "Zehnt", "en": "Tithe"}, does="2 Silber / 2 silver", seal="red", count=25)


def test_a_card_is_named_in_the_language_shown_from_the_games_own_catalogue():
    view = view_with(ZEHNT)
    assert (render(name(view, "tithe"), "de"), render(name(view, "tithe"), "en")) == ("Zehnt", "Tithe")
    assert (render(quoted(view, "tithe"), "de"), render(quoted(view, "tithe"), "en")) == ("„Zehnt“", "“Tithe”")
    assert render(does(view, "tithe"), "de") == "2 Silber / 2 silver"  # one text for both
    assert list(names(view)) == ["tithe"]
    assert name(view, "no-such-card") == "no-such-card" and does(view, "no-such-card") is None


def test_without_a_view_the_shipped_catalogue_names_the_cards():
    assert render(name(None, "gift"), "de") == "Geschenke" and render(name(None, "gift"), "en") == "Gift"
    assert list(shipped()) == [spec.id for spec in load_catalogue()]


def test_every_shipped_card_has_its_name_and_what_it_does_in_both_languages():
    for spec in load_catalogue():
        kind = spec.kind()
        assert {language for language, _ in kind.names} == {"de", "en"}, spec.id
        assert {language for language, _ in kind.does} == {"de", "en"}, spec.id
        assert render(name(None, spec.id), "de") != render(name(None, spec.id), "en"), spec.id


def test_a_local_text_falls_back_to_english_then_to_what_is_given():
    assert render(Local({"de": "nur Deutsch"}), "en") == "nur Deutsch"
    assert render(Local({"en": "only English", "de": "Deutsch"}), "de") == "Deutsch"
    assert render(Local({"fr": "x", "en": "English"}), "de") == "English"
    assert render(Local("the same"), "de") == render(Local("the same"), "en") == "the same"
