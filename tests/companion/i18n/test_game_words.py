"""Over seeded random play, every undo and redo line of every game registered is a message (not an
English string) with a German rendering, in the app's catalogues or in the game's own (its home's
``locale``, consulted after the app's), and Die Glücksritter's words read in German."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given

from companion.games.registry import HOMES
from companion.i18n import render
from companion.i18n.words import WORDS
from companion.journal.session import is_over
from companion.journal.table_words import messages
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import PlaceDucats
from engines.gluecksritter.rules import COLOURS as GR_COLOURS
from engines.gluecksritter.tax import KINDS as GR_COINS
from tests.companion.games.gluecksritter.test_table_words import gluecksritter
from tests.companion.games.words import FAST, Play, seeds
from tests.companion.i18n.texts import undo_texts
from tests.companion.journal.fixtures.games import legal_command, random_config

CATALOGUED = tuple(HOMES)  # the games registered when the tests are collected


@pytest.mark.parametrize("game", CATALOGUED)
@FAST
@given(seed=seeds)
def test_every_line_of_random_play_is_a_message_with_its_german(game: str, seed: int) -> None:
    rng = random.Random(seed)
    lines_have_their_german(game, random_config(game, rng), lambda state: legal_command(game, state, rng), rng)


def lines_have_their_german(game: str, config: Any, legal: Callable[[Any], Any], rng: random.Random) -> None:
    """Random play of ``game`` from ``config`` (``legal(state)``: a command the rules accept), each
    step's undo and redo lines checked: messages, each with its German (also for a game registered
    by its tests, with its own random table)."""
    play = Play(game, config)
    for _ in range(rng.randint(1, 60)):
        if is_over(play.history.state):
            break
        play.do(legal(play.history.state))
        state = play.history.state
        for current, restored, redo in ((state, play.before, False), (play.before, state, True)):
            for text in messages(game, current, restored, play.command, redo=redo):
                assert not isinstance(text, str), f"an English string, not a message: {text!r}"
                german, english = render(text, "de"), render(text, "en")
                assert german and german != english, f"{english!r} has no German"


def test_every_gluecksritter_word_is_in_the_catalogue() -> None:
    assert set(GR_COLOURS) | set(GR_COINS) <= WORDS


def test_gluecksritter_words_in_german() -> None:
    play = gluecksritter()
    texts = undo_texts(play, PlaceDucats(3, 2, Coins(2, 1), Coins(1, 1)))
    assert [render(t, "en") for t in texts] == [
        "Put 2 silver and 1 gold from field 5 back in the sack.",
        "Put 1 silver and 1 gold from field 6 back in the sack.",
        "It is phase A again (the Ducat card).",
    ]
    assert [render(t, "de") for t in texts] == [
        "Lege 2 Silber und 1 Gold von Feld 5 zurück in den Sack.",
        "Lege 1 Silber und 1 Gold von Feld 6 zurück in den Sack.",
        "Es ist wieder Phase A (die Dukatenkarte).",
    ]
