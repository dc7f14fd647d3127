"""Whose move it is in Schatzjagd: the public view's ``awaiting`` (:mod:`engines.core.awaiting`).

- Grandlin's catharsis: the prince next in its order removes a card (or passes).
- A fight: the henchman whose turn it is enters the exchange or flees; a rival henchman fighting
  back may flee too (for a monster nobody answers).
- Otherwise the player whose turn it is: the henchman travels, then turns up the card where it
  stopped, then does what the place offers (a challenge, a pick-up, a special, the teleportal,
  plunder, the shop's business) until its day is over; the prince plays the turn's card; the turn
  ends (not while the hand is over four and a card can bring it down).
- A spell may be shown at any moment of the own turn, the fight included, until the turn's card
  is played.

Each command is listed when its kind is allowed now, as the rules' guards decide it; the particulars
(a die, a place, the gold for a shop) may still refuse it. Nobody is awaited once the game is over.
"""

from __future__ import annotations

from engines.core.awaiting import Awaited, need
from engines.schatzjagd.hand import can_play, over_four, room_for_treasures
from engines.schatzjagd.rules import SHOPS, TELEPORTAL, castle_colour, in_city
from engines.schatzjagd.state import CATHARSIS, OVER, GameState, Henchman

# The prince's card plays (:data:`engines.schatzjagd.hand.PLAYS`) as commands.
CARD_COMMANDS = {"slot": "place-card", "spell": "cast-spell", "map": "dig", "hide": "hide-treasure"}


def awaiting(state: GameState) -> list[Awaited[str]]:
    if state.phase == OVER:
        return []
    if state.phase == CATHARSIS:
        return [need(state.catharsis[0], "remove-card")]
    p = state.henchman(state.current)
    plays = can_play(state, p)
    spell = ("cast-spell",) if "spell" in plays else ()
    fight = state.fight
    if fight is not None:
        first = need(fight.henchman, "exchange", "flee", *spell)
        return [first] if fight.opponent is None else [first, need(fight.opponent, "flee")]
    turn = state.turn
    face_down = state.face_down_at(p.place) is not None
    settled = (turn.travelled or turn.died) and not face_down  # the prince's other cards may be played
    commands: list[str] = []
    if not turn.died:
        commands += ["travel"] if not turn.travelled else []
        commands += ["reveal"] if face_down else []
        commands += henchman_acts(state, p) if settled and not turn.halted else []
    commands += spell
    if settled:
        commands += [CARD_COMMANDS[k] for k in plays if k != "spell"]
    if (turn.died or settled) and not over_four(state, p.colour):
        commands.append("end-turn")
    return [need(p.colour, *commands)]


def henchman_acts(state: GameState, p: Henchman) -> list[str]:
    """What the current henchman may still do where it stopped, its journey done and nothing left
    to turn up there."""
    here, turn = p.place, state.turn
    specials = [c for c in state.cards_at(here) if c.kind == "special"]
    rival = castle_colour(here)
    acts = {
        "challenge": not in_city(here)
        and any(o.colour != p.colour and o.colour not in turn.challenged for o in state.henchmen_at(here)),
        "pick-up": any(t.guard is None for t in state.loose_at(here)) and room_for_treasures(state, p) > 0,
        "use-special": any(c.name != TELEPORTAL and c.id not in turn.specials for c in specials),
        "teleport": state.options.teleportal and not turn.teleported and any(c.name == TELEPORTAL for c in specials),
        "plunder": state.options.plunder and not turn.plundered and rival not in (None, p.colour),
    }
    shop = [here] if here in SHOPS and not turn.business else []  # the business is named after its shop
    return [command for command, allowed in acts.items() if allowed] + shop
