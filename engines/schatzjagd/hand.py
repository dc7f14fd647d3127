"""The hand limit: a prince holds four cards, treasures included. More than four with a card other
than a treasure among them must be brought down by playing the turn's card; what may be played for
it, and how many loose treasures a henchman may still take into the hand."""

from __future__ import annotations

from engines.schatzjagd.rules import COMPOSITION, HAND, castle, is_field
from engines.schatzjagd.state import GameState, Henchman

# What a prince may play, in the order the table is told.
PLAYS = ("slot", "spell", "map", "hide")


def can_play(state: GameState, p: Henchman) -> tuple[str, ...]:
    """The kinds of card play still open to the current prince this turn: slot a card face down into
    a free field, show a spell, dig with a map of the field the henchman stands on, hide a treasure in
    the own castle. The referee does not know the cards in the hand: a spell or map is listed while
    the game has one that is not face up."""
    if state.current != p.colour or state.turn.card_played:
        return ()
    plays = []
    if p.cards:
        plays.append("slot")
        if state.public_count("spell") < COMPOSITION["spell"]:
            plays.append("spell")
        if is_field(p.place) and sum(state.treasure_stack) and state.public_count("map") < COMPOSITION["map"]:
            plays.append("map")
    if p.place == castle(p.colour) and p.treasures:
        plays.append("hide")
    return tuple(plays)


def over_four(state: GameState, colour: str) -> tuple[str, ...]:
    """What the current prince may play to meet the hand limit before the turn ends; () when nothing
    must be played (four cards or fewer, the turn's card played, only treasures in hand)."""
    p = state.henchman(colour)
    if p.hand <= HAND or not p.cards:
        return ()
    return can_play(state, p)


PLAY_WORDS = {
    "slot": "slot a card face down into a free field",
    "spell": "show a spell",
    "map": "dig with a map of {place}",
    "hide": "hide a treasure in the castle",
}


def over_four_words(state: GameState, colour: str) -> str:
    """The refusal to end a turn with more than four cards: what the prince may play."""
    p = state.henchman(colour)
    plays = [PLAY_WORDS[k].format(place=p.place) for k in over_four(state, colour)]
    said = plays[0] if len(plays) == 1 else f"{', '.join(plays[:-1])} or {plays[-1]}"
    return f"{colour} holds {p.hand} cards, more than {HAND}: play one before the turn ends — {said}"


def room_for_treasures(state: GameState, p: Henchman) -> int:
    """How many treasures the henchman may still take into the hand: up to four cards, or five while
    the prince can still play the turn's card to come back down to four."""
    return HAND - p.hand + (1 if can_play(state, p) else 0)
