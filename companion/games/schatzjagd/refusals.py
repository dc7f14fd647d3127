"""Schatzjagd's refusals in the table's language: the values of the engine's refusals that are
words beyond colours (:mod:`companion.i18n.refusals`).

- ``doing``: what the player tried ("travel", "do business at the inn"), said after "cannot",
  "then" or "before you" (in German an infinitive at the end: "kann jetzt nicht reisen");
- ``card_type``: a card type as the engine names it ("potion"), said as "a potion card" (in German
  "eine Karte vom Typ Trank");
- ``play`` ... ``play4``: what the prince may play to meet the hand limit;
- ``place``, ``here``: a place the henchman is at or is sent to, as the undo/redo words name it
  ("the inn", "red's castle"; in German datives: "dem Gasthaus", "der Burg von Rot"), a field as
  it is ("C7");
- ``players``: the colours of the game, comma-joined.

Values typed by the table (``text``, ``counter``, a treasure ``kind``) and fields stay as they are.
No value names a card a player holds or a face-down card's type (rule 13.4: no notes)."""

from __future__ import annotations

from typing import Any

from companion.games.schatzjagd.table_words import place_words
from companion.i18n.message import Cap, Join, Message, Word

DOINGS = {
    m.msgid: m
    for m in (
        Message("pick up treasures"),
        Message("use a special card"),
        Message("plunder"),
        Message("slot a card into a field"),
        Message("cast a spell"),
        Message("dig with a map"),
        Message("hide a treasure"),
        Message("do business at the inn"),
        Message("do business at the healer"),
        Message("do business at the school"),
        Message("do business at the smith"),
        Message("go to the inn"),
        Message("go to the healer"),
        Message("go to the school"),
        Message("go to the smith"),
        Message("attack"),
        Message("travel"),
        Message("turn up a card"),
        Message("turn up the next card"),
        Message("step into the teleportal"),
        Message("move a henchman by hand"),
        Message("end the turn"),
    )
}

CARD_TYPES = {
    m.msgid: m
    for m in (
        Message("weapon"),
        Message("potion"),
        Message("trap"),
        Message("special"),
        Message("monster"),
        Message("spell"),
        Message("map"),
    )
}

PLAYS = {
    m.msgid: m
    for m in (
        Message("slot a card face down into a free field"),
        Message("show a spell"),
        Message("hide a treasure in the castle"),
    )
}
MAP_OF = "dig with a map of "  # engines/schatzjagd/hand.py PLAY_WORDS["map"], the field after it

PLACES = ("place", "here")
PLAY_KEYS = ("play", "play2", "play3", "play4")


def _play(play: str) -> Any:
    if play.startswith(MAP_OF):
        return Message("dig with a map of {field}", field=play[len(MAP_OF) :])
    return PLAYS.get(play, play)


def words(values: dict[str, Any], view: Any = None) -> dict[str, Any]:
    """The refusal's values with Schatzjagd's words as catalogue texts (a player is named already)."""
    out = dict(values)
    for key, value in values.items():
        if not isinstance(value, str):
            continue
        if key == "doing":
            out[key] = DOINGS.get(value, value)
        elif key == "card_type":
            out[key] = CARD_TYPES.get(value, value)
        elif key in PLAY_KEYS:
            out[key] = _play(value)
        elif key in PLACES:
            out[key] = place_words(value)
        elif key == "players":
            out[key] = Join(*(Cap(Word(colour)) for colour in value.split(", ")), last=False)
    return out
