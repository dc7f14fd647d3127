"""Phase E: fields 1 to 6 in order, and the end of the round.

Players' decisions on fields 1 to 3 are commands; everything that needs no decision (opening
and closing fields, splitting fields 5 and 6, the end of the round and the victory check) is an
automatic step that ``decide`` appends after the command that made it possible.
"""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.gluecksritter import events as ev
from engines.gluecksritter.coins import Coins, split
from engines.gluecksritter.commands import BuyPieces, Decline, TakeDocument
from engines.gluecksritter.knight import dungeon_step, start_knights
from engines.gluecksritter.payment import can_afford, pay_sack
from engines.gluecksritter.round_end import last_field_done
from engines.gluecksritter.rules import CASTLE_LIMIT, FIELD1_SHARED_PRICE, PIECE_OF_FIELD, PIECE_PRICES
from engines.gluecksritter.state import RESOLVE, GameState


def _require_turn(state: GameState, player: str, fields: tuple[int, ...]) -> int:
    if state.phase != RESOLVE or not state.field_open or state.field not in fields:
        if len(fields) == 1:
            raise RuleViolation(
                "resolve.not-now",
                "this is a decision for field {field}, and none of them is being resolved now",
                field=fields[0],
            )
        raise RuleViolation(
            "resolve.not-now",
            "this is a decision for fields {first} to {last}, and none of them is being resolved now",
            first=fields[0],
            last=fields[-1],
        )
    if player not in state.todo:
        passed = dict(state.passed_over)
        if player in passed:
            raise _passed_over(state, player, passed[player])
        if player in state.pickers(state.field):
            raise RuleViolation(
                "resolve.decided", "{player} has already decided on field {field}", player=player, field=state.field
            )
        raise RuleViolation("resolve.not-present", "{player} did not play card {card}", player=player, card=state.field)
    return state.field


def _passed_over(state: GameState, player: str, reason: str) -> RuleViolation:
    """The refusal of a player passed over on the open field: the reason he was passed over with,
    as the state still shows it, else (a hand-over or a correction has changed it since) only
    that he was."""
    refusal = pass_over(state, player)
    if refusal is not None and refusal.message == reason:
        return refusal
    return RuleViolation(
        "resolve.passed-over", "{player} was passed over on field {field}", player=player, field=state.field
    )


def piece_price(state: GameState, field: int) -> int:
    alone, shared = PIECE_PRICES[PIECE_OF_FIELD[field]]
    return alone if len(state.pickers(field)) == 1 else shared


def document_price(state: GameState) -> int:
    return 0 if len(state.pickers(1)) == 1 else FIELD1_SHARED_PRICE


def room_for(state: GameState, player: str, piece: str) -> int:
    p = state.player(player)
    return CASTLE_LIMIT - (p.walls if piece == "wall" else p.towers)


def take_document(state: GameState, cmd: TakeDocument) -> list[ev.Event]:
    _require_turn(state, cmd.player, (1,))
    price = document_price(state)
    if price == 0 and cmd.payment is not None and cmd.payment.value:
        raise RuleViolation("field1.free", "a lone Brother Jacob gives the document for nothing: no payment")
    events: list[ev.Event] = pay_sack(state, cmd.player, price, cmd.payment, "a document") if price else []
    deck = state.deck
    if not deck:
        if not state.discard:
            raise RuleViolation("field1.no-documents", "no document is left in the deck or among the played ones")
        events.append(ev.DeckReshuffled(len(state.discard)))
        deck = state.discard
    if cmd.document not in deck:
        if state.rules.document(cmd.document) is not None:
            raise RuleViolation("field1.document", "no '{document}' is left in the deck", document=cmd.document)
        raise RuleViolation("field1.document", "there is no document '{document}'", document=cmd.document)
    return events + [ev.DocumentDrawn(cmd.player, cmd.document), ev.PlayerDone(cmd.player)]


def decline(state: GameState, cmd: Decline) -> list[ev.Event]:
    _require_turn(state, cmd.player, (1, 2, 3))
    return [ev.PlayerDone(cmd.player)]


def buy_pieces(state: GameState, cmd: BuyPieces) -> list[ev.Event]:
    field = _require_turn(state, cmd.player, (2, 3))
    piece = PIECE_OF_FIELD[field]
    walls = piece == "wall"
    if not 0 <= cmd.count <= 2 and walls:
        raise RuleViolation("field2.max-two", "a player buys 0, 1 or 2 walls, not {count}", count=cmd.count)
    if not 0 <= cmd.count <= 2:
        raise RuleViolation("field3.max-two", "a player buys 0, 1 or 2 towers, not {count}", count=cmd.count)
    if cmd.count == 0:
        return [ev.PlayerDone(cmd.player)]
    supply = state.supply_walls if walls else state.supply_towers
    if cmd.count > supply:
        raise _short_supply(piece, supply)
    room = room_for(state, cmd.player, piece)
    if cmd.count > room:
        raise castle_full(piece, cmd.player, room)
    amount = cmd.count * piece_price(state, field)
    held = state.player(cmd.player).coins
    if cmd.payment is None and held.value < amount:
        raise _unaffordable_pieces(piece, cmd.player, cmd.count, amount, held)
    return pay_sack(state, cmd.player, amount, cmd.payment, f"{cmd.count} {piece}(s)") + [
        ev.PiecesBuilt(cmd.player, piece, cmd.count),
        ev.PlayerDone(cmd.player),
    ]


def _short_supply(piece: str, supply: int) -> RuleViolation:
    """More pieces asked for than the supply holds (a player buys at most 2, so 0 or 1 are left)."""
    if supply == 0:
        if piece == "wall":
            return RuleViolation("field2.supply", "no wall is left in the supply")
        return RuleViolation("field3.supply", "no tower is left in the supply")
    if piece == "wall":
        return RuleViolation("field2.supply", "only 1 wall is left in the supply")
    return RuleViolation("field3.supply", "only 1 tower is left in the supply")


def _unaffordable_pieces(piece: str, player: str, count: int, amount: int, held: Coins) -> RuleViolation:
    """A purchase of 1 or 2 pieces the player's coins do not cover, one sentence per piece and count."""
    values = {"player": player, "ducats": amount, "silver": held.silver, "gold": held.gold}
    if count == 1 and piece == "wall":
        return RuleViolation(
            "payment.afford",
            "{player} cannot pay {ducats} Ducats for a wall (holds {silver} silver and {gold} gold)",
            **values,
        )
    if count == 1:
        return RuleViolation(
            "payment.afford",
            "{player} cannot pay {ducats} Ducats for a tower (holds {silver} silver and {gold} gold)",
            **values,
        )
    if piece == "wall":
        return RuleViolation(
            "payment.afford",
            "{player} cannot pay {ducats} Ducats for 2 walls (holds {silver} silver and {gold} gold)",
            **values,
        )
    return RuleViolation(
        "payment.afford",
        "{player} cannot pay {ducats} Ducats for 2 towers (holds {silver} silver and {gold} gold)",
        **values,
    )


def castle_full(piece: str, player: str, room: int) -> RuleViolation:
    """More walls or towers than ``player``'s castle has room for."""
    if piece == "wall":
        return RuleViolation(
            "castle.limit",
            "a castle holds at most {limit} walls; {player} has room for {room}",
            limit=CASTLE_LIMIT,
            player=player,
            room=room,
        )
    return RuleViolation(
        "castle.limit",
        "a castle holds at most {limit} towers; {player} has room for {room}",
        limit=CASTLE_LIMIT,
        player=player,
        room=room,
    )


def pass_over(state: GameState, player: str) -> RuleViolation | None:
    """Why this player can get nothing on the open field (then nobody asks), or None: the refusal
    of his decisions on it, whose message is the reason the passing over records."""
    field = state.field
    if field == 1:
        price = document_price(state)
        if not (state.deck or state.discard):
            return RuleViolation(
                "resolve.passed-over",
                "{player} can't draw a document (none is left) and was passed over",
                player=player,
            )
        if not can_afford(state, player, price):
            return RuleViolation(
                "resolve.passed-over",
                "{player} can't pay {price} for a document and was passed over",
                player=player,
                price=price,
            )
        return None
    piece = PIECE_OF_FIELD[field]
    walls = piece == "wall"
    supply = state.supply_walls if walls else state.supply_towers
    price = piece_price(state, field)
    if supply == 0 and walls:
        return RuleViolation(
            "resolve.passed-over",
            "{player} can't buy a wall (none is left in the supply) and was passed over",
            player=player,
        )
    if supply == 0:
        return RuleViolation(
            "resolve.passed-over",
            "{player} can't buy a tower (none is left in the supply) and was passed over",
            player=player,
        )
    room = room_for(state, player, piece)
    if room == 0 and walls:
        return RuleViolation(
            "resolve.passed-over",
            "{player} can't build another wall (the castle holds {limit}) and was passed over",
            player=player,
            limit=CASTLE_LIMIT,
        )
    if room == 0:
        return RuleViolation(
            "resolve.passed-over",
            "{player} can't build another tower (the castle holds {limit}) and was passed over",
            player=player,
            limit=CASTLE_LIMIT,
        )
    if can_afford(state, player, price):
        return None
    if walls:
        return RuleViolation(
            "resolve.passed-over",
            "{player} can't pay {price} for a wall and was passed over",
            player=player,
            price=price,
        )
    return RuleViolation(
        "resolve.passed-over",
        "{player} can't pay {price} for a tower and was passed over",
        player=player,
        price=price,
    )


def _field_complete(state: GameState) -> bool:
    if state.field in (1, 2, 3):
        return not state.todo
    if state.field == 4:
        return state.knight is None or state.knight.stage == "done"
    return True


def auto_step(state: GameState) -> list[ev.Event] | None:
    """The next step that needs nobody's decision, or None when the table must act."""
    if state.taxes or state.phase != RESOLVE:
        return None
    if state.field_open:
        if state.field in (1, 2, 3):
            reasons = ((p, pass_over(state, p)) for p in state.todo)
            stuck: list[ev.Event] = [
                ev.PlayerPassedOver(p, state.field, why.message) for p, why in reasons if why is not None
            ]
            if stuck:
                return stuck
        if state.field == 4 and (held := dungeon_step(state)):
            return held
        if _field_complete(state):
            return [ev.FieldClosed(state.field)]
        return None
    for field in range(state.field + 1, 7):
        players = state.pickers(field)
        if players:
            return open_field(state, field, players)
    return last_field_done(state)


def open_field(state: GameState, field: int, players: tuple[str, ...]) -> list[ev.Event]:
    events: list[ev.Event] = [ev.FieldOpened(field, players)]
    if field == 4:
        events += start_knights(state, players)
    elif field in (5, 6):
        pile = state.field5 if field == 5 else state.field6
        share, _rest = split(pile, len(players))
        if share.count:
            events += [ev.CoinsMoved(f"field{field}", p, share, f"share of field {field}") for p in players]
    return events
