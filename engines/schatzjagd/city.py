"""The city: one business a day at the shop where the henchman stopped; nothing without the gold."""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.schatzjagd import events as ev
from engines.schatzjagd.commands import Healer, Inn, School, Smith
from engines.schatzjagd.play import Play, alive, busy, change, no_fight, own_turn, travelled
from engines.schatzjagd.rules import CURE_PRICE, HIGH, INN_WAGE, LIFE_PER_GOLD, SCHOOL_PRICE, SMITH_PRICE
from engines.schatzjagd.state import GameState, Henchman


def _at(s: GameState, colour: str, shop: str) -> Henchman:
    p = own_turn(s, colour, f"do business at the {shop}")
    no_fight(s, f"go to the {shop}")
    alive(s, p, f"go to the {shop}")
    travelled(s, f"do business at the {shop}")
    busy(s, f"do business at the {shop}")
    if p.place != shop:
        raise RuleViolation(
            "city.not-at-shop",
            f"the henchman must stop at the {shop} (travel to={shop}), not {p.place}",
        )
    if s.turn.business:
        raise RuleViolation("city.one-business", "one business a day in the city")
    return p


def _afford(p: Henchman, price: int, what: str) -> None:
    if price > p.gold:
        raise RuleViolation("shop.gold", f"{what} costs {price} gold; {p.colour}'s henchman has {p.gold}")


def inn(s: GameState, cmd: Inn) -> list:
    p = _at(s, cmd.player, "inn")
    if p.gold >= HIGH:  # as at the school and the smith: no business for what the limit swallows whole
        raise RuleViolation("inn.at-15", f"{cmd.player}'s henchman has 15 gold already: a day's wage would be lost")
    play = Play(s)
    play.emit(ev.BusinessDone(cmd.player, "inn"))
    change(play, cmd.player, "gold", p.gold + INN_WAGE, "inn")
    return play.events


def healer(s: GameState, cmd: Healer) -> list:
    p = _at(s, cmd.player, "healer")
    if not cmd.cure and cmd.heal == 0:
        raise RuleViolation("healer.nothing", "ask the healer for something: cure=yes and/or heal=<gold>")
    if cmd.heal < 0:
        raise RuleViolation("healer.nothing", f"heal is the gold spent on life, not {cmd.heal}")
    if cmd.cure and not p.poison:
        raise RuleViolation("healer.not-poisoned", f"{cmd.player}'s henchman is not poisoned")
    if cmd.heal:
        needed = -(-(HIGH - p.life) // LIFE_PER_GOLD)
        if needed == 0:
            raise RuleViolation("healer.full-life", f"{cmd.player}'s henchman already has full life")
        if cmd.heal > needed:
            raise RuleViolation(
                "healer.too-much", f"{needed} gold heal {cmd.player} to {HIGH} life; more would be wasted"
            )
    price = CURE_PRICE * cmd.cure + cmd.heal
    _afford(p, price, "the healer's work")
    play = Play(s)
    play.emit(ev.BusinessDone(cmd.player, "healer"))
    change(play, cmd.player, "gold", p.gold - price, "healer")
    if cmd.cure:
        change(play, cmd.player, "poison", 0, "healer")
    if cmd.heal:
        change(play, cmd.player, "life", p.life + LIFE_PER_GOLD * cmd.heal, "healer")
    return play.events


def school(s: GameState, cmd: School) -> list:
    p = _at(s, cmd.player, "school")
    if p.strength >= HIGH:
        raise RuleViolation("school.at-15", f"{cmd.player}'s henchman has the highest strength already")
    _afford(p, SCHOOL_PRICE, "a day's training")
    play = Play(s)
    play.emit(ev.BusinessDone(cmd.player, "school"))
    change(play, cmd.player, "gold", p.gold - SCHOOL_PRICE, "school")
    change(play, cmd.player, "strength", p.strength + 1, "school")
    return play.events


def smith(s: GameState, cmd: Smith) -> list:
    p = _at(s, cmd.player, "smith")
    room = HIGH - p.weapons
    if room == 0:
        raise RuleViolation("smith.at-15", f"{cmd.player}'s henchman carries 15 weapon points already")
    if cmd.gold is not None and cmd.gold < 1:
        raise RuleViolation("smith.amount", f"gold= is the gold spent on weapon points, at least 1, not {cmd.gold}")
    points = cmd.gold if cmd.gold is not None else min(p.gold // SMITH_PRICE, room)
    if points < 1:
        raise RuleViolation("shop.gold", f"{cmd.player}'s henchman has no gold for the smith")
    if points > room:
        raise RuleViolation(
            "smith.over-15", f"{room} weapon point(s) bring {cmd.player} to {HIGH}; more would be wasted"
        )
    _afford(p, points * SMITH_PRICE, f"{points} weapon point(s)")
    play = Play(s)
    play.emit(ev.BusinessDone(cmd.player, "smith"))
    change(play, cmd.player, "gold", p.gold - points * SMITH_PRICE, "smith")
    change(play, cmd.player, "weapons", p.weapons + points, "smith")
    return play.events
