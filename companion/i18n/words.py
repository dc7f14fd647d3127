"""Every word the code passes as a :class:`~companion.i18n.message.Word` (known only at run time:
colours, tile kinds, coin kinds, Schatzjagd's places and card types), listed here as messages so
that the catalogues hold them; ``tests/companion/i18n`` checks that each game's colours and kinds
are here."""

from __future__ import annotations

from companion.i18n.message import Message

COLOURS = (
    Message("blue"),
    Message("yellow"),
    Message("green"),
    Message("red"),
    Message("white"),
    Message("black"),
)

COINS = (
    Message("silver"),
    Message("gold"),
)

RAUBRITTER_KINDS = (
    Message("lake"),
    Message("mountains"),
    Message("plain"),
    Message("plain-village"),
    Message("plain-castle"),
    Message("plain-town"),
    Message("forest-village"),
    Message("forest-castle"),
    Message("forest-town"),
)

# Schatzjagd's places other than fields and castles (the German as after "bei": a dative).
SCHATZJAGD_PLACES = (
    Message("the city"),
    Message("the city gate"),
    Message("the inn"),
    Message("the healer"),
    Message("the school"),
    Message("the smith"),
)

# Schatzjagd's card types, as a face-up card is named ("the potion"); never a face-down card's.
SCHATZJAGD_CARDS = (
    Message("the weapon"),
    Message("the potion"),
    Message("the trap"),
    Message("the special card"),
    Message("the monster"),
    Message("the spell"),
    Message("the map"),
)

WORDS = frozenset(m.msgid for m in COLOURS + COINS + RAUBRITTER_KINDS + SCHATZJAGD_PLACES + SCHATZJAGD_CARDS)
