"""What the table does next in Schatzjagd, as the screen offers it: the part of the turn, a prompt
and the options the rules leave now (the public view's ``awaiting``), each a command to send or a
dialog to open. No Kivy here: the table screen draws these, the tests read them.

A turn's parts: the journey (the die, then where the henchman stopped), turning up the cards where
it stopped, what the place offers, the prince's one card, the end of the turn; a fight and
Grandlin's catharsis interrupt them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.app.option import Option
from companion.app.people import person
from companion.i18n import Cap, Message, Text, Word
from engines.schatzjagd import commands as c
from engines.schatzjagd.view_types import HenchmanView, SchatzjagdView

TRAVEL, REVEAL, PLACE, CARD, FIGHT, CATHARSIS, OVER = "travel", "reveal", "place", "card", "fight", "catharsis", "over"
PARTS = {
    TRAVEL: Message("the journey"),
    REVEAL: Message("turning up cards"),
    PLACE: Message("what the place offers"),
    CARD: Message("the prince's card"),
    FIGHT: Message("a fight"),
    CATHARSIS: Message("Grandlin's catharsis"),
    OVER: Message("the end"),
}
SHOP_NAMES = {
    "inn": Message("Inn"),
    "healer": Message("Healer"),
    "school": Message("School"),
    "smith": Message("Smith"),
}
PLACE_ACTS = ("challenge", "pick-up", "use-special", "teleport", "plunder", "inn", "healer", "school", "smith")


@dataclass(frozen=True, slots=True)
class Step:
    part: str
    prompt: Text
    options: tuple[Option, ...] = ()
    rolls: bool = False
    """The game waits for a die: the screen shows the roll controls."""


def who(colour: str | None, view: SchatzjagdView | None = None) -> Text:
    return person(view, colour)


def henchman(view: SchatzjagdView, colour: str | None) -> HenchmanView:
    return next(p for p in view["players"] if p["colour"] == colour)


def short_place(place: str) -> Text:
    """A place as a panel names it: ``C7``, ``Inn``, ``City``, ``Castle Red``."""
    if place in SHOP_NAMES:
        return SHOP_NAMES[place]
    if place == "city":
        return Message("City")
    if place.startswith("castle-"):
        return Message("Castle {owner}", owner=Cap(Word(place[len("castle-") :])))
    return place


def portal_question(player: Text, face: int, region: str | None) -> Text:
    """Where the teleportal may have put the henchman, by the number rolled: 2 to 5 the region of
    the castle that number stands for (``region``, its colour), 6 anywhere."""
    if region:
        return Message(
            "{player} rolled {face}: the teleportal sets the henchman down in the region of castle {owner}. "
            "On which field?",
            player=player,
            face=face,
            owner=Cap(Word(region)),
        )
    return Message(
        "{player} rolled {face}: the teleportal sets the henchman down anywhere in the realm. On which field?",
        player=player,
        face=face,
    )


def walls_name(walls: str) -> Text:
    """The walls a field lies before: ``before the city walls``, ``before castle Red``."""
    if walls == "city":
        return Message("before the city walls")
    return Message("before castle {owner}", owner=Cap(Word(walls[len("castle-") :])))


def part_of(view: SchatzjagdView) -> str:
    """Which part of the turn the table is at (for the heading and the help)."""
    if view["phase"] == OVER:
        return OVER
    if view["phase"] == CATHARSIS:
        return CATHARSIS
    if view["fight"] is not None:
        return FIGHT
    commands = _commands(view).get(view["current"], ())
    if "travel" in commands:
        return TRAVEL
    if "reveal" in commands:
        return REVEAL
    if any(act in commands for act in PLACE_ACTS):
        return PLACE
    return CARD


def _commands(view: SchatzjagdView) -> dict[str, list[str]]:
    return {entry["player"]: list(entry["commands"]) for entry in view["awaiting"]}


def step(view: SchatzjagdView, awaited: Any, kept: Any = None) -> Step:
    """The next step for the table: ``view`` the public view, ``awaited`` the table's
    :class:`~companion.table.Awaited`, ``kept`` a roll the screen completes (or None)."""
    part = part_of(view)
    if part == OVER:
        winner = view.get("winner")
        if winner:
            return Step(OVER, Message("The game is over: {player} has won.", player=who(winner, view)))
        return Step(OVER, Message("The game is over."))
    if part == CATHARSIS:
        return _catharsis(view)
    if kept is not None:
        return _kept(view, kept)
    rolls = tuple(awaited.rolls)
    if awaited.asked and rolls:  # a roll the screen asked for (a flight, the teleportal, a search, a
        # blow's second die): it says for whom; "Back" gives it up while no die of it has fallen
        # (a face tapped from a real die may be tapped again), never once one has
        roll = rolls[0]
        held = getattr(awaited, "held", False)
        back = () if held else (Option(Message("Back"), dialog="roll-again", main=False),)
        return Step(part, Message("{roll}.", roll=roll.text if roll.text is not None else roll.words), back, rolls=True)
    if part == FIGHT:
        return _fight(view, rolls)
    current = view["current"]
    commands = _commands(view).get(current, [])
    me = henchman(view, current)
    if part == TRAVEL:
        prompt: Text = Message("{player}: roll the die for the journey.", player=who(current, view))
        options = _spell(view, current, commands)
        return Step(TRAVEL, prompt, options, rolls=bool(rolls))
    if part == REVEAL:
        return Step(
            REVEAL,
            Message(
                "{player}: turn up the card on {place}.", player=who(current, view), place=short_place(me["place"])
            ),
            (Option(Message("Enter the card turned up"), dialog="reveal", args={"player": current}),),
        )
    options = _place(view, current, commands) + _card(view, current, commands)
    if "end-turn" in commands:
        options += (Option(Message("End the turn"), c.EndTurn(current), main=not options),)
    if part == PLACE:
        prompt = Message("{player} · {place}: what now?", player=who(current, view), place=short_place(me["place"]))
    elif "end-turn" not in commands:
        prompt = Message("{player} holds more than four cards: play one first.", player=who(current, view))
    elif commands == ["end-turn"]:
        prompt = Message("{player}: end the turn; the hands are filled up to four.", player=who(current, view))
    else:
        prompt = Message("{player}: play a card, or end the turn.", player=who(current, view))
    return Step(part, prompt, options)


def _with_roll(prompt: Text, rolls: tuple[Any, ...]) -> Text:
    if not rolls:
        return prompt
    roll = rolls[0]
    return Message("{prompt}\n{roll}.", prompt=prompt, roll=roll.text if roll.text is not None else roll.words)


def _kept(view: SchatzjagdView, kept: Any) -> Step:
    """A face kept for the rest of its command (the journey, the teleportal, a search). A die that
    fell on the screen or on the electronic die stands as it fell: its step goes on with it. Only a
    real die's face tapped (``source`` "typed") may be tapped again, when it was tapped wrongly."""
    player = kept.player
    again: tuple[Option, ...] = ()
    if getattr(kept, "source", None) == "typed":
        again = (Option(Message("Wrong face: tap again"), dialog="roll-again", main=False),)
    if kept.purpose == "travel":
        enter = Option(
            Message("Where the henchman stopped"), dialog="travel", args={"player": player, "die": kept.face}
        )
        return Step(TRAVEL, kept.text, (enter, *again))
    if kept.purpose == "teleport":
        enter = Option(Message("Where it landed"), dialog="teleport", args={"player": player, "die": kept.face})
        return Step(PLACE, kept.text, (enter, *again))
    enter = Option(Message("Which treasure"), dialog="plunder", args={"player": player, "die": kept.face})
    return Step(PLACE, kept.text, (enter, *again))


def _fight(view: SchatzjagdView, rolls: tuple[Any, ...]) -> Step:
    fight = view["fight"]
    assert fight is not None  # the part is the fight only while one is on (part_of)
    attacker = fight["henchman"]
    if fight["opponent"] is None:
        prompt: Text = Message(
            "Fight: {player} against the monster (power {power}, life {life} of 15).",
            player=who(attacker, view),
            power=fight["monster_power"],
            life=fight["monster_life"],
        )
    else:
        prompt = Message(
            "Fight: {player} against {opponent}.",
            player=who(attacker, view),
            opponent=who(fight["opponent"], view),
        )
    options: list[Option] = []
    for entry in view["awaiting"]:
        if "flee" in entry["commands"]:
            colour = entry["player"]
            flee = c.Flee(colour, 0)
            options.append(Option(Message("{player} flees", player=who(colour, view)), flee, player=colour, main=False))
    options += _spell(view, attacker, _commands(view).get(attacker, []))
    return Step(FIGHT, _with_roll(prompt, rolls), tuple(options), rolls=bool(rolls))


def _spell(view: SchatzjagdView, player: str, commands: list[str]) -> tuple[Option, ...]:
    if "cast-spell" not in commands:
        return ()
    return (Option(Message("Show a spell"), dialog="spell", args={"player": player}, main=False),)


def _place(view: SchatzjagdView, player: str, commands: list[str]) -> tuple[Option, ...]:
    me = henchman(view, player)
    options: list[Option] = []
    if "challenge" in commands:
        for other in view["players"]:
            fought = other["colour"] in view["turn"]["challenged"]
            if other["colour"] != player and other["place"] == me["place"] and not fought:
                label = Message("Attack {player}", player=who(other["colour"], view))
                options.append(Option(label, c.Challenge(player, other["colour"]), player=other["colour"]))
    if "pick-up" in commands:
        options.append(Option(Message("Pick up treasures"), dialog="pick-up", args={"player": player}))
    if "use-special" in commands:
        options.append(Option(Message("Use the special card"), dialog="special", args={"player": player}))
    if "teleport" in commands:
        options.append(Option(Message("Step into the teleportal"), c.Teleport(player, 0)))
    if "plunder" in commands:
        options.append(Option(Message("Search the vaults"), c.Plunder(player, 0)))
    if "inn" in commands:
        options.append(Option(Message("Wash dishes at the inn: +2 gold"), c.Inn(player)))
    if "healer" in commands:
        options.append(Option(Message("The healer"), dialog="healer", args={"player": player}))
    if "school" in commands:
        options.append(Option(Message("School: +1 strength for 3 gold"), c.School(player)))
    if "smith" in commands:
        options.append(Option(Message("The smith"), dialog="smith", args={"player": player}))
    return tuple(options)


def _card(view: SchatzjagdView, player: str, commands: list[str]) -> tuple[Option, ...]:
    options: list[Option] = []
    if "place-card" in commands:
        options.append(Option(Message("Slot a card face down"), dialog="place-card", args={"player": player}))
    if "dig" in commands:
        options.append(Option(Message("Dig with a map here"), dialog="dig", args={"player": player}))
    if "hide-treasure" in commands:
        options.append(Option(Message("Hide a treasure"), dialog="hide", args={"player": player}))
    return tuple(options) + _spell(view, player, commands)


def _catharsis(view: SchatzjagdView) -> Step:
    entry = view["awaiting"][0]
    player = entry["player"]
    options = (
        Option(Message("Take a card off the board"), dialog="remove-card", args={"player": player}),
        Option(Message("Pass"), c.RemoveCard(player, None), main=False),
    )
    prompt = Message("Grandlin's catharsis: {player} takes a card off the board or passes.", player=who(player, view))
    return Step(CATHARSIS, prompt, options)
