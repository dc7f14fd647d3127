"""Sessions of an evening at one table (run as :mod:`tests.companion.app.sessions` runs them):
games of different kinds one after another in one app, and what the app still holds of the games
before, after a full garbage collection: their screens, the listeners they gave the app, the
played games' list once another screen is shown."""

from __future__ import annotations

import datetime
import gc
import weakref
from pathlib import Path
from typing import Any

from tests.companion.app.touch import start

BOARDS = {"gluecksritter": "gluecksritter-board", "schatzjagd": "schatzjagd-table", "raubritter": "raubritter-table"}
PLAYERS = ("red", "blue", "green", "yellow")


def setup_of(app: Any, game: str) -> Any:
    if game == "gluecksritter":
        from companion.games.gluecksritter.screens.setup import setup

        return setup("schmidt-1998", PLAYERS, {}, app.game_settings("gluecksritter"))
    if game == "schatzjagd":
        from bench.app_memory import whole_games
        from companion.scenario.parse import parse_scenario, read_text
        from companion.scenario.run import prepare

        path = whole_games()[0][0]
        return prepare(parse_scenario(read_text(path), path)).config
    from engines.raubritter.rules import Setup

    return Setup(
        players=[
            {"name": name, "birthday": datetime.date(1950 + 9 * n, 1 + n, 1), "colour": colour}
            for n, (name, colour) in enumerate(zip(("Anna", "Ben", "Clara", "Dieter"), PLAYERS, strict=True))
        ]
    )


def listeners(app: Any) -> list[str]:
    """Who listens to the app's notices: the class and method of each listener."""
    return [
        f"{type(heard.__self__).__name__}.{heard.__name__}" if hasattr(heard, "__self__") else repr(heard)
        for heard in app._listeners
    ]


def games_in_turn(data: Path) -> dict[str, Any]:
    """Die Glücksritter, Schatzjagd, Raubritter and Die Glücksritter again, each started as the new
    game form starts it and its screen drawn; after each: which game screens of the games before
    are still alive (by weak reference), the manager's screens and the app's listeners."""
    app, driver = start(data)
    boards: dict[str, list[Any]] = {name: [] for name in BOARDS}  # weak references, every board built
    seen = []
    for game in ("gluecksritter", "schatzjagd", "raubritter", "gluecksritter"):
        app.start_game(game, setup_of(app, game))
        driver.until(lambda game=game: app.root.manager.current == BOARDS[game], what=f"the screen of {game}")
        boards[game].append(weakref.ref(app.root.manager.current_screen))
        driver.frames(3)
        gc.collect()
        seen.append(
            {
                "game": game,
                "alive": {name: sum(ref() is not None for ref in refs) for name, refs in boards.items()},
                "screens": sorted(app.root.manager.screen_names),
                "listeners": listeners(app),
            }
        )
    driver.stop()
    return {"seen": seen}


def history_left(data: Path) -> dict[str, Any]:
    """A game of Raubritter played to its end through the table, its result and the played games
    shown, then the start screen: how many lines of the played games are alive there and then."""
    from companion.app.screens.saves import SaveLine
    from companion.games.raubritter.autoplay import commands
    from engines.raubritter import GAME

    app, driver = start(data)
    setup = setup_of(app, "raubritter")
    app.start_game("raubritter", setup)
    for command in commands(GAME, setup):
        app.table.submit(command)
    driver.until(lambda: app.root.manager.current == "result", what="the result")
    driver.tap(app.say("Played games"))
    driver.until(lambda: app.root.manager.current == "history", what="the played games")

    def lines() -> int:
        gc.collect()
        return sum(isinstance(thing, SaveLine) for thing in gc.get_objects())

    shown = lines()
    driver.tap(app.say("Back"))
    driver.until(lambda: app.root.manager.current == "start", what="the start screen")
    left = lines()
    driver.stop()
    return {"shown": shown, "left": left}


SESSIONS = {"games-in-turn": games_in_turn, "history-left": history_left}
