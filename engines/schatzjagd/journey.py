"""The henchman's part of a turn: the journey, turning up cards, what it may do where it stopped
(pick up treasures, use a special, the teleportal, plunder), and the relocation correction."""

from __future__ import annotations

from engines.core.correction import require_reason
from engines.core.errors import RuleViolation
from engines.schatzjagd import events as ev
from engines.schatzjagd.commands import PickUp, Plunder, Relocate, Reveal, Teleport, Travel, UseSpecial
from engines.schatzjagd.play import (
    Play,
    alive,
    apply_effects,
    busy,
    change,
    die,
    kill,
    no_fight,
    own_turn,
    player,
    revealed,
)
from engines.schatzjagd.play import travelled as has_travelled
from engines.schatzjagd.rules import (
    CITY_GATE,
    COMPOSITION,
    MONSTER_LIFE,
    MONSTER_POWER,
    TELEPORTAL,
    WEAPON_BONUS,
    castle_colour,
    gate_colour,
    in_city,
    is_field,
    normal_place,
)
from engines.schatzjagd.state import GameState, Henchman


def place_of(state: GameState, text: str, rule: str) -> str:
    try:
        place = normal_place(text)
    except ValueError as exc:
        raise RuleViolation(rule, str(exc)) from None
    colour = castle_colour(place) or gate_colour(place)
    if colour is not None and colour not in state.colours:
        raise RuleViolation(rule, f"nobody plays {colour}: there is no prince's castle-{colour} in this game")
    return place


def route_problem(p: Henchman, to: str) -> RuleViolation | None:
    """Why the henchman cannot end its journey at ``to`` today, or None."""
    if to == p.place:
        return None
    if in_city(to) and not (p.place == CITY_GATE or in_city(p.place)):
        return RuleViolation(
            "travel.city-gate", "the city lets in only a henchman who spent the night at its gate: travel to city-gate"
        )
    owner = castle_colour(to)
    if owner is not None and owner != p.colour and p.place != f"gate-{owner}":
        return RuleViolation(
            "travel.castle-gate", f"a rival castle opens only the day after the henchman waited at gate-{owner}"
        )
    if gate_colour(to) == p.colour:
        return RuleViolation(
            "travel.own-gate", f"{p.colour} enters the own castle without waiting: travel to castle-{p.colour}"
        )
    return None


def arrive(play: Play, colour: str) -> None:
    """A monster known to lie where the henchman stopped attacks once nothing is left to turn up."""
    s = play.state
    p = s.henchman(colour)
    if s.fight is not None or s.face_down_at(p.place) is not None:
        return
    for card in s.cards_at(p.place):
        if card.kind == "monster":
            play.emit(ev.FightBegan(colour, monster=card.id, monster_life=MONSTER_LIFE))
            return


def travel(s: GameState, cmd: Travel) -> list:
    p = own_turn(s, cmd.player, "travel")
    no_fight(s, "travel")
    alive(s, p, "travel")
    if s.turn.travelled:
        raise RuleViolation("travel.once", f"{cmd.player}'s henchman has already travelled this turn")
    die(cmd.die)
    to = place_of(s, cmd.to, "travel.place")
    problem = route_problem(p, to)
    if problem:
        raise problem
    play = Play(s)
    play.emit(ev.Travelled(cmd.player, cmd.die, p.place, to))
    arrive(play, cmd.player)
    return play.events


def _printed(cmd: Reveal) -> None:
    """Refuse printed numbers that no card of this type has."""
    kind = cmd.card
    if kind == "weapon" and not WEAPON_BONUS[0] <= cmd.value <= WEAPON_BONUS[1]:
        raise RuleViolation("card.numbers", f"a weapon gives +1 to +6 weapon points (value=1..6), not {cmd.value}")
    if kind == "monster" and not MONSTER_POWER[0] <= cmd.value <= MONSTER_POWER[1]:
        raise RuleViolation("card.numbers", f"a monster's power is 2 to 20 (value=2..20), not {cmd.value}")
    if kind not in ("weapon", "monster") and cmd.value:
        raise RuleViolation("card.numbers", f"a {kind} card has no printed value; give its effects instead")
    if kind in ("potion", "trap") and not cmd.effects:
        raise RuleViolation("card.numbers", f"enter what the {kind} does, e.g. effects=life+3 or effects=poison=1")
    if kind in ("weapon", "spell", "map") and cmd.effects:
        raise RuleViolation("card.numbers", f"a {kind} found on the board has no effect here")
    if cmd.name and kind != "special":
        raise RuleViolation("card.numbers", "only special cards are entered with a name")


def reveal(s: GameState, cmd: Reveal) -> list:
    p = own_turn(s, cmd.player, "turn up a card")
    no_fight(s, "turn up the next card")
    alive(s, p, "turn up a card")
    card = s.face_down_at(p.place)
    if card is None:
        raise RuleViolation("card.nothing-to-reveal", f"no face-down card lies where {cmd.player}'s henchman stands")
    _printed(cmd)
    if s.public_count(cmd.card) >= COMPOSITION[cmd.card]:
        raise RuleViolation(
            "card.composition", f"the game has {COMPOSITION[cmd.card]} {cmd.card} cards and all are already face up"
        )
    play = Play(s)
    name = cmd.name.strip().lower()
    play.emit(ev.CardRevealed(cmd.player, card.id, cmd.card, cmd.value, tuple(cmd.effects), name))
    if cmd.card == "weapon":
        play.emit(ev.CardDiscarded(card.id))
        change(play, cmd.player, "weapons", p.weapons + cmd.value, "weapon")
    elif cmd.card in ("potion", "trap"):
        play.emit(ev.CardDiscarded(card.id))
        apply_effects(play, cmd.player, cmd.effects, cmd.card)
    elif cmd.card == "monster":
        play.emit(ev.FightBegan(cmd.player, monster=card.id, monster_life=MONSTER_LIFE))
    elif cmd.card in ("spell", "map"):
        play.emit(ev.CardTaken(cmd.player, card.id))
    if not play.state.turn.died:
        arrive(play, cmd.player)
    return play.events


def _calm(s: GameState, colour: str, doing: str) -> Henchman:
    p = own_turn(s, colour, doing)
    no_fight(s, doing)
    alive(s, p, doing)
    has_travelled(s, doing)
    busy(s, doing)
    revealed(s, p.place, doing)
    return p


def pick_up(s: GameState, cmd: PickUp) -> list:
    p = _calm(s, cmd.player, "pick up treasures")
    here = s.loose_at(p.place)
    free = tuple(t.kind for t in here if t.guard is None)
    if not free:
        guarded = "; the monster guarding them must be beaten first" if here else ""
        raise RuleViolation(
            "treasure.none-here", f"no free treasure lies where {cmd.player}'s henchman stands{guarded}"
        )
    play = Play(s)
    play.emit(ev.TreasuresPickedUp(cmd.player, p.place, free))
    return play.events


def use_special(s: GameState, cmd: UseSpecial) -> list:
    p = _calm(s, cmd.player, "use a special card")
    usable = [c for c in s.cards_at(p.place) if c.kind == "special" and c.name != TELEPORTAL]
    card = next((c for c in usable if c.id not in s.turn.specials), None)
    if card is None:
        raise RuleViolation("special.none-here", f"no special card to use lies where {cmd.player}'s henchman stands")
    play = Play(s)
    play.emit(ev.SpecialUsed(cmd.player, card.id))
    if not cmd.keep:
        play.emit(ev.CardDiscarded(card.id))
    apply_effects(play, cmd.player, cmd.effects or card.effects, "special")
    return play.events


def teleport(s: GameState, cmd: Teleport) -> list:
    if not s.options.teleportal:
        raise RuleViolation("teleportal.off", "this table plays without the teleportal")
    p = _calm(s, cmd.player, "step into the teleportal")
    if not any(c.kind == "special" and c.name == TELEPORTAL for c in s.cards_at(p.place)):
        raise RuleViolation("teleportal.none-here", f"no teleportal stands where {cmd.player}'s henchman is")
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
        where = "anywhere" if cmd.die == 6 else f"in the region of the {s.region(cmd.die)} castle"
        raise RuleViolation("teleportal.field", f"a {cmd.die} lets {cmd.player} choose a field {where}: give to=")
    to = place_of(s, cmd.to, "teleportal.field")
    if not is_field(to):
        raise RuleViolation("teleportal.field", f"the teleportal sets the henchman on a field, not {to}")
    play.emit(ev.Teleported(cmd.player, cmd.die, p.place, to))
    arrive(play, cmd.player)
    return play.events


def plunder(s: GameState, cmd: Plunder) -> list:
    if not s.options.plunder:
        raise RuleViolation("plunder.off", "this table plays without the plunder rule")
    p = _calm(s, cmd.player, "plunder")
    victim = castle_colour(p.place)
    if victim is None or victim == cmd.player:
        raise RuleViolation("plunder.not-in-castle", f"{cmd.player}'s henchman stands in no rival castle")
    if s.turn.plundered:
        raise RuleViolation("plunder.once", "the vaults are searched once a day")
    die(cmd.die)
    hidden = s.henchman(victim).hidden
    if not hidden:
        raise RuleViolation("plunder.empty", f"no treasure is hidden in the {victim} castle")
    days = p.searching + 1
    found = cmd.die <= days
    if found and cmd.kind is None:
        raise RuleViolation("plunder.kind", f"the search succeeded ({cmd.die} ≤ day {days}): which treasure was taken?")
    if found and cmd.kind not in hidden:
        raise RuleViolation("plunder.kind", "enter the kind printed on the treasure taken from the castle")
    if not found and cmd.kind is not None:
        raise RuleViolation("plunder.failed", f"a {cmd.die} on day {days} of the search finds nothing")
    play = Play(s)
    play.emit(ev.PlunderRolled(cmd.player, p.place, cmd.die, days, cmd.kind if found else None))
    return play.events


def relocate(s: GameState, cmd: Relocate) -> list:
    p = player(s, cmd.player)
    if s.winner is not None:
        raise RuleViolation("game.over", f"the game is over: {s.winner} has won")
    reason = require_reason(cmd.reason)
    no_fight(s, "move a henchman by hand")
    to = place_of(s, cmd.to, "relocate.place")
    if to == p.place:
        raise RuleViolation("correction.same", f"{cmd.player}'s henchman already stands on {to}")
    play = Play(s)
    play.emit(ev.Relocated(cmd.player, p.place, to, reason))
    return play.events
