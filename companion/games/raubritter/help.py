"""Raubritter in short, for the help screen: the goal, the initial placement, a turn of one to
three tiles, what may follow the first tile, where a tile may go (with this table's area), castles
and their knights, points and ties, surrender, the end, and how the app is used at the table.
Said in the app's own words; the rule book stays the authority.

The list opens at the part of the turn being played (:func:`opening`), then the rest in reading
order. Only the public view is read (Raubritter hides nothing).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.app.contract import opening_at
from companion.i18n import Message, Plural, Text

Topic = tuple[Text, list[Text]]

AREA = {2: 7, 3: 9, 4: 10}  # as engines.raubritter.rules.AREA: the layout's largest width and height


def topics(view: Mapping[str, Any]) -> list[tuple[Text, list[Text]]]:
    """(title, paragraphs): the topic of what the table is doing now first, then the rest in
    reading order."""
    parts = _parts(view)
    return opening_at(parts, opening(view))


def opening(view: Mapping[str, Any]) -> str:
    """The key of the topic the table needs now: the end of the game, the initial placement, the
    turn after its first tile (it may end), or a turn about to start."""
    phase = view.get("phase")
    if phase == "over":
        return "end"
    if phase == "initial":
        return "initial"
    if view.get("laid"):
        return "more"
    return "turn"


def _area(view: Mapping[str, Any]) -> list[Text]:
    """This table's limit, when the view says how many play."""
    players = len(view.get("players") or ())
    area = view.get("area") or AREA.get(players)
    if not players or not area:
        return []
    return [
        Plural(
            "At this table: {n} player, so the layout stays within {area}×{area}.",
            "At this table: {n} players, so the layout stays within {area}×{area}.",
            players,
            area=area,
        )
    ]


def _parts(view: Mapping[str, Any]) -> list[tuple[str, Topic]]:
    return [
        (
            "goal",
            (
                Message("The goal"),
                [
                    Message(
                        "Together you build a landscape, tile by tile. Castles send out knights, and whoever has "
                        "the top knight on a castle, village or town when the game ends collects its points."
                    ),
                    Message("Each player has 24 tiles and 30 knights in their colour. The most points win."),
                ],
            ),
        ),
        (
            "initial",
            (
                Message("The initial placement"),
                [
                    Message("The oldest player starts; the others follow in the order they were entered."),
                    Message(
                        "In this first round each player lays two tiles, picked from their A tiles. The A castle "
                        "has to wait: no castle now, so no knights yet."
                    ),
                    Message(
                        "The very first tile may go anywhere. Every other tile needs a full edge against one "
                        "that already lies."
                    ),
                    Message("Once everyone has laid two, the oldest player opens the first real turn."),
                ],
            ),
        ),
        (
            "turn",
            (
                Message("A turn: 1 to 3 tiles"),
                [
                    Message(
                        "On your turn you lay tiles from your own pile: one at least, three at most. The second "
                        "and third are up to you."
                    ),
                    Message("With the third tile, or when your pile is empty, the turn passes by itself."),
                    Message(
                        "Anyone who has surrendered or has no tile left is skipped. Players may run out in "
                        "different rounds."
                    ),
                ],
            ),
        ),
        (
            "more",
            (
                Message("After the first tile"),
                [
                    Message("One tile of this turn lies: you may end the turn now, or lay a second and then a third."),
                    Message(
                        "Every tile you lay is open to all: other players' knights may march onto it from their "
                        "castles later."
                    ),
                ],
            ),
        ),
        (
            "where",
            (
                Message("Where a tile may go"),
                [
                    Message(
                        "On a free spot that shares at least one whole edge with a tile already laid. Touching "
                        "at a corner is not enough."
                    ),
                    Message(
                        "All tiles together must fit in a square: 7×7 with two players, 9×9 with three, 10×10 "
                        "with four. What counts is the distance between the outermost tiles, in width and in "
                        "height."
                    ),
                    *_area(view),
                ],
            ),
        ),
        (
            "castles",
            (
                Message("Castles and their knights"),
                [
                    Message(
                        "Knights enter the game only with a castle just laid: up to 5 of yours, never more than "
                        "you still hold in hand. You may also bring none."
                    ),
                    Message(
                        "They leave as one pile in a straight line: north, east, south or west, never "
                        "diagonally. They may also all stay on the castle."
                    ),
                    Message(
                        "Every tile the pile moves on from keeps some of it, the castle too: at least 1 knight "
                        "on a plain, 2 in a forest, 3 in the mountains. The last tile reached keeps the rest."
                    ),
                    Message(
                        "A forest or the mountains can be entered only while the pile still holds enough to "
                        "stay there. The lake and gaps in the layout stop the march."
                    ),
                    Message("No tile ever carries more than 4 knights: a tile that would overflow cannot be entered."),
                    Message(
                        "New knights are stacked on top; the top knight controls the tile. Once placed, knights "
                        "never move again."
                    ),
                ],
            ),
        ),
        (
            "score",
            (
                Message("Points and ties"),
                [
                    Message(
                        "At the end every castle is worth 1 point, every village 2 and every town 3, each to the "
                        "player whose knight is on top. Tiles without buildings are worth nothing."
                    ),
                    Message(
                        "The most points win. Equal points: more knights still in hand come first. Still equal: a draw."
                    ),
                ],
            ),
        ),
        (
            "surrender",
            (
                Message("Surrender"),
                [
                    Message(
                        "On your turn you may give up instead of laying a tile. You then score 0 and cannot win; "
                        "your remaining tiles stay off the table."
                    ),
                    Message(
                        "Your knights stay where they are. A tile with your knight on top scores for nobody: it "
                        "does not pass to the knight below."
                    ),
                    Message("The others play on. If everyone gives up, the game ends without a winner."),
                ],
            ),
        ),
        (
            "end",
            (
                Message("The end of the game"),
                [
                    Message(
                        "The game ends as soon as nobody still playing has a tile left; some may finish a "
                        "round earlier than others."
                    ),
                    Message("Then every building is counted for its top knight, and the app names the winner."),
                    Message(
                        "A correction after the end counts again. A tile taken back to its pile reopens the game "
                        "for its owner."
                    ),
                ],
            ),
        ),
        (
            "app",
            (
                Message("The app at the table"),
                [
                    Message(
                        "Tap the kind of tile you lay, then the highlighted cell where it goes: only cells where "
                        "it may lie light up."
                    ),
                    Message(
                        "For a castle, choose the knights and where they march: the march is drawn on the board "
                        "before you confirm it."
                    ),
                    Message(
                        "Pinch or drag to zoom and move the board; with a mouse, use the wheel. “{button}” "
                        "shows every tile laid.",
                        button=Message("Whole layout"),
                    ),
                    Message(
                        "The cardboard is the truth. If the screen differs, use “{button}” and give a reason: a "
                        "tile's kind or place, the knights on a tile, the knights in hand.",
                        button=Message("Correct"),
                    ),
                    Message(
                        "Undo and redo are in the “{button}”: each first says what to put back on the table.",
                        button=Message("Game log"),
                    ),
                ],
            ),
        ),
    ]
