"""What every command shares: a scratch play that records events as it applies them, the guards
that refuse a command for the wrong moment, values clamped to 0..15, and the death of a henchman."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engines.core.errors import RuleViolation
from engines.schatzjagd import events as ev
from engines.schatzjagd.evolve import evolve
from engines.schatzjagd.rules import DIE, HIGH, LOW, Effect
from engines.schatzjagd.state import CATHARSIS, OVER, GameState, Henchman


class Play:
    """The state as the events of one command so far leave it."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Any] = []

    def emit(self, *events: Any) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)


# ------------------------------------------------------------------------------------ guards


def player(state: GameState, colour: str) -> Henchman:
    try:
        return state.henchman(colour)
    except KeyError:
        raise RuleViolation(
            "player.absent",
            "nobody plays '{colour}' in this game (players: {players})",
            colour=colour,
            players=", ".join(state.colours),
        ) from None


def own_turn(state: GameState, colour: str, doing: str) -> Henchman:
    """The henchman of ``colour``, if it is that player's turn and the game is on."""
    p = player(state, colour)
    if state.phase == OVER:
        raise RuleViolation("game.over", "the game is over: {winner} has won", winner=state.winner)
    if state.phase == CATHARSIS:
        raise RuleViolation(
            "catharsis.under-way",
            "Grandlin's catharsis first: {player} removes a card or passes",
            player=state.catharsis[0],
        )
    if state.current != colour:
        raise RuleViolation(
            "turn.not-yours",
            "it is {current}'s turn, {player} cannot {doing} now",
            current=state.current,
            player=colour,
            doing=doing,
        )
    return p


def no_fight(state: GameState, doing: str) -> None:
    if state.fight is not None:
        raise RuleViolation("fight.under-way", "finish the fight (exchange or flee) before you {doing}", doing=doing)


def alive(state: GameState, p: Henchman, doing: str) -> None:
    if state.turn.died:
        raise RuleViolation(
            "henchman.dead",
            "{player}'s henchman died this turn; the new one cannot {doing} before the next turn",
            player=p.colour,
            doing=doing,
        )


def busy(state: GameState, doing: str) -> None:
    """The henchman's own activity is still possible: it has not fled and the prince's card is not played."""
    if state.turn.halted:
        raise RuleViolation(
            "turn.henchman-done",
            "the henchman's day is over (it fled, or the prince played the turn's card): it cannot {doing}",
            doing=doing,
        )


def travelled(state: GameState, doing: str) -> None:
    if not state.turn.travelled:
        raise RuleViolation(
            "turn.travel-first", "roll and travel first (travel to the same place to stay), then {doing}", doing=doing
        )


def revealed(state: GameState, place: str, doing: str) -> None:
    if state.face_down_at(place) is not None:
        raise RuleViolation(
            "card.reveal-first", "turn up the card on {field} before you {doing}", field=place, doing=doing
        )


def calm(state: GameState, colour: str, doing: str) -> Henchman:
    """The current henchman, free to act where it stopped: its turn, no fight, alive, travelled,
    its day not over, nothing left to turn up there."""
    p = own_turn(state, colour, doing)
    no_fight(state, doing)
    alive(state, p, doing)
    travelled(state, doing)
    busy(state, doing)
    revealed(state, p.place, doing)
    return p


def die(value: int, what: str = "die") -> int:
    if not DIE[0] <= value <= DIE[1]:
        raise RuleViolation("die.range", "{what}: a die shows 1 to 6, not {value}", what=what, value=value)
    return value


# ---------------------------------------------------------------------------------- values


def clamp(raw: int) -> tuple[int, int]:
    """The value kept within 0..15, and how much was lost to the limits."""
    new = min(HIGH, max(LOW, raw))
    return new, abs(raw - new)


def change(play: Play, colour: str, counter: str, raw: int, cause: str) -> None:
    old = play.state.henchman(colour).value(counter)
    new, lost = clamp(raw)
    if new != old or lost:
        play.emit(ev.CounterChanged(colour, counter, old, new, lost, cause))


def apply_effects(play: Play, colour: str, effects: Iterable[Effect], cause: str, *, by: str | None = None) -> None:
    """Card effects on a henchman, in the printed order (a poisoning keeps the stronger daily loss);
    the henchman dies if life reaches 0
    (``by``: the rival prince whose spell it was, who then takes treasures and gold)."""
    for effect in effects:
        p = play.state.henchman(colour)
        change(play, colour, effect.counter, effect.apply(p.value(effect.counter)), cause)
        if play.state.henchman(colour).life == 0:
            kill(play, colour, killer=by if by != colour else None, cause=cause)
            return


# ------------------------------------------------------------------------------------- death


def kill(play: Play, colour: str, *, killer: str | None = None, monster: int | None = None, cause: str = "") -> None:
    """A henchman's life reached 0: its hand cards are discarded; its treasures go to the killing
    player with all its gold, or stay where it fell (guarded by the monster that killed it); a new
    henchman starts in the castle."""
    p = play.state.henchman(colour)
    field = play.state.card(monster).field if monster is not None else ""
    play.emit(ev.HenchmanDied(colour, p.place, killer, monster, cause, field))
    if play.state.fight is not None and colour in (play.state.fight.henchman, play.state.fight.opponent):
        play.emit(ev.FightEnded("death"))
    if p.cards:
        play.emit(ev.HandDiscarded(colour, p.cards))
    if killer is not None:
        if p.treasures:
            play.emit(ev.TreasuresTaken(colour, killer, p.treasures))
        if p.gold:
            change(play, killer, "gold", play.state.henchman(killer).gold + p.gold, "loot")
    elif p.treasures:
        play.emit(ev.TreasuresDropped(colour, p.place, p.treasures, monster, field))
    play.emit(ev.HenchmanRestarted(colour))
