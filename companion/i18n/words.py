"""Every word the code passes as a :class:`~companion.i18n.message.Word` (known only at run time:
colours, tile kinds, coin kinds), listed here as messages so that the catalogues hold them;
``tests/companion/i18n`` checks that each game's colours and kinds are here."""

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

WORDS = frozenset(m.msgid for m in COLOURS + COINS + RAUBRITTER_KINDS)
