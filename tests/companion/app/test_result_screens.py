"""The end of every game in real windows: the result comes by itself at the last step, with the
winners, a row per player, the BG Stats code that a phone reads back from the screenshot as the
play, and the plot with one line per player and a point per period; the history of played games
and the players' statistics; the result again after a restart; the win marked alike on every
player's row."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.touch import decoded, decoded_blurred, play_into, sized, start
from tests.support.window import in_window

LEAST_PX = 3  # a module's pixels at least, wherever a code is drawn

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


def back_to_the_game(app: Any) -> str:
    from companion.i18n import Message

    return app.tr(Message("Back to the game"))


@pytest.mark.parametrize(
    ("key", "language", "players", "size"),
    [
        ("gluecksritter", "de", 3, ""),
        ("raubritter", "en", 4, ""),
        ("schatzjagd", "de", 3, ""),
        ("gluecksritter-six", "de", 6, ""),
        ("gluecksritter", "en", 3, "1280x720"),
        ("gluecksritter-six", "de", 6, "1280x720"),
    ],
)
@in_window
def test_the_result_comes_at_the_last_step(tmp_path: Path, key: str, language: str, players: int, size: str) -> None:
    """The last step of a game taken on the table: the result screen comes by itself; its verdict,
    its figures, its BG Stats code (read back from the screenshot, also blurred as a phone's camera
    sees it) or the button that shows it, the plot, and back to the table, where the end can be
    undone. ``size``: the window, ``WIDTHxHEIGHT`` (800×480 unless given)."""
    from companion.journal.store import Journal
    from companion.results.push import play, play_of

    sized(size or None)
    game_id, undone = one_step_short(tmp_path, SCENARIOS[key])
    app, driver = start(tmp_path, language)
    driver.until(lambda: app.table is not None, what="the running game's table")
    game = app._session.game
    assert app.root.manager.current != "result"
    app.table.submit(game.parse_command(undone[0]))
    driver.until(lambda: app.root.manager.current == "result", what="the result screen")
    for command in undone[1:]:  # what the table did after the end (corrections)
        app.table.submit(game.parse_command(command))
    driver.frames()
    screen = app.screen("result")
    outcome = screen.outcome
    assert outcome is not None, screen.problem
    assert len(outcome.columns.rows) == players
    winners = [p.colour for p in outcome.winners]
    assert winners

    from kivy.core.window import Window

    assert list(Window.size) == [int(n) for n in (size or "800x480").split("x")]
    assert screen.code is not None  # the code, drawn beside the figures or behind a button that shows it
    driver.until(lambda: screen.code.ready, what="the BG Stats code")
    module_px = screen.code.module_px
    button = screen.code_button.text if getattr(screen, "code_button", None) is not None else None
    shot = driver.shot(tmp_path / f"{key}-result.png")
    codes = decoded(shot)
    texts = driver.texts()
    for text in (app.tr(verdict) for verdict in outcome.verdict):
        assert any(text in shown for shown in texts), (text, texts)  # the verdict is on the screen
    with Journal.open(tmp_path / "journal.sqlite3", readonly=True) as journal:
        played = play(journal, game_id)
    assert [p["winner"] for p in played["players"]].count(True) == len(winners)
    # A code is drawn on the screen only at 3 px a module and more, and a phone reads it even a
    # little blurred: beside the figures where the window has the room (1280×720), else a button
    # shows it over the whole window (800×480). Either way the phone reads the play.
    if size:
        assert module_px >= LEAST_PX and button is None
        assert [play_of(code) for code in codes] == [played]
        assert decoded_blurred(shot) == codes
    else:
        assert module_px == 0 and codes == [] and decoded_blurred(shot) == []
        assert button == ("BG Stats code" if language == "en" else "BG-Stats-Code")

    driver.tap(screen.code)  # the code, or the button that stands for it: enlarged
    driver.until(lambda: len(driver.roots()) and driver.roots()[0] is not app.root, what="the code enlarged")
    assert driver.roots()[0].code.module_px > 0  # made while the result was shown: a tap shows it at once
    driver.until(lambda: driver.roots()[0].code.module_px > 0, what="the enlarged code drawn")
    big = driver.shot(tmp_path / f"{key}-qr.png")
    big_codes = decoded(big)
    assert [play_of(code) for code in big_codes] == [played]
    assert decoded_blurred(big) == big_codes
    assert driver.roots()[0].code.module_px >= max(LEAST_PX, module_px)
    driver.touch_at(10, 10)
    driver.until(lambda: driver.roots()[0] is app.root, what="the enlarged code closed")

    # The plot: per measure, one line per player with a point per period (and the setup).
    driver.tap(app.say("How it went"))
    driver.until(lambda: app.root.manager.current == "plot", what="the plot")
    plot = app.screen("plot")
    panels = [list(panel.drawn_lines()) for panel in plot.plots.plots]
    assert panels
    for lines in panels:
        assert len(lines) == players, lines
        assert all(points == len(outcome.points) for _colour, points in lines), lines
    driver.shot(tmp_path / f"{key}-plot.png")
    driver.tap(app.say("Back"))
    driver.until(lambda: app.root.manager.current == "result", what="the result again")
    assert plot.plots is None and len(plot.ids.area.children) == 0  # drawn again at the next visit, not kept

    # Back at the table, the end can still be undone.
    driver.tap(back_to_the_game(app))
    assert app.root.manager.current != "result"
    for _command in undone:
        app.table.undo()
    driver.frames(3)
    assert app.running_is_over() is False
    driver.stop()


@in_window
def test_history_of_an_evening(tmp_path: Path) -> None:
    """Three finished games of three games and one still running: the history lists the finished
    ones, newest first; a tap shows a game's result; the players' statistics count the names."""
    raubritter, schatzjagd, gluecksritter = (
        play_into(tmp_path, SCENARIOS[key]) for key in ("raubritter", "schatzjagd", "gluecksritter")
    )
    play_into(tmp_path, "raubritter/01-turn-order-oldest-first.scn")
    app, driver = start(tmp_path, "de")
    driver.until(lambda: app.journal is not None, what="the journal")
    if app.root.manager.current != "start":
        driver.tap(app.say("Menu"))
    driver.tap(app.say("Played games"))
    driver.until(lambda: app.root.manager.current == "history", what="the history")
    screen = app.screen("history")
    listed = [played.game_id for played in screen.history.games]
    assert listed == [gluecksritter, schatzjagd, raubritter]  # newest first; the running game not
    driver.shot(tmp_path / "history.png")

    line = next(w for w in screen.ids.list.box.children if getattr(w, "game_id", None) == schatzjagd)
    driver.tap(line)
    driver.until(lambda: app.root.manager.current == "result", what="a played game's result")
    assert app.screen("result").outcome.game_id == schatzjagd
    assert app.screen("result").ids.back.text == "Zurück"

    driver.tap(app.say("Back"))
    driver.tap(app.say("Players"))
    texts = " ".join(driver.texts())
    assert "Anna: 2 Spiele, " in texts and "Ben: 2 Spiele, " in texts  # both played Glücksritter and Schatzjagd
    assert "Raubritter: " in texts and "Schatzjagd: " in texts
    driver.shot(tmp_path / "history-players.png")
    driver.stop()


@in_window
def test_a_power_cut_on_the_result_comes_back_to_it(tmp_path: Path) -> None:
    """The app stopped while the result is shown: it comes back on the result of the game that
    ended, and the table can still go back to it."""
    game_id, undone = one_step_short(tmp_path, SCENARIOS["raubritter"])
    app, driver = start(tmp_path, "de")
    driver.until(lambda: app.table is not None, what="the running game's table")
    app.table.submit(app._session.game.parse_command(undone[0]))
    driver.until(lambda: app.root.manager.current == "result", what="the result screen")
    driver.stop()

    app, driver = start(tmp_path, "de")  # the same data folder, as after the power comes back
    driver.until(lambda: app.root.manager.current == "result", what="the result again after the restart")
    driver.until(lambda: app.screen("result").outcome is not None, what="the result's figures")
    outcome = app.screen("result").outcome
    assert outcome.game_id == game_id
    verdict = [app.tr(text) for text in outcome.verdict]
    assert verdict[0].startswith("David (Gelb) gewinnt"), verdict
    driver.tap(back_to_the_game(app))
    assert app.root.manager.current == "raubritter-table"
    driver.stop()


def contrast(a: Any, b: Any) -> float:
    def luminance(rgb: Any) -> float:
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb[:3]]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def rounded(rgba: Any) -> list[float] | None:
    return [round(c, 3) for c in rgba] if rgba else None


@in_window
def test_the_win_is_marked_alike_on_every_players_row(tmp_path: Path) -> None:
    """Each of six players the winner in turn (the six-player Glücksritter result drawn six times):
    the winner's name is in ink (bold), on a band of the darker parchment across the row, with the
    win's mark in ink; no text in a colour of the players' or the old "good" green (which read as
    Green's on Red's row), and the other rows plain; the row's screenshot (scrolled into view) shows
    the band and no other player's colour."""
    from companion.app import theme
    from tests.companion.app.png import pixels

    assert contrast(theme.INK, theme.PAPER_DARK) >= 7
    ink = rounded(theme.INK)
    band = rounded(theme.PAPER_DARK)
    others = {name: [round(c * 255) for c in rgba[:3]] for name, rgba in theme.PLAYERS.items()}
    good = [round(c * 255) for c in theme.GOOD[:3]]

    game_id = play_into(tmp_path, SCENARIOS["gluecksritter-six"])
    app, driver = start(tmp_path, "de")
    from kivy.uix.label import Label

    driver.until(lambda: app.journal is not None, what="the journal")
    screen = app.screen("result")
    screen.show_game(game_id)
    app.goto("result")
    driver.until(lambda: screen.settled() and screen.outcome is not None, what="the result")
    outcome = screen.outcome
    names = {p.colour: p.name for p in outcome.players}
    assert sorted(names) == sorted(theme.PLAYERS)
    for winner in theme.PLAYERS:
        players = tuple(dataclasses.replace(p, winner=p.colour == winner) for p in outcome.players)
        screen.outcome = dataclasses.replace(outcome, players=players)
        screen.draw()
        driver.frames(3)
        for row in screen.figure_rows():
            labels = [w for w in row.walk() if isinstance(w, Label) and w.text]
            name = next(w for w in labels if names[row.colour] in w.text.replace("\n", " "))
            drawn = {
                "name_colour": rounded(name.color),
                "bold": name.bold,
                "won": row.won,
                "band": rounded(row.band),
                "mark_colour": rounded(row.mark_colour),
            }
            if row.colour == winner:
                assert drawn == {"name_colour": ink, "bold": True, "won": True, "band": band, "mark_colour": ink}
            else:
                assert drawn == {"name_colour": ink, "bold": False, "won": False, "band": None, "mark_colour": None}

        screen.ids.body.parent.scroll_to(next(r for r in screen.figure_rows() if r.colour == winner), animate=False)
        driver.frames(3)
        shot = driver.shot(tmp_path / f"winner-{winner}.png")
        row = next(r for r in screen.figure_rows() if r.colour == winner)
        x, y = row.to_window(*row.pos)
        width, height, bpp, raw = pixels(shot)
        assert [width, height] == [800, 480]
        seen = set()
        for py in range(height - int(y + row.height) + 1, height - int(y) - 1):
            for px in range(int(x) + 1, int(x + row.parent.width) - 1):  # the row across the figures
                at = (py * width + px) * bpp
                seen.add(tuple(raw[at : at + 3]))

        def near(rgb: list[int], seen: set[tuple[int, ...]] = seen) -> bool:
            return any(all(abs(a - b) <= 3 for a, b in zip(p, rgb, strict=True)) for p in seen)

        assert near([round(c * 255) for c in theme.PAPER_DARK[:3]]), winner  # the band
        assert not near(good), winner
        for colour, rgb in others.items():  # the winner's chip is in its colour; no other player's
            if colour != winner and colour not in ("white", "black"):  # white/black: the mark, the ink
                assert not near(rgb), (winner, colour)
    driver.stop()
