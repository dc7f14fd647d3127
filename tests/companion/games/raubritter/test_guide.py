"""The guided turn of Raubritter's table screen, without a window: every kind in its own place, one
not in the pile (or a castle in the initial placement) greyed with the reason and never chosen,
only cells the rules allow, only knight counts, directions and splits
some legal march has, and the march to draw; the end turn once a tile is laid; the end's words."""

from __future__ import annotations

import datetime
import random

from companion.games.raubritter.screens.guide import STAY, Pending, key_of, kinds_to_lay, step
from companion.i18n import render
from engines.raubritter import GAME
from engines.raubritter.commands import EndTurn, LayTile
from engines.raubritter.moves import legal_cells, legal_marches
from engines.raubritter.rules import KINDS, Setup
from engines.raubritter.views import state_of
from tests.engines.raubritter.table import legal_command, new_history


def _setup():
    return Setup(
        players=[
            {"name": "Anna", "birthday": datetime.date(1961, 3, 14), "colour": "red"},
            {"name": "blue", "birthday": datetime.date(1984, 11, 2), "colour": "blue"},
        ]
    )


def _play(*commands):
    state = GAME.setup(_setup())
    for command in commands:
        for event in GAME.decide(state, command):
            state = GAME.evolve(state, event)
    return state, GAME.public_view(state)


def test_the_initial_placement_offers_no_castle_and_no_end_of_turn():
    _, view = _play()
    now = step(view)
    kinds = {option.args["kind"]: option for option in now.options if option.dialog == "kind"}
    assert list(kinds) == list(KINDS)  # every kind in its place, always
    for castle in ("plain-castle", "forest-castle"):
        assert render(kinds[castle].refusal, "de") == "noch nicht"  # under the name on its button
    assert kinds["lake"].refusal is None
    assert "plain-castle" not in kinds_to_lay(view) and "lake" in kinds_to_lay(view)
    assert not any(option.command for option in now.options)  # nothing to end yet
    assert render(now.prompt, "de") == "Anna (Rot) legt ein Startplättchen (1 von 2), noch keine Burg. Welches?"
    chosen = step(view, Pending(key_of(view), kind="lake"))
    assert chosen.targets == ((0, 0),)


def test_a_castle_offers_only_what_some_legal_march_allows():
    state, view = _play(
        LayTile("red", "lake", 1, 0),
        LayTile("red", "plain", 1, 1),
        LayTile("blue", "forest-village", 0, 1),
        LayTile("blue", "plain", 0, 2),
    )
    assert view["phase"] == "play" and view["current"] == "red"
    at = Pending(key_of(view), kind="plain-castle", cell=(0, 0))
    counts = [o.args.get("knights", 0) for o in step(view, at).options if o.main]
    assert counts == [0, 1, 2, 3, 4, 5]
    three = Pending(key_of(view), kind="plain-castle", cell=(0, 0), knights=3)
    ways = [o.args.get("direction", STAY) for o in step(view, three).options if o.main]
    legal = legal_marches(state, "red", 0, 0, "plain-castle", 3)
    assert ways == ["stay", "south"] == list(dict.fromkeys(d or STAY for d, _ in legal))
    south = Pending(key_of(view), kind="plain-castle", cell=(0, 0), knights=3, direction="south")
    splits = [o.args["drops"] for o in step(view, south).options if o.main]
    assert splits == [(1, 2)]
    chosen = step(
        view, Pending(key_of(view), kind="plain-castle", cell=(0, 0), knights=3, direction="south", drops=(1, 2))
    )
    assert chosen.march == ((0, 0, 1), (0, 1, 2))
    assert chosen.options[0].command == LayTile("red", "plain-castle", 0, 0, (1, 2), "south")
    five = Pending(key_of(view), kind="plain-castle", cell=(0, 0), knights=5)
    assert [o.args.get("direction", STAY) for o in step(view, five).options if o.main] == ["south"]  # 5 never stay


def test_a_choice_made_at_another_table_is_forgotten():
    _, view = _play()
    old = Pending(("another",), kind="lake")
    assert step(view, old).targets == ()


def test_random_games_offer_exactly_the_legal_cells_and_end_the_turn_after_a_tile():
    for seed in range(4):
        rng = random.Random(seed)
        history = new_history(2 + seed % 3, rng)
        for _ in range(40):
            state = history.state
            if state.phase == "over":
                break
            view = GAME.public_view(state)
            now = step(view)
            ends = [o.command for o in now.options if isinstance(o.command, EndTurn)]
            assert bool(ends) == (state.phase == "play" and state.laid > 0)
            kind = next(o.args["kind"] for o in now.options if o.dialog == "kind" and o.refusal is None)
            assert step(view, Pending(key_of(view), kind=kind)).targets == tuple(legal_cells(state_of(view)))
            history.apply(legal_command(state, rng))


def test_the_end_says_the_winner_or_the_draw():
    _, view = _play()
    over = {**view, "phase": "over", "current": None, "winners": ["red"], "draw": False}
    assert render(step(over).prompt, "en") == "The game is over: Anna (Red) wins."
    draw = {**over, "winners": ["red", "blue"], "draw": True}
    assert render(step(draw).prompt, "de") == "Das Spiel ist aus: Unentschieden zwischen Anna (Rot) und Blau."


def test_a_kind_that_ran_out_keeps_its_place_greyed_and_is_never_chosen():
    _, view = _play(LayTile("red", "lake", 0, 0))
    _, later = _play(LayTile("red", "lake", 0, 0), LayTile("red", "plain", 1, 0), LayTile("blue", "lake", 2, 0))
    assert later["current"] == "blue" and later["laid"] == 1
    before = [o.args["kind"] for o in step(view).options if o.dialog == "kind"]
    options = [o for o in step(later).options if o.dialog == "kind"]
    assert [o.args["kind"] for o in options] == before == list(KINDS)  # the same places
    lake = options[KINDS.index("lake")]
    assert render(lake.refusal, "de") == "keine mehr" and render(lake.label, "de") == "See\n0 übrig"
    assert all(o.refusal is None for o in options if o.args["kind"] not in ("lake", "plain-castle", "forest-castle"))
    # a greyed kind sent anyway (a screen that does not grey it) asks for the kind again
    again = step(later, Pending(key_of(later), kind="lake"))
    assert again.targets == () and [o.args.get("kind") for o in again.options if o.dialog == "kind"] == list(KINDS)
