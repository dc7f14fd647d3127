"""A power cut during Die Glücksritter's secret choice on the panel is said, not hidden: the picks
locked in lived in memory only (a secret never reaches a file before its reveal), so after the
restart the table says that the choice was cut off and everyone chooses again, the board shows
nobody locked in, and every LED is dark. The journal kept only who had locked in, never a card.

Each test kills the app (SIGKILL, as a power cut would) in a window of its own, on the button panel
(mock pins, with LEDs): while two players have locked in, after a whole reveal, or between two SQL
statements of a reveal; then starts it again on the same data folder with a new panel."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import PICKS, SEATS, new_game
from tests.support.waiting import PROCESS
from tests.support.window import killed_when_ready, ready, run

COLOURS = {"red", "blue", "green", "yellow"}
THREE = ("red", "blue", "green")
CUT = "The secret choice was cut off by a power failure: everyone chooses again."


def only_colours(rows: dict[str, str], game: int | None = None) -> None:
    """The session table holds the running game and, at most, who has locked in: no pick."""
    assert set(rows) <= {"running", "choosing"}, rows
    if "choosing" in rows:
        record = json.loads(rows["choosing"])
        assert set(record) == {"game", "entry", "locked"}, record
        assert isinstance(record["entry"], int) and isinstance(record["game"], int)
        assert game is None or record["game"] == game
        assert set(record["locked"]) <= COLOURS and len(set(record["locked"])) == len(record["locked"])


def timeless(statement: str) -> str:
    """A statement without the moments it writes (each run writes its own)."""
    return re.sub(r"'\d{4}-\d\d-\d\dT[^']*'", "'(moment)'", statement)


# ----------------------------------------------------------------------------- driving the panel
def rig_app(data: Path) -> tuple[Any, Any, Any]:
    """The app in German on ``data``, with the button panel on new mock pins."""
    from tests.companion.table.panels import MatrixRig

    rig = MatrixRig()
    app, driver = start(data, "de", hardware=lambda: {"panel": rig.factory, "leds": rig.leds})
    return rig, app, driver


def session_rows(app: Any) -> dict[str, str]:
    """Everything the journal's session table holds now."""
    return dict(app.journal.db.execute("SELECT key, value FROM session").fetchall())


def to_the_choice(app: Any, driver: Any, players: tuple[str, ...]) -> None:
    """A new game of ``players`` on the screen, the Ducat card entered: phase B begins."""
    new_game(app, driver, "Schmidt 1998 (German)", players)
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))


def lock_in(rig: Any, driver: Any, app: Any, player: str) -> None:
    for card in PICKS[player]:
        rig.tap(SEATS[player], card)
    driver.until(lambda: player in app.table.awaiting().locked, what=f"{player}'s lock-in")


def wait_to_be_killed(driver: Any) -> None:
    driver.until(lambda: False, seconds=PROCESS, what="the power cut")


def restarted(data: Path) -> tuple[Any, Any, Any]:
    """The app started again on ``data`` with a new panel, its LEDs settled."""
    rig, app, driver = rig_app(data)
    driver.until(lambda: app.table is not None, what="the running game's table")
    driver.frames(3)
    rig.leds.wait_idle(2.0)
    return rig, app, driver


# ----------------------------------------------------------------------------- cut while two have locked in
def two_locked_until_killed(data: Path) -> None:
    """Phase B on the panel: red and blue lock in, button by button, and after every press the
    session table holds colours only; then the app waits to be killed."""
    rig, app, driver = rig_app(data)
    to_the_choice(app, driver, tuple(PICKS))
    game = app.table.public_view()["game_id"]
    first = session_rows(app)
    assert "choosing" not in first  # nobody has locked in yet
    only_colours(first, game)
    for player in ("red", "blue"):
        for card in PICKS[player]:
            rig.tap(SEATS[player], card)
            driver.frames(2)
            only_colours(session_rows(app), game)  # at every press: colours only
    driver.until(lambda: len(app.table.awaiting().locked) == 2, what="the lock-ins")
    driver.until(
        lambda: len(json.loads(app.journal.fact("choosing") or '{"locked": []}')["locked"]) == 2,
        what="who locked in, kept",
    )
    rig.leds.wait_idle(2.0)
    entry = app.table.public_view()["entry"]
    rows = session_rows(app)
    only_colours(rows, game)
    assert json.loads(rows["choosing"]) == {"game": game, "entry": entry, "locked": ["red", "blue"]}
    assert [rig.lit(seat) for seat in range(1, 5)] == [True, True, False, False]  # lit before the cut
    ready(entry=entry)
    wait_to_be_killed(driver)


def restarted_after_the_cut(data: Path, entry: int) -> None:
    """Started again: the table says the choice was cut off, nobody is locked in, every LED is
    dark; red's lock-in then ends what was said of the cut."""
    rig, app, driver = restarted(data)
    assert app.root.manager.current == "gluecksritter-board"
    assert app.table.public_view()["entry"] == entry  # still the same step: the choice
    message = say(app, CUT)
    assert message == "Die geheime Wahl wurde durch einen Stromausfall unterbrochen: Alle wählen noch einmal."
    assert message in app.root.word  # the bottom line
    board = app.screen("gluecksritter-board")
    assert board.ids.prompt.text.startswith("Die Wahl wurde durch einen Stromausfall unterbrochen")  # the board's step
    awaited = app.table.awaiting()
    assert awaited.interrupted
    assert list(awaited.choosing) == ["red", "blue", "green", "yellow"]
    assert list(awaited.locked) == []  # nobody locked in
    assert "0 von 4" in app.root.status_text, app.root.status_text
    assert [rig.lit(seat) for seat in range(1, 5)] == [False, False, False, False]  # every LED starts dark
    assert "choosing" not in session_rows(app)  # said once: the record is gone

    for card in PICKS["red"]:  # choosing again: the first lock-in ends what was said of the cut
        rig.tap(SEATS["red"], card)
    driver.until(lambda: app.table.awaiting().locked == ("red",), what="red's lock-in")
    driver.frames(3)
    assert not app.table.awaiting().interrupted
    assert "Stromausfall" not in board.ids.prompt.text
    rows = session_rows(app)
    only_colours(rows)
    assert json.loads(rows["choosing"])["locked"] == ["red"]
    driver.stop()


def test_a_power_cut_while_two_have_locked_in_is_said_after_the_restart(tmp_path):
    before = killed_when_ready(two_locked_until_killed, data=tmp_path)
    run(restarted_after_the_cut, data=tmp_path, entry=before["entry"])


# ----------------------------------------------------------------------------- cut after the reveal
def revealed_until_killed(data: Path) -> None:
    """Phase B on the panel to its end: all four lock in and the picks are revealed and written;
    the session table holds colours only throughout, and nothing once revealed; then the app waits
    to be killed."""
    rig, app, driver = rig_app(data)
    to_the_choice(app, driver, tuple(PICKS))
    for player, cards in PICKS.items():
        for card in cards:
            rig.tap(SEATS[player], card)
        driver.frames(2)
        only_colours(session_rows(app))
    driver.until(lambda: not app.table.awaiting().choosing, what="the reveal of the picks")
    driver.frames(3)
    rows = session_rows(app)
    only_colours(rows)
    assert "choosing" not in rows  # the reveal cleared the record
    ready(entry=app.table.public_view()["entry"])
    wait_to_be_killed(driver)


def restarted_after_the_reveal(data: Path, entry: int) -> None:
    """Started again after a whole reveal: the same step, nothing said of a cut, every LED dark."""
    rig, app, driver = restarted(data)
    assert app.table.public_view()["entry"] == entry
    assert say(app, CUT) not in app.root.word
    assert "Stromausfall" not in app.screen("gluecksritter-board").ids.prompt.text
    awaited = app.table.awaiting()
    assert not awaited.interrupted and list(awaited.choosing) == []
    assert [rig.lit(seat) for seat in range(1, 5)] == [False, False, False, False]
    assert "choosing" not in session_rows(app)
    driver.stop()


def test_a_restart_after_a_whole_reveal_says_nothing_of_a_cut(tmp_path):
    before = killed_when_ready(revealed_until_killed, data=tmp_path)
    run(restarted_after_the_reveal, data=tmp_path, entry=before["entry"])


# ----------------------------------------------------------------------------- cut between statements
def reveal_killed_at(data: Path, boundary: int) -> None:
    """Three players choose on the panel; red and blue lock in, green presses a first button. Then
    every SQL statement the journal runs is counted, and green's last press reveals the choice: just
    before statement ``boundary`` (1, 2, ...) begins, the process kills itself (a power cut between
    two statements of the step), having said where. A boundary past the step's last statement: the
    reveal is left whole, the statements it made are said, and the app waits to be killed."""
    import os
    import signal

    rig, app, driver = rig_app(data)
    to_the_choice(app, driver, THREE)
    for player in ("red", "blue"):
        lock_in(rig, driver, app, player)
    rig.tap(SEATS["green"], PICKS["green"][0])
    driver.frames(2)
    entry = app.table.public_view()["entry"]
    seen: list[str] = []

    def statement(sql: str) -> None:
        seen.append(sql)
        if len(seen) == boundary:
            ready(entry=entry, killed_before=sql, seen=seen)
            os.kill(os.getpid(), signal.SIGKILL)

    app.journal.db.set_trace_callback(statement)
    rig.tap(SEATS["green"], PICKS["green"][1])
    driver.until(lambda: not app.table.awaiting().choosing, what="the reveal")
    driver.frames(3)
    app.journal.db.set_trace_callback(None)
    ready(entry=entry, seen=seen, whole=True)
    wait_to_be_killed(driver)


def reveal_restarted(data: Path, boundary: int, reveal: int, entry: int) -> int:
    """Started again after the cut before statement ``boundary`` (``reveal`` is the reveal's
    commit, ``entry`` the step before it): the journal holds every pick or none, never some; with
    none, everyone is asked again with every LED dark and the choice is said to be cut off, and the
    three lock in once more and the reveal is written whole; with all, the round goes on and
    nothing is said of a cut. The number of picks the journal held."""
    rig, app, driver = restarted(data)
    game = app.table.public_view()["game_id"]

    def commands() -> list[str]:
        return [row.command["type"] for row in app.journal.entries(game) if row.command is not None]

    picks = commands().count("choose-actions")
    assert picks in (0, 3), commands()  # never some
    assert picks == (3 if boundary > reveal else 0)
    assert [rig.lit(seat) for seat in range(1, 4)] == [False, False, False]  # every LED dark either way
    assert "choosing" not in session_rows(app)  # what was cut off is said once
    awaited = app.table.awaiting()
    cut = say(app, CUT)
    if picks == 0:
        assert app.table.public_view()["entry"] == entry
        assert list(awaited.choosing) == list(THREE) and list(awaited.locked) == []
        assert awaited.interrupted and cut in app.root.word
        for player in THREE[:-1]:
            lock_in(rig, driver, app, player)
        for card in PICKS[THREE[-1]]:  # the last lock-in reveals
            rig.tap(SEATS[THREE[-1]], card)
        driver.until(lambda: not app.table.awaiting().choosing, what="the reveal after the restart")
        driver.frames(2)
        assert commands().count("choose-actions") == 3  # chosen again, written whole
        assert "choosing" not in session_rows(app)
    else:
        assert app.table.public_view()["entry"] == entry + 3
        assert list(awaited.choosing) == [] and not awaited.interrupted
        assert cut not in app.root.word
        assert list(app.table.awaiting().game)  # the round goes on: the game awaits its next step
    driver.stop()
    return picks


def test_a_power_cut_at_every_statement_of_a_reveal_leaves_all_picks_or_none(tmp_path):
    """The app is killed just before each SQL statement that green's last press sets off (the
    lock-in's record and the reveal), one boundary a run, and started again on what it left: the
    journal then holds every pick or none, never some; with none, everyone is asked again with
    every LED dark and the choice is said to be cut off, and the picks made again are written
    whole; with all, the round goes on and nothing is said of a cut."""
    from concurrent.futures import ThreadPoolExecutor

    whole = killed_when_ready(reveal_killed_at, data=tmp_path / "whole", boundary=1000000)
    assert whole.get("whole"), whole
    statements = whole["seen"]
    reveal = max(i for i, s in enumerate(statements, start=1) if s == "COMMIT")  # the reveal's commit
    assert sum(s.startswith("INSERT INTO entries") for s in statements) == 3
    assert statements[reveal - 1] == "COMMIT" and "choosing" in statements[reveal - 2]

    def cut_at(boundary: int) -> tuple[int, int]:
        data = tmp_path / f"cut-{boundary}"
        before = killed_when_ready(reveal_killed_at, data=data, boundary=boundary)
        if boundary <= len(statements):
            assert timeless(before["killed_before"]) == timeless(statements[boundary - 1]), boundary
        return boundary, run(reveal_restarted, data=data, boundary=boundary, reveal=reveal, entry=before["entry"])

    boundaries = range(1, len(statements) + 2)  # before each statement, and after the last
    with ThreadPoolExecutor(max_workers=2) as pool:
        counts = dict(pool.map(cut_at, boundaries))
    assert sorted(set(counts.values())) == [0, 3], counts
