"""Sessions of a device clock that may be wrong (companion.clock), each in a process of its own:
``python -m tests.companion.app.date_confirmed_sessions NAME DATA_DIR LANGUAGE CLOCK [BOOT]``
with CLOCK ``unsynchronised`` or ``synchronised`` (what the kernel is taken to say) and BOOT the
boot's id (this machine's when not given). Each prints one JSON line with what the test checks."""

from __future__ import annotations

import datetime
import json
import random
import sys
from pathlib import Path
from typing import Any

from companion.app import env
from tests.companion.app.touch import chip, say, tap_in
from tests.companion.games.gluecksritter.screens.driving import PLAYERS
from tests.companion.games.raubritter.screens.driving import BIRTHDAYS, birthday, open_form

AHEAD = datetime.timedelta(days=10)  # the table's day after the clock's


def start(data: Path, language: str, synchronised: bool, boot: str | None) -> tuple[Any, Any]:
    """The app on ``data`` in ``language``, its clock unsynchronised or not, in boot ``boot``."""
    env.prepare(data / "kivy", headless=True)
    from companion import clock
    from companion.app import settings as app_settings
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    settings, _ = app_settings.load(data)
    settings.language = language
    app_settings.save(data, settings)
    day_clock = clock.DayClock(data, synchronised=lambda: synchronised, boot=(lambda: boot) if boot else clock.boot_id)
    app = CompanionApp(data, hardware=lambda: {}, rng=random.Random(3), clock=day_clock)
    driver = Driver(app).start()
    driver.until(lambda: app.journal is not None, what="the journal")
    return app, driver


def asking() -> Any:
    """The open question for the day, or None."""
    from kivy.core.window import Window

    from companion.app.pieces.today import TodayDialog

    found = [w for w in Window.children if isinstance(w, TodayDialog) and w._is_open]
    assert len(found) <= 1, found
    return found[0] if found else None


def replacing() -> bool:
    """The question what becomes of the running game is open."""
    from kivy.core.window import Window

    from companion.app.pieces.confirm import ReplaceDialog

    return any(isinstance(w, ReplaceDialog) and w._is_open for w in Window.children)


def pick(driver: Any, picker: Any, day: datetime.date) -> None:
    """The picker set to ``day`` by its buttons: decade, year, month, day."""
    driver.tap(picker.decade_buttons[picker.decades.index(day.year // 10 * 10)])
    driver.tap(picker.year_buttons[day.year % 10])
    driver.tap(picker.month_buttons[day.month - 1])
    driver.tap(picker.day_buttons[day.day - 1])
    assert picker.date == day, (picker.date, day)


def gluecksritter_form(app: Any, driver: Any) -> None:
    """The new-game screen with a Glücksritter game set up by touch, "Start the game" not yet
    tapped."""
    if app.root.manager.current != "start":
        app.goto("start")
    driver.tap(say(app, "New game"))
    driver.tap(say(app, "Schmidt 1998 (German)"))
    seating = app.screen("new").form.seating
    for colour in PLAYERS:
        driver.tap(next(c for c in seating.chips.children if c.colour == colour))


def begin_gluecksritter(app: Any, driver: Any) -> Any:
    """A Glücksritter game set up by touch and "Start the game" tapped: the question for the day
    that opened, or None."""
    gluecksritter_form(app, driver)
    driver.tap(app.screen("new").ids.begin)
    return asking()


def games(data: Path) -> list[dict[str, Any]]:
    from companion.journal.store import Journal

    with Journal.open(data / "journal.sqlite3", readonly=True) as journal:
        return [{"id": row.id, "game": row.game, "started": row.started} for row in journal.games()]


def saves(data: Path) -> list[dict[str, str]]:
    from companion.journal.store import Journal

    with Journal.open(data / "journal.sqlite3", readonly=True) as journal:
        return [{"name": name, "saved": saved} for _id, name, _game, saved in journal.saves()]


def first_games(data: Path, language: str, mode: str, boot: str = "") -> dict[str, Any]:
    """Two new games in one boot. The first asks for the day when the clock is unsynchronised:
    "Back" starts nothing; the clock's day 10 days later confirmed, the game starts on it. The
    second (Raubritter, the first put aside) does not ask; it is ended by every player
    surrendering, and its result, the BG Stats code read back from the screen and the save of
    the first game carry the day of play."""
    from companion.results.push import play_of
    from tests.companion.app.touch import decoded

    app, driver = start(data, language, mode == "synchronised", boot or None)
    seen: dict[str, Any] = {"clock_day": app.clock.clock_day().isoformat()}
    try:
        dialog = begin_gluecksritter(app, driver)
        seen["asked_first"] = dialog is not None
        if dialog is not None:
            seen["preselected"] = dialog.picker.date.isoformat()
            seen["question"] = dialog.title_label.text
            seen["texts_asked"] = [dialog.title_label.text, dialog.why.text, *(b.text for b in _buttons(dialog))]
            seen["shot_asked"] = str(driver.shot(data / f"today-asked-{language}.png"))
            driver.tap(say(app, "Back"))
            seen["after_back"] = {"screen": app.root.manager.current, "games": len(games(data))}
            seen["kept_after_back"] = (data / "confirmed-day.json").exists()
            driver.tap(app.screen("new").ids.begin)
            dialog = asking()
            assert dialog is not None, "asked again after Back"
            day = app.clock.clock_day() + AHEAD
            pick(driver, dialog.picker, day)
            seen["question_chosen"] = dialog.title_label.text
            seen["shot_chosen"] = str(driver.shot(data / f"today-chosen-{language}.png"))
            driver.tap(say(app, "That's right"))
        driver.until(lambda: app.root.manager.current == "gluecksritter-board", what="Die Glücksritter's board")
        seen["today"] = app.clock.today().isoformat()

        # The second new game of the boot: Raubritter, the first game put aside.
        form = open_form(app, driver)
        for colour in ("blue", "red"):
            tap_in(driver, form, chip(form, colour))
            birthday(app, driver, form, colour, BIRTHDAYS[colour])
        driver.tap(app.screen("new").ids.begin)
        seen["asked_second"] = asking() is not None
        driver.tap(say(app, "Save it and go on"))
        driver.until(lambda: app.table is not None and app._session.game.name == "raubritter", what="Raubritter")
        game = app._session.game
        while not app.running_is_over():
            current = app._session.state.current
            app.table.submit(game.parse_command({"type": "surrender", "player": current}))
            driver.frames()
        driver.until(lambda: app.root.manager.current == "result", what="the result screen")
        screen = app.screen("result")
        driver.until(lambda: screen.code is not None and screen.code.ready, what="the BG Stats code")
        seen["result_texts"] = driver.texts()
        shot = driver.shot(data / f"today-result-{language}.png")
        seen["shot_result"] = str(shot)
        if screen.code_button is not None:  # too small beside the figures: the button shows it whole
            driver.tap(screen.code)
            driver.until(lambda: driver.roots()[0] is not app.root, what="the code enlarged")
            driver.until(lambda: driver.roots()[0].code.module_px > 0, what="the enlarged code drawn")
            shot = driver.shot(data / f"today-result-code-{language}.png")
            driver.touch_at(10, 10)
            driver.until(lambda: driver.roots()[0] is app.root, what="the enlarged code closed")
        seen["play_dates"] = [play_of(code)["playDate"] for code in decoded(shot)]
        seen["games"] = games(data)
        seen["saves"] = saves(data)
        seen["kept"] = json.loads((data / "confirmed-day.json").read_text()) if mode != "synchronised" else None
    finally:
        driver.stop()
    return seen


def later_game(data: Path, language: str, mode: str, boot: str = "") -> dict[str, Any]:
    """The app started again on the same data: a new game, asked for the day or not."""
    app, driver = start(data, language, mode == "synchronised", boot or None)
    seen: dict[str, Any] = {"clock_day": app.clock.clock_day().isoformat()}
    try:
        dialog = begin_gluecksritter(app, driver)
        seen["asked"] = dialog is not None
        if dialog is not None:
            seen["preselected"] = dialog.picker.date.isoformat()
            driver.tap(say(app, "That's right"))
        if replacing():  # the game of the session before runs still: put aside
            driver.tap(say(app, "Save it and go on"))
        driver.until(lambda: app.root.manager.current == "gluecksritter-board", what="Die Glücksritter's board")
        seen["games"] = games(data)
    finally:
        driver.stop()
    return seen


def _buttons(dialog: Any) -> list[Any]:
    """The dialog's row of buttons at its foot, left to right."""
    return list(reversed(dialog.sheet.children[0].children))


SESSIONS = {"first-games": first_games, "later-game": later_game}

if __name__ == "__main__":
    name, data, *rest = sys.argv[1:]
    print(json.dumps(SESSIONS[name](Path(data), *rest), ensure_ascii=False), flush=True)
