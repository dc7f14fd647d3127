"""Raubritter's score at any moment, read off the public view (``engines.raubritter.views.public_view``).

- :func:`points`: what each player would score if the game ended now: every castle 1, village 2
  and town 3 points for the owner of its top knight; a player who surrendered scores 0, and a tile
  their knight tops scores for nobody (it does not pass to the knight below), as
  :mod:`engines.raubritter.scoring` counts at the end;
- :func:`tiles`: what each building tile scores, and for whom;
- :func:`ranking`: the players ordered as the end would rank them now: most points, then most
  knights left in hand; players equal in both share their place (a draw, if it is the first);
  players who surrendered come last, without a place;
- :func:`standing`: that ranking in the table's words, with the tie-breaks spelled out; once the
  game is over it names the winner, the draw or that nobody wins.

:func:`rank` and :func:`ranking_words` do the same for given points (the happenings of the end use
them with the points of the engine's ``game-ended`` event). Pure functions, no Kivy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.app.people import names
from companion.i18n import Join, Message, Person, Plural, Text
from engines.raubritter.rules import POINTS, building

Row = dict[str, Any]


def _players(view: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [p for p in view.get("players") or () if isinstance(p.get("colour"), str)]


def _surrendered(view: Mapping[str, Any]) -> set[str]:
    return {p["colour"] for p in _players(view) if p.get("surrendered")}


def tiles(view: Mapping[str, Any]) -> list[tuple[int, int, int, str | None]]:
    """``(x, y, points, colour)`` for every building tile in the order laid: the colour it scores
    for, or None (no knight on it, or the top knight's player has surrendered)."""
    out = []
    out_of_game = _surrendered(view)
    for cell in view.get("cells") or ():
        kind = building(str(cell.get("kind", "")))
        if kind is None:
            continue
        top = cell.get("top")
        if top is None and cell.get("stack"):
            top = cell["stack"][-1]
        out.append((int(cell["x"]), int(cell["y"]), POINTS[kind], top if top and top not in out_of_game else None))
    return out


def points(view: Mapping[str, Any]) -> dict[str, int]:
    """Each player's points if the game ended now (0 for a player who surrendered)."""
    found = {p["colour"]: 0 for p in _players(view)}
    for _x, _y, worth, colour in tiles(view):
        if colour in found:
            found[colour] += worth
    return found


def rank(entries: Iterable[Mapping[str, Any]]) -> list[Row]:
    """Rows ordered as the end ranks them, from entries with ``colour``, ``points``, ``knights``
    (in hand) and ``surrendered`` (``name`` kept if given). Each row adds
    ``place`` (1 for the first; players equal on points and knights share it; None for a player
    who surrendered), ``shared`` (the place is shared) and ``winner`` (the end names them now)."""
    given = [dict(e) for e in entries]
    seat = {row["colour"]: i for i, row in enumerate(given)}
    playing = [row for row in given if not row.get("surrendered")]
    out = [row for row in given if row.get("surrendered")]
    for row in out:
        row.update(points=0, place=None, shared=False, winner=False)

    def key(row: Row) -> tuple[int, int]:
        return (-int(row["points"]), -int(row.get("knights") or 0))

    playing.sort(key=lambda row: (*key(row), seat[row["colour"]]))
    for row in playing:
        level = [other for other in playing if key(other) == key(row)]
        row["place"] = 1 + sum(1 for other in playing if key(other) < key(row))
        row["shared"] = len(level) > 1
        row["winner"] = row["place"] == 1
    return playing + out


def ranking(view: Mapping[str, Any]) -> list[Row]:
    """The players as the end would rank them now: ``colour``, ``name`` (the name given, or None),
    ``points``, ``knights`` (in hand), ``surrendered``, ``place``, ``shared``, ``winner``."""
    given = names(view)
    scored = points(view)
    return rank(
        {
            "colour": p["colour"],
            "name": given.get(p["colour"]),
            "points": scored.get(p["colour"], 0),
            "knights": int(p.get("knights") or 0),
            "surrendered": bool(p.get("surrendered")),
        }
        for p in _players(view)
    )


def standing(view: Mapping[str, Any]) -> list[Text]:
    """The ranking in words, tie-breaks spelled out; the result once the game is over."""
    return ranking_words(ranking(view), final=view.get("phase") == "over", topped=_topped(view))


def _topped(view: Mapping[str, Any]) -> dict[str, int]:
    """Per player who surrendered: the building tiles their knight tops (they score for nobody)."""
    out_of_game = _surrendered(view)
    found: dict[str, int] = {}
    for cell in view.get("cells") or ():
        top = cell.get("top")
        if top in out_of_game and building(str(cell.get("kind", ""))) is not None:
            found[top] = found.get(top, 0) + 1
    return found


def _person(row: Mapping[str, Any]) -> Person:
    return Person(row["colour"], row.get("name"))


def ranking_words(
    rows: Sequence[Mapping[str, Any]], *, final: bool, topped: Mapping[str, int] | None = None
) -> list[Text]:
    """Rows of :func:`rank` in words: one line per player alone on their points, one per group of
    players level on points (their knights left decide; still equal: level, or at the end a
    draw), one per player who surrendered (with the building tiles their knights top, from
    ``topped``, that score for nobody)."""
    out: list[Text] = []
    playing = [row for row in rows if not row.get("surrendered")]
    groups: list[list[Mapping[str, Any]]] = []
    for row in playing:
        if groups and groups[-1][0]["points"] == row["points"]:
            groups[-1].append(row)
        else:
            groups.append([row])
    for first, group in enumerate(groups):
        out.append(_group_words(group, leading=first == 0, final=final))
    for row in rows:
        if row.get("surrendered"):
            out.append(_surrender_words(row, (topped or {}).get(row["colour"], 0)))
    if not playing and rows:
        out.append(Message("Everyone has surrendered: nobody wins."))
    return out


def _group_words(group: Sequence[Mapping[str, Any]], *, leading: bool, final: bool) -> Text:
    n = int(group[0]["points"])
    if len(group) == 1:
        player = _person(group[0])
        if leading and final:
            return Plural(
                "{player} wins with the most points: {n}.", "{player} wins with the most points: {n}.", n, player=player
            )
        if leading:
            return Plural("{player} leads with {n} point.", "{player} leads with {n} points.", n, player=player)
        return Plural("{player}: {n} point.", "{player}: {n} points.", n, player=player)
    level = Plural("{players}: {n} point each", "{players}: {n} points each", n, players=Join(*map(_person, group)))
    best = [row for row in group if row["place"] == group[0]["place"]]
    knights = [int(row.get("knights") or 0) for row in group]
    said: Text
    if len(set(knights)) == 1:
        said = Plural("{n} knight left each", "{n} knights left each", knights[0])
    else:
        said = Join(
            Plural(
                "{player} has {n} knight left", "{player} has {n} knights left", knights[0], player=_person(group[0])
            ),
            *(Message("{player} {n}", player=_person(row), n=row["knights"]) for row in group[1:]),
            last=False,
        )
    return Message(
        "{points}; {knights}: {verdict}.", points=level, knights=said, verdict=_verdict(group, best, leading and final)
    )


def _verdict(group: Sequence[Mapping[str, Any]], best: Sequence[Mapping[str, Any]], result: bool) -> Text:
    if len(best) == 1:
        player = _person(best[0])
        return (
            Message("{player} wins with the most knights left", player=player)
            if result
            else Message("{player} ahead", player=player)
        )
    if len(best) == len(group):
        return Message("a draw") if result else Message("level")
    players = Join(*map(_person, best))
    return (
        Message("a draw between {players}", players=players) if result else Message("{players} level", players=players)
    )


def _surrender_words(row: Mapping[str, Any], topped: int) -> Text:
    player = _person(row)
    if topped:
        return Plural(
            "{player} has surrendered: 0 points, cannot win; {n} building topped by their knight scores for nobody.",
            "{player} has surrendered: 0 points, cannot win; {n} buildings topped by their knights score for nobody.",
            topped,
            player=player,
        )
    return Message("{player} has surrendered: 0 points, cannot win.", player=player)
