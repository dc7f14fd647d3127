"""The guide of Schatzjagd's touch screen for real positions (the engine's public view and what the
table awaits): the part of the turn, the prompt and the options — the journey and its kept die,
cards to turn up, fights and flights, the city's shops, a rival to attack, the teleportal and a
search, the prince's card and the end of the turn, Grandlin's catharsis and the end of the game.
Every command an option carries is one the engine (or, for a die still to roll, the table's part)
accepts now, and every prompt and label reads in German and English."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from companion.games.schatzjagd.screens.guide import Option, Step, part_of, short_place, step
from companion.games.schatzjagd.table import NOT_ROLLED, TABLE
from companion.i18n import Cap, Join, Message, Person, Plural, Word, render
from companion.i18n.compile import merged
from companion.table.game import RollWanted
from companion.table.table import Awaited
from engines.core.history import History
from engines.schatzjagd import GAME
from engines.schatzjagd.commands import (
    CastSpell,
    Challenge,
    EndTurn,
    Exchange,
    Flee,
    Inn,
    PlaceCard,
    Plunder,
    RemoveCard,
    Reveal,
    School,
    Teleport,
    Travel,
)
from engines.schatzjagd.rules import parse_effect
from tests.companion.games.schatzjagd.test_table import game, monster_fight, position, stay

# ----------------------------------------------------------------------------- helpers


def awaited(state: Any, rolls: tuple[RollWanted, ...] | None = None) -> Awaited:
    """What a table awaits in ``state``: the game's own rolls unless ``rolls`` are given (a screen's
    command waiting for its die, or the second die of an exchange: ``asked``)."""
    view = GAME.public_view(state)
    asked = rolls is not None and bool(rolls)
    return Awaited(tuple(view["awaiting"]), (), (), tuple(TABLE.rolls(state)) if rolls is None else rolls, asked)


def guided(state: Any, rolls: tuple[RollWanted, ...] | None = None, kept: Any = None) -> Step:
    shown = step(GAME.public_view(state), awaited(state, rolls), kept)
    check(state, shown)
    return shown


def en(text: Any) -> str:
    return render(text, "en")


def labels(shown: Step) -> list[str]:
    return [en(option.label) for option in shown.options]


def option(shown: Step, label: str) -> Option:
    (found,) = [o for o in shown.options if en(o.label) == label]
    return found


@cache
def german() -> dict[str, Any]:
    return {(m.id[0] if isinstance(m.id, tuple) else m.id): m for m in merged("de") if m.id}


def parts(text: Any) -> Iterator[Any]:
    """Every catalogue text inside ``text``: messages, plurals and words, the values' too."""
    if isinstance(text, Message | Plural):
        yield text
        for _, value in text.values:
            yield from parts(value)
    elif isinstance(text, Word):
        yield text
    elif isinstance(text, Person):
        yield Word(text.colour)
    elif isinstance(text, Cap):
        yield from parts(text.value)
    elif isinstance(text, Join):
        for item in text.items:
            yield from parts(item)


def reads_in_both(text: Any) -> None:
    english, deutsch = render(text, "en"), render(text, "de")
    assert english and deutsch and "{" not in english + deutsch, (english, deutsch)
    for part in parts(text):
        msgid = part.word if isinstance(part, Word) else part.msgid if isinstance(part, Message) else part.singular
        message = german().get(msgid)
        assert message is not None and message.string, f"no German for {msgid!r}"


def check(state: Any, shown: Step) -> None:
    """Every text reads in both languages; every command is accepted now (a die still to roll: the
    table's part makes it ready and waits for the die)."""
    reads_in_both(shown.prompt)
    for choice in shown.options:
        reads_in_both(choice.label)
        assert (choice.command is None) != (choice.dialog is None), choice
        command = choice.command
        if command is None:
            continue
        if getattr(command, "die", None) == NOT_ROLLED or getattr(command, "opponent_die", None) == NOT_ROLLED:
            assert isinstance(TABLE.prepare(state, command, random.Random(1)), RollWanted), command
        else:
            GAME.decide(state, command)  # raises RuleViolation if the engine refuses it


def to_the_city(shop: str) -> History:
    """Red's henchman spends a night before the city's walls, then stops at ``shop``."""
    history = game("red", "blue")
    history.apply(Travel("red", 5, "H8", "city"))
    history.apply(EndTurn("red"))
    stay(history)
    history.apply(EndTurn("blue"))
    history.apply(Travel("red", 2, shop))
    return history


def on_one_field(*colours: str) -> History:
    """Every henchman walks to B2; then the first one stays there the next day."""
    history = game(*colours)
    for colour in colours:
        history.apply(Travel(colour, 2, "B2"))
        history.apply(EndTurn(colour))
    stay(history)
    return history


# ----------------------------------------------------------------------------- places


@pytest.mark.parametrize(
    ("place", "english", "german"),
    [
        ("C7", "C7", "C7"),
        ("inn", "Inn", "Gasthaus"),
        ("healer", "Healer", "Heiler"),
        ("school", "School", "Schule"),
        ("smith", "Smith", "Schmied"),
        ("city", "City", "Stadt"),
        ("castle-red", "Castle Red", "Burg Rot"),
    ],
)
def test_a_place_is_named_as_a_panel_names_it(place, english, german):
    assert (render(short_place(place), "en"), render(short_place(place), "de")) == (english, german)


# ----------------------------------------------------------------------------- the journey


def test_the_journey_shows_the_die_and_a_spell_while_the_prince_may_show_one():
    history = game()
    shown = guided(history.state)
    assert part_of(GAME.public_view(history.state)) == "travel"
    assert (shown.part, shown.rolls) == ("travel", True)
    assert en(shown.prompt) == "Anna (Red): roll the die for the journey."
    assert render(shown.prompt, "de") == "Anna (Rot): Würfle für die Reise."
    (spell,) = shown.options
    assert (en(spell.label), spell.dialog, spell.args, spell.main) == (
        "Show a spell",
        "spell",
        {"player": "red"},
        False,
    )

    history.apply(CastSpell("red", "blue", (parse_effect("gold-1"),)))  # the turn's card, before the journey
    shown = guided(history.state)
    assert (shown.part, shown.rolls, shown.options) == ("travel", True, ())


def test_without_a_die_awaited_the_journey_shows_no_roll_controls():
    history = game()
    assert guided(history.state, rolls=()).rolls is False


def test_a_kept_journey_die_asks_where_the_henchman_stopped_and_a_tapped_face_may_be_tapped_again():
    history = game()
    (journey,) = TABLE.rolls(history.state)
    kept = replace(journey.make(4), source="typed")  # a real die's face, tapped
    shown = guided(history.state, rolls=(), kept=kept)
    assert (shown.part, shown.rolls) == ("travel", False)
    assert shown.prompt == kept.text
    assert en(shown.prompt) == "Anna (Red) rolled 4: where did the henchman stop?"
    assert labels(shown) == ["Where the henchman stopped", "Wrong face: tap again"]
    enter, again = shown.options
    assert (enter.dialog, enter.args, enter.main) == ("travel", {"player": "red", "die": 4}, True)
    assert (again.dialog, again.main) == ("roll-again", False)
    GAME.decide(history.state, Travel(enter.args["player"], enter.args["die"], "C7"))  # what the dialog sends


@pytest.mark.parametrize("source", ["screen", "serial", None])
def test_a_journey_die_that_fell_stands_no_roll_again(source):
    history = game()
    (journey,) = TABLE.rolls(history.state)
    shown = guided(history.state, rolls=(), kept=replace(journey.make(4), source=source))
    assert labels(shown) == ["Where the henchman stopped"]


def test_between_the_dice_of_an_exchange_back_is_offered_only_for_a_tapped_face():
    history = monster_fight()
    (first,) = TABLE.rolls(history.state)
    second = first.make(3)
    view = GAME.public_view(history.state)
    tapped = step(view, Awaited((), (), (), (second,), True), None)
    assert labels(tapped) == ["Back"] and tapped.rolls
    fallen = step(view, Awaited((), (), (), (second,), True, held=True), None)
    assert labels(fallen) == [] and fallen.rolls


def test_a_face_down_card_where_the_henchman_stopped_is_turned_up_first():
    history = monster_fight()
    history.undo()  # blue stands on C3, the card still face down
    shown = guided(history.state)
    assert part_of(GAME.public_view(history.state)) == "reveal"
    assert (shown.part, shown.rolls) == ("reveal", False)
    assert en(shown.prompt) == "Ben (Blue): turn up the card on C3."
    (reveal,) = shown.options
    assert (en(reveal.label), reveal.dialog, reveal.args) == ("Enter the card turned up", "reveal", {"player": "blue"})
    GAME.decide(history.state, Reveal("blue", "weapon", 3))


# ----------------------------------------------------------------------------- fights


def test_a_fight_with_a_monster_names_its_power_and_life_and_offers_the_flight():
    history = monster_fight()
    shown = guided(history.state)
    assert part_of(GAME.public_view(history.state)) == "fight"
    assert (shown.part, shown.rolls) == ("fight", True)
    assert en(shown.prompt) == (
        "Fight: Ben (Blue) against the monster (power 8, life 15 of 15).\n"
        "Ben (Blue) rolls the die for the own henchman."
    )
    assert render(shown.prompt, "de") == (
        "Kampf: Ben (Blau) gegen den Unhold (Kampfkraft 8, Leben 15 von 15).\n"
        "Ben (Blau) würfelt für den eigenen Schergen."
    )
    assert labels(shown) == ["Ben (Blue) flees", "Show a spell"]
    flee = option(shown, "Ben (Blue) flees")
    assert (flee.command, flee.player, flee.main) == (Flee("blue", NOT_ROLLED), "blue", False)

    history.apply(Exchange("blue", 6, 1))  # 2 + 6 against 8 + 1: blue loses 1, the monster nothing
    history.apply(CastSpell("blue", "monster", (parse_effect("life-4"),)))
    shown = guided(history.state)
    assert "(power 8, life 11 of 15)" in en(shown.prompt)
    assert labels(shown) == ["Ben (Blue) flees"]  # the spell was the turn's card


def test_the_second_die_of_an_exchange_and_a_flights_last_blow_are_said_in_the_fights_prompt():
    state = monster_fight().state
    (first,) = TABLE.rolls(state)
    shown = guided(state, rolls=(first.make(3),))
    assert en(shown.prompt) == "Ben (Blue) rolled 3; Clara (Green) rolls the die for the monster."
    assert shown.rolls
    last_blow = TABLE.prepare(state, Flee("blue", NOT_ROLLED), random.Random(1))
    shown = guided(state, rolls=(last_blow,))
    assert en(shown.prompt) == "Clara (Green) rolls the die for the monster's last blow."
    assert render(shown.prompt, "de") == "Clara (Grün) würfelt für den letzten Schlag des Unholds."
    assert labels(shown) == ["Back"]  # the flight given up: the fight goes on


def test_in_a_fight_between_henchmen_both_may_flee():
    history = position("21", "exchange red die=5 opponent-die=3")
    shown = guided(history.state)
    assert (shown.part, shown.rolls) == ("fight", True)
    assert en(shown.prompt) == "Fight: Anna (Red) against Ben (Blue).\nAnna (Red) rolls the die for the own henchman."
    assert labels(shown) == ["Anna (Red) flees", "Ben (Blue) flees", "Show a spell"]
    assert [o.command for o in shown.options[:2]] == [Flee("red", NOT_ROLLED), Flee("blue", NOT_ROLLED)]
    assert [o.player for o in shown.options[:2]] == ["red", "blue"]


# ----------------------------------------------------------------------------- what the place offers


@pytest.mark.parametrize(
    ("shop", "label", "command", "dialog"),
    [
        ("inn", "Wash dishes at the inn: +2 gold", Inn("red"), None),
        ("school", "School: +1 strength for 3 gold", School("red"), None),
        ("healer", "The healer", None, "healer"),
        ("smith", "The smith", None, "smith"),
    ],
)
def test_a_shop_offers_its_own_business_only(shop, label, command, dialog):
    history = to_the_city(shop)
    shown = guided(history.state)
    assert part_of(GAME.public_view(history.state)) == "place"
    assert shown.part == "place" and not shown.rolls
    shop_name = {"inn": "Inn", "school": "School", "healer": "Healer", "smith": "Smith"}[shop]
    assert en(shown.prompt) == f"Anna (Red) · {shop_name}: what now?"
    assert labels(shown) == [label, "Slot a card face down", "Show a spell", "End the turn"]
    business = option(shown, label)
    assert (business.command, business.dialog) == (command, dialog)
    if dialog is not None:
        assert business.args == {"player": "red"}
    assert option(shown, "End the turn").main is False


def test_after_the_days_business_the_shop_offers_nothing_more():
    history = to_the_city("inn")
    history.apply(Inn("red"))
    shown = guided(history.state)
    assert labels(shown) == ["Slot a card face down", "Show a spell", "End the turn"]
    assert shown.part == "card"


def test_a_rival_on_the_same_field_may_be_attacked():
    history = on_one_field("red", "blue")
    shown = guided(history.state)
    assert shown.part == "place"
    attack = option(shown, "Attack Ben (Blue)")
    assert (attack.command, attack.player, attack.main) == (Challenge("red", "blue"), "blue", True)
    assert render(attack.label, "de") == "Ben (Blau) angreifen"


def test_every_rival_here_may_be_attacked():
    shown = guided(on_one_field("red", "blue", "green").state)
    assert [label for label in labels(shown) if label.startswith("Attack")] == [
        "Attack Ben (Blue)",
        "Attack Clara (Green)",
    ]


def test_a_rival_fought_this_turn_is_not_offered_again():
    history = on_one_field("red", "blue", "green")
    history.apply(Challenge("red", "blue"))
    history.apply(Flee("blue", 1))  # blue's henchman flees; red's may still attack green's
    shown = guided(history.state)  # checks that every command offered is accepted
    assert [label for label in labels(shown) if label.startswith("Attack")] == ["Attack Clara (Green)"]


def test_the_teleportal_is_stepped_into_by_its_die_and_a_kept_face_asks_where_it_landed():
    state = position("37", "teleport red die=4 to=N3").state
    shown = guided(state)
    assert shown.part == "place" and en(shown.prompt) == "Anna (Red) · E6: what now?"
    step_in = option(shown, "Step into the teleportal")
    assert step_in.command == Teleport("red", NOT_ROLLED)

    wanted = TABLE.prepare(state, step_in.command, random.Random(1))
    shown = guided(state, rolls=(wanted,))
    assert (shown.part, shown.rolls, labels(shown)) == ("place", True, ["Back"])  # "Back" gives the roll up
    assert shown.options[0].dialog == "roll-again"
    assert en(shown.prompt) == "Anna (Red) rolls the die for the teleportal."

    shown = guided(state, rolls=(), kept=wanted.make(4))
    assert shown.part == "place" and not shown.rolls
    # the number's region named (the book's example: 4 is the quarter of the blue castle)
    assert en(shown.prompt) == (
        "Anna (Red) rolled 4: the teleportal sets the henchman down in the region of castle Blue. On which field?"
    )
    assert render(TABLE.prepare(state, step_in.command, random.Random(1)).make(6).text, "de") == (
        "Anna (Rot) hat 6 gewürfelt: Das Teleportal setzt den Schergen irgendwo im ganzen Reich ab. Auf welchem Feld?"
    )
    (landed,) = shown.options
    assert (en(landed.label), landed.dialog, landed.args) == (
        "Where it landed",
        "teleport",
        {"player": "red", "die": 4},
    )
    GAME.decide(state, Teleport("red", 4, "N3"))


def test_a_search_of_the_vaults_by_its_die_and_a_find_asks_which_treasure():
    state = position("39", "plunder red die=4").state
    shown = guided(state)
    search = option(shown, "Search the vaults")
    assert search.command == Plunder("red", NOT_ROLLED)
    assert option(shown, "Attack Ben (Blue)").command == Challenge("red", "blue")  # blue is at home too
    wanted = TABLE.prepare(state, search.command, random.Random(1))
    shown = guided(state, rolls=(wanted,))
    assert en(shown.prompt) == "Anna (Red) rolls the die to search the vaults."
    shown = guided(state, rolls=(), kept=wanted.make(1))
    (which,) = shown.options
    assert (en(which.label), which.dialog, which.args) == ("Which treasure", "plunder", {"player": "red", "die": 1})
    assert en(shown.prompt) == "Anna (Red) rolled 1 and finds a treasure: which one?"
    GAME.decide(state, Plunder("red", 1, "crown"))


# ----------------------------------------------------------------------------- the prince's card


def test_the_princes_card_then_the_end_of_the_turn():
    history = game()
    history.apply(Travel("red", 3, "B2"))
    shown = guided(history.state)
    assert part_of(GAME.public_view(history.state)) == "card"
    assert (shown.part, shown.rolls) == ("card", False)
    assert en(shown.prompt) == "Anna (Red): play a card, or end the turn."
    assert labels(shown) == ["Slot a card face down", "Dig with a map here", "Show a spell", "End the turn"]
    assert [o.dialog for o in shown.options[:3]] == ["place-card", "dig", "spell"]
    assert all(o.args == {"player": "red"} for o in shown.options[:3])
    end = option(shown, "End the turn")
    assert (end.command, end.main) == (EndTurn("red"), False)

    history.apply(PlaceCard("red", "C3"))
    shown = guided(history.state)
    (end,) = shown.options
    assert (en(end.label), end.command, end.main) == ("End the turn", EndTurn("red"), True)


def test_over_four_cards_a_card_must_be_played_before_the_turn_ends():
    state = position("21", "expect refused hand.over-four : end-turn red").state
    assert state.henchman("red").hand == 5
    shown = guided(state)
    assert shown.part == "card"
    assert en(shown.prompt) == "Anna (Red) holds more than four cards: play one first."
    assert render(shown.prompt, "de") == "Anna (Rot) hält mehr als vier Karten: Erst eine ausspielen."
    assert "End the turn" not in labels(shown)
    assert labels(shown) == ["Slot a card face down", "Dig with a map here", "Show a spell"]


# ----------------------------------------------------------------------------- catharsis and the end


def test_grandlins_catharsis_asks_to_take_a_card_off_the_board_or_pass():
    history = position("41", "remove-card blue field=D3")
    shown = guided(history.state)
    assert part_of(GAME.public_view(history.state)) == "catharsis"
    assert (shown.part, shown.rolls) == ("catharsis", False)
    assert en(shown.prompt) == "Grandlin's catharsis: Clara (Blue) takes a card off the board or passes."
    take, skip = shown.options
    assert (en(take.label), take.dialog, take.args) == ("Take a card off the board", "remove-card", {"player": "blue"})
    assert (en(skip.label), skip.command, skip.main) == ("Pass", RemoveCard("blue", None), False)
    history.apply(RemoveCard("blue", "D3"))
    shown = guided(history.state)
    assert en(shown.prompt) == "Grandlin's catharsis: Dirk (Green) takes a card off the board or passes."


def test_the_end_of_the_game_names_the_winner():
    state = position("33").state
    assert part_of(GAME.public_view(state)) == "over"
    shown = guided(state, rolls=())
    assert (shown.part, shown.options, shown.rolls) == ("over", (), False)
    assert en(shown.prompt) == "The game is over: Anna (Red) has won."
    assert render(shown.prompt, "de") == "Das Spiel ist aus: Anna (Rot) hat gewonnen."
