"""What just happened in Die Glücksritter, in German and English: real commands played through the
engine (the scenario files' games and positions arranged with the engine's corrections), their
public events turned into lines, every automatic ruling with its reason, no drawn document ever
named; and every reason the engine's code can write is one the lines know."""

from __future__ import annotations

import ast
import re
import string
import typing
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion.catalogue import load_catalogue
from companion.games.gluecksritter.happenings import HANDLERS, classify, lines
from companion.games.gluecksritter.scenario import build_command, build_setup
from companion.i18n import render
from companion.scenario.parse import CommandLine, HistoryOp, read_scenario
from engines.gluecksritter import GAME, OSULLIVAN
from engines.gluecksritter.commands import AcceptOffer, ChooseFirstOfferer, Decline, KnightAct, MakeOffer
from engines.gluecksritter.events import Event
from tests.engines.gluecksritter.helpers import Table, c

ROOT = Path(__file__).resolve().parents[4]
SCENARIOS = ROOT / "tests" / "scenarios" / "gluecksritter"
ENGINE = ROOT / "engines" / "gluecksritter"


# ----------------------------------------------------------------------------- playing


@cache
def played(name: str) -> tuple[tuple[str, tuple[dict[str, Any], ...], dict[str, Any]], ...]:
    """A scenario's accepted commands in order: (its text, its public events, the public view
    after it). Refused commands and expectations are skipped; undo and redo step through the
    states as the journal would."""
    (path,) = SCENARIOS.glob(f"{name}*.scn")
    scenario = read_scenario(path)
    state = GAME.setup(build_setup(scenario.header, path.parent, path, scenario.game_line))
    past: list[Any] = []
    future: list[Any] = []
    out = []
    for st in scenario.statements:
        if isinstance(st, HistoryOp):
            if st.op == "undo":
                future.append(state)
                state = past.pop()
            else:
                past.append(state)
                state = future.pop()
            continue
        if not isinstance(st, CommandLine):
            continue
        events = GAME.decide(state, build_command(st))
        past.append(state)
        future.clear()
        for event in events:
            state = GAME.evolve(state, event)
        out.append((st.text, tuple(GAME.public_event(e) for e in events), GAME.public_view(state)))
    return tuple(out)


def said(name: str, command: str, nth: int = 0) -> tuple[list[str], list[str]]:
    """The lines (English, German) of the ``nth`` command of a scenario that is written ``command``."""
    found = [(events, view) for text, events, view in played(name) if text == command]
    assert len(found) > nth, f"{command!r} is not played {nth + 1} times in {name}"
    events, view = found[nth]
    texts = lines(events, after=view)
    return [render(t, "en") for t in texts], [render(t, "de") for t in texts]


def table_lines(events: list[Any], table: Table) -> tuple[list[str], list[str]]:
    texts = lines([GAME.public_event(e) for e in events], after=GAME.public_view(table.state))
    return [render(t, "en") for t in texts], [render(t, "de") for t in texts]


# ----------------------------------------------------------------------------- the royal tax


def test_a_royal_tax_falls_due_after_the_shares_and_says_the_count_reached():
    en, de = said("37", "decline blue")
    assert "Red and Blue share field 5: each takes 4 silver and 2 gold." in en
    assert "Rot und Blau teilen sich Feld 5: Jeder nimmt 4 Silber und 2 Gold." in de
    assert "Red owes royal tax on silver: 11 silver reached." in en
    assert "Red owes royal tax on gold: 8 gold reached." in en
    assert "Rot schuldet Königssteuer auf Silber: 11 Silber erreicht." in de
    assert "Rot schuldet Königssteuer auf Gold: 8 Gold erreicht." in de


def test_paying_the_royal_tax_says_half_of_what_was_reached_then_the_round_goes_on():
    en, de = said("37", "pay-royal-tax red")
    assert en[:2] == ["Red pays 5 silver royal tax: 11 silver reached.", "Red pays 4 gold royal tax: 8 gold reached."]
    assert de[:2] == [
        "Rot zahlt 5 Silber Königssteuer: 11 Silber erreicht.",
        "Rot zahlt 4 Gold Königssteuer: 8 Gold erreicht.",
    ]
    assert "Green takes everything on field 6 alone: 2 silver." in en
    assert "Grün nimmt allein alles von Feld 6: 2 Silber." in de
    assert "Green owes royal tax on silver: 8 silver reached." in en  # counted before this payment's field 6
    en, de = said("37", "pay-royal-tax green")
    assert en == ["Green pays 4 silver royal tax: 8 silver reached.", "Round 1 is over: no castle is complete."]
    assert de == [
        "Grün zahlt 4 Silber Königssteuer: 8 Silber erreicht.",
        "Runde 1 ist vorbei: Keine Burg ist vollständig.",
    ]


def test_a_gift_cancels_the_royal_tax_and_says_so():
    found = [
        (text, lines(events, after=view))
        for text, events, view in played("38")
        if any(e["type"] == "royal-tax-settled" and e["waived"] for e in events)
    ]
    assert found
    _, texts = found[0]
    en, de = [render(t, "en") for t in texts], [render(t, "de") for t in texts]
    assert any(re.fullmatch(r"A Gift cancels \w+'s royal tax on (silver|gold)\.", line) for line in en), en
    assert any(re.fullmatch(r"Ein Geschenk erlässt \w+ die Königssteuer auf (Silber|Gold)\.", line) for line in de), de
    assert any("plays the document" in line for line in en)


def test_a_correction_below_8_settles_the_tax_with_the_reason():
    table = Table.new()
    table.give("red", silver=7)
    table.to_resolve(field5=c(2, 0), red=(5, 6), blue=(1, 2), green=(1, 2))
    while table.state.todo:
        table.do(Decline(table.state.todo[0]))
    assert table.state.taxes == (("red", "silver"),)
    events = table.correct("red.silver", 5)
    en, de = table_lines(events, table)
    assert en[1] == "Red owes no royal tax on silver any more: fewer than 8 now."
    assert de[1] == "Rot schuldet keine Königssteuer auf Silber mehr: jetzt weniger als 8."
    assert en[0] == "Corrected by hand: Red's silver from 9 to 5 (arranging the test position)."
    assert de[0] == "Von Hand korrigiert: Silber von Rot von 9 auf 5 (arranging the test position)."


# ----------------------------------------------------------------------------- shares, change, the sack


def test_an_uneven_field_says_what_stays_on_it():
    en, de = said("07", "buy-pieces green count=1 payment=1s2g")
    assert "Blue and Green share field 5: each takes 1 silver; left on the field: 1 gold." in en
    assert "Blau und Grün teilen sich Feld 5: Jeder nimmt 1 Silber; auf dem Feld bleibt: 1 Gold." in de
    assert "Green buys 1 tower for 1 silver and 2 gold." in en
    assert "Grün kauft 1 Turm für 1 Silber und 2 Gold." in de


def test_without_the_view_a_share_leaves_the_rest_out():
    events = [e for text, events, _ in played("07") if text == "buy-pieces green count=1 payment=1s2g" for e in events]
    en = [render(t, "en") for t in lines(events)]
    assert "Blue and Green share field 5: each takes 1 silver." in en


# ----------------------------------------------------------------------------- fields 5 and 6: what is taken


def test_a_lone_taker_takes_everything_on_the_field_and_says_the_coins():
    en, de = said("34", "decline yellow", 1)
    assert "Red takes everything on field 5 alone: 3 silver and 5 gold." in en
    assert "Rot nimmt allein alles von Feld 5: 3 Silber und 5 Gold." in de
    en, de = said("02", "buy-pieces green count=1")
    assert "Red takes everything on field 6 alone: 2 gold." in en
    assert "Rot nimmt allein alles von Feld 6: 2 Gold." in de


def test_a_shared_field_says_each_share_and_what_is_left_on_it():
    en, de = said("34", "decline yellow", 1)
    assert "Blue and Green share field 6: each takes 1 silver and 2 gold; left on the field: 1 silver and 1 gold." in en
    assert (
        "Blau und Grün teilen sich Feld 6: Jeder nimmt 1 Silber und 2 Gold; auf dem Feld bleibt: 1 Silber und 1 Gold."
        in de
    )
    en, de = said("34", "decline red", 1)
    assert "Blue, Green and Yellow share field 5: each takes 1 silver and 1 gold; left on the field: 2 gold." in en
    assert "Blau, Grün und Gelb teilen sich Feld 5: Jeder nimmt 1 Silber und 1 Gold; auf dem Feld bleibt: 2 Gold." in de
    assert (
        "Field 6: too little to share evenly between Blue, Green and Yellow; left on the field: 2 silver and 2 gold."
        in en
    )
    assert (
        "Feld 6: zu wenig, um gleichmäßig auf Blau, Grün und Gelb zu verteilen; "
        "auf dem Feld bleibt: 2 Silber und 2 Gold." in de
    )


def test_a_share_of_only_the_silver_says_the_gold_stays():
    en, de = said("07", "buy-pieces green count=1 payment=1s2g")
    assert "Blue and Green share field 5: each takes 1 silver; left on the field: 1 gold." in en
    assert "Blau und Grün teilen sich Feld 5: Jeder nimmt 1 Silber; auf dem Feld bleibt: 1 Gold." in de


def test_a_share_of_only_the_gold_says_the_silver_stays():
    table = Table.new()
    table.to_resolve(field5=c(1, 2), red=(1, 5), blue=(2, 5), green=(1, 2))
    events: list[Any] = []
    while table.state.todo:
        events = table.do(Decline(table.state.todo[0]))
    en, de = table_lines(events, table)
    assert "Red and Blue share field 5: each takes 1 gold; left on the field: 1 silver." in en
    assert "Rot und Blau teilen sich Feld 5: Jeder nimmt 1 Gold; auf dem Feld bleibt: 1 Silber." in de


def test_the_black_knight_takes_only_the_gold_and_says_what_is_left():
    en, de = said("11", "knight-act red action=field5")
    assert en[0] == "Red takes the gold from field 5 as the Black Knight: 3 gold; left on the field: 1 silver."
    assert de[0] == "Rot nimmt als Schwarzer Ritter das Gold von Feld 5: 3 Gold; auf dem Feld bleibt: 1 Silber."
    en, de = said("03", "knight-act blue action=field5")
    assert "Blue takes the gold from field 5 as the Black Knight: 3 gold; left on the field: 2 silver." in en
    assert "Red and Blue share field 5: each takes 1 silver." in en  # then the silver is shared
    assert "Rot und Blau teilen sich Feld 5: Jeder nimmt 1 Silber." in de
    en, de = said("54", "knight-act red action=field5")
    assert "Red takes the gold from field 5 as the Black Knight: 6 gold." in en
    assert "Rot nimmt als Schwarzer Ritter das Gold von Feld 5: 6 Gold." in de


def test_the_black_knight_on_a_field_without_gold_says_the_silver_stays():
    table = Table.new()
    table.to_resolve(field5=c(3, 0), red=(4, 1), blue=(1, 2), green=(1, 2))
    while table.state.todo:
        table.do(Decline(table.state.todo[0]))
    events = table.do(KnightAct("red", "field5"))
    en, de = table_lines(events, table)
    assert en[0] == "Red chooses field 5 as the Black Knight: it holds no gold; left on the field: 3 silver."
    assert de[0] == "Rot wählt als Schwarzer Ritter Feld 5: Dort liegt kein Gold; auf dem Feld bleibt: 3 Silber."


def test_without_the_view_the_black_knight_says_only_the_gold():
    events = [e for text, events, _ in played("11") if text == "knight-act red action=field5" for e in events]
    assert render(lines(events)[0], "en") == "Red takes the gold from field 5 as the Black Knight: 3 gold."


def test_change_from_the_sack_says_why():
    en, de = said("07", "buy-pieces red count=1 payment=3g")
    assert en[:2] == [
        "Red buys 1 tower for 3 gold.",
        "Red gets 1 silver change from the sack: paid in gold for an odd sum.",
    ]
    assert de[:2] == [
        "Rot kauft 1 Turm für 3 Gold.",
        "Rot bekommt 1 Silber Wechselgeld aus dem Sack: mit Gold für eine ungerade Summe bezahlt.",
    ]


def test_a_gold_coin_changed_at_the_sack_is_one_line_with_its_reason():
    found = [
        lines(events, after=view)
        for _, events, view in played("25")
        if any(e["type"] == "coins-moved" and e["reason"] == "changing a gold coin" for e in events)
    ]
    assert found
    en, de = [render(t, "en") for t in found[0]], [render(t, "de") for t in found[0]]
    assert "Yellow changes 1 gold at the sack for 2 silver to give change." in en
    assert "Gelb wechselt 1 Gold am Sack in 2 Silber, um herauszugeben." in de
    assert "Yellow gives Green 1 silver change: paid in gold for an odd sum." in en
    assert "Gelb gibt Grün 1 Silber Wechselgeld: mit Gold für eine ungerade Summe bezahlt." in de
    assert sum("changes" in line for line in en) == 1


def test_a_sack_that_runs_short_says_so():
    lines_en = [render(t, "en") for _, events, view in played("42") for t in lines(events, after=view)]
    lines_de = [render(t, "de") for _, events, view in played("42") for t in lines(events, after=view)]
    assert any(re.fullmatch(r"The sack ran short: \d+ coins? fewer than the card shows\.", x) for x in lines_en)
    assert any(re.fullmatch(r"Der Sack reicht nicht: \d+ Münzen? weniger, als die Karte zeigt\.", x) for x in lines_de)


# ----------------------------------------------------------------------------- the dungeon


@pytest.mark.parametrize(
    ("name", "command", "en", "de"),
    [
        (
            "26",
            "take-document yellow document=gift",
            "The Black Knights of Red, Blue and Green go to the dungeon: three or more Black Knights.",
            "Die Schwarzen Ritter von Rot, Blau und Grün kommen ins Verlies: drei oder mehr Schwarze Ritter.",
        ),
        (
            "20",
            "roll-die blue value=4",
            "The Black Knights of Red and Blue go to the dungeon: equal duel rolls.",
            "Die Schwarzen Ritter von Rot und Blau kommen ins Verlies: gleiche Würfe im Duell.",
        ),
        (
            "19",
            "roll-die red value=5",
            "Blue's Black Knight goes to the dungeon: lost the duel.",
            "Der Schwarze Ritter von Blau kommt ins Verlies: Duell verloren.",
        ),
        (
            "24",
            "decline-to-offer red",
            "The Black Knights of Red and Blue go to the dungeon: neither knight made an offer.",
            "Die Schwarzen Ritter von Rot und Blau kommen ins Verlies: Keiner der beiden hat geboten.",
        ),
        (
            "12",
            "knight-act red action=field6",
            "Red's Black Knight goes to the dungeon: the Black Knight was seen.",
            "Der Schwarze Ritter von Rot kommt ins Verlies: Der Schwarze Ritter wurde gesehen.",
        ),
    ],
)
def test_every_way_into_the_dungeon_says_why(name, command, en, de):
    lines_en, lines_de = said(name, command)
    assert en in lines_en
    assert de in lines_de


def test_a_duel_says_the_rolls_and_the_winner():
    en, de = said("19", "roll-die red value=5")
    assert en[0] == "Red rolls 5."
    assert "Red wins the duel and is the Black Knight." in en
    assert "Rot gewinnt das Duell und ist der Schwarze Ritter." in de


def test_a_knight_jailed_by_a_correction_does_not_act_and_says_why():
    texts = [t for _, events, view in played("65") for t in lines(events, after=view)]
    en = [render(t, "en") for t in texts]
    de = [render(t, "de") for t in texts]
    assert any(x.endswith("sits in the dungeon after a correction and does not act.") for x in en), en
    assert any("nach einer Korrektur im Verlies" in x for x in de)


# ----------------------------------------------------------------------------- raids, haggling


def test_a_raid_on_a_penniless_victim_takes_nothing_and_says_why():
    en, de = said("14", "knight-act red action=raid victim=green face=4")
    assert en[:2] == [
        "Red raids Green: the special die shows the sack.",
        "Green holds no coins: the raid takes nothing.",
    ]
    assert de[:2] == [
        "Rot überfällt Grün: Der Sonderwürfel zeigt den Sack.",
        "Grün hat keine Münzen: Der Überfall bringt nichts.",
    ]


def test_a_raid_on_a_castle_without_room_says_why():
    en, de = said("17", "knight-act red action=raid victim=blue face=6")
    assert "The raid takes nothing: Blue has no piece that Red's castle has room for." in en
    assert "Der Überfall bringt nichts: Blau hat kein Teil, für das die Burg von Rot Platz hat." in de


def test_two_walls_of_an_accepted_offer_are_one_line():
    table = Table.new(rules=OSULLIVAN)
    table.give("red", walls=1)
    table.give("blue", walls=3)
    table.to_resolve(red=(4, 5), blue=(4, 6), green=(1, 2))
    while table.state.todo:
        table.do(Decline(table.state.todo[0]))
    assert table.knight.stage == "choose-first", table.knight
    table.do(ChooseFirstOfferer("red", "blue"))
    table.do(MakeOffer("blue", walls=2))
    en, de = table_lines(table.do(AcceptOffer("red")), table)
    assert en == [
        "Red accepts Blue's offer of 2 walls: Blue is the Black Knight.",
        "Blue gives Red 2 walls for the accepted offer.",
    ]
    assert de == [
        "Rot nimmt das Angebot von Blau an (2 Mauern): Blau ist der Schwarze Ritter.",
        "Blau gibt Rot 2 Mauern für das angenommene Angebot.",
    ]
    en, de = table_lines(table.do(KnightAct("blue", "pass")), table)
    assert en[:2] == [
        "Blue passes as the Black Knight.",
        "The Black Knights of Red and Blue go to the dungeon: the Black Knight was seen.",
    ]


def test_paying_an_offer_names_coins_and_the_reason():
    en, de = said("25", "pay-offer red")
    assert en == [
        "Red pays Blue 2 gold for the accepted offer.",
        "Blue gives Red 1 silver change: paid in gold for an odd sum.",
    ]
    assert de == [
        "Rot zahlt Blau 2 Gold für das angenommene Angebot.",
        "Blau gibt Rot 1 Silber Wechselgeld: mit Gold für eine ungerade Summe bezahlt.",
    ]


# ----------------------------------------------------------------------------- fields 1 to 3, the end


def test_a_player_passed_over_hears_why():
    texts = [t for _, events, view in played("64") for t in lines(events, after=view)]
    en = [render(t, "en") for t in texts]
    de = [render(t, "de") for t in texts]
    assert any(re.fullmatch(r"\w+ is passed over on field \d: .+\.", x) for x in en), en
    assert any(re.fullmatch(r"\w+ wird auf Feld \d übergangen: .+\.", x) for x in de), de
    assert not any("was passed over" in x for x in en + de)  # never the engine's raw reason


@pytest.mark.parametrize(
    ("reason", "en", "de"),
    [
        ("red can't draw a document (none is left) and was passed over", "no document is left", "kein Dokument mehr"),
        ("red can't pay 4 for a document and was passed over", "cannot pay 4 Ducats for a document", "kann 4 Dukaten"),
        (
            "red can't buy a wall (none is left in the supply) and was passed over",
            "no wall is left",
            "keine Mauer mehr",
        ),
        (
            "red can't buy a tower (none is left in the supply) and was passed over",
            "no tower is left",
            "kein Turm mehr",
        ),
        ("red can't build another wall (the castle holds 4) and was passed over", "already has 4 walls", "4 Mauern"),
        ("red can't build another tower (the castle holds 4) and was passed over", "already has 4 towers", "4 Türme"),
        ("red can't pay 6 for a wall and was passed over", "cannot pay 6 Ducats for a wall", "für eine Mauer"),
        ("red can't pay 7 for a tower and was passed over", "cannot pay 7 Ducats for a tower", "für einen Turm"),
    ],
)
def test_every_reason_for_passing_over_is_said_in_both_languages(reason, en, de):
    event = {"type": "player-passed-over", "player": "red", "field": 2, "reason": reason}
    (text,) = lines([event])
    assert en in render(text, "en") and render(text, "en").startswith("Red is passed over on field 2: ")
    assert de in render(text, "de") and render(text, "de").startswith("Rot wird auf Feld 2 übergangen: ")


def test_the_end_of_the_game_and_a_verdict_judged_again_say_why():
    texts = [t for _, events, view in played("66") for t in lines(events, after=view)]
    en = [render(t, "en") for t in texts]
    de = [render(t, "de") for t in texts]
    assert any(
        re.fullmatch(r"\w+ wins: (the only complete castle|a complete castle and the most Ducats)\.", x) for x in en
    )
    assert any(x.startswith("After the correction ") for x in en), en
    assert any(x.startswith("Nach der Korrektur ") for x in de), de
    en48 = [render(t, "en") for _, events, view in played("48") for t in lines(events, after=view)]
    assert any(x.endswith("win together: complete castles and equal Ducats.") for x in en48), en48


def test_a_deck_refilled_from_the_played_documents_says_so():
    en = [render(t, "en") for _, events, view in played("32") for t in lines(events, after=view)]
    de = [render(t, "de") for _, events, view in played("32") for t in lines(events, after=view)]
    assert any(
        re.fullmatch(r"The deck is empty: \d+ played documents? (is|are) shuffled into a new deck\.", x) for x in en
    )
    assert any(x.startswith("Der Nachziehstapel ist leer: ") for x in de)


# ----------------------------------------------------------------------------- secrets


def test_a_drawn_document_is_never_named():
    ids = {spec.id for spec in load_catalogue()}
    names = {name for spec in load_catalogue() for _, name in spec.kind().names}
    drawn = 0
    for path in sorted(SCENARIOS.glob("*.scn")):
        for text, events, view in played(path.name[:2]):
            if not any(e["type"] == "document-drawn" for e in events):
                continue
            drawn += 1
            assert all(e["document"] is None for e in events if e["type"] == "document-drawn")
            for t in lines(events, after=view):
                for language in ("en", "de"):
                    line = render(t, language)
                    assert not any(i in line.lower() for i in ids), (text, line)
                    assert not any(n in line for n in names), (text, line)
    assert drawn > 10


def test_a_choice_never_names_the_cards_before_the_reveal():
    en, de = said("37", "choose-actions red cards=2,5")
    assert en == ["Red has locked in 2 action cards."]
    assert de == ["Rot hat 2 Aktionskarten gewählt."]
    en, de = said("37", "reveal-actions")
    assert en[0] == "Action cards: Red 2 and 5, Blue 3 and 5, Green 2 and 6."
    assert de[0] == "Aktionskarten: Rot 2 und 5, Blau 3 und 5, Grün 2 und 6."


# ----------------------------------------------------------------------------- every event, every reason


def test_every_event_of_the_engine_has_its_lines():
    types = {typing.get_type_hints(cls)["type"].__args__[0] for cls in typing.get_args(Event)}
    assert types <= set(HANDLERS), sorted(types - set(HANDLERS))


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.scn")), ids=lambda p: p.name[:2])
def test_every_scenario_renders_in_both_languages(path):
    for text, events, view in played(path.name[:2]):
        for t in lines(events, after=view) + lines(events):
            en, de = render(t, "en"), render(t, "de")
            assert en and de and "{" not in en + de, (text, en, de)
            assert en[0].isupper() and de[0].isupper(), (text, en, de)


def test_an_unknown_reason_is_still_shown():
    (text,) = lines([{"type": "knights-imprisoned", "players": ("red",), "reason": "a new rule"}])
    assert render(text, "en") == "Red's Black Knight goes to the dungeon: a new rule."
    assert render(text, "de") == "Der Schwarze Ritter von Rot kommt ins Verlies: a new rule."
    moved = {"type": "coins-moved", "source": "sack", "target": "red", "coins": {"silver": 1, "gold": 0}, "reason": "?"}
    (text,) = lines([moved])
    assert render(text, "en") == "1 silver from the sack to Red: ?."
    assert render(text, "de") == "1 Silber von dem Sack zu Rot: ?."


# The values the engine's built reasons are made with, by the expression written in the f-string
# or the name in a template.
SAMPLES: dict[str, tuple[Any, ...]] = {
    "player": ("red",),
    "price": (4, 6, 7),
    "piece": ("wall", "tower"),
    "kind": ("silver", "gold"),
    "field": (5, 6),
    "cmd.count": (1, 2),
    "CASTLE_LIMIT": (4,),
    "limit": (4,),
}
# Where a reason is made: the event (or payment) and the place of its ``reason`` argument.
REASON_ARGS = {
    "CoinsMoved": ("coins-moved", 3),
    "PieceMoved": ("piece-moved", 3),
    "KnightsImprisoned": ("knights-imprisoned", 1),
    "GameEnded": ("game-ended", 1),
    "VictoryJudgedAgain": ("victory-judged-again", 1),
    "pay_sack": ("coins-moved", 4),
    "pay_player": ("coins-moved", 5),
}
# A player passed over carries the text of the refusal his decisions on the field would get (or,
# written the older way, a returned f-string): every literal that ends so is such a reason.
PASSED_OVER = "and was passed over"
# The verdict's "no complete castle" ends no game and judges no victory again (both only with
# winners); evolve.py only applies events and writes none.
NEVER_WRITTEN = {
    ("game-ended", "no complete castle"),
    ("victory-judged-again", "after the correction: no complete castle"),
}


def _texts(node: ast.expr, samples: dict[str, tuple[Any, ...]]) -> list[str] | None:
    """Every string a literal, a template or an f-string can be with the sample values; None
    for anything else (a name: its values are found where they are written)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        out = [""]
        for literal, name, _spec, _conv in string.Formatter().parse(node.value):
            out = [o + literal for o in out]
            if name is not None:
                assert name in samples, f"no sample values for {{{name}}} in a reason: add them to SAMPLES"
                out = [o + str(v) for o in out for v in samples[name]]
        return out
    if isinstance(node, ast.JoinedStr):
        out = [""]
        for part in node.values:
            if isinstance(part, ast.Constant):
                out = [o + str(part.value) for o in out]
            else:
                assert isinstance(part, ast.FormattedValue)
                key = ast.unparse(part.value)
                assert key in samples, f"no sample values for {{{key}}} in a reason: add them to SAMPLES"
                out = [o + str(v) for o in out for v in samples[key]]
        return out
    return None


def engine_reasons() -> set[tuple[str, str]]:
    """(event type, reason) for every reason written in the engine's code."""
    trees = [
        ast.parse(path.read_text(encoding="utf-8")) for path in sorted(ENGINE.glob("*.py")) if path.name != "evolve.py"
    ]
    found: set[tuple[str, str]] = set()
    for tree in trees:
        parts = {id(part) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for part in node.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "verdict":
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple):
                        found.update(("game-ended", text) for text in _texts(ret.value.elts[1], SAMPLES) or [])
            if isinstance(node, ast.Constant | ast.JoinedStr) and id(node) not in parts:
                texts = _texts(node, SAMPLES) if PASSED_OVER in ast.unparse(node) else None
                found.update(("player-passed-over", text) for text in texts or [] if text.endswith(PASSED_OVER))
    samples = {**SAMPLES, "reason": tuple(reason for kind, reason in found if kind == "game-ended")}
    for tree in trees:
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
            if name not in REASON_ARGS:
                continue
            kind, index = REASON_ARGS[name]
            arg = next((k.value for k in call.keywords if k.arg == "reason"), None)
            if arg is None and len(call.args) > index:
                arg = call.args[index]
            found.update((kind, text) for text in (_texts(arg, samples) if arg is not None else None) or [])
    return found - NEVER_WRITTEN


def test_the_engine_reasons_are_found():
    reasons = engine_reasons()
    kinds = {kind for kind, _ in reasons}
    assert kinds >= {
        "coins-moved",
        "piece-moved",
        "knights-imprisoned",
        "player-passed-over",
        "game-ended",
        "victory-judged-again",
    }
    assert ("coins-moved", "share of field 5") in reasons
    assert ("coins-moved", "royal tax on gold") in reasons
    assert ("coins-moved", "2 tower(s)") in reasons
    assert ("player-passed-over", "red can't pay 6 for a wall and was passed over") in reasons
    assert ("victory-judged-again", "after the correction: the only complete castle") in reasons
    assert len(reasons) > 30


def test_every_reason_the_engine_can_write_is_mapped():
    unmapped = sorted((kind, reason) for kind, reason in engine_reasons() if classify(kind, reason) is None)
    assert not unmapped, f"reasons the lines do not know (add them to happenings.REASONS): {unmapped}"


# ----------------------------------------------------------------------------- documents' effects


def test_a_documents_effect_is_said_with_the_card_named_by_the_catalogue():
    en, de = said("68", "apply-document red document=yellow-seal moves=sack>red:2s,supply>red:1w")
    assert en == [
        "Red takes 2 silver from the sack: the document “Yellow seal”.",
        "Red takes 1 wall from the supply: the document “Yellow seal”.",
    ]
    assert de[0] == "Rot nimmt 2 Silber aus dem Sack: das Dokument „Gelbes Siegel“."
    en, de = said("68", "play-document red document=yellow-seal")
    assert en == ["Red plays the document “Yellow seal”."] and de == ["Rot spielt das Dokument „Gelbes Siegel“."]


def test_an_effect_that_moves_nothing_says_so_and_a_revealed_card_is_named():
    en, de = said("68", "reveal-documents", 1)
    assert en[0] == "Blue reveals the document “Red seal”." and de[0] == "Blau deckt das Dokument „Rotes Siegel“ auf."
    table = Table.new().deal("red", "yellow-seal")
    table.place()
    table.choose(red=(5, 6), blue=(5, 6), green=(5, 6))
    from engines.gluecksritter.commands import ApplyDocument, PlayDocument

    table.do(PlayDocument("red", "yellow-seal"))
    en, de = table_lines(table.do(ApplyDocument("red", "yellow-seal")), table)
    assert en == ["Red's document “Yellow seal” moves nothing the app keeps."]
    assert de == ["Das Dokument „Gelbes Siegel“ von Rot bewegt nichts, was die App zählt."]


def test_a_corrected_hand_is_counted_never_named():
    en, de = said("68", 'correct-hand blue documents=red-seal reason="table check"')
    assert en == ["Corrected by hand: Blue's documents from 0 to 1 (table check)."]
    assert de == ["Von Hand korrigiert: Dokumente von Blau von 0 auf 1 (table check)."]


PLAYER_COLOURS = re.compile(r"\b(red|blue|green|yellow|white|black|orange|purple)\b")


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.scn")), ids=lambda p: p.name[:2])
def test_every_player_is_named_as_the_screen_names_them(path):
    """No lowercase colour id in a line, with the view or without it: "Blue names Red to offer
    first"; with names given, the name and the colour ("Anna (Blue) names Ben (Red) ...")."""
    for text, events, view in played(path.name[:2]):
        typed = [e["reason"] for e in events if e["type"] in ("corrected", "hand-corrected")]  # the table's words
        for t in lines(events, after=view) + lines(events):
            en = render(t, "en")
            for words in typed:
                en = en.replace(words, "")
            assert not PLAYER_COLOURS.search(en), (text, en)


def test_a_named_player_is_named_with_the_colour_in_every_line():
    view = {"players": [{"colour": "blue", "name": "Anna"}, {"colour": "red", "name": "Ben"}]}
    events = [{"type": "first-offerer-chosen", "decider": "blue", "offerer": "red"}]
    assert [render(t, "en") for t in lines(events, after=view)] == ["Anna (Blue) names Ben (Red) to offer first."]
    assert [render(t, "en") for t in lines(events)] == ["Blue names Red to offer first."]
