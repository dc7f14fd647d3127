"""Table words for Schatzjagd: cards on the board and in the piles, hands and treasures as counts,
the henchmen's places and values, the fight, the catharsis and the turn.

Secrets stay secret: a card in a hand or face down is never named by type (a card is named only
where the state gone back to shows it face up), treasures are counted, never named by kind.
No notes (rule 13.4): the words never say who slotted a face-down card (a card slotted this turn
goes back to "the hand it came from", and its field is not named, so that the game log cannot tie
it to the prince whose turn it was), nor which type of card goes onto the discard pile.
"""

from __future__ import annotations

from companion.journal.table_words import cap, count, flows, join
from engines.schatzjagd.rules import CARD_TYPES, CITY, CITY_GATE, SHOPS, castle_colour, gate_colour
from engines.schatzjagd.state import CATHARSIS, BoardCard, Fight, GameState, Henchman

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


def lines(current: GameState, restored: GameState, command: dict) -> list[str]:
    out: list[str] = []
    alive, places, values = _henchmen(current, restored)
    out += alive
    out += places
    out += _cards(current, restored)
    out += _treasures(current, restored)
    out += values
    out += _fight(current, restored)
    out += _turn(current, restored, has_lines=bool(out))
    return out


# --------------------------------------------------------------------------- places


def place_words(place: str) -> str:
    """``C7``, ``the inn``, ``red's castle`` (older journals: ``the city gate``, ``the gate of blue's castle``)."""
    if place == CITY:
        return "the city"
    if place == CITY_GATE:
        return "the city gate"
    owner = castle_colour(place)
    if owner:
        return f"{owner}'s castle"
    owner = gate_colour(place)
    if owner:
        return f"the gate of {owner}'s castle"
    if place in SHOPS:
        return f"the {place}"
    return place


def walls_words(walls: str) -> str:
    """``the city's walls``, ``the walls of blue's castle``."""
    owner = castle_colour(walls)
    return f"the walls of {owner}'s castle" if owner else "the city's walls"


def _place_lines(who: str, now: Henchman, then: Henchman, reborn: bool) -> list[str]:
    """Where the henchman goes back to, and whether its field lies before walls."""
    if now.place != then.place and not reborn:
        before = f", before {walls_words(then.before)}" if then.before else ""
        return [f"{who}'s henchman goes back to {place_words(then.place)}{before}."]
    if now.place == then.place and now.before != then.before:
        where = place_words(then.place)
        if then.before:
            return [f"{who}'s henchman on {where} waits before {walls_words(then.before)} again."]
        return [f"{who}'s henchman on {where} no longer waits before {walls_words(now.before or '')}."]
    return []


# --------------------------------------------------------------------------- henchmen


def _henchmen(cur: GameState, res: GameState) -> tuple[list[str], list[str], list[str]]:
    alive, places, values = [], [], []
    for then in res.players:
        now = cur.henchman(then.colour)
        who = cap(then.colour)
        if now.deaths > then.deaths:
            alive.append(f"{who}'s henchman is alive again.")
        elif then.deaths > now.deaths:
            alive.append(f"{who}'s henchman dies again; the new one starts in its castle.")
        reborn = then.deaths > now.deaths and then.place == f"castle-{then.colour}"
        places += _place_lines(who, now, then, reborn)
        changed = [
            f"{name} to {getattr(then, attr)}" for attr, name in VALUES if getattr(now, attr) != getattr(then, attr)
        ]
        if changed:
            values.append(f"Set {then.colour}'s {join(changed)}.")
    return alive, places, values


# --------------------------------------------------------------------------- cards

Place = tuple[str, str]  # ("hand", colour), ("discard", ""), ("draw", ""), ("maps", "")


def _card_counts(state: GameState) -> dict[Place, int]:
    counts: dict[Place, int] = {("hand", p.colour): p.cards for p in state.players}
    counts["discard", ""] = state.discard_total
    counts["draw", ""] = state.draw
    counts["maps", ""] = state.used_maps
    return counts


def card_words(card: BoardCard) -> str:
    """A face-up card as the table reads it: ``the weapon +3``, ``the monster (power 8)``."""
    effects = ", ".join(str(e) for e in card.effects)
    if card.kind == "weapon":
        return f"the weapon +{card.value}"
    if card.kind == "monster":
        reward = f", reward {effects}" if effects else ""
        return f"the monster (power {card.value}{reward})"
    if card.kind == "special":
        return f"the special card {card.name}" if card.name else "the special card"
    if card.kind in ("potion", "trap") and effects:
        return f"the {card.kind} ({effects})"
    return f"the {card.kind}"


def _cards(cur: GameState, res: GameState) -> list[str]:
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
    return out + [_card_move(source, target, n) for source, target, n in moves]


def _dead_hands(cur: GameState, res: GameState, need: dict[Place, int]) -> list[str]:
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
            out.append(_card_move(source, target, n))
    return out


def _board(cur: GameState, res: GameState, need: dict[Place, int]) -> list[str]:
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
    out: list[str] = []
    for card in cur.board:  # cards that leave the board
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
        out.append(_card_leaves(card, target, slotted=res.next_card <= card.id))
    for card in res.board:  # cards that come back onto the board
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
        out.append(_card_returns(card, source, slotted=cur.next_card <= card.id))
    for card in res.board:  # cards turned up or down
        old = now.get(card.id)
        if old is None or (old.kind, old.value, old.effects, old.name) == (
            card.kind,
            card.value,
            card.effects,
            card.name,
        ):
            continue
        where = place_words(card.field)
        if card.kind is None:
            out.append(f"Turn the card at {where} face down again.")
        elif old.kind is None:
            out.append(f"Turn up the card at {where} again: {card_words(card)}.")
        else:
            out.append(f"The card at {where} is {card_words(card)} again.")
    return out


def _shuffle(need: dict[Place, int]) -> list[str]:
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
    return [_card_move(source, target, n)]


def _card_rank(source: Place, target: Place) -> int:
    if source[0] == "hand" and target[0] == "hand":
        return 2  # never between hands, unless the counts leave nothing else
    return 0 if "hand" in (source[0], target[0]) else 1


def _card_leaves(card: BoardCard, target: Place | None, *, slotted: bool) -> str:
    """``slotted``: the step taken back slotted this card (it did not exist before)."""
    where = place_words(card.field)
    down = card.kind is None
    if target is not None and target[0] == "hand":
        if down and slotted:  # neither the prince nor the field: the log must not tie them together
            return "Take the card slotted face down this turn back into the hand it came from."
        what = "the face-down card" if down else "the card"
        return f"{cap(target[1])}: take {what} from {where} into your hand."
    if target == ("draw", ""):
        return f"Shuffle the card from {where} into the draw pile."
    return f"Put the card from {where} on the discard pile."


def _card_returns(card: BoardCard, source: Place | None, *, slotted: bool) -> str:
    """``slotted``: the step done again slots this card."""
    where = place_words(card.field)
    down = card.kind is None
    if source is not None and source[0] == "hand":
        if down and slotted:
            return "Slot the card taken back face down into its field again, from the hand it came from."
        if down:
            return f"Take the card found on {where} out of the hand again and slot it back into {where} face down."
        return f"{cap(source[1])}: lay {card_words(card)} from your hand face up on {where}."
    if source == ("draw", ""):
        if down:
            return f"Slot 1 card from the draw pile face down into {where}."
        return f"Take {card_words(card)} out of the draw pile and lay it face up on {where} again."
    if down:
        return f"Take the card from {where} off the discard pile and slot it back into {where} face down."
    return f"Take {card_words(card)} off the discard pile and lay it face up on {where} again."


def _card_move(source: Place, target: Place, n: int) -> str:
    cards = count(n, "card")
    pair = (source[0], target[0])
    if pair == ("hand", "discard"):
        return f"{cap(source[1])}: put {cards} from your hand on the discard pile."
    if pair == ("discard", "hand"):
        return f"{cap(target[1])}: take {cards} from the discard pile back into your hand."
    if pair == ("hand", "draw"):
        return f"{cap(source[1])}: put {cards} from your hand back on the draw pile."
    if pair == ("draw", "hand"):
        return f"{cap(target[1])}: draw {cards}."
    if pair == ("hand", "maps"):
        return f"{cap(source[1])}: put {cards} from your hand on the used maps."
    if pair == ("maps", "hand"):
        return f"{cap(target[1])}: take {cards} from the used maps back into your hand."
    if pair == ("discard", "draw"):
        return f"Shuffle {cards} from the discard pile into the draw pile."
    if pair == ("draw", "discard"):
        return f"Put {cards} from the draw pile back on the discard pile."
    return f"Move {cards} from {_pile_words(source)} to {_pile_words(target)}."


def _pile_words(place: Place) -> str:
    kind, colour = place
    return {
        "hand": f"{colour}'s hand",
        "discard": "the discard pile",
        "draw": "the draw pile",
        "maps": "the used maps",
    }[kind]


# --------------------------------------------------------------------------- treasures

Spot = tuple[str, str, bool]  # ("carried" | "hidden", colour, False), ("loose", place, guarded), ("stack", "", False)


def _treasure_counts(state: GameState) -> dict[Spot, int]:
    counts: dict[Spot, int] = {}
    for p in state.players:
        counts["carried", p.colour, False] = len(p.treasures)
    for p in state.players:
        counts["hidden", p.colour, False] = len(p.hidden)
    for t in state.loose:
        spot = ("loose", t.place, t.guard is not None)
        counts[spot] = counts.get(spot, 0) + 1
    counts["stack", "", False] = sum(state.treasure_stack)
    return counts


def _treasure_rank(source: Spot, target: Spot) -> int:
    if source[0] != target[0] and source[1] == target[1]:
        return 0  # the same henchman's hand and castle, or one place's guarded and free treasures
    if source[0] == "loose" and target[0] == "loose":
        return 2
    return 1


def _treasures(cur: GameState, res: GameState) -> list[str]:
    before, after = _treasure_counts(cur), _treasure_counts(res)
    order = list(dict.fromkeys([*after, *before]))
    need = {spot: after.get(spot, 0) - before.get(spot, 0) for spot in order}
    # places where guarded and unguarded treasures lie side by side now: a treasure taken from
    # there says which of them it is (a treasure laid back is unguarded unless the words say so)
    mixed = {spot[1] for spot in before if spot[0] == "loose" and spot[2] and before.get(("loose", spot[1], False))}
    return [_treasure_move(s, t, n, mixed) for s, t, n in flows(need, order, _treasure_rank)[0]]


def _lying(spot: Spot, mixed: set[str]) -> str:
    """``lying on C3``; where guarded and unguarded treasures lie together, which of them."""
    where = place_words(spot[1])
    if spot[1] not in mixed:
        return f"lying on {where}"
    return f"guarded by the monster on {where}" if spot[2] else f"lying unguarded on {where}"


def _treasure_move(source: Spot, target: Spot, n: int, mixed: set[str]) -> str:
    things = count(n, "treasure")
    pair = (source[0], target[0])
    if pair == ("carried", "stack"):
        return f"{cap(source[1])}: put {things} from your hand back on the treasure stack."
    if pair == ("stack", "carried"):
        return f"{cap(target[1])}: take {things} from the treasure stack."
    if pair == ("carried", "hidden"):
        if source[1] == target[1]:
            return f"{cap(source[1])}: hide {things} from your hand in your castle again."
        return f"{cap(source[1])}: put {things} back into {target[1]}'s castle."
    if pair == ("hidden", "carried"):
        if source[1] == target[1]:
            return f"{cap(target[1])}: take {things} hidden in your castle back into your hand."
        return f"{cap(target[1])}: take {things} from {source[1]}'s castle."
    if pair == ("carried", "carried"):
        return f"{cap(source[1])}: give {things} back to {target[1]}."
    if pair == ("carried", "loose"):
        guard = ", guarded by the monster there" if target[2] else ""
        return f"{cap(source[1])}: lay {things} back on {place_words(target[1])}{guard}."
    if pair == ("loose", "carried"):
        return f"{cap(target[1])}: take {things} {_lying(source, mixed)} into your hand."
    if pair == ("loose", "loose") and source[1] == target[1]:
        lie = "treasure on" if n == 1 else f"{n} treasures on"
        verb = "is" if n == 1 else "are"
        state = "guarded again by the monster there" if target[2] else "no longer guarded"
        return f"The {lie} {place_words(target[1])} {verb} {state}."
    if source[0] == "loose":
        return f"Move {things} {_lying(source, mixed)} to {_spot_words(target)}."
    return f"Move {things} from {_spot_words(source)} to {_spot_words(target)}."


def _spot_words(spot: Spot) -> str:
    kind, where, guarded = spot
    if kind == "carried":
        return f"{where}'s hand"
    if kind == "hidden":
        return f"{where}'s castle"
    if kind == "loose":
        return place_words(where) + (", guarded by the monster there" if guarded else "")
    return "the treasure stack"


# --------------------------------------------------------------------------- the fight


def _fight_words(state: GameState, fight: Fight, restored: GameState) -> str:
    """``the fight between red and blue``; a monster is named only if ``restored`` does not have its
    card face down (then: ``red's fight on C3``)."""
    if fight.opponent:
        return f"the fight between {fight.henchman} and {fight.opponent}"
    card = next((c for c in state.board if c.id == fight.monster), None)
    where = place_words(card.field) if card else "the board"
    again = next((c for c in restored.board if c.id == fight.monster), None)
    if again is not None and again.kind is None:
        return f"{fight.henchman}'s fight on {where}"
    return f"the fight between {fight.henchman} and the monster on {where}"


def _same_fight(a: Fight, b: Fight) -> bool:
    return (a.henchman, a.opponent, a.monster) == (b.henchman, b.opponent, b.monster)


def _fight(cur: GameState, res: GameState) -> list[str]:
    now, then = cur.fight, res.fight
    out: list[str] = []
    if now is not None and (then is None or not _same_fight(now, then)):
        out.append(f"{cap(_fight_words(cur, now, res))} is off.")
    if then is not None and (now is None or not _same_fight(now, then)):
        out.append(f"{cap(_fight_words(res, then, res).removeprefix('the fight between '))} fight again.")
        if then.monster is not None and then.monster_life != 15:
            out.append(f"Set the monster's life to {then.monster_life}.")
        if then.exchanges:
            out.append(f"The fight stands at {count(then.exchanges, 'exchange')}.")
    elif then is not None and now is not None:
        if then.monster is not None and now.monster_life != then.monster_life:
            out.append(f"Set the monster's life to {then.monster_life}.")
        if now.exchanges > then.exchanges:
            n = now.exchanges - then.exchanges
            out.append("The last exchange is taken back." if n == 1 else f"The last {n} exchanges are taken back.")
        elif then.exchanges > now.exchanges:
            n = then.exchanges - now.exchanges
            out.append("The exchange stands again." if n == 1 else f"The {n} exchanges stand again.")
    return out


# --------------------------------------------------------------------------- the turn


def _turn(cur: GameState, res: GameState, *, has_lines: bool) -> list[str]:
    out: list[str] = []
    if cur.winner and not res.winner:
        out.append(f"{cap(cur.winner)}'s victory is taken back: the game goes on.")
    elif res.winner and not cur.winner:
        out.append(f"{cap(res.winner)} has won again: the game is over.")
    if res.phase == CATHARSIS and (cur.phase != CATHARSIS or cur.catharsis != res.catharsis):
        out.append(f"Grandlin's catharsis: it is {res.catharsis[0]}'s turn again to take a card off the board or pass.")
    elif cur.phase == CATHARSIS and res.phase != CATHARSIS:
        out.append("Grandlin's catharsis is off.")
    if cur.current != res.current:
        out.append(f"It is {res.current}'s turn again.")
    if cur.day != res.day:
        out.append(f"It is day {res.day} again.")
    if cur.current == res.current:
        out += _turn_record(cur, res, has_lines=has_lines)
    return out


TURN_FLAGS = (  # (attribute, done, not done yet), said when nothing else on the table changes
    ("travelled", "has travelled", "has not travelled yet"),
    ("business", "has done business in the city", "has not done business in the city yet"),
)


def _turn_record(cur: GameState, res: GameState, *, has_lines: bool) -> list[str]:
    """What the current henchman may still do this turn, where nothing on the table shows it."""
    out: list[str] = []
    who = cap(res.current)
    then, now = res.turn, cur.turn
    for card_id in now.specials:
        if card_id not in then.specials:
            card = next((c for c in res.board if c.id == card_id), None)
            where = f" on {place_words(card.field)}" if card else ""
            out.append(f"{who} has not used the special card{where} this turn.")
    for card_id in then.specials:
        if card_id not in now.specials:
            card = next((c for c in res.board if c.id == card_id), None)
            where = f" on {place_words(card.field)}" if card else ""
            out.append(f"{who} has used the special card{where} this turn.")
    if not has_lines and not out:  # the turn's record is all that changes: say what of it
        for attr, done, not_yet in TURN_FLAGS:
            if getattr(now, attr) != getattr(then, attr):
                out.append(f"{who}'s henchman {done if getattr(then, attr) else not_yet} this turn.")
    return out
