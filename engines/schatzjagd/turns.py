"""The end of a turn: the hand limit, drawing back to four (reshuffle or Grandlin's catharsis when
the draw pile runs out), the next turn and its poison; and corrections of a henchman's values."""

from __future__ import annotations

from engines.core.correction import Correct, Corrected, require_reason
from engines.core.errors import RuleViolation
from engines.schatzjagd import events as ev
from engines.schatzjagd.commands import EndTurn, RemoveCard
from engines.schatzjagd.hand import over_four, refuse_over_four
from engines.schatzjagd.journey import place_of
from engines.schatzjagd.play import Play, change, kill, no_fight, own_turn, player, revealed, travelled
from engines.schatzjagd.rules import COUNTERS, HAND, HIGH, LOW
from engines.schatzjagd.state import CATHARSIS, GameState

CATHARSIS_ROUNDS = 3


def end_turn(s: GameState, cmd: EndTurn) -> list[ev.Event]:
    p = own_turn(s, cmd.player, "end the turn")
    no_fight(s, "end the turn")
    if not s.turn.died:
        travelled(s, "end the turn")
        revealed(s, p.place, "end the turn")
    if over_four(s, cmd.player):
        refuse_over_four(s, cmd.player)
    play = Play(s)
    play.emit(ev.TurnEnded(cmd.player))
    colours = s.colours
    start = colours.index(cmd.player)
    owed = []
    for colour in colours[start:] + colours[:start]:
        short = HAND - play.state.henchman(colour).hand
        if short > 0:
            owed.append((colour, short))
    draw_owed(play, owed)
    return play.events


def draw_owed(play: Play, owed: list[tuple[str, int]], *, cleansed: bool = False) -> None:
    """Draw what the hands lack, in turn order, then begin the next turn. Without Grandlin's
    catharsis an empty draw pile is refilled from the discard pile when a card is owed. With it, the
    princes clean the board first, as soon as the draw pile is used up: when a draw takes its last
    card (even the last one owed), or when a card is owed from an empty pile — except right after a
    catharsis (``cleansed``) whose shuffle left the pile empty: then the hands stay short. With no
    card on the board the catharsis has nothing to take and the discard pile is shuffled at once."""
    owed = list(owed)
    emptied = False  # a draw of this call took the pile's last card
    while owed or emptied:
        s = play.state
        if s.draw == 0:
            cleanse = s.options.catharsis and (emptied or not cleansed)
            if cleanse and s.board:
                colours = s.colours
                i = colours.index(s.current)
                order = (colours[i:] + colours[:i]) * CATHARSIS_ROUNDS
                play.emit(ev.CatharsisBegan(order, tuple(owed)))
                return
            emptied = False
            if not (owed or cleanse) or s.discard_total == 0:
                break  # nothing owed yet, or every card is in a hand, on the board or a used map
            play.emit(ev.DeckReshuffled(s.discard_total))
            continue
        who, n = owed[0]
        k = min(n, s.draw)
        play.emit(ev.CardsDrawn(who, k))
        emptied = play.state.draw == 0
        owed[0] = (who, n - k)
        if owed[0][1] == 0:
            owed.pop(0)
    begin_next(play)


def begin_next(play: Play) -> None:
    s = play.state
    nxt = s.next_player(s.current)
    day = s.day + 1 if nxt == s.options.first else s.day
    play.emit(ev.TurnBegan(nxt, day))
    p = play.state.henchman(nxt)
    if p.poison:
        change(play, nxt, "life", p.life - p.poison, "poison")
        if play.state.henchman(nxt).life == 0:
            kill(play, nxt, cause="poison")


def remove_card(s: GameState, cmd: RemoveCard) -> list[ev.Event]:
    player(s, cmd.player)
    if s.phase != CATHARSIS:
        raise RuleViolation("catharsis.none", "cards are taken off the board only in Grandlin's catharsis")
    if s.catharsis[0] != cmd.player:
        raise RuleViolation("catharsis.not-yours", "it is {player}'s turn to remove a card", player=s.catharsis[0])
    card_id, field = None, ""
    if cmd.field is not None:
        field = place_of(s, cmd.field, "catharsis.field")
        cards = s.cards_at(field)
        if not cards:
            raise RuleViolation("catharsis.no-card", "no card is slotted into {field}", field=field)
        card_id = cards[0].id
    play = Play(s)
    play.emit(ev.CardRemoved(cmd.player, card_id, field))
    if not play.state.catharsis:
        total = play.state.discard_total
        if total:
            play.emit(ev.DeckReshuffled(total))
        draw_owed(play, list(play.state.owed), cleansed=True)
    return play.events


def correct(s: GameState, cmd: Correct) -> list[ev.Event]:
    """Set a henchman's value by hand (``red.life``, ``red.gold``, ... ``red.poison``) with a reason."""
    colour, _, counter = cmd.counter.partition(".")
    p = player(s, colour)
    if s.winner is not None:
        raise RuleViolation("game.over", "the game is over: {winner} has won", winner=s.winner)
    if counter not in COUNTERS + ("poison",):
        names = ", ".join(f"{colour}.{c}" for c in COUNTERS + ("poison",))
        raise RuleViolation(
            "correction.counter",
            "there is no value {counter} to correct ({names})",
            counter=repr(cmd.counter),
            names=names,
        )
    if not LOW <= cmd.value <= HIGH:
        raise RuleViolation(
            "correction.range", "{counter} is 0 to 15, not {value}", counter=cmd.counter, value=cmd.value
        )
    reason = require_reason(cmd.reason)
    old = p.value(counter)
    if old == cmd.value:
        raise RuleViolation("correction.same", "{counter} is {value} already", counter=cmd.counter, value=old)
    play = Play(s)
    play.emit(Corrected(cmd.counter, old, cmd.value, reason))
    if counter == "life" and cmd.value == 0:
        fight = s.fight
        killer = None
        monster = fight.monster if fight and colour == fight.henchman else None
        kill(play, colour, killer=killer, monster=monster, cause="correction")
    return play.events
