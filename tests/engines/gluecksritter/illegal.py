"""Commands the rules of Die Glücksritter must refuse in a given state: wrong phase, unknown
player, cards not in hand, offers that do not top, payments that do not cover, and so on.
Used by the property tests to check that every refusal changes nothing."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from engines.core.correction import Correct
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import (
    AcceptOffer,
    BuyPieces,
    ChooseActions,
    ChooseFirstOfferer,
    Decline,
    DeclineToOffer,
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
)
from engines.gluecksritter.rules import COLOURS
from engines.gluecksritter.state import GameState
from tests.engines.gluecksritter.autoplay import (
    CASTLE_LIMIT,
    DUCAT_CARD_MAX,
    OVER,
    PIECE_OF_FIELD,
    RANSOM_PRICE,
    A,
    B,
    C,
    D,
    field_open,
    knight_stage,
    player_colours,
    ransom_window,
)

#
# Every builder returns a command the rules refuse in ``state`` whatever the reason checked
# first (several of them would be refused for more than one reason), or None when it has
# nothing certain to offer in this state.


def _ghost(state: GameState, rng: random.Random) -> str:
    absent = [c for c in COLOURS if not state.has_player(c)]
    return rng.choice(absent + ["purple", "", "Red", "red "])


def _ill_unknown_player(state: GameState, rng: random.Random) -> Any:
    ghost = _ghost(state, rng)
    someone = rng.choice(player_colours(state))
    doc = rng.choice([k.id for k in state.rules.documents])
    return rng.choice(
        [
            ChooseActions(ghost, (1, 2)),
            PlayDocument(ghost, doc),
            Ransom(ghost),
            TakeDocument(ghost, doc),
            Decline(ghost),
            BuyPieces(ghost, 1),
            KnightAct(ghost, "pass"),
            KnightAct(someone, "raid", victim=ghost, face=1),
            RaidPiece(ghost, "wall"),
            RollDie(ghost, 3),
            ChooseFirstOfferer(ghost, someone),
            ChooseFirstOfferer(someone, ghost),
            MakeOffer(ghost, loot_promise=1),
            AcceptOffer(ghost),
            DeclineToOffer(ghost),
            PayRoyalTax(ghost),
            Correct(f"{ghost}.silver", 1, "a player who is not here"),
        ]
    )


def _ill_wrong_phase(state: GameState, rng: random.Random) -> Any:
    colour = rng.choice(player_colours(state))
    player = state.player(colour)
    taxed = bool(state.taxes)
    over = state.phase == OVER
    options: list[Any] = []
    if state.phase != A or taxed:
        if state.rules.digital_sack:
            options.append(PlaceDucats(1, 1, draws=(0, 0)))
        else:
            options.append(PlaceDucats(0, 0, field5=Coins(), field6=Coins()))
    if state.phase != B or taxed:
        a, b = rng.sample(player.hand(), 2)
        options.append(ChooseActions(colour, (a, b)))
    if not (state.phase == B and all(p.pick is not None for p in state.players)) or taxed:
        options.append(RevealDocuments())
    if state.phase not in (C, D) or taxed:
        options.append(RevealActions())
    if not field_open(state, (1,)) or taxed or colour not in state.todo:
        pool = state.deck or state.discard or tuple(k.id for k in state.rules.documents)
        options.append(TakeDocument(colour, rng.choice(pool)))
    if not field_open(state, (1, 2, 3)) or taxed or colour not in state.todo:
        options.append(Decline(colour))
    if not field_open(state, (2, 3)) or taxed or colour not in state.todo:
        options.append(BuyPieces(colour, 1))
    stage = knight_stage(state)
    knight = state.knight
    if stage != "act" or taxed or (knight is not None and knight.actor != colour):
        options.append(KnightAct(colour, "pass"))
    if stage != "raid-piece" or taxed:
        options.append(RaidPiece(colour, rng.choice(("wall", "tower"))))
    if stage not in ("duel", "haggle-roll") or taxed:
        options.append(RollDie(colour, rng.randint(1, 6)))
    if stage != "choose-first" or taxed:
        options.append(ChooseFirstOfferer(colour, colour))
    if stage != "haggle" or taxed or (knight is not None and knight.turn != colour):
        options.append(MakeOffer(colour, loot_promise=99))
        options.append(AcceptOffer(colour))
        options.append(DeclineToOffer(colour))
    if (colour, "silver") not in state.taxes and (colour, "gold") not in state.taxes or over:
        options.append(PayRoyalTax(colour))
    if not player.knight_in_dungeon or not ransom_window(state, colour) or over:
        options.append(Ransom(colour))
    return rng.choice(options) if options else None


def _ill_cards(state: GameState, rng: random.Random) -> Any:
    colour = rng.choice(player_colours(state))
    player = state.player(colour)
    card = rng.randint(1, 6)
    options: list[Any] = [
        ChooseActions(colour, (card, card)),
        ChooseActions(colour, (0, card)),
        ChooseActions(colour, (card, 7)),
        ChooseActions(colour, (-1, card)),
    ]
    if player.knight_in_dungeon:
        options.append(ChooseActions(colour, (4, rng.choice((1, 2, 3, 5, 6)))))
    if player.pick is not None:
        a, b = rng.sample(player.hand(), 2)
        options.append(ChooseActions(colour, (a, b)))
    return rng.choice(options)


def _ill_documents(state: GameState, rng: random.Random) -> Any:
    colour = rng.choice(player_colours(state))
    player = state.player(colour)
    ids = [k.id for k in state.rules.documents]
    options: list[Any] = [PlayDocument(colour, "no-such-document"), PlayDocument(colour, "")]
    not_held = [d for d in ids if d not in player.documents]
    if not_held:
        options.append(PlayDocument(colour, rng.choice(not_held)))
    due = [k for who, k in state.taxes if who == colour]
    for doc in dict.fromkeys(player.documents):
        kind = state.rules.document(doc)
        assert kind is not None
        if (doc in player.played and not getattr(kind, "generic", False)) or state.phase == OVER:
            options.append(PlayDocument(colour, doc))  # the same card twice in a round, or too late
        if kind.seal == "red" and state.phase != B:
            options.append(PlayDocument(colour, doc))
        if kind.seal == "yellow" and kind.effect != "royal-tax-waiver":
            options.append(PlayDocument(colour, doc, kind=rng.choice(("silver", "gold"))))
        if kind.effect == "royal-tax-waiver":
            if not due:
                options.append(PlayDocument(colour, doc, kind=rng.choice((None, "silver", "gold"))))
            else:
                for k in ("silver", "gold"):
                    if k not in due:
                        options.append(PlayDocument(colour, doc, kind=k))
                if len(due) == 2:
                    options.append(PlayDocument(colour, doc))  # which tax? must be said
    return rng.choice(options)


def _ill_payments(state: GameState, rng: random.Random) -> Any:
    colour = rng.choice(player_colours(state))
    player = state.player(colour)
    doc = rng.choice(state.deck or state.discard or tuple(k.id for k in state.rules.documents))
    not_held = Coins(player.silver + RANSOM_PRICE, 0) if rng.random() < 0.5 else Coins(0, player.gold + 2)
    return rng.choice(
        [
            Ransom(colour, Coins(1, 0)),
            Ransom(colour, Coins(0, 1)),
            Ransom(colour, Coins(-2, 3)),
            Ransom(colour, not_held),
            TakeDocument(colour, doc, payment=Coins(1, 0)),
            TakeDocument(colour, doc, payment=Coins(-1, 0)),
            BuyPieces(colour, 1, payment=Coins(1, 0)),
            BuyPieces(colour, 1, payment=Coins(0, 1)),
            BuyPieces(colour, 2, payment=Coins(1, 2)),
            BuyPieces(colour, 1, payment=not_held),
            BuyPieces(colour, 1, payment=Coins(4, -1)),
        ]
    )


def _ill_fields(state: GameState, rng: random.Random) -> Any:
    colour = rng.choice(player_colours(state))
    player = state.player(colour)
    options: list[Any] = [BuyPieces(colour, 3), BuyPieces(colour, -1), BuyPieces(colour, rng.randint(3, 99))]
    ids = {k.id for k in state.rules.documents}
    pool = state.deck or state.discard
    absent = sorted(ids - set(pool)) + ["no-such-document"]
    options.append(TakeDocument(colour, rng.choice(absent)))
    if field_open(state, (2, 3)) and colour in state.todo:
        piece = PIECE_OF_FIELD[state.field]
        room = CASTLE_LIMIT - (player.walls if piece == "wall" else player.towers)
        supply = state.supply_walls if piece == "wall" else state.supply_towers
        if min(room, supply) < 2:
            options.append(BuyPieces(colour, min(room, supply) + 1))
    return rng.choice(options)


def _ill_knight(state: GameState, rng: random.Random) -> Any:
    stage = knight_stage(state)
    k = state.knight
    if stage is None or k is None or stage == "done":
        return None
    colours = player_colours(state)
    outsiders = [c for c in colours if c not in k.knights]
    options: list[Any] = []
    if stage == "act":
        actor = k.actor
        assert actor is not None
        others = [c for c in colours if c != actor]
        options += [
            KnightAct(rng.choice(others), "pass"),
            KnightAct(actor, "raid", victim=actor, face=1),
            KnightAct(actor, "raid", victim=rng.choice(others), face=rng.choice((0, 7, -1, 12))),
            KnightAct(actor, "raid", victim=None, face=3),
            KnightAct(actor, "raid", victim=rng.choice(others), face=None),
            KnightAct(actor, "field5", victim=rng.choice(others)),
            KnightAct(actor, "field6", face=2),
        ]
    elif stage == "raid-piece":
        actor = k.actor
        options += [RaidPiece(c, "wall") for c in colours if c != actor]
    elif stage == "pay":
        actor = k.actor
        assert actor is not None
        held = state.player(actor).coins
        options += [PayOffer(c) for c in colours if c != actor]
        options += [PayOffer(actor, payment=Coins(held.silver + 1, 0)), PayOffer(actor, payment=Coins(-1, 1))]
        options += [KnightAct(actor, "pass"), KeepLoot(actor)]
    elif stage == "promise":
        actor = k.actor
        options += [KeepLoot(c) for c in colours if c != actor] + [KnightAct(actor or "", "pass")]
    elif stage in ("duel", "haggle-roll"):
        rolled = [who for who, _ in k.rolls]
        options += [RollDie(rng.choice(k.knights), rng.choice((0, 7, -3)))]
        options += [RollDie(c, 3) for c in outsiders + rolled]
    elif stage == "choose-first":
        options += [ChooseFirstOfferer(c, k.knights[0]) for c in colours if c != k.decider]
        options += [ChooseFirstOfferer(k.decider or "", c) for c in outsiders]
    elif stage == "haggle":
        turn = k.turn
        assert turn is not None
        me = state.player(turn)
        waiting = [c for c in colours if c != turn]
        options += [MakeOffer(c, loot_promise=1000) for c in waiting]
        options += [AcceptOffer(c) for c in waiting] + [DeclineToOffer(c) for c in waiting]
        options += [
            MakeOffer(turn),
            MakeOffer(turn, ducats=-1, loot_promise=50),
            MakeOffer(turn, loot_promise=-1, ducats=min(me.coins.value, 1) + 60),
            MakeOffer(turn, ducats=me.coins.value + 1),
            MakeOffer(turn, walls=me.walls + 1, loot_promise=40),
            MakeOffer(turn, towers=me.towers + 1, loot_promise=40),
        ]
        if k.offer is not None:
            last = k.offer.value
            ducats = rng.randint(0, min(me.coins.value, last))
            options += [
                MakeOffer(turn, loot_promise=last),
                MakeOffer(turn, ducats=ducats, loot_promise=rng.randint(0, last - ducats)),
                DeclineToOffer(turn),
            ]
        else:
            options.append(AcceptOffer(turn))
    return rng.choice(options) if options else None


def _ill_ducats(state: GameState, rng: random.Random) -> Any:
    top, bottom = rng.randint(0, DUCAT_CARD_MAX), rng.randint(0, DUCAT_CARD_MAX)
    in_sack = state.sack.count
    want5 = min(top, in_sack)
    want6 = min(bottom, in_sack - want5)
    options: list[Any] = []
    if state.rules.digital_sack:
        draws = tuple(0 for _ in range(want5 + want6))
        options += [
            PlaceDucats(21, bottom, draws=draws),
            PlaceDucats(top, -1, draws=draws),
            PlaceDucats(top, bottom, field5=Coins(want5, 0), field6=Coins(want6, 0)),
            PlaceDucats(top, bottom, draws=draws + (0,)),
            PlaceDucats(top, bottom),
        ]
        if draws:
            options.append(PlaceDucats(top, bottom, draws=(in_sack,) + draws[1:]))
            options.append(PlaceDucats(top, bottom, draws=(-1,) + draws[1:]))
    else:
        five, six = Coins(want5, 0), Coins(want6, 0)
        options += [
            PlaceDucats(-1, bottom, field5=five, field6=six),
            PlaceDucats(top, 25, field5=five, field6=six),
            PlaceDucats(top, bottom, field5=Coins(want5 + 1, 0), field6=six),
            PlaceDucats(top, bottom, field5=five, field6=Coins(0, want6 + 1)),
            PlaceDucats(top, bottom, field5=Coins(-1, want5 + 1), field6=six),
            PlaceDucats(top, bottom, field5=five),
            PlaceDucats(top, bottom, draws=tuple(0 for _ in range(want5 + want6))),
        ]
        if state.sack.gold < want5 + want6:
            options.append(PlaceDucats(top, bottom, field5=Coins(0, want5), field6=Coins(0, want6)))
    return rng.choice(options)


def _ill_correction(state: GameState, rng: random.Random) -> Any:
    colour = rng.choice(player_colours(state))
    player = state.player(colour)
    field = rng.choice(("field5", "field6"))
    return rng.choice(
        [
            Correct(f"{colour}.silver", 1, ""),
            Correct(f"{colour}.gold", 1, "   \n"),
            Correct("sack.silver", state.sack.silver, "the sack"),
            Correct("sack.gold", 0, "the sack"),
            Correct("deck", 1, "the deck"),
            Correct("discard", 0, "the discard"),
            Correct("round", 1, "the round"),
            Correct("supply.walls", 3, "the supply"),
            Correct(f"{colour}.documents", 0, "documents"),
            Correct(f"{colour}.walls", 5, "too many"),
            Correct(f"{colour}.towers", rng.randint(5, 40), "too many"),
            Correct(f"{colour}.walls", -1, "negative"),
            Correct(f"{colour}.silver", -1, "negative"),
            Correct(f"{colour}.silver", player.silver + state.sack.silver + 1, "more than the sack has"),
            Correct(f"{colour}.gold", player.gold + state.sack.gold + rng.randint(1, 5), "more than the sack has"),
            Correct(f"{field}.gold", state.pile(field).gold + state.sack.gold + 1, "more than the sack has"),
            Correct(f"{colour}.knight-in-dungeon", rng.choice((2, -1)), "neither in nor out"),
            Correct("nonsense", 0, "no such counter"),
            Correct(colour, 0, "no such counter"),
            Correct(f"{colour}.pick", 1, "no such counter"),
        ]
    )


def _ill_taxes(state: GameState, rng: random.Random) -> Any:
    free = [p.colour for p in state.players if not any(who == p.colour for who, _ in state.taxes)]
    return PayRoyalTax(rng.choice(free)) if free else None


def _ill_hand_over(state: GameState, rng: random.Random) -> Any:
    colours = player_colours(state)
    giver, receiver = rng.sample(colours, 2)
    held = state.player(giver)
    options: list[Any] = [
        HandOver(giver, giver, coins=Coins(1, 0)),
        HandOver("sack", "supply", walls=1),
        HandOver("sack", receiver, walls=1),
        HandOver("supply", receiver, coins=Coins(1, 0)),
        HandOver(giver, receiver),
        HandOver(giver, receiver, coins=Coins(-1, 0)),
        HandOver(giver, receiver, coins=Coins(held.silver + 1, 0)),
        HandOver(giver, receiver, towers=held.towers + 1),
        HandOver("sack", receiver, coins=Coins(0, state.sack.gold + 1)),
        HandOver("field6", receiver, coins=Coins(1, 0)),
        HandOver("sack", receiver, coins=Coins(1, 0), document="no-such-document"),
    ]
    full = [p.colour for p in state.players if p.walls == CASTLE_LIMIT]
    if full and state.supply_walls:
        options.append(HandOver("supply", rng.choice(full), walls=1))
    return rng.choice(options)


def _ill_ransom(state: GameState, rng: random.Random) -> Any:
    options = [Ransom(p.colour) for p in state.players if not ransom_window(state, p.colour)]
    return rng.choice(options) if options else None


ILLEGAL_BUILDERS: tuple[Callable[[GameState, random.Random], Any], ...] = (
    _ill_unknown_player,
    _ill_wrong_phase,
    _ill_cards,
    _ill_documents,
    _ill_payments,
    _ill_fields,
    _ill_knight,
    _ill_ducats,
    _ill_correction,
    _ill_taxes,
    _ill_ransom,
    _ill_hand_over,
)


def illegal_command(state: GameState, rng: random.Random) -> Any:
    """A random command the rules refuse in ``state``."""
    builders = list(ILLEGAL_BUILDERS)
    rng.shuffle(builders)
    for build in builders:
        command = build(state, rng)
        if command is not None:
            return command
    return _ill_unknown_player(state, rng)  # pragma: no cover - always has something


def illegal_commands(state: GameState, rng: random.Random, count: int) -> list[Any]:
    """``count`` random commands the rules refuse in ``state``."""
    return [illegal_command(state, rng) for _ in range(count)]


def illegal_stream(state: GameState, rng: random.Random) -> Iterator[Any]:
    """An endless generator of random commands the rules refuse in ``state``."""
    while True:
        yield illegal_command(state, rng)
