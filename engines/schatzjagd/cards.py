"""The prince's one card a turn: a card slotted into a field, a spell, a map to dig with, or a
treasure hidden in the own castle (and the victory check after it)."""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.schatzjagd import events as ev
from engines.schatzjagd.commands import CastSpell, Dig, HideTreasure, PlaceCard
from engines.schatzjagd.fight import slain
from engines.schatzjagd.journey import place_of
from engines.schatzjagd.play import Play, apply_effects, no_fight, own_turn, player, revealed
from engines.schatzjagd.rules import COMPOSITION, castle, castle_colour, in_city, is_field
from engines.schatzjagd.state import GameState, Henchman


def _one_card(s: GameState, colour: str, doing: str, *, calm: bool = True) -> Henchman:
    p = own_turn(s, colour, doing)
    if s.turn.card_played:
        raise RuleViolation("card.one-per-turn", f"one card a turn: {colour} has already played one")
    if calm:
        no_fight(s, doing)
        if not (s.turn.travelled or s.turn.died):
            raise RuleViolation("turn.travel-first", f"the henchman travels first; then the prince may {doing}")
        revealed(s, p.place, doing)
    return p


def _has_card(p: Henchman, what: str) -> None:
    if p.cards < 1:
        only = " (only treasures)" if p.treasures else ""
        raise RuleViolation("hand.no-card", f"{p.colour} has no {what} in hand{only}")


def _composition(s: GameState, kind: str) -> None:
    if s.public_count(kind) >= COMPOSITION[kind]:
        raise RuleViolation(
            "card.composition", f"the game has {COMPOSITION[kind]} {kind} cards and all are already face up"
        )


def place_card(s: GameState, cmd: PlaceCard) -> list:
    p = _one_card(s, cmd.player, "slot a card into a field")
    field = place_of(s, cmd.field, "place.field")
    if castle_colour(field):
        raise RuleViolation("place.castle", "only treasures are hidden in a castle")
    if not is_field(field):
        what = "the city" if in_city(field) else field
        raise RuleViolation("place.field", f"cards are slotted into fields, not into {what}")
    _has_card(p, "card to slot into a field")
    if s.cards_at(field):
        raise RuleViolation("place.occupied", f"a card is already slotted into {field}")
    if s.henchmen_at(field):
        raise RuleViolation("place.henchman", f"a henchman stands on {field}")
    if s.loose_at(field):
        raise RuleViolation("place.treasure", f"a treasure lies on {field}")
    play = Play(s)
    play.emit(ev.CardPlaced(cmd.player, s.next_card, field))
    return play.events


def cast_spell(s: GameState, cmd: CastSpell) -> list:
    p = _one_card(s, cmd.player, "cast a spell", calm=False)
    _has_card(p, "spell")
    _composition(s, "spell")
    play = Play(s)
    if cmd.target == "monster":
        fight = s.fight
        if fight is None or fight.monster is None:
            raise RuleViolation("spell.target", "no monster is fighting: a spell can target one only in its fight")
        if any(e.counter != "life" for e in cmd.effects):
            raise RuleViolation("spell.target", "a spell changes only a monster's life")
        play.emit(ev.SpellCast(cmd.player, "monster", tuple(cmd.effects)))
        life = fight.monster_life
        for effect in cmd.effects:
            life = max(0, min(15, effect.apply(life)))
        if life != fight.monster_life:
            play.emit(ev.MonsterWounded(fight.monster, fight.monster_life, life))
        if life == 0:
            slain(play)
        return play.events
    player(s, cmd.target)
    play.emit(ev.SpellCast(cmd.player, cmd.target, tuple(cmd.effects)))
    apply_effects(play, cmd.target, cmd.effects, "spell", by=cmd.player)
    return play.events


def dig(s: GameState, cmd: Dig) -> list:
    p = _one_card(s, cmd.player, "dig with a map")
    field = place_of(s, cmd.field, "dig.field")
    if not is_field(field):
        raise RuleViolation("dig.field", f"a map shows a field, not {field}")
    if p.place != field:
        raise RuleViolation("dig.not-there", f"the map shows {field}, but {cmd.player}'s henchman is on {p.place}")
    _has_card(p, "map")
    _composition(s, "map")
    if cmd.kind not in s.kinds:
        raise RuleViolation("treasure.kind", f"there is no treasure kind {cmd.kind!r} ({', '.join(s.kinds)})")
    if sum(s.treasure_stack) == 0:
        raise RuleViolation("treasure.stack-empty", "all 12 treasures have been dug up")
    if s.treasure_stack[s.kinds.index(cmd.kind)] == 0:
        raise RuleViolation("treasure.stack-empty", "enter the kind printed on the treasure taken from the stack")
    play = Play(s)
    play.emit(ev.TreasureDug(cmd.player, field, cmd.kind))
    return play.events


def hide_treasure(s: GameState, cmd: HideTreasure) -> list:
    p = _one_card(s, cmd.player, "hide a treasure")
    if p.place != castle(cmd.player):
        raise RuleViolation("hide.not-home", f"a treasure is hidden in the own castle; the henchman is on {p.place}")
    if cmd.kind not in p.treasures:
        # the message names no kinds carried: refusals are shown to the whole table
        raise RuleViolation("hide.no-treasure", f"{cmd.player}'s henchman carries no such treasure")
    play = Play(s)
    play.emit(ev.TreasureHidden(cmd.player, cmd.kind))
    if s.options.victory.met(play.state.henchman(cmd.player).hidden):
        play.emit(ev.GameWon(cmd.player))
    return play.events
