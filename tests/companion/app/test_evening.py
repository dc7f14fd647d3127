"""An evening of different games in one app keeps nothing of the games before: when a game of
another kind opens, the screens of the game before and the listeners they gave the app are let go
of (each board once kept its widgets, and its listener its screen, for the rest of the evening);
the played games' list is not kept once another screen is shown. Counts and weak references after
a full collection, not resident memory."""

from __future__ import annotations

import datetime
import gc
import weakref
from typing import Any

from tests.companion.app.touch import start
from tests.support.window import in_window

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


@in_window
def test_a_game_of_another_kind_lets_go_of_the_screens_before(tmp_path):
    """Die Glücksritter, Schatzjagd, Raubritter and Die Glücksritter again, each started as the new
    game form starts it and its screen drawn; after each, the game screens of the games before are
    no longer alive (by weak reference), nor in the manager, nor among the app's listeners."""
    heard = {
        "gluecksritter": ["BoardScreen._heard"],
        "schatzjagd": ["TableScreen._heard"],
        "raubritter": ["RaubritterScreen._heard"],
    }
    app, driver = start(tmp_path)
    boards: dict[str, list[Any]] = {name: [] for name in BOARDS}  # weak references, every board built
    for game in ("gluecksritter", "schatzjagd", "raubritter", "gluecksritter"):
        app.start_game(game, setup_of(app, game))
        driver.until(lambda game=game: app.root.manager.current == BOARDS[game], what=f"the screen of {game}")
        boards[game].append(weakref.ref(app.root.manager.current_screen))
        driver.frames(3)
        gc.collect()
        alive = {name: sum(ref() is not None for ref in refs) for name, refs in boards.items()}
        assert alive == {name: int(name == game) for name in BOARDS}, (game, alive)
        assert listeners(app) == heard[game], game
        screens = [name for name in sorted(app.root.manager.screen_names) if name in BOARDS.values()]
        assert screens == [BOARDS[game]], (game, screens)
    driver.stop()


@in_window
def test_the_played_games_are_not_kept_once_left(tmp_path):
    """A game of Raubritter played to its end through the table, its result and the played games
    shown, then the start screen: no line of the played games is alive there."""
    from companion.app.screens.saves import SaveLine
    from companion.games.raubritter.autoplay import commands
    from engines.raubritter import GAME

    app, driver = start(tmp_path)
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

    assert lines() >= 1
    driver.tap(app.say("Back"))
    driver.until(lambda: app.root.manager.current == "start", what="the start screen")
    assert lines() == 0
    driver.stop()
