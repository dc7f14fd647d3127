"""Die Glücksritter in short, for the help screen: what happens in a round, what each field does,
the Black Knight (by rule set), royal tax, the dungeon, documents, winning, and how the app is
used at the table. Said in the app's own words; the rule books stay the authority."""

from __future__ import annotations

from companion.i18n import Message, Text
from engines.gluecksritter.rules import SCHMIDT


def topics(rules: str) -> list[tuple[Text, list[Text]]]:
    """(title, paragraphs) in reading order, for the rule set being played."""
    duel = (
        Message(
            "Two knights: both roll the number die. The higher roll acts and keeps the card; the "
            "lower goes to the dungeon. Equal rolls send both there."
        )
        if rules == SCHMIDT
        else Message(
            "Two knights haggle: the one with the smaller castle names who offers first. Each offer "
            "must be worth more than the last (walls count 4 Ducats, towers 5). The winner pays, "
            "acts, and both cards go to the dungeon."
        )
    )
    ransom = (
        Message("Schmidt 1998: buy the knight free for 4 Ducats at the start of a round, before you choose.")
        if rules == SCHMIDT
        else Message("2002 variant: buy the knight free for 4 Ducats after the documents, before the reveal.")
    )
    return [
        (
            Message("A round"),
            [
                Message("A: draw the Ducat card; its two numbers say how many coins go onto fields 5 and 6."),
                Message("B: everybody chooses two action cards in secret."),
                Message("C: documents laid face down are turned over."),
                Message("D: ransoms, then all action cards are revealed."),
                Message("E: fields 1 to 6 are settled in order."),
            ],
        ),
        (
            Message("Fields 1 to 3"),
            [
                Message("Field 1: alone you get a document for free; shared, each pays 4 Ducats for one."),
                Message("Field 2: walls, 4 Ducats alone or 6 shared. Field 3: towers, 5 alone or 7 shared."),
                Message("Buy up to two. A castle holds at most 4 walls and 4 towers."),
            ],
        ),
        (
            Message("Field 4: the Black Knight"),
            [
                Message(
                    "The knight who acts takes the gold of field 5 or 6, raids a player with the special "
                    "die (sack: all coins; castle: one wall or tower), or does nothing."
                ),
                duel,
                Message("Three or more knights: all go to the dungeon and nobody acts."),
            ],
        ),
        (
            Message("Fields 5 and 6"),
            [Message("Alone you take every coin. Shared, silver and gold are split evenly; the rest stays.")],
        ),
        (
            Message("Royal tax"),
            [
                Message(
                    "Whoever gains coins and then holds 8 or more of one kind pays half of that kind back "
                    "into the sack. A Gift document cancels the tax."
                )
            ],
        ),
        (
            Message("Dungeon and ransom"),
            [Message("While your knight is in the dungeon, card 4 is not in your hand."), ransom],
        ),
        (
            Message("Documents"),
            [
                Message("Red seal: only face down, while the action cards are chosen. Yellow seal: any time."),
                Message("Your documents appear only behind the cover, after you confirm that you alone look."),
            ],
        ),
        (
            Message("Winning"),
            [
                Message(
                    "At the end of a round a complete castle (4 walls, 4 towers) wins. Several: the most "
                    "Ducats. Still equal: a shared win."
                )
            ],
        ),
        (
            Message("Using the app"),
            [
                Message(
                    "The board says what happens next and offers only what the rules allow. With a button "
                    "panel, choose your two cards on your buttons; without, pass the screen."
                ),
                Message("Undo lives in the game log: it shows what to change on the table before it is done."),
            ],
        ),
    ]
