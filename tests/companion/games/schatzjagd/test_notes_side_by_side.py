"""No notes (rule 13.4), read side by side: two games that differ only in which prince slotted which
face-down card give the players exactly the same things to read while they run — the public view,
each prince's own view, the whole game log, and the words to undo and to redo every step, in
English and in German. So nothing the players can read, alone or put beside anything else, says who
slotted a card. Once the game is over the owners show.

The search for notes (``companion.games.schatzjagd.notes``) finds none in either game, nor in random
play, and it is not vacuous: fed the views and the log as they were before (the board in the order
the cards came, cards named by their ids) or as they once were (a slotting logged with its field),
it finds who slotted the cards."""

from __future__ import annotations

import random
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

import pytest

from companion.games.schatzjagd import notes as notes_module
from companion.games.schatzjagd.notes import DISCARD_TYPES, WHO_SLOTTED, Readable, notes, readable
from companion.games.schatzjagd.scenario import build_command, build_setup
from companion.scenario.parse import parse_scenario
from engines.core import History
from engines.core.saved import dump_history, load_history
from engines.schatzjagd import GAME
from engines.schatzjagd.commands import RemoveCard
from engines.schatzjagd.state import CATHARSIS, OVER
from tests.engines.schatzjagd.table import GREEDY, new_history, play_step

HEAD = 'game schatzjagd\nplayer red "Anna"\nplayer blue "Bo"\nsetting victory treasures 1\n'

# Each pair of fields is swapped between game A and game B: in A red slots the first and blue the
# second, in B red slots the second and blue the first. The card that lies on a field is the same
# in both games (it is turned up as the same card): only who slotted it differs.
PAIRS = {"R1": ("C7", "D4"), "R2": ("E5", "G6"), "R3": ("H8", "J9"), "R4": ("L3", "K2")}
BLUE = {"B1": "R1", "B2": "R2", "B3": "R3", "B4": "R4"}

SCRIPT = """\
# day 1 and 2: each prince slots a card face down, twice
travel red die=3 to=B2
place-card red field={R1}
end-turn red
travel blue die=2 to=F3
place-card blue field={B1}
end-turn blue
travel red die=4 to=B3
place-card red field={R2}
end-turn red
travel blue die=2 to=F4
place-card blue field={B2}
end-turn blue
# day 3: red turns up a weapon on C7 (discarded); blue fights the monster on D4 and slays it
travel red die=5 to=C7
reveal red card=weapon value=3
place-card red field={R3}
end-turn red
travel blue die=3 to=D4
reveal blue card=monster value=2 effects=gold+2
exchange blue die=6 opponent-die=1
exchange blue die=6 opponent-die=1
exchange blue die=6 opponent-die=1
place-card blue field={B3}
end-turn blue
# day 4: red finds a special on E5 and uses it (it stays); blue finds a spell on G6 and, with five
# cards, slots one
travel red die=2 to=E5
reveal red card=special name=fountain effects=gold+1
use-special red
end-turn red
travel blue die=4 to=G6
reveal blue card=spell
place-card blue field={B4}
end-turn blue
# day 5: red digs a crown; blue steps on a trap on H8 (discarded)
travel red die=3 to=B2
dig red field=B2 kind=crown
end-turn red
travel blue die=2 to=H8
reveal blue card=trap effects=life-3
end-turn blue
# day 6: red's henchman, carrying the crown, is killed by the monster on J9, which guards the crown
travel red die=4 to=J9
reveal red card=monster value=20
exchange red die=1 opponent-die=6
end-turn red
travel blue die=5 to=F5
place-card blue field=M4
end-turn blue
# day 7 and 8: red slots a last card; blue digs an orb, hides it at home and wins
travel red die=2 to=B4
place-card red field={R4}
end-turn red
travel blue die=3 to=F6
dig blue field=F6 kind=orb
end-turn blue
travel red die=1 to=castle-red
end-turn red
travel blue die=6 to=castle-blue
hide-treasure blue kind=orb
"""


def game_text(swapped: bool) -> str:
    fields = {}
    for red, (first, second) in PAIRS.items():
        fields[red] = second if swapped else first
    for blue, red in BLUE.items():
        first, second = PAIRS[red]
        fields[blue] = first if swapped else second
    return HEAD + SCRIPT.format(**fields)


def steps(swapped: bool) -> tuple[History, list[Any]]:
    scenario = parse_scenario(game_text(swapped))
    history = History(GAME, build_setup(scenario.header, Path("."), scenario.path, scenario.game_line))
    return history, [build_command(statement) for statement in scenario.statements]


def owners(history: History) -> dict[str, str]:
    return {card["field"]: card["owner"] for card in GAME.public_view(history.state)["board"]}


def test_the_two_games_differ_only_in_who_slotted_which_card() -> None:
    a, b = game_text(False), game_text(True)
    differ = [(x, y) for x, y in zip(a.splitlines(), b.splitlines(), strict=True) if x != y]
    assert differ and all(x.startswith("place-card") and y.startswith("place-card") for x, y in differ)
    assert len(differ) == 2 * len(PAIRS)


def cardboard(history: History) -> set[str]:
    """The fields with a card: what the table sees on the board."""
    return {c.field for c in history.state.board}


def without_board(seen: Readable) -> Readable:
    return replace(seen, views=tuple({k: v for k, v in view.items() if k != "board"} for view in seen.views))


def play_side_by_side() -> tuple[History, History, int]:
    """Both games step by step; after every step (and after an undo and a redo of it) everything the
    players can read is the same in both, and no note is found in either.

    Between the two slottings of a pair the cardboard itself differs (one card lies on C7 in game A,
    on D4 in game B): then only the board's list differs, as the cardboard does. Whenever the same
    fields hold cards, all of it is the same."""
    a, commands_a = steps(False)
    b, commands_b = steps(True)
    compared = 0
    for command_a, command_b in zip(commands_a, commands_b, strict=True):
        a.apply(command_a)
        b.apply(command_b)
        if a.state.phase == OVER:
            break
        for move in ("apply", "undo", "redo"):
            if move != "apply":
                getattr(a, move)()
                getattr(b, move)()
            seen_a, seen_b = readable(a), readable(b)
            assert notes(a) == notes(b) == ()
            # the whole of it: the public view, each prince's own view (their own secrets are the same
            # in both games, as they hold the same cards), the log, and the undo and redo words
            assert without_board(seen_a) == without_board(seen_b), f"after {command_a} ({move})"
            if cardboard(a) == cardboard(b):
                assert seen_a == seen_b, f"after {command_a} ({move}): the players can tell the games apart"
                compared += 1
    assert cardboard(a) == cardboard(b)
    return a, b, compared


@pytest.fixture(scope="module")
def side_by_side() -> tuple[History, History, int]:
    return play_side_by_side()


def test_nothing_the_players_read_while_the_game_runs_tells_the_two_games_apart(
    side_by_side: tuple[History, History, int],
) -> None:
    a, b, compared = side_by_side
    assert compared > 60  # most steps: only between the two slottings of a pair do the boards differ
    assert a.state.winner == b.state.winner == "blue"
    # the script did what it says: slotted, turned up, discarded, taken, fought, used, died, guarded
    types = {e.type for entry in a.entries for e in entry.events}
    for kind in ("card-placed", "card-revealed", "card-discarded", "card-taken", "fight-began", "monster-wounded",
                 "special-used", "henchman-died", "treasures-dropped"):  # fmt: skip
        assert kind in types, kind


def test_once_the_game_is_over_the_owners_show(side_by_side: tuple[History, History, int]) -> None:
    a, b, _ = side_by_side
    assert owners(a) == {"E5": "red", "J9": "blue", "K2": "blue", "L3": "red", "M4": "blue"}
    assert owners(b) == {"E5": "blue", "J9": "red", "K2": "red", "L3": "blue", "M4": "blue"}
    assert readable(a) != readable(b)
    assert notes(a) == notes(b) == (DISCARD_TYPES, WHO_SLOTTED)


def test_the_board_is_listed_by_place_and_the_log_names_fields_not_cards() -> None:
    a, commands = steps(False)
    shown = []
    for command in commands:
        shown += [GAME.public_event(e) for e in a.apply(command)]
        if a.state.day == 5:
            view = GAME.public_view(a.state)
            break
    # the cards came as C7, D4, E5, G6, H8, J9, K2 (C7, D4 and G6 left the board); listed by place
    assert [c["field"] for c in view["board"]] == ["E5", "H8", "J9", "K2"]
    assert view["board"][0] == {"field": "E5", "face_down": False, "kind": "special", "value": 0,
                                "effects": ["gold+1"], "name": "fountain"}  # fmt: skip
    assert view["board"][1] == {"field": "H8", "face_down": True}
    by_type: dict[str, list[dict[str, Any]]] = {}
    for event in shown:
        by_type.setdefault(event["type"], []).append(event)
    assert by_type["card-placed"][0] == {"type": "card-placed", "player": "red"}
    assert by_type["card-revealed"][0] == {"type": "card-revealed", "player": "red", "kind": "weapon", "value": 3,
                                           "effects": [], "name": "", "field": "C7"}  # fmt: skip
    assert by_type["card-discarded"][0] == {"type": "card-discarded", "field": "C7"}
    assert by_type["fight-began"][0] == {"type": "fight-began", "player": "blue", "opponent": None, "monster": True,
                                         "monster_life": 15, "field": "D4"}  # fmt: skip
    assert by_type["monster-wounded"][0] == {"type": "monster-wounded", "old": 15, "new": 10, "field": "D4"}
    assert by_type["special-used"] == [{"type": "special-used", "player": "red", "field": "E5"}]
    assert by_type["card-taken"] == [{"type": "card-taken", "player": "blue", "field": "G6"}]
    for event in shown:
        assert not set(event) & {"card", "guard", "id"}, event
        assert not isinstance(event.get("monster"), int) or isinstance(event["monster"], bool), event


def test_a_monster_that_kills_is_named_by_its_field() -> None:
    a, commands = steps(False)
    for command in commands:
        events = a.apply(command)
        if any(e.type == "henchman-died" for e in events):
            break
    shown = {e.type: GAME.public_event(e) for e in events}
    assert shown["henchman-died"] == {"type": "henchman-died", "player": "red", "place": "J9", "killer": None,
                                      "monster": True, "cause": "fight", "field": "J9"}  # fmt: skip
    assert shown["treasures-dropped"] == {"type": "treasures-dropped", "player": "red", "place": "J9", "count": 1,
                                          "guarded": True, "field": "J9"}  # fmt: skip
    assert GAME.public_view(a.state)["loose"] == [{"place": "J9", "guarded": True}]


def test_a_special_used_this_turn_is_named_by_its_field_in_the_view() -> None:
    a, commands = steps(False)
    for command in commands:
        a.apply(command)
        if command.type == "use-special":
            break
    assert GAME.public_view(a.state)["turn"]["specials"] == ["E5"]


def test_a_card_taken_off_the_board_in_the_catharsis_is_named_by_its_field() -> None:
    a, commands = steps(False)
    for command in commands[:6]:  # day 1: red slots C7, blue D4
        a.apply(command)
    state = replace(a.state, phase=CATHARSIS, catharsis=("red", "blue"), draw=0)
    events = GAME.decide(state, RemoveCard("red", "D4"))
    assert [GAME.public_event(e) for e in events] == [{"type": "card-removed", "player": "red", "field": "D4"}]
    for event in events:
        state = GAME.evolve(state, event)
    passed = GAME.decide(state, RemoveCard("blue"))[0]
    assert GAME.public_event(passed) == {"type": "card-removed", "player": "blue", "field": ""}


@pytest.mark.parametrize(("seed", "players"), [(8, 4), (9, 2), (11, 4)])  # seeds that slot many cards
def test_random_play_leaves_no_note_while_the_game_runs(seed: int, players: int) -> None:
    rng = random.Random(seed)
    history = new_history(rng, players, catharsis=seed % 2 == 1)
    for _ in range(150):
        if history.state.phase == OVER:
            break
        play_step(history, rng, GREEDY)
        if history.state.phase != OVER:
            assert notes(history) == (), history.entries[-1].command
    assert max(len(entry.state.board) for entry in history.entries) >= 6


# ------------------------------------------------------------------ journals written before


NEW_FIELD = {"card-revealed", "card-discarded", "card-taken", "fight-began", "monster-wounded", "henchman-died",
             "treasures-dropped", "special-used", "card-removed"}  # fmt: skip


def test_events_written_before_they_named_fields_are_still_read() -> None:
    a, commands = steps(False)
    for command in commands:
        a.apply(command)
    saved = dump_history(a)
    for entry in saved["entries"]:
        for event in entry["events"]:
            if event["type"] in NEW_FIELD:
                del event["field"]
    old = load_history(GAME, saved)
    assert old.state == a.state
    discarded = GAME.parse_event({"type": "card-discarded", "card": 1})
    assert discarded.field == "" and GAME.public_event(discarded) == {"type": "card-discarded", "field": ""}


# ---------------------------------------------------------- the search would have caught it


class Before:
    """The game as its views and log were: the board in the order the cards came (``order``), events
    and the turn's specials with the cards' ids (``ids``), or, as once, a slotting logged with its
    field (``placed``)."""

    def __init__(self, *, order: bool = False, ids: bool = False, placed: bool = False) -> None:
        self.order, self.ids, self.placed = order, ids, placed

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)

    def public_view(self, state: Any) -> dict[str, Any]:
        view = GAME.public_view(state)
        if self.order:
            entries = {entry["field"]: entry for entry in view["board"]}
            view["board"] = [entries[c.field] for c in state.board]
        if self.ids:
            view["turn"]["specials"] = list(state.turn.specials)
        return view

    def player_view(self, state: Any, colour: str) -> dict[str, Any]:
        view = GAME.player_view(state, colour)
        view.update({k: v for k, v in self.public_view(state).items() if k in ("board", "turn")})
        return view

    def public_event(self, event: Any) -> dict[str, Any]:
        shown = GAME.public_event(event)
        if event.type == "card-placed":
            return {**shown, "field": event.field} if self.placed else shown
        if self.ids:
            data = asdict(event)
            return {"type": data.pop("type"), **data} | {k: v for k, v in shown.items() if k == "effects"}
        return shown


def played_until(swapped: bool, day: int) -> tuple[History, History]:
    a, commands = steps(swapped)
    b, others = steps(not swapped)
    for command, other in zip(commands, others, strict=True):
        a.apply(command)
        b.apply(other)
        if a.state.day == day:
            break
    return a, b


@pytest.mark.parametrize(
    ("before", "day"),
    [
        pytest.param(Before(order=True), 3, id="the board in the order the cards came"),
        pytest.param(Before(ids=True), 4, id="cards named by their ids"),
        pytest.param(Before(placed=True), 2, id="a slotting logged with its field"),
    ],
)
def test_the_search_finds_who_slotted_in_what_was_shown_before(
    monkeypatch: pytest.MonkeyPatch, before: Before, day: int
) -> None:
    b, a = played_until(True, day)  # b: game B, where the cards came in another order than by place
    assert notes(a) == notes(b) == ()
    monkeypatch.setattr(notes_module, "GAME", before)
    assert WHO_SLOTTED in notes(b)
    assert readable(a) != readable(b), "side by side, the two games are told apart"


def test_a_slotting_logged_with_more_than_the_prince_is_a_note() -> None:
    assert not notes_module._placed_says_more({"type": "card-placed", "player": "red"})
    for more in ({"card": 3}, {"field": "C7"}, {"order": 3}):
        assert notes_module._placed_says_more({"type": "card-placed", "player": "red", **more})


def test_the_search_finds_an_id_in_the_words() -> None:
    b, _ = played_until(True, 2)
    ids = frozenset(e.card for entry in b.entries for e in entry.events if e.type == "card-placed")
    assert notes_module._words_name_an_id(("Take card 2 back into the hand it came from.",), ids)
    assert notes_module._words_name_an_id(("Nimm Karte Nr. 1 zurück.",), ids)
    assert not notes_module._words_name_an_id(("Red: draw 2 cards.", "Put the card from C7 on the discard pile."), ids)
