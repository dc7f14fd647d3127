"""What just happened in Raubritter: the lines the table reads after a command.

``lines(events, after=view)`` takes the engine's *public* events of one command
(``GAME.public_event``, as :class:`companion.table.notices.Happened` carries them: dicts with a
``"type"``) and gives catalogue texts (:mod:`companion.i18n`), rendered in the table's language
when shown. Tiles are named by kind as the table words name them (``Word("plain-castle")``:
"Ebene/Burg"), places as ``x,y``, players by the name given with the colour beside it
("Anna (Rot)", :mod:`companion.app.people`).

One line per thing the table should notice:

- a tile laid, by whom, of which kind and where; a castle laid without knights;
- a march: the knights that stay on the castle, or the direction and how many stay on each tile
  reached (with its kind); every building whose top knight changes hands by it, with its points;
  the knights the player has left in hand;
- the turn passing: the initial pair laid, the end of the initial placement and who begins, three
  tiles laid, a player's last tile, a turn ended, the players skipped (surrendered, or without a
  tile); the end of the game, because nobody in it has a tile left or everyone surrendered;
- a surrender, with what it costs: 0 points, no win, the tiles their knights top score for nobody;
- the end: every player's points and the ruling spelled out (most points; equal points: most
  knights left in hand; still equal: a draw; a player who surrendered scores 0 and cannot win;
  everyone surrendered: nobody wins), by :func:`companion.games.raubritter.score.ranking_words`;
- corrections by hand, with the table's reason: a tile's kind changed, taken back to its pile,
  added from a pile, moved; the knights on a tile, every one bottom to top
  (:func:`knights_bottom_to_top`); the knights in hand (and what is set aside);
  what follows by itself: the game going on again, the turn passing, the end counted again;
- while the turn goes on after a tile: how many more tiles the player may lay.

``after`` (optional): the public view after the command. With it the lines name the players,
say the kinds of the tiles a march reaches and which buildings change hands, the knights left in
hand, how many more tiles may be laid, the players skipped, the end of the initial placement, and
the tie-breaks of the end; without it (the game log) they name colours only and leave the rest out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games.raubritter.score import rank, ranking_words
from companion.games.walk import Event, Walk, told
from companion.i18n import Join, Message, Person, Plural, Text, Word
from engines.raubritter.rules import DIRECTIONS, INITIAL_TILES, POINTS, TILES_PER_PLAYER, TILES_PER_TURN, building

CORRECTIONS = ("tile-corrected", "tile-moved", "stack-corrected", "corrected")

DIRECTION_WORDS = {
    "north": Message("northwards"),
    "east": Message("eastwards"),
    "south": Message("southwards"),
    "west": Message("westwards"),
}


# ------------------------------------------------------------------------------- the step


class _Step(Walk):
    """The events of one command and the view after it, with who moved and what lies where."""

    def __init__(
        self, events: Sequence[Event], after: Mapping[str, Any] | None, people: Mapping[str, str | None] | None = None
    ):
        super().__init__(events, after, people)
        self.types = [e.get("type") for e in self.events]
        self.order = [p["colour"] for p in (after or {}).get("players", ()) if isinstance(p.get("colour"), str)]

    def cell(self, x: int, y: int) -> Mapping[str, Any] | None:
        for c in (self.after or {}).get("cells", ()):
            if (c.get("x"), c.get("y")) == (x, y):
                return c
        return None

    @property
    def laying(self) -> dict[str, Any] | None:
        return self.first("tile-laid")

    @property
    def correcting(self) -> bool:
        return any(t in CORRECTIONS for t in self.types)

    def mover(self, to: str | None) -> str | None:
        """Whose turn ended: the tile's player, the one who surrendered, the owner of a tile added
        by hand; for a turn ended, the nearest player before ``to`` who is still in the game with
        a tile (the view after is needed)."""
        if (laid := self.laying) is not None:
            return laid["player"]
        if (gave_up := self.first("player-surrendered")) is not None:
            return gave_up["player"]
        if self.correcting:
            added = next((e for e in self.events if e.get("type") == "tile-corrected" and e.get("old") is None), None)
            return added["player"] if added else None
        if to not in self.order:
            return None
        n, start = len(self.order), self.order.index(to)
        for step in range(1, n + 1):
            colour = self.order[(start - step) % n]
            p = self.player(colour) or {}
            if not p.get("surrendered") and p.get("tiles_total", 0) > 0:
                return colour
        return None

    def tiles_laid(self, colour: str) -> int | None:
        p = self.player(colour)
        return None if p is None else TILES_PER_PLAYER - int(p.get("tiles_total", 0))


def lines(
    events: Sequence[Event], *, after: Mapping[str, Any] | None = None, people: Mapping[str, str | None] | None = None
) -> list[Text]:
    """The lines the table reads for the public events of one command (see the module's text);
    ``people``: the players' given names where there is no view after (the game log)."""
    step = _Step(events, after, people)
    return told(step, HANDLERS) + _turn_goes_on(step)


def _at(x: Any, y: Any) -> str:
    return f"{x},{y}"


# ------------------------------------------------------------------------------- play


def _tile_laid(s: _Step, i: int, e: dict) -> list[Text]:
    out: list[Text] = [
        Message(
            "{player} lays a {kind} tile at {at}.",
            player=s.who(e["player"]),
            kind=Word(e["kind"]),
            at=_at(e["x"], e["y"]),
        )
    ]
    if building(e["kind"]) == "castle" and "knights-marched" not in s.types:
        out.append(Message("{player} brings no knights onto the castle.", player=s.who(e["player"])))
    return out


def _turn_goes_on(s: _Step) -> list[Text]:
    """After a tile, while the turn stays with its player: how many more may be laid."""
    laid = s.laying
    if laid is None or "turn-passed" in s.types or s.after is None:
        return []
    colour = laid["player"]
    p = s.player(colour)
    if p is None or s.after.get("current") != colour:
        return []
    if s.after.get("phase") == "initial":
        return [Message("{player} lays one more tile for the initial placement.", player=s.who(colour))]
    more = min(TILES_PER_TURN - int(s.after.get("laid", 0)), int(p.get("tiles_total", 0)))
    if more <= 0:
        return []
    return [
        Plural(
            "{player} may lay {n} more tile or end the turn.",
            "{player} may lay up to {n} more tiles or end the turn.",
            more,
            player=s.who(colour),
        )
    ]


def _marched(s: _Step, i: int, e: dict) -> list[Text]:
    drops = [int(d) for d in e["drops"]]
    colour = e["player"]
    dx, dy = DIRECTIONS.get(e.get("direction") or "", (0, 0))
    places = [(e["x"] + dx * k, e["y"] + dy * k) for k in range(len(drops))]
    out: list[Text] = []
    if len(drops) == 1:
        out.append(Plural("{n} knight stays on the castle.", "{n} knights stay on the castle.", drops[0]))
    else:
        stops: list[Text] = [Plural("{n} stays on the castle", "{n} stay on the castle", drops[0])]
        for (x, y), drop in zip(places[1:], drops[1:], strict=True):
            cell = s.cell(x, y)
            if cell is not None:
                stops.append(Message("{n} on {at} ({kind})", n=drop, at=_at(x, y), kind=Word(cell["kind"])))
            else:
                stops.append(Message("{n} on {at}", n=drop, at=_at(x, y)))
        out.append(
            Plural(
                "{n} knight marches {direction}: {stops}.",
                "{n} knights march {direction}: {stops}.",
                sum(drops),
                direction=DIRECTION_WORDS.get(e.get("direction") or "", e.get("direction") or ""),
                stops=Join(*stops),
            )
        )
    for (x, y), drop in list(zip(places, drops, strict=True))[1:]:
        cell = s.cell(x, y)
        kind = building(cell["kind"]) if cell is not None else None
        if cell is None or kind is None:
            continue
        below = list(cell.get("stack") or ())[:-drop]
        was = below[-1] if below else None
        if was == colour:
            continue
        values = dict(player=s.who(colour), kind=Word(cell["kind"]), at=_at(x, y))
        if was is None:
            out.append(
                Plural(
                    "{player} now has the top knight on the {kind} at {at}: {n} point.",
                    "{player} now has the top knight on the {kind} at {at}: {n} points.",
                    POINTS[kind],
                    **values,
                )
            )
        else:
            out.append(
                Plural(
                    "{player} now has the top knight on the {kind} at {at} instead of {other}: {n} point.",
                    "{player} now has the top knight on the {kind} at {at} instead of {other}: {n} points.",
                    POINTS[kind],
                    other=s.who(was),
                    **values,
                )
            )
    p = s.player(colour)
    if p is not None:
        n = int(p.get("knights", 0))
        out.append(
            Plural(
                "{player} has {n} knight left in hand.",
                "{player} has {n} knights left in hand.",
                n,
                player=s.who(colour),
            )
        )
    return out


def _turn_passed(s: _Step, i: int, e: dict) -> list[Text]:
    to, phase = e.get("to"), e.get("phase")
    mover = s.mover(to)
    if to is None:
        return [_game_over(s, mover)]
    nxt = s.who(to)
    out: list[Text] = []
    if phase == "initial":
        if s.laying is not None and mover is not None:
            out.append(
                Message(
                    "{player} has laid both tiles of the initial placement: {next} is next.",
                    player=s.who(mover),
                    next=nxt,
                )
            )
        else:
            out.append(Message("Initial placement: {player} is next.", player=nxt))
    elif _ends_initial(s, e, mover):
        out.append(Message("The initial placement is laid: {player} begins.", player=nxt))
    elif e.get("after_three") and to == mover:
        out.append(Message("Three tiles laid: {player} is next again.", player=nxt))
    elif e.get("after_three"):
        out.append(Message("Three tiles laid: {player} is next.", player=nxt))
    elif s.correcting and any(x.get("type") == "tile-corrected" and x.get("new") is None for x in s.events):
        out.append(Message("The game goes on: {player} has a tile again and is next.", player=nxt))
    elif (s.laying is not None or s.correcting) and s.tiles_laid(mover or "") == TILES_PER_PLAYER:
        out.append(Message("That was the last tile of {mover}: {player} is next.", mover=s.who(mover), player=nxt))
    elif not s.correcting and "player-surrendered" not in s.types and mover == to:
        out.append(Message("{player} ends the turn and is next again.", player=nxt))
    elif not s.correcting and "player-surrendered" not in s.types and mover is not None:
        out.append(Message("{mover} ends the turn: {player} is next.", mover=s.who(mover), player=nxt))
    else:
        out.append(Message("{player} is next.", player=nxt))
    return out + _skipped(s, mover, to)


def _ends_initial(s: _Step, e: Mapping[str, Any], mover: str | None) -> bool:
    """Whether the turn passing into the play closes the initial placement: ``to`` has laid no more
    than the initial pair and the turn went round to them (in the play, once the turn comes round,
    everyone in the game has laid a tile of a turn)."""
    to = e.get("to")
    if e.get("after_three") or s.correcting or mover not in s.order or to is None or to not in s.order:
        return False
    laid = s.tiles_laid(to)
    return laid is not None and laid <= INITIAL_TILES and s.order.index(to) <= s.order.index(mover)


def _skipped(s: _Step, mover: str | None, to: str) -> list[Text]:
    """The players the turn went past between ``mover`` and ``to``, each with why."""
    if mover not in s.order or to not in s.order:
        return []
    out: list[Text] = []
    n, start = len(s.order), s.order.index(mover)
    for step in range(1, n):
        colour = s.order[(start + step) % n]
        if colour == to:
            break
        p = s.player(colour) or {}
        if p.get("surrendered"):
            out.append(Message("{player} has surrendered and is skipped.", player=s.who(colour)))
        elif int(p.get("tiles_total", 1)) == 0:
            out.append(Message("{player} has no tile left and is skipped.", player=s.who(colour)))
    return out


def _game_over(s: _Step, mover: str | None) -> Text:
    players = (s.after or {}).get("players") or ()
    if players and all(p.get("surrendered") for p in players):
        return Message("Everyone has surrendered: the game is over.")
    if s.laying is not None and mover is not None:
        return Message(
            "That was the last tile of {player}, and nobody in the game has one left: the game is over.",
            player=s.who(mover),
        )
    return Message("Nobody in the game has a tile left: the game is over.")


def _surrendered(s: _Step, i: int, e: dict) -> list[Text]:
    colour = e["player"]
    if s.after is None:
        return [
            Message(
                "{player} surrenders: 0 points and no win; the tiles their knights top score for nobody.",
                player=s.who(colour),
            )
        ]
    topped = _topped(s).get(colour, 0)
    if not topped:
        return [Message("{player} surrenders: 0 points and no win.", player=s.who(colour))]
    return [
        Plural(
            "{player} surrenders: 0 points and no win; {n} building topped by their knight now scores for nobody.",
            "{player} surrenders: 0 points and no win; {n} buildings topped by their knights now score for nobody.",
            topped,
            player=s.who(colour),
        )
    ]


def _topped(s: _Step) -> dict[str, int]:
    """Per player who has surrendered (in the view after): the building tiles their knight tops."""
    found: dict[str, int] = {}
    for cell in (s.after or {}).get("cells") or ():
        top = cell.get("top")
        if building(str(cell.get("kind", ""))) and (s.player(top) or {}).get("surrendered"):
            found[top] = found.get(top, 0) + 1
    return found


def _game_ended(s: _Step, i: int, e: dict) -> list[Text]:
    scores = dict((str(colour), int(n)) for colour, n in e.get("scores") or ())
    out: list[Text] = []
    if "turn-passed" not in s.types:
        out.append(Message("The end is counted again after the correction."))
    if s.after is None or not s.order:
        for colour, n in scores.items():
            out.append(Plural("{player}: {n} point.", "{player}: {n} points.", n, player=s.who(colour)))
        winners = [Person(str(w)) for w in e.get("winners") or ()]
        if not winners:
            out.append(Message("Nobody wins."))
        elif e.get("draw"):
            out.append(Message("A draw between {players}.", players=Join(*winners)))
        else:
            out.append(Message("{player} wins.", player=Join(*winners)))
        return out
    entries = []
    for colour in s.order:
        p = s.player(colour) or {}
        entries.append(
            {
                "colour": colour,
                "name": _given(s, colour),
                "points": scores.get(colour, 0),
                "knights": int(p.get("knights", 0)),
                "surrendered": bool(p.get("surrendered")),
            }
        )
    return out + ranking_words(rank(entries), final=True, topped=_topped(s))


def _given(s: _Step, colour: str) -> str | None:
    shown = s.who(colour)
    return shown.name if isinstance(shown, Person) else None


# ------------------------------------------------------------------------------- corrections


def _tile_corrected(s: _Step, i: int, e: dict) -> list[Text]:
    at, owner, reason = _at(e["x"], e["y"]), s.who(e["player"]), e.get("reason", "")
    old, new = e.get("old"), e.get("new")
    if old is None:
        assert new is not None  # the engine adds a tile from the pile, never none
        return [
            Message(
                "Corrected by hand: the {kind} tile of {owner} lies at {at}, from the pile ({reason}).",
                owner=owner,
                kind=Word(new),
                at=at,
                reason=reason,
            )
        ]
    if new is None:
        return [
            Message(
                "Corrected by hand: the {kind} tile of {owner} at {at} goes back to the pile, any knights on it "
                "back to their owners ({reason}).",
                owner=owner,
                kind=Word(old),
                at=at,
                reason=reason,
            )
        ]
    return [
        Message(
            "Corrected by hand: the tile of {owner} at {at} is a {kind}, not a {old}; the {old} goes back to the pile "
            "({reason}).",
            owner=owner,
            kind=Word(new),
            old=Word(old),
            at=at,
            reason=reason,
        )
    ]


def _tile_moved(s: _Step, i: int, e: dict) -> list[Text]:
    at, to, reason = _at(e["x"], e["y"]), _at(e["to_x"], e["to_y"]), e.get("reason", "")
    cell = s.cell(e["to_x"], e["to_y"])
    if cell is None:
        return [
            Message(
                "Corrected by hand: the tile at {at} really lies at {to}, with its knights ({reason}).",
                at=at,
                to=to,
                reason=reason,
            )
        ]
    return [
        Message(
            "Corrected by hand: the {kind} tile at {at} really lies at {to}, with its knights ({reason}).",
            kind=Word(cell["kind"]),
            at=at,
            to=to,
            reason=reason,
        )
    ]


def knights_bottom_to_top(people: Sequence[Text]) -> Text:
    """The knights on a tile, each by its player (``people``, bottom to top), every one of them,
    the bottom and the top one marked: "bottom Blue, then Red, top Anna (Green)"; one knight is
    its player alone; none is "no knights". Every place that names a stack says it so (the tile's
    words, the stack shown large, the corrections)."""
    if not people:
        return Message("no knights")
    if len(people) == 1:
        return people[0]
    if len(people) == 2:
        return Message("bottom {bottom}, top {top}", bottom=people[0], top=people[-1])
    return Message(
        "bottom {bottom}, then {middle}, top {top}",
        bottom=people[0],
        middle=Join(*people[1:-1], last=False),
        top=people[-1],
    )


def _stack_words(s: _Step, stack: Sequence[str]) -> Text:
    return knights_bottom_to_top([s.who(colour) for colour in stack])


def _stack_corrected(s: _Step, i: int, e: dict) -> list[Text]:
    at, reason = _at(e["x"], e["y"]), e.get("reason", "")
    old, new = list(e.get("old") or ()), list(e.get("new") or ())
    cell = s.cell(e["x"], e["y"])
    where: Text = Message("the {kind} at {at}", kind=Word(cell["kind"]), at=at) if cell is not None else at
    if not new:
        return [
            Message(
                "Corrected by hand: no knights on {where}; before: {old} ({reason}).",
                where=where,
                old=_stack_words(s, old),
                reason=reason,
            )
        ]
    return [
        Message(
            "Corrected by hand: the knights on {where}: {new}; before: {old} ({reason}).",
            where=where,
            new=_stack_words(s, new),
            old=_stack_words(s, old),
            reason=reason,
        )
    ]


def _corrected(s: _Step, i: int, e: dict) -> list[Text]:
    colour, _, what = str(e.get("counter", "")).partition(".")
    old, new, reason = int(e["old"]), int(e["new"]), e.get("reason", "")
    if what != "knights":  # the engine corrects no other count; said as it is
        return [
            Message(
                "Corrected by hand: {counter} is {new}, not {old} ({reason}).",
                counter=str(e.get("counter", "")),
                new=new,
                old=old,
                reason=reason,
            )
        ]
    player = s.who(colour)
    out: list[Text] = [
        Plural(
            "Corrected by hand: {player} has {n} knight in hand, not {old} ({reason}).",
            "Corrected by hand: {player} has {n} knights in hand, not {old} ({reason}).",
            new,
            player=player,
            old=old,
            reason=reason,
        )
    ]
    if new < old:
        out.append(
            Plural(
                "{n} knight of {player} is set aside, out of the game.",
                "{n} knights of {player} are set aside, out of the game.",
                old - new,
                player=player,
            )
        )
    else:
        out.append(
            Plural(
                "{n} set-aside knight of {player} comes back into the hand.",
                "{n} set-aside knights of {player} come back into the hand.",
                new - old,
                player=player,
            )
        )
    return out


Handler = Callable[[_Step, int, dict], list[Text]]

HANDLERS: dict[str, Handler] = {
    "tile-laid": _tile_laid,
    "knights-marched": _marched,
    "turn-passed": _turn_passed,
    "player-surrendered": _surrendered,
    "game-ended": _game_ended,
    "tile-corrected": _tile_corrected,
    "tile-moved": _tile_moved,
    "stack-corrected": _stack_corrected,
    "corrected": _corrected,
}
