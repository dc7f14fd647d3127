"""Exports of journal games (``companion.export`` and BG Stats play files) and imports back into a
journal, on real journal files built by playing scenario files and random legal games."""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from companion.journal import bgstats
from companion.journal.exports import (
    FORMAT,
    VERSION,
    ExportError,
    export_game,
    import_document,
    import_file,
    read_json,
    render,
    write_file,
)
from companion.journal.session import SNAPSHOT_EVERY, Session
from companion.journal.store import Journal, JournalWriteError
from companion.journal.verify import canonical, verify
from engines.gluecksritter import GAME as GLUECKSRITTER
from engines.raubritter import GAME as RAUBRITTER
from tests.companion.journal.fixtures.games import play
from tests.engines.gluecksritter import autoplay
from tests.engines.raubritter.table import legal_command

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"
RAUBRITTER_GAME = "raubritter/20-complete-game-two-players.scn"
RAUBRITTER_DRAW = "raubritter/24-draw-points-and-knights-equal.scn"
RAUBRITTER_UNDO = "raubritter/16-undo-redo-tile-and-march.scn"
GLUECKSRITTER_GAME = "gluecksritter/55-full-game-end-osullivan.scn"
GLUECKSRITTER_SHARED = "gluecksritter/48-shared-win-equal-ducats-schmidt.scn"
SCHATZJAGD_GAME = "schatzjagd/44-complete-game-three-players.scn"


def contents(path: Path) -> list[str]:
    """Everything in a journal file, as SQL: equal lists mean an unchanged journal."""
    with Journal.open(path, create=False) as journal:
        return list(journal.db.iterdump())


def state_of(journal: Journal, game_id: int) -> str:
    session = Session.open(journal, game_id)
    return canonical(session.game, session.state)


@pytest.fixture
def source(tmp_path: Path) -> Journal:
    with Journal.open(tmp_path / "source.sqlite3") as journal:
        yield journal


@pytest.fixture
def target_path(tmp_path: Path) -> Path:
    Journal.open(tmp_path / "target.sqlite3").close()
    return tmp_path / "target.sqlite3"


# ----------------------------------------------------------------------------------- export


def test_the_export_holds_every_entry_with_undo_and_redo_rows_the_state_the_view_and_the_times(source):
    game_id = play(source, RAUBRITTER_UNDO)
    doc = export_game(source, game_id)
    row = source.game(game_id)
    session = Session.open(source, game_id)
    outline = source.outline(game_id)

    assert (doc["format"], doc["version"]) == (FORMAT, VERSION) == ("companion.export", 1)
    assert doc["game"] == "raubritter" and doc["engine_format"] == RAUBRITTER.format_version
    assert doc["config"] == row.config and doc["name"] == "16-undo-redo-tile-and-march.scn"
    assert [(e["seq"], e["kind"]) for e in doc["entries"]] == [(seq, kind) for seq, kind, _, _ in outline]
    kinds = [e["kind"] for e in doc["entries"]]
    assert kinds.count("undo") == 3 and kinds.count("redo") == 2
    for entry in doc["entries"]:
        if entry["kind"] == "command":
            assert set(entry) == {"seq", "kind", "at", "parent", "command", "events"}
            assert entry["events"] and entry["command"]["type"] in ("lay-tile", "end-turn")
        else:
            assert set(entry) == {"seq", "kind", "at", "target", "words"}
            assert entry["words"] and all(isinstance(w, str) for w in entry["words"])
    assert doc["head"] == session.head == row.head
    assert doc["final_state"] == RAUBRITTER.dump_state(session.state)
    assert doc["public_view"] == json.loads(json.dumps(RAUBRITTER.public_view(session.state)))
    assert doc["started"] == row.started and doc["ended"] == doc["entries"][-1]["at"]
    assert doc["finished"] is None  # this file stops before the end of the game
    json.loads(render(doc))  # plain JSON


def test_a_finished_game_says_when_it_ended(source):
    game_id = play(source, RAUBRITTER_GAME)
    doc = export_game(source, game_id)
    assert doc["finished"] == source.game(game_id).finished is not None
    assert doc["public_view"]["phase"] == "over" and doc["public_view"]["winners"] == ["blue"]


def test_an_unknown_game_cannot_be_exported(source):
    with pytest.raises(Exception, match="the journal has no game 7"):
        export_game(source, 7)


# ----------------------------------------------------------------------------------- import


@pytest.mark.parametrize("name", [RAUBRITTER_UNDO, GLUECKSRITTER_GAME, SCHATZJAGD_GAME, GLUECKSRITTER_SHARED])
def test_an_import_rebuilds_the_same_game_entry_for_entry(source, target_path, name):
    game_id = play(source, name)
    doc = export_game(source, game_id)
    with Journal.open(target_path, create=False) as target:
        imported = import_document(target, json.loads(render(doc)))
        assert imported.game == doc["game"] and imported.entries == len(doc["entries"])
        assert state_of(target, imported.game_id) == state_of(source, game_id)
        assert target.outline(imported.game_id) == source.outline(game_id)
        copied, original = target.game(imported.game_id), source.game(game_id)
        assert (copied.started, copied.updated, copied.finished, copied.head, copied.name, copied.config) == (
            original.started,
            original.updated,
            original.finished,
            original.head,
            original.name,
            original.config,
        )
        assert [r.at for r in target.entries(imported.game_id)] == [r.at for r in source.entries(game_id)]
        assert [r.words for r in target.entries(imported.game_id)] == [r.words for r in source.entries(game_id)]
        again = export_game(target, imported.game_id)
        assert verify(target).ok
        assert target.running() is None  # an import does not take over the table
    assert {k: v for k, v in again.items() if k != "exported"} == {k: v for k, v in doc.items() if k != "exported"}


def test_an_import_into_the_same_journal_adds_a_game_and_keeps_the_running_one(source):
    first = play(source, RAUBRITTER_GAME)
    running = play(source, SCHATZJAGD_GAME)
    imported = import_document(source, export_game(source, first))
    assert imported.game_id not in (first, running) and imported.finished
    assert source.running() == running
    assert state_of(source, imported.game_id) == state_of(source, first)
    assert verify(source).ok


def test_an_import_replays_the_recorded_events_without_deciding_again(source, target_path, monkeypatch):
    doc = export_game(source, play(source, RAUBRITTER_GAME))

    def refuse(*args: Any) -> None:
        raise AssertionError("the import decided a command again")

    monkeypatch.setattr(RAUBRITTER, "decide", refuse)
    with Journal.open(target_path, create=False) as target:
        imported = import_document(target, doc)
        assert Session.open(target, imported.game_id).state.winners == ("blue",)


def long_game(journal: Journal, seed: int = 11, steps: int = 400) -> Session:
    """A Glücksritter game of a few hundred commands from the seeded random table, played through a
    Session (so every command is committed to the journal)."""
    rng = random.Random(seed)
    setup = autoplay.random_setup(rng, 4)
    session = Session.start(journal, "gluecksritter", GLUECKSRITTER.dump_config(setup), "long")
    for _ in range(steps):
        if autoplay.play_step(session, rng) is None:
            break
    return session


def test_a_long_game_is_imported_with_snapshots_and_resumes_from_them(source, target_path):
    session = long_game(source)
    seqs = [seq for seq, *_ in source.outline(session.game_id)]
    assert sum(len(e) for e in source.entry_events(session.game_id, seqs).values()) > 2 * SNAPSHOT_EVERY
    with Journal.open(target_path, create=False) as target:
        imported = import_document(target, export_game(source, session.game_id))
        assert len(target.snapshot_seqs(imported.game_id)) >= 2
        assert target.snapshot_seqs(imported.game_id) == source.snapshot_seqs(session.game_id)
        assert verify(target).ok
        assert state_of(target, imported.game_id) == canonical(GLUECKSRITTER, session.state)


def _set(path: tuple, value: Any):
    def change(doc: dict) -> None:
        node = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def _drop(key: str):
    return lambda doc: doc.pop(key)


REFUSALS = [
    ("newer export", _set(("version",), 2), "written by a newer companion (export version 2"),
    ("newer engine", _set(("engine_format",), 99), "written by a newer companion (raubritter format 99"),
    ("saved history", _set(("format",), "companion.history"), "not a companion export but 'companion.history'"),
    ("no format", _drop("format"), "not a companion export (it has no 'format')"),
    ("no version", _set(("version",), "one"), "has no valid version number"),
    ("unknown game", _set(("game",), "chess"), "a game of 'chess', which this companion does not know"),
    ("missing entries", _drop("entries"), "this export is broken: Field required at entries"),
    ("unknown field", _set(("surprise",), 1), "this export is broken: Extra inputs are not permitted at surprise"),
    ("bad time", _set(("entries", 0, "at"), "yesterday"), "'yesterday' is not a date and time"),
    ("broken event", _set(("entries", 0, "events", 0, "type"), "teleport"), "entry 1 cannot be read"),
    ("broken command", _set(("entries", 1, "command"), {"type": "fly"}), "entry 2 cannot be read"),
    ("gap", _set(("entries", 2, "seq"), 9), "the entries jump from 2 to 9"),
    ("bad parent", _set(("entries", 3, "parent"), 1), "entry 4: it follows entry 1, but entry 3 was in play"),
    ("setup", _set(("config", "players"), []), "the setup cannot be read"),
    ("final state", _set(("final_state", "players", 0, "knights"), 3), "does not give the final state"),
    (
        "unknown key in the final state",
        _set(("final_state", "players", 1, "gold"), 3),
        "the final state holds final_state.players[1].gold, which a raubritter state does not have",
    ),
    ("head", _set(("head",), 3), "the entries leave entry"),
]


@pytest.mark.parametrize("change, expected", [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS])
def test_a_newer_foreign_or_broken_export_is_refused_and_the_journal_stays_as_it_was(
    source, target_path, change, expected
):
    doc = export_game(source, play(source, RAUBRITTER_UNDO))
    change(doc)
    before = contents(target_path)
    with Journal.open(target_path, create=False) as target, pytest.raises(ExportError) as refused:
        import_document(target, doc)
    assert expected in str(refused.value)
    assert contents(target_path) == before


def test_undo_and_redo_rows_out_of_order_are_refused(source, target_path):
    doc = export_game(source, play(source, RAUBRITTER_UNDO))
    bad_redo = copy.deepcopy(doc)
    next(e for e in doc["entries"] if e["kind"] == "undo")["target"] = 1
    next(e for e in bad_redo["entries"] if e["kind"] == "redo")["target"] = 2
    with Journal.open(target_path, create=False) as target:
        with pytest.raises(ExportError, match="it undoes entry 1, but entry 5 was in play"):
            import_document(target, doc)
        with pytest.raises(ExportError, match="it redoes entry 2, which was not the last one undone"):
            import_document(target, bad_redo)
        assert target.games() == []


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"{not json", "is not a companion export (not JSON: Expecting property name"),
        (b"\xff\xfe\x00", "is not a companion export (not UTF-8 text)"),
        (b"[1, 2, 3]", "the file holds no JSON object"),
        (b'{"hello": "world"}', "it has no 'format'"),
    ],
)
def test_a_file_that_is_no_export_is_refused(tmp_path, target_path, content, expected):
    path = tmp_path / "file.json"
    path.write_bytes(content)
    before = contents(target_path)
    with Journal.open(target_path, create=False) as target, pytest.raises(ExportError) as refused:
        import_file(target, path)
    assert expected in str(refused.value)
    assert contents(target_path) == before


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(ExportError, match="there is no file .*nowhere.json"):
        read_json(tmp_path / "nowhere.json")


def test_a_full_disk_during_an_import_keeps_nothing_of_it(source, target_path):
    doc = export_game(source, play(source, GLUECKSRITTER_GAME))
    before = contents(target_path)
    with Journal.open(target_path, create=False) as target:
        pages = target.db.execute("PRAGMA page_count").fetchone()[0]
        target.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "database or disk is full"
        with pytest.raises(JournalWriteError, match="the disk is full"):
            import_document(target, doc)
    assert contents(target_path) == before


# ------------------------------------------------------------------------------ the file itself


def test_a_file_is_written_whole_and_replaces_the_old_one(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    write_file(path, "new text\n")
    assert path.read_text(encoding="utf-8") == "new text\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind


def test_a_new_file_gets_the_permissions_of_any_new_file(tmp_path):
    old = os.umask(0o022)
    try:
        write_file(tmp_path / "new.json", "{}\n")
    finally:
        os.umask(old)
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o644


def test_a_file_in_a_missing_directory_is_refused(tmp_path):
    with pytest.raises(ExportError, match="the directory .*missing does not exist"):
        write_file(tmp_path / "missing" / "game.json", "text")
    with pytest.raises(ExportError, match="is a directory; name a file"):
        write_file(tmp_path, "text")


# ------------------------------------------------------------------------------------ BG Stats


def scores(doc: dict) -> list[tuple[str, str, int, bool, bool, int]]:
    names = {p["id"]: p["name"] for p in doc["players"]}
    (play_,) = doc["plays"]
    return [
        (names[s["playerRefId"]], s["score"], s["rank"], s["winner"], s["startPlayer"], s["seatOrder"])
        for s in play_["playerScores"]
    ]


def test_bgstats_raubritter_has_points_ranks_winner_and_start_player(source):
    doc = bgstats.play_document(source, play(source, RAUBRITTER_GAME))
    assert [g["name"] for g in doc["games"]] == ["Raubritter"]
    (play_,) = doc["plays"]
    assert play_["gameRefId"] == doc["games"][0]["id"]
    # Anna (blue, the older) begins; 14 points against 13.
    assert scores(doc) == [("Anna", "14", 1, True, True, 1), ("Ben", "13", 2, False, False, 2)]
    assert "Anna: 14 points, 16 knights left" in play_["comments"]


def test_bgstats_raubritter_draw_gives_two_winners_of_rank_one(source):
    doc = bgstats.play_document(source, play(source, RAUBRITTER_DRAW))
    lines = scores(doc)
    assert [line[2:4] for line in lines] == [(1, True), (1, True)]
    assert lines[0][1] == lines[1][1]


def test_bgstats_gluecksritter_scores_castle_pieces_names_the_ducats_and_no_start_player(source):
    game_id = play(source, GLUECKSRITTER_GAME)
    state = Session.open(source, game_id).state
    doc = bgstats.play_document(source, game_id)
    expected = [
        (p.name, str(p.walls + p.towers), 0, p.colour == "green", False, i) for i, p in enumerate(state.players, 1)
    ]
    assert scores(doc) == expected
    comments = doc["plays"][0]["comments"]
    for p in state.players:
        assert f"{p.name}: {p.walls} walls, {p.towers} towers, {p.silver + 2 * p.gold} Ducats" in comments
    assert [g["name"] for g in doc["games"]] == ["Die Glücksritter"]


def test_bgstats_gluecksritter_shared_win_marks_both_winners(source):
    game_id = play(source, GLUECKSRITTER_SHARED)
    winners = Session.open(source, game_id).state.winners
    lines = scores(bgstats.play_document(source, game_id))
    assert len(winners) == 2
    assert sum(line[3] for line in lines) == 2
    assert {line[1] for line in lines if line[3]} == {"8"}  # both complete castles (and equal Ducats)


def test_bgstats_schatzjagd_counts_the_hidden_treasures_and_names_the_first_player(source):
    game_id = play(source, SCHATZJAGD_GAME)
    state = Session.open(source, game_id).state
    doc = bgstats.play_document(source, game_id)
    lines = scores(doc)
    assert [line[0] for line in lines] == [p.name for p in state.players]
    assert [line[1] for line in lines] == [str(len(p.hidden)) for p in state.players]
    assert [line[3] for line in lines] == [p.colour == "red" for p in state.players]
    assert [line[4] for line in lines] == [p.colour == state.options.first for p in state.players]
    assert sum(line[4] for line in lines) == 1
    (game,) = doc["games"]
    box = {k: game[k] for k in ("minPlayerCount", "maxPlayerCount", "minPlayTime", "maxPlayTime", "minAge")}
    assert box == {"minPlayerCount": 2, "maxPlayerCount": 4, "minPlayTime": 60, "maxPlayTime": 300, "minAge": 8}


def test_bgstats_date_and_duration_come_from_the_journal_times(source, target_path):
    doc = export_game(source, play(source, RAUBRITTER_GAME))
    doc["started"] = "2026-11-25T19:02:10+01:00"
    doc["ended"] = doc["finished"] = "2026-11-25T21:07:40+01:00"
    with Journal.open(target_path, create=False) as target:
        game_id = import_document(target, doc).game_id
        play_ = bgstats.play_document(target, game_id)["plays"][0]
        again = bgstats.play_document(target, game_id)["plays"][0]
    assert play_["playDate"] == "2026-11-25 19:02:10"  # the wall clock of the table
    assert play_["durationMin"] == 126  # 2 h 5 min 30 s
    assert play_["uuid"] == again["uuid"]  # the same play gives the same file


def test_bgstats_refuses_an_unfinished_game(source):
    game_id = play(source, RAUBRITTER_UNDO)
    with pytest.raises(bgstats.NotFinished, match=f"game {game_id} \\(raubritter\\) is not finished"):
        bgstats.play_document(source, game_id)


def test_bgstats_tells_two_players_of_one_name_apart(source):
    players = [
        {"name": "Kim", "birthday": "1970-01-01", "colour": "blue"},
        {"name": "Kim", "birthday": "1980-01-01", "colour": "red"},
    ]
    session = Session.start(source, "raubritter", {"players": players})
    rng = random.Random(3)
    while session.state.phase != "over":
        session.apply(legal_command(session.state, rng))
    doc = bgstats.play_document(source, session.game_id, "en")
    assert [p["name"] for p in doc["players"]] == ["Kim (Blue)", "Kim (Red)"]
    assert len({p["uuid"] for p in doc["players"]}) == 2
    german = bgstats.play_document(source, session.game_id, "de")
    assert [p["name"] for p in german["players"]] == ["Kim (Blau)", "Kim (Rot)"]
    assert [p["uuid"] for p in german["players"]] == [p["uuid"] for p in doc["players"]]


def _raubritter_finished(source: Journal, players: list[dict[str, str]]) -> Session:
    session = Session.start(source, "raubritter", {"players": players})
    rng = random.Random(3)
    while session.state.phase != "over":
        session.apply(legal_command(session.state, rng))
    return session


def test_bgstats_names_a_player_without_a_name_by_the_colour_in_the_table_s_language(source):
    players = [
        {"name": "Kim", "birthday": "1970-01-01", "colour": "blue"},
        {"name": "red", "birthday": "1980-01-01", "colour": "red"},  # no name given: the colour stands for it
    ]
    session = _raubritter_finished(source, players)
    german = bgstats.play_document(source, session.game_id, "de")
    english = bgstats.play_document(source, session.game_id, "en")
    assert [p["name"] for p in german["players"]] == ["Kim", "Rot"]
    assert [p["name"] for p in english["players"]] == ["Kim", "Red"]
    assert "Rot: " in german["plays"][0]["comments"] and "red" not in german["plays"][0]["comments"]
    # the same play in either language: the same UUIDs
    assert [p["uuid"] for p in german["players"]] == [p["uuid"] for p in english["players"]]
    assert german["plays"][0]["uuid"] == english["plays"][0]["uuid"]


def test_bgstats_rounds_are_the_rounds_played(source):
    """Die Glücksritter: its rounds; Schatzjagd: its days (a round is a day); Raubritter: the most
    turns any player had after the initial placement."""
    for path, counted in (
        (GLUECKSRITTER_GAME, lambda state: state.round),
        (SCHATZJAGD_GAME, lambda state: state.day),
    ):
        game_id = play(source, path)
        rounds = bgstats.play_document(source, game_id)["plays"][0]["rounds"]
        assert rounds == counted(Session.open(source, game_id).state) and rounds > 1, path
    session = _raubritter_finished(
        source,
        [
            {"name": "Kim", "birthday": "1970-01-01", "colour": "blue"},
            {"name": "Lu", "birthday": "1980-01-01", "colour": "red"},
        ],
    )
    turns: dict[str, int] = {}
    for line in session.log():
        for event in line.get("events", ()) if line.get("in_play", True) else ():
            if event["type"] == "turn-passed" and event["phase"] == "play":
                turns[event["to"]] = turns.get(event["to"], 0) + 1
    rounds = bgstats.play_document(source, session.game_id)["plays"][0]["rounds"]
    assert rounds == max(turns.values())
    assert 22 / 3 <= rounds <= 22  # 24 tiles each, 2 in the initial placement, then 1 to 3 a turn
