"""What the table does next in Die Glücksritter, as the screen offers it: a prompt and the options
the rules leave to the players now, each a command to send or a dialog to open. No Kivy here: the
board screen draws these, the tests read them.

The order follows the rule set's round: the Ducat card (A), the secret choice (B), documents (C),
ransoms and the reveal (D), then field by field (E), royal taxes whenever they fall due. Wherever
the rules let the table enter it, the effect of a document played this round and lying face up is
offered to its holder (``effect``) until it is entered.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from companion.app.option import Option
from companion.app.people import names, person
from companion.games.gluecksritter.table import DRAW
from companion.i18n import Join, Message, Person, Plural, Text, Word
from engines.gluecksritter import commands as c
from engines.gluecksritter.rules import HAGGLE_VALUE, OSULLIVAN, SCHMIDT
from engines.gluecksritter.view_types import GluecksritterView, OfferView


@dataclass(frozen=True, slots=True)
class Step:
    prompt: Text
    options: tuple[Option, ...] = ()
    rolls: bool = False
    """The game waits for a die: the screen shows the roll controls."""
    phase: str | None = None
    """The phase the heading names where it is not the engine's (the 2002 variant asks the ransom
    in phase D while the engine still stands in C: nobody has paid yet)."""


def _ransoms(view: GluecksritterView, now: Any) -> tuple[Option, ...]:
    """A ransom for each knight in the dungeon, when the rule set allows it now (Schmidt 1998: at
    the start of a round, before its owner chooses; the 2002 variant: after the documents)."""
    return tuple(
        paying(Message("{player} pays the ransom", player=named(p["colour"], view)), c.Ransom(p["colour"]), p["colour"])
        for p in view["players"]
        if p["knight_in_dungeon"] and now(p["colour"])
    )


def paying(label: Text, command: Any, player: str | None = None) -> Option:
    """An option that costs coins: the board asks which coins when the rules leave a choice."""
    return Option(label, dialog="pay", args={"command": command}, player=player)


def coins_words(coins: Any) -> Text:
    """A handful of coins (the engine's ``Coins``), in the same words as the game's lines."""
    from companion.games.gluecksritter.happenings import coins_text

    return coins_text({"silver": coins.silver, "gold": coins.gold})


def who(colour: str | None, view: GluecksritterView | None = None) -> Text:
    """A player by the name given (the colour beside it), or the colour; None: the whole table."""
    return person(view, colour)


def named(colour: str, view: GluecksritterView | None = None) -> Text:
    """A player on a choice's button: the name given alone, or the colour. The button is in the
    player's colour, so "Anna" says what "Anna (Rot)" says in a third of the width."""
    return names(view).get(colour) or Person(colour)


def step(view: GluecksritterView, awaited: Any, *, panel: bool) -> Step:
    """The next step for the table: ``view`` the public view, ``awaited`` the table's
    :class:`~companion.table.Awaited`, ``panel`` whether picks come from the button panel."""
    if not view["awaiting"]:
        winners = view["winners"]
        if winners:
            return Step(
                Plural(
                    "The game is over. Winner: {players}",
                    "The game is over. Winners: {players}",
                    len(winners),
                    players=Join(*(who(p, view) for p in winners)),
                )
            )
        return Step(Message("The game is over."))
    if awaited.rolls:
        roll = awaited.rolls[0]
        words = roll_text(roll, view)
        return Step(Message("{player}: {words}", player=who(roll.player, view), words=words), rolls=True)
    commands = {entry["player"]: entry["commands"] for entry in view["awaiting"]}
    first = view["awaiting"][0]["commands"][0]
    if view["taxes"]:
        return _taxes(view)
    if first == "place-ducats":
        return Step(
            Message("Round {round}: draw the Ducat card and enter its two numbers.", round=view["round"]),
            (
                *_ransoms(view, lambda p: view["rules"] == SCHMIDT),
                Option(Message("Enter the Ducat card"), dialog="ducats"),
            ),
        )
    if first == "choose-actions":
        step = _choosing(view, awaited, commands, panel)
        waiting = set(commands)
        ransoms = _ransoms(view, lambda p: view["rules"] == SCHMIDT and p in waiting)
        return Step(step.prompt, (*step.options, *ransoms))
    if first == "reveal-documents":
        return Step(
            Message("Everyone has chosen. Play documents face down now, then reveal them."),
            (*_effects(view), Option(Message("Reveal the documents"), c.RevealDocuments())),
        )
    if first == "reveal-actions":
        ransoms = _ransoms(view, lambda p: view["rules"] == OSULLIVAN)
        effects = _effects(view)
        if effects:
            prompt = Message("Enter what the documents move, then turn the action cards over.")
        elif ransoms:
            prompt = Message("Ransoms now, then turn the action cards over.")
        else:
            prompt = Message("Turn the action cards over.")
        phase = "D" if ransoms else None  # the ransom is asked: phase D, whether or not someone pays
        options = (*effects, *ransoms, Option(Message("Reveal the action cards"), c.RevealActions()))
        return Step(prompt, options, phase=phase)
    if first == "end-round":
        return Step(
            Message("The last field is done. Documents may still be played; then end the round."),
            (*_effects(view), Option(Message("End the round"), c.EndRound())),
        )
    field = _field(view, commands)
    return Step(field.prompt, (*field.options, *_effects(view)))


def _effects(view: GluecksritterView) -> tuple[Option, ...]:
    """For each document a player played this round whose effect is still to be entered (one
    option per kind of card), the way to enter what it moves."""
    from companion.games.gluecksritter.documents import quoted

    return tuple(
        Option(
            Message(
                "{player}: enter what {document} moves", player=named(p["colour"], view), document=quoted(view, doc)
            ),
            dialog="effect",
            args={"player": p["colour"], "document": doc},
            player=p["colour"],
        )
        for p in view["players"]
        for doc in dict.fromkeys(p.get("due", ()))
    )


def roll_text(roll: Any, view: GluecksritterView) -> Text:
    if roll.die == "special":
        return Message("roll the special die for the raid.")
    knight = view["knight"]
    if knight is not None and knight["stage"] == "haggle-roll":
        return Message("roll the number die: the higher roll decides who offers first.")
    return Message("roll the number die for the duel.")


def _taxes(view: GluecksritterView) -> Step:
    options = []
    for player, kind in view["taxes"]:
        options.append(
            Option(
                Message("{player} pays the royal tax on {kind}", player=named(player, view), kind=Word(kind)),
                c.PayRoyalTax(player),
                player=player,
            )
        )
    owed = Join(*(Message("{player} ({kind})", player=who(p, view), kind=Word(k)) for p, k in view["taxes"]))
    return Step(
        Message("Royal tax: {owed} reached 8 coins of one kind. Pay half, or play a Gift.", owed=owed), tuple(options)
    )


def _choosing(view: GluecksritterView, awaited: Any, commands: dict[Any, Any], panel: bool) -> Step:
    interrupted = getattr(awaited, "interrupted", False)  # a power cut took the picks locked in
    if panel:
        waiting = [p for p in awaited.choosing if p not in awaited.locked]
        players = Join(*(who(p, view) for p in waiting)) if waiting else Message("nobody")
        if interrupted:
            return Step(
                Message(
                    "The choice was cut off by a power failure: everyone chooses two action cards on their "
                    "buttons again. Still choosing: {players}",
                    players=players,
                )
            )
        return Step(Message("Choose two action cards on your buttons. Still choosing: {players}", players=players))
    options = tuple(
        Option(
            Message("{player}: choose in private", player=named(p, view)), dialog="cover", args={"player": p}, player=p
        )
        for p in commands
    )
    if interrupted:
        prompt = Message(
            "The choice was cut off by a power failure: pass the screen again, each player chooses two action cards "
            "unseen."
        )
        return Step(prompt, options)
    return Step(Message("Pass the screen: each player chooses two action cards unseen."), options)


def _field(view: GluecksritterView, commands: dict[Any, Any]) -> Step:
    number = view["field"]
    options: list[Option] = []
    for player, offered in commands.items():
        name = named(player, view)
        mine = len(options)
        if "take-document" in offered:
            options.append(paying(Message("{player} takes a document", player=name), c.TakeDocument(player, DRAW)))
        if "buy-pieces" in offered:
            piece = Message("wall") if number == 2 else Message("tower")
            options.append(paying(Message("{player} buys 1 {piece}", player=name, piece=piece), c.BuyPieces(player, 1)))
            pieces = Message("walls") if number == 2 else Message("towers")
            options.append(
                paying(Message("{player} buys 2 {pieces}", player=name, pieces=pieces), c.BuyPieces(player, 2))
            )
        if "decline" in offered:
            options.append(Option(Message("{player} takes nothing", player=name), c.Decline(player)))
        options += _knight(view, player, offered)
        options[mine:] = [replace(option, player=player) for option in options[mine:]]  # in the player's colour
    return Step(Message("Field {field}: {what}", field=number, what=_field_words(number)), tuple(options))


def _field_words(number: int | None) -> Text:
    words: dict[int | None, Text] = {
        1: Message("documents"),
        2: Message("walls"),
        3: Message("towers"),
        4: Message("the Black Knight"),
        5: Message("the coins on field 5"),
        6: Message("the coins on field 6"),
    }
    return words.get(number, Message("the fields"))


def _knight_takes(view: GluecksritterView, name: Text, field: int) -> Text:
    lying = {5: view["field5"], 6: view["field6"]}.get(field)  # only fields 5 and 6 hold coins
    gold = lying["gold"] if lying else 0
    if not gold:
        return Message("{player} takes nothing: no gold on field {field}", player=name, field=field)
    from companion.games.gluecksritter.happenings import coins_text

    coins = coins_text({"silver": 0, "gold": gold})
    return Message("{player} takes the gold from field {field}: {coins}", player=name, field=field, coins=coins)


def _knight(view: GluecksritterView, player: str, offered: list[str]) -> list[Option]:
    name = named(player, view)
    knight = view["knight"]
    options: list[Option] = []
    if "knight-act" in offered:
        gold: tuple[tuple[int, Literal["field5", "field6"]], ...] = ((5, "field5"), (6, "field6"))
        for field, action in gold:  # the Black Knight takes only the gold: the button says how much
            options.append(Option(_knight_takes(view, name, field), c.KnightAct(player, action)))
        for other in view["players"]:
            if other["colour"] != player:
                victim = other["colour"]
                options.append(
                    Option(
                        Message("{player} raids {victim}", player=name, victim=named(victim, view)),
                        c.KnightAct(player, "raid", victim=victim),
                    )
                )
        options.append(Option(Message("{player} does nothing", player=name), c.KnightAct(player, "pass")))
    if "raid-piece" in offered:
        options.append(Option(Message("{player} takes a wall", player=name), c.RaidPiece(player, "wall")))
        options.append(Option(Message("{player} takes a tower", player=name), c.RaidPiece(player, "tower")))
    if "choose-first-offerer" in offered:
        for offerer in knight["knights"] if knight is not None else ():
            options.append(
                Option(
                    Message("{offerer} offers first", offerer=named(offerer, view)),
                    c.ChooseFirstOfferer(player, offerer),
                )
            )
    if "make-offer" in offered:
        options.append(Option(Message("{player} makes an offer", player=name), dialog="offer", args={"player": player}))
    if "accept-offer" in offered:
        options.append(Option(Message("{player} accepts the offer", player=name), c.AcceptOffer(player)))
    if "reject-offer" in offered:
        options.append(Option(Message("{player} rejects the offer", player=name), c.RejectOffer(player)))
    if "decline-to-offer" in offered:
        options.append(Option(Message("{player} makes no offer", player=name), c.DeclineToOffer(player)))
    if "pay-offer" in offered:
        options.append(paying(Message("{player} pays what was offered", player=name), c.PayOffer(player)))
    if "keep-loot" in offered:
        options.append(Option(Message("{player} keeps the loot", player=name), c.KeepLoot(player)))
    if "hand-over" in offered:
        options.append(
            Option(
                Message("{player} hands over the promised loot", player=name),
                dialog="hand-over",
                args={"player": player},
            )
        )
    return options


def offer_words(offer: OfferView | None, view: GluecksritterView | None = None) -> Text | None:
    if not offer:
        return None
    from companion.games.gluecksritter.happenings import offer_text

    return Message("{player} offers {what}", player=who(offer.get("by"), view), what=offer_text(offer))


def offer_value(ducats: int, walls: int, towers: int, promise: int) -> int:
    """What an offer is worth in the haggling: Ducats, a wall 4, a tower 5, the promised loot."""
    return ducats + HAGGLE_VALUE["wall"] * walls + HAGGLE_VALUE["tower"] * towers + promise


def to_beat(view: GluecksritterView) -> Text:
    """The offer standing, with its worth, that a new offer must top; none yet: the least offer."""
    knight = view["knight"]
    offer = knight["offer"] if knight is not None else None
    if not offer:
        return Message("No offer yet: at least 1 Ducat")
    from companion.games.gluecksritter.happenings import offer_text

    worth = offer_value(offer["ducats"], offer["walls"], offer["towers"], offer["loot_promise"])
    return Message("To beat: {offer} (worth {n})", offer=offer_text(offer), n=worth)


def offer_worth(ducats: int, walls: int, towers: int, promise: int) -> Text:
    n = offer_value(ducats, walls, towers, promise)
    return Plural("Your offer is worth {n} Ducat", "Your offer is worth {n} Ducats", n)


def promised(view: GluecksritterView) -> Text:
    """The promise a hand-over settles: the Ducats from the loot of the accepted offer."""
    knight = view["knight"]
    offer = knight["offer"] if knight is not None else None
    n = offer["loot_promise"] if offer is not None else 0
    return Plural("Promised: {n} Ducat from the loot", "Promised: {n} Ducats from the loot", n)


def picks_on_panel(table: Any, wanted: bool) -> bool:
    """Whether the action cards are chosen on the panel now, not behind the cover on the screen.

    No panel at all: on the screen. A panel (the keyboard or buttons) and the setting ``wanted``
    on the panel: on the panel. The setting "on the screen": the table is told
    (``picks_on_screen``) and says where the cards are chosen now: on the screen, unless a pick
    is locked in on the panel's open choice, which stays there until it is revealed, so no pick
    locked in is lost or shown."""
    if table.status().panel == "absent":
        return False
    return not table.picks_on_screen(not wanted)
