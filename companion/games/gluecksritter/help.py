"""Die Glücksritter in short, for the help screen: a round's phases, the Ducat card, choosing the
action cards (and changing a pick), the reveal, each field, the royal tax, the dungeon and the
ransom, documents, the end of a round, winning, and how the app is used at the table. The Black
Knight and the ransom follow the rule set being played. Said in the app's own words; the rule
books stay the authority.

The list opens at the part of the round being played (:func:`opening`), then the rest in reading
order. Only the public view is read, so nothing here can tell a secret.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.app.contract import opening_at
from companion.i18n import Message, Text
from engines.gluecksritter.rules import SCHMIDT

Topic = tuple[Text, list[Text]]

FIELDS = {1: "field1", 2: "castle", 3: "castle", 4: "knight", 5: "fields56", 6: "fields56"}


def topics(view: Mapping[str, Any]) -> list[tuple[Text, list[Text]]]:
    """(title, paragraphs): the topic of what the table is doing now first, then the rest in
    reading order, for the rule set being played."""
    return opening_at(_parts(view.get("rules") or SCHMIDT), opening(view))


def opening(view: Mapping[str, Any]) -> str:
    """The key of the topic the table needs now: the end of the game, a royal tax owed, the Ducat
    card, choosing, the reveal (documents, the 2002 ransom, the action cards), the field being
    settled, the end of the round; "round" when nothing in particular is under way."""
    phase = view.get("phase")
    if phase == "over":
        return "end"
    if view.get("taxes"):
        return "tax"
    if phase == "A":
        return "ducats"
    if phase == "B":
        awaited = {command for entry in view.get("awaiting") or () for command in entry.get("commands", ())}
        return "choosing" if "choose-actions" in awaited else "reveal"
    if phase in ("C", "D"):
        return "reveal"
    if view.get("round_closing"):
        return "round-end"
    return FIELDS.get(view.get("field") or 0, "round")


def _parts(rules: str) -> list[tuple[str, Topic]]:
    schmidt = rules == SCHMIDT
    ransom = (
        Message(
            "Schmidt 1998: a knight in the dungeon is bought free for 4 Ducats at the start of a round, "
            "while the Ducat card is placed or before its owner chooses; card 4 may be chosen that same round."
        )
        if schmidt
        else Message(
            "2002 variant: a knight in the dungeon is bought free for 4 Ducats in phase D, after the documents "
            "and before the action cards are revealed. Card 4 comes back to the hand but is of no use before "
            "the next round."
        )
    )
    phases: list[Text] = (
        [
            Message("A: draw the Ducat card; its two numbers say how many coins go onto fields 5 and 6."),
            Message("Ransom: in A, or in B before its owner has chosen, a knight is bought out of the dungeon."),
            Message("B: everybody chooses two action cards in secret."),
            Message(
                "C: documents laid face down are turned over, then all action cards are revealed. "
                "This rule set has no phase D."
            ),
            Message("E: fields 1 to 6 are settled in order."),
        ]
        if schmidt
        else [
            Message("A: draw the Ducat card; its two numbers say how many coins go onto fields 5 and 6."),
            Message("B: everybody chooses two action cards in secret."),
            Message("C: documents laid face down are turned over."),
            Message("D: ransoms, then all action cards are revealed."),
            Message("E: fields 1 to 6 are settled in order."),
        ]
    )
    duel = (
        [
            Message("One knight: it acts, and its owner keeps card 4."),
            Message(
                "Two knights: both roll the number die. The higher roll acts and keeps the card; the "
                "lower goes to the dungeon. Equal rolls send both there."
            ),
        ]
        if schmidt
        else [
            Message(
                "One knight: it acts, and then its card goes to the dungeon, whatever it did, even nothing: "
                "a Black Knight is always recognised."
            ),
            Message(
                "Two knights haggle: the one with the smaller castle names who offers first. Each offer "
                "must be worth more than the last (walls count 4 Ducats, towers 5). The winner pays, "
                "acts, and both cards go to the dungeon."
            ),
            Message("If neither offers at least 1 Ducat, both cards go to the dungeon at once and nobody acts."),
        ]
    )
    winning = Message(
        "At the end of a round a complete castle (4 walls, 4 towers) wins. Several: the most "
        "Ducats. Still equal: a shared win."
    )
    return [
        ("round", (Message("A round"), phases)),
        (
            "ducats",
            (
                Message("A: the Ducat card"),
                [
                    Message(
                        "Turn over the top Ducat card: the upper number is how many coins go onto field 5, "
                        "the lower how many onto field 6."
                    ),
                    Message(
                        "The coins come blindly out of the sack, silver and gold as they fall: enter how many "
                        "of each landed, or let the app draw them when the digital sack is on."
                    ),
                    Message(
                        "If the sack runs short, what is left goes out. Coins still lying on fields 5 and 6 stay there."
                    ),
                    *([ransom] if schmidt else []),
                ],
            ),
        ),
        (
            "choosing",
            (
                Message("Choosing two action cards"),
                [
                    Message(
                        "Everybody picks two different action cards in secret. While your knight is in the "
                        "dungeon, card 4 cannot be picked."
                    ),
                    Message("Red documents are laid face down now, or not at all."),
                    Message(
                        "On the button panel: press a button to pick that card, press it again to drop it. "
                        "With two picks you are locked in and your light stays on; further presses count for "
                        "nothing and make it blink."
                    ),
                    Message(
                        "To change your picks on the panel, hold one of your buttons for about 1.5 seconds (unless "
                        "the panel is set otherwise): both picks are wiped and you pick two again. This works "
                        "until the last player locks in; then everyone's picks go in together."
                    ),
                    Message(
                        "Without a panel, behind the cover: tap a card to pick it and tap it again to drop it; "
                        "at most two can be down, and then Lock in appears. Cancel leaves without choosing."
                    ),
                    Message(
                        "A pick locked in on the screen is entered at once: only undo in the game log takes it back."
                    ),
                ],
            ),
        ),
        (
            "reveal",
            (
                Message("Revealing"),
                [
                    Message(
                        "When everyone has chosen, the face-down documents are turned over together and "
                        "carried out. Yellow documents may follow."
                    ),
                    *([] if schmidt else [ransom]),
                    Message(
                        "Then all action cards are turned over at the same time, and the fields are settled "
                        "from 1 up to 6."
                    ),
                ],
            ),
        ),
        (
            "field1",
            (
                Message("Field 1: documents"),
                [
                    Message("Field 1: alone you get a document for free; shared, each pays 4 Ducats for one."),
                    Message(
                        "Paying is up to you: whoever will not or cannot pay gets nothing. An empty deck is "
                        "made anew from the played documents."
                    ),
                    Message(
                        "With your own document cards, draw the top card and tap which one it is behind the "
                        "cover. With the app's deck (a setting), the app draws it for you."
                    ),
                ],
            ),
        ),
        (
            "castle",
            (
                Message("Fields 2 and 3: walls and towers"),
                [
                    Message("Field 2: walls, 4 Ducats alone or 6 shared. Field 3: towers, 5 alone or 7 shared."),
                    Message("Buy up to two. A castle holds at most 4 walls and 4 towers."),
                    Message("Whoever can afford nothing, or whose castle is full of that kind, is passed over."),
                ],
            ),
        ),
        (
            "knight",
            (
                Message("Field 4: the Black Knight"),
                [
                    Message(
                        "The knight who acts takes the gold of field 5 or 6, raids a player with the special "
                        "die (sack: all coins; castle: one wall or tower), or does nothing."
                    ),
                    *duel,
                    Message("Three or more knights: all go to the dungeon and nobody acts."),
                ],
            ),
        ),
        (
            "fields56",
            (
                Message("Fields 5 and 6"),
                [Message("Alone you take every coin. Shared, silver and gold are split evenly; the rest stays.")],
            ),
        ),
        (
            "tax",
            (
                Message("Royal tax"),
                [
                    Message(
                        "Whoever gains coins and then holds 8 or more of one kind pays half of that kind back "
                        "into the sack. A Gift document cancels the tax."
                    )
                ],
            ),
        ),
        (
            "dungeon",
            (
                Message("Dungeon and ransom"),
                [Message("While your knight is in the dungeon, card 4 is not in your hand."), ransom],
            ),
        ),
        (
            "documents",
            (
                Message("Documents"),
                [
                    Message("Red seal: only face down, while the action cards are chosen. Yellow seal: any time."),
                    Message("Your documents appear only behind the cover, after you confirm that you alone look."),
                    Message(
                        "Each card shows its name and what it does. A card that moves coins or castle pieces: "
                        "after playing it, enter who gives what to whom. Until you do, the board offers it."
                    ),
                    Message("If the cards in your hand differ from the app's, correct them behind the cover."),
                ],
            ),
        ),
        (
            "round-end",
            (
                Message("The end of a round"),
                [
                    Message("After the last field, yellow documents may still be played; then the round is ended."),
                    winning,
                    Message("Otherwise the next round begins with a new Ducat card."),
                    Message(
                        "Then the table check lists what everybody should have in front of them and what lies "
                        "on fields 5 and 6. Tap a number that differs and set what is really there."
                    ),
                ],
            ),
        ),
        ("end", (Message("Winning"), [winning])),
        (
            "app",
            (
                Message("Using the app"),
                [
                    Message(
                        "The board says what happens next and offers only what the rules allow. With a button "
                        "panel, choose your two cards on your buttons; without, pass the screen."
                    ),
                    Message("Undo lives in the game log: it shows what to change on the table before it is done."),
                    Message("What the rules do not allow now is greyed, and the reason stands under it."),
                    Message("Table check in the bar compares the app with the cardboard at any time."),
                ],
            ),
        ),
    ]
