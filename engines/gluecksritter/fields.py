"""Phase E: fields 1 to 6 in order, and the end of the round.

Players' decisions on fields 1 to 3 are commands; everything that needs no decision (opening
and closing fields, splitting fields 5 and 6, the end of the round and the victory check) is an
automatic step that ``decide`` appends after the command that made it possible.
"""

from __future__ import annotations

from engines.core.errors import RuleViolation
from engines.gluecksritter import events as ev
from engines.gluecksritter.coins import split
from engines.gluecksritter.commands import BuyPieces, Decline, TakeDocument
from engines.gluecksritter.knight import dungeon_step, start_knights
from engines.gluecksritter.payment import can_afford, pay_sack
from engines.gluecksritter.round_end import last_field_done
from engines.gluecksritter.rules import CASTLE_LIMIT, FIELD1_SHARED_PRICE, PIECE_OF_FIELD, PIECE_PRICES
from engines.gluecksritter.state import RESOLVE, GameState


def _require_turn(state: GameState, player: str, fields: tuple[int, ...]) -> int:
    if state.phase != RESOLVE or not state.field_open or state.field not in fields:
        wanted = f"field {fields[0]}" if len(fields) == 1 else f"fields {fields[0]} to {fields[-1]}"
        raise RuleViolation(
            "resolve.not-now", f"this is a decision for {wanted}, and none of them is being resolved now"
        )
    if player not in state.todo:
        passed = dict(state.passed_over)
        if player in passed:
            raise RuleViolation("resolve.passed-over", passed[player])
        if player in state.pickers(state.field):
            raise RuleViolation("resolve.decided", f"{player} has already decided on field {state.field}")
        raise RuleViolation("resolve.not-present", f"{player} did not play card {state.field}")
    return state.field


def piece_price(state: GameState, field: int) -> int:
    alone, shared = PIECE_PRICES[PIECE_OF_FIELD[field]]
    return alone if len(state.pickers(field)) == 1 else shared


def document_price(state: GameState) -> int:
    return 0 if len(state.pickers(1)) == 1 else FIELD1_SHARED_PRICE


def room_for(state: GameState, player: str, piece: str) -> int:
    p = state.player(player)
    return CASTLE_LIMIT - (p.walls if piece == "wall" else p.towers)


def take_document(state: GameState, cmd: TakeDocument) -> list:
    _require_turn(state, cmd.player, (1,))
    price = document_price(state)
    if price == 0 and cmd.payment is not None and cmd.payment.value:
        raise RuleViolation("field1.free", "a lone Brother Jacob gives the document for nothing: no payment")
    events: list = pay_sack(state, cmd.player, price, cmd.payment, "a document") if price else []
    deck = state.deck
    if not deck:
        if not state.discard:
            raise RuleViolation("field1.no-documents", "no document is left in the deck or among the played ones")
        events.append(ev.DeckReshuffled(len(state.discard)))
        deck = state.discard
    if cmd.document not in deck:
        known = state.rules.document(cmd.document)
        what = f"no {known.name!r} is left in the deck" if known else f"there is no document {cmd.document!r}"
        raise RuleViolation("field1.document", what)
    return events + [ev.DocumentDrawn(cmd.player, cmd.document), ev.PlayerDone(cmd.player)]


def decline(state: GameState, cmd: Decline) -> list:
    _require_turn(state, cmd.player, (1, 2, 3))
    return [ev.PlayerDone(cmd.player)]


def buy_pieces(state: GameState, cmd: BuyPieces) -> list:
    field = _require_turn(state, cmd.player, (2, 3))
    piece = PIECE_OF_FIELD[field]
    if not 0 <= cmd.count <= 2:
        raise RuleViolation(f"field{field}.max-two", f"a player buys 0, 1 or 2 {piece}s, not {cmd.count}")
    if cmd.count == 0:
        return [ev.PlayerDone(cmd.player)]
    supply = state.supply_walls if piece == "wall" else state.supply_towers
    if cmd.count > supply:
        raise RuleViolation(f"field{field}.supply", f"only {supply} {piece}(s) left in the supply")
    room = room_for(state, cmd.player, piece)
    if cmd.count > room:
        raise RuleViolation(
            "castle.limit", f"a castle holds at most {CASTLE_LIMIT} {piece}s; {cmd.player} has room for {room}"
        )
    amount = cmd.count * piece_price(state, field)
    return pay_sack(state, cmd.player, amount, cmd.payment, f"{cmd.count} {piece}(s)") + [
        ev.PiecesBuilt(cmd.player, piece, cmd.count),
        ev.PlayerDone(cmd.player),
    ]


def pass_over_reason(state: GameState, player: str) -> str | None:
    """Why this player can get nothing on the open field (then nobody asks), or None."""
    field = state.field
    if field == 1:
        price = document_price(state)
        if not (state.deck or state.discard):
            return f"{player} can't draw a document (none is left) and was passed over"
        if not can_afford(state, player, price):
            return f"{player} can't pay {price} for a document and was passed over"
        return None
    piece = PIECE_OF_FIELD[field]
    supply = state.supply_walls if piece == "wall" else state.supply_towers
    price = piece_price(state, field)
    if supply == 0:
        return f"{player} can't buy a {piece} (none is left in the supply) and was passed over"
    if room_for(state, player, piece) == 0:
        return f"{player} can't build another {piece} (the castle holds {CASTLE_LIMIT}) and was passed over"
    if not can_afford(state, player, price):
        return f"{player} can't pay {price} for a {piece} and was passed over"
    return None


def _field_complete(state: GameState) -> bool:
    if state.field in (1, 2, 3):
        return not state.todo
    if state.field == 4:
        return state.knight is None or state.knight.stage == "done"
    return True


def auto_step(state: GameState) -> list | None:
    """The next step that needs nobody's decision, or None when the table must act."""
    if state.taxes or state.phase != RESOLVE:
        return None
    if state.field_open:
        if state.field in (1, 2, 3):
            reasons = ((p, pass_over_reason(state, p)) for p in state.todo)
            stuck = [ev.PlayerPassedOver(p, state.field, why) for p, why in reasons if why]
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


def open_field(state: GameState, field: int, players: tuple[str, ...]) -> list:
    events: list = [ev.FieldOpened(field, players)]
    if field == 4:
        events += start_knights(state, players)
    elif field in (5, 6):
        pile = state.field5 if field == 5 else state.field6
        share, _rest = split(pile, len(players))
        if share.count:
            events += [ev.CoinsMoved(f"field{field}", p, share, f"share of field {field}") for p in players]
    return events
