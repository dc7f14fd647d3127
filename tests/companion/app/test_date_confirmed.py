"""A device clock that may be wrong, in real windows on a real journal: while the kernel says the
clock is unsynchronised, the first new game of a boot asks the table which day today is (the
clock's day chosen at first; "Back" starts nothing), and the day confirmed is the game's day in
the journal, in a save, on the result screen and in the BG Stats code read back from the screen;
the second new game of the boot, and the app started again in it, do not ask; the next boot
asks again. A synchronised clock never asks.

Each start of the app is a phase of its own (a function of this module run by
:func:`tests.support.window.run` in a window of its own) on the same data folder; the clock is the
app's :class:`companion.clock.DayClock`, told what the kernel says and which boot it is."""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.png import colours, size
from tests.companion.app.touch import chip, decoded, say, tap_in
from tests.companion.games.gluecksritter.screens.driving import PLAYERS
from tests.companion.games.raubritter.screens.driving import BIRTHDAYS, birthday, open_form
from tests.support.window import run

AHEAD = datetime.timedelta(days=10)  # the table's day after the clock's
QUESTION = {"de": ("Ist heute der ", "Die Uhr dieses Geräts geht vielleicht falsch.", "Zurück", "Stimmt"),
            "en": ("Is today ", "The clock of this device may be wrong.", "Back", "That's right")}  # fmt: skip
NEXT_BOOT = "the-next-boot"


@pytest.mark.parametrize("language", ["de", "en"])
def test_an_unsynchronised_clock_asks_once_a_boot(tmp_path: Path, language: str) -> None:
    confirmed = run(first_games_asked, data=tmp_path, language=language)
    run(again_in_the_same_boot, data=tmp_path, language=language, confirmed=confirmed)
    run(in_the_next_boot, data=tmp_path, language=language)


def test_a_synchronised_clock_never_asks(tmp_path: Path) -> None:
    run(first_games_synchronised, data=tmp_path)
    assert not (tmp_path / "confirmed-day.json").exists()
    run(synchronised_in_the_next_boot, data=tmp_path)


def first_games_asked(data: Path, language: str) -> str:
    """Two new games in one boot, the clock unsynchronised. The first asks for the day: "Back"
    starts nothing and keeps nothing; the clock's day 10 days later confirmed, the game starts on
    it. The second (Raubritter, the first put aside) does not ask; its result, the BG Stats code
    read back from the screen and the save of the first game carry the day of play. The day
    confirmed, for the phases after."""
    app, driver = start(data, language, synchronised=False)
    clock_day = app.clock.clock_day()
    confirmed = (clock_day + AHEAD).isoformat()
    question, why, back, right = QUESTION[language]
    try:
        # asked, the clock's day chosen at first; "Back" starts nothing and keeps nothing
        dialog = begin_gluecksritter(app, driver)
        assert dialog is not None, "the first new game of the boot did not ask for the day"
        assert dialog.picker.date == clock_day
        asked = dialog.title_label.text
        assert asked.startswith(question) and str(clock_day.year) in asked and str(clock_day.day) in asked
        assert [dialog.why.text, *(b.text for b in buttons(dialog))] == [why, back, right]
        drawn(driver.shot(data / f"today-asked-{language}.png"))
        driver.tap(say(app, "Back"))
        assert app.root.manager.current == "new" and games(data) == []
        assert not (data / "confirmed-day.json").exists()

        driver.tap(app.screen("new").ids.begin)
        dialog = asking()
        assert dialog is not None, "not asked again after Back"
        pick_day(driver, dialog.picker, clock_day + AHEAD)
        assert str(int(confirmed[8:])) in dialog.title_label.text
        drawn(driver.shot(data / f"today-chosen-{language}.png"))
        driver.tap(say(app, "That's right"))
        driver.until(lambda: app.root.manager.current == "gluecksritter-board", what="Die Glücksritter's board")
        assert app.clock.today().isoformat() == confirmed

        # the day confirmed is the day of play everywhere
        texts, play_dates = second_game_to_its_result(app, driver, data, language)
        assert len(play_dates) == 1 and play_dates[0].startswith(f"{confirmed} "), play_dates
        assert any(f"{confirmed} " in text for text in texts), texts
        assert not any(clock_day.isoformat() in text for text in texts), texts
        assert [(g["game"], day_of(g["started"])) for g in games(data)] == [
            ("gluecksritter", confirmed),
            ("raubritter", confirmed),
        ]
        saved = saves(data)
        assert [day_of(s["saved"]) for s in saved] == [confirmed]
        assert saved[0]["name"].startswith(confirmed)  # the first game, put aside
        kept = json.loads((data / "confirmed-day.json").read_text())
        assert kept["days"] == 10 and kept["confirmed"] == confirmed, kept
    finally:
        driver.stop()
    return confirmed


def again_in_the_same_boot(data: Path, language: str, confirmed: str) -> None:
    """The app started again in the boot that confirmed the day: a new game does not ask and is
    played on the day confirmed."""
    app, driver = start(data, language, synchronised=False)
    try:
        assert begin_gluecksritter(app, driver) is None, "asked again in the same boot"
        on_the_board(app, driver)
        assert day_of(games(data)[-1]["started"]) == confirmed
    finally:
        driver.stop()


def in_the_next_boot(data: Path, language: str) -> None:
    """The app in the next boot, the clock still unsynchronised: a new game asks again, the
    clock's day chosen at first; confirmed, it is the new game's day."""
    app, driver = start(data, language, synchronised=False, boot=NEXT_BOOT)
    clock_day = app.clock.clock_day()
    try:
        dialog = begin_gluecksritter(app, driver)
        assert dialog is not None, "the next boot did not ask for the day"
        assert dialog.picker.date == clock_day
        driver.tap(say(app, "That's right"))
        on_the_board(app, driver)
        found = games(data)
        assert day_of(found[-1]["started"]) == clock_day.isoformat()  # the clock's day confirmed
        assert len(found) == 4
    finally:
        driver.stop()


def first_games_synchronised(data: Path) -> None:
    """Two new games in one boot, the clock synchronised: neither asks, both are played on the
    clock's day, which the BG Stats code read back from the result screen carries."""
    app, driver = start(data, "en", synchronised=True)
    clock_day = app.clock.clock_day().isoformat()
    try:
        assert begin_gluecksritter(app, driver) is None, "a synchronised clock asked for the day"
        driver.until(lambda: app.root.manager.current == "gluecksritter-board", what="Die Glücksritter's board")
        _, play_dates = second_game_to_its_result(app, driver, data, "en")
        assert play_dates[0].startswith(f"{clock_day} "), play_dates
        assert [day_of(g["started"]) for g in games(data)] == [clock_day] * 2
    finally:
        driver.stop()


def synchronised_in_the_next_boot(data: Path) -> None:
    """The next boot, the clock synchronised: a new game does not ask."""
    app, driver = start(data, "en", synchronised=True, boot=NEXT_BOOT)
    try:
        assert begin_gluecksritter(app, driver) is None, "a synchronised clock asked for the day"
        on_the_board(app, driver)
    finally:
        driver.stop()


def second_game_to_its_result(app: Any, driver: Any, data: Path, language: str) -> tuple[list[str], list[str]]:
    """The second new game of the boot: Raubritter, the game running put aside; it does not ask for
    the day. Every player surrenders: the result screen's texts, and the play dates of the BG Stats
    code read back from a screenshot (of the code enlarged when the screen offers that)."""
    from companion.results.push import play_of

    form = open_form(app, driver)
    for colour in ("blue", "red"):
        tap_in(driver, form, chip(form, colour))
        birthday(app, driver, form, colour, BIRTHDAYS[colour])
    driver.tap(app.screen("new").ids.begin)
    assert asking() is None, "the second new game of the boot asked for the day"
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
    texts = driver.texts()
    shot = driver.shot(data / f"today-result-{language}.png")
    drawn(shot)
    if screen.code_button is not None:  # too small beside the figures: the button shows it whole
        driver.tap(screen.code)
        driver.until(lambda: driver.roots()[0] is not app.root, what="the code enlarged")
        driver.until(lambda: driver.roots()[0].code.module_px > 0, what="the enlarged code drawn")
        shot = driver.shot(data / f"today-result-code-{language}.png")
        driver.touch_at(10, 10)
        driver.until(lambda: driver.roots()[0] is app.root, what="the enlarged code closed")
    return texts, [play_of(code)["playDate"] for code in decoded(shot)]


def start(data: Path, language: str, synchronised: bool, boot: str | None = None) -> tuple[Any, Any]:
    """The app on ``data`` in ``language``, the kernel saying its clock is synchronised or not, in
    boot ``boot`` (this machine's when not given)."""
    from companion.app import env

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


def on_the_board(app: Any, driver: Any) -> None:
    """The new Glücksritter game on its board, the game of the session before put aside if it runs
    still."""
    from kivy.core.window import Window

    from companion.app.pieces.confirm import ReplaceDialog

    if any(isinstance(w, ReplaceDialog) and w._is_open for w in Window.children):
        driver.tap(say(app, "Save it and go on"))
    driver.until(lambda: app.root.manager.current == "gluecksritter-board", what="Die Glücksritter's board")


def pick_day(driver: Any, picker: Any, day: datetime.date) -> None:
    """The question's picker set to ``day`` by its buttons: decade, year, month, day."""
    driver.tap(picker.decade_buttons[picker.decades.index(day.year // 10 * 10)])
    driver.tap(picker.year_buttons[day.year % 10])
    driver.tap(picker.month_buttons[day.month - 1])
    driver.tap(picker.day_buttons[day.day - 1])
    assert picker.date == day


def begin_gluecksritter(app: Any, driver: Any) -> Any:
    """A Glücksritter game set up by touch and "Start the game" tapped: the question for the day
    that opened, or None."""
    if app.root.manager.current != "start":
        app.goto("start")
    driver.tap(say(app, "New game"))
    driver.tap(say(app, "Schmidt 1998 (German)"))
    seating = app.screen("new").form.seating
    for colour in PLAYERS:
        driver.tap(next(c for c in seating.chips.children if c.colour == colour))
    driver.tap(app.screen("new").ids.begin)
    return asking()


def buttons(dialog: Any) -> list[Any]:
    """The dialog's row of buttons at its foot, left to right."""
    return list(reversed(dialog.sheet.children[0].children))


def games(data: Path) -> list[dict[str, Any]]:
    from companion.journal.store import Journal

    with Journal.open(data / "journal.sqlite3", readonly=True) as journal:
        return [{"id": row.id, "game": row.game, "started": row.started} for row in journal.games()]


def saves(data: Path) -> list[dict[str, str]]:
    from companion.journal.store import Journal

    with Journal.open(data / "journal.sqlite3", readonly=True) as journal:
        return [{"name": name, "saved": saved} for _id, name, _game, saved in journal.saves()]


def day_of(moment: str) -> str:
    return moment[:10]


def drawn(shot: Path) -> None:
    assert size(shot) == (800, 480)
    assert colours(shot, enough=8) >= 8, f"{shot} is one flat colour"
