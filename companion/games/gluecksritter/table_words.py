"""Table words for Die Glücksritter: coins, castle pieces, documents, knights, picks and the round.

Secrets stay secret: documents are counted (never named, wherever they go), a pick is named
only when the state gone back to shows it face up (phase E).
"""

from __future__ import annotations

from collections import Counter

from companion.journal.table_words import cap, count, flows, it, join
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.state import OVER, RESOLVE, GameState, Knight, Offer

BOARD = ("field5", "field6", "sack")
ROLLING = ("duel", "haggle-roll")
FACE_UP = (RESOLVE, OVER)  # the picks lie face up from the reveal on, and after the last round
PHASE_WORDS = {
    "A": "the Ducat card",
    "B": "choosing action cards",
    "C": "documents",
    "D": "ransom",
    "E": "the fields",
}

# The die values a command carries: the number die of a duel or haggling, the special die's face.
ROLLS: dict[str, tuple[str, ...]] = {"roll-die": ("value",), "knight-act": ("face",)}


def lines(current: GameState, restored: GameState, command: dict) -> list[str]:
    out: list[str] = []
    out += _coins(current, restored)
    out += _pieces(current, restored)
    out += _documents(current, restored)
    out += _dungeon(current, restored)
    out += _picks(current, restored)
    out += _status(current, restored)
    out += _fields(current, restored)
    rolled = command.get("player") if command.get("type") == "roll-die" else None
    out += _knight(current, restored, rolled)
    out += _taxes(current, restored)
    return out


# --------------------------------------------------------------------------- coins


def _where(place: str) -> str:
    return {"field5": "field 5", "field6": "field 6", "sack": "the sack"}.get(place, place)


def _coin_words(coins: Coins) -> str:
    parts = [count(n, kind) for n, kind in ((coins.silver, "silver"), (coins.gold, "gold")) if n]
    return join(parts)


def _coin_rank(source: str, target: str) -> int:
    return (source in BOARD) + (target in BOARD)  # player to player first, then with a board pile


def _coins(cur: GameState, res: GameState) -> list[str]:
    order = [p.colour for p in res.players] + list(BOARD)
    moved: dict[tuple[str, str], Coins] = {}
    for kind in ("silver", "gold"):
        need = {place: getattr(res.pile(place), kind) - getattr(cur.pile(place), kind) for place in order}
        for source, target, n in flows(need, order, _coin_rank)[0]:
            add = Coins(n, 0) if kind == "silver" else Coins(0, n)
            moved[source, target] = moved.get((source, target), Coins()) + add
    return [_coin_line(source, target, coins) for (source, target), coins in moved.items()]


def _coin_line(source: str, target: str, coins: Coins) -> str:
    what = _coin_words(coins)
    if source not in BOARD and target not in BOARD:
        return f"{cap(source)}: give {what} back to {target}."
    if source not in BOARD:
        where = "in the sack" if target == "sack" else f"on {_where(target)}"
        return f"{cap(source)}: put {what} back {where}."
    if target not in BOARD:
        return f"{cap(target)}: take {what} from {_where(source)}."
    if target == "sack":
        return f"Put {what} from {_where(source)} back in the sack."
    return f"Put {what} from {_where(source)} on {_where(target)}."


# --------------------------------------------------------------------------- castle pieces


def _piece_rank(source: str, target: str) -> int:
    return int("supply" in (source, target))  # castle to castle (raids, haggling) first


def _pieces(cur: GameState, res: GameState) -> list[str]:
    order = [p.colour for p in res.players] + ["supply"]
    moved: dict[tuple[str, str], Counter[str]] = {}
    for piece, attr, supply in (("wall", "walls", "supply_walls"), ("tower", "towers", "supply_towers")):
        need = {p.colour: getattr(p, attr) - getattr(cur.player(p.colour), attr) for p in res.players}
        need["supply"] = getattr(res, supply) - getattr(cur, supply)
        for source, target, n in flows(need, order, _piece_rank)[0]:
            moved.setdefault((source, target), Counter())[piece] += n
    out = []
    for (source, target), pieces in moved.items():
        what = join(count(pieces[p], p) for p in ("wall", "tower") if pieces[p])
        if target == "supply":
            out.append(f"{cap(source)}: return {what} to the supply.")
        elif source == "supply":
            out.append(f"{cap(target)}: take {what} from the supply.")
        else:
            out.append(f"{cap(source)}: give {what} back to {target}.")
    return out


# --------------------------------------------------------------------------- documents


def _doc_counts(state: GameState) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for p in state.players:
        counts["hand", p.colour] = len(p.documents)
        counts["down", p.colour] = sum(1 for who, _ in state.face_down if who == p.colour)
    counts["deck", ""] = len(state.deck)
    counts["discard", ""] = len(state.discard)
    return counts


def _doc_rank(source: tuple[str, str], target: tuple[str, str]) -> int:
    if source[1] and source[1] == target[1]:
        return 0  # a hand and the same player's face-down documents
    places = {source[0], target[0]}
    if "hand" in places or "down" in places:
        return 1
    return 2


def _documents(cur: GameState, res: GameState) -> list[str]:
    before, after = _doc_counts(cur), _doc_counts(res)
    order = list(after)
    need = {place: after[place] - before.get(place, 0) for place in order}
    return [_doc_line(s, t, n) for s, t, n in flows(need, order, _doc_rank)[0]]


def _doc_where(place: tuple[str, str]) -> str:
    kind, colour = place
    return {
        "hand": f"{colour}'s hand",
        "down": f"{colour}'s face-down documents",
        "deck": "the deck",
        "discard": "the played pile",
    }[kind]


def _doc_line(source: tuple[str, str], target: tuple[str, str], n: int) -> str:
    docs = count(n, "document")
    pair = (source[0], target[0])
    who = cap(source[1] or target[1])
    if pair == ("hand", "discard"):
        return f"{who}: put {docs} from your hand on the played pile."
    if pair == ("discard", "hand"):
        return f"{who}: take {docs} from the played pile back into your hand."
    if pair == ("hand", "down") and source[1] == target[1]:
        return f"{who}: lay {docs} from your hand face down again."
    if pair == ("down", "hand") and source[1] == target[1]:
        what = "your face-down document" if n == 1 else f"your {n} face-down documents"
        return f"{who}: take {what} back into your hand."
    if pair == ("down", "discard"):
        what = "your face-down document" if n == 1 else f"your {n} face-down documents"
        return f"{who}: put {what} on the played pile."
    if pair == ("discard", "down"):
        return f"{who}: take {docs} from the played pile and lay {it(n)} face down again."
    if pair == ("hand", "deck"):
        return f"{who}: put {docs} from your hand back on the deck."
    if pair == ("deck", "hand"):
        return f"{who}: draw {docs} from the deck."
    if pair == ("deck", "discard"):
        return f"Put {docs} from the deck on the played pile."
    if pair == ("discard", "deck"):
        return f"Shuffle {docs} from the played pile into the deck."
    return f"Move {docs} from {_doc_where(source)} to {_doc_where(target)}."


# --------------------------------------------------------------------------- knights, picks


def _dungeon(cur: GameState, res: GameState) -> list[str]:
    out = []
    for p in res.players:
        was = cur.player(p.colour).knight_in_dungeon
        if was and not p.knight_in_dungeon:
            out.append(f"{cap(p.colour)}: take your knight back out of the dungeon.")
        elif p.knight_in_dungeon and not was:
            out.append(f"{cap(p.colour)}: put your knight back in the dungeon.")
    return out


def _picks(cur: GameState, res: GameState) -> list[str]:
    """Only whether a pick lies on the table, and its cards when the restored state shows them."""
    out = []
    shown_now, shown_then = cur.phase in FACE_UP, res.phase in FACE_UP
    turned = False
    for p in res.players:
        now, then = cur.player(p.colour).pick, p.pick
        who = cap(p.colour)
        if now is not None and then is None:
            out.append(f"{who}: take your action cards back into your hand." if shown_now else f"{who} picks again.")
        elif then is not None and now is None:
            if shown_then:
                # a knight sent to the dungeon this round lies there, not with the other card
                cards = [c for c in then if not (c == 4 and p.knight_in_dungeon)]
                words = f"action card {cards[0]}" if len(cards) == 1 else f"action cards {cards[0]} and {cards[1]}"
                out.append(f"{who}: lay out {words} face up again.")
            else:
                out.append(f"{who}: lay your 2 picked action cards face down again.")
        elif then is not None and now is not None and shown_now != shown_then:
            turned = True
    if turned:
        out.append(f"Turn the picked action cards face {'up' if shown_then else 'down again'}.")
    return out


# --------------------------------------------------------------------------- the round


def _status(cur: GameState, res: GameState) -> list[str]:
    out = []
    if cur.phase == OVER and res.phase != OVER:
        out.append("The game is not over: it goes on.")
    elif res.phase == OVER and cur.phase != OVER:
        won = "wins" if len(res.winners) == 1 else "win"
        out.append(f"The game is over again: {join(res.winners)} {won}." if res.winners else "The game is over again.")
    elif res.phase == OVER and set(res.winners) != set(cur.winners):
        won = "wins" if len(res.winners) == 1 else "win"
        out.append(f"{cap(join(res.winners))} {won} again." if res.winners else "Nobody has won again.")
    if cur.round != res.round:
        out.append(f"It is round {res.round} again.")
    if cur.phase != res.phase and res.phase != OVER:
        out.append(f"It is phase {res.phase} again ({PHASE_WORDS.get(res.phase, res.phase)}).")
    return out


def _open_field(state: GameState) -> int | None:
    return state.field if state.phase == RESOLVE and state.field_open else None


def _fields(cur: GameState, res: GameState) -> list[str]:
    out = []
    if res.round_closing and not cur.round_closing:
        out.append("The round waits for its end again: documents may still be played.")
    now, then = _open_field(cur), _open_field(res)
    if then is not None and then != now:
        out.append(f"Field {then} is open again.")
    if then is None:
        return out
    again = [c for c in res.todo if then != now or c not in cur.todo]
    if again:
        verb = "decides" if len(again) == 1 else "decide"
        out.append(f"{cap(join(again))} {verb} again on field {then}.")
    if then == now:
        for colour in cur.todo:
            if colour not in res.todo:
                out.append(f"{cap(colour)}'s decision on field {then} stands again.")
    return out


def _offer_words(offer: Offer) -> str:
    parts = []
    if offer.ducats:
        parts.append(count(offer.ducats, "Ducat"))
    if offer.walls:
        parts.append(count(offer.walls, "wall"))
    if offer.towers:
        parts.append(count(offer.towers, "tower"))
    if offer.loot_promise:
        parts.append(f"{count(offer.loot_promise, 'Ducat')} from the loot")
    return join(parts) or "nothing"


def _knight(cur: GameState, res: GameState, rolled: str | None) -> list[str]:
    """Field 4: whose decision it is again; rolls and offers only while they still count. The roll
    of ``rolled`` (the undone command's) is the command's roll line, not repeated here."""
    now = cur.knight if _open_field(cur) == 4 else None
    then = res.knight if _open_field(res) == 4 else None
    if then is None:
        return []
    out = []
    if then.stage in ROLLING:
        rolls_now = Counter(r for r in (now.rolls if now else ()) if r[0] != rolled)
        rolls_then = Counter(r for r in then.rolls if r[0] != rolled)
        for who, value in sorted((rolls_now - rolls_then).elements()):
            out.append(f"{cap(who)}'s roll of {value} is taken back.")
        for who, value in sorted((rolls_then - rolls_now).elements()):
            out.append(f"{cap(who)}'s roll of {value} stands again.")
    out += _knight_stage(now, then)
    if then.stage == "haggle":
        offers_now = now.offers if now else ()
        common = 0
        while common < min(len(offers_now), len(then.offers)) and offers_now[common] == then.offers[common]:
            common += 1
        for offer in reversed(offers_now[common:]):
            out.append(f"{cap(offer.by)}'s offer of {_offer_words(offer)} is taken back.")
        for offer in then.offers[common:]:
            out.append(f"{cap(offer.by)}'s offer of {_offer_words(offer)} stands again.")
    return out


def _knight_stage(now: Knight | None, then: Knight) -> list[str]:
    same = now is not None and (now.stage, now.actor, now.victim, now.decider, now.turn) == (
        then.stage,
        then.actor,
        then.victim,
        then.decider,
        then.turn,
    )
    if same:
        return []
    if then.stage == "act" and then.actor:
        return [f"{cap(then.actor)} acts as the Black Knight again."]
    if then.stage == "raid-piece" and then.actor:
        return [f"{cap(then.actor)} chooses again which piece to take from {then.victim}."]
    if then.stage == "pay" and then.actor:
        return [f"{cap(then.actor)} pays the accepted offer again."]
    if then.stage == "promise" and then.actor:
        return [f"{cap(then.actor)} decides again what to hand over of the promised loot."]
    if then.stage == "duel" and (now is None or now.stage != then.stage):
        return [f"{cap(join(then.knights))} duel for the Black Knight again."]
    if then.stage == "haggle-roll" and (now is None or now.stage != then.stage):
        return [f"{cap(join(then.knights))} decide again who names the first offerer."]
    if then.stage == "choose-first" and then.decider:
        return [f"{cap(then.decider)} names who offers first again."]
    if then.stage == "haggle" and then.turn:
        return [f"It is {then.turn}'s turn to haggle again."]
    return []


def _taxes(cur: GameState, res: GameState) -> list[str]:
    out = []
    for who, kind in res.taxes:
        if (who, kind) not in cur.taxes:
            out.append(f"{cap(who)} owes the royal tax on {kind} again.")
    for who, kind in cur.taxes:
        if (who, kind) not in res.taxes:
            out.append(f"{cap(who)} no longer owes the royal tax on {kind}.")
    return out
