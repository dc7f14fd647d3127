"""A document's effect and the documents a player really holds.

- **Effects.** A document whose effect the table applies (``effect = "table"``) is played, and
  what it moves is entered afterwards as ``apply-document``: its moves (coins or castle pieces,
  each checked like a hand-over), or none. Until then its effect is *due*: once it lies face up
  (played face up, or revealed), until the round ends. A Gift's effect is the engine's own.
- **The hand.** ``correct-hand`` sets the documents a player holds (a correction, for a hand that
  differs from the cardboard's): a card new to the hand comes from the deck, else from the played
  pile; a card gone from it goes to the played pile. Which cards stays secret; the counts do not.
"""

from __future__ import annotations

from collections import Counter

from engines.core.correction import require_reason
from engines.core.errors import RuleViolation
from engines.gluecksritter import events as ev
from engines.gluecksritter.commands import ApplyDocument, CorrectHand, HandOver
from engines.gluecksritter.evolve import evolve
from engines.gluecksritter.handover import moved, not_now
from engines.gluecksritter.state import GameState


def effects_due(state: GameState, colour: str) -> tuple[str, ...]:
    """The documents ``colour`` played this round, face up now, whose effect is still to be entered."""
    player = state.player(colour)
    waiting = Counter(player.played)
    waiting.subtract(doc for who, doc in state.face_down if who == colour)
    waiting.subtract(player.applied)
    due = []
    for doc in player.played:
        kind = state.rules.document(doc)
        if waiting[doc] > 0 and kind is not None and kind.effect == "table":
            due.append(doc)
            waiting[doc] -= 1
    return tuple(due)


def apply_document(state: GameState, cmd: ApplyDocument) -> list[ev.Event]:
    not_now(state)
    if state.rules.document(cmd.document) is None:
        raise RuleViolation(
            "document.unknown", "there is no document '{document}' in the catalogue", document=cmd.document
        )
    if cmd.document not in effects_due(state, cmd.player):
        raise RuleViolation(
            "document.not-due",
            "{player} played no '{document}' this round whose effect is still to be entered",
            player=cmd.player,
            document=cmd.document,
        )
    events: list[ev.Event] = []
    after = state
    for move in cmd.moves:
        handed = moved(after, HandOver(move.source, move.target, move.coins, move.walls, move.towers, cmd.document))
        events.append(handed)
        after = evolve(after, handed)
    return events + [ev.DocumentApplied(cmd.player, cmd.document)]


def correct_hand(state: GameState, cmd: CorrectHand) -> list[ev.Event]:
    reason = require_reason(cmd.reason)
    for doc in cmd.documents:
        if state.rules.document(doc) is None:
            raise RuleViolation("document.unknown", "there is no document '{document}' in the catalogue", document=doc)
    held = Counter(state.player(cmd.player).documents)
    wanted = Counter(cmd.documents)
    removed = tuple(sorted((held - wanted).elements()))
    deck, discard = Counter(state.deck), Counter(state.discard)
    drawn: list[str] = []
    taken: list[str] = []
    for doc in sorted((wanted - held).elements()):
        if deck[doc] > 0:
            deck[doc] -= 1
            drawn.append(doc)
        elif discard[doc] > 0:
            discard[doc] -= 1
            taken.append(doc)
        else:
            raise RuleViolation(
                "document.none-left",
                "no '{document}' is left in the deck or on the played pile for {player}'s hand",
                document=doc,
                player=cmd.player,
            )
    if not (removed or drawn or taken):
        raise RuleViolation("correction.same", "{player} already holds exactly these documents", player=cmd.player)
    before = sum(held.values())
    return [ev.HandCorrected(cmd.player, removed, tuple(drawn), tuple(taken), before, len(cmd.documents), reason)]
