"""What the henchman may do where it stopped, once nothing is left to turn up there: take loose
treasures into the hand (the ones the player names, as many as the hand limit allows), use a
special card, and search a rival castle's vaults (plunder)."""

from __future__ import annotations

from collections import Counter

from engines.core.errors import RuleViolation
from engines.schatzjagd import events as ev
from engines.schatzjagd.commands import PickUp, Plunder, UseSpecial
from engines.schatzjagd.hand import room_for_treasures
from engines.schatzjagd.play import Play, apply_effects, calm, die
from engines.schatzjagd.rules import HAND, TELEPORTAL, castle_colour
from engines.schatzjagd.state import GameState


def pick_up(s: GameState, cmd: PickUp) -> list[ev.Event]:
    p = calm(s, cmd.player, "pick up treasures")
    here = s.loose_at(p.place)
    free = Counter(t.kind for t in here if t.guard is None)
    if not free:
        if here:
            raise RuleViolation(
                "treasure.none-here",
                "no free treasure lies where {player}'s henchman stands; "
                "the monster guarding them must be beaten first",
                player=cmd.player,
            )
        raise RuleViolation(
            "treasure.none-here", "no free treasure lies where {player}'s henchman stands", player=cmd.player
        )
    if not cmd.kinds:
        raise RuleViolation(
            "treasure.which", "name the treasures taken, as printed on the cards picked up: kinds=<kind>,<kind>..."
        )
    if Counter(cmd.kinds) - free:
        # the words name no kind: refusals are shown to the whole table
        raise RuleViolation("treasure.none-here", "the treasures named do not lie free on {place}", place=p.place)
    room = room_for_treasures(s, p)
    if len(cmd.kinds) > room:
        if room <= 0:
            raise RuleViolation(
                "treasure.hand-limit",
                "{player} holds {cards} cards; a hand goes over {limit} only while the turn's card can still bring "
                "it back: no treasure fits now",
                player=cmd.player,
                cards=p.hand,
                limit=HAND,
            )
        if room == 1:
            raise RuleViolation(
                "treasure.hand-limit",
                "{player} holds {cards} cards; a hand goes over {limit} only while the turn's card can still bring "
                "it back: 1 treasure fits now",
                player=cmd.player,
                cards=p.hand,
                limit=HAND,
            )
        raise RuleViolation(
            "treasure.hand-limit",
            "{player} holds {cards} cards; a hand goes over {limit} only while the turn's card can still bring "
            "it back: {room} treasures fit now",
            player=cmd.player,
            cards=p.hand,
            limit=HAND,
            room=room,
        )
    play = Play(s)
    play.emit(ev.TreasuresPickedUp(cmd.player, p.place, tuple(cmd.kinds)))
    return play.events


def use_special(s: GameState, cmd: UseSpecial) -> list[ev.Event]:
    p = calm(s, cmd.player, "use a special card")
    usable = [c for c in s.cards_at(p.place) if c.kind == "special" and c.name != TELEPORTAL]
    card = next((c for c in usable if c.id not in s.turn.specials), None)
    if card is None:
        raise RuleViolation(
            "special.none-here", "no special card to use lies where {player}'s henchman stands", player=cmd.player
        )
    play = Play(s)
    play.emit(ev.SpecialUsed(cmd.player, card.id, card.field))
    if not cmd.keep:
        play.emit(ev.CardDiscarded(card.id, card.field))
    apply_effects(play, cmd.player, cmd.effects or card.effects, "special")
    return play.events


def plunder(s: GameState, cmd: Plunder) -> list[ev.Event]:
    """A day's search counts towards the days in a row whether or not the castle holds a treasure
    today; only a castle with treasures can give one up."""
    if not s.options.plunder:
        raise RuleViolation("plunder.off", "this table plays without the plunder rule")
    p = calm(s, cmd.player, "plunder")
    victim = castle_colour(p.place)
    if victim is None or victim == cmd.player:
        raise RuleViolation("plunder.not-in-castle", "{player}'s henchman stands in no rival castle", player=cmd.player)
    if s.turn.plundered:
        raise RuleViolation("plunder.once", "the vaults are searched once a day")
    die(cmd.die)
    hidden = s.henchman(victim).hidden
    days = p.searching + 1
    if not hidden and cmd.kind is not None:
        raise RuleViolation(
            "plunder.empty", "no treasure is hidden in the {owner} castle today: the search finds nothing", owner=victim
        )
    found = bool(hidden) and cmd.die <= days
    if found and cmd.kind is None:
        raise RuleViolation(
            "plunder.kind",
            "the search succeeded ({roll} ≤ day {day}): which treasure was taken?",
            roll=cmd.die,
            day=days,
        )
    if found and cmd.kind not in hidden:
        raise RuleViolation("plunder.kind", "enter the kind printed on the treasure taken from the castle")
    if not found and cmd.kind is not None:
        raise RuleViolation(
            "plunder.failed", "a {roll} on day {day} of the search finds nothing", roll=cmd.die, day=days
        )
    play = Play(s)
    play.emit(ev.PlunderRolled(cmd.player, p.place, cmd.die, days, cmd.kind if found else None))
    return play.events
