"""Schatzjagd at the table (the :class:`companion.table.TableGame` of this game).

- **Seats**: the princes in turn order (from the one who won the starting roll) sit at panel seats
  1, 2, 3, 4; the game has no secret choice on the panel.
- **Rolls**: the die decides the journey, each exchange of blows, a flight's last blow, the
  teleportal and a day's search of a rival castle's vaults. Each roll says for whom it is:
  an exchange takes the fighting henchman's die, then the opponent's (for a monster another
  prince rolls: the next one clockwise); a flight takes the die of the side that strikes once
  more.
- **Rolls the screen completes**: the journey's die is kept until the table says where the
  figure stopped (the die comes first, then the steps are counted on the board); so are the
  teleportal's 2 to 6 (the field chosen in the region) and a successful search (the kind of the
  treasure taken, behind the privacy cover).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Any

from companion.games.schatzjagd.screens.guide import portal_question
from companion.i18n import Message, Person
from companion.table.game import NoSecretChoice, Rolled, RollWanted
from engines.core.errors import RuleViolation
from engines.schatzjagd import GAME
from engines.schatzjagd.awaiting import awaiting
from engines.schatzjagd.commands import Exchange, Flee, Plunder, Teleport
from engines.schatzjagd.state import PLAY, GameState

NOT_ROLLED = 0  # a die not rolled yet: the table asks for it


def _awaited(state: GameState, command: str) -> list[str]:
    return [need["player"] for need in awaiting(state) if command in need["commands"]]


def monster_roller(state: GameState, colour: str) -> str:
    """Who rolls for a monster fighting ``colour``'s henchman: the next prince clockwise."""
    return state.next_player(colour)


def _who(state: GameState, colour: str) -> Person:
    """A prince by the name given (the colour beside it), as the screens name players."""
    name = state.henchman(colour).name
    return Person(colour, name if name.strip().casefold() != colour.casefold() else None)


class SchatzjagdTable(NoSecretChoice):
    name = GAME.name

    def rolls(self, state: GameState) -> list[RollWanted]:
        if state.phase != PLAY:
            return []
        fight = state.fight
        if fight is not None:
            return [self._exchange(state)]
        return [
            RollWanted(
                colour,
                "number",
                f"{colour} rolls the die for the journey",
                partial(_journey, state, colour),
                Message("{player} rolls the die for the journey", player=_who(state, colour)),
            )
            for colour in _awaited(state, "travel")
        ]

    def _exchange(self, state: GameState) -> RollWanted:
        """The fighting henchman's die, then the opponent's: a rival rolls for the own henchman,
        for a monster the next prince clockwise rolls."""
        fight = state.fight
        assert fight is not None
        henchman = fight.henchman
        if fight.opponent is not None:
            second = fight.opponent
            words = f"{second} rolls the die for the own henchman"
            text = Message("{player} rolls the die for the own henchman", player=_who(state, second))
        else:
            second = monster_roller(state, henchman)
            words = f"{second} rolls the die for the monster"
            text = Message("{player} rolls the die for the monster", player=_who(state, second))

        def opponent_roll(face: int) -> RollWanted:
            rolled = Message("{player} rolled {face}; {next}", player=_who(state, henchman), face=face, next=text)
            return RollWanted(
                second, "number", words, lambda opponent_face: Exchange(henchman, face, opponent_face), rolled
            )

        return RollWanted(
            henchman,
            "number",
            f"{henchman} rolls the die for the own henchman",
            opponent_roll,
            Message("{player} rolls the die for the own henchman", player=_who(state, henchman)),
        )

    def prepare(self, state: GameState, command: Any, rng: random.Random) -> Any:
        if isinstance(command, Flee) and command.opponent_die == NOT_ROLLED:
            GAME.decide(state, replace(command, opponent_die=1))  # refuse now what no face can mend
            return self._last_blow(state, command)
        if isinstance(command, Teleport) and command.die == NOT_ROLLED:
            GAME.decide(state, replace(command, die=1))
            player = command.player
            return RollWanted(
                player,
                "number",
                f"{player} rolls the die for the teleportal",
                lambda face: Teleport(player, 1) if face == 1 else _portal(state, player, face),
                Message("{player} rolls the die for the teleportal", player=_who(state, player)),
            )
        if isinstance(command, Plunder) and command.die == NOT_ROLLED:
            _may_search(state, command)
            player = command.player
            return RollWanted(
                player,
                "number",
                f"{player} rolls the die to search the vaults",
                lambda face: _searched(state, player, face),
                Message("{player} rolls the die to search the vaults", player=_who(state, player)),
            )
        return command

    def _last_blow(self, state: GameState, command: Flee) -> RollWanted:
        fight = state.fight
        assert fight is not None
        fleeing = command.player
        striker: str | None
        if fleeing == fight.henchman and fight.opponent is None:
            striker = monster_roller(state, fleeing)
            words, text = (
                f"{striker} rolls the die for the monster's last blow",
                Message("{player} rolls the die for the monster's last blow", player=_who(state, striker)),
            )
        else:
            striker = fight.opponent if fleeing == fight.henchman else fight.henchman
            assert striker is not None
            words, text = (
                f"{striker} rolls the die for the last blow at {fleeing}",
                Message(
                    "{player} rolls the die for the last blow at the henchman of {fleeing}",
                    player=_who(state, striker),
                    fleeing=_who(state, fleeing),
                ),
            )
        return RollWanted(striker, "number", words, lambda face: replace(command, opponent_die=face), text)


def _journey(state: GameState, colour: str, face: int) -> Rolled:
    text = Message("{player} rolled {face}: where did the henchman stop?", player=_who(state, colour), face=face)
    return Rolled(colour, "number", face, "travel", text)


def _portal(state: GameState, colour: str, face: int) -> Rolled:
    region = dict(state.options.regions).get(face)
    text = portal_question(_who(state, colour), face, region)
    return Rolled(colour, "number", face, "teleport", text)


def _may_search(state: GameState, command: Plunder) -> None:
    """Refuse now a search no face can make allowed (the rule off, no rival castle, the day's search
    done); a 6 that would find (from the sixth day on) only asks which treasure, so it passes."""
    try:
        GAME.decide(state, replace(command, die=6))
    except RuleViolation as violation:
        if violation.rule != "plunder.kind":
            raise


def _searched(state: GameState, colour: str, face: int) -> Any:
    """The day's search: a find is completed behind the cover (which treasure), else it is entered."""
    me = state.henchman(colour)
    if face <= me.searching + 1 and me.place.startswith("castle-"):
        victim = state.henchman(me.place[len("castle-") :])
        if victim.hidden:
            return Rolled(
                colour,
                "number",
                face,
                "plunder",
                Message(
                    "{player} rolled {face} and finds a treasure: which one?", player=_who(state, colour), face=face
                ),
            )
    return Plunder(colour, face)


TABLE = SchatzjagdTable()
