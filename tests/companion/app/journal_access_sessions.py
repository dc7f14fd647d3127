"""Sessions of the app on a journal that cannot be written or read here (issue 30, part 3): a
sound journal on a full disk, an empty data folder on a full disk, a read-only medium whose
journal still has changes in its -wal. The data folder (and the settings in it) is prepared by the
test; Kivy's own folder lies elsewhere, as when the app finds its data folder unwritable."""

from __future__ import annotations

import logging
import random
import tempfile
from pathlib import Path
from typing import Any

from companion.app import env


class Said(logging.Handler):
    """What the app logs at ERROR and above."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.lines: list[str] = []
        logging.getLogger("companion").addHandler(self)

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def start(data: Path, read_only: str | None = None) -> tuple[Any, Any]:
    env.prepare(Path(tempfile.mkdtemp(prefix="companion-kivy-")) / "kivy", headless=True)
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    app = CompanionApp(data, hardware=lambda: {}, rng=random.Random(3), read_only=read_only)
    return app, Driver(app).start()


def start_screen(app: Any, driver: Any) -> dict[str, Any]:
    screen = app.root.manager.get_screen("start")
    return {
        "screen": app.root.manager.current,
        "texts": driver.texts(),
        "journal_open": app.journal is not None,
        "aside_offered": not screen.ids.aside.disabled and screen.ids.aside.opacity > 0,
        "new_disabled": screen.ids.new.disabled,
    }


def full_disk(data: Path) -> dict[str, Any]:
    """A sound journal on a full disk: the start screen says the disk is full, the running game is
    shown, and a move the rules allow is refused by the journal, twice: logged once."""
    from engines.gluecksritter import commands as c
    from engines.gluecksritter.coins import Coins

    said = Said()
    app, driver = start(data)
    driver.until(lambda: app.journal_problem is not None, what="the journal's problem")
    seen = start_screen(app, driver)
    driver.tap(next(t for t in driver.texts() if t.startswith("Weiter:")))
    seen["game_screen"] = app.root.manager.current
    view = app.table.public_view()["view"]
    coins = {} if view["digital_sack"] else {"field5": Coins(0, 1), "field6": Coins(0, 1)}
    for _ in range(2):  # the table tries again: the same failure
        app.table.submit(c.PlaceDucats(1, 1, **coins))
        driver.frames()
    seen["word"] = app.root.word
    seen["logged"] = said.lines
    driver.stop()
    return seen


def opened_or_not(data: Path, read_only: str | None = None) -> dict[str, Any]:
    """The app started where the journal can neither be written nor opened: what the start screen
    says and offers, and what was logged."""
    said = Said()
    app, driver = start(data, read_only)
    driver.until(lambda: app.journal_problem is not None, what="the journal's problem")
    seen = start_screen(app, driver)
    seen["logged"] = said.lines
    driver.stop()
    return seen


SESSIONS = {
    "full-disk": full_disk,
    "full-disk-empty": opened_or_not,
    "read-only-wal": lambda data: opened_or_not(data, "Read-only file system"),
}
