"""What the players can read of a Schatzjagd game, searched for the notes rule 13.4 forbids while
it runs: who slotted a face-down card, and which types of card lie in the discard pile.

Read are the public view, every prince's own view, the game log (every event as the log shows it)
and the words the table would be given to undo or to redo the last step, in English and in German.
The slotter of each face-down card is taken from the play's own record (the events of the commands
in play), which only the referee holds.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from companion.i18n import ENGLISH, Word, render
from companion.journal.table_words import messages
from engines.schatzjagd import GAME
from engines.schatzjagd.rules import CARD_TYPES
from engines.schatzjagd.state import GameState

WHO_SLOTTED = "who-slotted"
DISCARD_TYPES = "discard-types"
NOTES = (WHO_SLOTTED, DISCARD_TYPES)

TYPE_WORD = re.compile(rf"\b({'|'.join(CARD_TYPES)})s?\b", re.IGNORECASE)
GERMAN = "de"
# the German card types as the table words name them (a plural or a genitive ending allowed)
GERMAN_TYPE_WORD = re.compile(r"\b(Waffe|Trank|Falle|Spezialkarte|Unhold|Zauber|Lageplan)(n|e|s|es)?\b")


@dataclass(frozen=True)
class Slotted:
    card: int
    field: str
    colour: str  # who slotted it


@dataclass(frozen=True)
class Readable:
    views: tuple[Any, ...]  # the public view and each prince's own view
    log: tuple[Any, ...]  # every event in play, as the game log shows it
    words: tuple[str, ...]  # to undo the last step, and to redo it
    german: tuple[str, ...]  # the same words in German


def _events(history: Any) -> Iterator[Any]:
    for entry in history.entries:
        yield from entry.events


def _before_last(history: Any) -> GameState:
    """The state before the last command: from the play's own states, or (the scenario runner's
    journal mode) from the journal's session."""
    session = getattr(history, "session", None)
    if session is not None:
        return session.state_at(session.parent(session.head))
    entries = history.entries
    return entries[-2].state if len(entries) > 1 else history.initial


def face_down(history: Any) -> tuple[Slotted, ...]:
    """The face-down cards on the board now, with the prince who slotted each."""
    by_card = {e.card: e.player for e in _events(history) if e.type == "card-placed"}
    state: GameState = history.state
    return tuple(Slotted(c.id, c.field, by_card[c.id]) for c in state.board if c.kind is None)


def readable(history: Any) -> Readable:
    """``history``: an :class:`engines.core.History`, or the scenario runner's journal table."""
    state = history.state
    views = (GAME.public_view(state), *(GAME.player_view(state, c) for c in state.colours))
    log = tuple(GAME.public_event(e) for e in _events(history))
    texts: list[Any] = []
    entries = history.entries
    if entries:
        before = _before_last(history)
        command = GAME.dump_command(entries[-1].command)
        texts += messages(GAME.name, state, before, command)
        texts += messages(GAME.name, before, state, command, redo=True)
    return Readable(views, log, tuple(render(t, ENGLISH) for t in texts), tuple(render(t, GERMAN) for t in texts))


def _dicts(data: Any) -> Iterator[dict]:
    if isinstance(data, dict):
        yield data
        for value in data.values():
            yield from _dicts(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from _dicts(value)


def _by_type(data: Any) -> bool:
    """A count kept per card type somewhere in ``data``."""
    return any(sum(1 for k in d if k in CARD_TYPES) >= 2 for d in _dicts(data))


def _names_slotter(d: dict, card: Slotted) -> bool:
    """A view's or event's entry that ties the card (its field or its id) to the prince who slotted it."""
    about = d.get("field") == card.field or (d.get("card") == card.card and "type" in d)
    return about and card.colour in d.values()


def _words(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE) is not None


def notes(history: Any) -> tuple[str, ...]:
    """The notes the readable outputs hold, sorted: ``who-slotted``, ``discard-types``; () for none."""
    seen = readable(history)
    found: set[str] = set()
    entries = list(_dicts([seen.views, seen.log]))
    for card in face_down(history):
        if any(_names_slotter(d, card) for d in entries):
            found.add(WHO_SLOTTED)
        if any(_words(line, card.field) and _words(line, card.colour) for line in seen.words):
            found.add(WHO_SLOTTED)
        colour = render(Word(card.colour), GERMAN)
        if any(_words(line, card.field) and _words(line, colour) for line in seen.german):
            found.add(WHO_SLOTTED)
    if _by_type(seen.views) or _by_type(seen.log):
        found.add(DISCARD_TYPES)
    for line in seen.words:  # a card of a named type put on the discard pile (taking one off to lay it
        # face up on the board names what everyone will see)
        if "discard pile" in line and "off the discard pile" not in line and TYPE_WORD.search(line):
            found.add(DISCARD_TYPES)
    for line in seen.german:  # the same in German: "Ablage", and "von der Ablage" for taking one off
        if "Ablage" in line and "von der Ablage" not in line and GERMAN_TYPE_WORD.search(line):
            found.add(DISCARD_TYPES)
    return tuple(sorted(found))
