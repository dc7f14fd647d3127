"""A finished play as BG Stats' push link: ``https://app.bgstatsapp.com/createPlay.html?data=<data>``,
``<data>`` the play as URL-encoded JSON (BG Stats' "Push plays to BG Stats from other apps or
websites"). Tapped on a phone with BG Stats, the link opens its import dialog; the table shows it
as a QR code (:mod:`companion.app.pieces.qr`), so it is kept as short as BG Stats allows: a
6-player play with long names must still be a QR code whose modules a phone can tell apart on the
480-pixel-high display.

What the play holds, and why (the players' lines come from :func:`bgstats.results_of`, the same
lines as the play file's, :mod:`companion.journal.bgstats`):

- ``sourceName`` ("companion") and ``sourcePlayId``: BG Stats keeps a play by its source, so the
  same game pushed twice is one play. The id is the first 11 characters (66 bits, base64url: no
  character to encode) of the UUID the play file gives the play, derived from the game, its start
  time to the second and its players: the same game gives the same id, from any journal it is in.
- ``playDate``: when the game began, on the table's wall clock (``YYYY-MM-DD HH:MM:SS``), as the
  play file writes it; ``durationMin``: from the start to the end, in whole minutes.
- ``game``: ``name`` (the box's title) and ``sourceGameId`` (the game's name in the companion,
  ``gluecksritter``: stable, readable, short). ``highestWins`` (always true: every game's score
  agrees with it) and ``noPoints`` (false) are written although the documentation calls them
  optional: a published push-link builder reports that BG
  Stats' Android app stops with "No value for <field>" when a boolean of the schema is missing.
  ``bggId`` only when the box has a confirmed BoardGameGeek id (none of the three has one yet;
  the same builder leaves it out then): BG Stats matches the game by its name instead.
- ``players``, in seating or turn order: ``name``, as the table's screens name the player (the
  name given, else the colour, capitalised, in the table's language: "Rot", as the play file
  names them, :func:`bgstats.results_of`); ``sourcePlayerId``, 8 characters (48 bits) of
  the play file's UUID of the name as recorded (the colour for a player without a name, whatever
  the language), derived from it alone, so one person keeps one id from
  play to play and BG Stats remembers the match made once; ``score``, a JSON number as
  documented. ``winner`` and ``startPlayer`` are written for every player, false ones too (the
  Android report above names exactly these two keys), although ``startPlayer`` false costs 24
  characters a player. ``rank`` only where the game ranks (Raubritter): Die Glücksritter and
  Schatzjagd name only winners, and a rank of 0 says "no rank", which a missing one says too
  (the builder above never sends one).
- Left out, being optional and of no use here: ``location`` (BG Stats sets it to the source of
  the link), ``comments`` (the play file has them), ``board``, ``role``.

The JSON is compact (no spaces) and keeps non-ASCII letters as they are (an "ü" is then
``%C3%BC``, shorter than the ``%5Cu00fc`` of an escaped one). In the query value only what must be
is encoded: ``&``, ``=``, ``+`` (a space to form decoders), ``#``, ``%``, ``;``, spaces, quotes,
braces, brackets and every non-ASCII byte; ``,`` and ``:`` (valid in a query, and frequent in JSON)
stay as they are, and so do ``!'()*``, which JavaScript's ``encodeURIComponent`` leaves too.

Measured (``tests/companion/results/test_push.py``): a 6-player Die Glücksritter play whose players
all have names of 24 characters (the longest the game takes), with umlauts ("Friederike von
Schönberg", "Hans-Jürgen Müller-Lüden", ...), gives a link of 1250 characters: a QR code of version
25 (117×117 modules) at level L, 3 pixels per module on the 480-pixel-high display (125 modules with
the quiet zone). The same names without umlauts: 1216 characters, version 25. Six short names
("Anna", "Ben", ...): 1074 characters, version 23 (109 modules), 4 pixels per module. Each letter of
a name is one character of the link, an umlaut six; a player costs about 140 characters besides.
"""

from __future__ import annotations

import base64
import json
import urllib.parse
import uuid
from typing import Any

from companion.games.registry import home, part
from companion.journal.bgstats import NAMESPACE, Box, finished, minutes_between, results_of, wall_clock
from companion.journal.store import Journal

ADDRESS = "https://app.bgstatsapp.com/createPlay.html"
SOURCE = "companion"
SAFE = ",:!'()*"  # beside letters, digits and "-._~", left unencoded in the query value
PLAY_ID_CHARS = 11
PLAYER_ID_CHARS = 8


def _short_id(length: int, *parts: str) -> str:
    """The first ``length`` characters of the base64url form of the UUID the play file derives
    from ``parts`` (``-`` and ``_`` need no encoding in a URL)."""
    derived = uuid.uuid5(NAMESPACE, "\x1f".join(parts))
    return base64.urlsafe_b64encode(derived.bytes).decode("ascii")[:length]


def play(journal: Journal, game_id: int, language: str | None = None) -> dict[str, Any]:
    """The play of a finished game, as the push link carries it, its players named in ``language``
    (default: the language the table speaks now); NotFinished if it has not ended (JournalError if
    the journal cannot give the game)."""
    row, state = finished(journal, game_id)
    results = results_of(row.game, state, language)
    box: Box = part(row.game, "bgstats").BOX
    ended = row.finished or row.updated
    game: dict[str, Any] = {"name": home(row.game).title, "sourceGameId": row.game}
    if box.bgg_id:
        game["bggId"] = box.bgg_id
    game |= {"highestWins": True, "noPoints": False}
    players = []
    for r in results:
        line: dict[str, Any] = {
            "name": r.name,
            "sourcePlayerId": _short_id(PLAYER_ID_CHARS, "player", r.key),
            "score": r.score,
            "winner": r.winner,
            "startPlayer": r.start,
        }
        if r.rank:
            line["rank"] = r.rank
        players.append(line)
    return {
        "sourceName": SOURCE,
        "sourcePlayId": _short_id(PLAY_ID_CHARS, "play", row.game, row.started, *(r.key for r in results)),
        "playDate": wall_clock(row.started),
        "durationMin": minutes_between(row.started, ended),
        "game": game,
        "players": players,
    }


def link(play: dict[str, Any]) -> str:
    """The push link of ``play``."""
    text = json.dumps(play, ensure_ascii=False, separators=(",", ":"))
    return f"{ADDRESS}?data={urllib.parse.quote(text, safe=SAFE)}"


def play_of(url: str) -> dict[str, Any]:
    """The play a push link carries (``https://`` or BG Stats' own ``bgstats://``); ValueError if
    ``url`` is no such link."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("https", "bgstats") or f"https://{parts.netloc}{parts.path}" != ADDRESS or parts.fragment:
        raise ValueError(f"not a BG Stats push link: {url[:80]!r}")
    query = urllib.parse.parse_qs(parts.query, keep_blank_values=True, strict_parsing=True)
    values = query.pop("data", [])
    if len(values) != 1 or query:
        raise ValueError("a BG Stats push link has exactly one parameter, data")
    found = json.loads(values[0])
    if not isinstance(found, dict):
        raise ValueError("the data of a BG Stats push link is a JSON object")
    return found
