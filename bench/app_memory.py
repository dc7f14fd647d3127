"""Resident memory of the touchscreen app after a whole game of Die Glücksritter, against a bare Kivy app.

Each run starts a new process of the venv's interpreter, headless (``companion.app.env.prepare``
with ``headless=True``: SDL's offscreen driver, ``KCFG_GRAPHICS_MAXFPS=0``), with a data
directory of its own in a temporary directory, and reads ``VmRSS`` (and the peak, ``VmHWM``) from
``/proc/self/status``. Two cases, started the same way with ``companion.app.driver.Driver``:

* **companion**: ``CompanionApp`` with the keyboard as the button panel
  (``companion.app.run.hardware_factory(..., dice="none")`` without a hardware settings file)
  plays a game: 4 players (red, blue, green, yellow), rules schmidt-1998, the digital sack. After
  every command the driver lets 2 frames draw. The script: a roll awaited is rolled on the screen
  (``Table.roll_on_screen``); the secret choice is keyed on the keyboard panel
  (``Table.key_down``/``key_up``, a frame after each), each player trying their buttons in turn
  from a place that moves every round until the panel locks them in; otherwise the board's step
  (``companion.games.gluecksritter.screens.guide.step``) is followed: its options are tried in
  order and the first the table accepts is kept (the Ducat card's dialog enters a random card,
  the payment dialog sends its command without naming the coins);
  when none is accepted or an option only opens a dialog (an offer, a hand-over), the seeded
  random table of ``tests/support/autoplay.py`` proposes commands until the table takes one.
  The script plays until the game is over (about 25 rounds with the default seed) or ``--rounds``
  rounds (40) have been played. Memory is read at the start screen, with the game on the board
  before the first command, and after the game.
* **bare Kivy**: an ``App`` whose root is one ``Label``, started with the same driver, 50 frames
  drawn.

Printed: the medians over ``--repeat`` processes of each (3) and the difference, and the rounds,
commands and journal entries of the games (the seeds are ``--seed``, ``--seed`` + 1, ...).
Target: the app at most **120 MB** resident after the game. Headless, the GL driver is Mesa's
software renderer (llvmpipe), whose libraries' resident pages (libLLVM, swrast_dri.so) come to
about 65 MB even in the bare Kivy app, mostly llvmpipe's shader compiler, which a GPU driver such
as the Pi's v3d does not run; that part is printed, and the app's figure without it (a rough
figure for a Pi: its GPU driver's own pages are not counted). No figure is asserted.

    python bench/app_memory.py [--repeat N] [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET_MB = 120.0
PLAYERS = ("red", "blue", "green", "yellow")
MAX_STEPS = 5000


def memory() -> dict[str, float]:
    """VmRSS, VmHWM, RssAnon and RssFile of this process in MB, and "GL": the resident pages of
    the software renderer's libraries (``libLLVM*``, ``*_dri.so``) from ``/proc/self/smaps``."""
    found: dict[str, float] = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
            found[name] = int(value.split()[0]) / 1024
    gl, path = 0, ""
    for line in Path("/proc/self/smaps").read_text().splitlines():
        parts = line.split()
        if parts and not parts[0].endswith(":"):  # a mapping's header line: address, perms, ..., path
            path = parts[5] if len(parts) > 5 else ""
        elif parts and parts[0] == "Rss:" and ("libLLVM" in path or path.endswith("_dri.so")):
            gl += int(parts[1])
    found["GL"] = gl / 1024
    return found


# ----------------------------------------------------------------------------- the child
def bare_child(data_dir: Path) -> dict[str, Any]:
    from kivy.app import App
    from kivy.uix.label import Label

    from companion.app.driver import Driver

    class BareApp(App):
        def build(self) -> Label:
            return Label(text="bare Kivy")

    driver = Driver(BareApp()).start()
    driver.frames(50)
    result = {"end": memory()}
    driver.stop()
    return result


class Stuck(RuntimeError):
    pass


def companion_child(data_dir: Path, rounds: int, seed: int) -> dict[str, Any]:
    from companion.app.driver import Driver
    from companion.app.run import hardware_factory
    from companion.app.shell import CompanionApp
    from companion.games.gluecksritter.screens.guide import step
    from companion.games.gluecksritter.screens.setup import setup as gluecksritter_setup
    from companion.table import Refused
    from engines.gluecksritter.commands import PlaceDucats
    from hardware.panel.config import DEFAULT_KEYS
    from tests.support import autoplay

    rng = random.Random(seed)
    app = None
    make, config = hardware_factory(lambda: app.settings_, dice="none")
    app = CompanionApp(data_dir, hardware=make, wiring=config.panel, rng=random.Random(seed))
    driver = Driver(app).start()
    driver.frames(10)
    marks = {"start screen": memory()}
    settings = app.game_settings("gluecksritter")
    app.start_game("gluecksritter", gluecksritter_setup("schmidt-1998", PLAYERS, {}, settings))
    driver.frames(10)
    marks["game on the board"] = memory()
    table = app.table
    counts = {"commands": 0, "rolls": 0, "keys": 0, "refused": 0, "random table": 0}

    def accepted(command: Any) -> bool:
        notice = table.submit(command)
        driver.frames(2)
        if isinstance(notice, Refused):
            counts["refused"] += 1
            return False
        counts["commands"] += 1
        return True

    def dialog_command(option: Any) -> Any:
        if option.dialog == "ducats":
            return PlaceDucats(rng.randint(0, 6), rng.randint(0, 6))
        if "command" in option.args:  # a dialog asking for the coins to pay: the command as it is
            return option.args["command"]
        return None  # an offer or a hand-over: the random table below makes one

    def key_in(seat: int, player: str, round_: int) -> None:
        keys = DEFAULT_KEYS[seat]
        start = (round_ + seat) % 6
        for n in range(12):
            if player in table.awaiting().locked or player not in table.awaiting().choosing:
                return
            key = keys[(start + n) % 6]
            table.key_down(key)
            driver.frames(1)
            table.key_up(key)
            driver.frames(1)
            counts["keys"] += 1
        raise Stuck(f"{player} could not lock in on the panel: {table!r}")

    view: dict[str, Any] = {}
    for _ in range(MAX_STEPS):
        view = table.public_view()["view"]
        awaited = table.awaiting()
        if not view["awaiting"] or view["round"] > rounds:
            break
        if awaited.rolls:
            table.roll_on_screen()
            driver.frames(2)
            counts["rolls"] += 1
            continue
        waiting = [p for p in awaited.choosing if p not in awaited.locked]
        if waiting:
            seat = PLAYERS.index(waiting[0]) + 1
            key_in(seat, waiting[0], view["round"])
            continue
        options = step(view, awaited, panel=True).options
        commands = [o.command if o.command is not None else dialog_command(o) for o in options]
        if any(command is not None and accepted(command) for command in commands):
            continue
        state = app._session.state  # the benchmark drives the game: it may read the whole state
        for command in autoplay.candidates(state, rng):
            if accepted(command):
                counts["random table"] += 1
                break
        else:
            raise Stuck(f"nothing was accepted in round {view['round']}, phase {view['phase']}: {table!r}")
    else:
        raise Stuck(f"no end after {MAX_STEPS} steps: {table!r}")
    driver.frames(10)
    marks["after the game"] = memory()
    result = {
        "marks": marks,
        "end": marks["after the game"],
        "rounds": view["round"],
        "over": not view["awaiting"],
        "entries": app._session.head,
        **counts,
    }
    driver.stop()
    return result


def child(case: str, data_dir: Path, rounds: int, seed: int) -> int:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from companion.app import env

    env.prepare(data_dir / "kivy", headless=True)
    result = companion_child(data_dir, rounds, seed) if case == "companion" else bare_child(data_dir)
    print("result " + json.dumps(result), flush=True)
    return 0


# ----------------------------------------------------------------------------- the parent
def run_child(case: str, rounds: int, seed: int) -> dict[str, Any]:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.child import run_child as child

    return child(__file__, case, ["--rounds", str(rounds), "--seed", str(seed)], "companion-bench-memory-")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="processes of each case (3)")
    parser.add_argument("--rounds", type=int, default=40, help="stop after this many rounds if the game goes on (40)")
    parser.add_argument("--seed", type=int, default=1998, help="the script's random choices (1998)")
    parser.add_argument("--child", choices=("companion", "bare"), help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child, args.data_dir, args.rounds, args.seed)

    print("Resident memory, headless: the app after a game of Die Glücksritter against a bare Kivy app")
    games = [run_child("companion", args.rounds, args.seed + n) for n in range(args.repeat)]
    bares = [run_child("bare", args.rounds, args.seed) for _ in range(args.repeat)]
    for game in games:
        ending = "game over" if game["over"] else f"stopped after round {args.rounds}"
        print(
            f"  a game: {ending} in round {game['rounds']}, {game['entries']} journal entries; "
            f"{game['commands']} commands accepted ({game['random table']} from the random table, "
            f"{game['refused']} refused), {game['rolls']} rolls, {game['keys']} panel keys"
        )
    for mark in games[0]["marks"]:
        rss = statistics.median(g["marks"][mark]["VmRSS"] for g in games)
        print(f"  companion, {mark:<18} VmRSS median {rss:6.1f} MB")

    def median(runs: list[dict[str, Any]], key: str) -> float:
        return statistics.median(run["end"][key] for run in runs)

    app, bare = median(games, "VmRSS"), median(bares, "VmRSS")
    for name, runs in (("companion after the game", games), ("bare Kivy app", bares)):
        print(
            f"  {name:<27} VmRSS median {median(runs, 'VmRSS'):6.1f} MB  (peak VmHWM {median(runs, 'VmHWM'):.1f}; "
            f"anonymous {median(runs, 'RssAnon'):.1f}, file-backed {median(runs, 'RssFile'):.1f}, "
            f"of which the software renderer's libraries {median(runs, 'GL'):.1f})"
        )
    print(f"  difference                  {app - bare:6.1f} MB")
    without = app - median(games, "GL")
    print(
        f"  the app is {app / TARGET_MB:.2f} x the target of {TARGET_MB:g} MB; without the software renderer's "
        f"libraries (Mesa llvmpipe) {without:.1f} MB, {without / TARGET_MB:.2f} x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
