"""Table words for Die Glücksritter: coins, castle pieces, documents, knights, picks and the round.

Secrets stay secret: documents are counted (never named, wherever they go), a pick is named
only when the state gone back to shows it face up (phase E). Every line is a catalogue message
(:mod:`companion.i18n`), rendered in the table's language when shown, with what the table does
by it: coins (``silver``, ``gold``) and castle pieces (``wall``, ``tower``) carried between a
player (by colour), ``sack``, ``field5``, ``field6`` and ``supply``; documents between
``("hand", colour)``, ``("down", colour)``, ``("deck", "")`` and ``("discard", "")``; a knight
put in or out of ``(colour, "dungeon")``; the action cards ``(colour, "pick")`` in the hand
(None), face down (``"down"``) or face up (the cards lying there, :func:`shown_pick`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from companion.app.people import names
from companion.i18n import Cap, Join, Message, Person, Plural, Text, Word
from companion.journal.table_words import Line, Move, Put, path_flows
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.state import OVER, RESOLVE, GameState, Knight, Offer

BOARD = ("field5", "field6", "sack")
ROLLING = ("duel", "haggle-roll")
FACE_UP = (RESOLVE, OVER)  # the picks lie face up from the reveal on, and after the last round
PHASE_WORDS = {
    "A": Message("the Ducat card"),
    "B": Message("choosing action cards"),
    "C": Message("documents"),
    "D": Message("ransom"),
    "E": Message("the fields"),
}

# The die values a command carries: the number die of a duel or haggling, the special die's face.
ROLLS: dict[str, tuple[str, ...]] = {"roll-die": ("value",), "knight-act": ("face",)}


def lines(path: list[GameState], command: dict) -> list[Line]:
    current, restored = path[0], path[-1]
    out: list[Line] = []
    out += _coins(path)
    out += _pieces(path)
    out += _documents(path)
    out += [Line(text) for text in _effects(current, restored)]
    out += _dungeon(current, restored)
    out += _picks(current, restored)
    talk = _status(current, restored) + _fields(current, restored)
    rolled = command.get("player") if command.get("type") == "roll-die" else None
    talk += _knight(current, restored, rolled) + _taxes(current, restored)
    return out + [Line(text) for text in talk]


# --------------------------------------------------------------------------- players

Named = Callable[[str], Person]


def people(state: GameState) -> Named:
    """How the table words name a player: as the screens do (the name given with the colour
    beside it, or the colour alone, capitalised in the table's language; never the colour id)."""
    given = names({"players": [{"colour": p.colour, "name": p.name} for p in state.players]})
    return lambda colour: Person(colour, given.get(colour))


# --------------------------------------------------------------------------- coins


def _field(place: str) -> str:
    return place.removeprefix("field")


def _coin_words(coins: Coins) -> Join:
    silver = Plural("{n} silver", "{n} silver", coins.silver) if coins.silver else None
    gold = Plural("{n} gold", "{n} gold", coins.gold) if coins.gold else None
    return Join(*(part for part in (silver, gold) if part is not None))


def _coin_rank(source: str, target: str) -> int:
    return (source in BOARD) + (target in BOARD)  # player to player first, then with a board pile


def _coin_counts(kind: str):
    def counts(state: GameState) -> dict[str, int]:
        return {place: getattr(state.pile(place), kind) for place in [p.colour for p in state.players] + list(BOARD)}

    return counts


def _coins(path: list[GameState]) -> list[Line]:
    named = people(path[0])
    moved: dict[tuple[str, str], Coins] = {}
    for kind in ("silver", "gold"):
        for source, target, n in path_flows(path, _coin_counts(kind), _coin_rank):
            add = Coins(n, 0) if kind == "silver" else Coins(0, n)
            moved[source, target] = moved.get((source, target), Coins()) + add
    return [
        Line(
            _coin_line(source, target, coins, named),
            tuple(Move(kind, n, source, target) for kind, n in (("silver", coins.silver), ("gold", coins.gold)) if n),
        )
        for (source, target), coins in moved.items()
    ]


def _coin_line(source: str, target: str, coins: Coins, named: Named) -> Message:
    what = _coin_words(coins)
    if source not in BOARD and target not in BOARD:
        return Message("{player}: give {what} back to {other}.", player=named(source), what=what, other=named(target))
    if source not in BOARD:
        if target == "sack":
            return Message("{player}: put {what} back in the sack.", player=named(source), what=what)
        return Message(
            "{player}: put {what} back on field {field}.", player=named(source), what=what, field=_field(target)
        )
    if target not in BOARD:
        if source == "sack":
            return Message("{player}: take {what} from the sack.", player=named(target), what=what)
        return Message(
            "{player}: take {what} from field {field}.", player=named(target), what=what, field=_field(source)
        )
    if target == "sack":
        return Message("Put {what} from field {field} back in the sack.", what=what, field=_field(source))
    if source == "sack":
        return Message("Put {what} from the sack on field {field}.", what=what, field=_field(target))
    return Message("Put {what} from field {field} on field {to}.", what=what, field=_field(source), to=_field(target))


# --------------------------------------------------------------------------- castle pieces


def _piece_rank(source: str, target: str) -> int:
    return int("supply" in (source, target))  # castle to castle (raids, haggling) first


def _piece_counts(attr: str, supply: str):
    def counts(state: GameState) -> dict[str, int]:
        return {p.colour: getattr(p, attr) for p in state.players} | {"supply": getattr(state, supply)}

    return counts


def _pieces(path: list[GameState]) -> list[Line]:
    named = people(path[0])
    moved: dict[tuple[str, str], Counter[str]] = {}
    for piece, attr, supply in (("wall", "walls", "supply_walls"), ("tower", "towers", "supply_towers")):
        for source, target, n in path_flows(path, _piece_counts(attr, supply), _piece_rank):
            moved.setdefault((source, target), Counter())[piece] += n
    out: list[Line] = []
    for (source, target), pieces in moved.items():
        what = _piece_words(pieces["wall"], pieces["tower"])
        acts = tuple(Move(piece, n, source, target) for piece, n in pieces.items() if n)
        if target == "supply":
            text = Message("{player}: return {what} to the supply.", player=named(source), what=what)
        elif source == "supply":
            text = Message("{player}: take {what} from the supply.", player=named(target), what=what)
        else:
            text = Message(
                "{player}: give {what} back to {other}.", player=named(source), what=what, other=named(target)
            )
        out.append(Line(text, acts))
    return out


def _piece_words(walls: int, towers: int) -> Join:
    parts = []
    if walls:
        parts.append(Plural("{n} wall", "{n} walls", walls))
    if towers:
        parts.append(Plural("{n} tower", "{n} towers", towers))
    return Join(*parts)


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


def _documents(path: list[GameState]) -> list[Line]:
    named = people(path[0])
    return [
        Line(_doc_line(s, t, n, named), (Move("document", n, s, t),))
        for s, t, n in path_flows(path, _doc_counts, _doc_rank)
    ]


def _doc_where(place: tuple[str, str], named: Named) -> Message:
    kind, colour = place
    if kind == "hand":
        return Message("{player}'s hand", player=named(colour))
    if kind == "down":
        return Message("{player}'s face-down documents", player=named(colour))
    return Message("the deck") if kind == "deck" else Message("the played pile")


def _doc_line(source: tuple[str, str], target: tuple[str, str], n: int, named: Named) -> Text:
    docs = Plural("{n} document", "{n} documents", n)
    pair = (source[0], target[0])
    colour = source[1] or target[1]
    player = named(colour) if colour else ""
    if pair == ("hand", "discard"):
        return Message("{player}: put {docs} from your hand on the played pile.", player=player, docs=docs)
    if pair == ("discard", "hand"):
        return Message("{player}: take {docs} from the played pile back into your hand.", player=player, docs=docs)
    if pair == ("hand", "down") and source[1] == target[1]:
        return Message("{player}: lay {docs} from your hand face down again.", player=player, docs=docs)
    if pair == ("down", "hand") and source[1] == target[1]:
        return Plural(
            "{player}: take your face-down document back into your hand.",
            "{player}: take your {n} face-down documents back into your hand.",
            n,
            player=player,
        )
    if pair == ("down", "discard"):
        return Plural(
            "{player}: put your face-down document on the played pile.",
            "{player}: put your {n} face-down documents on the played pile.",
            n,
            player=player,
        )
    if pair == ("discard", "down"):
        return Plural(
            "{player}: take {n} document from the played pile and lay it face down again.",
            "{player}: take {n} documents from the played pile and lay them face down again.",
            n,
            player=player,
        )
    if pair == ("hand", "deck"):
        return Message("{player}: put {docs} from your hand back on the deck.", player=player, docs=docs)
    if pair == ("deck", "hand"):
        return Message("{player}: draw {docs} from the deck.", player=player, docs=docs)
    if pair == ("deck", "discard"):
        return Message("Put {docs} from the deck on the played pile.", docs=docs)
    if pair == ("discard", "deck"):
        return Message("Shuffle {docs} from the played pile into the deck.", docs=docs)
    return Message(
        "Move {docs} from {source} to {target}.",
        docs=docs,
        source=_doc_where(source, named),
        target=_doc_where(target, named),
    )


# --------------------------------------------------------------------------- knights, picks


def _dungeon(cur: GameState, res: GameState) -> list[Line]:
    named = people(res)
    out: list[Line] = []
    for p in res.players:
        was = cur.player(p.colour).knight_in_dungeon
        who = named(p.colour)
        acts: tuple[Put, ...] = (Put((p.colour, "dungeon"), p.knight_in_dungeon),)
        then, now = shown_pick(res, p.colour), shown_pick(cur, p.colour)
        beside = isinstance(then, tuple) and isinstance(now, tuple) and then != now  # the knight of a face-up pick
        if beside:
            acts += (Put((p.colour, "pick"), then),)
        if was and not p.knight_in_dungeon:
            if beside:
                text = Message(
                    "{player}: take your knight back out of the dungeon and lay it face up beside your other "
                    "action card again.",
                    player=who,
                )
            else:
                text = Message("{player}: take your knight back out of the dungeon.", player=who)
            out.append(Line(text, acts))
        elif p.knight_in_dungeon and not was:
            out.append(Line(Message("{player}: put your knight back in the dungeon.", player=who), acts))
    return out


def shown_pick(state: GameState, colour: str) -> tuple[int, ...] | str | None:
    """A player's action cards on the table: None (in the hand), ``"down"`` (picked, face down) or
    the cards lying face up (a knight sent to the dungeon this round lies there, not with them)."""
    player = state.player(colour)
    if player.pick is None:
        return None
    if state.phase not in FACE_UP:
        return "down"
    return tuple(c for c in player.pick if not (c == 4 and player.knight_in_dungeon))


def _picks(cur: GameState, res: GameState) -> list[Line]:
    """Only whether a pick lies on the table, and its cards when the restored state shows them."""
    named = people(res)
    out: list[Line] = []
    shown_now, shown_then = cur.phase in FACE_UP, res.phase in FACE_UP
    turned: list[Put] = []
    for p in res.players:
        now, then = cur.player(p.colour).pick, p.pick
        who = named(p.colour)
        act = (Put((p.colour, "pick"), shown_pick(res, p.colour)),)
        if now is not None and then is None:
            if shown_now:
                out.append(Line(Message("{player}: take your action cards back into your hand.", player=who), act))
            else:
                out.append(Line(Message("{player} picks again.", player=who), act))
        elif then is not None and now is None:
            cards = shown_pick(res, p.colour)
            if isinstance(cards, tuple) and len(cards) == 1:
                text: Text = Message("{player}: lay out action card {card} face up again.", player=who, card=cards[0])
            elif isinstance(cards, tuple):
                text = Message(
                    "{player}: lay out action cards {first} and {second} face up again.",
                    player=who,
                    first=cards[0],
                    second=cards[1],
                )
            else:
                text = Message("{player}: lay your 2 picked action cards face down again.", player=who)
            out.append(Line(text, act))
        elif then is not None and now is not None and shown_now != shown_then:
            turned += act
    if turned:
        if shown_then:
            out.append(Line(Message("Turn the picked action cards face up."), tuple(turned)))
        else:
            out.append(Line(Message("Turn the picked action cards face down again."), tuple(turned)))
    return out


# --------------------------------------------------------------------------- the round


def _effects(cur: GameState, res: GameState) -> list[Text]:
    """A document's effect entered (even one that moved nothing): to enter again, or entered again."""
    named = people(res)
    out: list[Text] = []
    for now, then in zip(cur.players, res.players, strict=True):
        n = len(then.applied) - len(now.applied)
        if n < 0:
            out.append(
                Plural(
                    "{player}: the effect of {n} document played this round is to be entered again.",
                    "{player}: the effects of {n} documents played this round are to be entered again.",
                    -n,
                    player=named(now.colour),
                )
            )
        elif n > 0:
            out.append(
                Plural(
                    "{player}: the effect of {n} document is entered again.",
                    "{player}: the effects of {n} documents are entered again.",
                    n,
                    player=named(now.colour),
                )
            )
    return out


def _status(cur: GameState, res: GameState) -> list[Text]:
    named = people(res)
    out: list[Text] = []
    winners = Join(*(named(w) for w in res.winners))
    n = len(res.winners)
    if cur.phase == OVER and res.phase != OVER:
        out.append(Message("The game is not over: it goes on."))
    elif res.phase == OVER and cur.phase != OVER:
        if res.winners:
            out.append(
                Plural(
                    "The game is over again: {players} wins.",
                    "The game is over again: {players} win.",
                    n,
                    players=winners,
                )
            )
        else:
            out.append(Message("The game is over again."))
    elif res.phase == OVER and set(res.winners) != set(cur.winners):
        if res.winners:
            out.append(Plural("{players} wins again.", "{players} win again.", n, players=Cap(winners)))
        else:
            out.append(Message("Nobody has won again."))
    if cur.round != res.round:
        out.append(Message("It is round {round} again.", round=res.round))
    if cur.phase != res.phase and res.phase != OVER:
        what = PHASE_WORDS.get(res.phase, res.phase)
        out.append(Message("It is phase {phase} again ({what}).", phase=res.phase, what=what))
    return out


def _open_field(state: GameState) -> int | None:
    return state.field if state.phase == RESOLVE and state.field_open else None


def _fields(cur: GameState, res: GameState) -> list[Text]:
    named = people(res)
    out: list[Text] = []
    if res.round_closing and not cur.round_closing:
        out.append(Message("The round waits for its end again: documents may still be played."))
    now, then = _open_field(cur), _open_field(res)
    if then is not None and then != now:
        out.append(Message("Field {field} is open again.", field=then))
    if then is None:
        return out
    again = [c for c in res.todo if then != now or c not in cur.todo]
    if again:
        players = Join(*(named(c) for c in again))
        out.append(
            Plural(
                "{players} decides again on field {field}.",
                "{players} decide again on field {field}.",
                len(again),
                players=players,
                field=then,
            )
        )
    if then == now:
        for colour in cur.todo:
            if colour not in res.todo:
                out.append(
                    Message("{player}'s decision on field {field} stands again.", player=named(colour), field=then)
                )
    return out


def _offer_words(offer: Offer) -> Text:
    parts: list[Text] = []
    if offer.ducats:
        parts.append(Plural("{n} Ducat", "{n} Ducats", offer.ducats))
    if offer.walls:
        parts.append(Plural("{n} wall", "{n} walls", offer.walls))
    if offer.towers:
        parts.append(Plural("{n} tower", "{n} towers", offer.towers))
    if offer.loot_promise:
        parts.append(Plural("{n} Ducat from the loot", "{n} Ducats from the loot", offer.loot_promise))
    return Join(*parts) if parts else Message("nothing")


def _knight(cur: GameState, res: GameState, rolled: str | None) -> list[Text]:
    """Field 4: whose decision it is again; rolls and offers only while they still count. The roll
    of ``rolled`` (the undone command's) is the command's roll line, not repeated here."""
    named = people(res)
    now = cur.knight if _open_field(cur) == 4 else None
    then = res.knight if _open_field(res) == 4 else None
    if then is None:
        return []
    out: list[Text] = []
    if then.stage in ROLLING:
        rolls_now = Counter(r for r in (now.rolls if now else ()) if r[0] != rolled)
        rolls_then = Counter(r for r in then.rolls if r[0] != rolled)
        for who, value in sorted((rolls_now - rolls_then).elements()):
            out.append(Message("{player}'s roll of {value} is taken back.", player=named(who), value=value))
        for who, value in sorted((rolls_then - rolls_now).elements()):
            out.append(Message("{player}'s roll of {value} stands again.", player=named(who), value=value))
    out += _knight_stage(now, then, named)
    if then.stage == "haggle":
        offers_now = now.offers if now else ()
        common = 0
        while common < min(len(offers_now), len(then.offers)) and offers_now[common] == then.offers[common]:
            common += 1
        for offer in reversed(offers_now[common:]):
            out.append(
                Message("{player}'s offer of {offer} is taken back.", player=named(offer.by), offer=_offer_words(offer))
            )
        for offer in then.offers[common:]:
            out.append(
                Message("{player}'s offer of {offer} stands again.", player=named(offer.by), offer=_offer_words(offer))
            )
    return out


def _knight_stage(now: Knight | None, then: Knight, named: Named) -> list[Text]:
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
        return [Message("{player} acts as the Black Knight again.", player=named(then.actor))]
    if then.stage == "raid-piece" and then.actor:
        assert then.victim is not None  # the stage comes with its victim (raid-piece-wanted)
        return [
            Message(
                "{player} chooses again which piece to take from {victim}.",
                player=named(then.actor),
                victim=named(then.victim),
            )
        ]
    if then.stage == "pay" and then.actor:
        return [Message("{player} pays the accepted offer again.", player=named(then.actor))]
    if then.stage == "promise" and then.actor:
        return [Message("{player} decides again what to hand over of the promised loot.", player=named(then.actor))]
    if then.stage == "duel" and (now is None or now.stage != then.stage):
        return [Message("{players} duel for the Black Knight again.", players=Join(*map(named, then.knights)))]
    if then.stage == "haggle-roll" and (now is None or now.stage != then.stage):
        return [Message("{players} decide again who names the first offerer.", players=Join(*map(named, then.knights)))]
    if then.stage == "choose-first" and then.decider:
        return [Message("{player} names who offers first again.", player=named(then.decider))]
    if then.stage == "haggle" and then.turn:
        return [Message("It is {player}'s turn to haggle again.", player=named(then.turn))]
    return []


def _taxes(cur: GameState, res: GameState) -> list[Text]:
    named = people(res)
    out: list[Text] = []
    for who, kind in res.taxes:
        if (who, kind) not in cur.taxes:
            out.append(Message("{player} owes the royal tax on {coin} again.", player=named(who), coin=Word(kind)))
    for who, kind in cur.taxes:
        if (who, kind) not in res.taxes:
            out.append(Message("{player} no longer owes the royal tax on {coin}.", player=named(who), coin=Word(kind)))
    return out
