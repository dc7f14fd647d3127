"""Fights: a challenge between henchmen, a monster's attack, exchange after exchange, flight."""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.schatzjagd import events as ev
from engines.schatzjagd.commands import Challenge, Exchange, Flee
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
    travelled,
)
from engines.schatzjagd.rules import in_city
from engines.schatzjagd.state import OVER, Fight, GameState


def challenge(s: GameState, cmd: Challenge) -> list[ev.Event]:
    p = own_turn(s, cmd.player, "attack")
    no_fight(s, "attack")
    alive(s, p, "attack")
    travelled(s, "attack")
    busy(s, "attack")
    revealed(s, p.place, "attack")
    target = player(s, cmd.target)
    if target.colour == p.colour:
        raise RuleViolation("fight.self", "a henchman cannot attack itself")
    if target.place != p.place:
        raise RuleViolation(
            "fight.not-here",
            "{target}'s henchman is on {place}, not on {here}",
            target=cmd.target,
            place=target.place,
            here=p.place,
        )
    if in_city(p.place):
        raise RuleViolation("fight.city", "no fights in the city: the guards keep the peace")
    if cmd.target in s.turn.challenged:
        raise RuleViolation(
            "fight.once", "{player} has already fought {target} this turn", player=cmd.player, target=cmd.target
        )
    play = Play(s)
    play.emit(ev.FightBegan(cmd.player, opponent=cmd.target))
    return play.events


def _fight(s: GameState, colour: str) -> Fight:
    player(s, colour)
    if s.phase == OVER:
        raise RuleViolation("game.over", "the game is over: {winner} has won", winner=s.winner)
    if s.fight is None:
        raise RuleViolation("fight.none", "no fight is under way")
    return s.fight


def exchange(s: GameState, cmd: Exchange) -> list[ev.Event]:
    fight = _fight(s, cmd.player)
    if cmd.player != fight.henchman:
        raise RuleViolation(
            "fight.whose-exchange",
            "the exchange is entered as {player}'s (with the opponent's die)",
            player=fight.henchman,
        )
    die(cmd.die, "die")
    die(cmd.opponent_die, "opponent_die")
    h = s.henchman(fight.henchman)
    opponent = s.henchman(fight.opponent) if fight.opponent else None
    power = opponent.power if opponent else s.card(fight.monster).value  # type: ignore[arg-type]
    blow, opponent_blow = h.power + cmd.die, power + cmd.opponent_die
    play = Play(s)
    play.emit(ev.Exchanged(cmd.player, cmd.die, cmd.opponent_die, blow, opponent_blow, fight.opponent, fight.monster))
    if opponent_blow > blow:
        change(play, h.colour, "life", h.life - (opponent_blow - blow), "fight")
    elif blow > opponent_blow and opponent:
        change(play, opponent.colour, "life", opponent.life - (blow - opponent_blow), "fight")
    elif blow > opponent_blow:
        left = max(0, fight.monster_life - (blow - opponent_blow))
        monster = s.card(fight.monster)  # type: ignore[arg-type]
        play.emit(ev.MonsterWounded(monster.id, fight.monster_life, left, monster.field))
    for who in (h, opponent):
        if who and who.weapons:
            change(play, who.colour, "weapons", who.weapons - 1, "wear")
    after = play.state
    if after.henchman(h.colour).life == 0:
        kill(play, h.colour, killer=fight.opponent, monster=fight.monster, cause="fight")
    elif opponent and after.henchman(opponent.colour).life == 0:
        kill(play, opponent.colour, killer=h.colour, cause="fight")
    elif after.fight is not None and fight.monster is not None and after.fight.monster_life == 0:
        slain(play)
    return play.events


def slain(play: Play) -> None:
    """The monster is beaten: the reward, the treasures it guarded, and the card to the discard pile."""
    fight = play.state.fight
    assert fight is not None and fight.monster is not None
    card = play.state.card(fight.monster)
    play.emit(ev.FightEnded("slain"))
    guarded = tuple(t.kind for t in play.state.loose if t.guard == card.id)
    if guarded:
        play.emit(ev.TreasuresPickedUp(fight.henchman, card.field, guarded))
    play.emit(ev.CardDiscarded(card.id, card.field))
    apply_effects(play, fight.henchman, card.effects, "reward")


def flee(s: GameState, cmd: Flee) -> list[ev.Event]:
    fight = _fight(s, cmd.player)
    if cmd.player not in (fight.henchman, fight.opponent):
        raise RuleViolation("fight.not-fighting", "{player}'s henchman is not in the fight", player=cmd.player)
    die(cmd.opponent_die, "opponent_die")
    fleeing = s.henchman(cmd.player)
    striker_colour = fight.opponent if cmd.player == fight.henchman else fight.henchman
    striker = s.henchman(striker_colour) if striker_colour else None
    power = striker.power if striker else s.card(fight.monster).value  # type: ignore[arg-type]
    blow = power + cmd.opponent_die
    play = Play(s)
    play.emit(ev.Fled(cmd.player, cmd.opponent_die, blow, fleeing.power, striker_colour, fight.monster))
    play.emit(ev.FightEnded("flight"))
    if blow > fleeing.power:
        change(play, cmd.player, "life", fleeing.life - (blow - fleeing.power), "flight")
    if striker and striker.weapons:
        change(play, striker.colour, "weapons", striker.weapons - 1, "wear")
    if play.state.henchman(cmd.player).life == 0:
        monster = fight.monster if striker is None else None
        kill(play, cmd.player, killer=striker_colour, monster=monster, cause="flight")
    elif fight.monster is not None:  # slotted back face down where it lay (book 10.3)
        play.emit(ev.CardTurnedDown(fight.monster, s.card(fight.monster).field))
    return play.events
