"""What just happened in Die Glücksritter: the few lines the table reads after a command.

``lines(events)`` takes the engine's *public* events of one command (``GAME.public_event``, as
:class:`companion.table.notices.Happened` carries them: dicts with a ``"type"``, coins as
``{"silver": .., "gold": ..}``, an offer as a dict) and gives catalogue texts
(:mod:`companion.i18n`), rendered in the table's language when shown.

One line per thing a player should notice; repeated events of one kind are merged (two walls
taken in one raid are "2 walls", the even shares of a field are one line). Every automatic
ruling says why in one short clause: a royal tax (due with the count reached, paid, cancelled by
a Gift, or no longer due below 8), the coins taken from fields 5 and 6 (everything by a lone
taker, each one's even share, the Black Knight's gold, each with what is left on the field),
change from the sack or a gold coin changed at the sack, the dungeon (each reason), a player
passed over (each reason), a sack that ran short for the Ducat card, the end of the game and a
victory judged again. The engine's ``reason`` strings are English and from a
finite set (some built, like ``"share of field 5"`` or ``"royal tax on gold"``):
:func:`classify` maps them to messages by pattern; a reason it does not know is still shown, as
the engine's English, after a colon.

Secrets stay secret: a drawn document, a document laid face down and the cards of a corrected
hand are never named (the public event has blanked them anyway), nor a pick before the reveal. A
document played face up or revealed is named by the game's catalogue (from ``after``, the public
view; the shipped catalogue without it), in the table's language where the catalogue gives it.

No line (bookkeeping the other lines already tell): ``field-closed``, ``knight-finished``,
``offer-paid`` (the payment's coins say it), ``pieces-built`` after its payment (one line "buys 2
walls for …"), ``knight-acted`` for a raid or a field with gold (the raid's roll or the loot says
it), ``knight-started`` when nobody acts (the dungeon line says why), ``field-opened`` for fields 5
and 6 when coins are shared (the share line names the field), ``royal-tax-settled`` right after
its payment, ``documents-revealed`` with nothing face down, and the second half of a gold coin
changed at the sack (one line).

A correction (``corrected``) is told with the counter in words, old and new value and the
table's own reason, as the table typed it.

``after`` (optional): the public view after the command. With it, a royal tax names the count
reached ("11 silver reached"), and a shared field, or one the Black Knight took the gold of, what
is left on it (a field too poor to share says its coins stay, an empty one that it is empty);
without it the lines say "8 or more", leave what is left out and say only "nothing for" the
players of a field nobody got a share of. A lone taker always takes everything.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games.gluecksritter.documents import names
from companion.games.walk import Event, Walk, told
from companion.i18n import Cap, Join, Message, Plural, Text, Word

KINDS = ("silver", "gold")

# ------------------------------------------------------------------------------- reasons

# Every reason the engine writes into an event, as a pattern and a key; built reasons carry their
# values as groups. ``tests/companion/games/gluecksritter/test_happenings.py`` reads the engine's
# code for every reason it can produce and checks each is matched here.
REASONS: dict[str, tuple[tuple[str, str], ...]] = {
    "coins-moved": (
        ("document", r"a document"),
        ("pieces", r"(\d+) (wall|tower)\(s\)"),
        ("ransom", r"ransom"),
        ("change", r"change"),
        ("changing", r"changing a gold coin"),
        ("tax", r"royal tax on (silver|gold)"),
        ("share", r"share of field (\d+)"),
        ("loot", r"the Black Knight's loot"),
        ("raid", r"raid"),
        ("offer", r"the accepted offer"),
    ),
    "piece-moved": (
        ("raid", r"raid"),
        ("offer", r"the accepted offer"),
    ),
    "knights-imprisoned": (
        ("three", r"three or more Black Knights"),
        ("seen", r"the Black Knight was seen"),
        ("tie", r"equal duel rolls"),
        ("lost", r"lost the duel"),
        ("no-offer", r"neither knight made an offer"),
    ),
    "player-passed-over": (
        ("no-document", r"\w+ can't draw a document \(none is left\) and was passed over"),
        ("document-price", r"\w+ can't pay (\d+) for a document and was passed over"),
        ("no-supply", r"\w+ can't buy a (wall|tower) \(none is left in the supply\) and was passed over"),
        ("castle-full", r"\w+ can't build another (wall|tower) \(the castle holds (\d+)\) and was passed over"),
        ("piece-price", r"\w+ can't pay (\d+) for a (wall|tower) and was passed over"),
    ),
    "game-ended": (
        ("only", r"the only complete castle"),
        ("most", r"complete castle and the most Ducats"),
        ("shared", r"complete castles and equal Ducats: a shared win"),
    ),
    "victory-judged-again": (
        ("only", r"after the correction: the only complete castle"),
        ("most", r"after the correction: complete castle and the most Ducats"),
        ("shared", r"after the correction: complete castles and equal Ducats: a shared win"),
        ("goes-on", r"after the correction no castle is complete: the game goes on"),
    ),
}


def classify(event_type: str, reason: str) -> tuple[str, tuple[str, ...]] | None:
    """The key and values of an engine reason, or None for one this module does not know."""
    for key, pattern in REASONS.get(event_type, ()):
        match = re.fullmatch(pattern, reason)
        if match:
            return key, match.groups()
    return None


# ------------------------------------------------------------------------------- words


def coins_text(coins: Mapping[str, int]) -> Text:
    """Coins as the table counts them (\"2 silver and 1 gold\"), for these lines and the board."""
    parts = []
    if coins.get("silver"):
        parts.append(Plural("{n} silver", "{n} silver", coins["silver"]))
    if coins.get("gold"):
        parts.append(Plural("{n} gold", "{n} gold", coins["gold"]))
    return Join(*parts) if parts else Message("nothing")


def _pieces(walls: int, towers: int) -> Text:
    parts = []
    if walls:
        parts.append(Plural("{n} wall", "{n} walls", walls))
    if towers:
        parts.append(Plural("{n} tower", "{n} towers", towers))
    return Join(*parts) if parts else Message("nothing")


def _ducats(n: int) -> Plural:
    return Plural("{n} Ducat", "{n} Ducats", n)


def offer_text(offer: Mapping[str, Any]) -> Text:
    """What an offer holds (Ducats, walls, towers, Ducats from the loot), for these lines and the board."""
    parts: list[Text] = []
    if offer.get("ducats"):
        parts.append(_ducats(offer["ducats"]))
    if offer.get("walls"):
        parts.append(Plural("{n} wall", "{n} walls", offer["walls"]))
    if offer.get("towers"):
        parts.append(Plural("{n} tower", "{n} towers", offer["towers"]))
    if offer.get("loot_promise"):
        parts.append(Plural("{n} Ducat from the loot", "{n} Ducats from the loot", offer["loot_promise"]))
    return Join(*parts) if parts else Message("nothing")


def _place(w: Any, place: str) -> Text:
    if place == "sack":
        return Message("the sack")
    if place == "supply":
        return Message("the supply")
    if place.startswith("field"):
        return Message("field {field}", field=place.removeprefix("field"))
    return w.who(place)


# ------------------------------------------------------------------------------- the walk


class _Walk(Walk):
    """The events of one command, with the documents' names to tell them by."""

    def __init__(
        self,
        events: Sequence[Event],
        after: Mapping[str, Any] | None,
        documents: Mapping[str, Text],
        people: Mapping[str, str | None] | None = None,
    ):
        super().__init__(events, after, people)
        self.documents = documents

    def name(self, document: str) -> Text:
        return self.documents.get(document, document)

    def players(self, colours: Sequence[str]) -> Join:
        return Join(*(self.who(colour) for colour in colours))

    def count_before(self, i: int, place: str, kind: str) -> int | None:
        """How many coins of ``kind`` ``place`` held just before event ``i`` (from the view after
        the command and the moves since), or None without the view."""
        if self.after is None:
            return None
        if place in ("field5", "field6", "sack"):
            final = self.after.get(place, {}).get(kind)
        else:
            final = next((p.get(kind) for p in self.after.get("players", ()) if p.get("colour") == place), None)
        if final is None:
            return None
        for e in self.events[i:]:
            final -= _gain(e, place, kind)
        return final


def _gain(e: Mapping[str, Any], place: str, kind: str) -> int:
    if e["type"] in ("coins-moved", "handed-over"):
        n = e["coins"].get(kind, 0)
        return (n if e["target"] == place else 0) - (n if e["source"] == place else 0)
    if e["type"] == "ducats-placed":
        if place in ("field5", "field6"):
            return e[place].get(kind, 0)
        if place == "sack":
            return -(e["field5"].get(kind, 0) + e["field6"].get(kind, 0))
    if e["type"] == "corrected":
        owner, _, what = e["counter"].partition(".")
        if owner == place and what == kind:
            return e["new"] - e["old"]
        if owner != "sack" and what == kind and place == "sack":
            return e["old"] - e["new"]
    return 0


def lines(
    events: Sequence[Event], *, after: Mapping[str, Any] | None = None, people: Mapping[str, str | None] | None = None
) -> list[Text]:
    """The lines the table reads for the public events of one command (see the module's text);
    ``people``: the players' given names where there is no view after (the game log)."""
    return told(_Walk(events, after, names(after), people), HANDLERS)


# ------------------------------------------------------------------------------- the round


def _ducats_placed(w: _Walk, i: int, e: dict) -> list[Text]:
    out: list[Text] = [
        Message(
            "Ducat card {top} and {bottom}: {first} on field 5, {second} on field 6.",
            top=e["top"],
            bottom=e["bottom"],
            first=coins_text(e["field5"]),
            second=coins_text(e["field6"]),
        )
    ]
    placed = sum(e[pile].get(kind, 0) for pile in ("field5", "field6") for kind in KINDS)
    short = e["top"] + e["bottom"] - placed
    if short > 0:
        out.append(
            Plural(
                "The sack ran short: {n} coin fewer than the card shows.",
                "The sack ran short: {n} coins fewer than the card shows.",
                short,
            )
        )
    return out


def _actions_chosen(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("{player} has locked in 2 action cards.", player=w.who(e["player"]))]


def _document_played(w: _Walk, i: int, e: dict) -> list[Text]:
    if e.get("face_down") or e.get("document") is None:
        return [Message("{player} lays a document face down.", player=w.who(e["player"]))]
    return [
        Message("{player} plays the document {document}.", player=w.who(e["player"]), document=w.name(e["document"]))
    ]


def _document_applied(w: _Walk, i: int, e: dict) -> list[Text]:
    moved = any(x["type"] == "handed-over" and x.get("document") == e["document"] for x in w.events[:i])
    if moved:
        return []  # the hand-over lines name the document
    return [
        Message(
            "{player}'s document {document} moves nothing the app keeps.",
            player=w.who(e["player"]),
            document=w.name(e["document"]),
        )
    ]


def _hand_corrected(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "Corrected by hand: {player}'s documents from {old} to {new} ({reason}).",
            player=w.who(e["player"]),
            old=e["before"],
            new=e["after"],
            reason=e["reason"],
        )
    ]


def _documents_revealed(w: _Walk, i: int, e: dict) -> list[Text]:
    by: dict[str, list[Text]] = {}
    for who, document in e["documents"]:
        by.setdefault(who, []).append(w.name(document))
    return [
        Plural(
            "{player} reveals the document {documents}.",
            "{player} reveals the documents {documents}.",
            len(names),
            player=w.who(who),
            documents=Join(*names),
        )
        for who, names in by.items()
    ]


def _actions_revealed(w: _Walk, i: int, e: dict) -> list[Text]:
    picks = [
        Message("{player} {first} and {second}", player=w.who(who), first=cards[0], second=cards[1])
        for who, cards in e["picks"]
    ]
    return [Message("Action cards: {picks}.", picks=Join(*picks, last=False))] if picks else []


def _round_end_awaited(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("Round {round} waits for its end: documents are still held and may be played.", round=e["round"])]


def _round_ended(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("Round {round} is over: no castle is complete.", round=e["round"])]


def _game_ended(w: _Walk, i: int, e: dict) -> list[Text]:
    winners, n = Cap(w.players(e["winners"])), len(e["winners"])
    key = (classify("game-ended", e["reason"]) or ("", ()))[0]
    if key == "only":
        return [
            Plural(
                "{players} wins: the only complete castle.",
                "{players} win: the only complete castle.",
                n,
                players=winners,
            )
        ]
    if key == "most":
        return [
            Plural(
                "{players} wins: a complete castle and the most Ducats.",
                "{players} win: complete castles and the most Ducats.",
                n,
                players=winners,
            )
        ]
    if key == "shared":
        return [
            Plural(
                "{players} wins: complete castles and equal Ducats, a shared win.",
                "{players} win together: complete castles and equal Ducats.",
                n,
                players=winners,
            )
        ]
    return [Plural("{players} wins: {reason}.", "{players} win: {reason}.", n, players=winners, reason=e["reason"])]


def _victory_judged_again(w: _Walk, i: int, e: dict) -> list[Text]:
    winners, n = w.players(e["winners"]), len(e["winners"])
    key = (classify("victory-judged-again", e["reason"]) or ("", ()))[0]
    if key == "goes-on":
        return [Message("After the correction no castle is complete: the game goes on.")]
    if key == "only":
        return [
            Plural(
                "After the correction {players} wins: the only complete castle.",
                "After the correction {players} win: the only complete castle.",
                n,
                players=winners,
            )
        ]
    if key == "most":
        return [
            Plural(
                "After the correction {players} wins: a complete castle and the most Ducats.",
                "After the correction {players} win: complete castles and the most Ducats.",
                n,
                players=winners,
            )
        ]
    if key == "shared":
        return [
            Plural(
                "After the correction {players} wins: complete castles and equal Ducats, a shared win.",
                "After the correction {players} win together: complete castles and equal Ducats.",
                n,
                players=winners,
            )
        ]
    if not e["winners"]:
        return [Message("The victory is judged again: {reason}.", reason=e["reason"])]
    return [
        Plural(
            "The victory is judged again, {players} wins: {reason}.",
            "The victory is judged again, {players} win: {reason}.",
            n,
            players=winners,
            reason=e["reason"],
        )
    ]


def _counter(w: _Walk, counter: str) -> Text:
    owner, _, what = counter.partition(".")
    if owner in ("field5", "field6") and what in KINDS:
        return Message("{coin} on field {field}", coin=Word(what), field=owner.removeprefix("field"))
    if owner in ("field5", "field6", "sack", "supply") or not what:
        return counter
    if what in KINDS:
        return Message("{player}'s {coin}", player=w.who(owner), coin=Word(what))
    if what == "walls":
        return Message("{player}'s walls", player=w.who(owner))
    if what == "towers":
        return Message("{player}'s towers", player=w.who(owner))
    if what == "knight-in-dungeon":
        return Message("{player}'s knight in the dungeon", player=w.who(owner))
    return counter


def _corrected(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "Corrected by hand: {counter} from {old} to {new} ({reason}).",
            counter=_counter(w, e["counter"]),
            old=e["old"],
            new=e["new"],
            reason=e["reason"],
        )
    ]


# ------------------------------------------------------------------------------- fields 1 to 3, 5, 6


def _field_opened(w: _Walk, i: int, e: dict) -> list[Text]:
    field, players = e["field"], w.players(e["players"])
    if field == 1:
        return [Message("Field 1, Brother Jacob: {players}.", players=players)]
    if field == 2:
        return [Message("Field 2, walls: {players}.", players=players)]
    if field == 3:
        return [Message("Field 3, towers: {players}.", players=players)]
    if field == 4:
        return [Message("Field 4, Black Knight: {players}.", players=players)]
    reason = f"share of field {field}"
    if w.later(i, lambda x: x["type"] == "coins-moved" and x["reason"] == reason):
        return []  # the share line tells it
    pile = f"field{field}"
    counted = {kind: w.count_before(i + 1, pile, kind) for kind in KINDS}
    if any(v is None for v in counted.values()):
        return [Message("Field {field}: nothing for {players}.", field=field, players=players)]
    rest = {kind: n for kind, n in counted.items() if n is not None}
    if not any(rest.values()):
        return [Message("Field {field} is empty: nothing for {players}.", field=field, players=players)]
    return [
        Message(
            "Field {field}: too little to share evenly between {players}; left on the field: {coins}.",
            field=field,
            coins=coins_text(rest),
            players=players,
        )
    ]


def _pieces_built(w: _Walk, i: int, e: dict) -> list[Text]:
    walls = e["count"] if e["piece"] == "wall" else 0
    return [Message("{player} builds {pieces}.", player=w.who(e["player"]), pieces=_pieces(walls, e["count"] - walls))]


def _document_drawn(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("{player} draws a document.", player=w.who(e["player"]))]  # never which


def _player_done(w: _Walk, i: int, e: dict) -> list[Text]:
    player = e["player"]
    for x in w.events[:i]:
        if x.get("player") == player and x["type"] in ("document-drawn", "pieces-built"):
            return []
    return [Message("{player} takes nothing.", player=w.who(player))]


def _deck_reshuffled(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Plural(
            "The deck is empty: {n} played document is shuffled into a new deck.",
            "The deck is empty: {n} played documents are shuffled into a new deck.",
            e["count"],
        )
    ]


def _passed_over(w: _Walk, i: int, e: dict) -> list[Text]:
    player, field = w.who(e["player"]), e["field"]
    key, values = classify("player-passed-over", e["reason"]) or ("", ())
    if key == "no-document":
        return [Message("{player} is passed over on field {field}: no document is left.", player=player, field=field)]
    if key == "document-price":
        return [
            Message(
                "{player} is passed over on field {field}: cannot pay {price} for a document.",
                player=player,
                field=field,
                price=_ducats(int(values[0])),
            )
        ]
    if key == "no-supply" and values[0] == "wall":
        return [
            Message(
                "{player} is passed over on field {field}: no wall is left in the supply.", player=player, field=field
            )
        ]
    if key == "no-supply":
        return [
            Message(
                "{player} is passed over on field {field}: no tower is left in the supply.", player=player, field=field
            )
        ]
    if key == "castle-full" and values[0] == "wall":
        return [
            Message(
                "{player} is passed over on field {field}: the castle already has {n} walls.",
                player=player,
                field=field,
                n=values[1],
            )
        ]
    if key == "castle-full":
        return [
            Message(
                "{player} is passed over on field {field}: the castle already has {n} towers.",
                player=player,
                field=field,
                n=values[1],
            )
        ]
    if key == "piece-price" and values[1] == "wall":
        return [
            Message(
                "{player} is passed over on field {field}: cannot pay {price} for a wall.",
                player=player,
                field=field,
                price=_ducats(int(values[0])),
            )
        ]
    if key == "piece-price":
        return [
            Message(
                "{player} is passed over on field {field}: cannot pay {price} for a tower.",
                player=player,
                field=field,
                price=_ducats(int(values[0])),
            )
        ]
    return [
        Message("{player} is passed over on field {field}: {reason}.", player=player, field=field, reason=e["reason"])
    ]


# ------------------------------------------------------------------------------- coins


def _coins_moved(w: _Walk, i: int, e: dict) -> list[Text]:
    key, values = classify("coins-moved", e["reason"]) or ("", ())
    source, target, coins = e["source"], e["target"], coins_text(e["coins"])
    if key == "share":
        return _shares(w, i, e, values[0])
    if key == "tax":
        kind = values[0]
        return [
            Message(
                "{player} pays {coins} royal tax: {held} reached.",
                player=w.who(source),
                coins=coins,
                held=_held(w, i, source, kind),
            )
        ]
    if key == "document" and target == "sack":
        return [
            Message("{player} pays {coins} for a document: Brother Jacob is shared.", player=w.who(source), coins=coins)
        ]
    if key == "pieces" and target == "sack":
        count, piece = int(values[0]), values[1]
        for j in w.later(i, lambda x: x["type"] == "pieces-built"):
            built = w.events[j]
            if (built["player"], built["piece"], built["count"]) == (source, piece, count):
                w.done.add(j)
        walls = count if piece == "wall" else 0
        return [
            Message(
                "{player} buys {pieces} for {coins}.",
                player=w.who(source),
                pieces=_pieces(walls, count - walls),
                coins=coins,
            )
        ]
    if key == "ransom" and target == "sack":
        return [Message("{player} pays {coins} ransom.", player=w.who(source), coins=coins)]
    if key == "change" and source == "sack":
        return [
            Message(
                "{player} gets {coins} change from the sack: paid in gold for an odd sum.",
                player=w.who(target),
                coins=coins,
            )
        ]
    if key == "change" and source not in ("field5", "field6"):
        return [
            Message(
                "{player} gives {other} {coins} change: paid in gold for an odd sum.",
                player=w.who(source),
                other=w.who(target),
                coins=coins,
            )
        ]
    if key == "changing" and target == "sack":
        back = w.later(i, lambda x: x["type"] == "coins-moved" and x["reason"] == e["reason"] and x["target"] == source)
        got = w.events[back[0]]["coins"] if back else {}
        w.done.update(back[:1])
        return [
            Message(
                "{player} changes {coins} at the sack for {change} to give change.",
                player=w.who(source),
                coins=coins,
                change=coins_text(got),
            )
        ]
    if key == "loot" and source in ("field5", "field6"):
        rest = _left(w, i + 1, source)
        if rest is None:
            return [
                Message(
                    "{player} takes the gold from field {field} as the Black Knight: {coins}.",
                    player=w.who(target),
                    coins=coins,
                    field=source.removeprefix("field"),
                )
            ]
        return [
            Message(
                "{player} takes the gold from field {field} as the Black Knight: {coins}; left on the field: {rest}.",
                player=w.who(target),
                coins=coins,
                field=source.removeprefix("field"),
                rest=rest,
            )
        ]
    if key == "raid":
        return [
            Message(
                "{player} takes all of {victim}'s coins: {coins}.",
                player=w.who(target),
                victim=w.who(source),
                coins=coins,
            )
        ]
    if key == "offer":
        return [
            Message(
                "{player} pays {other} {coins} for the accepted offer.",
                player=w.who(source),
                other=w.who(target),
                coins=coins,
            )
        ]
    return [
        Message(
            "{coins} from {source} to {target}: {reason}.",
            coins=Cap(coins),
            source=_place(w, source),
            target=_place(w, target),
            reason=e["reason"],
        )
    ]


def _shares(w: _Walk, i: int, e: dict, field: str) -> list[Text]:
    """One line for the shares of field 5 or 6: a lone taker takes everything there; several say
    what each takes and, with the view, what is left on the field."""
    same = [i] + w.later(i, lambda x: x["type"] == "coins-moved" and x["reason"] == e["reason"])
    w.done.update(same)
    takers = [w.events[j]["target"] for j in same]
    coins = coins_text(e["coins"])
    if len(takers) == 1:
        return [
            Message(
                "{player} takes everything on field {field} alone: {coins}.",
                player=w.who(takers[0]),
                coins=coins,
                field=field,
            )
        ]
    rest = _left(w, max(same) + 1, e["source"])
    if rest is None:
        return [
            Message(
                "{players} share field {field}: each takes {coins}.",
                players=Cap(w.players(takers)),
                coins=coins,
                field=field,
            )
        ]
    return [
        Message(
            "{players} share field {field}: each takes {coins}; left on the field: {rest}.",
            players=Cap(w.players(takers)),
            coins=coins,
            field=field,
            rest=rest,
        )
    ]


def _left(w: _Walk, i: int, pile: str) -> Text | None:
    """What lies on a field just before event ``i``; None without the view or when it is empty."""
    counted = {kind: w.count_before(i, pile, kind) for kind in KINDS}
    if any(v is None for v in counted.values()) or not any(counted.values()):
        return None
    return coins_text({kind: n for kind, n in counted.items() if n is not None})


def _held(w: _Walk, i: int, player: str, kind: str) -> Text:
    held = w.count_before(i, player, kind)
    if held is None:
        return Message("8 or more {coin}", coin=Word(kind))
    return coins_text({kind: held})


def _tax_due(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "{player} owes royal tax on {coin}: {held} reached.",
            player=w.who(e["player"]),
            coin=Word(e["kind"]),
            held=_held(w, i, e["player"], e["kind"]),
        )
    ]


def _tax_settled(w: _Walk, i: int, e: dict) -> list[Text]:
    player, kind = e["player"], e["kind"]
    if e["waived"]:
        return [Message("A Gift cancels {player}'s royal tax on {coin}.", player=w.who(player), coin=Word(kind))]
    paid = f"royal tax on {kind}"
    if any(x["type"] == "coins-moved" and x["source"] == player and x["reason"] == paid for x in w.events[:i]):
        return []
    return [
        Message(
            "{player} owes no royal tax on {coin} any more: fewer than 8 now.", player=w.who(player), coin=Word(kind)
        )
    ]


def _handed_over(w: _Walk, i: int, e: dict) -> list[Text]:
    parts = []
    if any(e["coins"].get(kind) for kind in KINDS):
        parts.append(coins_text(e["coins"]))
    if e["walls"] or e["towers"]:
        parts.append(_pieces(e["walls"], e["towers"]))
    what = Join(*parts) if parts else Message("nothing")
    source, target = e["source"], e["target"]
    why: Text | None = None
    if e.get("document"):
        why = Message("the document {document}", document=w.name(e["document"]))
    elif e.get("promise"):
        why = Message("the promised loot")
    if target == "sack":
        if why is None:
            return [Message("{player} puts {what} in the sack.", player=w.who(source), what=what)]
        return [Message("{player} puts {what} in the sack: {why}.", player=w.who(source), what=what, why=why)]
    if target == "supply":
        if why is None:
            return [Message("{player} returns {what} to the supply.", player=w.who(source), what=what)]
        return [Message("{player} returns {what} to the supply: {why}.", player=w.who(source), what=what, why=why)]
    if source == "sack":
        if why is None:
            return [Message("{player} takes {what} from the sack.", player=w.who(target), what=what)]
        return [Message("{player} takes {what} from the sack: {why}.", player=w.who(target), what=what, why=why)]
    if source == "supply":
        if why is None:
            return [Message("{player} takes {what} from the supply.", player=w.who(target), what=what)]
        return [Message("{player} takes {what} from the supply: {why}.", player=w.who(target), what=what, why=why)]
    if why is None:
        return [Message("{player} hands {what} to {other}.", player=w.who(source), what=what, other=w.who(target))]
    return [
        Message(
            "{player} hands {what} to {other}: {why}.", player=w.who(source), what=what, other=w.who(target), why=why
        )
    ]


# ------------------------------------------------------------------------------- field 4


def _pieces_moved(w: _Walk, i: int, e: dict) -> list[Text]:
    key = (classify("piece-moved", e["reason"]) or ("", ()))[0]
    same = [i] + w.later(
        i,
        lambda x: (
            x["type"] == "piece-moved"
            and (x["source"], x["target"], x["reason"]) == (e["source"], e["target"], e["reason"])
        ),
    )
    w.done.update(same)
    walls = sum(1 for j in same if w.events[j]["piece"] == "wall")
    pieces = _pieces(walls, len(same) - walls)
    source, target = e["source"], e["target"]
    if key == "raid":
        return [
            Message(
                "{player} takes {pieces} from {victim}'s castle.",
                player=w.who(target),
                pieces=pieces,
                victim=w.who(source),
            )
        ]
    if key == "offer":
        return [
            Message(
                "{player} gives {other} {pieces} for the accepted offer.",
                player=w.who(source),
                other=w.who(target),
                pieces=pieces,
            )
        ]
    return [
        Message(
            "{pieces} from {source}'s castle to {target}'s: {reason}.",
            pieces=Cap(pieces),
            source=w.who(source),
            target=w.who(target),
            reason=e["reason"],
        )
    ]


def _imprisoned(w: _Walk, i: int, e: dict) -> list[Text]:
    n = len(e["players"])
    players = Cap(w.players(e["players"])) if n == 1 else w.players(e["players"])
    key = (classify("knights-imprisoned", e["reason"]) or ("", ()))[0]
    if key == "three":
        return [
            Plural(
                "{players}'s Black Knight goes to the dungeon: three or more Black Knights.",
                "The Black Knights of {players} go to the dungeon: three or more Black Knights.",
                n,
                players=players,
            )
        ]
    if key == "seen":
        return [
            Plural(
                "{players}'s Black Knight goes to the dungeon: the Black Knight was seen.",
                "The Black Knights of {players} go to the dungeon: the Black Knight was seen.",
                n,
                players=players,
            )
        ]
    if key == "tie":
        return [
            Plural(
                "{players}'s Black Knight goes to the dungeon: equal duel rolls.",
                "The Black Knights of {players} go to the dungeon: equal duel rolls.",
                n,
                players=players,
            )
        ]
    if key == "lost":
        return [
            Plural(
                "{players}'s Black Knight goes to the dungeon: lost the duel.",
                "The Black Knights of {players} go to the dungeon: lost the duel.",
                n,
                players=players,
            )
        ]
    if key == "no-offer":
        return [
            Plural(
                "{players}'s Black Knight goes to the dungeon: neither knight made an offer.",
                "The Black Knights of {players} go to the dungeon: neither knight made an offer.",
                n,
                players=players,
            )
        ]
    return [
        Plural(
            "{players}'s Black Knight goes to the dungeon: {reason}.",
            "The Black Knights of {players} go to the dungeon: {reason}.",
            n,
            players=players,
            reason=e["reason"],
        )
    ]


def _in_dungeon(w: _Walk, i: int, e: dict) -> list[Text]:
    n = len(e["players"])
    players = Cap(w.players(e["players"])) if n == 1 else w.players(e["players"])
    return [
        Plural(
            "{players}'s Black Knight sits in the dungeon after a correction and does not act.",
            "The Black Knights of {players} sit in the dungeon after a correction and do not act.",
            n,
            players=players,
        )
    ]


def _ransomed(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("{player}'s Black Knight leaves the dungeon.", player=w.who(e["player"]))]


def _knight_started(w: _Walk, i: int, e: dict) -> list[Text]:
    stage, knights = e["stage"], Cap(w.players(e["knights"]))
    if stage == "act" and e.get("actor"):
        return [Message("{player} is the Black Knight: the only one on field 4.", player=w.who(e["actor"]))]
    if stage == "duel":
        return [Message("{players} duel for the Black Knight: both roll the number die.", players=knights)]
    if stage == "haggle-roll":
        return [
            Message(
                "{players} haggle for the Black Knight; equal castles: a roll decides who names the first offerer.",
                players=knights,
            )
        ]
    if stage == "choose-first" and e.get("decider"):
        return [
            Message(
                "{players} haggle for the Black Knight; {decider} has the smaller castle and names who offers first.",
                players=knights,
                decider=w.who(e["decider"]),
            )
        ]
    return []


def _die_rolled(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("{player} rolls {value}.", player=w.who(e["player"]), value=e["value"])]


def _rolls_tied(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("Equal rolls: both roll again.")]


def _duel_won(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("{player} wins the duel and is the Black Knight.", player=w.who(e["winner"]))]


def _decider_chosen(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("{player} rolled higher and names who offers first.", player=w.who(e["decider"]))]


def _first_offerer(w: _Walk, i: int, e: dict) -> list[Text]:
    if e["decider"] == e["offerer"]:
        return [Message("{player} offers first.", player=w.who(e["offerer"]))]
    return [
        Message("{decider} names {player} to offer first.", decider=w.who(e["decider"]), player=w.who(e["offerer"]))
    ]


def _offer_made(w: _Walk, i: int, e: dict) -> list[Text]:
    offer = e["offer"]
    return [Message("{player} offers {offer}.", player=w.who(offer["by"]), offer=offer_text(offer))]


def _offer_declined(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("{player} makes no offer.", player=w.who(e["player"]))]


def _offer_rejected(w: _Walk, i: int, e: dict) -> list[Text]:
    offer = e["offer"]
    return [
        Message(
            "{player} rejects {other}'s offer of {offer}.",
            player=w.who(e["player"]),
            other=w.who(offer["by"]),
            offer=offer_text(offer),
        )
    ]


def _offer_accepted(w: _Walk, i: int, e: dict) -> list[Text]:
    offer = e["offer"]
    return [
        Message(
            "{player} accepts {other}'s offer of {offer}: {other} is the Black Knight.",
            player=w.who(e["player"]),
            other=w.who(offer["by"]),
            offer=offer_text(offer),
        )
    ]


def _offer_payment_due(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "{player} now pays {other} {ducats} for the accepted offer.",
            player=w.who(e["player"]),
            other=w.who(e["to"]),
            ducats=_ducats(e["ducats"]),
        )
    ]


def _loot_promise_due(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "{player} now hands {other} all, part or none of the promised {ducats} from the loot.",
            player=w.who(e["player"]),
            other=w.who(e["to"]),
            ducats=_ducats(e["ducats"]),
        )
    ]


def _loot_kept(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "{player} keeps the loot and hands over none of the promised {ducats}.",
            player=w.who(e["player"]),
            ducats=_ducats(e["promised"]),
        )
    ]


def _knight_acted(w: _Walk, i: int, e: dict) -> list[Text]:
    action, player = e["action"], e["player"]
    if action == "pass":
        return [Message("{player} passes as the Black Knight.", player=w.who(player))]
    if action in ("field5", "field6"):
        loot = w.later(i, lambda x: x["type"] == "coins-moved" and x["source"] == action and x["target"] == player)
        if loot:
            return []  # the loot line says it
        rest = _left(w, i + 1, action)
        if rest is None:
            return [
                Message(
                    "{player} chooses field {field} as the Black Knight: it holds no gold.",
                    player=w.who(player),
                    field=action.removeprefix("field"),
                )
            ]
        return [
            Message(
                "{player} chooses field {field} as the Black Knight: it holds no gold; left on the field: {rest}.",
                player=w.who(player),
                field=action.removeprefix("field"),
                rest=rest,
            )
        ]
    return []  # a raid: the roll of the special die says it


def _raid_rolled(w: _Walk, i: int, e: dict) -> list[Text]:
    raider, victim = e["player"], e["victim"]
    if e["symbol"] == "sack":
        out: list[Text] = [
            Message(
                "{player} raids {victim}: the special die shows the sack.", player=w.who(raider), victim=w.who(victim)
            )
        ]
        if not w.later(i, lambda x: x["type"] == "coins-moved" and x["reason"] == "raid"):
            out.append(Message("{victim} holds no coins: the raid takes nothing.", victim=w.who(victim)))
        return out
    out = [
        Message(
            "{player} raids {victim}: the special die shows the castle.", player=w.who(raider), victim=w.who(victim)
        )
    ]
    if not w.later(i, lambda x: x["type"] in ("piece-moved", "raid-piece-wanted")):
        out.append(
            Message(
                "The raid takes nothing: {victim} has no piece that {player}'s castle has room for.",
                victim=w.who(victim),
                player=w.who(raider),
            )
        )
    return out


def _raid_piece_wanted(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "{player} chooses a wall or a tower from {victim}.", player=w.who(e["player"]), victim=w.who(e["victim"])
        )
    ]


def _silent(w: _Walk, i: int, e: dict) -> list[Text]:
    return []


Handler = Callable[[_Walk, int, dict], list[Text]]

HANDLERS: dict[str, Handler] = {
    "ducats-placed": _ducats_placed,
    "actions-chosen": _actions_chosen,
    "document-played": _document_played,
    "document-applied": _document_applied,
    "hand-corrected": _hand_corrected,
    "documents-revealed": _documents_revealed,
    "actions-revealed": _actions_revealed,
    "field-opened": _field_opened,
    "field-closed": _silent,
    "coins-moved": _coins_moved,
    "pieces-built": _pieces_built,
    "piece-moved": _pieces_moved,
    "deck-reshuffled": _deck_reshuffled,
    "document-drawn": _document_drawn,
    "player-done": _player_done,
    "player-passed-over": _passed_over,
    "knights-imprisoned": _imprisoned,
    "knights-in-dungeon": _in_dungeon,
    "knight-ransomed": _ransomed,
    "knight-started": _knight_started,
    "die-rolled": _die_rolled,
    "rolls-tied": _rolls_tied,
    "duel-won": _duel_won,
    "decider-chosen": _decider_chosen,
    "first-offerer-chosen": _first_offerer,
    "offer-made": _offer_made,
    "offer-declined": _offer_declined,
    "offer-rejected": _offer_rejected,
    "offer-accepted": _offer_accepted,
    "offer-payment-due": _offer_payment_due,
    "offer-paid": _silent,
    "loot-promise-due": _loot_promise_due,
    "loot-kept": _loot_kept,
    "handed-over": _handed_over,
    "knight-acted": _knight_acted,
    "raid-rolled": _raid_rolled,
    "raid-piece-wanted": _raid_piece_wanted,
    "knight-finished": _silent,
    "royal-tax-due": _tax_due,
    "royal-tax-settled": _tax_settled,
    "round-end-awaited": _round_end_awaited,
    "round-ended": _round_ended,
    "game-ended": _game_ended,
    "victory-judged-again": _victory_judged_again,
    "corrected": _corrected,
}
