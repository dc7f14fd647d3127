"""Sessions of a power cut during Die Glücksritter's secret choice on the button panel (mock pins,
with LEDs): killed while two players have locked in, or after a whole reveal, and started again
on the same data folder. Run by :mod:`tests.companion.app.sessions`."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import PICKS, SEATS, new_game


def _rig_app(data: Path) -> tuple[Any, Any, Any]:
    from tests.companion.table.panels import MatrixRig

    rig = MatrixRig()
    app, driver = start(data, "de", hardware=lambda: {"panel": rig.factory, "leds": rig.leds})
    return rig, app, driver


def _session_rows(app: Any) -> dict[str, str]:
    """Everything the journal's session table holds now."""
    return dict(app.journal.db.execute("SELECT key, value FROM session").fetchall())


def _until_killed(app: Any, driver: Any, ready: dict[str, Any]) -> None:
    print(json.dumps({"ready": True, **ready}), flush=True)
    while True:
        driver.frames(1)
        time.sleep(0.01)


def locked_until_killed(data: Path, players: str) -> dict[str, Any]:
    """Phase B on the panel: the ``players`` (comma-separated colours) lock in, button by button;
    what the session table held after every press; then wait to be killed (a power cut)."""
    rig, app, driver = _rig_app(data)
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    rows = [_session_rows(app)]
    chosen = players.split(",")
    for player in chosen:
        for card in PICKS[player]:
            rig.tap(SEATS[player], card)
            driver.frames(2)
            rows.append(_session_rows(app))
    driver.until(lambda: len(app.table.awaiting().locked) == len(chosen), what="the lock-ins")
    driver.until(
        lambda: len(json.loads(app.journal.fact("choosing") or '{"locked": []}')["locked"]) == len(chosen),
        what="who locked in, kept",
    )
    rig.leds.wait_idle(2.0)
    rows.append(_session_rows(app))
    _until_killed(
        app,
        driver,
        {
            "rows": rows,
            "entry": app.table.public_view()["entry"],
            "game": app.table.public_view()["game_id"],
            "leds": [rig.lit(seat) for seat in range(1, 5)],
            "word": app.root.word,
        },
    )
    return {}


def revealed_until_killed(data: Path) -> dict[str, Any]:
    """Phase B on the panel to its end: all four lock in and the picks are revealed and written;
    then wait to be killed."""
    rig, app, driver = _rig_app(data)
    new_game(app, driver, "Schmidt 1998 (German)", tuple(PICKS))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    rows = []
    for player, cards in PICKS.items():
        for card in cards:
            rig.tap(SEATS[player], card)
        driver.frames(2)
        rows.append(_session_rows(app))
    driver.until(lambda: not app.table.awaiting().choosing, what="the reveal of the picks")
    driver.frames(3)
    rows.append(_session_rows(app))
    _until_killed(app, driver, {"rows": rows, "entry": app.table.public_view()["entry"]})
    return {}


def panel_restarted(data: Path) -> dict[str, Any]:
    """The app started again on the same data folder, with the panel (new mock pins): what the
    table says and shows, the LEDs, and what the session table holds."""
    rig, app, driver = _rig_app(data)
    driver.until(lambda: app.table is not None, what="the running game's table")
    driver.frames(3)
    rig.leds.wait_idle(2.0)
    awaited = app.table.awaiting()
    board = app.screen("gluecksritter-board")
    result = {
        "screen": app.root.manager.current,
        "entry": app.table.public_view()["entry"],
        "word": app.root.word,
        "prompt": board.ids.prompt.text,
        "status": app.root.status_text,
        "texts": driver.texts(),
        "choosing": list(awaited.choosing),
        "locked": list(awaited.locked),
        "interrupted": awaited.interrupted,
        "leds": [rig.lit(seat) for seat in range(1, 5)],
        "rows": _session_rows(app),
        "message": say(app, "The secret choice was cut off by a power failure: everyone chooses again."),
    }
    if awaited.choosing:  # the choice goes on: a lock-in now ends what was said of the cut
        for card in PICKS["red"]:
            rig.tap(SEATS["red"], card)
        driver.until(lambda: app.table.awaiting().locked == ("red",), what="red's lock-in")
        driver.frames(3)
        result["after_lock"] = {
            "interrupted": app.table.awaiting().interrupted,
            "prompt": board.ids.prompt.text,
            "rows": _session_rows(app),
        }
    driver.stop()
    return result


THREE = ("red", "blue", "green")


def _lock_in(rig: Any, driver: Any, app: Any, player: str) -> None:
    for card in PICKS[player]:
        rig.tap(SEATS[player], card)
    driver.until(lambda: player in app.table.awaiting().locked, what=f"{player}'s lock-in")


def reveal_killed_at(data: Path, boundary: str) -> dict[str, Any]:
    """Three players choose on the panel (mock pins, with LEDs); red and blue lock in, green presses
    a first button. Then every SQL statement the journal runs is counted, and green's last press
    reveals the choice: just before statement ``boundary`` (1, 2, ...) begins, the process kills
    itself (a power cut between two statements of the step), having said where. A boundary past
    the step's last statement: the reveal is left whole, the statements it made are said, and the
    process waits to be killed."""
    import os
    import signal

    rig, app, driver = _rig_app(data)
    new_game(app, driver, "Schmidt 1998 (German)", THREE)
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    for player in ("red", "blue"):
        _lock_in(rig, driver, app, player)
    rig.tap(SEATS["green"], PICKS["green"][0])
    driver.frames(2)
    entry = app.table.public_view()["entry"]
    at = int(boundary)
    seen: list[str] = []

    def statement(sql: str) -> None:
        seen.append(sql)
        if len(seen) == at:
            print(json.dumps({"ready": True, "entry": entry, "killed_before": sql, "seen": seen}), flush=True)
            os.kill(os.getpid(), signal.SIGKILL)

    app.journal.db.set_trace_callback(statement)
    rig.tap(SEATS["green"], PICKS["green"][1])
    driver.until(lambda: not app.table.awaiting().choosing, what="the reveal")
    driver.frames(3)
    app.journal.db.set_trace_callback(None)
    _until_killed(app, driver, {"entry": entry, "seen": seen, "whole": True})
    return {}


def reveal_restarted(data: Path) -> dict[str, Any]:
    """Started again after a cut at some boundary of the reveal: what the journal holds of the
    picks, what the table asks and says, the LEDs; then, if the choice is asked again, the three
    lock in once more and the reveal is written whole."""
    rig, app, driver = _rig_app(data)
    driver.until(lambda: app.table is not None, what="the running game's table")
    driver.frames(3)
    rig.leds.wait_idle(2.0)
    game = app.table.public_view()["game_id"]
    commands = [row.command["type"] for row in app.journal.entries(game) if row.command is not None]
    awaited = app.table.awaiting()
    result: dict[str, Any] = {
        "entry": app.table.public_view()["entry"],
        "commands": commands,
        "choosing": list(awaited.choosing),
        "locked": list(awaited.locked),
        "interrupted": awaited.interrupted,
        "leds": [rig.lit(seat) for seat in range(1, 4)],
        "word": app.root.word,
        "cut": say(app, "The secret choice was cut off by a power failure: everyone chooses again."),
        "rows": _session_rows(app),
        "awaiting": list(app.table.awaiting().game),
    }
    if awaited.choosing:
        for player in THREE[:-1]:
            _lock_in(rig, driver, app, player)
        for card in PICKS[THREE[-1]]:  # the last lock-in reveals
            rig.tap(SEATS[THREE[-1]], card)
        driver.until(lambda: not app.table.awaiting().choosing, what="the reveal after the restart")
        driver.frames(2)
        result["again"] = [row.command["type"] for row in app.journal.entries(game) if row.command is not None]
        result["rows_again"] = _session_rows(app)
    driver.stop()
    return result


SESSIONS = {
    "reveal-killed-at": reveal_killed_at,
    "reveal-restarted": reveal_restarted,
    "locked-until-killed": locked_until_killed,
    "revealed-until-killed": revealed_until_killed,
    "panel-restarted": panel_restarted,
}
