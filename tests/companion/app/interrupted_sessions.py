"""Sessions of a power cut during Die Glücksritter's secret choice on the button panel (mock pins,
with LEDs): killed while two players have locked in, or after a whole reveal, and started again
on the same data folder. Run by :mod:`tests.companion.app.sessions`."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.companion.app.sessions import PICKS, SEATS, new_game, say, start


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


SESSIONS = {
    "locked-until-killed": locked_until_killed,
    "revealed-until-killed": revealed_until_killed,
    "panel-restarted": panel_restarted,
}
