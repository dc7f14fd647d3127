"""The toy race's rules, an :class:`engines.core.Game` as every engine is one (pure: nothing here
imports the companion or the hardware).

Two to four players race along a track of :data:`GOAL` steps. In turn each rolls the die (its
face arrives in the command: the rules draw nothing) and moves that many steps, or rests instead
(the turn passes, the figure stays); nobody rests two turns running. The first to reach the goal
wins, and the game is over. A figure put where it really stands is a correction (the core's
``Correct`` with the counter ``<colour>.position`` and a reason), while the race runs.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, StringConstraints, field_validator

from engines.core.awaiting import Awaited, need
from engines.core.correction import Correct, Corrected, require_reason
from engines.core.errors import InvariantBroken, RuleViolation
from engines.core.formats import Formats
from engines.core.frozen import replace

NAME = "toy"
GOAL = 12
FACES = range(1, 7)
COLOURS = ("red", "blue", "green", "yellow")
PLAYERS = (2, 4)
PLAY, OVER = "play", "over"

Colour = Literal["red", "blue", "green", "yellow"]


# ---------------------------------------------------------------------------------- setup


class PlayerSpec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    colour: Colour
    name: Annotated[str, StringConstraints(strip_whitespace=True, max_length=24)] = ""


class Setup(BaseModel):
    """Who races, in turn order: 2 to 4 players, each of a colour of their own (a name may be left
    out: the colour is the name)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    players: tuple[PlayerSpec, ...]

    @field_validator("players")
    @classmethod
    def _players(cls, players: tuple[PlayerSpec, ...]) -> tuple[PlayerSpec, ...]:
        low, high = PLAYERS
        if not low <= len(players) <= high:
            raise ValueError(f"the race is run by {low} to {high} players, not {len(players)}")
        colours = [p.colour for p in players]
        for colour in colours:
            if colours.count(colour) > 1:
                raise ValueError(f"two players chose {colour}: each colour can be chosen once")
        return players


# ---------------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class Player:
    colour: str
    name: str
    position: int = 0  # steps along the track, 0 (the start) to GOAL
    rested: bool = False  # this player's last turn was a rest


@dataclass(frozen=True, slots=True)
class GameState:
    players: tuple[Player, ...]  # in turn order
    current: str | None
    phase: str = PLAY
    turns: int = 0  # turns taken (rolls and rests)
    winner: str | None = None

    def player(self, colour: str) -> Player:
        for p in self.players:
            if p.colour == colour:
                return p
        raise KeyError(colour)

    def has_player(self, colour: str) -> bool:
        return any(p.colour == colour for p in self.players)

    def next_player(self, colour: str) -> str:
        order = [p.colour for p in self.players]
        return order[(order.index(colour) + 1) % len(order)]

    @property
    def round(self) -> int:
        """The round being played (every player's turn once), 1 for the first."""
        return self.turns // len(self.players) + 1


# ------------------------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class Roll:
    """The player rolled ``die`` and moves that many steps."""

    player: str
    die: int
    type: Literal["roll"] = "roll"


@dataclass(frozen=True, slots=True)
class Rest:
    """The player rests: the turn passes, the figure stays."""

    player: str
    type: Literal["rest"] = "rest"


Command = Roll | Rest | Correct


# --------------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Moved:
    player: str
    die: int
    start: int
    end: int
    type: Literal["moved"] = "moved"


@dataclass(frozen=True, slots=True)
class Rested:
    player: str
    type: Literal["rested"] = "rested"


@dataclass(frozen=True, slots=True)
class TurnPassed:
    to: str
    type: Literal["turn-passed"] = "turn-passed"


@dataclass(frozen=True, slots=True)
class Finished:
    """The roll brought the player's figure to the goal: the race is over, and won."""

    player: str
    die: int
    start: int
    type: Literal["finished"] = "finished"


Event = Moved | Rested | TurnPassed | Finished | Corrected


# --------------------------------------------------------------------------------- decide


def _turn(state: GameState, colour: str) -> Player:
    """The player whose turn it is, or the refusal: the race is over, nobody of that colour plays,
    it is another player's turn."""
    if state.phase == OVER:
        raise RuleViolation("game.over", "the race is over; undo its last step to change it")
    if not state.has_player(colour):
        raise RuleViolation("player.unknown", "nobody plays '{colour}' at this table", colour=colour)
    if colour != state.current:
        raise RuleViolation(
            "turn.not-yours", "it is {current}'s turn, not {player}'s", current=state.current, player=colour
        )
    return state.player(colour)


def roll(state: GameState, cmd: Roll) -> list[Event]:
    player = _turn(state, cmd.player)
    if cmd.die not in FACES:
        raise RuleViolation("die.face", "a die shows 1 to 6, not {die}", die=cmd.die)
    if player.position + cmd.die >= GOAL:
        return [Finished(player.colour, cmd.die, player.position)]
    moved = Moved(player.colour, cmd.die, player.position, player.position + cmd.die)
    return [moved, TurnPassed(state.next_player(player.colour))]


def rest(state: GameState, cmd: Rest) -> list[Event]:
    player = _turn(state, cmd.player)
    if player.rested:
        raise RuleViolation("rest.twice", "{player} rested last turn and must roll now", player=player.colour)
    return [Rested(player.colour), TurnPassed(state.next_player(player.colour))]


def correct(state: GameState, cmd: Correct) -> list[Event]:
    """``<colour>.position``: where the player's figure really stands, while the race runs (a
    figure at the goal would have ended it: the roll that brought it there is entered instead)."""
    reason = require_reason(cmd.reason)
    if state.phase == OVER:
        raise RuleViolation("game.over", "the race is over; undo its last step to change it")
    colour, _, what = cmd.counter.partition(".")
    if what != "position" or not state.has_player(colour):
        raise RuleViolation(
            "correction.counter",
            "there is no count '{counter}'; the count to correct is <colour>.position",
            counter=cmd.counter,
        )
    if not 0 <= cmd.value < GOAL:
        raise RuleViolation(
            "correction.position",
            "a figure in the race stands on step 0 to {most}, not {value}",
            most=GOAL - 1,
            value=cmd.value,
        )
    old = state.player(colour).position
    if old == cmd.value:
        raise RuleViolation(
            "correction.same", "{player}'s figure stands on step {value} already", player=colour, value=old
        )
    return [Corrected(cmd.counter, old, cmd.value, reason)]


HANDLERS: dict[str, Any] = {"roll": roll, "rest": rest, "correct": correct}


def decide(state: GameState, command: Any) -> list[Event]:
    handler = HANDLERS.get(getattr(command, "type", ""))
    if handler is None:
        raise RuleViolation("command.unknown", "{command} is not a command of the race", command=repr(command))
    events: list[Event] = handler(state, command)
    return events


# --------------------------------------------------------------------------------- evolve


def _with(state: GameState, colour: str, **changes: Any) -> GameState:
    players = tuple(replace(p, **changes) if p.colour == colour else p for p in state.players)
    return replace(state, players=players)


def evolve(state: GameState, event: Any) -> GameState:
    if isinstance(event, Moved):
        return replace(_with(state, event.player, position=event.end, rested=False), turns=state.turns + 1)
    if isinstance(event, Rested):
        return replace(_with(state, event.player, rested=True), turns=state.turns + 1)
    if isinstance(event, TurnPassed):
        return replace(state, current=event.to)
    if isinstance(event, Finished):
        finished = _with(state, event.player, position=GOAL, rested=False)
        return replace(finished, phase=OVER, current=None, winner=event.player, turns=state.turns + 1)
    if isinstance(event, Corrected):
        colour = event.counter.partition(".")[0]
        return _with(state, colour, position=event.new)
    raise TypeError(f"not an event of the race: {event!r}")


# ------------------------------------------------------------------------------ invariants


def check(state: GameState) -> None:
    colours = [p.colour for p in state.players]
    if not PLAYERS[0] <= len(colours) <= PLAYERS[1] or len(set(colours)) != len(colours):
        raise InvariantBroken(f"impossible players: {colours}")
    for p in state.players:
        if not 0 <= p.position <= GOAL:
            raise InvariantBroken(f"{p.colour}'s figure off the track: {p.position}")
    at_goal = [p.colour for p in state.players if p.position >= GOAL]
    if state.phase == PLAY:
        if state.current not in colours or state.winner is not None or at_goal:
            raise InvariantBroken(f"a race running with {state.current} to move, {at_goal} at the goal")
    elif state.phase == OVER:
        if state.current is not None or state.winner is None or at_goal != [state.winner]:
            raise InvariantBroken(f"a race over with {state.winner} the winner, {at_goal} at the goal")
    else:
        raise InvariantBroken(f"no phase {state.phase!r}")
    if state.turns < 0:
        raise InvariantBroken(f"{state.turns} turns taken")


# ---------------------------------------------------------------------------------- views


def awaiting(state: GameState) -> list[Awaited]:
    """The player whose turn it is rolls, or rests unless they rested last turn; nobody once the
    race is over."""
    if state.phase == OVER or state.current is None:
        return []
    if state.player(state.current).rested:
        return [need(state.current, "roll")]
    return [need(state.current, "roll", "rest")]


def public_view(state: GameState) -> dict[str, Any]:
    return {
        "game": NAME,
        "phase": state.phase,
        "current": state.current,
        "goal": GOAL,
        "round": state.round,
        "players": [
            {"colour": p.colour, "name": p.name, "position": p.position, "rested": p.rested} for p in state.players
        ],
        "winner": state.winner,
        "winners": [state.winner] if state.winner else [],
        "awaiting": awaiting(state),
    }


def player_view(state: GameState, colour: str) -> dict[str, Any]:
    return {**public_view(state), "you": colour}  # the race hides nothing


def public_event(event: Any) -> dict[str, Any]:
    data = asdict(event)
    return {"type": data.pop("type"), **data}


# ---------------------------------------------------------------------------------- game


class Race(Formats):
    name = NAME
    format_version = 1
    setup_model = Setup
    command_union = Command
    event_union = Event
    state_type = GameState

    def setup(self, config: Setup) -> GameState:
        players = tuple(Player(p.colour, p.name or p.colour) for p in config.players)
        return GameState(players=players, current=players[0].colour)

    decide = staticmethod(decide)
    evolve = staticmethod(evolve)
    check = staticmethod(check)
    public_view = staticmethod(public_view)
    player_view = staticmethod(player_view)
    public_event = staticmethod(public_event)


GAME = Race()
