"""The henchman's journey: where it may stop (the city and rival castles only after a night on a
field before their walls), turning up the cards where it stopped, the teleportal, and the
relocation correction."""

from __future__ import annotations

from engines.core.correction import require_reason
from engines.core.errors import RuleViolation
from engines.schatzjagd import events as ev
from engines.schatzjagd.commands import Relocate, Reveal, Teleport, Travel
from engines.schatzjagd.play import Play, alive, apply_effects, calm, change, die, kill, no_fight, own_turn, player
from engines.schatzjagd.rules import (
    CITY,
    COMPOSITION,
    MONSTER_LIFE,
    MONSTER_POWER,
    TELEPORTAL,
    WEAPON_BONUS,
    castle_colour,
    in_city,
    is_field,
    legacy_walls,
    normal_place,
    normal_walls,
)
from engines.schatzjagd.state import GameState, Henchman


def place_of(state: GameState, text: str, rule: str) -> str:
    """A place a command names: one of this game (older journals' gate places are no longer named).
    Refused under ``rule``."""
    try:
        place = normal_place(text)
    except ValueError:
        raise RuleViolation(
            rule,
            "{text} is no place: write a field (road letter and river number, e.g. C7), city, "
            "inn, healer, school, smith or castle-<colour>",
            text=repr(text),
        ) from None
    if legacy_walls(place):
        raise RuleViolation(
            rule,
            "{text} is no place: the places before the walls are fields; give the field and before=city "
            "or before=castle-<colour>",
            text=place,
        )
    colour = castle_colour(place)
    if colour is not None and colour not in state.colours:
        raise RuleViolation(
            rule,
            "nobody plays {colour}: there is no prince's {castle} in this game",
            colour=colour,
            castle=place,
        )
    return place


def walls_of(state: GameState, to: str, text: str | None, rule: str, field_rule: str | None = None) -> str | None:
    """The walls a command says the field ``to`` lies before (``before=``), checked; None if not said.
    ``rule`` refuses walls that are not in this game, ``field_rule`` (if other) a place that is no field."""
    if text is None:
        return None
    try:
        walls = normal_walls(text)
    except ValueError:
        raise RuleViolation(
            rule,
            "{text} names no walls: a field lies before the city's walls (city) or a castle's (castle-<colour>)",
            text=repr(text),
        ) from None
    colour = castle_colour(walls)
    if colour is not None and colour not in state.colours:
        raise RuleViolation(
            rule, "nobody plays {colour}: no {castle} stands on this board", colour=colour, castle=walls
        )
    if not is_field(to):
        raise RuleViolation(field_rule or rule, "only fields lie before the walls, not {place}", place=to)
    return walls


def waits_before(p: Henchman) -> str | None:
    """The walls the henchman spent the night before: those of the field it stands on."""
    return p.before or legacy_walls(p.place)


def route_problem(p: Henchman, to: str) -> RuleViolation | None:
    """Why the henchman cannot end its journey at ``to`` today, or None. The city and a rival castle
    let in only a henchman that spent the night before their walls (on a field there)."""
    if to == p.place:
        return None
    if in_city(to) and not (in_city(p.place) or waits_before(p) == CITY):
        return RuleViolation(
            "travel.city-gate",
            "the city lets in only a henchman that spent the night on a field before its walls: "
            "a night before the walls first",
        )
    owner = castle_colour(to)
    if owner is not None and owner != p.colour and waits_before(p) != to:
        return RuleViolation(
            "travel.castle-gate",
            "the {owner} castle lets in a rival's henchman only after a night on a field before its walls: "
            "a night before the walls first",
            owner=owner,
        )
    return None


def arrive(play: Play, colour: str) -> None:
    """A monster known to lie where the henchman stopped attacks once nothing is left to turn up;
    one slotted back face down after a flight is turned up again first, with its full life."""
    s = play.state
    p = s.henchman(colour)
    if s.fight is not None or s.face_down_at(p.place) is not None:
        return
    for card in s.cards_at(p.place):
        if card.kind == "monster":
            if card.down:
                play.emit(ev.CardRevealed(colour, card.id, card.kind, card.value, card.effects, card.name, card.field))
            play.emit(ev.FightBegan(colour, monster=card.id, monster_life=MONSTER_LIFE, field=card.field))
            return


def travel(s: GameState, cmd: Travel) -> list[ev.Event]:
    p = own_turn(s, cmd.player, "travel")
    no_fight(s, "travel")
    alive(s, p, "travel")
    if s.turn.travelled:
        raise RuleViolation("travel.once", "{player}'s henchman has already travelled this turn", player=cmd.player)
    die(cmd.die)
    to = place_of(s, cmd.to, "travel.place")
    before = walls_of(s, to, cmd.before, "travel.place", "travel.before")
    problem = route_problem(p, to)
    if problem:
        raise problem
    play = Play(s)
    play.emit(ev.Travelled(cmd.player, cmd.die, p.place, to, before))
    arrive(play, cmd.player)
    return play.events


def _printed(cmd: Reveal) -> None:
    """Refuse printed numbers that no card of this type has."""
    kind = cmd.card
    if kind == "weapon" and not WEAPON_BONUS[0] <= cmd.value <= WEAPON_BONUS[1]:
        raise RuleViolation(
            "card.numbers", "a weapon gives +1 to +6 weapon points (value=1..6), not {value}", value=cmd.value
        )
    if kind == "monster" and not MONSTER_POWER[0] <= cmd.value <= MONSTER_POWER[1]:
        raise RuleViolation("card.numbers", "a monster's power is 2 to 20 (value=2..20), not {value}", value=cmd.value)
    if kind not in ("weapon", "monster") and cmd.value:
        raise RuleViolation(
            "card.numbers", "a {card_type} card has no printed value; give its effects instead", card_type=kind
        )
    if kind in ("potion", "trap") and not cmd.effects:
        raise RuleViolation(
            "card.numbers", "enter what the {card_type} does, e.g. effects=life+3 or effects=poison=1", card_type=kind
        )
    if kind in ("weapon", "spell", "map") and cmd.effects:
        raise RuleViolation("card.numbers", "a {card_type} found on the board has no effect here", card_type=kind)
    if cmd.name and kind != "special":
        raise RuleViolation("card.numbers", "only special cards are entered with a name")


def reveal(s: GameState, cmd: Reveal) -> list[ev.Event]:
    p = own_turn(s, cmd.player, "turn up a card")
    no_fight(s, "turn up the next card")
    alive(s, p, "turn up a card")
    card = s.face_down_at(p.place)
    if card is None:
        raise RuleViolation(
            "card.nothing-to-reveal", "no face-down card lies where {player}'s henchman stands", player=cmd.player
        )
    _printed(cmd)
    if s.public_count(cmd.card) >= COMPOSITION[cmd.card]:
        raise RuleViolation(
            "card.composition",
            "the game has {count} {card_type} cards and all are already face up",
            count=COMPOSITION[cmd.card],
            card_type=cmd.card,
        )
    play = Play(s)
    name = cmd.name.strip().lower()
    play.emit(ev.CardRevealed(cmd.player, card.id, cmd.card, cmd.value, tuple(cmd.effects), name, card.field))
    if cmd.card == "weapon":
        play.emit(ev.CardDiscarded(card.id, card.field))
        change(play, cmd.player, "weapons", p.weapons + cmd.value, "weapon")
    elif cmd.card in ("potion", "trap"):
        play.emit(ev.CardDiscarded(card.id, card.field))
        apply_effects(play, cmd.player, cmd.effects, cmd.card)
    elif cmd.card == "monster":
        play.emit(ev.FightBegan(cmd.player, monster=card.id, monster_life=MONSTER_LIFE, field=card.field))
    elif cmd.card in ("spell", "map"):
        play.emit(ev.CardTaken(cmd.player, card.id, card.field))
    if not play.state.turn.died:
        arrive(play, cmd.player)
    return play.events


def teleport(s: GameState, cmd: Teleport) -> list[ev.Event]:
    if not s.options.teleportal:
        raise RuleViolation("teleportal.off", "this table plays without the teleportal")
    p = calm(s, cmd.player, "step into the teleportal")
    if not any(c.kind == "special" and c.name == TELEPORTAL for c in s.cards_at(p.place)):
        raise RuleViolation(
            "teleportal.none-here", "no teleportal stands where {player}'s henchman is", player=cmd.player
        )
    if s.turn.teleported:
        raise RuleViolation("teleportal.once", "the henchman has already gone through the teleportal this turn")
    die(cmd.die)
    play = Play(s)
    if cmd.die == 1:
        if cmd.to is not None:
            raise RuleViolation("teleportal.one", "a 1 dissolves the henchman in the portal: it goes nowhere")
        play.emit(ev.Teleported(cmd.player, 1, p.place, None))
        kill(play, cmd.player, cause="teleportal")
        return play.events
    if cmd.to is None:
        if cmd.die == 6:
            raise RuleViolation(
                "teleportal.field", "a 6 lets {player} choose a field anywhere: give to=", player=cmd.player
            )
        raise RuleViolation(
            "teleportal.field",
            "a {roll} lets {player} choose a field in the region of the {owner} castle: give to=",
            roll=cmd.die,
            player=cmd.player,
            owner=s.region(cmd.die),
        )
    to = place_of(s, cmd.to, "teleportal.field")
    if not is_field(to):
        raise RuleViolation("teleportal.field", "the teleportal sets the henchman on a field, not {place}", place=to)
    before = walls_of(s, to, cmd.before, "teleportal.field")
    play.emit(ev.Teleported(cmd.player, cmd.die, p.place, to, before))
    arrive(play, cmd.player)
    return play.events


def relocate(s: GameState, cmd: Relocate) -> list[ev.Event]:
    p = player(s, cmd.player)
    if s.winner is not None:
        raise RuleViolation("game.over", "the game is over: {winner} has won", winner=s.winner)
    reason = require_reason(cmd.reason)
    no_fight(s, "move a henchman by hand")
    to = place_of(s, cmd.to, "relocate.place")
    before = walls_of(s, to, cmd.before, "relocate.place")
    if (to, before) == (p.place, p.before):
        raise RuleViolation(
            "correction.same", "{player}'s henchman already stands on {place}", player=cmd.player, place=to
        )
    play = Play(s)
    play.emit(ev.Relocated(cmd.player, p.place, to, reason, before))
    return play.events
