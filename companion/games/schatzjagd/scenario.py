"""The Schatzjagd part of scenarios: the setup from the header, commands from ``key=value``
tokens, and the expectation keys read off a state (or off the last command's events).

This module is the game's scenario adapter (see ``run.Adapter``): ``GAME``, ``build_setup``,
``build_command`` and ``probe``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.games.schatzjagd.notes import NOTES, notes
from companion.scenario.commands import clean, command_builder
from companion.scenario.parse import HeaderLine, ScenarioError
from companion.scenario.probes import LAST_EVENTS, Probe, awaiting, listed, one_of, optional, whole_number, words
from engines.core.history import History
from engines.schatzjagd import GAME, Setup
from engines.schatzjagd.commands import Command
from engines.schatzjagd.hand import PLAYS, over_four
from engines.schatzjagd.rules import CARD_TYPES, COLOURS, COUNTERS, Effect, normal_place, normal_walls, parse_effect
from engines.schatzjagd.state import GameState

__all__ = ["GAME", "build_command", "build_setup", "probe"]

# ---------------------------------------------------------------------------------- header
# ``player <colour> "<name>"`` per player, clockwise as seated; ``setting <name> <value...>``.

PLAYER_USAGE = 'write \'player <colour> "<name>"\', e.g. player red "Anna"'
SWITCHES = {"on": True, "off": False}
SWITCHED = ("plunder", "catharsis", "teleportal", "show_treasure_kinds")
VICTORIES = ("treasures", "same_kind", "different_kinds", "kinds")
SETTINGS = ("first", "victory", *SWITCHED, "treasure_kinds", "regions")
VICTORY_USAGE = (
    "write 'setting victory treasures <n>', 'setting victory same-kind <n>', "
    "'setting victory different-kinds <n>' or 'setting victory kinds <kind> <kind>...'"
)


def build_setup(header: Sequence[HeaderLine], base: Path, path: Path, game_line: int) -> Setup:
    data: dict[str, Any] = {}
    players: list[dict[str, str]] = []
    player_lines: list[int] = []
    line_of: dict[str, int] = {}

    def fail(h: HeaderLine, message: str) -> ScenarioError:
        return ScenarioError(path, h.line, message)

    for h in header:
        if h.word == "player":
            if len(h.args) != 2:
                raise fail(h, PLAYER_USAGE)
            colour, name = h.args
            if colour not in COLOURS:
                raise fail(h, f"{colour!r} is not a castle colour ({', '.join(COLOURS)})")
            if any(p["colour"] == colour for p in players):
                raise fail(h, f"{colour} is given twice")
            players.append({"colour": colour, "name": name})
            player_lines.append(h.line)
            line_of.setdefault("players", h.line)
        elif h.word == "setting":
            _setting(h, data, line_of, fail)
        else:
            raise fail(h, f"a Schatzjagd header has no '{h.word}' line; use player and setting lines")
    if not players:
        raise ScenarioError(path, game_line, f"the header needs one line per player: {PLAYER_USAGE}")
    data["players"] = players
    try:
        return Setup.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc, message = err["loc"], clean(err["msg"])
        field = str(loc[0]) if loc else message.partition(":")[0]  # whole-setup checks name their setting
        line = line_of.get(field, game_line)
        if field == "players" and len(loc) >= 3 and isinstance(loc[1], int):
            line = player_lines[loc[1]]
            field = f"player {players[loc[1]]['colour']}'s {loc[2]}"
        where = f"{field}: " if loc else ""
        raise ScenarioError(path, line, f"{where}{message}") from None


def _setting(h: HeaderLine, data: dict[str, Any], line_of: dict[str, int], fail: Callable) -> None:
    if not h.args:
        raise fail(h, f"write 'setting <name> <value>'; settings: {', '.join(SETTINGS)}")
    name, values = h.args[0].replace("-", "_"), h.args[1:]
    if name not in SETTINGS:
        raise fail(h, f"there is no setting {h.args[0]!r}; settings: {', '.join(SETTINGS)}")
    if name in line_of:
        raise fail(h, f"setting {name} is given twice (first on line {line_of[name]})")
    line_of[name] = h.line
    if name in SWITCHED:
        if len(values) != 1 or values[0] not in SWITCHES:
            raise fail(h, f"setting {name} is 'on' or 'off'")
        data[name] = SWITCHES[values[0]]
    elif name == "first":
        if len(values) != 1:
            raise fail(h, "write 'setting first <colour>': who won the roll to start")
        data["first"] = values[0]
    elif name == "victory":
        kind = values[0].replace("-", "_") if values else ""
        if kind not in VICTORIES or len(values) < 2:
            raise fail(h, VICTORY_USAGE)
        if kind == "kinds":
            data["victory"] = {"kinds": values[1:]}
        elif len(values) != 2 or not values[1].isdigit():
            raise fail(h, VICTORY_USAGE)
        else:
            data["victory"] = {kind: int(values[1])}
    elif name == "treasure_kinds":
        kinds: dict[str, int] = {}
        for value in values:
            kind, _, count = value.partition(":")
            if not count.isdigit():
                raise fail(h, "write 'setting treasure-kinds crown:4 chalice:4 orb:4'")
            kinds[kind] = int(count)
        data["treasure_kinds"] = kinds
    else:  # regions
        if len(values) != 4:
            raise fail(h, "write 'setting regions <colour for 2> <for 3> <for 4> <for 5>'")
        data["regions"] = dict(zip((2, 3, 4, 5), values, strict=True))


# -------------------------------------------------------------------------------- commands

build_command = command_builder(GAME, Command, {Effect: parse_effect})


# ---------------------------------------------------------------------------- expectations

PHASES = ("play", "catharsis", "over")
YES_NO = ("yes", "no")
VALUES = (*COUNTERS, "poison", "power", "hand", "cards", "treasures", "hidden", "deaths", "searching")
KEY_HELP = (
    "phase, turn, awaiting, day, winner, fight, monster-life, card-played, draw, discard, discard.<type|unseen>, "
    "used-maps, treasure-stack, treasure-stack.<kind>, board, card.<field>, loose.<place>, guarded.<place>, "
    "catharsis, last-events, notes, <colour>.<value|place|before|over-four|treasure-kinds|hidden-kinds>, "
    "lost.<colour>.<value>"
)


def _kind_list(kinds: Sequence[str]) -> Callable[[str], tuple[str, ...]]:
    """A comma list of treasure kinds, repeats kept (crown,crown,orb), or none."""

    def parse(text: str) -> tuple[str, ...]:
        items = listed(text)
        for item in items:
            if item not in kinds:
                raise ValueError(f"{item!r} is not a treasure kind ({', '.join(kinds)} or none)")
        return tuple(sorted(items))

    return parse


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _fight(s: GameState) -> tuple[str, ...]:
    if s.fight is None:
        return ()
    return (s.fight.henchman, s.fight.opponent or "monster")


def _card(field: str) -> Callable[[GameState], str | None]:
    def read(s: GameState) -> str | None:
        cards = s.cards_at(field)
        if not cards:
            return None
        return cards[0].kind or "face-down"

    return read


def _lost(colour: str, counter: str) -> Callable[[History], int]:
    def read(history: History) -> int:
        if not history.entries:
            return 0
        events = history.entries[-1].events
        return sum(e.lost for e in events if e.type == "counter-changed" and (e.player, e.counter) == (colour, counter))

    return read


def probe(state: GameState, key: str) -> Probe:
    """The probe for ``key``; ValueError lists what keys exist. ``state`` supplies the colours."""
    key = key.strip().replace("_", "-")
    colours = list(state.colours)
    kinds = list(state.kinds)
    card_words = (*CARD_TYPES, "face-down")
    fixed: dict[str, Probe] = {
        "phase": Probe(lambda s: s.phase, one_of(PHASES, "a phase")),
        "turn": Probe(lambda s: s.current, one_of(colours, "a player")),
        "awaiting": awaiting(GAME, colours),
        "day": Probe(lambda s: s.day, whole_number),
        "winner": Probe(lambda s: s.winner, optional(one_of(colours, "a player"))),
        "fight": Probe(_fight, words([*colours, "monster"], "a fighter", ordered=True)),
        "monster-life": Probe(lambda s: s.fight.monster_life if s.fight and s.fight.monster else None,
                              optional(whole_number)),
        "card-played": Probe(lambda s: _yes(s.turn.card_played), one_of(YES_NO, "yes or no")),
        "draw": Probe(lambda s: s.draw, whole_number),
        "discard": Probe(lambda s: s.discard_total, whole_number),
        "used-maps": Probe(lambda s: s.used_maps, whole_number),
        "treasure-stack": Probe(lambda s: sum(s.treasure_stack), whole_number),
        "board": Probe(lambda s: len(s.board), whole_number),
        "catharsis": Probe(lambda s: s.catharsis, words(colours, "a player", ordered=True)),
        "last-events": LAST_EVENTS,
        "notes": Probe(notes, words(NOTES, "a note the rules forbid"), of_history=True),
    }  # fmt: skip
    if key in fixed:
        return fixed[key]
    head, _, rest = key.partition(".")
    if head == "discard":
        types = (*CARD_TYPES, "unseen")
        if rest not in types:
            raise ValueError(f"discard.<type> takes one of {', '.join(types)}, not {rest!r}")
        i = types.index(rest)
        return Probe(lambda s: s.discard[i], whole_number)
    if head == "treasure-stack":
        if rest not in kinds:
            raise ValueError(f"there is no treasure kind {rest!r} ({', '.join(kinds)})")
        i = kinds.index(rest)
        return Probe(lambda s: s.treasure_stack[i], whole_number)
    if head in ("card", "loose", "guarded"):
        place = normal_place(rest)
        if head == "card":
            return Probe(_card(place), optional(one_of(card_words, "a card type or face-down")))
        if head == "loose":
            return Probe(lambda s: len(s.loose_at(place)), whole_number)
        return Probe(lambda s: sum(1 for t in s.loose_at(place) if t.guard is not None), whole_number)
    if head == "lost":
        colour, _, counter = rest.partition(".")
        if colour not in colours or counter not in (*COUNTERS, "poison"):
            raise ValueError(f"write lost.<colour>.<life|gold|strength|weapons|poison>, not {key!r}")
        return Probe(_lost(colour, counter), whole_number, of_history=True)
    if head in COLOURS and head not in colours:
        raise ValueError(f"nobody plays {head} in this scenario")
    if head in colours:
        colour = head
        if rest in VALUES:
            attr = rest

            def read(s: GameState) -> int:
                p = s.henchman(colour)
                if attr in ("treasures", "hidden"):
                    return len(getattr(p, attr))
                return getattr(p, attr)

            return Probe(read, whole_number)
        if rest == "place":
            return Probe(lambda s: s.henchman(colour).place, normal_place)
        if rest == "before":
            return Probe(lambda s: s.henchman(colour).before, optional(normal_walls))
        if rest == "over-four":
            return Probe(lambda s: tuple(sorted(over_four(s, colour))), words(PLAYS, "a card play"))
        if rest in ("treasure-kinds", "hidden-kinds"):
            attr = "treasures" if rest == "treasure-kinds" else "hidden"
            return Probe(lambda s: tuple(sorted(getattr(s.henchman(colour), attr))), _kind_list(kinds))
    raise ValueError(f"there is no expectation key {key!r}; keys: {KEY_HELP}")
