"""Die Glücksritter's part of the table on engine states alone: seats and cards, the rolls awaited,
the digital sack's draws (uniform among the coins left, as many as the sack holds) and the
document deck's draw (among the cards left, or the played pile the engine will reshuffle)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.games import registry
from companion.games.gluecksritter.table import DRAW, TABLE, sack_draws
from companion.table import RollWanted
from engines.core.errors import RuleViolation
from engines.core.frozen import replace
from engines.core.history import History
from engines.gluecksritter import GAME
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import ChooseActions, KnightAct, PlaceDucats, RollDie, TakeDocument
from tests.companion.table.rig import setup


def fresh(rules="schmidt-1998", digital_sack=True):
    return History(GAME, setup(rules, digital_sack=digital_sack))


def test_the_games_home_hands_this_part():
    assert registry.part("gluecksritter", "table").TABLE is TABLE
    assert TABLE.name == "gluecksritter" and TABLE.picks_per_player == 2


def test_seats_cards_and_the_pick_command():
    history = fresh()
    assert TABLE.seats(history.state) == {1: "red", 2: "blue", 3: "green", 4: "yellow"}
    assert TABLE.choosing(history.state) == {}
    history.apply(TABLE.prepare(history.state, PlaceDucats(1, 1), random.Random(1)))
    jailed = history.state.with_player(replace(history.state.player("red"), knight_in_dungeon=True))
    choosing = TABLE.choosing(jailed)
    assert choosing["red"] == frozenset({1, 2, 3, 5, 6}) and choosing["blue"] == frozenset(range(1, 7))
    assert TABLE.pick("red", (2, 5)) == ChooseActions("red", (2, 5))
    assert TABLE.is_pick(ChooseActions("red", (2, 5))) and not TABLE.is_pick(RollDie("red", 2))


def test_the_sack_draws_one_uniform_index_per_coin_among_those_left():
    state = fresh().state
    coins = state.sack.count  # 84 with four players: 52 silver, 32 gold
    draws = sack_draws(state, PlaceDucats(3, 2), random.Random(5))
    assert len(draws) == 5 and all(0 <= index < coins - n for n, index in enumerate(draws))
    short = replace(state, sack=Coins(2, 1))
    assert len(sack_draws(short, PlaceDucats(3, 2), random.Random(5))) == 3
    firsts = Counter(sack_draws(state, PlaceDucats(1, 0), random.Random(seed))[0] for seed in range(100 * coins))
    assert set(firsts) == set(range(coins)) and max(firsts.values()) < 3 * min(firsts.values())


def test_draws_are_left_to_the_table_only_where_the_app_draws():
    rng = random.Random(2)
    by_hand = fresh(digital_sack=False).state
    assert TABLE.prepare(by_hand, PlaceDucats(1, 1), rng) == PlaceDucats(1, 1)  # the engine asks for the mix
    entered = PlaceDucats(1, 1, field5=Coins(1, 0), field6=Coins(0, 1))
    assert TABLE.prepare(fresh().state, entered, rng) == entered  # the engine refuses a mix: not ours to mend
    state = fresh().state
    assert TABLE.prepare(state, TakeDocument("red", "gift-01"), rng) == TakeDocument("red", "gift-01")
    drawn = {TABLE.prepare(state, TakeDocument("red", DRAW), random.Random(seed)).document for seed in range(200)}
    assert drawn <= set(state.deck) and len(drawn) > 15
    reshuffled = replace(state, deck=(), discard=("red-doc-01", "yellow-doc-02"))
    assert TABLE.prepare(reshuffled, TakeDocument("red", DRAW), rng).document in reshuffled.discard
    empty = replace(state, deck=(), discard=())
    assert TABLE.prepare(empty, TakeDocument("red", DRAW), rng) == TakeDocument("red", DRAW)


def duel(rules):
    history = fresh(rules, digital_sack=False)
    history.apply(PlaceDucats(1, 1, field5=Coins(1, 0), field6=Coins(1, 0)))
    for colour, cards in (("red", (4, 1)), ("blue", (4, 2)), ("green", (1, 5)), ("yellow", (3, 6))):
        history.apply(ChooseActions(colour, cards))
    for command in GAME.parse_command({"type": "reveal-documents"}), GAME.parse_command({"type": "reveal-actions"}):
        history.apply(command)
    for colour in ("red", "green", "blue", "yellow"):
        history.apply(GAME.parse_command({"type": "decline", "player": colour}))
    return history


@pytest.mark.parametrize(
    ("rules", "why"),
    [("schmidt-1998", "for the duel"), ("osullivan-2002", "to say who names the first offerer")],
)
def test_the_knights_rolls_are_awaited_in_order(rules, why):
    history = duel(rules)
    rolls = TABLE.rolls(history.state)
    assert rolls == [
        RollWanted("red", "number", f"red rolls the number die {why}", None),
        RollWanted("blue", "number", f"blue rolls the number die {why}", None),
    ]
    assert rolls[1].make(4) == RollDie("blue", 4)
    history.apply(rolls[0].make(3))
    assert [r.player for r in TABLE.rolls(history.state)] == ["blue"]


def test_a_raid_waits_for_the_special_die_and_is_checked_before_it():
    history = duel("schmidt-1998")
    history.apply(RollDie("red", 6))
    history.apply(RollDie("blue", 1))
    raid = KnightAct("red", "raid", victim="green")
    wanted = TABLE.prepare(history.state, raid, random.Random(1))
    assert (wanted.player, wanted.die, wanted.words) == ("red", "special", "red raids green: roll the special die")
    assert wanted.make(6) == KnightAct("red", "raid", victim="green", face=6)
    with pytest.raises(RuleViolation) as refused:
        TABLE.prepare(history.state, KnightAct("red", "raid", victim="red"), random.Random(1))
    assert refused.value.rule == "field4.victim"
    with pytest.raises(RuleViolation):
        TABLE.prepare(history.state, KnightAct("blue", "raid", victim="green"), random.Random(1))
    rolled = KnightAct("red", "raid", victim="green", face=2)
    assert TABLE.prepare(history.state, rolled, random.Random(1)) == rolled  # a face typed in goes as it is


def test_the_ways_to_pay_are_the_ones_the_rules_accept(tmp_path, loop, closing):
    from companion.games.gluecksritter.table import DRAW
    from engines.gluecksritter.commands import RevealActions, RevealDocuments, TakeDocument
    from tests.companion.table.panels import keyboard_picks
    from tests.companion.table.rig import keyboard_table

    journal, session, table, _ = keyboard_table(tmp_path / "journal.sqlite3", loop, closing, digital_sack=True)
    table.submit(PlaceDucats(3, 2))
    keyboard_picks(table, loop, {1: (1, 4), 2: (2, 4), 3: (1, 5), 4: (3, 6)})
    table.submit(RevealDocuments())
    table.submit(RevealActions())
    head = session.head
    ways = table.alternatives(TakeDocument("red", DRAW))  # field 1 shared with green: 4 Ducats
    assert {(w.payment.silver, w.payment.gold) for w in ways} == {(2, 1), (0, 2)}
    assert all(w.document == DRAW for w in ways)  # nothing drawn, nothing written
    assert session.head == head
    assert table.alternatives(TakeDocument("red", DRAW, payment=Coins(0, 2))) == [
        TakeDocument("red", DRAW, payment=Coins(0, 2))
    ]
    journal.close()
