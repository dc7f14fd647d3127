"""``companion screenshots OUTDIR [--size WxH] [--lang de|en]``: play scripted games through the
app in a window of its own (headless) and save one PNG per screen and state, named after the game
and the screen (``<game>-reveal.png``). Each game's home lists its scripted states
(``screens.showcase``); the shell's own screens come first."""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

SUMMARY = "screenshots OUTDIR [--size WxH] [--lang de|en]  save a PNG of every screen and state"


def add_to(commands: argparse._SubParsersAction) -> None:
    from companion.app.run import size

    parser = commands.add_parser("screenshots", help="save a PNG of every screen and state of the app")
    parser.add_argument("outdir", help="the directory for the PNG files (made if missing)")
    parser.add_argument("--size", type=size, default=(800, 480), help="window size (default 800x480)")
    parser.add_argument("--lang", choices=("de", "en"), default="de", help="the language on the screens")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.outdir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        print(f"companion screenshots: cannot make {out}: {error.strerror}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="companion-screens-") as data:
        written = shoot(out, Path(data), args.size, args.lang)
    for path in written:
        print(path)
    return 0


def shoot(
    out: Path, data: Path, size: tuple[int, int], language: str, on_state: Callable[[str], None] | None = None
) -> list[Path]:
    """Every state's PNG in ``out``; ``on_state(name)`` after each is saved, while the window still
    shows it (a check of the window at every state)."""
    from companion.app import env

    env.prepare(data / "kivy", size=size, headless=True)
    from companion.app import settings as app_settings
    from companion.app.contract import playable, screens_of
    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    app_settings.save(data, app_settings.AppSettings(language=language))
    app = CompanionApp(data, hardware=lambda: {}, rng=random.Random(7))
    driver = Driver(app).start()
    written: list[Path] = []

    def shot(name: str) -> None:
        written.append(driver.shot(out / f"{name}.png"))
        if on_state is not None:
            on_state(name)

    try:
        shot("start")
        driver.choose(app.say("Settings"))
        shot("settings")
        driver.choose(app.say("Back"))
        for game, _title in playable():
            contract = screens_of(game)
            assert contract is not None
            showcase: Any = contract.showcase()
            showcase(driver, shot)
        driver.choose(app.say("Menu"))
        driver.choose(app.say("Played games"))
        shot("history")
        driver.choose(app.say("Players"))
        shot("history-players")
        driver.choose(app.say("Back"))
        driver.choose(app.say("Saved games"))
        driver.choose(app.say("Save the game"))
        shot("saves")
        app.before_replacing(lambda: None)  # what a new game or a loaded save asks while a game runs
        driver.frames()
        shot("replace-running")
        driver.choose(app.say("Back"))
    finally:
        driver.stop()
    return written
