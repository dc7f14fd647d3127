"""What the players can read of a Schatzjagd game, searched for the notes rule 13.4 forbids while
it runs: who slotted a face-down card, and which types of card lie in the discard pile.

Read are the public view, every prince's own view, the game log (every event as the log shows it)
and the words the table would be given to undo or to redo the last step, in English and in German.
The slotter of each face-down card is taken from the play's own record (the events of the commands
in play), which only the referee holds.

A note need not stand in one line: two readable things put side by side can make one. The log lists
who slotted a card, one entry after the other; so a card's id (which counts the slottings), a list
of the board's cards in the order they came, or a log entry of a slotting that says more than the
prince's colour tells who slotted which card as well as a line naming both.
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
from engines.schatzjagd.views import place_key

WHO_SLOTTED = "who-slotted"
DISCARD_TYPES = "discard-types"
NOTES = (WHO_SLOTTED, DISCARD_TYPES)

TYPE_WORD = re.compile(rf"\b({'|'.join(CARD_TYPES)})s?\b", re.IGNORECASE)
GERMAN = "de"
# the German card types as the table words name them (a plural or a genitive ending allowed)
GERMAN_TYPE_WORD = re.compile(r"\b(Waffe|Trank|Falle|Spezialkarte|Unhold|Zauber|Lageplan)(n|e|s|es)?\b")
# the keys under which a card's id would name it (the events' own names, and a view's)
ID_KEYS = ("id", "card", "card_id", "monster", "guard")
ID_LISTS = ("specials",)  # lists of cards, by id in the state
PLACED_SHOWS = {"type", "player"}  # all the log may say of a card slotted
# a castle named after its prince, in the words: a place, not who slotted a card
CASTLE = "{colour}'s castle"
GERMAN_CASTLE = "Burg von {colour}"


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


def _stood(history: Any) -> set[tuple[str, str]]:
    """Each henchman's place before and after the last step: words naming a prince beside such a
    place speak of the henchman there (it went back there, fought there, found a card there)."""
    states = [history.state, _before_last(history)] if history.entries else [history.state]
    return {(p.colour, p.place) for state in states for p in state.players}


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


def _slotted_ids(history: Any) -> frozenset[int]:
    """The ids of every card slotted in play (an id counts the slottings)."""
    return frozenset(e.card for e in _events(history) if e.type == "card-placed")


def _is_id(value: Any, ids: frozenset[int]) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in ids


def _names_an_id(d: dict, ids: frozenset[int]) -> bool:
    """An entry naming a card by its id: beside the log's slottings, the id says who slotted it."""
    if any(_is_id(d.get(key), ids) for key in ID_KEYS):
        return True
    return any(isinstance(d.get(key), list | tuple) and any(_is_id(v, ids) for v in d[key]) for key in ID_LISTS)


def _lists(data: Any) -> Iterator[list | tuple]:
    if isinstance(data, dict):
        for value in data.values():
            yield from _lists(value)
    elif isinstance(data, list | tuple):
        yield data
        for value in data:
            yield from _lists(value)


def _in_slotting_order(views: Any, state: GameState) -> bool:
    """A view listing the board's cards (as entries with a field, or as fields) in the order they were
    slotted where their order by place differs: beside the log's slottings, each prince's cards."""
    order = {c.field: c.id for c in state.board}
    for items in _lists(views):
        fields = [item.get("field") if isinstance(item, dict) else item for item in items]
        listed = [f for f in fields if isinstance(f, str) and f in order]
        if len(set(listed)) < 2:
            continue
        came = [order[f] for f in listed]
        if came == sorted(came) and listed != sorted(listed, key=place_key):
            return True
    return False


def _placed_says_more(d: dict) -> bool:
    """A log entry of a slotting that says more than who slotted (which card, where, when)."""
    return d.get("type") == "card-placed" and not set(d) <= PLACED_SHOWS


def _words_name_an_id(lines: tuple[str, ...], ids: frozenset[int]) -> bool:
    """Words naming a card by its number ("card 3", "Karte Nr. 3")."""
    if not ids:
        return False
    number = "|".join(str(i) for i in sorted(ids))
    pattern = re.compile(rf"\b(card|Karte)\s*(#|no\.|nr\.)?\s*({number})\b", re.IGNORECASE)
    return any(pattern.search(line) for line in lines)


def _words(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE) is not None


def _ties(lines: tuple[str, ...], field: str, colour: str, castle: str) -> bool:
    """A line naming the field and the prince, other than as the owner of a castle (``castle``)."""
    castle_words = re.compile(rf"\b{re.escape(castle.format(colour=colour))}\b", re.IGNORECASE)
    return any(_words(line, field) and _words(castle_words.sub("", line), colour) for line in lines)


def notes(history: Any) -> tuple[str, ...]:
    """The notes the readable outputs hold, sorted: ``who-slotted``, ``discard-types``; () for none."""
    seen = readable(history)
    found: set[str] = set()
    entries = list(_dicts([seen.views, seen.log]))
    ids = _slotted_ids(history)
    if (
        any(_names_an_id(d, ids) or _placed_says_more(d) for d in entries)
        or _in_slotting_order(seen.views, history.state)
        or _words_name_an_id(seen.words + seen.german, ids)
    ):
        found.add(WHO_SLOTTED)
    stood = _stood(history)
    slotted_at = {e.card: i for i, e in enumerate(_events(history)) if e.type == "card-placed"}
    for card in face_down(history):
        # the log from the slotting on: an entry from before the card came says nothing of it
        since = _dicts([seen.views, seen.log[slotted_at[card.card] :]])
        if any(_names_slotter(d, card) for d in since):
            found.add(WHO_SLOTTED)
        if (card.colour, card.field) in stood:  # the words name that henchman there, not the slotter
            continue
        if _ties(seen.words, card.field, card.colour, CASTLE):
            found.add(WHO_SLOTTED)
        if _ties(seen.german, card.field, render(Word(card.colour), GERMAN), GERMAN_CASTLE):
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
