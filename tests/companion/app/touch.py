"""Driving the app by touch in a test's window (:mod:`tests.support.window`): starting it headless
on a data folder, the texts of its buttons in the table's language, finding and tapping what a
player would, a game played into the journal first, and reading what the screenshots show (QR
codes, the plot's lines)."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path
from typing import Any

from companion.app import env

BLUR = 0.6  # px: the blur a phone's camera adds at least, held over the screen


def start(data: Path, language: str = "en", hardware: Any = None, seed: int = 3) -> Any:
    env.prepare(data / "kivy", headless=True)
    from companion.app import settings as app_settings
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    settings, _ = app_settings.load(data)
    if not (data / app_settings.FILE).exists():
        settings.language = language
        app_settings.save(data, settings)
    app = CompanionApp(data, hardware=hardware or (lambda: {}), rng=random.Random(seed))
    return app, Driver(app).start()


def say(app: Any, msgid: str, **values: Any) -> str:
    from companion.games.gluecksritter.screens.guide import who
    from companion.i18n import Message

    values = {key: who(value) if key in ("player", "offerer") else value for key, value in values.items()}
    return app.tr(Message(msgid, **values))


def button(box: Any, text: str) -> Any:
    """The button in ``box`` (or anywhere inside it) that says ``text``."""
    found = [w for w in box.walk(restrict=True) if getattr(w, "text", None) == text and hasattr(w, "on_release")]
    assert found, f"no button says {text!r}; there are {[getattr(w, 'text', '') for w in box.walk(restrict=True)]}"
    return found[0]


def chip(form: Any, colour: str) -> Any:
    """The colour's chip as the seating shows it now (each tap draws the chips anew)."""
    return next(c for c in form.seating.chips.children if c.colour == colour)


def tap_in(driver: Any, choices: Any, widget: Any) -> None:
    driver.tap(into_view(driver, choices, widget))


def shots(driver: Any, choices: Any, data: Path, name: str) -> list[str]:
    """The list from its first page to its last, one screenshot a page (turned by its arrows)."""
    taken = []
    while choices.page > 0:
        driver.tap(choices.up)
    for n in range(6):
        driver.frames(3)
        taken.append(str(driver.shot(data / f"{name}-{n + 1}.png")))
        if choices.page >= choices.pages - 1:
            break
        driver.tap(choices.down)
    while choices.page > 0:
        driver.tap(choices.up)
    driver.frames(3)
    return taken


def sized(size: str | None) -> None:
    """The window ``WIDTHxHEIGHT`` (800×480, the Pi's display, unless given)."""
    if size:
        width, height = size.split("x")
        os.environ["KCFG_GRAPHICS_WIDTH"], os.environ["KCFG_GRAPHICS_HEIGHT"] = width, height


def play_into(data: Path, scenario: str) -> int:
    """A scenario played into the journal at ``data``; the new game's number (now running)."""
    from companion.journal.store import Journal
    from companion.scenario.run import run_file

    root = Path(__file__).resolve().parents[2] / "scenarios"
    with Journal.open(data / "journal.sqlite3") as journal:
        assert run_file(root / scenario, journal, io.StringIO()).ok
        game_id = journal.running()
    assert game_id is not None
    return game_id


def decoded(path: Path) -> list[str]:
    """The QR codes in a screenshot, as their texts (read from its green channel: the code is
    black on white)."""
    import zxingcpp

    from tests.companion.app.png import pixels

    width, height, bpp, data = pixels(path)
    grey = data[1::bpp]
    found = zxingcpp.read_barcodes(memoryview(grey).cast("B", (height, width)))
    return [code.text for code in found]


def decoded_blurred(path: Path, sigma: float = BLUR) -> list[str]:
    """The texts of the QR codes read from the screenshot after a blur of ``sigma`` pixels."""
    import zxingcpp

    width, height, grey = blurred(path, sigma)
    return [code.text for code in zxingcpp.read_barcodes(memoryview(grey).cast("B", (height, width)))]


def walks(panels: int, players: int, periods: int, seed: int = 7) -> list[Any]:
    """``panels`` measures, each a line per player: 0 at the setup, then a random walk that never
    goes below 0; yellow's line equals white's where both play (two identical lines)."""
    from companion.app.pieces.plot import Panel, Series

    rng = random.Random(seed)
    found = []
    for n in range(panels):
        lines = {}
        for colour in COLOURS[:players]:
            value, values = 0, [0]
            for _ in range(periods):
                value = max(0, value + rng.randint(-2, 4) * (n + 1))
                values.append(value)
            lines[colour] = tuple(float(v) for v in values)
        if "white" in lines:
            lines["yellow"] = lines["white"]
        found.append(Panel(TITLES[n], tuple(Series(colour, values) for colour, values in lines.items())))
    return found


def blurred(path: Path, sigma: float = BLUR) -> tuple[int, int, bytes]:
    """A screenshot in grey (its green channel: the codes are black on white), blurred by a
    Gaussian of ``sigma`` pixels: width, height, one byte a pixel."""
    import math

    from tests.companion.app.png import pixels

    width, height, bpp, raw = pixels(path)
    grey = list(raw[1::bpp])
    reach = max(1, math.ceil(3 * sigma))
    weights = [math.exp(-(k * k) / (2 * sigma * sigma)) for k in range(-reach, reach + 1)]
    total = sum(weights)
    weights = [w / total for w in weights]

    def along(values: list[int | float], count: int, stride: int, lines: int, gap: int) -> list[float]:
        out = [0.0] * len(values)
        for line in range(lines):
            base = line * gap
            for i in range(count):
                acc = 0.0
                for k, w in enumerate(weights):
                    j = min(max(i + k - reach, 0), count - 1)
                    acc += w * values[base + j * stride]
                out[base + i * stride] = acc
        return out

    rows = along(grey, width, 1, height, width)
    both = along(rows, height, width, width, 1)
    return width, height, bytes(min(255, max(0, round(v))) for v in both)


COLOURS = ("red", "blue", "green", "yellow", "white", "black")


TITLES = ("Dukaten", "Burgteile", "Schätze versteckt")


def into_view(driver: Any, choices: Any, widget: Any) -> Any:
    """``widget`` brought onto the shown page of its list by taps on the page arrows, as a finger
    would turn the pages there."""
    from companion.app.driver import unseen

    driver.reveal(widget)
    driver.until(lambda: unseen(widget) is None, what=f"{getattr(widget, 'text', widget)!r} shown")
    return widget
