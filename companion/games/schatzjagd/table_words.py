"""Table words for Schatzjagd: cards on the board and in the piles, hands and treasures as counts,
the henchmen's places and values, the fight, the catharsis and the turn.

Secrets stay secret: a card in a hand or face down is never named by type (a card is named only
where the state gone back to shows it face up), treasures are counted, never named by kind.
No notes (rule 13.4): the words never say who slotted a face-down card (a card slotted this turn
goes back to "the hand it came from", and its field is not named, so that the game log cannot tie
it to the prince whose turn it was), nor which type of card goes onto the discard pile. Cards are
named by their fields and taken in the board's order by place, never in the order they came.
Every line is a catalogue message (:mod:`companion.i18n`), rendered in the table's language when
shown, with what the table does by it: a henchman's figure ``(colour, "place")`` set to its place
and the walls it waits before, a value ``(colour, attr)`` set; a field's card ``("card", field)``
set to what shows (:func:`face`) or taken off (None); cards (``card``) carried between the
board ``("board", "")``, the hands ``("hand", colour)``, ``("discard", "")``, ``("draw", "")`` and
``("maps", "")``; treasures (``treasure``) between the spots of :data:`Spot`.
The German place and pile words are datives (``bei der Stadt``, ``vor der Stadtmauer``).
"""

from __future__ import annotations

from companion.i18n import Cap, Join, Message, Plural, Text, Word
from companion.journal.table_words import Act, Line, Move, Put, flows, path_flows
from engines.schatzjagd.rules import (
    CARD_TYPES,
    CITY,
    CITY_GATE,
    SHOPS,
    SIGNS,
    TELEPORTAL,
    Effect,
    castle_colour,
    gate_colour,
)
from engines.schatzjagd.state import CATHARSIS, BoardCard, Fight, GameState, Henchman
from engines.schatzjagd.views import by_place

VALUES = (
    ("life", "life"),
    ("gold", "gold"),
    ("strength", "strength"),
    ("weapons", "weapons"),
    ("poison", "poison"),
    ("searching", "days of searching"),
)

# The die values a command carries: the journey's die, both dice of an exchange or a flight, the teleportal's
# and the plunder's die.
ROLLS: dict[str, tuple[str, ...]] = {
    "travel": ("die",),
    "exchange": ("die", "opponent_die"),
    "flee": ("opponent_die",),
    "teleport": ("die",),
    "plunder": ("die",),
}


def value_to(attr: str, value: int) -> Message:
    """``life to 12``: one value of :data:`VALUES` set (each its own message: Schatzjagd's gold is
    "Gulden" in German, Die Glücksritter's coin "gold" is "Gold")."""
    if attr == "life":
        return Message("life to {value}", value=value)
    if attr == "gold":
        return Message("gold to {value}", value=value)
    if attr == "strength":
        return Message("strength to {value}", value=value)
    if attr == "weapons":
        return Message("weapons to {value}", value=value)
    if attr == "poison":
        return Message("poison to {value}", value=value)
    return Message("days of searching to {value}", value=value)


def effect_words(effect: Effect) -> Message:
    """``life+2``, ``gold-1``, ``strength/2``, ``poison=1``."""
    change = f"{SIGNS[effect.op]}{effect.amount}"
    if effect.counter == "life":
        return Message("life{change}", change=change)
    if effect.counter == "gold":
        return Message("gold{change}", change=change)
    if effect.counter == "strength":
        return Message("strength{change}", change=change)
    if effect.counter == "weapons":
        return Message("weapons{change}", change=change)
    return Message("poison{change}", change=change)


def lines(path: list[GameState], command: dict) -> list[Line]:
    current, restored = path[0], path[-1]
    out: list[Line] = []
    alive, places, values = _henchmen(current, restored)
    out += alive
    out += places
    out += _cards(current, restored)
    out += _treasures(path)
    out += values
    out += [Line(text) for text in _fight(current, restored)]
    out += [Line(text) for text in _turn(current, restored, has_lines=bool(out))]
    return out


def face(card: BoardCard) -> tuple | str:
    """What the table sees of a card on the board: ``"down"``, or its kind and what it shows."""
    return "down" if card.face_down else (card.kind, card.value, card.effects, card.name)


def _place_act(henchman: Henchman) -> Put:
    return Put((henchman.colour, "place"), (henchman.place, henchman.before))


# --------------------------------------------------------------------------- places


def place_words(place: str) -> Text:
    """``C7``, ``the inn``, ``red's castle`` (older journals: ``the city gate``, ``the gate of blue's castle``)."""
    if place == CITY:
        return Word("the city")
    if place == CITY_GATE:
        return Word("the city gate")
    owner = castle_colour(place)
    if owner:
        return Message("{owner}'s castle", owner=Cap(Word(owner)))
    owner = gate_colour(place)
    if owner:
        return Message("the gate of {owner}'s castle", owner=Cap(Word(owner)))
    if place in SHOPS:
        return Word(f"the {place}")
    return place


def walls_words(walls: str) -> Message:
    """``the city's walls``, ``the walls of blue's castle``."""
    owner = castle_colour(walls)
    return Message("the walls of {owner}'s castle", owner=Cap(Word(owner))) if owner else Message("the city's walls")


def _place_lines(who: Cap, now: Henchman, then: Henchman, reborn: bool) -> list[Line]:
    """Where the henchman goes back to, and whether its field lies before walls."""
    return [Line(text, (_place_act(then),)) for text in _place_texts(who, now, then, reborn)]


def _place_texts(who: Cap, now: Henchman, then: Henchman, reborn: bool) -> list[Text]:
    if now.place != then.place and not reborn:
        place = place_words(then.place)
        if then.before:
            return [
                Message(
                    "{player}'s henchman goes back to {place}, before {walls}.",
                    player=who,
                    place=place,
                    walls=walls_words(then.before),
                )
            ]
        return [Message("{player}'s henchman goes back to {place}.", player=who, place=place)]
    if now.place == then.place and now.before != then.before:
        where = place_words(then.place)
        if then.before:
            return [
                Message(
                    "{player}'s henchman on {place} waits before {walls} again.",
                    player=who,
                    place=where,
                    walls=walls_words(then.before),
                )
            ]
        return [
            Message(
                "{player}'s henchman on {place} no longer waits before {walls}.",
                player=who,
                place=where,
                walls=walls_words(now.before or ""),
            )
        ]
    return []


# --------------------------------------------------------------------------- henchmen


def _henchmen(cur: GameState, res: GameState) -> tuple[list[Line], list[Line], list[Line]]:
    alive: list[Line] = []
    places: list[Line] = []
    values: list[Line] = []
    for then in res.players:
        now = cur.henchman(then.colour)
        who = Cap(Word(then.colour))
        reborn = then.deaths > now.deaths and then.place == f"castle-{then.colour}"
        if now.deaths > then.deaths:
            alive.append(Line(Message("{player}'s henchman is alive again.", player=who)))
        elif then.deaths > now.deaths:
            text = Message("{player}'s henchman dies again; the new one starts in its castle.", player=who)
            alive.append(Line(text, (_place_act(then),) if reborn else ()))
        places += _place_lines(who, now, then, reborn)
        attrs = [attr for attr, _ in VALUES if getattr(now, attr) != getattr(then, attr)]
        if attrs:
            changed = [value_to(attr, getattr(then, attr)) for attr in attrs]
            text = Message("Set {player}'s {values}.", player=Cap(Word(then.colour)), values=Join(*changed))
            values.append(Line(text, tuple(Put((then.colour, attr), getattr(then, attr)) for attr in attrs)))
    return alive, places, values


# --------------------------------------------------------------------------- cards

Place = tuple[str, str]  # ("hand", colour), ("discard", ""), ("draw", ""), ("maps", "")


def _card_counts(state: GameState) -> dict[Place, int]:
    counts: dict[Place, int] = {("hand", p.colour): p.cards for p in state.players}
    counts["discard", ""] = state.discard_total
    counts["draw", ""] = state.draw
    counts["maps", ""] = state.used_maps
    return counts


def card_words(card: BoardCard) -> Text:
    """A face-up card as the table reads it: ``the weapon +3``, ``the monster (power 8)``."""
    effects = Join(*(effect_words(e) for e in card.effects), last=False)
    if card.kind == "weapon":
        return Message("the weapon +{value}", value=card.value)
    if card.kind == "monster":
        if card.effects:
            return Message("the monster (power {value}, reward {effects})", value=card.value, effects=effects)
        return Message("the monster (power {value})", value=card.value)
    if card.kind == "special":
        if card.name == TELEPORTAL:
            return Message("the teleportal")
        return Message("the special card {name}", name=card.name) if card.name else Word("the special card")
    if card.kind in ("potion", "trap") and card.effects:
        return Message("{card} ({effects})", card=Word(f"the {card.kind}"), effects=effects)
    return Word(f"the {card.kind}")


def _cards(cur: GameState, res: GameState) -> list[Line]:
    before, after = _card_counts(cur), _card_counts(res)
    order = list(after)
    need = {place: after[place] - before[place] for place in order}
    dead = _dead_hands(cur, res, need)
    board = _board(cur, res, need)
    reshuffled = need["discard", ""] < 0 < need["draw", ""]
    shuffle = _shuffle(need)
    # in the table's order: a hand discarded after the shuffle comes back before the shuffle is undone
    out = board + shuffle + dead if reshuffled else dead + board + shuffle
    moves, _ = flows(need, order, _card_rank)
    return out + [_card_line(source, target, n) for source, target, n in moves]


def _card_line(source: Place, target: Place, n: int) -> Line:
    return Line(_card_move(source, target, n), (Move("card", n, source, target),))


def _dead_hands(cur: GameState, res: GameState, need: dict[Place, int]) -> list[Line]:
    """A henchman's death sends the prince's hand to the discard pile: the same cards come back."""
    out = []
    for then in res.players:
        now = cur.henchman(then.colour)
        hand = ("hand", then.colour)
        if now.deaths > then.deaths:  # the death is taken back
            n = min(then.cards, need[hand])
            source, target = ("discard", ""), hand
        elif then.deaths > now.deaths:  # the death happens again
            n = min(now.cards, -need[hand])
            source, target = hand, ("discard", "")
        else:
            continue
        if n > 0:
            need[target] -= n
            need[source] += n
            out.append(_card_line(source, target, n))
    return out


def _board(cur: GameState, res: GameState, need: dict[Place, int]) -> list[Line]:
    """Cards that leave the board, come back onto it, or are turned up or down."""
    discard, draw = ("discard", ""), ("draw", "")
    seen_need = [res.discard[i] - cur.discard[i] for i in range(len(CARD_TYPES))]  # by type, seen only
    now = {c.id: c for c in cur.board}
    then = {c.id: c for c in res.board}
    hands = [("hand", p.colour) for p in res.players]
    mine = ("hand", res.current)  # a card slotted this turn is the current prince's
    # the discard pile was shuffled into the draw pile in this step (or is again): a card that went
    # to the discard pile before the shuffle is in the draw pile now (or goes there)
    unshuffle = need[draw] < 0 < need[discard]
    reshuffle = need[discard] < 0 < need[draw]
    out: list[Line] = []
    board = ("board", "")
    for card in by_place(cur.board):  # cards that leave the board
        if card.id in then:
            continue
        if reshuffle:
            prefer = [draw, discard, *hands]
        elif card.kind is None:
            prefer = [mine, *hands, discard, draw]
        else:
            prefer = [discard, *hands, draw]
        target = next((p for p in prefer if need[p] > 0), None)
        if target is not None:
            need[target] -= 1
        acts: tuple[Act, ...] = (Put(("card", card.field), None), Move("card", 1, board, target or discard))
        out.append(Line(_card_leaves(card, target, slotted=res.next_card <= card.id), acts))
    for card in by_place(res.board):  # cards that come back onto the board
        if card.id in now:
            continue
        hands_first = [mine, *(h for h in hands if h != mine)]
        if unshuffle:
            prefer = [draw, discard, *hands_first]
        elif card.kind is not None or any(n < 0 for n in seen_need):  # a card turned up went to the pile
            prefer = [discard, *hands_first, draw]
        else:  # a card slotted from a hand, or found and taken into one
            prefer = [*hands_first, discard, draw]
        source = next((p for p in prefer if need[p] < 0), None)
        if source is not None:
            need[source] += 1
        if source == discard:
            i = CARD_TYPES.index(card.kind) if card.kind else next((i for i, n in enumerate(seen_need) if n < 0), None)
            if i is not None:
                seen_need[i] += 1
        acts = (Move("card", 1, source or discard, board), Put(("card", card.field), face(card)))
        out.append(Line(_card_returns(card, source, slotted=cur.next_card <= card.id), acts))
    for card in by_place(res.board):  # cards turned up or down
        old = now.get(card.id)
        if old is None or face(old) == face(card):
            continue
        where = place_words(card.field)
        if card.face_down:
            text = Message("Turn the card at {place} face down again.", place=where)
        elif old.down:  # a monster slotted back: what it is, the face-down card does not say
            text = Message("Turn up the card at {place} again.", place=where)
        elif old.face_down:
            text = Message("Turn up the card at {place} again: {card}.", place=where, card=card_words(card))
        else:
            text = Message("The card at {place} is {card} again.", place=where, card=card_words(card))
        out.append(Line(text, (Put(("card", card.field), face(card)),)))
    return out


def _shuffle(need: dict[Place, int]) -> list[Line]:
    """The discard pile shuffled into the draw pile moves as one pile, before anyone draws from it."""
    discard, draw = ("discard", ""), ("draw", "")
    hands_gain = sum(max(0, n) for place, n in need.items() if place[0] == "hand")
    if need[discard] < 0 < need[draw]:  # shuffled again
        n, source, target = -need[discard], discard, draw
    elif need[draw] < 0 < need[discard]:  # the shuffle taken back: what nobody drew goes back
        n, source, target = min(-need[draw] - hands_gain, need[discard]), draw, discard
    else:
        return []
    if n <= 0:
        return []
    need[source] += n
    need[target] -= n
    return [_card_line(source, target, n)]


def _card_rank(source: Place, target: Place) -> int:
    if source[0] == "hand" and target[0] == "hand":
        return 2  # never between hands, unless the counts leave nothing else
    return 0 if "hand" in (source[0], target[0]) else 1


def _card_leaves(card: BoardCard, target: Place | None, *, slotted: bool) -> Message:
    """``slotted``: the step taken back slotted this card (it did not exist before)."""
    where = place_words(card.field)
    down = card.face_down
    if target is not None and target[0] == "hand":
        if down and slotted:  # neither the prince nor the field: the log must not tie them together
            return Message("Take the card slotted face down this turn back into the hand it came from.")
        player = Cap(Word(target[1]))
        if down:
            return Message("{player}: take the face-down card from {place} into your hand.", player=player, place=where)
        return Message("{player}: take the card from {place} into your hand.", player=player, place=where)
    if target == ("draw", ""):
        return Message("Shuffle the card from {place} into the draw pile.", place=where)
    return Message("Put the card from {place} on the discard pile.", place=where)


def _card_returns(card: BoardCard, source: Place | None, *, slotted: bool) -> Message:
    """``slotted``: the step done again slots this card."""
    where = place_words(card.field)
    down = card.face_down
    if source is not None and source[0] == "hand":
        if down and slotted:
            return Message("Slot the card taken back face down into its field again, from the hand it came from.")
        if down:
            return Message(
                "Take the card found on {place} out of the hand again and slot it back into {place} face down.",
                place=where,
            )
        return Message(
            "{player}: lay {card} from your hand face up on {place}.",
            player=Cap(Word(source[1])),
            card=card_words(card),
            place=where,
        )
    if source == ("draw", ""):
        if down:
            return Message("Slot 1 card from the draw pile face down into {place}.", place=where)
        return Message(
            "Take {card} out of the draw pile and lay it face up on {place} again.", card=card_words(card), place=where
        )
    if down:
        return Message(
            "Take the card from {place} off the discard pile and slot it back into {place} face down.", place=where
        )
    return Message(
        "Take {card} off the discard pile and lay it face up on {place} again.", card=card_words(card), place=where
    )


def _card_move(source: Place, target: Place, n: int) -> Message:
    cards = Plural("{n} card", "{n} cards", n)
    pair = (source[0], target[0])
    if pair == ("hand", "discard"):
        return Message("{player}: put {cards} from your hand on the discard pile.", player=_cap(source), cards=cards)
    if pair == ("discard", "hand"):
        return Message(
            "{player}: take {cards} from the discard pile back into your hand.", player=_cap(target), cards=cards
        )
    if pair == ("hand", "draw"):
        return Message("{player}: put {cards} from your hand back on the draw pile.", player=_cap(source), cards=cards)
    if pair == ("draw", "hand"):
        return Message("{player}: draw {cards}.", player=_cap(target), cards=cards)
    if pair == ("hand", "maps"):
        return Message("{player}: put {cards} from your hand on the used maps.", player=_cap(source), cards=cards)
    if pair == ("maps", "hand"):
        return Message(
            "{player}: take {cards} from the used maps back into your hand.", player=_cap(target), cards=cards
        )
    if pair == ("discard", "draw"):
        return Message("Shuffle {cards} from the discard pile into the draw pile.", cards=cards)
    if pair == ("draw", "discard"):
        return Message("Put {cards} from the draw pile back on the discard pile.", cards=cards)
    return Message(
        "Move {cards} from {source} to {target}.", cards=cards, source=_pile_words(source), target=_pile_words(target)
    )


def _cap(place: Place | Spot) -> Cap:
    """The colour of a hand, a castle or a carried pile, starting a sentence."""
    return Cap(Word(place[1]))


def _pile_words(place: Place) -> Message:
    kind, colour = place
    if kind == "hand":
        return Message("{owner}'s hand", owner=Cap(Word(colour)))  # German: a dative, as the places
    return {
        "discard": Message("the discard pile"),
        "draw": Message("the draw pile"),
        "maps": Message("the used maps"),
    }[kind]


# --------------------------------------------------------------------------- treasures

Spot = tuple[str, str, bool]  # ("carried" | "hidden", colour, False), ("loose", place, guarded), ("stack", "", False)


def _treasure_counts(state: GameState) -> dict[Spot, int]:
    counts: dict[Spot, int] = {}
    for p in state.players:
        counts["carried", p.colour, False] = len(p.treasures)
    for p in state.players:
        counts["hidden", p.colour, False] = len(p.hidden)
    down = {c.id for c in state.board if c.face_down}  # a monster slotted back shows only its back
    for t in state.loose:
        spot = ("loose", t.place, t.guard is not None and t.guard not in down)
        counts[spot] = counts.get(spot, 0) + 1
    counts["stack", "", False] = sum(state.treasure_stack)
    return counts


def _treasure_rank(source: Spot, target: Spot) -> int:
    if source[0] != target[0] and source[1] == target[1]:
        return 0  # the same henchman's hand and castle, or one place's guarded and free treasures
    if source[0] == "loose" and target[0] == "loose":
        return 2
    return 1


def _treasures(path: list[GameState]) -> list[Line]:
    before = _treasure_counts(path[0])
    # places where guarded and unguarded treasures lie side by side now: a treasure taken from
    # there says which of them it is (a treasure laid back is unguarded unless the words say so)
    mixed = {spot[1] for spot in before if spot[0] == "loose" and spot[2] and before.get(("loose", spot[1], False))}
    return [
        Line(_treasure_move(s, t, n, mixed), (Move("treasure", n, s, t),))
        for s, t, n in path_flows(path, _treasure_counts, _treasure_rank)
    ]


def _lying(spot: Spot, mixed: set[str]) -> Message:
    """``lying on C3``; where guarded and unguarded treasures lie together, which of them."""
    where = place_words(spot[1])
    if spot[1] not in mixed:
        return Message("lying on {place}", place=where)
    if spot[2]:
        return Message("guarded by the monster on {place}", place=where)
    return Message("lying unguarded on {place}", place=where)


def _treasure_move(source: Spot, target: Spot, n: int, mixed: set[str]) -> Text:
    things = Plural("{n} treasure", "{n} treasures", n)
    pair = (source[0], target[0])
    if pair == ("carried", "stack"):
        return Message(
            "{player}: put {things} from your hand back on the treasure stack.", player=_cap(source), things=things
        )
    if pair == ("stack", "carried"):
        return Message("{player}: take {things} from the treasure stack.", player=_cap(target), things=things)
    if pair == ("carried", "hidden"):
        if source[1] == target[1]:
            return Message(
                "{player}: hide {things} from your hand in your castle again.", player=_cap(source), things=things
            )
        return Message(
            "{player}: put {things} back into {other}'s castle.",
            player=_cap(source),
            things=things,
            other=Cap(Word(target[1])),
        )
    if pair == ("hidden", "carried"):
        if source[1] == target[1]:
            return Message(
                "{player}: take {things} hidden in your castle back into your hand.", player=_cap(target), things=things
            )
        return Message(
            "{player}: take {things} from {other}'s castle.",
            player=_cap(target),
            things=things,
            other=Cap(Word(source[1])),
        )
    if pair == ("carried", "carried"):
        return Message(
            "{player}: give {what} back to {other}.", player=_cap(source), what=things, other=Cap(Word(target[1]))
        )
    if pair == ("carried", "loose"):
        place = place_words(target[1])
        if target[2]:
            return Message(
                "{player}: lay {things} back on {place}, guarded by the monster there.",
                player=_cap(source),
                things=things,
                place=place,
            )
        return Message("{player}: lay {things} back on {place}.", player=_cap(source), things=things, place=place)
    if pair == ("loose", "carried"):
        return Message(
            "{player}: take {things} {lying} into your hand.",
            player=_cap(target),
            things=things,
            lying=_lying(source, mixed),
        )
    if pair == ("loose", "loose") and source[1] == target[1]:
        place = place_words(target[1])
        if target[2]:
            return Plural(
                "The treasure on {place} is guarded again by the monster there.",
                "The {n} treasures on {place} are guarded again by the monster there.",
                n,
                place=place,
            )
        return Plural(
            "The treasure on {place} is no longer guarded.",
            "The {n} treasures on {place} are no longer guarded.",
            n,
            place=place,
        )
    if source[0] == "loose":
        return Message(
            "Move {things} {lying} to {target}.", things=things, lying=_lying(source, mixed), target=_spot_words(target)
        )
    return Message(
        "Move {things} from {source} to {target}.",
        things=things,
        source=_spot_words(source),
        target=_spot_words(target),
    )


def _spot_words(spot: Spot) -> Text:
    kind, where, guarded = spot
    if kind == "carried":
        return Message("{owner}'s hand", owner=Cap(Word(where)))
    if kind == "hidden":
        return Message("{owner}'s castle", owner=Cap(Word(where)))
    if kind == "loose":
        if guarded:
            return Message("{place}, guarded by the monster there", place=place_words(where))
        return place_words(where)
    return Message("the treasure stack")


# --------------------------------------------------------------------------- the fight


def _monster_place(state: GameState, fight: Fight) -> Text:
    card = next((c for c in state.board if c.id == fight.monster), None)
    return place_words(card.field) if card else Message("the board")


def _hidden_monster(fight: Fight, restored: GameState) -> bool:
    """The state gone back to has the fight's monster face down: the monster is not named."""
    again = next((c for c in restored.board if c.id == fight.monster), None)
    return again is not None and again.face_down


def _fight_off(state: GameState, fight: Fight, restored: GameState) -> Message:
    """``The fight between red and blue is off.``; a monster is named only if ``restored`` does not
    have its card face down (then: ``Red's fight on C3 is off.``)."""
    if fight.opponent:
        return Message(
            "The fight between {player} and {other} is off.",
            player=Cap(Word(fight.henchman)),
            other=Cap(Word(fight.opponent)),
        )
    place = _monster_place(state, fight)
    if _hidden_monster(fight, restored):
        return Message("{player}'s fight on {place} is off.", player=Cap(Word(fight.henchman)), place=place)
    return Message(
        "The fight between {player} and the monster on {place} is off.", player=Cap(Word(fight.henchman)), place=place
    )


def _fight_again(state: GameState, fight: Fight) -> Message:
    """``Red and blue fight again.``, ``Red and the monster on C3 fight again.``"""
    if fight.opponent:
        return Message(
            "{player} and {other} fight again.", player=Cap(Word(fight.henchman)), other=Cap(Word(fight.opponent))
        )
    place = _monster_place(state, fight)
    if _hidden_monster(fight, state):
        return Message("{player}'s fight on {place} is on again.", player=Cap(Word(fight.henchman)), place=place)
    return Message("{player} and the monster on {place} fight again.", player=Cap(Word(fight.henchman)), place=place)


def _same_fight(a: Fight, b: Fight) -> bool:
    return (a.henchman, a.opponent, a.monster) == (b.henchman, b.opponent, b.monster)


def _fight(cur: GameState, res: GameState) -> list[Text]:
    now, then = cur.fight, res.fight
    out: list[Text] = []
    if now is not None and (then is None or not _same_fight(now, then)):
        out.append(_fight_off(cur, now, res))
    if then is not None and (now is None or not _same_fight(now, then)):
        out.append(_fight_again(res, then))
        if then.monster is not None and then.monster_life != 15:
            out.append(Message("Set the monster's life to {value}.", value=then.monster_life))
        if then.exchanges:
            exchanges = Plural("{n} exchange", "{n} exchanges", then.exchanges)
            out.append(Message("The fight stands at {exchanges}.", exchanges=exchanges))
    elif then is not None and now is not None:
        if then.monster is not None and now.monster_life != then.monster_life:
            out.append(Message("Set the monster's life to {value}.", value=then.monster_life))
        if now.exchanges > then.exchanges:
            n = now.exchanges - then.exchanges
            out.append(Plural("The last exchange is taken back.", "The last {n} exchanges are taken back.", n))
        elif then.exchanges > now.exchanges:
            n = then.exchanges - now.exchanges
            out.append(Plural("The exchange stands again.", "The {n} exchanges stand again.", n))
    return out


# --------------------------------------------------------------------------- the turn


def _turn(cur: GameState, res: GameState, *, has_lines: bool) -> list[Text]:
    out: list[Text] = []
    if cur.winner and not res.winner:
        out.append(Message("{player}'s victory is taken back: the game goes on.", player=Cap(Word(cur.winner))))
    elif res.winner and not cur.winner:
        out.append(Message("{player} has won again: the game is over.", player=Cap(Word(res.winner))))
    if res.phase == CATHARSIS and (cur.phase != CATHARSIS or cur.catharsis != res.catharsis):
        out.append(
            Message(
                "Grandlin's catharsis: it is {player}'s turn again to take a card off the board or pass.",
                player=Cap(Word(res.catharsis[0])),
            )
        )
    elif cur.phase == CATHARSIS and res.phase != CATHARSIS:
        out.append(Message("Grandlin's catharsis is off."))
    if cur.current != res.current:
        out.append(Message("It is {player}'s turn again.", player=Cap(Word(res.current))))
    if cur.day != res.day:
        out.append(Message("It is day {day} again.", day=res.day))
    if cur.current == res.current:
        out += _turn_record(cur, res, has_lines=has_lines)
    return out


TURN_FLAGS = ("travelled", "business")  # said when nothing else on the table changes


def _flag_line(attr: str, done: bool, who: Cap) -> Message:
    if attr == "travelled":
        if done:
            return Message("{player}'s henchman has travelled this turn.", player=who)
        return Message("{player}'s henchman has not travelled yet this turn.", player=who)
    if done:
        return Message("{player}'s henchman has done business in the city this turn.", player=who)
    return Message("{player}'s henchman has not done business in the city yet this turn.", player=who)


def _special_line(res: GameState, card_id: int, who: Cap, *, used: bool) -> Message:
    card = next((c for c in res.board if c.id == card_id), None)
    if card is None:
        if used:
            return Message("{player} has used the special card this turn.", player=who)
        return Message("{player} has not used the special card this turn.", player=who)
    place = place_words(card.field)
    if used:
        return Message("{player} has used the special card on {place} this turn.", player=who, place=place)
    return Message("{player} has not used the special card on {place} this turn.", player=who, place=place)


def _turn_record(cur: GameState, res: GameState, *, has_lines: bool) -> list[Text]:
    """What the current henchman may still do this turn, where nothing on the table shows it."""
    out: list[Text] = []
    who = Cap(Word(res.current))
    then, now = res.turn, cur.turn
    for card_id in now.specials:
        if card_id not in then.specials:
            out.append(_special_line(res, card_id, who, used=False))
    for card_id in then.specials:
        if card_id not in now.specials:
            out.append(_special_line(res, card_id, who, used=True))
    if not has_lines and not out:  # the turn's record is all that changes: say what of it
        for attr in TURN_FLAGS:
            if getattr(now, attr) != getattr(then, attr):
                out.append(_flag_line(attr, getattr(then, attr), who))
    return out
