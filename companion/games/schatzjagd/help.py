"""Schatzjagd in short, for the help screen: the goal and the agreed victory, a turn, travel, the
cards by type, fights, death, the city's shops, treasures, the prince's card, the end of a turn,
values and poison, the optional rules that are on, the end of the game, and how the app is used
at the table. Said in the app's own words; the rule book stays the authority.

The list opens at the part of the turn being played (:func:`opening`), then the rest in reading
order. Only the public view is read, so nothing here can tell a secret.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.app.contract import opening_at
from companion.i18n import Join, Message, Plural, Text

Topic = tuple[Text, list[Text]]

IN_CITY = ("city", "inn", "healer", "school", "smith")
PRINCE_CARD = ("place-card", "dig", "hide-treasure")

# The treasure kinds the rule book names; a table's own kinds are shown as they were entered.
KINDS = {"crown": Message("crown"), "chalice": Message("chalice"), "orb": Message("orb")}

# The engine's words for the agreed victory (engines.schatzjagd.rules.Victory.words).
_TREASURES = re.compile(r"(\d+) treasure\(s\) hidden in the own castle")
_SAME_KIND = re.compile(r"(\d+) treasures of one kind in the own castle")
_DIFFERENT = re.compile(r"(\d+) different kinds of treasure in the own castle")
_COMBINATION = re.compile(r"these treasures in the own castle: (.+)")


def topics(view: Mapping[str, Any]) -> list[tuple[Text, list[Text]]]:
    """(title, paragraphs): the topic of what the table is doing now first, then the rest in
    reading order; the optional rules only when they are on."""
    options = view.get("options") or {}
    parts = _parts(view, options)
    return opening_at(parts, opening(view))


def opening(view: Mapping[str, Any]) -> str:
    """The key of the topic the table needs now: the end of the game, Grandlin's catharsis, the
    fight, a death this turn, the journey, cards to turn up, the city, the prince's card, the end
    of the turn; "goal" when nothing in particular is under way."""
    turn = view.get("turn") or {}
    awaited = {command for entry in view.get("awaiting") or () for command in entry.get("commands", ())}
    if view.get("phase") == "over":
        return "end-of-game"
    if view.get("phase") == "catharsis":
        return "catharsis"
    if view.get("fight"):
        return "fights"
    if turn.get("died"):
        return "death"
    if not turn.get("travelled"):
        return "travel"
    if "reveal" in awaited:
        return "cards"
    if _place(view) in IN_CITY:
        return "city"
    if awaited & set(PRINCE_CARD):
        return "prince"
    if "end-turn" in awaited:
        return "end-of-turn"
    return "goal"


def _place(view: Mapping[str, Any]) -> str | None:
    for player in view.get("players") or ():
        if player.get("colour") == view.get("current"):
            return player.get("place")
    return None


def _victory(words: str | None) -> Text | None:
    """The agreed victory in the table's language, from the engine's words; None if unknown."""
    if not words:
        return None
    if match := _TREASURES.fullmatch(words):
        n = int(match[1])
        return Plural(
            "Agreed for this game: {n} treasure hidden in your own castle.",
            "Agreed for this game: {n} treasures hidden in your own castle.",
            n,
        )
    if match := _SAME_KIND.fullmatch(words):
        n = int(match[1])
        return Plural(
            "Agreed for this game: {n} treasure of one kind in your own castle.",
            "Agreed for this game: {n} treasures of one kind in your own castle.",
            n,
        )
    if match := _DIFFERENT.fullmatch(words):
        n = int(match[1])
        return Plural(
            "Agreed for this game: {n} kind of treasure in your own castle.",
            "Agreed for this game: {n} different kinds of treasure in your own castle.",
            n,
        )
    if match := _COMBINATION.fullmatch(words):
        kinds = [KINDS.get(kind.strip(), kind.strip()) for kind in match[1].split(",")]
        return Message("Agreed for this game, in your own castle: {kinds}.", kinds=Join(*kinds))
    return None


def _parts(view: Mapping[str, Any], options: Mapping[str, Any]) -> list[tuple[str, Topic]]:
    victory = _victory(view.get("victory"))
    goal: list[Text] = [
        Message(
            "Every prince sends a henchman out to find Grandlin's treasures and bring them home. "
            "Treasures count only once they are hidden in the own castle."
        ),
        Message("The first prince whose castle holds the agreed treasures wins."),
    ]
    if victory is not None:
        goal.append(victory)

    end_of_turn: list[Text] = [
        Message("A turn can end once no fight is on and no card lies face down where the henchman stands."),
        Message(
            "Then every prince with fewer than four cards draws up to four: the current one first, then clockwise."
        ),
        Message("An empty draw pile: the discard pile is shuffled into a new one. The used maps stay out."),
        Message("The next player follows. A new day begins when the first player's turn comes round again."),
    ]
    if options.get("catharsis"):
        end_of_turn.insert(3, Message("Grandlin's catharsis is on: it comes before the shuffle."))

    app: list[Text] = [
        Message(
            "The screen keeps every henchman's values and place, the hand sizes, the piles, the fight "
            "and whose move it is. It offers only what the rules allow now."
        ),
        Message(
            "The board and its cards stay the truth: move the figures and handle the cards on the "
            "cardboard, then tell the screen what happened. A card's type is entered only when it is turned up."
        ),
        Message("No notes: the screen never shows who slotted a card, nor which types lie on the discard pile."),
    ]
    if not options.get("show_treasure_kinds"):
        app.append(
            Message(
                "Which treasures a prince holds is secret: the screen counts them. Your own appear only "
                "behind the cover, after you confirm that you alone look."
            )
        )
    app += [
        Message("Undo and redo live in the game log: it first says what to change on the cardboard."),
        Message(
            "Rolls come from the connected die, from the screen, or from a real die whose face you tap. "
            "For a monster, another player rolls."
        ),
    ]

    parts: list[tuple[str, Topic]] = [
        ("goal", (Message("The goal"), goal)),
        (
            "turn",
            (
                Message("A turn, step by step"),
                [
                    Message("Clockwise, one turn each. A round of turns is one day."),
                    Message("1. Poison, if any, costs its life first."),
                    Message("2. The henchman travels: roll, then move or stay."),
                    Message("3. Every card where it stopped is turned up."),
                    Message("4. It may fight, pick up treasures, use a special card or do business in the city."),
                    Message("5. The prince plays at most one card."),
                    Message("6. The turn ends; hands are filled up to four."),
                ],
            ),
        ),
        (
            "travel",
            (
                Message("The journey"),
                [
                    Message(
                        "Roll the die: the henchman walks up to that many fields, turning as it likes but "
                        "never diagonally. It may stop early."
                    ),
                    Message("A slotted card or another henchman ends the journey on that field."),
                    Message(
                        "Staying is a journey too: enter the roll and the same place. Cards there are still turned up."
                    ),
                    Message(
                        "The city and a rival castle let the henchman in only after a night on a field before "
                        "their walls. It enters on the next turn."
                    ),
                    Message("The own castle is entered directly. Leaving is always free."),
                    Message("Inside the city, cards and other henchmen do not stop the henchman."),
                ],
            ),
        ),
        (
            "cards",
            (
                Message("Turning up cards"),
                [
                    Message(
                        "Every face-down card where the henchman stopped is turned up for all to see, one at a "
                        "time, before anything else happens there."
                    ),
                    Message("Weapon: its points (1 to 6) go onto the weapon points at once. Then to the discard pile."),
                    Message("Potion and trap: act at once as printed, needed or not. Then to the discard pile."),
                    Message("Monster: its power is printed (2 to 20). It attacks at once."),
                    Message("Special card: use it if you like. It stays on its field unless it says otherwise."),
                    Message(
                        "Spell and map: found on the board, they go into the hand without effect. If the prince "
                        "has played no card this turn, one may still be played."
                    ),
                ],
            ),
        ),
        (
            "fights",
            (
                Message("Fights"),
                [
                    Message(
                        "Power is strength plus weapon points. In each exchange both sides roll: power plus "
                        "the die is the blow."
                    ),
                    Message("The weaker blow loses the difference in life. Equal blows hurt nobody."),
                    Message("After every exchange each henchman's weapons wear by one point."),
                    Message(
                        "A monster has its printed power and 15 life, and its power never wears. Another player "
                        "rolls for it. Beat it: its reward and any treasures it guarded."
                    ),
                    Message(
                        "A rival on the same place may be challenged, once per rival and turn, after the cards "
                        "there are turned up. No fights in the city."
                    ),
                    Message(
                        "Flight, even before the first exchange: the opponent strikes once more, its blow against "
                        "your power without a die. The fleeing henchman's weapons do not wear."
                    ),
                    Message(
                        "A monster fled from stays face up and attacks again if the henchman stays. A spell may "
                        "be shown in the middle of a fight."
                    ),
                ],
            ),
        ),
        (
            "death",
            (
                Message("When a henchman dies"),
                [
                    Message(
                        "At 0 life the henchman dies where it stands. The prince's cards go to the discard pile "
                        "unseen, except treasures."
                    ),
                    Message(
                        "Killed by another player, by a blow or by that player's spell: that player takes the "
                        "treasures and all the Gulden."
                    ),
                    Message("Otherwise the treasures stay on that spot. A monster that killed guards them."),
                    Message(
                        "A new henchman waits in the castle with 15 life, 5 Gulden, 2 strength, no weapons and "
                        "no poison. It sets out next turn. The prince draws a new hand at the end of this turn."
                    ),
                ],
            ),
        ),
        (
            "city",
            (
                Message("The city"),
                [
                    Message("The city is safe: no fights inside its walls."),
                    Message("To use a shop, end the journey there. One business a day:"),
                    Message("Inn: washing dishes earns 2 Gulden."),
                    Message(
                        "Healer: 5 Gulden wash out the poison, life not included. Each Gulden buys 3 life. "
                        "Both in one visit."
                    ),
                    Message("School: 3 Gulden for 1 strength, once a day."),
                    Message("Smith: 1 Gulden per weapon point, as many as you can pay."),
                    Message("Values stop at 15: a business that would only be lost there is refused."),
                ],
            ),
        ),
        (
            "treasures",
            (
                Message("Treasures"),
                [
                    Message(
                        "Dig: while the henchman stands on a map's field, the prince shows that map and takes a "
                        "treasure from the treasure stack. The map goes onto the used maps, never shuffled back."
                    ),
                    Message(
                        "Treasures lying free where the henchman stands may be picked up. Guarded ones only "
                        "after beating their monster."
                    ),
                    Message(
                        "Treasures are hand cards: they count towards the four. A hand may exceed four only while "
                        "the turn's card can still bring it back to four."
                    ),
                    Message(
                        "Carried treasures are lost with the henchman. At home, in the own castle, the prince "
                        "hides one a day: that is the turn's card."
                    ),
                ],
            ),
        ),
        (
            "prince",
            (
                Message("The prince's card"),
                [
                    Message(
                        "One card a turn, only in the own turn: slotting one, showing a spell, digging with a "
                        "map and hiding a treasure each count."
                    ),
                    Message(
                        "Slot: a card face down into a free field, with no card, henchman or treasure there, "
                        "never in the city or a castle. Nobody may see its picture."
                    ),
                    Message(
                        "Spell: show it. It works as printed, also before the journey or in a fight. Then to the "
                        "discard pile."
                    ),
                    Message("Map: dig on the map's field. Treasure: hide it while the henchman is in the own castle."),
                    Message("After any card but a spell the henchman's day is over."),
                    Message("More than four cards: one that is not a treasure must be played before the turn ends."),
                ],
            ),
        ),
        ("end-of-turn", (Message("The end of a turn"), end_of_turn)),
        (
            "values",
            (
                Message("Values and poison"),
                [
                    Message(
                        "Life, Gulden, strength and weapon points each run from 0 to 15. What goes beyond is lost."
                    ),
                    Message("Cards raise, lower, halve (rounding down) or set a value."),
                    Message(
                        "Poison takes its amount of life every day at the start of the own turn, and can kill. "
                        "A new poisoning never lowers the loss already running."
                    ),
                ],
            ),
        ),
    ]
    if options.get("plunder"):
        parts.append(
            (
                "plunder",
                (
                    Message("Plunder"),
                    [
                        Message(
                            "In a rival's castle the henchman may search once a day: roll the die. A roll no "
                            "higher than the days searched in a row (the first counts 1) takes one treasure."
                        ),
                        Message(
                            "After a find, leaving the castle or a day without a search, the count starts again. "
                            "An empty castle yields nothing, but the day counts."
                        ),
                    ],
                ),
            )
        )
    if options.get("teleportal"):
        parts.append(
            (
                "teleportal",
                (
                    Message("The teleportal"),
                    [
                        Message("A special card: the henchman standing on it may step in once a turn and roll."),
                        Message(
                            "1: it dies in the portal. 2 to 5: any field in the region of the castle whose colour "
                            "the card shows for that number. 6: any field at all."
                        ),
                        Message("Cards on the field where it lands are turned up as after a walk."),
                    ],
                ),
            )
        )
    if options.get("catharsis"):
        parts.append(
            (
                "catharsis",
                (
                    Message("Grandlin's catharsis"),
                    [
                        Message(
                            "As soon as the draw pile is used up, the board is cleansed: three rounds, starting "
                            "with the player whose turn it is."
                        ),
                        Message(
                            "Each prince takes one card off the board onto the discard pile, or passes. City "
                            "cards and treasures stay."
                        ),
                        Message(
                            "Then the discard pile is shuffled into the new draw pile and the cards owed are drawn. "
                            "A monster removed leaves its treasures unguarded."
                        ),
                    ],
                ),
            )
        )
    if options.get("show_treasure_kinds"):
        parts.append(
            (
                "kinds",
                (
                    Message("Treasure kinds shown"),
                    [
                        Message(
                            "Agreed for this game: everyone sees which treasures each prince carries and has hidden."
                        )
                    ],
                ),
            )
        )
    parts += [
        (
            "end-of-game",
            (
                Message("The end of the game"),
                [
                    Message(
                        "After every treasure hidden the castle is checked: whoever holds the agreed treasures "
                        "wins at once."
                    ),
                    Message(
                        "Once the game is over, everything may be seen: who slotted each card, the discard pile "
                        "by type."
                    ),
                    Message("If every treasure is hidden and nobody meets the goal, the table decides."),
                ],
            ),
        ),
        ("app", (Message("The app at the table"), app)),
    ]
    return parts
