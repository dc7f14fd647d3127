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
        _not_at(shop, p.place)
    if s.turn.business:
        raise RuleViolation("city.one-business", "one business a day in the city")
    return p


def _not_at(shop: str, place: str) -> None:
    if shop == "inn":
        raise RuleViolation(
            "city.not-at-shop", "the henchman must stop at the inn (travel to=inn), not {place}", place=place
        )
    if shop == "healer":
        raise RuleViolation(
            "city.not-at-shop", "the henchman must stop at the healer (travel to=healer), not {place}", place=place
        )
    if shop == "school":
        raise RuleViolation(
            "city.not-at-shop", "the henchman must stop at the school (travel to=school), not {place}", place=place
        )
    raise RuleViolation(
        "city.not-at-shop", "the henchman must stop at the smith (travel to=smith), not {place}", place=place
    )


def _afford(p: Henchman, price: int, shop: str, points: int = 0) -> None:
    """``shop``: the healer, the school (a day's training) or the smith (``points`` weapon points)."""
    if price <= p.gold:
        return
    if shop == "healer":
        raise RuleViolation(
            "shop.gold",
            "the healer's work costs {price} gold; {player}'s henchman has {gold}",
            price=price,
            player=p.colour,
            gold=p.gold,
        )
    if shop == "school":
        raise RuleViolation(
            "shop.gold",
            "a day's training costs {price} gold; {player}'s henchman has {gold}",
            price=price,
            player=p.colour,
            gold=p.gold,
        )
    if points == 1:
        raise RuleViolation(
            "shop.gold",
            "1 weapon point costs {price} gold; {player}'s henchman has {gold}",
            price=price,
            player=p.colour,
            gold=p.gold,
        )
    raise RuleViolation(
        "shop.gold",
        "{points} weapon points cost {price} gold; {player}'s henchman has {gold}",
        points=points,
        price=price,
        player=p.colour,
        gold=p.gold,
    )


def inn(s: GameState, cmd: Inn) -> list[ev.Event]:
    p = _at(s, cmd.player, "inn")
    if p.gold >= HIGH:  # as at the school and the smith: no business for what the limit swallows whole
        raise RuleViolation(
            "inn.at-15", "{player}'s henchman has 15 gold already: a day's wage would be lost", player=cmd.player
        )
    play = Play(s)
    play.emit(ev.BusinessDone(cmd.player, "inn"))
    change(play, cmd.player, "gold", p.gold + INN_WAGE, "inn")
    return play.events


def healer(s: GameState, cmd: Healer) -> list[ev.Event]:
    p = _at(s, cmd.player, "healer")
    if not cmd.cure and cmd.heal == 0:
        raise RuleViolation("healer.nothing", "ask the healer for something: cure=yes and/or heal=<gold>")
    if cmd.heal < 0:
        raise RuleViolation("healer.nothing", "heal is the gold spent on life, not {heal}", heal=cmd.heal)
    if cmd.cure and not p.poison:
        raise RuleViolation("healer.not-poisoned", "{player}'s henchman is not poisoned", player=cmd.player)
    if cmd.heal:
        needed = -(-(HIGH - p.life) // LIFE_PER_GOLD)
        if needed == 0:
            raise RuleViolation("healer.full-life", "{player}'s henchman already has full life", player=cmd.player)
        if cmd.heal > needed:
            raise RuleViolation(
                "healer.too-much",
                "{needed} gold heal {player} to {high} life; more would be wasted",
                needed=needed,
                player=cmd.player,
                high=HIGH,
            )
    price = CURE_PRICE * cmd.cure + cmd.heal
    _afford(p, price, "healer")
    play = Play(s)
    play.emit(ev.BusinessDone(cmd.player, "healer"))
    change(play, cmd.player, "gold", p.gold - price, "healer")
    if cmd.cure:
        change(play, cmd.player, "poison", 0, "healer")
    if cmd.heal:
        change(play, cmd.player, "life", p.life + LIFE_PER_GOLD * cmd.heal, "healer")
    return play.events


def school(s: GameState, cmd: School) -> list[ev.Event]:
    p = _at(s, cmd.player, "school")
    if p.strength >= HIGH:
        raise RuleViolation("school.at-15", "{player}'s henchman has the highest strength already", player=cmd.player)
    _afford(p, SCHOOL_PRICE, "school")
    play = Play(s)
    play.emit(ev.BusinessDone(cmd.player, "school"))
    change(play, cmd.player, "gold", p.gold - SCHOOL_PRICE, "school")
    change(play, cmd.player, "strength", p.strength + 1, "school")
    return play.events


def smith(s: GameState, cmd: Smith) -> list[ev.Event]:
    p = _at(s, cmd.player, "smith")
    room = HIGH - p.weapons
    if room == 0:
        raise RuleViolation("smith.at-15", "{player}'s henchman carries 15 weapon points already", player=cmd.player)
    if cmd.gold is not None and cmd.gold < 1:
        raise RuleViolation(
            "smith.amount", "gold= is the gold spent on weapon points, at least 1, not {gold}", gold=cmd.gold
        )
    points = cmd.gold if cmd.gold is not None else min(p.gold // SMITH_PRICE, room)
    if points < 1:
        raise RuleViolation("shop.gold", "{player}'s henchman has no gold for the smith", player=cmd.player)
    if points > room and room == 1:
        raise RuleViolation(
            "smith.over-15",
            "1 weapon point brings {player} to {high}; more would be wasted",
            player=cmd.player,
            high=HIGH,
        )
    if points > room:
        raise RuleViolation(
            "smith.over-15",
            "{room} weapon points bring {player} to {high}; more would be wasted",
            room=room,
            player=cmd.player,
            high=HIGH,
        )
    _afford(p, points * SMITH_PRICE, "smith", points)
    play = Play(s)
    play.emit(ev.BusinessDone(cmd.player, "smith"))
    change(play, cmd.player, "gold", p.gold - points * SMITH_PRICE, "smith")
    change(play, cmd.player, "weapons", p.weapons + points, "smith")
    return play.events
