"""Raubritter's refusals in the table's language: a refusal raised by the engine is a template with
plain values; the table says it in German or English, with the colours, tile kinds and knights'
stacks as words of that language and the places and numbers as they are."""

from __future__ import annotations

import re

import pytest
from babel.messages.extract import extract_from_dir

from companion.i18n import render
from companion.i18n.compile import merged
from companion.i18n.extract import ENGINES
from companion.i18n.refusals import refusal_text
from engines.core.correction import Correct
from engines.core.errors import RuleViolation
from engines.core.history import History
from engines.raubritter import GAME, Setup
from engines.raubritter.commands import CorrectStack, CorrectTile, EndTurn, LayTile


def game() -> History:
    """Ben (red) is older and begins; both lay their initial pair along y = 0: red a plain at 0,0
    and a forest village at 1,0, blue mountains at 2,0 and a plain town at 3,0."""
    players = [("Anna", "1980-05-01", "blue"), ("Ben", "1975-02-05", "red")]
    h = History(GAME, Setup(players=[{"name": n, "birthday": b, "colour": c} for n, b, c in players]))
    for colour, kind, x in (("red", "plain", 0), ("red", "forest-village", 1), ("blue", "mountains", 2)):
        h.apply(LayTile(colour, kind, x, 0))
    h.apply(LayTile("blue", "plain-town", 3, 0))
    return h


def refusal(h: History, command) -> RuleViolation:
    with pytest.raises(RuleViolation) as error:
        h.apply(command)
    return error.value


def said(violation: RuleViolation) -> tuple[str, str]:
    text = refusal_text(violation, "raubritter")
    return render(text, "en"), render(text, "de")


def with_a_march() -> History:
    h = game()
    h.apply(LayTile("red", "plain-castle", -1, 0, (1, 1, 3), "east"))  # red 1 at -1,0 and 0,0, 3 at 1,0
    return h


CASES = [
    (
        lambda: (game(), LayTile("blue", "plain", 4, 0)),
        "turn.not-yours",
        "It is Red's turn, not Blue's, to lay a tile",
        "Rot ist am Zug: Blau darf jetzt kein Plättchen legen",
    ),
    (
        lambda: (game(), EndTurn("blue")),
        "turn.not-yours",
        "It is Red's turn, not Blue's, to end the turn",
        "Rot ist am Zug: Blau kann den Zug nicht beenden",
    ),
    (
        lambda: (game(), CorrectTile(0, 0, "plain", "as it is")),
        "correction.same",
        "The tile at 0,0 is a plain already",
        "Das Plättchen bei 0,0 ist schon Ebene",
    ),
    (
        lambda: (game(), CorrectTile(0, 0, "plain-castle", "a castle", player="blue")),
        "correction.owner",
        "The tile at 0,0 is Red's: take it back (kind none) and add Blue's",
        "Das Plättchen bei 0,0 gehört Rot: Nimm es zurück (kind none) und füge eins von Blau hinzu",
    ),
    (
        lambda: (game(), LayTile("red", "plain-castle", -1, 0, (1, 1, 1, 2), "east")),
        "march.minimum",
        "At least 2 knights stay on the forest at 1,0",
        "Im Wald bei 1,0 bleiben mindestens 2 Ritter stehen",
    ),
    (
        lambda: (game(), LayTile("red", "plain-castle", -1, 0, (1, 1, 2, 1), "east")),
        "march.minimum",
        "1 knight cannot enter the mountains at 2,0: 3 needed",
        "Für das Gebirge bei 2,0 braucht es 3 Ritter, nicht nur 1",
    ),
    (
        lambda: (game(), LayTile("red", "plain", 5, 5)),
        "tile.not-touching",
        "5,5 shares no edge with a laid tile",
        "Bei 5,5 grenzt kein gelegtes Plättchen mit einer Kante an",
    ),
    (
        lambda: (game(), Correct("red.knights", 30, "all of them")),
        "correction.same",
        "Red has 30 knights in hand already",
        "Rot hat schon 30 Ritter auf der Hand",
    ),
    (
        lambda: (with_a_march(), CorrectStack(1, 0, ("red", "red", "red"), "as they are")),
        "correction.same",
        "The knights on 1,0 are bottom Red, then Red, top Red already",
        "Bei 1,0 stehen schon genau diese Ritter: unten Rot, dann Rot, oben Rot",
    ),
    (
        lambda: (with_a_march(), CorrectStack(1, 0, ("green",), "nobody plays green")),
        "player.unknown",
        "Nobody plays 'Green' at this table",
        "An diesem Tisch spielt niemand 'Grün'",
    ),
]


@pytest.mark.parametrize(("build", "rule", "english", "german"), CASES)
def test_a_refusal_in_german_and_english(build, rule, english, german) -> None:
    h, command = build()
    violation = refusal(h, command)
    assert violation.rule == rule
    en, de = said(violation)
    assert (en, de) == (english, german)
    if not set(violation.values) & {"player", "colour", "owner", "stack"}:  # players are named as on the screens
        assert en[:1].upper() + en[1:] == violation.message[:1].upper() + violation.message[1:]  # the engine's English
    assert not re.search(r"\b(red|blue|green|yellow)\b", en), en
    assert de != en and "{" not in de


def test_a_tile_kind_and_a_colour_are_german_words() -> None:
    h = game()
    h.apply(CorrectTile(0, 0, "lake", "a lake after all"))
    violation = refusal(h, CorrectTile(1, 0, "lake", "a second lake"))  # red's one lake lies at 0,0 now
    assert violation.rule == "tile.none-left" and violation.values == {"player": "red", "kind": "lake"}
    en, de = said(violation)
    assert en == "Red's pile holds no lake tile (24 tiles of fixed kinds)"
    assert de == "Im Stapel von Rot ist kein Plättchen See (24 Plättchen, feste Arten)"


def test_every_raubritter_refusal_has_its_german() -> None:
    templates = {
        message
        for _file, _line, message, _comments, _context in extract_from_dir(
            ENGINES / "raubritter", method_map=[("**.py", "python")], keywords={"RuleViolation": (2,)}, comment_tags=()
        )
    }
    assert len(templates) > 30
    german = {m.id: m.string for m in merged("de") if m.id}
    english = {m.id for m in merged("en") if m.id}
    assert sorted(t for t in templates if not german.get(t)) == []
    assert sorted(templates - english) == []


def test_with_the_table_s_view_players_are_named_as_the_screens_name_them() -> None:
    h = game()
    violation = refusal(h, LayTile("blue", "plain", 4, 0))
    text = refusal_text(violation, "raubritter", GAME.public_view(h.state))
    assert render(text, "en") == "It is Ben (Red)'s turn, not Anna (Blue)'s, to lay a tile"
    assert render(text, "de") == "Ben (Rot) ist am Zug: Anna (Blau) darf jetzt kein Plättchen legen"
