"""The Die Glücksritter part of scenarios: the setup from the header, commands from
``key=value`` tokens, and the expectation keys read off a state.

This module is the game's scenario adapter (see ``run.Adapter``): ``GAME``, ``build_setup``,
``build_command`` and ``probe``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from companion.catalogue import CatalogueError, load_catalogue
from companion.scenario.commands import clean, command_builder
from companion.scenario.parse import HeaderLine, ScenarioError
from companion.scenario.probes import Probe, awaiting, listed, one_of, optional, show, whole_number, words
from engines.gluecksritter import GAME, Setup
from engines.gluecksritter.coins import Coins, parse_coins
from engines.gluecksritter.commands import Command, Transfer
from engines.gluecksritter.counters import read_counter
from engines.gluecksritter.effects import effects_due
from engines.gluecksritter.rules import COLOURS
from engines.gluecksritter.state import GameState

# ---------------------------------------------------------------------------------- header

SWITCHES = {"on": True, "off": False}
SETTINGS = ("digital_sack", "real_documents", "change_from_sack", "special_die")


def build_setup(header: Sequence[HeaderLine], base: Path, path: Path, game_line: int) -> Setup:
    data: dict[str, Any] = {}
    names: dict[str, str] = {}
    line_of: dict[str, int] = {}
    catalogue: Path | None = None

    def fail(h: HeaderLine, message: str) -> ScenarioError:
        return ScenarioError(path, h.line, message)

    def once(h: HeaderLine, key: str) -> None:
        if key in line_of:
            what = f"setting {key}" if h.word == "setting" else h.word
            raise fail(h, f"{what} is given twice (first on line {line_of[key]})")
        line_of[key] = h.line

    for h in header:
        if h.word == "rules":
            if len(h.args) != 1:
                raise fail(h, "write 'rules schmidt-1998' or 'rules osullivan-2002'")
            once(h, "rules")
            data["rules"] = h.args[0]
        elif h.word == "players":
            once(h, "players")
            data["players"] = h.args
        elif h.word == "name":
            if len(h.args) != 2:
                raise fail(h, 'write \'name <colour> "<name>"\', e.g. name red "Anna"')
            if h.args[0] in names:
                raise fail(h, f"{h.args[0]} is named twice")
            names[h.args[0]] = h.args[1]
            line_of.setdefault("names", h.line)
        elif h.word == "setting":
            _setting(h, data, once, fail)
        elif h.word == "catalogue":
            if len(h.args) != 1:
                raise fail(h, "write 'catalogue default' or 'catalogue <file.toml>'")
            once(h, "documents")
            catalogue = None if h.args[0] == "default" else base / h.args[0]
        else:
            words = "rules, players, name, setting, catalogue"
            raise fail(h, f"'{h.word}' is not part of a Die Glücksritter header ({words})")
    if "players" not in data:
        raise ScenarioError(path, game_line, "the header needs 'players', e.g. 'players red blue green'")
    try:
        data["documents"] = load_catalogue(catalogue)
    except CatalogueError as exc:
        raise ScenarioError(path, line_of.get("documents", game_line), str(exc)) from None
    data["names"] = names
    try:
        return Setup.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = str(err["loc"][0]) if err["loc"] else ""
        line = line_of.get(field, game_line)
        where = f"{field}: " if field else ""
        raise ScenarioError(path, line, f"{where}{clean(err['msg'])}") from None


def _setting(h: HeaderLine, data: dict[str, Any], once: Callable, fail: Callable) -> None:
    if not h.args:
        raise fail(h, f"write 'setting <name> <value>'; settings: {', '.join(SETTINGS)}")
    name, values = h.args[0].replace("-", "_"), h.args[1:]
    if name not in SETTINGS:
        raise fail(h, f"there is no setting {h.args[0]!r}; settings: {', '.join(SETTINGS)}")
    once(h, name)
    if name == "special_die":
        if len(values) != 6:
            raise fail(h, f"the special die has six faces (sack or castle), not {len(values)}")
        data[name] = values
        return
    if len(values) != 1 or values[0] not in SWITCHES:
        raise fail(h, f"setting {name} is 'on' or 'off'")
    data[name] = SWITCHES[values[0]]


# -------------------------------------------------------------------------------- commands

MOVE = re.compile(r"([a-z0-9-]+)>([a-z0-9-]+):(?:(-?\d+)s)?(?:(-?\d+)g)?(?:(-?\d+)w)?(?:(-?\d+)t)?")


def parse_transfer(text: str) -> Transfer:
    """``sack>red:2s1g``, ``supply>red:1w``, ``blue>red:1s1t``: one move of a document's effect
    (coins as ``s`` and ``g``, walls ``w``, towers ``t``)."""
    match = MOVE.fullmatch(text.strip())
    if match is None or not any(match.groups()[2:]):
        raise ValueError(f"not a move: {text!r} (write e.g. sack>red:2s1g or supply>red:1w)")
    source, target, silver, gold, walls, towers = match.groups()
    coins = Coins(int(silver or 0), int(gold or 0))
    return Transfer(source, target, coins, int(walls or 0), int(towers or 0))


build_command = command_builder(GAME, Command, {Coins: parse_coins, Transfer: parse_transfer})


# ---------------------------------------------------------------------------- expectations

KEY_HELP = (
    "phase, field, round, winners, awaiting, passed-over, taxes, deck, discard, sack, field5, field6, "
    "sack|field5|field6.silver|gold, supply.walls|towers, knight.stage|actor|turn|decider, "
    "<colour>.silver|gold|coins|walls|towers|knight-in-dungeon|documents|hand|due|pick"
)
KNIGHT_STAGES = ("act", "raid-piece", "duel", "haggle-roll", "choose-first", "haggle", "pay", "promise", "done")


def _show_coins(value: Any) -> str:
    """Coins as a scenario writes them: 1s2g, 2s, 1g, 0."""
    if isinstance(value, Coins):
        text = (f"{value.silver}s" if value.silver else "") + (f"{value.gold}g" if value.gold else "")
        return text or "0"
    return show(value)


def _phase(text: str) -> str:
    value = "over" if text.lower() == "over" else text.upper()
    if value not in ("A", "B", "C", "D", "E", "over"):
        raise ValueError(f"a phase is A, B, C, D, E or over, not {text!r}")
    return value


def _knight(attr: str) -> Callable[[GameState], Any]:
    return lambda s: getattr(s.knight, attr) if s.knight is not None else None


def _pile(place: str) -> Probe:
    return Probe(lambda s: s.pile(place), parse_coins, _show_coins)


def probe(state: GameState, key: str) -> Probe:
    """The probe for ``key``; ValueError lists what keys exist. ``state`` supplies the colours."""
    key = key.strip().replace("_", "-")
    colours = [p.colour for p in state.players]
    fixed: dict[str, Probe] = {
        "phase": Probe(lambda s: s.phase, _phase),
        "field": Probe(lambda s: s.field if s.field_open else None, optional(whole_number)),
        "winners": Probe(lambda s: tuple(sorted(s.winners)), words(colours, "a player")),
        "awaiting": awaiting(GAME, colours),
        "taxes": Probe(
            lambda s: tuple(sorted({f"{p}:{k}" for p, k in s.taxes})),
            words([f"{c}:{k}" for c in colours for k in ("silver", "gold")], "colour:silver or colour:gold"),
        ),
        "sack": _pile("sack"),
        "field5": _pile("field5"),
        "field6": _pile("field6"),
        "passed-over": Probe(lambda s: tuple(sorted(who for who, _ in s.passed_over)), words(colours, "a player")),
        "knight.stage": Probe(_knight("stage"), optional(one_of(KNIGHT_STAGES, "a knight stage"))),
        "knight.actor": Probe(_knight("actor"), optional(one_of(colours, "a player"))),
        "knight.turn": Probe(_knight("turn"), optional(one_of(colours, "a player"))),
        "knight.decider": Probe(_knight("decider"), optional(one_of(colours, "a player"))),
    }
    if key in fixed:
        return fixed[key]
    owner, _, what = key.partition(".")
    if owner in colours and what == "coins":
        return _pile(owner)
    if owner in colours and what == "pick":
        return Probe(
            lambda s: s.player(owner).pick, optional(lambda t: tuple(sorted(whole_number(x) for x in listed(t))))
        )
    if owner in colours and what == "hand":
        return Probe(lambda s: s.player(owner).documents, lambda t: tuple(sorted(listed(t))))
    if owner in colours and what == "due":  # documents whose effect is still to be entered
        return Probe(lambda s: tuple(sorted(effects_due(s, owner))), lambda t: tuple(sorted(listed(t))))
    try:
        read_counter(state, key)
    except KeyError:
        if owner in COLOURS and owner not in colours:
            raise ValueError(f"nobody plays {owner} in this scenario") from None
        raise ValueError(f"there is no expectation key {key!r}; keys: {KEY_HELP}") from None
    return Probe(lambda s: read_counter(s, key), whole_number)
