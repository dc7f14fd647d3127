"""Sessions of the end of a game (run as :mod:`tests.companion.app.sessions` runs them): the
result screen shown by itself when the running game's last step is taken, its plot, the BG Stats
code read back from the screenshot, the history of played games and the players' statistics."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.companion.app.touch import decoded, play_into, start

SCENARIOS = {
    "gluecksritter": "gluecksritter/46-full-game-built-by-purchases-schmidt.scn",
    "gluecksritter-six": "../../companion/games/gluecksritter/screens/six-at-the-end.scn",
    "raubritter": "raubritter/22-complete-game-four-players.scn",
    "schatzjagd": "schatzjagd/44-complete-game-three-players.scn",
}


def one_step_short(data: Path, scenario: str) -> tuple[int, list[dict[str, Any]]]:
    """A finished scenario in the journal with its last commands undone up to the one that ended
    the game (the game runs, one step before its end); the game's number and the commands undone,
    the ending one first, as the journal keeps them."""
    from companion.journal.rows import is_over
    from companion.journal.session import Session
    from companion.journal.store import Journal

    game_id = play_into(data, scenario)
    undone: list[dict[str, Any]] = []
    with Journal.open(data / "journal.sqlite3") as journal:
        session = Session.open(journal, game_id)
        while is_over(session.state):
            command = journal.entry(game_id, session.head).command
            assert command is not None
            undone.insert(0, command)
            session.undo()
    return game_id, undone


def result_at_the_end(data: Path, key: str, language: str = "de", out: str = "", size: str = "") -> dict[str, Any]:
    """The last step of a game taken on the table: the result screen comes by itself; its verdict,
    its figures, its BG Stats code (read back from the screenshot, also blurred as a phone's camera
    sees it) or the button that shows it, the plot, and back to the table, where the end can be
    undone. ``size``: the window, ``WIDTHxHEIGHT`` (800×480 unless given)."""
    from companion.results.push import play, play_of
    from tests.companion.app.plot_sessions import sized
    from tests.companion.app.touch import decoded_blurred

    sized(size or None)
    game_id, undone = one_step_short(data, SCENARIOS[key])
    app, driver = start(data, language)
    seen: dict[str, Any] = {"game_id": game_id}
    try:
        driver.until(lambda: app.table is not None, what="the running game's table")
        game = app._session.game
        assert app.root.manager.current != "result"
        began = time.perf_counter()
        app.table.submit(game.parse_command(undone[0]))
        driver.until(lambda: app.root.manager.current == "result", what="the result screen")
        seen["to_result_ms"] = round((time.perf_counter() - began) * 1000, 1)
        for command in undone[1:]:  # what the table did after the end (corrections)
            app.table.submit(game.parse_command(command))
        driver.frames()
        screen = app.screen("result")
        outcome = screen.outcome
        assert outcome is not None, screen.problem
        seen["verdict"] = [app.tr(text) for text in outcome.verdict]
        seen["texts"] = driver.texts()
        seen["rows"] = len(outcome.columns.rows)
        seen["winners"] = [p.colour for p in outcome.winners]
        if screen.code is not None:
            driver.until(lambda: screen.code.ready, what="the BG Stats code")
        seen["module_px"] = screen.code.module_px if screen.code is not None else 0
        seen["modules"] = screen.code.modules if screen.code is not None else 0
        seen["button"] = screen.code_button.text if getattr(screen, "code_button", None) is not None else None
        from kivy.core.window import Window

        seen["window"] = list(Window.size)
        folder = Path(out) if out else data
        shot = driver.shot(folder / f"{key}-result.png")
        seen["codes"] = decoded(shot)
        seen["codes_blurred"] = decoded_blurred(shot)
        seen["texts"] = driver.texts()
        from companion.journal.store import Journal

        with Journal.open(data / "journal.sqlite3", readonly=True) as journal:
            seen["play"] = play(journal, game_id)
        seen["decoded_play"] = [play_of(code) for code in seen["codes"]]
        if screen.code is not None:  # the code, or the button that stands for it
            driver.tap(screen.code)
            driver.until(lambda: len(driver.roots()) and driver.roots()[0] is not app.root, what="the code enlarged")
            seen["big_at_once"] = driver.roots()[0].code.module_px > 0  # made while the result was shown
            driver.until(lambda: driver.roots()[0].code.module_px > 0, what="the enlarged code drawn")
            big = driver.shot(folder / f"{key}-qr.png")
            seen["big_codes"] = decoded(big)
            seen["big_codes_blurred"] = decoded_blurred(big)
            seen["big_module_px"] = driver.roots()[0].code.module_px
            driver.touch_at(10, 10)
            driver.until(lambda: driver.roots()[0] is app.root, what="the enlarged code closed")
        driver.tap(app.say("How it went"))
        driver.until(lambda: app.root.manager.current == "plot", what="the plot")
        plot = app.screen("plot")
        seen["panels"] = [plot_lines(panel) for panel in plot.plots.plots]
        seen["periods"] = len(outcome.points)
        driver.shot(folder / f"{key}-plot.png")
        driver.tap(app.say("Back"))
        driver.until(lambda: app.root.manager.current == "result", what="the result again")
        seen["plot_left"] = {"plots": plot.plots is not None, "widgets": len(plot.ids.area.children)}
        driver.tap(app.tr(_back_to_the_game()))
        seen["after_back"] = app.root.manager.current
        for _command in undone:
            app.table.undo()
        driver.frames(3)
        seen["over_after_undo"] = app.running_is_over()
    finally:
        driver.stop()
    return seen


def _back_to_the_game() -> Any:
    from companion.i18n import Message

    return Message("Back to the game")


def plot_lines(panel: Any) -> list[tuple[str, int]]:
    return [tuple(line) for line in panel.drawn_lines()]


def history_of_evening(data: Path, language: str = "de", out: str = "") -> dict[str, Any]:
    """Three finished games of three games and one still running: the history lists the finished
    ones, newest first; a tap shows a game's result; the players' statistics count the names."""
    ids = [play_into(data, SCENARIOS[key]) for key in ("raubritter", "schatzjagd", "gluecksritter")]
    play_into(data, "raubritter/01-turn-order-oldest-first.scn")
    app, driver = start(data, language)
    seen: dict[str, Any] = {"ids": ids}
    try:
        driver.until(lambda: app.journal is not None, what="the journal")
        if app.root.manager.current != "start":
            driver.tap(app.say("Menu"))
        driver.tap(app.say("Played games"))
        driver.until(lambda: app.root.manager.current == "history", what="the history")
        screen = app.screen("history")
        seen["listed"] = [played.game_id for played in screen.history.games]
        seen["texts"] = driver.texts()
        folder = Path(out) if out else data
        driver.shot(folder / "history.png")
        line = next(w for w in screen.ids.list.box.children if getattr(w, "game_id", None) == ids[1])
        driver.tap(line)
        driver.until(lambda: app.root.manager.current == "result", what="a played game's result")
        seen["shown"] = app.screen("result").outcome.game_id
        seen["back_text"] = app.screen("result").ids.back.text
        driver.tap(app.say("Back"))
        driver.tap(app.say("Players"))
        seen["player_texts"] = driver.texts()
        driver.shot(folder / "history-players.png")
    finally:
        driver.stop()
    return seen


def result_after_restart(data: Path) -> dict[str, Any]:
    """A power cut while the result is shown: the app comes back on the result of the game that
    ended, and the table can still go back to it."""
    game_id, undone = one_step_short(data, SCENARIOS["raubritter"])
    app, driver = start(data, "de")
    driver.until(lambda: app.table is not None, what="the running game's table")
    app.table.submit(app._session.game.parse_command(undone[0]))
    driver.until(lambda: app.root.manager.current == "result", what="the result screen")
    driver.stop()
    app, driver = start(data, "de")  # the same data folder, as after the power comes back
    seen: dict[str, Any] = {"game_id": game_id}
    try:
        driver.until(lambda: app.root.manager.current == "result", what="the result again after the restart")
        driver.until(lambda: app.screen("result").outcome is not None, what="the result's figures")
        seen["shown"] = app.screen("result").outcome.game_id
        seen["verdict"] = [app.tr(text) for text in app.screen("result").outcome.verdict]
        driver.tap(app.tr(_back_to_the_game()))
        seen["then"] = app.root.manager.current
    finally:
        driver.stop()
    return seen


def winner_rows(data: Path, language: str = "de") -> dict[str, Any]:
    """The six-player Glücksritter result drawn six times, each player the winner in turn: per
    drawing, each row's name as drawn (its colour, bold or not), whether the row carries the win's
    mark, and the colours in the row's screenshot (the row scrolled into view)."""
    import dataclasses

    from tests.companion.app.png import pixels

    game_id = play_into(data, SCENARIOS["gluecksritter-six"])
    app, driver = start(data, language)
    from kivy.uix.label import Label

    from companion.app import theme

    found: dict[str, Any] = {}
    try:
        driver.until(lambda: app.journal is not None, what="the journal")
        screen = app.screen("result")
        screen.show_game(game_id)
        app.goto("result")
        driver.until(lambda: screen.settled() and screen.outcome is not None, what="the result")
        outcome = screen.outcome
        names = {p.colour: p.name for p in outcome.players}
        for colour in theme.PLAYERS:
            players = tuple(dataclasses.replace(p, winner=p.colour == colour) for p in outcome.players)
            screen.outcome = dataclasses.replace(outcome, players=players)
            screen.draw()
            driver.frames(3)
            rows = {}
            for row in screen.figure_rows():
                labels = [w for w in row.walk() if isinstance(w, Label) and w.text]
                name = next(w for w in labels if names[row.colour] in w.text.replace("\n", " "))
                rows[row.colour] = {
                    "name_colour": [round(c, 3) for c in name.color],
                    "bold": name.bold,
                    "won": row.won,
                    "band": [round(c, 3) for c in row.band] if row.band else None,
                    "mark_colour": [round(c, 3) for c in row.mark_colour] if row.mark_colour else None,
                }
            screen.ids.body.parent.scroll_to(next(r for r in screen.figure_rows() if r.colour == colour), animate=False)
            driver.frames(3)
            shot = driver.shot(data / f"winner-{colour}.png")
            row = next(r for r in screen.figure_rows() if r.colour == colour)
            x, y = row.to_window(*row.pos)
            width, height, bpp, raw = pixels(shot)
            seen_colours = set()
            for py in range(height - int(y + row.height) + 1, height - int(y) - 1):
                for px in range(int(x) + 1, int(x + row.parent.width) - 1):  # the row across the figures
                    at = (py * width + px) * bpp
                    seen_colours.add(tuple(raw[at : at + 3]))
            found[colour] = {"rows": rows, "pixels": sorted(seen_colours), "window": [width, height]}
    finally:
        driver.stop()
    return found


SESSIONS: dict[str, Any] = {
    "winner-rows": winner_rows,
    "result-after-restart": result_after_restart,
    "result-at-the-end": result_at_the_end,
    "history-of-evening": history_of_evening,
}
