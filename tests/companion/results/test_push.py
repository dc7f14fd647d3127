"""BG Stats' push link of a finished play (:mod:`companion.results.push`), from real journals: finished
games of each game played from scenario files and seeded random tables; the link carries the play
whole and back, agrees with the play file's lines, stays the same for the same game, encodes only
what a query value must, and stays small enough for a QR code on the 480-pixel-high display."""

from __future__ import annotations

import random
import re
import urllib.parse
from collections.abc import Sequence
from pathlib import Path

import pytest
import segno

from companion.journal import bgstats
from companion.journal.exports import export_game, import_document
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.results import push
from engines.gluecksritter import GAME as GLUECKSRITTER
from tests.companion.journal.fixtures.games import play as play_scenario
from tests.engines.gluecksritter import autoplay

FINISHED = {
    "raubritter": "raubritter/20-complete-game-two-players.scn",
    "raubritter-draw": "raubritter/24-draw-points-and-knights-equal.scn",
    "gluecksritter": "gluecksritter/55-full-game-end-osullivan.scn",
    "gluecksritter-shared": "gluecksritter/48-shared-win-equal-ducats-schmidt.scn",
    "schatzjagd": "schatzjagd/44-complete-game-three-players.scn",
}
RUNNING = "raubritter/16-undo-redo-tile-and-march.scn"

# Six of the longest names Die Glücksritter takes (24 characters), umlauts and all.
LONG_NAMES = (
    "Maximilian von Hohenzoll",
    "Friederike von Schönberg",
    "Hans-Jürgen Müller-Lüden",
    "Anna-Lena Großkreutz-Bär",
    "Konstantin Überschwängli",
    "Karl-Theodor zu Guttenbe",
)
AWKWARD_NAMES = ("Tom & Jerry", "1+1=2 #1", "100% 'Kim'", 'Der "Baron"', "Jürgen Größe", "{[a;b]} ?/@")


def finished_gluecksritter(journal: Journal, names: Sequence[str], seed: int = 5) -> int:
    """A Die Glücksritter game of ``len(names)`` players named ``names`` (in seating order), played
    to its end by the seeded random table into ``journal``; its number."""
    rng = random.Random(seed)
    setup = autoplay.random_setup(rng, len(names))
    config = GLUECKSRITTER.dump_config(setup) | {"names": dict(zip(setup.players, names, strict=True))}
    session = Session.start(journal, "gluecksritter", config)
    while autoplay.play_step(session, rng) is not None:
        pass
    assert session.state.phase == "over"
    return session.game_id


@pytest.fixture
def journal(tmp_path: Path) -> Journal:
    with Journal.open(tmp_path / "journal.sqlite3") as opened:
        yield opened


def lines_of(journal: Journal, game_id: int) -> list[tuple[str, int, bool]]:
    row = journal.game(game_id)
    results = bgstats.results_of(row.game, Session.open(journal, game_id).state)
    return [(r.name, r.score, r.winner) for r in results]


@pytest.mark.parametrize("name", sorted(FINISHED))
def test_the_link_carries_the_play_whole_and_agrees_with_the_play_file(journal, name):
    game_id = play_scenario(journal, FINISHED[name])
    found = push.play(journal, game_id)
    url = push.link(found)
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert push.play_of(url) == found == push.play_of(url.replace("https://", "bgstats://", 1))
    assert [(p["name"], p["score"], p["winner"]) for p in found["players"]] == lines_of(journal, game_id)

    document = bgstats.play_document(journal, game_id)
    (recorded,) = document["plays"]
    assert found["playDate"] == recorded["playDate"] and found["durationMin"] == recorded["durationMin"]
    assert found["game"] == {
        "name": document["games"][0]["name"],
        "sourceGameId": journal.game(game_id).game,
        "highestWins": True,
        "noPoints": False,
    }
    assert found["sourceName"] == "companion"
    for player, score in zip(found["players"], recorded["playerScores"], strict=True):
        assert player["startPlayer"] is score["startPlayer"] and player["winner"] is score["winner"]
        assert player.get("rank", 0) == score["rank"]  # a rank only where the game ranks
        assert isinstance(player["score"], int) and str(player["score"]) == score["score"]


def test_raubritter_ranks_and_names_the_start_player_the_others_do_not_rank(journal):
    raubritter = push.play(journal, play_scenario(journal, FINISHED["raubritter"]))
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"]) for p in raubritter["players"]] == [
        ("Anna", 14, 1, True, True),
        ("Ben", 13, 2, False, False),
    ]
    draw = push.play(journal, play_scenario(journal, FINISHED["raubritter-draw"]))
    assert [(p["rank"], p["winner"]) for p in draw["players"]] == [(1, True), (1, True)]
    schatzjagd = push.play(journal, play_scenario(journal, FINISHED["schatzjagd"]))
    assert sum(p["startPlayer"] for p in schatzjagd["players"]) == 1
    gluecksritter = push.play(journal, play_scenario(journal, FINISHED["gluecksritter"]))
    for found in (schatzjagd, gluecksritter):
        assert all("rank" not in p for p in found["players"])
        assert all(set(p) >= {"winner", "startPlayer"} for p in found["players"])  # false ones too
        assert "bggId" not in found["game"]  # no BoardGameGeek id confirmed


def test_the_same_game_gives_the_same_ids_and_other_games_other_ones(journal, tmp_path):
    game_id = play_scenario(journal, FINISHED["gluecksritter"])
    first, again = push.play(journal, game_id), push.play(journal, game_id)
    assert first == again and push.link(first) == push.link(again)
    with Journal.open(tmp_path / "other.sqlite3") as other:  # the same game, copied to another journal
        copied = push.play(other, import_document(other, export_game(journal, game_id)).game_id)
    assert copied == first
    assert re.fullmatch(r"[A-Za-z0-9_-]{11}", first["sourcePlayId"])
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{8}", p["sourcePlayerId"]) for p in first["players"])

    # A play is its game, start time (to the second) and players, as in the play file: another of
    # them is another play (the scenario files all start "now", so two of them may be one play).
    other = push.play(journal, finished_gluecksritter(journal, ("Red", "Blue", "Green", "Anna")))
    assert other["sourcePlayId"] != first["sourcePlayId"]
    ids = {p["name"]: p["sourcePlayerId"] for found in (first, other) for p in found["players"]}
    assert len(set(ids.values())) == len(ids)  # one id per name, another name another id
    for found in (first, other):  # a name's id is the same in every play
        assert all(ids[p["name"]] == p["sourcePlayerId"] for p in found["players"])


def test_a_running_game_is_refused_as_the_play_file_refuses_it(journal):
    game_id = play_scenario(journal, RUNNING)
    with pytest.raises(bgstats.NotFinished, match=f"game {game_id} \\(raubritter\\) is not finished") as pushed:
        push.play(journal, game_id)
    with pytest.raises(bgstats.NotFinished) as written:
        bgstats.play_document(journal, game_id)
    assert str(pushed.value) == str(written.value)


def test_awkward_names_survive_the_round_trip_and_only_what_must_be_is_encoded(journal):
    game_id = finished_gluecksritter(journal, AWKWARD_NAMES)
    found = push.play(journal, game_id)
    url = push.link(found)
    assert [p["name"] for p in push.play_of(url)["players"]] == list(AWKWARD_NAMES)
    assert push.play_of(url) == found
    value = url.split("?data=", 1)[1]
    assert re.fullmatch(r"[A-Za-z0-9\-._~,:!'()*%]+", value), "only unreserved characters and escapes"
    assert ",%22" in value and "%22:" in value  # "," and ":" left as they are
    for char, escape in {"&": "%26", "+": "%2B", "#": "%23", "=": "%3D", ";": "%3B", " ": "%20", "ü": "%C3%BC"}.items():
        assert char not in value and escape in value
    # A query parser of the web reads the same text (no "+" taken for a space, no "&" splitting it).
    assert urllib.parse.unquote(value) == urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["data"][0]


def test_a_six_player_play_with_long_names_stays_a_qr_code_of_version_25(journal):
    game_id = finished_gluecksritter(journal, LONG_NAMES)
    found = push.play(journal, game_id)
    url = push.link(found)
    assert [(p["name"], p["score"], p["winner"]) for p in found["players"]] == lines_of(journal, game_id)
    assert push.play_of(url) == found
    code = segno.make_qr(url, error="l", boost_error=False)
    # As the module's docstring says: about 1250 characters, version 25 (117 modules) at level L.
    assert len(url) <= 1273 and code.version <= 25, (len(url), code.version)


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/createPlay.html?data=%7B%7D",
        "https://app.bgstatsapp.com/createPlay.html?data=%7B%7D&data=%7B%7D",
        "https://app.bgstatsapp.com/createPlay.html?other=1",
        "https://app.bgstatsapp.com/createPlay.html?data=%5B%5D",
    ],
)
def test_what_is_no_push_link_is_refused(url):
    with pytest.raises(ValueError):
        push.play_of(url)


def test_a_player_without_a_name_is_the_colour_in_the_table_s_language(journal):
    """As the screens name them: "Rot" in a German game, "Red" in an English one (never "red"); the
    ids stay those of the recorded name, so the same game pushed in either language is one play."""
    colours = autoplay.random_setup(random.Random(5), 3).players  # the seats finished_gluecksritter gives
    game_id = finished_gluecksritter(journal, ["Anna", colours[1], "Ben"])  # the second gave no name
    german, english = push.play(journal, game_id, "de"), push.play(journal, game_id, "en")
    words = {"green": ("Grün", "Green"), "red": ("Rot", "Red"), "blue": ("Blau", "Blue"), "yellow": ("Gelb", "Yellow"),
             "white": ("Weiß", "White"), "black": ("Schwarz", "Black")}  # fmt: skip
    assert [p["name"] for p in german["players"]] == ["Anna", words[colours[1]][0], "Ben"]
    assert [p["name"] for p in english["players"]] == ["Anna", words[colours[1]][1], "Ben"]
    assert german["sourcePlayId"] == english["sourcePlayId"]
    assert [p["sourcePlayerId"] for p in german["players"]] == [p["sourcePlayerId"] for p in english["players"]]
