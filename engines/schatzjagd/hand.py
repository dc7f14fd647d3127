"""The hand limit: a prince holds four cards, treasures included. More than four with a card other
than a treasure among them must be brought down by playing the turn's card; what may be played for
it, and how many loose treasures a henchman may still take into the hand."""

from __future__ import annotations

from engines.core.errors import RuleViolation
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
        if is_field(p.place) and sum(state.treasure_stack) != 0 and state.public_count("map") < COMPOSITION["map"]:
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


def refuse_over_four(state: GameState, colour: str) -> None:
    """The refusal to end a turn with more than four cards: what the prince may play (one, two,
    three or all four of :data:`PLAY_WORDS`, each a value of its own)."""
    p = state.henchman(colour)
    plays = [PLAY_WORDS[k].format(place=p.place) for k in over_four(state, colour)]
    if len(plays) == 1:
        raise RuleViolation(
            "hand.over-four",
            "{player} holds {cards} cards, more than {limit}: play one before the turn ends — {play}",
            player=colour,
            cards=p.hand,
            limit=HAND,
            play=plays[0],
        )
    if len(plays) == 2:
        raise RuleViolation(
            "hand.over-four",
            "{player} holds {cards} cards, more than {limit}: play one before the turn ends — {play} or {play2}",
            player=colour,
            cards=p.hand,
            limit=HAND,
            play=plays[0],
            play2=plays[1],
        )
    if len(plays) == 3:
        raise RuleViolation(
            "hand.over-four",
            "{player} holds {cards} cards, more than {limit}: play one before the turn ends — "
            "{play}, {play2} or {play3}",
            player=colour,
            cards=p.hand,
            limit=HAND,
            play=plays[0],
            play2=plays[1],
            play3=plays[2],
        )
    raise RuleViolation(
        "hand.over-four",
        "{player} holds {cards} cards, more than {limit}: play one before the turn ends — "
        "{play}, {play2}, {play3} or {play4}",
        player=colour,
        cards=p.hand,
        limit=HAND,
        play=plays[0],
        play2=plays[1],
        play3=plays[2],
        play4=plays[3],
    )


def room_for_treasures(state: GameState, p: Henchman) -> int:
    """How many treasures the henchman may still take into the hand: up to four cards, or five while
    the prince can still play the turn's card to come back down to four."""
    return HAND - p.hand + (1 if can_play(state, p) else 0)
