"""What just happened in Schatzjagd, in German and English: real commands played through the engine
(the scenario files' games, and positions played here command by command), their public events
turned into lines: the journey, cards turned up, fights exchange by exchange, flights, deaths and
where the treasures and the gold go, the city's shops, values kept within 0..15, poison, Grandlin's
catharsis and the victory; no line names a card by an id, a treasure's kind or where a card was
slotted face down."""

from __future__ import annotations

import re
import typing
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from companion.games.registry import part
from companion.games.schatzjagd.happenings import HANDLERS, lines
from companion.games.schatzjagd.scenario import build_command, build_setup
from companion.i18n import render
from engines.schatzjagd import GAME, Setup
from engines.schatzjagd.commands import (
    CastSpell,
    Dig,
    EndTurn,
    PlaceCard,
    Reveal,
    Teleport,
    Travel,
    UseSpecial,
)
from engines.schatzjagd.events import Event
from engines.schatzjagd.rules import parse_effect
from tests.companion.games.played import Played
from tests.companion.games.played import played as play

ROOT = Path(__file__).resolve().parents[4]
SCENARIOS = ROOT / "tests" / "scenarios" / "schatzjagd"
KIND = re.compile(r"\b(crown|chalice|orb|sceptre|amulet|ruby|Krone|Kelch|Reichsapfel)s?\b", re.IGNORECASE)

# ----------------------------------------------------------------------------- playing


@cache
def played(name: str) -> Played:
    """The scenario ``name``'s accepted commands, as :func:`tests.companion.games.played.played`."""
    (path,) = SCENARIOS.glob(f"{name}*.scn")
    return play(path, GAME, build_setup, build_command)


def unnamed(view: Any) -> Any:
    """The view with the princes' names left out: the lines call each prince by the colour alone
    (the names are checked on their own below)."""
    if not isinstance(view, dict):
        return view
    return {**view, "players": [{**p, "name": p["colour"]} for p in view.get("players", ())]}


def rendered(texts: list[Any]) -> tuple[list[str], list[str]]:
    return [render(t, "en") for t in texts], [render(t, "de") for t in texts]


def said(name: str, command: str, nth: int = 0) -> tuple[list[str], list[str]]:
    """The lines (English, German) of the ``nth`` command of a scenario that is written ``command``."""
    found = [(events, view) for text, events, view in played(name) if text == command]
    assert len(found) > nth, f"{command!r} is not played {nth + 1} times in {name}"
    events, view = found[nth]
    return rendered(lines(events, after=unnamed(view)))


def said_at(name: str, event_type: str, nth: int = 0) -> tuple[list[str], list[str]]:
    """The lines (English, German) of the ``nth`` command of a scenario with an event of ``event_type``."""
    found = [(events, view) for _, events, view in played(name) if any(e["type"] == event_type for e in events)]
    assert len(found) > nth, f"no {nth + 1} commands with {event_type} in {name}"
    events, view = found[nth]
    return rendered(lines(events, after=unnamed(view)))


class Table:
    """A two-player game (red, blue) played command by command."""

    def __init__(self) -> None:
        self.state = GAME.setup(Setup(players=[{"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"}]))

    def do(self, *commands: Any) -> tuple[list[str], list[str]]:
        """Play the commands; the lines of the last one."""
        events: list[Any] = []
        for command in commands:
            events = GAME.decide(self.state, command)
            for event in events:
                self.state = GAME.evolve(self.state, event)
        return rendered(lines([GAME.public_event(e) for e in events], after=unnamed(GAME.public_view(self.state))))


def effects(*texts: str) -> tuple[Any, ...]:
    return tuple(parse_effect(t) for t in texts)


# ----------------------------------------------------------------------------- the journey and the cards


def test_a_journey_says_the_die_and_where_the_henchman_stopped():
    en, de = said("09", "travel red die=6 to=H7 before=city")
    assert en[0] == "Red rolls 6: the henchman stops on H7, before the city's walls, and spends the night there."
    assert de[0] == "Rot würfelt 6: Der Scherge bleibt bei H7 vor der Stadtmauer stehen und übernachtet dort."
    en, de = said("09", "travel red die=2 to=inn")
    assert en[0] == "Red rolls 2: after its night before the walls the henchman is let in and stops at the inn."
    assert de[0] == (
        "Rot würfelt 2: Nach der Nacht vor den Mauern wird der Scherge eingelassen und bleibt bei dem Gasthaus stehen."
    )
    en, de = said("09", "travel red die=4 to=inn")
    assert en == ["Red rolls 4: the henchman stays at the inn."]
    assert de == ["Rot würfelt 4: Der Scherge bleibt bei dem Gasthaus."]
    en, de = said("39", "travel red die=1 to=castle-blue")
    assert en == ["Red rolls 1: after its night before the walls the henchman is let in and stops in Blue's castle."]


def test_a_card_turned_up_says_its_printed_numbers_and_what_it_did():
    en, de = said("21", "reveal red card=weapon value=4")
    assert en == ["Red turns up the card on E4: the weapon +4; weapons to 4."]
    assert de == ["Rot deckt die Karte bei E4 auf: die Waffe +4; Waffenpunkte auf 4."]
    en, de = said("21", "reveal red card=potion effects=gold+7")
    assert en == ["Red turns up the card on E5: the potion (gold+7); gold to 12."]
    assert de == ["Rot deckt die Karte bei E5 auf: der Trank (Gulden+7); Gulden auf 12."]
    en, de = said("23", "reveal red card=monster value=5 effects=gold+4")
    assert en == [
        "Red turns up the card on F5: the monster (power 5, reward gold+4). It attacks at once, with 15 life."
    ]
    assert de == [
        "Rot deckt die Karte bei F5 auf: der Unhold (Kampfkraft 5, Belohnung Gulden+4). "
        "Er greift sofort an, mit 15 Lebenskraft."
    ]
    en, de = said("36", "reveal red card=special name=teleportal")
    assert en == ["Red turns up the card on B3: the teleportal; it stays on its field."]
    assert de == ["Rot deckt die Karte bei B3 auf: das Teleportal; sie bleibt in ihrem Feld."]


def test_a_spell_or_map_found_goes_into_the_hand():
    found = [
        rendered(lines(events, after=unnamed(view)))
        for text, events, view in played("06")
        if any(e["type"] == "card-taken" for e in events)
    ]
    assert found
    en, de = found[0]
    assert re.fullmatch(r"\w+ turns up the card on [A-Z]+\d+: the (spell|map); it goes into \w+'s hand\.", en[0]), en
    assert re.fullmatch(
        r"\w+ deckt die Karte bei [A-Z]+\d+ auf: der (Zauber|Lageplan); er kommt auf die Hand von \w+\.", de[0]
    )


def test_values_kept_within_0_and_15_say_what_was_lost():
    en, de = said("02", "reveal blue card=potion effects=life+4")
    assert en == ["Blue turns up the card on D4: the potion (life+4); life to 15 (4 lost above 15)."]
    assert de == [
        "Blau deckt die Karte bei D4 auf: der Trank (Lebenskraft+4); Lebenskraft auf 15 (4 über 15 verfallen)."
    ]
    found = [
        rendered(lines(events, after=unnamed(view)))
        for _, events, view in played("03")
        if any(e["type"] == "counter-changed" and e["counter"] == "gold" and e["lost"] for e in events)
    ]
    assert found
    en, de = found[0]
    assert any(re.search(r"gold to 0 \(\d+ lost below 0\)", line) for line in en), en
    assert any(re.search(r"Gulden auf 0 \(\d+ unter 0 verf(ällt|allen)\)", line) for line in de), de


def test_a_card_slotted_face_down_is_only_a_card_face_down():
    for name in ("21", "23", "48"):
        for text, events, view in played(name):
            if not text.startswith("place-card"):
                continue
            en, de = rendered(lines(events, after=unnamed(view)))
            colour = text.split()[1]
            assert en == [f"{colour.title()} slots a card face down into a field."]
            assert de[0].endswith("steckt eine Karte verdeckt in ein Feld.")
            field = re.search(r"field=(\w+)", text)
            assert field and field.group(1) not in en[0] + de[0]
    # an event that still carried the card and its field says no more
    en, de = rendered(lines([{"type": "card-placed", "player": "red", "card": 7, "field": "C3"}]))
    assert en == ["Red slots a card face down into a field."]
    assert de == ["Rot steckt eine Karte verdeckt in ein Feld."]


# ----------------------------------------------------------------------------- fights


def test_an_exchange_between_henchmen_says_both_blows_the_wound_and_the_weapons_worn():
    en, de = said("21", "exchange red die=5 opponent-die=3")
    assert en == [
        "Exchange: Red 11 (6 + 5) against Blue 7 (4 + 3): Blue loses 4 life, 11 left.",
        "Weapons wear by 1 point: Red to 3 and Blue to 1.",
    ]
    assert de == [
        "Schlagabtausch: Rot 11 (6 + 5) gegen Blau 7 (4 + 3): Blau verliert 4 Lebenskraft, noch 11.",
        "Die Waffen nutzen sich um 1 Punkt ab: Rot auf 3 und Blau auf 1.",
    ]
    en, _ = said("21", "exchange red die=2 opponent-die=6")
    assert en[0] == "Exchange: Red 7 (5 + 2) against Blue 9 (3 + 6): Red loses 2 life, 13 left."
    en, de = said("21", "challenge red target=blue")
    assert en == ["Red's henchman attacks Blue's (power 6 against 4)."]
    assert de == ["Der Scherge von Rot greift den Schergen von Blau an (Kampfkraft 6 gegen 4)."]


def test_a_death_in_a_fight_gives_the_treasure_and_the_gold_to_the_killer():
    en, de = said("21", "exchange red die=3 opponent-die=1")
    assert en == [
        "Exchange: Red 5 (2 + 3) against Blue 3 (2 + 1): Blue loses 2 life, 0 left (1 lost below 0).",
        "Blue's henchman dies on K7, killed by Red's in the fight.",
        "As the killer, Red takes 1 treasure and 5 gold from Blue's henchman: gold to 15 (2 lost above 15).",
        "Blue's 3 cards in hand go to the discard pile unseen.",
        "Blue's new henchman stands in its castle with life 15, 5 gold, strength 2 and no weapons; "
        "it sets out next turn.",
    ]
    assert de == [
        "Schlagabtausch: Rot 5 (2 + 3) gegen Blau 3 (2 + 1): Blau verliert 2 Lebenskraft, noch 0 (1 unter 0 verfällt).",
        "Der Scherge von Blau stirbt bei K7, im Kampf vom Schergen von Rot getötet.",
        "Als Bezwinger nimmt Rot dem Schergen von Blau 1 Schatz und 5 Gulden ab: Gulden auf 15 (2 über 15 verfallen).",
        "Die 3 Handkarten von Blau kommen ungesehen auf die Ablage.",
        "Der neue Scherge von Blau steht in seiner Burg: Lebenskraft 15, 5 Gulden, Stärke 2, keine Waffen; "
        "er bricht im nächsten Zug auf.",
    ]


def test_a_monster_fight_counts_the_monsters_life_out_of_15_and_a_death_leaves_the_treasure_guarded():
    en, de = said("23", "exchange red die=6 opponent-die=1")
    assert en == ["Exchange: Red 8 (2 + 6) against the monster 6 (5 + 1): the monster loses 2 life, 13 of 15 left."]
    assert de == [
        "Schlagabtausch: Rot 8 (2 + 6) gegen den Unhold 6 (5 + 1): Der Unhold verliert 2 Lebenskraft, noch 13 von 15."
    ]
    en, de = said("23", "exchange red die=3 opponent-die=4")
    assert en == [
        "Exchange: Red 5 (2 + 3) against the monster 9 (5 + 4): Red loses 4 life, 0 left (3 lost below 0).",
        "Red's henchman dies on F5, killed by the monster.",
        "Red's treasure stays on F5, guarded by the monster that killed the henchman.",
        "Red's 3 cards in hand go to the discard pile unseen.",
        "Red's new henchman stands in its castle with life 15, 5 gold, strength 2 and no weapons; "
        "it sets out next turn.",
    ]
    assert de[1:4] == [
        "Der Scherge von Rot stirbt bei F5, vom Unhold getötet.",
        "Der Schatz von Rot bleibt bei F5 liegen, bewacht vom Unhold, der den Schergen getötet hat.",
        "Die 3 Handkarten von Rot kommen ungesehen auf die Ablage.",
    ]
    en, de = said("23", "travel blue die=6 to=F5")
    assert en[1] == "The monster on F5 attacks Blue's henchman at once: power 5, 15 life."
    assert de[1] == "Der Unhold bei F5 greift den Schergen von Blau sofort an: Kampfkraft 5, 15 Lebenskraft."


def test_equal_blows_wound_nobody():
    en, de = said("30", "exchange red die=4 opponent-die=3")
    assert en == [
        "Exchange: Red 9 (5 + 4) against the monster 9 (6 + 3): equal blows, nobody is wounded.",
        "Weapons wear by 1 point: Red to 2.",
    ]
    assert (
        de[0]
        == "Schlagabtausch: Rot 9 (5 + 4) gegen den Unhold 9 (6 + 3): Gleich harte Schläge, niemand wird verletzt."
    )


def test_a_slain_monster_pays_its_reward_and_gives_the_treasure_it_guarded():
    en, de = said("24", "exchange blue die=6 opponent-die=2")
    assert en == [
        "Exchange: Blue 10 (4 + 6) against the monster 7 (5 + 2): the monster loses 3 life, 0 of 15 left.",
        "Weapons wear by 1 point: Blue to 1.",
        "The monster is slain: Blue wins its reward, gold to 9 and life to 15 (1 lost above 15).",
        "Blue takes the treasure the monster guarded.",
    ]
    assert de[2:] == [
        "Der Unhold ist besiegt: Blau erhält seine Belohnung, Gulden auf 9 und Lebenskraft auf 15 "
        "(1 über 15 verfällt).",
        "Blau nimmt den Schatz, den der Unhold bewacht hat.",
    ]


def test_a_flight_says_the_last_blow_against_the_fleeing_henchmans_power():
    en, de = said("23", "flee blue opponent-die=3")
    assert en == [
        "Blue flees: the monster strikes once more, 8 (5 + 3) against Blue's power 2: Blue loses 6 life, 9 left.",
        "The monster is slotted back into F5 face down.",
    ]
    assert de == [
        "Blau flieht: Der Unhold schlägt noch einmal zu, 8 (5 + 3) gegen die Kampfkraft 2 von Blau: "
        "Blau verliert 6 Lebenskraft, noch 9.",
        "Der Unhold wird wieder verdeckt in Feld F5 gesteckt.",
    ]
    en, de = said("26", "flee blue opponent-die=6")
    assert en == [
        "Blue flees: Red strikes once more, 12 (6 + 6) against Blue's power 3: Blue loses 9 life, 4 left.",
        "Weapons wear by 1 point: Red to 3.",
    ]
    assert de[0] == (
        "Blau flieht: Rot schlägt noch einmal zu, 12 (6 + 6) gegen die Kampfkraft 3 von Blau: "
        "Blau verliert 9 Lebenskraft, noch 4."
    )
    # the challenger flees from the henchman it attacked (no weapon worn, nothing in the events names it)
    en, _ = said("47", "flee red opponent-die=4")
    assert en == ["Red flees: Blue strikes once more, 6 (2 + 4) against Red's power 2: Red loses 4 life, 9 left."]


def test_a_flight_that_kills_is_a_death_by_the_strikers_hand():
    en, de = said("28", "flee red opponent-die=5")
    assert en[:2] == [
        "Red flees: Blue strikes once more, 7 (2 + 5) against Red's power 2: "
        "Red loses 5 life, 0 left (2 lost below 0).",
        "Red's henchman dies fleeing on D5, by Blue's last blow.",
    ]
    assert "As the killer, Blue takes 1 treasure and 5 gold from Red's henchman: gold to 10." in en
    assert "Der Scherge von Rot stirbt bei D5 auf der Flucht, durch den letzten Schlag von Blau." in de
    assert "Als Bezwinger nimmt Blau dem Schergen von Rot 1 Schatz und 5 Gulden ab: Gulden auf 10." in de
    en, de = said("29", "flee red opponent-die=3")
    assert "Red's henchman dies fleeing on D5, by the monster's last blow." in en
    assert "Red's treasure stays on D5, guarded by the monster that killed the henchman." in en


def test_without_the_view_the_game_log_names_the_opponent_as_the_table_did():
    events = next(events for text, events, _ in played("23") if text == "exchange red die=2 opponent-die=6")
    en, de = rendered(lines(events))
    assert en == ["Exchange: Red 4 (2 + 2) against the monster 11 (5 + 6): Red loses 7 life, 8 left."]
    assert de == ["Schlagabtausch: Rot 4 (2 + 2) gegen den Unhold 11 (5 + 6): Rot verliert 7 Lebenskraft, noch 8."]
    events = next(events for text, events, _ in played("21") if text == "exchange red die=5 opponent-die=3")
    assert (
        rendered(lines(events))[0][0] == "Exchange: Red 11 (6 + 5) against Blue 7 (4 + 3): Blue loses 4 life, 11 left."
    )
    # equal blows and no weapons: nothing after the exchange says whom; the event itself does
    for _name, text, events, _view in all_played():
        for event in events:
            if event["type"] in ("exchanged", "fled"):
                log = render(lines([event])[0], "de")
                assert "den Gegner" not in log and "der Gegner" not in log, (text, log)
    # an exchange written before the events named the opponent (an older journal): "the opponent"
    old = {"type": "exchanged", "player": "red", "die": 2, "opponent_die": 2, "blow": 4, "opponent_blow": 4}
    assert rendered(lines([old]))[0] == [
        "Exchange: Red 4 (2 + 2) against the opponent 4 (2 + 2): equal blows, nobody is wounded."
    ]


# ----------------------------------------------------------------------------- spells, specials, the teleportal


def test_a_rival_spell_that_kills_gives_the_caster_the_treasure_and_the_gold():
    table = Table()
    table.do(Travel("red", 3, "B2"), Dig("red", "B2", "crown"), EndTurn("red"), Travel("blue", 4, "K4"))
    en, de = table.do(CastSpell("blue", "red", effects("life-15")))
    assert en == [
        "Blue casts a spell on Red's henchman: life-15; life to 0.",
        "Red's henchman dies on B2, killed by Blue's spell.",
        "As the killer, Blue takes 1 treasure and 5 gold from Red's henchman: gold to 10.",
        "Red's 3 cards in hand go to the discard pile unseen.",
        "Red's new henchman stands in its castle with life 15, 5 gold, strength 2 and no weapons; "
        "it sets out next turn.",
    ]
    assert de[:2] == [
        "Blau wirkt einen Zauber auf den Schergen von Rot: Lebenskraft-15; Lebenskraft auf 0.",
        "Der Scherge von Rot stirbt bei B2 durch den Zauber von Blau.",
    ]


def test_a_special_card_used_and_the_teleportal():
    for keep in (True, False):
        table = Table()
        table.do(Travel("red", 1, "castle-red"), PlaceCard("red", "C3"), EndTurn("red"))
        table.do(Travel("blue", 1, "castle-blue"), PlaceCard("blue", "C4"), EndTurn("blue"), Travel("red", 3, "C3"))
        en, de = table.do(Reveal("red", "special", name="fountain", effects=effects("life+2")))
        assert en == ["Red turns up the card on C3: the special card fountain; it stays on its field."]
        assert de == ["Rot deckt die Karte bei C3 auf: die Spezialkarte fountain; sie bleibt in ihrem Feld."]
        en, de = table.do(UseSpecial("red", keep=keep))
        if keep:
            assert en == ["Red uses the special card fountain on C3: life to 15 (2 lost above 15)."]
            assert de == ["Rot nutzt die Spezialkarte fountain bei C3: Lebenskraft auf 15 (2 über 15 verfallen)."]
        else:  # the card has left the board: its name is not in the view any more
            assert en == [
                "Red uses the special card on C3; it is used up and goes to the discard pile: "
                "life to 15 (2 lost above 15)."
            ]
            assert de == [
                "Rot nutzt die Spezialkarte bei C3; sie ist verbraucht und kommt auf die Ablage: "
                "Lebenskraft auf 15 (2 über 15 verfallen)."
            ]
    en, de = said("37", "teleport red die=4 to=N3")
    assert en == ["Red's henchman steps into the teleportal on E6, rolls 4 and lands on N3."]
    assert de == ["Der Scherge von Rot tritt bei E6 ins Teleportal, würfelt 4 und landet bei N3."]
    en, de = said("36", "teleport red die=1")
    assert en[0] == "Red's henchman steps into the teleportal on B3 and rolls 1: it vanishes in the portal."
    assert "Red's treasure stays on B3, free for anyone to pick up." in en
    assert de[0] == "Der Scherge von Rot tritt bei B3 ins Teleportal und würfelt 1: Er verdampft im Portal."
    assert not any("dies" in line for line in en)  # the portal's line says it


def test_a_teleport_onto_a_field_with_cards_is_a_journey():
    table = Table()
    table.do(Travel("red", 1, "castle-red"), PlaceCard("red", "C3"), EndTurn("red"), Travel("blue", 1, "castle-blue"))
    table.do(PlaceCard("blue", "M9"), EndTurn("blue"), Travel("red", 3, "C3"))
    table.do(Reveal("red", "special", name="teleportal"))
    en, _ = table.do(Teleport("red", 6, "M9"))
    assert en == ["Red's henchman steps into the teleportal on C3, rolls 6 and lands on M9."]


# ----------------------------------------------------------------------------- the city


def test_the_shops_say_their_price_and_what_it_bought():
    en, de = said("09", "inn red")
    assert en == ["Red's henchman washes dishes at the inn for 2 gold: gold to 7."]
    assert de == ["Der Scherge von Rot verdingt sich im Gasthaus als Tellerwäscher für 2 Gulden: Gulden auf 7."]
    en, de = said("10", "healer red cure=yes")
    assert en == ["Red's henchman at the healer: the poison washed out for 5 gold; gold to 0."]
    assert de == ["Der Scherge von Rot beim Heiler: Gift ausgespült für 5 Gulden; Gulden auf 0."]
    en, de = said("11", "healer red heal=3")
    assert en == ["Red's henchman at the healer: 9 life for 3 gold, life to 15 (2 lost above 15); gold to 2."]
    assert de == [
        "Der Scherge von Rot beim Heiler: 9 Lebenskraft für 3 Gulden, Lebenskraft auf 15 (2 über 15 verfallen); "
        "Gulden auf 2."
    ]
    en, de = said("12", "school red")
    assert en == ["Red's henchman trains at the school for 3 gold: strength to 3 and gold to 2."]
    assert de == ["Der Scherge von Rot trainiert in der Schule für 3 Gulden: Stärke auf 3 und Gulden auf 2."]
    en, de = said("13", "smith blue gold=2")
    assert en == ["Blue's henchman buys 2 weapon points from the smith for 2 gold: weapons to 2 and gold to 3."]
    assert de == [
        "Der Scherge von Blau kauft beim Schmied 2 Waffenpunkte für 2 Gulden: Waffenpunkte auf 2 und Gulden auf 3."
    ]
    en, de = said("53", "inn red", 1)  # at 14 gold: one of the two is lost above 15
    assert en == ["Red's henchman washes dishes at the inn for 2 gold: gold to 15 (1 lost above 15)."]
    assert de == [
        "Der Scherge von Rot verdingt sich im Gasthaus als Tellerwäscher für 2 Gulden: "
        "Gulden auf 15 (1 über 15 verfällt)."
    ]


# ----------------------------------------------------------------------------- poison, the turn


def test_poison_costs_its_daily_loss_at_the_start_of_the_turn_and_can_kill():
    en, de = said_at("07", "turn-began", 3)
    assert en == ["Day 3: Red's turn.", "Poison: Red's henchman loses 2 life at the start of its turn, life to 12."]
    assert de == [
        "Tag 3: Rot ist am Zug.",
        "Gift: Der Scherge von Rot verliert zu Beginn seines Zuges 2 Lebenskraft, Lebenskraft auf 12.",
    ]
    en, de = said_at("08", "henchman-died")
    # the death and where its treasure lies come first: the game log shows a step's first four lines
    assert en[1:5] == [
        "Poison: Red's henchman loses 2 life at the start of its turn, life to 0 (1 lost below 0), and dies on F5.",
        "Red's treasure stays on F5, free for anyone to pick up.",
        "Red's 3 cards in hand go to the discard pile unseen.",
        "Red's new henchman stands in its castle with life 15, 5 gold, strength 2 and no weapons; "
        "it sets out next turn.",
    ]
    assert de[1:3] == [
        "Gift: Der Scherge von Rot verliert zu Beginn seines Zuges 2 Lebenskraft, Lebenskraft auf 0 "
        "(1 unter 0 verfällt), und stirbt daran bei F5.",
        "Der Schatz von Rot bleibt bei F5 liegen; jeder darf ihn aufnehmen.",
    ]
    # the game log (no view) reads the same
    events = next(events for _, events, _ in played("08") if any(e["type"] == "henchman-died" for e in events))
    assert rendered(lines(events))[0][:4] == en[:4]


def test_a_weaker_poisoning_says_the_stronger_one_stays():
    en, de = said("50", "reveal red card=trap effects=life-1,poison")
    assert en == [
        "Red turns up the card on D3: the trap (life-1, poison=1); life to 12.",
        "The poison already running is stronger: 2 life a day stays.",
    ]
    assert de[1] == "Das laufende Gift ist stärker: Es bleibt bei 2 Lebenskraft pro Tag."


# ----------------------------------------------------------------------------- piles, catharsis, victory


def test_grandlins_catharsis_its_start_removals_passes_and_end():
    en, de = said_at("41", "catharsis-began")
    assert en[:-2] == ["Blue draws 4 cards.", "Green draws 4 cards.", "Red draws 2 cards."]
    assert en[-2:] == [
        "The draw pile is used up: Grandlin's catharsis. In 3 rounds from Blue on, each prince takes a card off "
        "the board or passes.",
        "Then the discard pile is shuffled and the cards owed are drawn: Red 2 and Yellow 4.",
    ]
    assert de[-2] == (
        "Der Nachziehstapel ist aufgebraucht: Grandlins Katharsis. In 3 Runden, beginnend mit Blau, nimmt jeder Fürst "
        "eine Karte vom Spielbrett oder passt."
    )
    en, de = said("41", "remove-card blue field=D3")
    assert en == ["Blue takes the card on D3 off the board."]
    assert de == ["Blau nimmt die Karte bei D3 vom Spielbrett."]
    en, de = said("41", "remove-card green")
    assert en == ["Green passes in Grandlin's catharsis."]
    assert de == ["Grün passt in Grandlins Katharsis."]
    en, de = said("41", "remove-card yellow", 2)
    assert en[:2] == [
        "Yellow passes in Grandlin's catharsis.",
        "Grandlin's catharsis is over: the discard pile (112 cards) is shuffled into a new draw pile.",
    ]
    assert de[1] == "Grandlins Katharsis ist vorbei: Die Ablage (112 Karten) wird zum neuen Nachziehstapel gemischt."


def test_a_monster_taken_off_in_the_catharsis_frees_its_treasures():
    events = [{"type": "card-removed", "player": "red", "field": "F5"}]
    view = {"players": [], "loose": [{"place": "F5", "guarded": False}, {"place": "F5", "guarded": False}]}
    en, de = rendered(lines(events, after=unnamed(view)))
    assert en == ["Red takes the card on F5 off the board.", "Nothing guards the 2 treasures on F5 now."]
    assert de == ["Rot nimmt die Karte bei F5 vom Spielbrett.", "Die 2 Schätze bei F5 sind jetzt unbewacht."]


def test_a_reshuffle_and_the_cards_drawn():
    en, de = said_at("18", "deck-reshuffled")
    assert (
        "The draw pile is empty: the discard pile (111 cards) is shuffled into a new draw pile; the used maps stay out."
        in en
    )
    assert any(re.fullmatch(r"\w+ draws \d+ cards?\.", line) for line in en)
    assert any(re.fullmatch(r"\w+ zieht \d+ Karten?\.", line) for line in de)


def test_hiding_a_treasure_and_the_victory():
    en, de = said("33", "hide-treasure red kind=orb")
    assert en == [
        "Red hides a treasure in the own castle; 2 are hidden there now.",
        "Red wins the game: 2 treasures hidden in the own castle meet the agreed victory.",
    ]
    assert de == [
        "Rot versteckt einen Schatz in der eigenen Burg; jetzt sind dort 2 versteckt.",
        "Rot gewinnt das Spiel: 2 Schätze in der eigenen Burg erfüllen die vereinbarte Siegbedingung.",
    ]


def test_digging_picking_up_and_plundering_never_name_the_kind():
    en, de = said("21", "dig blue field=K9 kind=chalice")
    assert en == ["Blue digs with a map on K9 and takes a treasure from the treasure stack."]
    assert de == ["Blau gräbt mit einem Lageplan bei K9 und nimmt einen Schatz vom Schatzstapel."]
    en, de = said("40", "plunder red die=1 kind=crown")
    assert en == [
        "Red searches Blue's castle (day 2 of the search) and rolls 1, not above 2: a treasure is found; "
        "the count starts again."
    ]
    assert de == [
        "Rot sucht in der Burg von Blau nach Schätzen (Tag 2 der Suche) und würfelt 1, nicht mehr als 2: "
        "Ein Schatz ist gefunden; die Zählung beginnt von vorn."
    ]
    en, _ = said("40", "plunder red die=3")
    assert en == ["Red searches Blue's castle (day 2 of the search) and rolls 3, above 2: nothing is found."]
    en, _ = said("40", "plunder red die=1")
    assert en == [
        "Red searches Blue's castle (day 1 of the search) and rolls 1: nothing is found, no treasure is hidden there."
    ]
    en, de = said("49", "pick-up blue kinds=orb")
    assert en == ["Blue picks up 1 treasure on D3."]
    assert de == ["Blau nimmt bei D3 1 Schatz auf."]


def test_a_correction_says_the_value_the_old_one_and_the_reason():
    en, de = said("42", 'relocate red to=C7 reason="a spell carried Anna\'s henchman to C7"')
    assert en == ["Moved by hand: Red's henchman stands on C7 (a spell carried Anna's henchman to C7)."]
    assert de == ["Von Hand versetzt: Der Scherge von Rot steht bei C7 (a spell carried Anna's henchman to C7)."]
    found = [
        rendered(lines(events, after=unnamed(view)))
        for text, events, view in played("42")
        if text.startswith("correct ")
    ]
    assert found
    en, de = found[0]
    assert re.fullmatch(r"Corrected by hand for \w+: [a-z]+ to \d+, was \d+ \(.+\)\.", en[0]), en
    assert de[0].startswith("Von Hand korrigiert bei ")


# ----------------------------------------------------------------------------- every scenario


def all_played() -> list[tuple[str, str, tuple[dict[str, Any], ...], dict[str, Any]]]:
    names = sorted(p.name[:2] for p in SCENARIOS.glob("*.scn"))
    return [(name, text, events, view) for name in names for text, events, view in played(name)]


def test_every_line_of_every_scenario_is_a_sentence_in_both_languages_and_keeps_the_secrets():
    count = 0
    for name, text, events, view in all_played():
        for after in (view, None):
            en, de = rendered(lines(events, after=after))
            for e_line, d_line in zip(en, de, strict=True):
                count += 1
                for line in (e_line, d_line):
                    assert line[:1].isupper() and line.endswith((".", ")")), (name, text, line)
                    assert not KIND.search(line), (name, text, line)
                    assert "{" not in line, (name, text, line)
                assert e_line != d_line, f"{name} {text}: no German for {e_line!r}"
            if events:
                assert en, f"{name} {text}: nothing said"
    assert count > 1000


def test_card_ids_never_show_and_both_shapes_of_the_events_are_read():
    """The events as they were (a board card named by its id, a monster and a guard by their card's
    id, no field) and as they are (the field; a monster or a guard as whether there is one)."""
    sentinel = 987654
    for name, text, events, view in all_played():
        new = lines(events, after=unnamed(view))
        old_shape = []
        for e in events:
            x = {k: v for k, v in e.items() if k not in ("field", "monster", "guarded")}
            if e["type"] in ("card-revealed", "card-discarded", "card-taken", "monster-wounded", "special-used"):
                x["card"] = sentinel
            if e["type"] == "card-removed":
                x["card"] = sentinel if e.get("field") else None
            if e["type"] in ("fight-began", "henchman-died"):
                x["monster"] = sentinel if e.get("monster") else None
            if e["type"] == "treasures-dropped":
                x["guard"] = sentinel if e.get("guarded") else None
            old_shape.append(x)
        with_ids = [{**e, "card": sentinel} if e.get("field") else e for e in events]
        assert lines(with_ids, after=unnamed(view)) == new, (name, text)
        for after in (view, None):
            for language in ("en", "de"):
                for line in [render(t, language) for t in lines(old_shape, after=after)]:
                    assert str(sentinel) not in line, (name, text, line)


def test_every_event_of_the_engine_has_its_handler():
    types = {cls.__dataclass_fields__["type"].default for cls in typing.get_args(Event)}
    assert types == set(HANDLERS)


def test_the_home_names_its_happenings():
    assert part("schatzjagd", "happenings").lines is lines


@pytest.mark.parametrize("language", ["en", "de"])
def test_nothing_to_say_for_no_events(language):
    assert lines([]) == []


def test_every_prince_is_named_as_the_screen_names_them_never_by_a_lowercase_colour():
    colour_id = re.compile(r"\b(red|blue|green|yellow)\b")
    for name, text, events, view in all_played():
        for after in (view, unnamed(view), None):
            typed = [e["reason"] for e in events if e.get("reason")]  # the table's own words stay as typed
            for line in [render(t, "en") for t in lines(events, after=after)]:
                for words in typed:
                    line = line.replace(words, "")
                assert not colour_id.search(line), (name, text, line)
    en, de = rendered(
        lines(
            next(e for t, e, _ in played("21") if t == "exchange red die=5 opponent-die=3"),
            after=next(v for t, _, v in played("21") if t == "exchange red die=5 opponent-die=3"),
        )
    )
    assert en[0] == "Exchange: Anna (Red) 11 (6 + 5) against Ben (Blue) 7 (4 + 3): Ben (Blue) loses 4 life, 11 left."
    assert de[0] == (
        "Schlagabtausch: Anna (Rot) 11 (6 + 5) gegen Ben (Blau) 7 (4 + 3): Ben (Blau) verliert 4 Lebenskraft, noch 11."
    )
