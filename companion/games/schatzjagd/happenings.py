"""What just happened in Schatzjagd: the lines the table reads after a command.

``lines(events, after=view)`` takes the engine's *public* events of one command
(``GAME.public_event``, as :class:`companion.table.notices.Happened` carries them: dicts with a
``"type"``) and gives catalogue texts (:mod:`companion.i18n`), rendered in the table's language
when shown. The words of values, places and cards are the table words'
(:mod:`companion.games.schatzjagd.table_words`): Gulden, places as datives in German.

One line per thing a player should notice, the consequences folded into the line of the event
they belong to:

- the journey: the die and where the henchman stopped (a field, a shop of the city, a castle),
  the night before the walls, a stay, the walls opened after that night; the teleportal's die and
  where it set the henchman down (a 1: it vanishes in the portal);
- a card turned up, by its type and printed numbers (``the weapon +3``, ``the monster (power 8,
  reward gold+4)``, a potion's or trap's effects, a special's name) and what it did: the values it
  changed, a spell or map taken into the hand, a special that stays, a monster that attacks;
- every change of a value as the value reached, and what the limits of 0 and 15 swallowed
  (``gold to 15 (2 lost above 15)``); poison's daily loss at the start of a turn, with why;
- fights exchange by exchange: both blows as power + die, who loses how much life and how much is
  left (a monster's out of its 15), equal blows, the weapons worn; a flight with the opponent's
  last blow against the fleeing henchman's power; the monster slain and its reward, the treasures
  it guarded;
- a death with its cause, the hand cards discarded unseen, the treasures and the gold taken by
  the killer or left on the place (guarded by the monster that killed), the new henchman at home;
- the city's shops with their price, treasures picked up, dug and hidden (counted: "a treasure",
  never a kind), the plunder's day of search and its die (found or nothing, never the kind), a
  special card used, a spell cast (on whom, its effects and what they did), cards drawn, the
  reshuffle, Grandlin's catharsis (its start, each card taken off the board or a pass), the next
  turn and its day, a victory, and corrections by hand with the table's reason.

Secrets stay secret (rule 13.4, no notes): a card slotted face down is only "a card face down":
no field, no card, whatever the event holds; no card is ever named by an id (a card on the board
is named by its field when the event gives one); a treasure's kind is never named. The events are
read with ``.get`` so that both shapes of the engine's events are understood: with the board
card's ``card`` id (never shown) or with its ``field``; a monster as its card id or as ``monster:
true``; dropped treasures with their ``guard`` or as ``guarded``.

No line of its own (folded into another line, or bookkeeping the other lines say):
``card-discarded`` (the card turned up, the monster slain, the special used up, the card taken off
in the catharsis), ``card-taken`` (the spell or map turned up), ``fight-ended`` for a flight or a
death (the flight's and the death's lines), ``fight-began`` right after the monster was turned up,
``counter-changed`` after the event that caused it, the death's own events, the death line of a
henchman that vanished in the teleportal, and ``turn-ended`` (the next turn's line).

``after`` (optional): the public view after the command. With it, the lines name who the opponent
in an exchange or a flight was where the events alone do not say, the powers of a challenge, a
monster's power when it attacks again, the special card's name, the treasures hidden and what the
catharsis freed; without it (the game log) they say "the opponent" and leave the rest out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games.schatzjagd.table_words import card_words, effect_words, place_words, value_to, walls_words
from companion.games.walk import Event, Walk, told
from companion.i18n import Join, Message, Plural, Text, Word
from engines.schatzjagd.rules import HIGH, MONSTER_LIFE, SHOPS, castle_colour, in_city, parse_effect
from engines.schatzjagd.state import BoardCard

MONSTER = "monster"  # the opponent in a fight with a monster


# ------------------------------------------------------------------------------- the walk


class _Walk(Walk):
    """The events of one command, with where the henchmen stand and the cards lie."""

    def place_of(self, i: int, colour: str) -> str | None:
        """Where ``colour``'s henchman stands at event ``i``: where this command's events put it,
        where it died, or where the view after the command has it."""
        for x in reversed(self.events[:i]):
            if x.get("player") != colour:
                continue
            if x["type"] in ("travelled", "teleported", "relocated") and x.get("to"):
                return x["to"]
            if x["type"] == "henchman-restarted":
                return f"castle-{colour}"
        for x in self.events[i:]:
            if x["type"] == "henchman-died" and x.get("player") == colour:
                return x.get("place")
        p = self.player(colour)
        return p.get("place") if p else None

    def board_card(self, field: str | None) -> Mapping[str, Any] | None:
        """The face-up card on ``field`` in the view after the command, if there is one."""
        if self.after is None or field is None:
            return None
        return next(
            (c for c in self.after.get("board", ()) if c.get("field") == field and not c.get("face_down")), None
        )


def lines(
    events: Sequence[Event], *, after: Mapping[str, Any] | None = None, people: Mapping[str, str | None] | None = None
) -> list[Text]:
    """The lines the table reads for the public events of one command (see the module's text);
    ``people``: the players' given names where there is no view after (the game log)."""
    return told(_Walk(events, after, people), HANDLERS)


# ------------------------------------------------------------------------------- words


def _where(place: str | None) -> Text:
    """``on C7``, ``in red's castle``, ``at the inn`` (German: ``bei C7``, ``in der Burg von Rot``,
    ``bei dem Gasthaus``), or the henchman's field when the place is not known."""
    if not place:
        return Message("on the henchman's field")
    if place in SHOPS:
        return Message("at {place}", place=place_words(place))
    if in_city(place) or castle_colour(place):
        return Message("in {place}", place=place_words(place))
    return Message("on {place}", place=place_words(place))


def _field(e: Mapping[str, Any]) -> str | None:
    """The board card's field an event names (the newer events' ``field``), never its id."""
    field = e.get("field")
    return field if isinstance(field, str) and field else None


def _is_monster(e: Mapping[str, Any]) -> bool:
    """A fight or a death with a monster: ``monster`` is its card id or ``true``."""
    return bool(e.get("monster"))


def _effects(effects: Sequence[Any]) -> Join:
    return Join(*(effect_words(parse_effect(str(x))) for x in effects), last=False)


def _card(e: Mapping[str, Any]) -> Text:
    """A card turned up, by its type and printed numbers (the table words' ``the weapon +3``)."""
    card = BoardCard(
        id=0,
        field=_field(e) or "",
        owner="",
        kind=e.get("kind"),
        value=e.get("value") or 0,
        effects=tuple(parse_effect(str(x)) for x in e.get("effects") or ()),
        name=e.get("name") or "",
    )
    return card_words(card)


def _lost(e: Mapping[str, Any]) -> int:
    return int(e.get("lost") or 0)


def change_words(e: Mapping[str, Any]) -> Text:
    """A value changed, as the value reached, with what the limits swallowed:
    ``gold to 15 (2 lost above 15)``, ``life to 0 (3 lost below 0)``."""
    reached = value_to(e["counter"], e["new"])
    lost = _lost(e)
    if not lost:
        return reached
    if e["new"] >= HIGH:
        return Plural("{change} ({n} lost above 15)", "{change} ({n} lost above 15)", lost, change=reached)
    return Plural("{change} ({n} lost below 0)", "{change} ({n} lost below 0)", lost, change=reached)


def _changes(changed: Sequence[Mapping[str, Any]]) -> Text:
    """The values a card, a spell or a reward changed; "nothing changes" when none."""
    if not changed:
        return Message("nothing changes")
    return Join(*(change_words(x) for x in changed))


def _loss(e: Mapping[str, Any]) -> int:
    """The life a henchman lost in a change (what the limit swallowed included)."""
    return e["old"] - e["new"] + _lost(e)


def _is_change(*causes: str, player: str | None = None) -> Callable[[dict[str, Any]], bool]:
    def test(x: dict[str, Any]) -> bool:
        return (
            x["type"] == "counter-changed"
            and x.get("cause") in causes
            and (player is None or x.get("player") == player)
        )

    return test


# ------------------------------------------------------------------------------- the journey


def _travelled(w: _Walk, i: int, e: dict) -> list[Text]:
    who, die, to, origin, before = w.who(e["player"]), e["die"], e["to"], e.get("origin"), e.get("before")
    where = _where(to)
    if to == origin:
        if before:
            return [
                Message(
                    "{player} rolls {die}: the henchman stays {where}, before {walls}.",
                    player=who,
                    die=die,
                    where=where,
                    walls=walls_words(before),
                )
            ]
        return [Message("{player} rolls {die}: the henchman stays {where}.", player=who, die=die, where=where)]
    if before:
        return [
            Message(
                "{player} rolls {die}: the henchman stops {where}, before {walls}, and spends the night there.",
                player=who,
                die=die,
                where=where,
                walls=walls_words(before),
            )
        ]
    rival = castle_colour(to) not in (None, e["player"])
    if (in_city(to) and not in_city(origin or "")) or rival:
        return [
            Message(
                "{player} rolls {die}: after its night before the walls the henchman is let in and stops {where}.",
                player=who,
                die=die,
                where=where,
            )
        ]
    return [Message("{player} rolls {die}: the henchman stops {where}.", player=who, die=die, where=where)]


def _teleported(w: _Walk, i: int, e: dict) -> list[Text]:
    who, origin, to, before = w.who(e["player"]), e.get("origin"), e.get("to"), e.get("before")
    if not to:
        return [
            Message(
                "{player}'s henchman steps into the teleportal {where} and rolls 1: it vanishes in the portal.",
                player=w.who(e["player"]),
                where=_where(origin),
            )
        ]
    if before:
        return [
            Message(
                "{player}'s henchman steps into the teleportal {where}, rolls {die} and lands on {place}, "
                "before {walls}.",
                player=who,
                where=_where(origin),
                die=e["die"],
                place=place_words(to),
                walls=walls_words(before),
            )
        ]
    return [
        Message(
            "{player}'s henchman steps into the teleportal {where}, rolls {die} and lands on {place}.",
            player=who,
            where=_where(origin),
            die=e["die"],
            place=place_words(to),
        )
    ]


def _relocated(w: _Walk, i: int, e: dict) -> list[Text]:
    who, to, before = w.who(e["player"]), e["to"], e.get("before")
    if before:
        return [
            Message(
                "Moved by hand: {player}'s henchman stands {where}, before {walls} ({reason}).",
                player=who,
                where=_where(to),
                walls=walls_words(before),
                reason=e.get("reason", ""),
            )
        ]
    return [
        Message(
            "Moved by hand: {player}'s henchman stands {where} ({reason}).",
            player=who,
            where=_where(to),
            reason=e.get("reason", ""),
        )
    ]


# ------------------------------------------------------------------------------- cards on the board


def _revealed(w: _Walk, i: int, e: dict) -> list[Text]:
    colour, kind = e["player"], e.get("kind")
    who, card = w.who(colour), _card(e)
    where = _where(_field(e) or w.place_of(i, colour))
    taken = w.take(
        i,
        lambda x: (
            x["type"] in ("card-discarded", "card-taken")
            or (x["type"] == "fight-began" and _is_monster(x))
            or _is_change(kind or "")(x)
        ),
    )
    if kind == "monster":
        began = next((x for x in taken if x["type"] == "fight-began"), None)
        life = began.get("monster_life", MONSTER_LIFE) if began else MONSTER_LIFE
        return [
            Message(
                "{player} turns up the card {where}: {card}. It attacks at once, with {life} life.",
                player=who,
                where=where,
                card=card,
                life=life,
            )
        ]
    if kind in ("spell", "map"):
        return [
            Message(
                "{player} turns up the card {where}: {card}; it goes into {owner}'s hand.",
                player=who,
                where=where,
                card=card,
                owner=w.who(colour),
            )
        ]
    if kind == "special":
        return [
            Message(
                "{player} turns up the card {where}: {card}; it stays on its field.", player=who, where=where, card=card
            )
        ]
    changed = [x for x in taken if x["type"] == "counter-changed"]
    out: list[Text] = [
        Message(
            "{player} turns up the card {where}: {card}; {changes}.",
            player=who,
            where=where,
            card=card,
            changes=_changes(changed),
        )
    ]
    out += _weaker_poison(w, colour, e.get("effects") or (), changed)
    return out


def _weaker_poison(w: _Walk, colour: str, effects: Sequence[Any], changed: Sequence[Mapping[str, Any]]) -> list[Text]:
    """A poisoning that changed nothing: the stronger one already running stays (said with the view)."""
    poisons = [parse_effect(str(x)) for x in effects]
    if not any(p.counter == "poison" and p.amount for p in poisons):
        return []
    if any(x.get("counter") == "poison" for x in changed):
        return []
    p = w.player(colour)
    if not p or not p.get("poison"):
        return []
    return [
        Plural(
            "The poison already running is stronger: {n} life a day stays.",
            "The poison already running is stronger: {n} life a day stays.",
            p["poison"],
        )
    ]


def _discarded(w: _Walk, i: int, e: dict) -> list[Text]:
    field = _field(e)
    if field:
        return [Message("The card {where} goes to the discard pile.", where=_where(field))]
    return [Message("A card from the board goes to the discard pile.")]


def _card_taken(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "{player} takes the card {where} into the hand.",
            player=w.who(e["player"]),
            where=_where(_field(e) or w.place_of(i, e["player"])),
        )
    ]


def _placed(w: _Walk, i: int, e: dict) -> list[Text]:
    # who slotted it, never which card or where (rule 13.4, no notes), whatever the event holds
    return [Message("{player} slots a card face down into a field.", player=w.who(e["player"]))]


def _special_used(w: _Walk, i: int, e: dict) -> list[Text]:
    colour = e["player"]
    field = _field(e) or w.place_of(i, colour)
    taken = w.take(i, lambda x: x["type"] == "card-discarded" or _is_change("special")(x))
    shown = w.board_card(field)
    card = _card({"kind": "special", "name": shown.get("name", "")}) if shown else Word("the special card")
    changes = _changes([x for x in taken if x["type"] == "counter-changed"])
    if any(x["type"] == "card-discarded" for x in taken):
        return [
            Message(
                "{player} uses {card} {where}; it is used up and goes to the discard pile: {changes}.",
                player=w.who(colour),
                card=card,
                where=_where(field),
                changes=changes,
            )
        ]
    return [
        Message(
            "{player} uses {card} {where}: {changes}.",
            player=w.who(colour),
            card=card,
            where=_where(field),
            changes=changes,
        )
    ]


def _spell(w: _Walk, i: int, e: dict) -> list[Text]:
    target, effects = e.get("target", ""), _effects(e.get("effects") or ())
    who = w.who(e["player"])
    if target == MONSTER:
        wounded = w.take(i, lambda x: x["type"] == "monster-wounded")
        if wounded:
            left = Message("the monster's life to {left} of 15", left=wounded[-1]["new"])
        else:
            left = Message("nothing changes")
        return [
            Message("{player} casts a spell on the monster: {effects}; {left}.", player=who, effects=effects, left=left)
        ]
    changed = w.take(i, _is_change("spell", player=target))
    line = Message(
        "{player} casts a spell on {target}'s henchman: {effects}; {changes}.",
        player=who,
        target=w.who(target),
        effects=effects,
        changes=_changes(changed),
    )
    return [line, *_weaker_poison(w, target, e.get("effects") or (), changed)]


# ------------------------------------------------------------------------------- fights


def _fight_began(w: _Walk, i: int, e: dict) -> list[Text]:
    colour = e["player"]
    if not _is_monster(e) and e.get("opponent"):
        other = e["opponent"]
        me, them = w.player(colour), w.player(other)
        if me and them:
            return [
                Message(
                    "{player}'s henchman attacks {other}'s (power {power} against {other_power}).",
                    player=w.who(colour),
                    other=w.who(other),
                    power=me.get("power"),
                    other_power=them.get("power"),
                )
            ]
        return [Message("{player}'s henchman attacks {other}'s.", player=w.who(colour), other=w.who(other))]
    field = _field(e) or w.place_of(i, colour)
    life = e.get("monster_life") or MONSTER_LIFE
    fight = (w.after or {}).get("fight") or {}
    power = fight.get("monster_power") if fight.get("henchman") == colour else None
    if power is None:
        card = w.board_card(field)
        power = card.get("value") if card and card.get("kind") == "monster" else None
    if power:
        return [
            Message(
                "The monster {where} attacks {player}'s henchman at once: power {power}, {life} life.",
                where=_where(field),
                player=w.who(colour),
                power=power,
                life=life,
            )
        ]
    return [
        Message(
            "The monster {where} attacks {player}'s henchman at once, with {life} life.",
            where=_where(field),
            player=w.who(colour),
            life=life,
        )
    ]


def _opponent(w: _Walk, i: int, e: dict) -> str | None:
    """Who fought ``e``'s henchman in an exchange: a colour, :data:`MONSTER`, or None if unknown."""
    colour = e["player"]
    if e.get("opponent"):
        return e["opponent"]
    if _is_monster(e):
        return MONSTER
    for x in w.ahead(i, ("exchanged", "fled", "travelled", "turn-began")):
        kind = x["type"]
        if kind == "counter-changed" and x.get("cause") in ("fight", "wear") and x.get("player") != colour:
            return x["player"]
        if kind == "monster-wounded" or (kind == "fight-ended" and x.get("reason") == "slain"):
            return MONSTER
        if kind == "henchman-died" and x.get("player") == colour:
            return x.get("killer") or (MONSTER if _is_monster(x) else None)
        if kind == "henchman-died":
            return x.get("player")
    fight = (w.after or {}).get("fight")
    if fight and fight.get("henchman") == colour:
        return fight.get("opponent") or MONSTER
    return None


def _striker(w: _Walk, i: int, e: dict) -> str | None:
    """Who struck the last blow at ``e``'s fleeing henchman: a colour, :data:`MONSTER`, or None."""
    colour = e["player"]
    if e.get("opponent"):
        return e["opponent"]
    if _is_monster(e):
        return MONSTER
    for x in w.ahead(i, ("exchanged", "fled", "travelled", "turn-began")):
        if x["type"] == "card-turned-down":
            return MONSTER
        if x["type"] == "counter-changed" and x.get("cause") == "wear" and x.get("player") != colour:
            return x["player"]
        if x["type"] == "henchman-died" and x.get("player") == colour:
            return x.get("killer") or (MONSTER if _is_monster(x) else None)
    after = w.after
    if after is None:
        return None
    current = after.get("current")
    if current and current != colour:
        return current  # a rival's henchman fights only the current henchman, which challenged it
    place = w.place_of(i, colour)
    card = w.board_card(place)
    if card and card.get("kind") == "monster":
        return MONSTER  # an older play: a monster fled from stayed on its field, turned up
    challenged = (after.get("turn") or {}).get("challenged") or ()
    return challenged[-1] if challenged else None


def _blow(w: _Walk, side: str | None, blow: int, die: int) -> Text:
    """``red 11 (6 + 5)``: the blow as power + die."""
    if side == MONSTER:
        return Message("the monster {blow} ({power} + {die})", blow=blow, power=blow - die, die=die)
    if side is None:
        return Message("the opponent {blow} ({power} + {die})", blow=blow, power=blow - die, die=die)
    return Message("{player} {blow} ({power} + {die})", player=w.who(side), blow=blow, power=blow - die, die=die)


def _life_lost(w: _Walk, side: str | None, change: Mapping[str, Any] | None, n: int) -> Text:
    """``blue loses 4 life, 11 left`` (with what the limit swallowed)."""
    who = w.who(side) if side else Message("the opponent")
    if change is None:
        return Message("{player} loses {loss} life", player=who, loss=n)
    lost = _lost(change)
    if lost:
        return Plural(
            "{player} loses {loss} life, {left} left ({n} lost below 0)",
            "{player} loses {loss} life, {left} left ({n} lost below 0)",
            lost,
            player=who,
            loss=_loss(change),
            left=change["new"],
        )
    return Message("{player} loses {loss} life, {left} left", player=who, loss=_loss(change), left=change["new"])


def _worn(w: _Walk, changed: Sequence[Mapping[str, Any]]) -> list[Text]:
    wear = [x for x in changed if x.get("cause") == "wear"]
    if not wear:
        return []
    return [Message("Weapons wear by 1 point: {players}.", players=Join(*(_worn_to(w, x) for x in wear)))]


def _worn_to(w: _Walk, e: Mapping[str, Any]) -> Message:
    return Message("{player} to {value}", player=w.who(e["player"]), value=e["new"])


def _exchanged(w: _Walk, i: int, e: dict) -> list[Text]:
    colour = e["player"]
    other = _opponent(w, i, e)
    taken = w.take(i, lambda x: x["type"] == "monster-wounded" or _is_change("fight", "wear")(x))
    mine = _blow(w, colour, e["blow"], e["die"])
    theirs = _blow(w, other, e["opponent_blow"], e["opponent_die"])
    blow, opponent_blow = e["blow"], e["opponent_blow"]
    lives = [x for x in taken if x.get("cause") == "fight"]
    if blow == opponent_blow:
        result: Text = Message("equal blows, nobody is wounded")
    elif opponent_blow > blow:
        change = next((x for x in lives if x.get("player") == colour), None)
        result = _life_lost(w, colour, change, opponent_blow - blow)
    elif other == MONSTER or any(x["type"] == "monster-wounded" for x in taken):
        wounded = next((x for x in taken if x["type"] == "monster-wounded"), None)
        if wounded is not None:
            result = Message(
                "the monster loses {n} life, {left} of 15 left", n=blow - opponent_blow, left=wounded["new"]
            )
        else:
            result = Message("the monster loses {n} life", n=blow - opponent_blow)
    else:
        change = next((x for x in lives if x.get("player") != colour), None)
        result = _life_lost(w, other, change, blow - opponent_blow)
    out: list[Text] = [Message("Exchange: {blow} against {other}: {result}.", blow=mine, other=theirs, result=result)]
    return out + _worn(w, taken)


def _fled(w: _Walk, i: int, e: dict) -> list[Text]:
    colour = e["player"]
    striker = _striker(w, i, e)
    taken = w.take(
        i,
        lambda x: (
            (x["type"] == "fight-ended" and x.get("reason") == "flight")
            or x["type"] == "card-turned-down"
            or _is_change("flight", "wear")(x)
        ),
    )
    blow, power, die = e["blow"], e["power"], e["opponent_die"]
    if blow > power:
        change = next((x for x in taken if x.get("cause") == "flight"), None)
        result = _life_lost(w, colour, change, blow - power)
    else:
        result = Message("{player} is not wounded", player=w.who(colour))
    values = {
        "player": w.who(colour),
        "blow": blow,
        "power": blow - die,
        "die": die,
        "fleeing": w.who(colour),
        "fleeing_power": power,
        "result": result,
    }
    if striker == MONSTER:
        line = Message(
            "{player} flees: the monster strikes once more, {blow} ({power} + {die}) against {fleeing}'s power "
            "{fleeing_power}: {result}.",
            **values,
        )
    elif striker is None:
        line = Message(
            "{player} flees: the opponent strikes once more, {blow} ({power} + {die}) against {fleeing}'s power "
            "{fleeing_power}: {result}.",
            **values,
        )
    else:
        line = Message(
            "{player} flees: {striker} strikes once more, {blow} ({power} + {die}) against {fleeing}'s power "
            "{fleeing_power}: {result}.",
            striker=w.who(striker),
            **values,
        )
    slotted = [line for x in taken if x["type"] == "card-turned-down" for line in _turned_down(w, i, x)]
    return [line, *_worn(w, taken), *slotted]


def _turned_down(w: _Walk, i: int, e: dict) -> list[Text]:
    """A monster fled from goes back face down (book 10.3): from now on only a face-down card lies there."""
    field = _field(e)
    if field:
        return [Message("The monster is slotted back into {field} face down.", field=field)]
    return [Message("The monster is slotted back into its field face down.")]


def _monster_wounded(w: _Walk, i: int, e: dict) -> list[Text]:
    return [Message("The monster's life goes to {left} of 15.", left=e["new"])]


def _fight_ended(w: _Walk, i: int, e: dict) -> list[Text]:
    reason = e.get("reason")
    if reason == "flight":
        return [Message("The fight is over: a henchman fled.")]
    if reason == "death":
        return [Message("The fight is over: a henchman died.")]
    # slain: the reward, the treasures it guarded; the card goes to the discard pile
    taken = w.take(i, lambda x: x["type"] in ("treasures-picked-up", "card-discarded") or _is_change("reward")(x))
    winner = next((x.get("player") for x in taken if x.get("player")), None)
    if winner is None:  # the henchman that struck last or whose prince cast the spell: the current one
        winner = next(
            (x.get("player") for x in reversed(w.events[:i]) if x["type"] in ("exchanged", "spell-cast")), None
        )
    reward = [x for x in taken if x["type"] == "counter-changed"]
    out: list[Text]
    if winner and reward:
        out = [
            Message(
                "The monster is slain: {player} wins its reward, {changes}.",
                player=w.who(winner),
                changes=_changes(reward),
            )
        ]
    elif winner:
        out = [Message("The monster is slain by {player}'s henchman.", player=w.who(winner))]
    else:
        out = [Message("The monster is slain.")]
    for x in taken:
        if x["type"] == "treasures-picked-up":
            out.append(
                Plural(
                    "{player} takes the treasure the monster guarded.",
                    "{player} takes the {n} treasures the monster guarded.",
                    _count(x),
                    player=w.who(x["player"]),
                )
            )
    return out


# ------------------------------------------------------------------------------- death


def _count(e: Mapping[str, Any]) -> int:
    """How many treasures an event moves: its ``count`` (public) or its kinds."""
    if "count" in e:
        return int(e["count"])
    return len(e.get("kinds") or ())


def _death_line(w: _Walk, i: int, e: dict) -> list[Text]:
    colour, cause, killer = e["player"], e.get("cause", ""), e.get("killer")
    where = _where(e.get("place"))
    who = w.who(colour)
    if cause == "teleportal":
        portal = [x for x in w.events[:i] if x["type"] == "teleported"]
        if portal and not portal[-1].get("to") and portal[-1].get("player") == colour:
            return []  # the teleportal's line says it vanished
        return [Message("{player}'s henchman vanishes in the teleportal {where}.", player=who, where=where)]
    if cause == "fight" and killer:
        return [
            Message(
                "{player}'s henchman dies {where}, killed by {killer}'s in the fight.",
                player=who,
                where=where,
                killer=w.who(killer),
            )
        ]
    if cause == "fight":
        return [Message("{player}'s henchman dies {where}, killed by the monster.", player=who, where=where)]
    if cause == "flight" and killer:
        return [
            Message(
                "{player}'s henchman dies fleeing {where}, by {killer}'s last blow.",
                player=who,
                where=where,
                killer=w.who(killer),
            )
        ]
    if cause == "flight":
        return [
            Message("{player}'s henchman dies fleeing {where}, by the monster's last blow.", player=who, where=where)
        ]
    if cause == "spell" and killer:
        return [
            Message(
                "{player}'s henchman dies {where}, killed by {killer}'s spell.",
                player=who,
                where=where,
                killer=w.who(killer),
            )
        ]
    if cause == "spell":
        return [Message("{player}'s henchman dies {where} by its own prince's spell.", player=who, where=where)]
    if cause == "trap":
        return [Message("{player}'s henchman dies in the trap {where}.", player=who, where=where)]
    if cause == "potion":
        return [Message("{player}'s henchman dies of the potion {where}.", player=who, where=where)]
    if cause == "special":
        return [Message("{player}'s henchman dies of the special card {where}.", player=who, where=where)]
    if cause == "reward":
        return [Message("{player}'s henchman dies of the monster's reward {where}.", player=who, where=where)]
    if cause == "poison":
        return [Message("{player}'s henchman dies of poison {where}.", player=who, where=where)]
    if cause == "correction":
        return [Message("{player}'s henchman dies {where}: its life was corrected to 0.", player=who, where=where)]
    return [Message("{player}'s henchman dies {where}.", player=who, where=where)]


DEATH = ("fight-ended", "hand-discarded", "treasures-taken", "treasures-dropped", "henchman-restarted")


def _died(w: _Walk, i: int, e: dict, first: list[Text] | None = None) -> list[Text]:
    """The death, then where its treasures lie or who took them and the gold (read first, before
    the cards discarded and the new henchman); ``first``: the death's line told otherwise."""
    colour, killer = e["player"], e.get("killer")
    out = _death_line(w, i, e) if first is None else first
    taken = w.take(
        i,
        lambda x: (
            (x["type"] in DEATH and (x["type"] != "fight-ended" or x.get("reason") == "death")) or _is_change("loot")(x)
        ),
        last="henchman-restarted",
    )
    loot = next((x for x in taken if x["type"] == "counter-changed"), None)
    treasures = next((x for x in taken if x["type"] == "treasures-taken"), None)
    if treasures is not None or loot is not None:
        out.append(_loot(w, colour, treasures, loot, killer))
    for x in taken:
        if x["type"] == "treasures-dropped":
            out += _dropped(w, i, x)
    for x in taken:
        if x["type"] == "hand-discarded":
            out.append(_hand_discarded(w, i, x)[0])
    for x in taken:
        if x["type"] == "henchman-restarted":
            out += _restarted(w, i, x)
    return out


def _loot(
    w: _Walk, dead: str, treasures: Mapping[str, Any] | None, loot: Mapping[str, Any] | None, killer: str | None
) -> Text:
    """What the killer takes: the treasures and all the gold (its purse kept within 15)."""
    taker = killer or (treasures or {}).get("to") or (loot or {}).get("player") or ""
    n = _count(treasures) if treasures is not None else 0
    things = Plural("{n} treasure", "{n} treasures", n)
    if loot is not None:
        gold = loot["new"] - loot["old"] + _lost(loot)
        if n:
            return Message(
                "As the killer, {killer} takes {things} and {gold} gold from {player}'s henchman: {change}.",
                killer=w.who(taker),
                things=things,
                gold=gold,
                player=w.who(dead),
                change=change_words(loot),
            )
        return Message(
            "As the killer, {killer} takes {gold} gold from {player}'s henchman: {change}.",
            killer=w.who(taker),
            gold=gold,
            player=w.who(dead),
            change=change_words(loot),
        )
    return Message(
        "As the killer, {killer} takes {things} from {player}'s henchman.",
        killer=w.who(taker),
        things=things,
        player=w.who(dead),
    )


def _hand_discarded(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Plural(
            "{player}'s card in hand goes to the discard pile unseen.",
            "{player}'s {n} cards in hand go to the discard pile unseen.",
            int(e.get("cards", 0)),
            player=w.who(e["player"]),
        )
    ]


def _treasures_taken(w: _Walk, i: int, e: dict) -> list[Text]:
    loot = w.take(i, _is_change("loot"))
    return [_loot(w, e["player"], e, loot[0] if loot else None, e.get("to"))]


def _dropped(w: _Walk, i: int, e: dict) -> list[Text]:
    guarded = e["guarded"] if "guarded" in e else e.get("guard") is not None
    n, who = _count(e), w.who(e["player"])
    if guarded:
        return [
            Plural(
                "{player}'s treasure stays {where}, guarded by the monster that killed the henchman.",
                "{player}'s {n} treasures stay {where}, guarded by the monster that killed the henchman.",
                n,
                player=who,
                where=_where(e["place"]),
            )
        ]
    return [
        Plural(
            "{player}'s treasure stays {where}, free for anyone to pick up.",
            "{player}'s {n} treasures stay {where}, free for anyone to pick up.",
            n,
            player=who,
            where=_where(e["place"]),
        )
    ]


def _restarted(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "{player}'s new henchman stands in its castle with life 15, 5 gold, strength 2 and no weapons; "
            "it sets out next turn.",
            player=w.who(e["player"]),
        )
    ]


# ------------------------------------------------------------------------------- treasures


def _picked_up(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "{player} picks up {things} {where}.",
            player=w.who(e["player"]),
            things=Plural("{n} treasure", "{n} treasures", _count(e)),
            where=_where(e.get("place")),
        )
    ]


def _dug(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "{player} digs with a map {where} and takes a treasure from the treasure stack.",
            player=w.who(e["player"]),
            where=_where(e.get("field")),
        )
    ]


def _hidden(w: _Walk, i: int, e: dict) -> list[Text]:
    p = w.player(e["player"])
    if p is None or p.get("hidden") is None:
        return [Message("{player} hides a treasure in the own castle.", player=w.who(e["player"]))]
    return [
        Plural(
            "{player} hides a treasure in the own castle; {n} is hidden there now.",
            "{player} hides a treasure in the own castle; {n} are hidden there now.",
            int(p["hidden"]),
            player=w.who(e["player"]),
        )
    ]


def _plundered(w: _Walk, i: int, e: dict) -> list[Text]:
    castle = place_words(e.get("castle", ""))
    who, die, days = w.who(e["player"]), e["die"], e["days"]
    if e.get("kind") is not None:
        return [
            Message(
                "{player} searches {castle} (day {days} of the search) and rolls {die}, not above {days}: "
                "a treasure is found; the count starts again.",
                player=who,
                castle=castle,
                days=days,
                die=die,
            )
        ]
    if die <= days:
        return [
            Message(
                "{player} searches {castle} (day {days} of the search) and rolls {die}: nothing is found, "
                "no treasure is hidden there.",
                player=who,
                castle=castle,
                days=days,
                die=die,
            )
        ]
    return [
        Message(
            "{player} searches {castle} (day {days} of the search) and rolls {die}, above {days}: nothing is found.",
            player=who,
            castle=castle,
            days=days,
            die=die,
        )
    ]


# ------------------------------------------------------------------------------- the city


def _business(w: _Walk, i: int, e: dict) -> list[Text]:
    colour, shop = e["player"], e.get("shop", "")
    changed = w.take(i, _is_change(shop, player=colour))
    by = {x["counter"]: x for x in changed}
    who = w.who(colour)
    gold = by.get("gold")
    price = gold["old"] - gold["new"] if gold is not None else 0
    if shop == "inn":
        return [
            Message(
                "{player}'s henchman washes dishes at the inn for 2 gold: {change}.",
                player=who,
                change=change_words(gold) if gold is not None else Message("nothing changes"),
            )
        ]
    if shop == "school":
        return [
            Message(
                "{player}'s henchman trains at the school for {price} gold: {changes}.",
                player=who,
                price=price,
                changes=_changes([x for x in (by.get("strength"), gold) if x is not None]),
            )
        ]
    if shop == "smith":
        weapons = by.get("weapons")
        points = weapons["new"] - weapons["old"] + _lost(weapons) if weapons is not None else 0
        return [
            Plural(
                "{player}'s henchman buys {n} weapon point from the smith for {price} gold: {changes}.",
                "{player}'s henchman buys {n} weapon points from the smith for {price} gold: {changes}.",
                points,
                player=who,
                price=price,
                changes=_changes([x for x in (weapons, gold) if x is not None]),
            )
        ]
    if shop == "healer":
        parts: list[Text] = []
        cure = by.get("poison")
        heal = price
        if cure is not None:
            parts.append(Message("the poison washed out for 5 gold"))
            heal -= 5
        life = by.get("life")
        if life is not None or heal > 0:
            parts.append(
                Message(
                    "{life} life for {price} gold, {change}",
                    life=3 * heal,
                    price=heal,
                    change=change_words(life) if life is not None else Message("nothing changes"),
                )
            )
        return [
            Message(
                "{player}'s henchman at the healer: {what}; {change}.",
                player=who,
                what=Join(*parts) if parts else Message("nothing changes"),
                change=change_words(gold) if gold is not None else Message("nothing changes"),
            )
        ]
    return [Message("{player}'s henchman does business in the city: {changes}.", player=who, changes=_changes(changed))]


# ------------------------------------------------------------------------------- the turn, the piles


def _turn_began(w: _Walk, i: int, e: dict) -> list[Text]:
    colour = e["player"]
    out: list[Text] = [Message("Day {day}: {player}'s turn.", day=e["day"], player=w.who(colour))]
    for x in w.take(i, _is_change("poison", player=colour)):
        j = next(k for k in range(i + 1, len(w.events)) if w.events[k] is x)
        death = w.events[j + 1] if j + 1 < len(w.events) else {}
        if death.get("type") == "henchman-died" and death.get("cause") == "poison" and j + 1 not in w.done:
            w.done.add(j + 1)  # the poison's line says the death: where the treasures lie comes right after
            line = Message(
                "Poison: {player}'s henchman loses {n} life at the start of its turn, {change}, and dies {where}.",
                player=w.who(colour),
                n=_loss(x),
                change=change_words(x),
                where=_where(death.get("place")),
            )
            out += _died(w, j + 1, death, [line])
            continue
        out.append(
            Message(
                "Poison: {player}'s henchman loses {n} life at the start of its turn, {change}.",
                player=w.who(colour),
                n=_loss(x),
                change=change_words(x),
            )
        )
    return out


def _drawn(w: _Walk, i: int, e: dict) -> list[Text]:
    return [
        Message(
            "{player} draws {cards}.",
            player=w.who(e["player"]),
            cards=Plural("{n} card", "{n} cards", int(e.get("count", 0))),
        )
    ]


def _reshuffled(w: _Walk, i: int, e: dict) -> list[Text]:
    cards = Plural("{n} card", "{n} cards", int(e.get("cards", 0)))
    if any(x["type"] == "card-removed" for x in w.events[:i]):
        return [
            Message(
                "Grandlin's catharsis is over: the discard pile ({cards}) is shuffled into a new draw pile.",
                cards=cards,
            )
        ]
    return [
        Message(
            "The draw pile is empty: the discard pile ({cards}) is shuffled into a new draw pile; "
            "the used maps stay out.",
            cards=cards,
        )
    ]


def _catharsis(w: _Walk, i: int, e: dict) -> list[Text]:
    order = list(e.get("order") or ())
    first = order[0] if order else ""
    rounds = len(order) // max(1, len(set(order)))
    out: list[Text] = [
        Message(
            "The draw pile is used up: Grandlin's catharsis. In {rounds} rounds from {player} on, each prince "
            "takes a card off the board or passes.",
            rounds=rounds,
            player=w.who(first),
        )
    ]
    owed = [(who, n) for who, n in e.get("owed") or () if n]
    if owed:
        out.append(
            Message(
                "Then the discard pile is shuffled and the cards owed are drawn: {owed}.",
                owed=Join(*(_owed(w, who, n) for who, n in owed)),
            )
        )
    return out


def _owed(w: _Walk, colour: str, n: int) -> Message:
    return Message("{player} {n}", player=w.who(colour), n=n)


def _removed(w: _Walk, i: int, e: dict) -> list[Text]:
    who = w.who(e["player"])
    field = _field(e)
    if field is None and e.get("card") is not None:  # an event naming the card by its id only
        return [Message("{player} takes a card off the board.", player=who)]
    if field is None:
        return [Message("{player} passes in Grandlin's catharsis.", player=who)]
    out: list[Text] = [Message("{player} takes the card {where} off the board.", player=who, where=_where(field))]
    if w.after is not None:
        freed = [t for t in w.after.get("loose", ()) if t.get("place") == field and not t.get("guarded")]
        if freed:
            out.append(
                Plural(
                    "Nothing guards the treasure {where} now.",
                    "Nothing guards the {n} treasures {where} now.",
                    len(freed),
                    where=_where(field),
                )
            )
    return out


def _won(w: _Walk, i: int, e: dict) -> list[Text]:
    p = w.player(e["player"])
    if p is None or not p.get("hidden"):
        return [Message("{player} wins the game: the agreed victory is met.", player=w.who(e["player"]))]
    return [
        Plural(
            "{player} wins the game: {n} treasure hidden in the own castle meets the agreed victory.",
            "{player} wins the game: {n} treasures hidden in the own castle meet the agreed victory.",
            int(p["hidden"]),
            player=w.who(e["player"]),
        )
    ]


def _corrected(w: _Walk, i: int, e: dict) -> list[Text]:
    colour, _, counter = str(e.get("counter", "")).partition(".")
    return [
        Message(
            "Corrected by hand for {player}: {change}, was {old} ({reason}).",
            player=w.who(colour),
            change=value_to(counter, e["new"]),
            old=e["old"],
            reason=e.get("reason", ""),
        )
    ]


def _counter_changed(w: _Walk, i: int, e: dict) -> list[Text]:
    """A change no other line has told."""
    return [Message("{player}: {change}.", player=w.who(e["player"]), change=change_words(e))]


def _silent(w: _Walk, i: int, e: dict) -> list[Text]:
    return []


Handler = Callable[[_Walk, int, dict], list[Text]]

HANDLERS: dict[str, Handler] = {
    "counter-changed": _counter_changed,
    "travelled": _travelled,
    "card-revealed": _revealed,
    "card-discarded": _discarded,
    "card-taken": _card_taken,
    "fight-began": _fight_began,
    "exchanged": _exchanged,
    "monster-wounded": _monster_wounded,
    "fled": _fled,
    "card-turned-down": _turned_down,
    "fight-ended": _fight_ended,
    "henchman-died": _died,
    "hand-discarded": _hand_discarded,
    "treasures-taken": _treasures_taken,
    "treasures-dropped": _dropped,
    "henchman-restarted": _restarted,
    "treasures-picked-up": _picked_up,
    "special-used": _special_used,
    "teleported": _teleported,
    "plunder-rolled": _plundered,
    "business-done": _business,
    "card-placed": _placed,
    "spell-cast": _spell,
    "treasure-dug": _dug,
    "treasure-hidden": _hidden,
    "turn-ended": _silent,
    "cards-drawn": _drawn,
    "deck-reshuffled": _reshuffled,
    "catharsis-began": _catharsis,
    "card-removed": _removed,
    "turn-began": _turn_began,
    "game-won": _won,
    "relocated": _relocated,
    "corrected": _corrected,
}
