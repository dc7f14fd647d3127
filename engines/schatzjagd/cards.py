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
        raise RuleViolation("card.one-per-turn", "one card a turn: {player} has already played one", player=colour)
    if calm:
        no_fight(s, doing)
        if not (s.turn.travelled or s.turn.died):
            raise RuleViolation(
                "turn.travel-first", "the henchman travels first; then the prince may {doing}", doing=doing
            )
        revealed(s, p.place, doing)
    return p


def _has_card(p: Henchman, play: str) -> None:
    """``play``: "slot", "spell" or "map"."""
    if p.cards >= 1:
        return
    if play == "slot" and p.treasures:
        raise RuleViolation(
            "hand.no-card", "{player} has no card to slot into a field in hand (only treasures)", player=p.colour
        )
    if play == "slot":
        raise RuleViolation("hand.no-card", "{player} has no card to slot into a field in hand", player=p.colour)
    if play == "spell" and p.treasures:
        raise RuleViolation("hand.no-card", "{player} has no spell in hand (only treasures)", player=p.colour)
    if play == "spell":
        raise RuleViolation("hand.no-card", "{player} has no spell in hand", player=p.colour)
    if p.treasures:
        raise RuleViolation("hand.no-card", "{player} has no map in hand (only treasures)", player=p.colour)
    raise RuleViolation("hand.no-card", "{player} has no map in hand", player=p.colour)


def _composition(s: GameState, kind: str) -> None:
    if s.public_count(kind) >= COMPOSITION[kind]:
        raise RuleViolation(
            "card.composition",
            "the game has {count} {card_type} cards and all are already face up",
            count=COMPOSITION[kind],
            card_type=kind,
        )


def place_card(s: GameState, cmd: PlaceCard) -> list[ev.Event]:
    p = _one_card(s, cmd.player, "slot a card into a field")
    field = place_of(s, cmd.field, "place.field")
    if castle_colour(field):
        raise RuleViolation("place.castle", "only treasures are hidden in a castle")
    if in_city(field):
        raise RuleViolation("place.field", "cards are slotted into fields, not into the city")
    if not is_field(field):
        raise RuleViolation("place.field", "cards are slotted into fields, not into {place}", place=field)
    _has_card(p, "slot")
    if s.cards_at(field):
        raise RuleViolation("place.occupied", "a card is already slotted into {field}", field=field)
    if s.henchmen_at(field):
        raise RuleViolation("place.henchman", "a henchman stands on {field}", field=field)
    if s.loose_at(field):
        raise RuleViolation("place.treasure", "a treasure lies on {field}", field=field)
    play = Play(s)
    play.emit(ev.CardPlaced(cmd.player, s.next_card, field))
    return play.events


def cast_spell(s: GameState, cmd: CastSpell) -> list[ev.Event]:
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
            play.emit(ev.MonsterWounded(fight.monster, fight.monster_life, life, s.card(fight.monster).field))
        if life == 0:
            slain(play)
        return play.events
    player(s, cmd.target)
    play.emit(ev.SpellCast(cmd.player, cmd.target, tuple(cmd.effects)))
    apply_effects(play, cmd.target, cmd.effects, "spell", by=cmd.player)
    return play.events


def dig(s: GameState, cmd: Dig) -> list[ev.Event]:
    p = _one_card(s, cmd.player, "dig with a map")
    field = place_of(s, cmd.field, "dig.field")
    if not is_field(field):
        raise RuleViolation("dig.field", "a map shows a field, not {place}", place=field)
    if p.place != field:
        raise RuleViolation(
            "dig.not-there",
            "the map shows {field}, but {player}'s henchman is on {place}",
            field=field,
            player=cmd.player,
            place=p.place,
        )
    _has_card(p, "map")
    _composition(s, "map")
    if cmd.kind not in s.kinds:
        raise RuleViolation(
            "treasure.kind", "there is no treasure kind {kind} ({kinds})", kind=repr(cmd.kind), kinds=", ".join(s.kinds)
        )
    if sum(s.treasure_stack) == 0:
        raise RuleViolation("treasure.stack-empty", "all 12 treasures have been dug up")
    if s.treasure_stack[s.kinds.index(cmd.kind)] == 0:
        raise RuleViolation("treasure.stack-empty", "enter the kind printed on the treasure taken from the stack")
    play = Play(s)
    play.emit(ev.TreasureDug(cmd.player, field, cmd.kind))
    return play.events


def hide_treasure(s: GameState, cmd: HideTreasure) -> list[ev.Event]:
    p = _one_card(s, cmd.player, "hide a treasure")
    if p.place != castle(cmd.player):
        raise RuleViolation(
            "hide.not-home", "a treasure is hidden in the own castle; the henchman is on {place}", place=p.place
        )
    if cmd.kind not in p.treasures:
        # the message names no kinds carried: refusals are shown to the whole table
        raise RuleViolation("hide.no-treasure", "{player}'s henchman carries no such treasure", player=cmd.player)
    play = Play(s)
    play.emit(ev.TreasureHidden(cmd.player, cmd.kind))
    if s.options.victory.met(play.state.henchman(cmd.player).hidden):
        play.emit(ev.GameWon(cmd.player))
    return play.events
