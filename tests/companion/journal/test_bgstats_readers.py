"""Every ``--format bgstats`` export is read with what the published readers of BG Stats files
demand, written here as a small schema (field: JSON type) and a few checks of references:

- BGStats.Bot (github.com/theiam79/BGStats.Bot): ``Models/PlayFile.cs``, ``Game.cs``,
  ``Location.cs``, ``Play.cs``, ``PlayerScore.cs``, ``Player.cs``, ``UserInfo.cs``, read with
  System.Text.Json (``Modules/PlayFileModule.cs``): an ``int`` property takes only a JSON integer, a
  ``bool`` a JSON boolean (or 0/1 through its ``AutoIntToBoolConverter``), a ``string`` a JSON
  string. ``Services/PlayFormatService.cs`` takes the first location's ``Name`` (an empty
  ``locations`` list crashes it), parses ``entryDate`` as a date, prints ``minPlayerCount``-
  ``maxPlayerCount``, ``bggYear`` and ``designers``.
- bgstats-merger (github.com/adrianocola/bgstats-merger, ``index.js``): looks up the player whose
  ``id`` is ``userInfo.meRefId`` and reads its ``bggUsername``/``name``; keys games by ``bggId``,
  locations and players by ``uuid``, plays by ``uuid``; follows a play's ``gameRefId``,
  ``locationRefId`` (only when it is not 0) and each ``playerRefId``; takes the next id as the
  largest ``id`` of a list plus one (an empty ``locations`` list crashes it); compares
  ``playDate`` by day with moment.js and scores with ``eval``.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.games.schatzjagd.bgstats import progress
from companion.journal import bgstats
from companion.journal.errors import JournalError
from companion.journal.exports import render
from companion.journal.store import Journal
from engines.schatzjagd.rules import Victory
from tests.companion.journal.fixtures.games import play

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
FINISHED = {
    "raubritter": "raubritter/20-complete-game-two-players.scn",
    "raubritter-draw": "raubritter/24-draw-points-and-knights-equal.scn",
    "gluecksritter": "gluecksritter/55-full-game-end-osullivan.scn",
    "gluecksritter-shared": "gluecksritter/48-shared-win-equal-ducats-schmidt.scn",
    "schatzjagd": "schatzjagd/44-complete-game-three-players.scn",
}

INT, BOOL, STR, LIST, OBJECT = "int", "bool", "str", "list", "object"

# BGStats.Bot's models, property by property (teamRole is read only for team games).
PLAY_FILE = {"about": STR, "players": LIST, "locations": LIST, "games": LIST, "plays": LIST, "userInfo": OBJECT}
GAME = {
    "uuid": STR, "id": INT, "name": STR, "modificationDate": STR, "cooperative": BOOL, "highestWins": BOOL,
    "noPoints": BOOL, "usesTeams": BOOL, "urlThumb": STR, "urlImage": STR, "bggName": STR, "bggYear": INT,
    "bggId": INT, "designers": STR, "isBaseGame": BOOL, "isExpansion": BOOL, "rating": INT,
    "minPlayerCount": INT, "maxPlayerCount": INT, "minPlayTime": INT, "maxPlayTime": INT, "minAge": INT,
}  # fmt: skip
LOCATION = {"uuid": STR, "id": INT, "name": STR, "modificationDate": STR}
PLAY = {
    "uuid": STR, "modificationDate": STR, "entryDate": STR, "playDate": STR, "usesTeams": BOOL,
    "durationMin": INT, "ignored": BOOL, "manualWinner": BOOL, "rounds": INT, "locationRefId": INT,
    "gameRefId": INT, "board": STR, "scoringSetting": INT, "playerScores": LIST,
}  # fmt: skip
PLAYER_SCORE = {
    "score": STR, "winner": BOOL, "newPlayer": BOOL, "startPlayer": BOOL, "playerRefId": INT, "role": STR,
    "rank": INT, "seatOrder": INT, "team": STR,
}  # fmt: skip
PLAYER = {"uuid": STR, "id": INT, "name": STR, "isAnonymous": BOOL, "modificationDate": STR, "bggUsername": STR}
USER_INFO = {"meRefId": INT}

DATE = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")  # as BG Stats writes dates
SCORE = re.compile(r"-?\d+")  # a number that eval() and BG Stats both read


def _is(value: Any, kind: str) -> bool:
    if kind == INT:  # System.Text.Json: a JSON integer within Int32 (a JSON true is no integer)
        return isinstance(value, int) and not isinstance(value, bool) and -(2**31) <= value < 2**31
    if kind == BOOL:
        return isinstance(value, bool)
    if kind == STR:
        return isinstance(value, str)
    if kind == LIST:
        return isinstance(value, list)
    return isinstance(value, dict)


def check(where: str, obj: Any, schema: dict[str, str]) -> None:
    assert isinstance(obj, dict), f"{where} is not an object"
    for key, kind in schema.items():
        assert key in obj, f"{where} lacks {key}"
        assert _is(obj[key], kind), f"{where}.{key} is {obj[key]!r}, not {kind}"


def read_like_the_readers(text: str) -> dict[str, Any]:
    """The file as the readers take it; an AssertionError names what one of them would trip on."""
    doc = json.loads(text)
    check("file", doc, PLAY_FILE)
    for kind, schema in (("games", GAME), ("locations", LOCATION), ("players", PLAYER), ("plays", PLAY)):
        assert doc[kind], f"{kind} is empty"  # the merger's next id, the bot's first location
        for i, obj in enumerate(doc[kind]):
            check(f"{kind}[{i}]", obj, schema)
        if kind != "plays":
            assert len({o["id"] for o in doc[kind]}) == len(doc[kind]), f"{kind} ids repeat"
        assert len({o["uuid"] for o in doc[kind]}) == len(doc[kind]), f"{kind} uuids repeat"
    check("userInfo", doc["userInfo"], USER_INFO)
    players = {p["id"]: p for p in doc["players"]}
    assert doc["userInfo"]["meRefId"] in players, "meRefId names no player"
    games = {g["id"]: g for g in doc["games"]}
    locations = {loc["id"] for loc in doc["locations"]}
    for game in doc["games"]:
        assert 1 <= game["minPlayerCount"] <= game["maxPlayerCount"]
        assert 0 <= game["minPlayTime"] <= game["maxPlayTime"] and game["minAge"] >= 0
        assert game["bggId"] >= 0 and game["rating"] == 0
    for recorded in doc["plays"]:
        assert recorded["gameRefId"] in games
        assert recorded["locationRefId"] in locations  # not 0: the merger skips a 0
        for key in ("playDate", "entryDate", "modificationDate"):
            assert DATE.fullmatch(recorded[key]), f"{key} {recorded[key]!r}"
        assert recorded["playerScores"], "a play without players"
        for i, score in enumerate(recorded["playerScores"]):
            check(f"playerScores[{i}]", score, PLAYER_SCORE)
            assert score["playerRefId"] in players
            assert SCORE.fullmatch(score["score"]), f"score {score['score']!r}"
    return doc


@pytest.fixture(autouse=True)
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A settings folder of the test's own: the machine's settings file is not read."""
    home = tmp_path / "config"
    (home / "companion").mkdir(parents=True)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home))
    return home / "companion" / "settings.toml"


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    with Journal.open(tmp_path / "journal.sqlite3") as opened:
        yield opened


def export(journal: Journal, name: str) -> dict[str, Any]:
    return read_like_the_readers(render(bgstats.play_document(journal, play(journal, name))))


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_every_finished_game_reads_like_a_bg_stats_file(journal, name):
    doc = export(journal, FINISHED[name])
    (game,) = doc["games"]
    (play_,) = doc["plays"]
    assert len(doc["players"]) == len(play_["playerScores"])
    assert game["minPlayerCount"] <= len(doc["players"]) <= game["maxPlayerCount"]
    assert not game["cooperative"] and not game["noPoints"] and play_["manualWinner"]


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_the_winners_have_the_highest_score_where_the_highest_wins(journal, name):
    doc = export(journal, FINISHED[name])
    (game,) = doc["games"]
    (play_,) = doc["plays"]
    assert game["highestWins"]
    scores = [int(s["score"]) for s in play_["playerScores"]]
    winners = [int(s["score"]) for s in play_["playerScores"] if s["winner"]]
    assert winners, "nobody won a finished game"
    assert all(score == max(scores) for score in winners)


def test_the_location_is_the_companions_by_default_and_the_first_player_is_me(journal):
    doc = export(journal, FINISHED["raubritter"])
    assert [loc["name"] for loc in doc["locations"]] == ["Companion table"]
    assert doc["plays"][0]["locationRefId"] == doc["locations"][0]["id"]
    assert doc["userInfo"]["meRefId"] == doc["players"][0]["id"]


def test_the_settings_file_names_the_location_and_me(journal, config_home):
    config_home.write_text('location = "Kitchen table"\nme = "Ben"\n', encoding="utf-8")
    doc = export(journal, FINISHED["raubritter"])
    assert [loc["name"] for loc in doc["locations"]] == ["Kitchen table"]
    ben = next(p["id"] for p in doc["players"] if p["name"] == "Ben")
    assert doc["userInfo"]["meRefId"] == ben


def test_me_who_did_not_play_leaves_the_first_player(journal, config_home):
    config_home.write_text('me = "Nobody here"\n', encoding="utf-8")
    doc = export(journal, FINISHED["raubritter"])
    assert doc["userInfo"]["meRefId"] == doc["players"][0]["id"]


@pytest.mark.parametrize("text", ["location = 3\n", 'location = "  "\n', "location = [\n"])
def test_a_bad_location_setting_is_refused_in_words(journal, config_home, text):
    game_id = play(journal, FINISHED["raubritter"])
    config_home.write_text(text, encoding="utf-8")
    with pytest.raises(JournalError, match="settings"):
        bgstats.play_document(journal, game_id)


def test_the_same_location_keeps_its_uuid(journal):
    first = export(journal, FINISHED["raubritter"])
    second = export(journal, FINISHED["gluecksritter"])
    assert first["locations"][0]["uuid"] == second["locations"][0]["uuid"]


@pytest.mark.parametrize(
    "victory, winner, loser",
    [
        (Victory(treasures=3), ("gold", "gold", "ring"), ("gold", "ring")),
        (Victory(same_kind=2), ("gold", "gold"), ("gold", "ring", "crown", "orb")),
        (Victory(different_kinds=3), ("gold", "ring", "orb"), ("gold", "gold", "gold", "ring")),
        (Victory(kinds=("crown", "orb")), ("crown", "orb"), ("gold", "gold", "ring", "crown", "crown")),
    ],
)
def test_schatzjagd_scores_the_way_to_the_agreed_victory(victory, winner, loser):
    assert victory.met(winner) and not victory.met(loser)
    assert progress(victory, winner) > progress(victory, loser)
    target = Counter(victory.kinds or ())
    if victory.kinds:
        assert progress(victory, winner) == sum(target.values())
