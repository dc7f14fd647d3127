"""A seeded random table for Die Glücksritter: plausible legal commands, and illegal ones.

The table looks at :func:`engines.gluecksritter.views.awaiting` to see whose decision is due and
which command types fit, builds a plausible command for it from a ``random.Random`` (dice,
Ducat cards, blind draws from the sack and the players' choices are all drawn from that one
generator, so a seed replays a whole game), and hands it to a :class:`engines.core.History`.
When the engine refuses a command the table tries other choices; the fallbacks always contain a
command that the rules allow (count 0, decline, pass, accept, pay), so a refusal of every choice
means a defect and raises :class:`Stuck`.

Besides what ``awaiting`` asks for, the table now and then plays a document from a hand,
ransoms a knight in the ransom window of the rule set and corrects a counter, as a real table
does.

Commands the rules must refuse are built by :mod:`tests.engines.gluecksritter.illegal`.

Used by the property tests (``tests/engines/gluecksritter/test_properties.py``) and by the
replay benchmark (``bench/replay.py``).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engines.core.correction import Correct
from engines.core.errors import RuleViolation
from engines.core.history import History
from engines.gluecksritter import GAME, Setup
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import (
    AcceptOffer,
    ApplyDocument,
    BuyPieces,
    ChooseActions,
    ChooseFirstOfferer,
    Decline,
    DeclineToOffer,
    EndRound,
    HandOver,
    KeepLoot,
    KnightAct,
    MakeOffer,
    PayOffer,
    PayRoyalTax,
    PlaceDucats,
    PlayDocument,
    RaidPiece,
    Ransom,
    RevealActions,
    RevealDocuments,
    RollDie,
    TakeDocument,
    Transfer,
)
from engines.gluecksritter.effects import effects_due
from engines.gluecksritter.knight import other_knight
from engines.gluecksritter.rules import COLOURS, OSULLIVAN, SCHMIDT, DocumentSpec
from engines.gluecksritter.state import GameState
from engines.gluecksritter.views import awaiting

__all__ = [
    "RULESETS",
    "Stuck",
    "Style",
    "candidates",
    "new_history",
    "play",
    "play_step",
    "random_setup",
    "unique_catalogue",
]

RULESETS = (SCHMIDT, OSULLIVAN)

# Facts of the box the table knows by heart (the engine has its own copy; a mismatch shows up
# as refusals, which the table survives, not as wrong commands slipping through).
CASTLE_LIMIT = 4
RANSOM_PRICE = 4
FIELD1_SHARED_PRICE = 4
PIECE_PRICES = {"wall": (4, 6), "tower": (5, 7)}  # alone, shared
PIECE_OF_FIELD = {2: "wall", 3: "tower"}
DUCAT_CARD_MAX = 6  # the physical Ducat cards show 0..6 (the engine accepts up to 20)

# phases
A, B, C, D, E, OVER = "A", "B", "C", "D", "E", "over"


class Stuck(AssertionError):
    """Every choice the table could think of was refused: the engine (or this table) is wrong."""


@dataclass(frozen=True)
class Style:
    """How the table likes to play; probabilities per opportunity."""

    document: float = 0.06  # per step: somebody plays a document from hand
    ransom: float = 0.35  # per step in the ransom window: a jailed knight's owner buys it out
    correction: float = 0.004  # per step: the table corrects a counter by hand
    explicit_payment: float = 0.4  # the player names the coins instead of taking the proposal
    take_document: float = 0.6  # on field 1: draw rather than decline
    buy: float = 0.85  # on fields 2/3: buy rather than pass
    gift: float = 0.7  # a royal tax is due and a Gift is in hand: play it
    offer: float = 0.75  # haggling without an offer yet: make one rather than decline
    accept: float = 0.45  # haggling: accept the offer rather than top it
    raid: float = 0.45  # the acting knight raids (else takes gold of field 5 or 6, rarely passes)
    keep_promise: float = 0.5  # the haggling winner hands over (all or part of) the promised loot
    hand_over: float = 0.005  # per step: a document's effect moves coins or a castle piece


DEFAULT_STYLE = Style()


# --------------------------------------------------------------------------- set-up


def unique_catalogue() -> tuple[DocumentSpec, ...]:
    """25 documents, each with an id of its own (3 Gifts, 11 red, 11 yellow).

    With it, a document id in a serialised public view or event really is that card,
    which makes "no secret document id is visible" a plain text search.
    """
    docs = [
        DocumentSpec(id=f"gift-{i:02d}", name=f"Gift {i}", seal="yellow", count=1, effect="royal-tax-waiver")
        for i in range(1, 4)
    ]
    docs += [DocumentSpec(id=f"red-doc-{i:02d}", name=f"Red {i}", seal="red", count=1) for i in range(1, 12)]
    docs += [DocumentSpec(id=f"yellow-doc-{i:02d}", name=f"Yellow {i}", seal="yellow", count=1) for i in range(1, 12)]
    return tuple(docs)


def default_catalogue() -> tuple[DocumentSpec, ...]:
    from companion.catalogue import load_catalogue

    return load_catalogue()


def random_setup(
    rng: random.Random,
    players: int,
    ruleset: str = SCHMIDT,
    *,
    digital_sack: bool = False,
    change_from_sack: bool = True,
    special_die: Sequence[str] | None = None,
    documents: Sequence[DocumentSpec] | None = None,
    shuffle_colours: bool = True,
) -> Setup:
    """A table of ``players`` colours (a random choice and seating order unless told otherwise)."""
    colours = rng.sample(COLOURS, players) if shuffle_colours else list(COLOURS[:players])
    kwargs: dict[str, Any] = {}
    if special_die is not None:
        kwargs["special_die"] = tuple(special_die)
    return Setup(
        rules=ruleset,
        players=tuple(colours),
        digital_sack=digital_sack,
        change_from_sack=change_from_sack,
        documents=tuple(documents) if documents is not None else default_catalogue(),
        **kwargs,
    )


def new_history(
    rng: random.Random,
    players: int,
    ruleset: str = SCHMIDT,
    *,
    check_every_event: bool = True,
    **settings: Any,
) -> History:
    """A fresh History of Die Glücksritter for ``players`` (3-6) under ``ruleset``."""
    return History(GAME, random_setup(rng, players, ruleset, **settings), check_every_event=check_every_event)


# --------------------------------------------------------------------------- helpers


def field_open(state: GameState, fields: Sequence[int]) -> bool:
    return state.phase == E and state.field_open and state.field in fields


def knight_stage(state: GameState) -> str | None:
    if field_open(state, (4,)) and state.knight is not None:
        return state.knight.stage
    return None


def player_colours(state: GameState) -> list[str]:
    return [p.colour for p in state.players]


def _exact_payments(held: Coins, amount: int) -> list[Coins]:
    return [
        Coins(amount - 2 * g, g) for g in range(0, min(held.gold, amount // 2) + 1) if amount - 2 * g <= held.silver
    ]


def _payment(rng: random.Random, style: Style, held: Coins, amount: int) -> Coins | None:
    """None (take the app's proposal) or coins the player names for ``amount``."""
    if amount <= 0 or rng.random() >= style.explicit_payment:
        return None
    exact = _exact_payments(held, amount)
    if exact:
        return rng.choice(exact)
    if held.value >= amount:  # only gold, odd price: one Ducat too many
        return Coins(0, (amount + 1) // 2)
    return None


def _field_price(state: GameState, field: int) -> int:
    shared = len(state.pickers(field)) > 1
    if field == 1:
        return FIELD1_SHARED_PRICE if shared else 0
    alone, together = PIECE_PRICES[PIECE_OF_FIELD[field]]
    return together if shared else alone


def ransom_window(state: GameState, colour: str) -> bool:
    player = state.player(colour)
    if not player.knight_in_dungeon or state.taxes:
        return False
    if state.rules.ruleset == OSULLIVAN:
        return state.phase in (C, D)  # the first ransom after the documents opens phase D
    return state.phase == A or (state.phase == B and player.pick is None)


def _document_playable(state: GameState, colour: str, doc: str) -> bool:
    """Would the rules let ``colour`` play ``doc`` now (a Gift only against a tax due)?"""
    player = state.player(colour)
    kind = state.rules.document(doc)
    if kind is None or doc not in player.documents or state.phase == OVER:
        return False
    if doc in player.played and not getattr(kind, "generic", False):
        return False  # the same card twice in one round
    if kind.seal == "red":
        return state.phase == B
    if kind.effect == "royal-tax-waiver":
        return any(who == colour for who, _ in state.taxes)
    return True


def _blind_draw(rng: random.Random, sack: Coins, n: int) -> list[str]:
    coins = ["s"] * sack.silver + ["g"] * sack.gold
    return rng.sample(coins, n)


# --------------------------------------------------------------------------- legal commands


def _place_ducats(state: GameState, rng: random.Random, style: Style) -> Iterator[Any]:
    top, bottom = rng.randint(0, DUCAT_CARD_MAX), rng.randint(0, DUCAT_CARD_MAX)
    in_sack = state.sack.count
    want5 = min(top, in_sack)
    want6 = min(bottom, in_sack - want5)
    if state.rules.digital_sack:
        draws = tuple(rng.randrange(n) for n in range(in_sack, in_sack - want5 - want6, -1))
        yield PlaceDucats(top, bottom, draws=draws)
        yield PlaceDucats(0, 0, draws=())
    else:
        drawn = _blind_draw(rng, state.sack, want5 + want6)
        first, second = drawn[:want5], drawn[want5:]
        yield PlaceDucats(
            top,
            bottom,
            field5=Coins(first.count("s"), first.count("g")),
            field6=Coins(second.count("s"), second.count("g")),
        )
        yield PlaceDucats(0, 0, field5=Coins(), field6=Coins())


def _choose_actions(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    pairs = list(combinations(state.player(colour).hand(), 2))
    rng.shuffle(pairs)
    for a, b in pairs:
        yield ChooseActions(colour, (a, b) if rng.random() < 0.5 else (b, a))


def _take_document(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    pool = state.deck or state.discard
    held = state.player(colour).coins
    price = _field_price(state, 1)
    takes = []
    if pool:
        doc = rng.choice(pool)
        takes = [TakeDocument(colour, doc, _payment(rng, style, held, price)), TakeDocument(colour, doc)]
    if rng.random() < style.take_document:
        yield from takes
        yield Decline(colour)
    else:
        yield Decline(colour)
        yield from takes


def _buy_pieces(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    held = state.player(colour).coins
    price = _field_price(state, state.field)
    if rng.random() < style.buy:
        counts = [2, 1] if rng.random() < 0.5 else [1, 2]
        for count in counts:
            yield BuyPieces(colour, count, _payment(rng, style, held, count * price))
        for count in counts:
            yield BuyPieces(colour, count)
    if rng.random() < 0.5:
        yield Decline(colour)
        yield BuyPieces(colour, 0)
    else:
        yield BuyPieces(colour, 0)
        yield Decline(colour)


def _knight_act(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    others = [c for c in player_colours(state) if c != colour]
    raid = KnightAct(colour, "raid", victim=rng.choice(others), face=rng.randint(1, 6))
    gold = [KnightAct(colour, "field5"), KnightAct(colour, "field6")]
    rng.shuffle(gold)
    roll = rng.random()
    if roll < style.raid:
        yield raid
        yield from gold
    elif roll < 0.95:
        yield from gold
        yield raid
    yield KnightAct(colour, "pass")


def _raid_piece(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    pieces = ["wall", "tower"]
    rng.shuffle(pieces)
    for piece in pieces:
        yield RaidPiece(colour, piece)


def _roll_die(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    yield RollDie(colour, rng.randint(1, 6))


def _choose_first(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    assert state.knight is not None
    knights = list(state.knight.knights)
    rng.shuffle(knights)
    for offerer in knights:
        yield ChooseFirstOfferer(colour, offerer)


def _offer(state: GameState, rng: random.Random, colour: str) -> MakeOffer:
    k = state.knight
    assert k is not None
    me = state.player(colour)
    other = state.player(other_knight(k, colour))
    target = (k.offer.value if k.offer else 0) + rng.randint(1, 3)
    rest = target
    walls = towers = 0
    if rest >= 4 and me.walls and other.walls < CASTLE_LIMIT and rng.random() < 0.25:
        walls, rest = 1, rest - 4
    if rest >= 5 and me.towers and other.towers < CASTLE_LIMIT and rng.random() < 0.25:
        towers, rest = 1, rest - 5
    ducats = rng.randint(0, min(rest, me.coins.value))
    return MakeOffer(colour, ducats=ducats, walls=walls, towers=towers, loot_promise=rest - ducats)


def _haggle(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    k = state.knight
    assert k is not None
    if k.offer is None:
        if rng.random() < style.offer:
            yield _offer(state, rng, colour)
            yield DeclineToOffer(colour)
        else:
            yield DeclineToOffer(colour)
            yield _offer(state, rng, colour)
        yield MakeOffer(colour, loot_promise=1)
    else:
        if rng.random() < style.accept:
            yield AcceptOffer(colour)
            yield _offer(state, rng, colour)
        else:
            yield _offer(state, rng, colour)
            yield AcceptOffer(colour)
        yield MakeOffer(colour, loot_promise=k.offer.value + 1)


def _pay_offer(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    k = state.knight
    assert k is not None and k.offer is not None
    held = state.player(colour).coins
    yield PayOffer(colour, _payment(rng, style, held, min(k.offer.ducats, held.value)))
    yield PayOffer(colour)


def _answer_promise(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    """All, part or none of the promised loot: coins worth up to the promise, from what is held."""
    k = state.knight
    assert k is not None and k.offer is not None
    other = other_knight(k, colour)
    held = state.player(colour).coins
    worth = rng.randint(1, k.offer.loot_promise)
    gold = rng.randint(0, min(held.gold, worth // 2))
    coins = Coins(min(held.silver, worth - 2 * gold), gold)
    if coins.count and rng.random() < style.keep_promise:
        yield HandOver(colour, other, coins=coins)
    yield KeepLoot(colour)


def _royal_tax(state: GameState, rng: random.Random, style: Style, colour: str) -> Iterator[Any]:
    player = state.player(colour)
    due = [kind for who, kind in state.taxes if who == colour]
    gifts = [
        d
        for d in dict.fromkeys(player.documents)
        if _document_playable(state, colour, d) and state.rules.document(d).effect == "royal-tax-waiver"  # type: ignore[union-attr]
    ]
    if gifts and rng.random() < style.gift:
        gift = rng.choice(gifts)
        yield PlayDocument(colour, gift, kind=None if len(due) == 1 and rng.random() < 0.5 else rng.choice(due))
    yield PayRoyalTax(colour)


BUILDERS: dict[str, Callable[..., Iterator[Any]]] = {
    "choose-actions": _choose_actions,
    "take-document": _take_document,
    "buy-pieces": _buy_pieces,
    "knight-act": _knight_act,
    "raid-piece": _raid_piece,
    "roll-die": _roll_die,
    "choose-first-offerer": _choose_first,
    "make-offer": _haggle,
    "pay-offer": _pay_offer,
    "hand-over": _answer_promise,
    "pay-royal-tax": _royal_tax,
}
# command types that another type of the same ``awaiting`` entry already builds
COVERED = {"decline", "accept-offer", "decline-to-offer", "play-document", "keep-loot"}


def _extra_document(state: GameState, rng: random.Random, style: Style) -> Iterator[Any]:
    colours = player_colours(state)
    rng.shuffle(colours)
    for colour in colours:
        docs = [d for d in dict.fromkeys(state.player(colour).documents) if _document_playable(state, colour, d)]
        if docs:
            doc = rng.choice(docs)
            kind = state.rules.document(doc)
            assert kind is not None
            if kind.effect == "royal-tax-waiver":
                due = [k for who, k in state.taxes if who == colour]
                yield PlayDocument(colour, doc, kind=rng.choice(due))
            else:
                yield PlayDocument(colour, doc)
            return


def _extra_hand_over(state: GameState, rng: random.Random, style: Style) -> Iterator[Any]:
    """A document's effect: a coin from the sack or another player, or a castle piece from the
    supply, another castle or back to the supply; entered as the effect of a document played this
    round while one is due, or as a plain hand-over."""
    due = [(p.colour, doc) for p in state.players for doc in effects_due(state, p.colour)]
    if due:
        colour, doc = rng.choice(due)
        if state.sack.silver and rng.random() < 0.5:
            yield ApplyDocument(colour, doc, (Transfer("sack", colour, coins=Coins(1, 0)),))
        yield ApplyDocument(colour, doc)
        return
    colours = player_colours(state)
    receiver = rng.choice(colours)
    giver = rng.choice([*[c for c in colours if c != receiver], "sack", "supply"])
    piece = {"walls": 1} if rng.random() < 0.5 else {"towers": 1}
    if giver == "supply" or rng.random() < 0.3:
        yield HandOver(giver, receiver, **piece) if rng.random() < 0.5 else HandOver(receiver, "supply", **piece)
    else:
        held = state.pile(giver)
        if held.count:
            coin = Coins(1, 0) if held.silver and (not held.gold or rng.random() < 0.5) else Coins(0, 1)
            yield HandOver(giver, receiver, coins=coin)


def _extra_ransom(state: GameState, rng: random.Random, style: Style) -> Iterator[Any]:
    for p in state.players:
        if ransom_window(state, p.colour) and p.coins.value >= RANSOM_PRICE and rng.random() < style.ransom:
            yield Ransom(p.colour, _payment(rng, style, p.coins, RANSOM_PRICE))


def _extra_correction(state: GameState, rng: random.Random, style: Style) -> Iterator[Any]:
    reason = "autoplay: the table recounted"
    what = rng.choice(("player-coins", "field-coins", "castle", "dungeon"))
    if what == "player-coins":
        p = rng.choice(state.players)
        kind = rng.choice(("silver", "gold"))
        old, spare = getattr(p, kind), getattr(state.sack, kind)
        yield Correct(f"{p.colour}.{kind}", rng.randint(max(0, old - 3), old + min(spare, 3)), reason)
    elif what == "field-coins":
        field = rng.choice(("field5", "field6"))
        kind = rng.choice(("silver", "gold"))
        old, spare = getattr(state.pile(field), kind), getattr(state.sack, kind)
        yield Correct(f"{field}.{kind}", rng.randint(max(0, old - 2), old + min(spare, 2)), reason)
    elif what == "castle":
        p = rng.choice(state.players)
        kind = rng.choice(("walls", "towers"))
        old = getattr(p, kind)
        supply = state.supply_walls if kind == "walls" else state.supply_towers
        yield Correct(
            f"{p.colour}.{kind}", rng.randint(max(0, old - 1), min(CASTLE_LIMIT, old + min(supply, 1))), reason
        )
    elif state.phase == A:  # a knight's whereabouts, only while no cards are picked
        p = rng.choice(state.players)
        yield Correct(f"{p.colour}.knight-in-dungeon", rng.randint(0, 1), reason)


def candidates(state: GameState, rng: random.Random, style: Style = DEFAULT_STYLE) -> Iterator[Any]:
    """Commands worth trying now, the most plausible first; ends with ones the rules allow."""
    if state.phase == OVER:
        return
    if rng.random() < style.correction:
        yield from _extra_correction(state, rng, style)
    if rng.random() < style.document:
        yield from _extra_document(state, rng, style)
    if rng.random() < style.hand_over:
        yield from _extra_hand_over(state, rng, style)
    if style.ransom:
        yield from _extra_ransom(state, rng, style)
    needs = awaiting(state)
    rng.shuffle(needs)
    for need in needs:
        colour = need["player"]
        for ctype in need["commands"]:
            if ctype in COVERED:
                continue
            if ctype == "place-ducats":
                yield from _place_ducats(state, rng, style)
            elif ctype == "reveal-documents":
                yield RevealDocuments()
            elif ctype == "reveal-actions":
                yield RevealActions()
            elif ctype == "end-round":
                yield EndRound()
            else:
                yield from BUILDERS[ctype](state, rng, style, colour)


def play_step(
    history: History,
    rng: random.Random,
    style: Style = DEFAULT_STYLE,
    *,
    stats: Counter | None = None,
    decide_times: list[float] | None = None,
) -> Any | None:
    """Apply one legal command; return it, or None when the game is over.

    ``stats`` (a Counter) counts accepted command types and ``"refused"`` tries.
    ``decide_times`` collects the time ``decide`` took for each accepted command (then the
    events are appended with :meth:`History.restore`, which is what ``apply`` does after deciding).
    """
    state = history.state
    if state.phase == OVER:
        return None
    tried = []
    for command in candidates(state, rng, style):
        try:
            if decide_times is None:
                history.apply(command)
            else:
                start = time.perf_counter()
                events = history.game.decide(state, command)
                decide_times.append(time.perf_counter() - start)
                history.restore(command, events)
        except RuleViolation as refusal:
            tried.append((command, refusal.rule))
            if stats is not None:
                stats["refused"] += 1
            continue
        if stats is not None:
            stats[command.type] += 1
        return command
    raise Stuck(
        f"no command accepted in round {state.round}, phase {state.phase}, field {state.field}: "
        f"awaiting {awaiting(state)}; refused {tried}"
    )


def play(
    history: History,
    rng: random.Random,
    steps: int,
    style: Style = DEFAULT_STYLE,
    *,
    stats: Counter | None = None,
    decide_times: list[float] | None = None,
) -> int:
    """Apply up to ``steps`` legal commands; the number accepted (fewer once the game is over)."""
    done = 0
    for _ in range(steps):
        if play_step(history, rng, style, stats=stats, decide_times=decide_times) is None:
            break
        done += 1
    return done
