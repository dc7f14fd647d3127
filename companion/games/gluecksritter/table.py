"""Die Glücksritter at the table (the :class:`companion.table.TableGame` of this game).

- **Seats**: the players in the order of the setup sit at panel seats 1, 2, 3, ...
- **Picks**: each player locks in two of the six buttons; button n is action card n. A player
  whose Black Knight sits in the dungeon may not press 4 (the public view shows the dungeon).
  The revealed buttons become ``choose-actions``.
- **Rolls**: the number die for a duel (schmidt) or the haggling tie (osullivan), for each
  knight who has not rolled yet, in the order of the field; a raid (``knight-act`` with
  ``action="raid"`` and no ``face``) waits for the special die, whose face goes into the command
  as it is (the setup's ``special_die`` says which faces show a sack or a castle).
- **Draws**: with the digital sack, ``place-ducats`` without draws gets one index per coin,
  each uniform among the coins still in the sack (docs/gluecksritter.md, point 4 of the referee's
  decisions); ``take-document`` with an empty ``document`` gets a card drawn uniformly from those
  left in the deck (from the played pile when the engine will reshuffle it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import Any

from companion.games.gluecksritter.table_words import people
from companion.i18n import Message
from companion.table.game import RollWanted
from engines.core.errors import RuleViolation
from engines.gluecksritter import GAME
from engines.gluecksritter.coins import Coins, propose_payment
from engines.gluecksritter.commands import ChooseActions, KnightAct, PlaceDucats, RollDie, TakeDocument
from engines.gluecksritter.state import GameState
from engines.gluecksritter.views import awaiting

DRAW = ""  # the document of a take-document the app draws


def _awaited(state: GameState, command: str) -> list[str]:
    return [need["player"] for need in awaiting(state) if command in need["commands"] and need["player"] is not None]


class GluecksritterTable:
    name = GAME.name
    picks_per_player = 2

    def seats(self, state: GameState) -> Mapping[int, str]:
        return {seat: player.colour for seat, player in enumerate(state.players, start=1)}

    def choosing(self, state: GameState) -> Mapping[str, frozenset[int]]:
        return {colour: frozenset(state.player(colour).hand()) for colour in _awaited(state, "choose-actions")}

    def pick(self, player: str, buttons: tuple[int, ...]) -> ChooseActions:
        first, second = buttons
        return ChooseActions(player, (first, second))

    def is_pick(self, command: Any) -> bool:
        return isinstance(command, ChooseActions)

    def rolls(self, state: GameState) -> list[RollWanted]:
        knight = state.knight
        duel = knight is not None and knight.stage == "duel"
        why = "for the duel" if duel else "to say who names the first offerer"
        return [
            RollWanted(
                player,
                "number",
                f"{player} rolls the number die {why}",
                partial(RollDie, player),
                Message("{player} rolls the number die for the duel", player=people(state)(player))
                if duel
                else Message(
                    "{player} rolls the number die to say who names the first offerer", player=people(state)(player)
                ),
            )
            for player in _awaited(state, "roll-die")
        ]

    def alternatives(self, state: GameState, command: Any) -> list[Any]:
        """The ways the rules let the player make ``command``: for a payment left open, every
        handful of the player's coins the rules accept (two gold or four silver for 4 Ducats, ...),
        each tried against the state without writing anything. One or none: the command as it is
        (the engine then takes its own proposal, or says why not). The first is the app's proposal
        (RULINGS: it spends first the kind the player holds more of), the others in that order too:
        with more gold than silver, the most gold first."""
        if getattr(command, "payment", "absent") is not None or not hasattr(command, "player"):
            return [command]
        purse = state.player(command.player).coins
        found = []
        for gold in range(purse.gold + 1):
            for silver in range(purse.silver + 1):
                candidate = replace(command, payment=Coins(silver, gold))
                try:
                    ready = self.prepare(state, candidate, random.Random(0))  # a draw only to try it
                    if not isinstance(ready, RollWanted):
                        GAME.decide(state, ready)
                except RuleViolation:
                    continue
                found.append(candidate)
        if len(found) < 2:
            return [command]
        proposal = propose_payment(purse, min(way.payment.value for way in found))
        more_gold = purse.gold > purse.silver

        def spends(way: Any) -> tuple[bool, int]:
            paid = way.payment
            return paid != proposal, -(paid.gold if more_gold else paid.silver)

        return sorted(found, key=spends)

    def prepare(self, state: GameState, command: Any, rng: random.Random) -> Any:
        if isinstance(command, PlaceDucats) and state.rules.digital_sack:
            if command.draws is None and command.field5 is None and command.field6 is None:
                return replace(command, draws=sack_draws(state, command, rng))
        if isinstance(command, TakeDocument) and command.document == DRAW:
            pile = state.deck or state.discard
            return replace(command, document=rng.choice(pile)) if pile else command
        if isinstance(command, KnightAct) and command.action == "raid" and command.face is None:
            GAME.decide(state, replace(command, face=1))  # refuse now what no face can mend
            assert command.victim is not None  # decide refuses a raid without its victim
            words = f"{command.player} raids {command.victim}: roll the special die"
            text = Message(
                "{player} raids {victim}: roll the special die",
                player=people(state)(command.player),
                victim=people(state)(command.victim),
            )
            faces = tuple(state.rules.special_die)  # as this table's die is printed: which face shows what
            return RollWanted(command.player, "special", words, partial(_with_face, command), text, faces)
        return command


def _with_face(command: KnightAct, face: int) -> KnightAct:
    return replace(command, face=face)


def sack_draws(state: GameState, command: PlaceDucats, rng: random.Random) -> tuple[int, ...]:
    """One index per coin the Ducat card asks for (as many as the sack holds), each uniform
    among the coins left after the draws before it."""
    coins = min(command.top + command.bottom, state.sack.count)
    return tuple(rng.randrange(state.sack.count - drawn) for drawn in range(coins))


TABLE = GluecksritterTable()
