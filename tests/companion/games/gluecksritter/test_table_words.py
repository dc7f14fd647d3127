"""What the players are told to change on the table when a Die Glücksritter step is undone or
redone: real states from real commands (the words for undoing a command compare the state after
it, on the table now, with the state before it, the one restored), the steps the rulings added (a
hand-over, the haggling payment and the promise, the round's end awaited, a verdict judged again
after the end of the game), and over seeded random play words that a table can follow and that
never name a pick or a document."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.core.correction import Correct
from engines.gluecksritter import GAME as GR
from engines.gluecksritter import OSULLIVAN, SCHMIDT
from engines.gluecksritter import Setup as GRSetup
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import (
    AcceptOffer,
    BuyPieces,
    ChooseActions,
    ChooseFirstOfferer,
    Decline,
    EndRound,
    HandOver,
    KeepLoot,
    KnightAct,
    MakeOffer,
    PayOffer,
    PayRoyalTax,
    PlaceDucats,
    PlayDocument,
    Ransom,
    RevealActions,
    RevealDocuments,
    RollDie,
    TakeDocument,
)
from engines.gluecksritter.state import GameState as GRState
from tests.companion.games.words import FAST, Play, both_ways, colour, seeds, without_roll, words_with_other_secrets
from tests.engines.gluecksritter.autoplay import RULESETS, new_history, play_step, unique_catalogue


def gluecksritter(rules: str = SCHMIDT) -> Play:
    setup = GRSetup(rules=rules, players=("red", "blue", "green"), documents=unique_catalogue())
    return Play("gluecksritter", setup)


def first_round(play: Play) -> None:
    """Coins on fields 5 and 6; Red picks 1 and 2, Blue 2 and 5, Green 4 and 6; field 1 opens."""
    play.do(
        PlaceDucats(3, 2, Coins(2, 1), Coins(1, 1)),
        ChooseActions("red", (1, 2)),
        ChooseActions("blue", (2, 5)),
        ChooseActions("green", (4, 6)),
        RevealDocuments(),
        RevealActions(),
    )


def test_gluecksritter_the_ducat_card_coins_go_back_into_the_sack() -> None:
    play = gluecksritter()
    assert play.undo_words(PlaceDucats(3, 2, Coins(2, 1), Coins(1, 1))) == [
        "Put 2 silver and 1 gold from field 5 back in the sack.",
        "Put 1 silver and 1 gold from field 6 back in the sack.",
        "It is phase A again (the Ducat card).",
    ]
    assert play.redo_words() == [
        "Put 2 silver and 1 gold from the sack on field 5.",
        "Put 1 silver and 1 gold from the sack on field 6.",
        "It is phase B again (choosing action cards).",
    ]


def test_gluecksritter_a_pick_taken_back_is_only_picked_again() -> None:
    play = gluecksritter()
    play.do(PlaceDucats(0, 0, Coins(), Coins()))
    assert play.undo_words(ChooseActions("red", (1, 2))) == ["Red picks again."]
    assert play.redo_words() == ["Red: lay your 2 picked action cards face down again."]
    play.do(ChooseActions("blue", (2, 5)), ChooseActions("green", (4, 6)))
    assert play.undo_words(RevealDocuments()) == ["It is phase B again (choosing action cards)."]
    assert play.undo_words(RevealActions()) == [
        "Turn the picked action cards face down again.",
        "It is phase C again (documents).",
    ]


def test_gluecksritter_a_document_drawn_and_a_wall_bought() -> None:
    play = gluecksritter()
    first_round(play)
    assert play.undo_words(TakeDocument("red", "red-doc-01")) == [
        "Red: put 1 document from your hand back on the deck.",
        "Field 1 is open again.",
        "Red decides again on field 1.",
    ]
    # field 2, shared by red and blue: a wall costs 6; red pays 2 silver and 2 gold
    assert play.undo_words(BuyPieces("red", 1)) == [
        "Red: take 2 silver and 2 gold from the sack.",
        "Red: return 1 wall to the supply.",
        "Red decides again on field 2.",
    ]
    assert play.redo_words() == [
        "Red: put 2 silver and 2 gold back in the sack.",
        "Red: take 1 wall from the supply.",
        "Red's decision on field 2 stands again.",
    ]


def test_gluecksritter_a_raid_on_a_castle_and_the_end_of_the_round() -> None:
    play = gluecksritter()
    first_round(play)
    play.do(TakeDocument("red", "red-doc-01"), BuyPieces("red", 1), BuyPieces("blue", 1, Coins(2, 2)))
    # green, the lone Black Knight, raids red: the special die's 5 is a castle; then fields 5 and 6
    # pay out, and as red holds a document the round waits for the table to end it
    assert play.undo_words(KnightAct("green", "raid", victim="red", face=5)) == [
        "The roll of 5 is taken back with this step; it is not rolled again.",
        "Green: put 1 silver and 1 gold back on field 6.",
        "Blue: put 2 silver and 1 gold back on field 5.",
        "Green: give 1 wall back to Red.",
        "Field 4 is open again.",
        "Green acts as the Black Knight again.",
    ]
    assert play.redo_words()[0] == "The roll of 5 is entered again with this step; it is not rolled again."
    assert play.undo_words(EndRound()) == [
        "Red: lay out action cards 1 and 2 face up again.",
        "Blue: lay out action cards 2 and 5 face up again.",
        "Green: lay out action cards 4 and 6 face up again.",
        "It is round 1 again.",
        "It is phase E again (the fields).",
        "The round waits for its end again: documents may still be played.",
    ]


def test_gluecksritter_a_face_down_document_and_its_reveal() -> None:
    play = gluecksritter()
    first_round(play)
    play.do(
        TakeDocument("red", "red-doc-01"),
        BuyPieces("red", 1),
        BuyPieces("blue", 1, Coins(2, 2)),
        KnightAct("green", "pass"),
        EndRound(),
        PlaceDucats(2, 0, Coins(2, 0), Coins()),
    )
    assert play.undo_words(PlayDocument("red", "red-doc-01")) == [
        "Red: take your face-down document back into your hand."
    ]
    play.do(ChooseActions("red", (5, 6)), ChooseActions("blue", (5, 6)), ChooseActions("green", (4, 5)))
    assert play.undo_words(RevealDocuments()) == [
        "Red: take 1 document from the played pile and lay it face down again.",
        "It is phase B again (choosing action cards).",
    ]


def test_gluecksritter_a_raid_on_the_purse_a_royal_tax_and_a_correction() -> None:
    play = gluecksritter()
    play.do(PlaceDucats(0, 0, Coins(), Coins()))
    play.do(ChooseActions("red", (5, 6)), ChooseActions("blue", (5, 6)), ChooseActions("green", (4, 5)))
    play.do(RevealDocuments())
    assert play.undo_words(Correct("red.silver", 9, "counted again")) == ["Red: put 7 silver back in the sack."]
    play.do(RevealActions())
    assert play.undo_words(KnightAct("green", "raid", victim="red", face=2)) == [
        "The roll of 2 is taken back with this step; it is not rolled again.",
        "Green: give 9 silver and 2 gold back to Red.",
        "Green acts as the Black Knight again.",
        "Green no longer owes the royal tax on silver.",
    ]
    # green holds 11 silver: half of it, 5, goes to the sack; the round ends with it
    words = play.undo_words(PayRoyalTax("green"))
    assert words[0] == "Green: take 5 silver from the sack."
    assert words[-1] == "Green owes the royal tax on silver again."
    assert "It is round 1 again." in words


def test_gluecksritter_gold_a_raid_took_goes_back_to_its_victim_not_to_a_field() -> None:
    # issue 30: blue raids red, who holds 1 gold; then red alone takes fields 5 and 6 in the same
    # step. Red's gold counts as before, but the raided gold goes back to red, and red's take
    # goes back on the fields (the words once had blue put the raided gold on field 6)
    play = gluecksritter()
    play.do(Correct("red.silver", 0, "set-up"), Correct("red.gold", 1, "set-up"))
    play.do(PlaceDucats(1, 1, Coins(1, 0), Coins(0, 1)))
    play.do(ChooseActions("red", (5, 6)), ChooseActions("blue", (2, 4)), ChooseActions("green", (2, 3)))
    play.do(RevealDocuments(), RevealActions(), Decline("blue"), Decline("green"), Decline("green"))
    words = play.undo_words(KnightAct("blue", "raid", victim="red", face=1))
    assert words[:4] == [
        "The roll of 1 is taken back with this step; it is not rolled again.",
        "Red: put 1 silver back on field 5.",
        "Red: put 1 gold back on field 6.",
        "Blue: give 1 gold back to Red.",
    ]
    assert play.redo_words()[:4] == [
        "The roll of 1 is entered again with this step; it is not rolled again.",
        "Red: take 1 silver from field 5.",
        "Red: give 1 gold back to Blue.",
        "Red: take 1 gold from field 6.",
    ]


def test_gluecksritter_haggling_and_a_ransom() -> None:
    play = gluecksritter(OSULLIVAN)
    play.do(
        PlaceDucats(0, 2, Coins(), Coins(0, 2)),
        ChooseActions("red", (4, 6)),
        ChooseActions("blue", (4, 6)),
        ChooseActions("green", (5, 6)),
        RevealDocuments(),
        RevealActions(),
    )
    assert play.undo_words(RollDie("red", 3)) == ["The roll of 3 is taken back with this step; it is not rolled again."]
    assert play.undo_words(RollDie("blue", 5)) == [
        "The roll of 5 is taken back with this step; it is not rolled again.",
        "Red's roll of 3 stands again.",
        "Red and Blue decide again who names the first offerer.",
    ]
    assert play.undo_words(ChooseFirstOfferer("blue", "red")) == ["Blue names who offers first again."]
    assert play.undo_words(MakeOffer("red", ducats=2)) == [
        "It is Red's turn to haggle again.",
        "Red's offer of 2 Ducats is taken back.",
    ]
    play.do(MakeOffer("blue", ducats=3))
    assert play.undo_words(AcceptOffer("red")) == ["It is Red's turn to haggle again."]
    assert play.undo_words(PayOffer("blue")) == [
        "Red: give 1 silver and 1 gold back to Blue.",
        "Blue pays the accepted offer again.",
    ]
    words = play.undo_words(KnightAct("blue", "field6"))
    assert words[:3] == [
        "Blue: put 2 gold back on field 6.",
        "Red: take your knight back out of the dungeon.",
        "Blue: take your knight back out of the dungeon.",
    ]
    assert words[-1] == "Blue acts as the Black Knight again."
    play.do(
        PlaceDucats(0, 0, Coins(), Coins()),
        ChooseActions("red", (5, 6)),
        ChooseActions("blue", (5, 6)),
        ChooseActions("green", (5, 6)),
        RevealDocuments(),
    )
    assert play.undo_words(Ransom("red")) == [
        "Red: take 2 silver and 1 gold from the sack.",
        "Red: put your knight back in the dungeon.",
        "It is phase C again (documents).",
    ]


def test_gluecksritter_a_verdict_judged_again_after_the_end() -> None:
    play = gluecksritter()
    play.do(Correct("red.walls", 4, "set-up"), Correct("red.towers", 4, "set-up"))
    play.do(Correct("blue.walls", 4, "set-up"), Correct("blue.towers", 4, "set-up"))
    play.do(PlaceDucats(0, 0, Coins(), Coins()))
    play.do(ChooseActions("red", (5, 6)), ChooseActions("blue", (5, 6)), ChooseActions("green", (5, 6)))
    play.do(RevealDocuments(), RevealActions())
    assert set(play.history.state.winners) == {"red", "blue"}
    assert play.undo_words(Correct("red.gold", 3, "red's purse was miscounted")) == [
        "Red: put 1 gold back in the sack.",
        "Red and Blue win again.",
    ]
    assert play.undo_words(Correct("red.towers", 3, "a tower was counted twice")) == [
        "Red: take 1 tower from the supply.",
        "Red wins again.",
    ]
    assert play.undo_words(Correct("blue.towers", 3, "so was this one")) == [
        "Blue: take 1 tower from the supply.",
        "Red: lay out action cards 5 and 6 face up again.",
        "Blue: lay out action cards 5 and 6 face up again.",
        "Green: lay out action cards 5 and 6 face up again.",
        "The game is over again: Blue wins.",
        "It is round 1 again.",
    ]


def haggled(payment: Coins | None = None):
    """osullivan: blue wins the haggling with 1 Ducat and 2 promised, and pays."""
    play = gluecksritter(OSULLIVAN)
    play.do(Correct("red.walls", 1, "set-up"))
    play.do(PlaceDucats(0, 2, Coins(), Coins(0, 2)))
    play.do(ChooseActions("red", (4, 5)), ChooseActions("blue", (4, 6)), ChooseActions("green", (5, 6)))
    play.do(RevealDocuments(), RevealActions())
    play.do(ChooseFirstOfferer("blue", "blue"), MakeOffer("blue", ducats=1, loot_promise=2))
    return play


def test_gluecksritter_the_payment_of_an_accepted_offer_and_the_promise() -> None:
    play = haggled()
    assert play.undo_words(AcceptOffer("red")) == ["It is Red's turn to haggle again."]
    assert play.undo_words(PayOffer("blue", payment=Coins(1, 0))) == [
        "Red: give 1 silver back to Blue.",
        "Blue pays the accepted offer again.",
    ]
    words = play.undo_words(KnightAct("blue", "field6"))
    assert words == [
        "Blue: put 2 gold back on field 6.",
        "Red: take your knight back out of the dungeon and lay it face up beside your other action card again.",
        "Blue: take your knight back out of the dungeon and lay it face up beside your other action card again.",
        "Blue acts as the Black Knight again.",
    ]
    words = play.undo_words(HandOver("blue", "red", coins=Coins(0, 1)))  # the round ended with it
    assert words[0] == "Red: give 1 gold back to Blue."
    assert words[-1] == "Blue decides again what to hand over of the promised loot."
    assert play.redo_words()[0] == "Blue: give 1 gold back to Red."


def test_gluecksritter_keeping_the_promised_loot() -> None:
    play = haggled()
    play.do(AcceptOffer("red"), PayOffer("blue"), KnightAct("blue", "field6"))
    words = play.undo_words(KeepLoot("blue"))  # the round ended with it
    assert words[-4:] == [
        "It is round 1 again.",
        "It is phase E again (the fields).",
        "Field 4 is open again.",
        "Blue decides again what to hand over of the promised loot.",
    ]


def test_gluecksritter_hand_overs_of_a_documents_effect() -> None:
    play = gluecksritter()
    assert play.undo_words(HandOver("sack", "red", coins=Coins(2, 1))) == [
        "Red: put 2 silver and 1 gold back in the sack."
    ]
    assert play.undo_words(HandOver("supply", "blue", walls=1, towers=1)) == [
        "Blue: return 1 wall and 1 tower to the supply."
    ]
    assert play.undo_words(HandOver("blue", "green", towers=1)) == ["Green: give 1 tower back to Blue."]
    assert play.undo_words(HandOver("blue", "supply", walls=1)) == ["Blue: take 1 wall from the supply."]


GR_COINS = r"(?P<coins>\d+ silver(?: and \d+ gold)?|\d+ gold)"
GR_PILE = r"the sack|field [56]"
GR_PIECES = r"(?P<pieces>\d+ walls?(?: and \d+ towers?)?|\d+ towers?)"
GR_DOCS = r"(?P<n>\d+) documents?"


def gr_coins(text: str) -> Counter:
    found = Counter()
    for n, kind in re.findall(r"(\d+) (silver|gold)", text):
        found[kind] += int(n)
    return found


def gr_pieces(text: str) -> Counter:
    found = Counter()
    for n, kind in re.findall(r"(\d+) (wall|tower)s?", text):
        found[kind] += int(n)
    return found


def gr_table(state: GRState) -> dict[str, Any]:
    """What the words of Die Glücksritter speak of, counted."""
    table: dict[str, Any] = {}
    for p in state.players:
        table[p.colour, "silver"], table[p.colour, "gold"] = p.silver, p.gold
        table[p.colour, "wall"], table[p.colour, "tower"] = p.walls, p.towers
        table[p.colour, "hand"] = len(p.documents)
        table[p.colour, "down"] = sum(1 for who, _ in state.face_down if who == p.colour)
        table[p.colour, "dungeon"] = p.knight_in_dungeon
    for pile in ("sack", "field5", "field6"):
        table[pile, "silver"], table[pile, "gold"] = state.pile(pile).silver, state.pile(pile).gold
    table["supply", "wall"], table["supply", "tower"] = state.supply_walls, state.supply_towers
    table["deck"], table["discard"] = len(state.deck), len(state.discard)
    return table


def gr_pile(words: str) -> str:
    return "sack" if words == "the sack" else "field" + words[-1]


def follow_gluecksritter(state: GRState, words: list[str]) -> dict[str, Any]:
    table = gr_table(state)

    def move(things: Counter, source: str, target: str) -> None:
        for kind, n in things.items():
            table[source, kind] -= n
            table[target, kind] += n

    for line in words:
        if m := re.fullmatch(rf"(\w+): give {GR_COINS} back to (\w+)\.", line):
            move(gr_coins(m["coins"]), colour(m[1]), colour(m[3]))
        elif m := re.fullmatch(rf"(\w+): put {GR_COINS} back (?:in|on) ({GR_PILE})\.", line):
            move(gr_coins(m["coins"]), colour(m[1]), gr_pile(m[3]))
        elif m := re.fullmatch(rf"(\w+): take {GR_COINS} from ({GR_PILE})\.", line):
            move(gr_coins(m["coins"]), gr_pile(m[3]), colour(m[1]))
        elif m := re.fullmatch(rf"Put {GR_COINS} from ({GR_PILE}) (?:back )?(?:in|on) ({GR_PILE})\.", line):
            move(gr_coins(m["coins"]), gr_pile(m[2]), gr_pile(m[3]))
        elif m := re.fullmatch(rf"(\w+): return {GR_PIECES} to the supply\.", line):
            move(gr_pieces(m["pieces"]), colour(m[1]), "supply")
        elif m := re.fullmatch(rf"(\w+): take {GR_PIECES} from the supply\.", line):
            move(gr_pieces(m["pieces"]), "supply", colour(m[1]))
        elif m := re.fullmatch(rf"(\w+): give {GR_PIECES} back to (\w+)\.", line):
            move(gr_pieces(m["pieces"]), colour(m[1]), colour(m[3]))
        elif m := re.fullmatch(r"(\w+): take your knight back out of the dungeon( and lay it .*)?\.", line):
            table[colour(m[1]), "dungeon"] = False
        elif m := re.fullmatch(r"(\w+): put your knight back in the dungeon\.", line):
            table[colour(m[1]), "dungeon"] = True
        elif m := re.fullmatch(r"(\w+): (put|take|lay|draw) (.*document.*)\.", line):
            follow_document(table, colour(m[1]), f"{m[2]} {m[3]}")
        elif m := re.fullmatch(rf"Put {GR_DOCS} from the deck on the played pile\.", line):
            table["deck"] -= int(m["n"])
            table["discard"] += int(m["n"])
        elif m := re.fullmatch(rf"Shuffle {GR_DOCS} from the played pile into the deck\.", line):
            table["discard"] -= int(m["n"])
            table["deck"] += int(m["n"])
    return table


def follow_document(table: dict[str, Any], who: str, text: str) -> None:
    n = int(m[1]) if (m := re.search(r"(\d+) (?:face-down )?documents?", text)) else 1
    hand, down = (who, "hand"), (who, "down")
    places = {
        f"put {n} document{'s' if n > 1 else ''} from your hand on the played pile": (hand, "discard"),
        f"take {n} document{'s' if n > 1 else ''} from the played pile back into your hand": ("discard", hand),
        f"lay {n} document{'s' if n > 1 else ''} from your hand face down again": (hand, down),
        f"put {n} document{'s' if n > 1 else ''} from your hand back on the deck": (hand, "deck"),
        f"draw {n} document{'s' if n > 1 else ''} from the deck": ("deck", hand),
    }
    if text in places:
        source, target = places[text]
    elif text.startswith("take your") and text.endswith("back into your hand"):
        source, target = down, hand
    elif text.startswith("put your") and text.endswith("on the played pile"):
        source, target = down, "discard"
    elif text.startswith("take") and text.endswith("face down again"):
        source, target = "discard", down
    else:
        raise AssertionError(f"words the table cannot follow: {who}: {text}")
    table[source] -= n
    table[target] += n


# -- Die Glücksritter: no pick, no document in a hand or face down


def scramble_secrets(state: GRState) -> GRState:
    """The same table as everyone sees it, with other documents in the hands and face down and
    other picks where they are secret (before phase E)."""
    players = []
    renamed = {}
    for n, (who, doc) in enumerate(state.face_down):
        renamed[who, doc] = f"face-down-{n}"
    for p in state.players:
        played = tuple(renamed.get((p.colour, doc), doc) for doc in p.played)
        pick = p.pick
        if pick is not None and state.phase != "E":
            pick = (5, 6) if pick != (5, 6) else (1, 2)
        hand = tuple(f"hidden-{p.colour}-{i}" for i in range(len(p.documents)))
        players.append(replace(p, documents=hand, played=played, pick=pick))
    face_down = tuple((who, renamed[who, doc]) for who, doc in state.face_down)
    return replace(state, players=tuple(players), face_down=face_down)


def check_gluecksritter_secrets(current: GRState, restored: GRState, command: dict, words: list[str]) -> None:
    text = "\n".join(words)
    for kind in current.rules.documents:  # no document is ever named
        assert kind.id not in text and kind.name not in text, (kind, words)
    if restored.phase != "E":  # picks are shown only when the table goes back to face-up picks
        assert not re.search(r"action cards? \d", text), words
    same = words_with_other_secrets("gluecksritter", current, restored, command, scramble_secrets)
    assert without_roll(same) == without_roll(words), "the words depend on a secret"


gluecksritter_tables = st.fixed_dictionaries(
    {
        "players": st.integers(3, 6),
        "ruleset": st.sampled_from(RULESETS),
        "digital_sack": st.booleans(),
        "special_die": st.sampled_from((None, ("castle",) * 6, ("sack", "castle") * 3)),
    }
)


@settings(FAST, max_examples=15)
@given(seed=seeds, table=gluecksritter_tables, steps=st.integers(50, 400))
def test_gluecksritter_words_over_random_play(seed: int, table: dict[str, Any], steps: int) -> None:
    rng = random.Random(seed)
    history = new_history(
        rng,
        table["players"],
        table["ruleset"],
        digital_sack=table["digital_sack"],
        special_die=table["special_die"],
        documents=unique_catalogue(),
        check_every_event=False,
    )
    for _ in range(steps):
        before = history.state
        command = play_step(history, rng)
        if command is None:
            break
        data = GR.dump_command(command)
        for current, restored, words in both_ways("gluecksritter", before, history.state, data):
            check_gluecksritter_secrets(current, restored, data, words)
            assert follow_gluecksritter(current, words) == gr_table(restored), words


def test_gluecksritter_players_are_named_as_the_screens_name_them() -> None:
    """The name given with the colour beside it, or the capitalised colour; never the colour id."""
    from companion.games.gluecksritter.table_words import lines
    from companion.i18n import render
    from tests.engines.gluecksritter.helpers import setup

    state = GR.setup(setup().model_copy(update={"names": {"red": "Ben", "blue": "blue"}}))
    after = state
    for command in (Correct("red.silver", 3, "x"), Correct("blue.walls", 1, "x")):
        for event in GR.decide(after, command):
            after = GR.evolve(after, event)
    words = [render(line.text, "en") for line in lines([after, state], {"type": "correct"})]
    assert words == ["Ben (Red): put 1 silver back in the sack.", "Blue: return 1 wall to the supply."], words
