"""``decide(state, command) -> events`` for Schatzjagd: each command to the module that owns it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.schatzjagd import activities, cards, city, fight, journey, turns
from engines.schatzjagd.events import Event
from engines.schatzjagd.state import GameState

DECIDERS: dict[str, Callable[[GameState, Any], list[Event]]] = {
    "travel": journey.travel,
    "reveal": journey.reveal,
    "pick-up": activities.pick_up,
    "use-special": activities.use_special,
    "teleport": journey.teleport,
    "plunder": activities.plunder,
    "relocate": journey.relocate,
    "challenge": fight.challenge,
    "exchange": fight.exchange,
    "flee": fight.flee,
    "inn": city.inn,
    "healer": city.healer,
    "school": city.school,
    "smith": city.smith,
    "place-card": cards.place_card,
    "cast-spell": cards.cast_spell,
    "dig": cards.dig,
    "hide-treasure": cards.hide_treasure,
    "end-turn": turns.end_turn,
    "remove-card": turns.remove_card,
    "correct": turns.correct,
}


def decide(state: GameState, command: Any) -> list[Event]:
    return DECIDERS[command.type](state, command)
