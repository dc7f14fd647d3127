"""Resident memory of the touchscreen app after a whole game of each game, against a bare Kivy app.

Each run starts a new process of the venv's interpreter, headless (``companion.app.env.prepare``
with ``headless=True``: SDL's offscreen driver, ``KCFG_GRAPHICS_MAXFPS=0``), with a data
directory of its own in a temporary directory, and reads ``VmRSS`` (and the peak, ``VmHWM``) from
``/proc/self/status``. Three cases, started the same way with ``companion.app.driver.Driver``:

* **Die Glücksritter**: ``CompanionApp`` with the keyboard as the button panel
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
  random table of ``tests/engines/gluecksritter/autoplay.py`` proposes commands until the table takes one.
  The table check that opens at each round's end is answered by a touch on "All as on the table",
  as a table answers it (a check left open while play went on through the table, which no table
  can do by touch, once kept about 23 MB a round: each round's end opened another over it).
  The script plays until the game is over (about 25 rounds with the default seed) or ``--rounds``
  rounds (40) have been played. Memory is read at the start screen, with the game on the board
  before the first command, and after the game.
* **Schatzjagd**: the same app plays a whole game written as a scenario, to its victory: of the
  Schatzjagd scenarios that play a whole game (the complete games of ``tests/scenarios/schatzjagd/``
  and any Schatzjagd game of ``tests/scenarios/long/``, each expecting ``phase = over``) the one
  with the most commands, or ``--scenario``; now
  ``44-complete-game-three-players.scn``: 3 players, 6 days, 57 commands (journeys, cards,
  digging, the smith and the healer, two fights, hiding treasures) and 5 lines the rules refuse.
  The file is read with the project's scenario notation (``companion.scenario.run.prepare``: the
  setup and the commands from the game's adapter, ``companion.games.schatzjagd.scenario``), the
  game started with ``CompanionApp.start_game("schatzjagd", setup)`` and every command line
  submitted to the app's table as it is (``Table.submit``: a journey with its die, an exchange
  with both dice, a flight with the last blow's die; ``undo``/``redo`` through ``Table.undo``/
  ``redo``), 2 frames after each. A line that expects a refusal is submitted too and must be
  refused by that rule with nothing written; expectations are skipped. At the end the public
  view's phase must be ``over``. Memory is read as for Die Glücksritter.
* **Raubritter**: the same app plays a whole game of 4 players (96 tiles) by the rules of thumb
  of ``companion.games.raubritter.autoplay`` (every tile where the layout stays most compact, a
  castle with up to 3 knights on the longest march the rules allow): started with
  ``CompanionApp.start_game("raubritter", setup)``, every command submitted to the app's table,
  2 frames after each, the grid redrawn with the tiles, stacks and highlighted cells each time.
* **bare Kivy**: an ``App`` whose root is one ``Label``, started with the same driver, 50 frames
  drawn.

Printed: the bare Kivy app's medians over ``--repeat`` processes (3), then one block per game
(``--game``: gluecksritter, schatzjagd, raubritter or all): the games played (rounds or days, commands,
journal entries; Die Glücksritter's seeds are ``--seed``, ``--seed`` + 1, ...), the medians over
``--repeat`` processes at each reading and the difference to the bare Kivy app.
Target: the app at most **120 MB** resident after the game, for each game. Headless, the GL
driver is Mesa's software renderer (llvmpipe), whose libraries' resident pages (libLLVM,
swrast_dri.so) come to about 65 MB even in the bare Kivy app, mostly llvmpipe's shader compiler,
which a GPU driver such as the Pi's v3d does not run; that part is printed, and the app's figure
without it (a rough figure for a Pi: its GPU driver's own pages are not counted). No figure is
asserted.

    python bench/app_memory.py [--repeat N] [--game gluecksritter|schatzjagd|raubritter|all] [--rounds R] [--seed S]
                               [--scenario FILE.scn]
    python bench/app_memory.py --quick     # one process each, Die Glücksritter stopped after 2 rounds
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TARGET_MB = 120.0
PLAYERS = ("red", "blue", "green", "yellow")
MAX_STEPS = 5000
SCENARIOS = ROOT / "tests" / "scenarios"
GAMES = {"gluecksritter": "Die Glücksritter", "schatzjagd": "Schatzjagd", "raubritter": "Raubritter"}


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


def start_app(data_dir: Path, seed: int) -> tuple[Any, Any, Any]:
    """The app with the keyboard as the button panel, started and on its start screen; its driver
    and the hardware settings."""
    from companion.app.driver import Driver
    from companion.app.run import hardware_factory
    from companion.app.shell import CompanionApp

    app = None
    make, config = hardware_factory(lambda: app.settings_, dice="none")
    app = CompanionApp(data_dir, hardware=make, wiring=config.panel, rng=random.Random(seed))
    driver = Driver(app).start()
    driver.frames(10)
    return app, driver, config


def answer_table_check(app: Any, driver: Any) -> bool:
    """Die Glücksritter's table check, open at a round's end: the table confirms it by touch ("All
    as on the table"), as a table would; False when none is open."""
    from companion.app.pieces.dialog import open_dialogs
    from companion.games.gluecksritter.screens.check import TableCheck
    from companion.i18n import Message

    if not any(isinstance(dialog, TableCheck) for dialog in open_dialogs()):
        return False
    driver.tap(app.tr(Message("All as on the table")))
    driver.until(lambda: not any(isinstance(d, TableCheck) for d in open_dialogs()), what="the check closed")
    return True


def gluecksritter_child(
    data_dir: Path,
    rounds: int,
    seed: int,
    each_round: Callable[[int, Any], None] | None = None,
    answer_checks: bool = True,
    on: tuple[Any, Any] | None = None,
) -> dict[str, Any]:
    """A game played as the module's text says; ``each_round(round, app)`` is called when a round
    begins (the one before it ended and its table check was answered). ``answer_checks`` False:
    the table check stays open while play goes on through the table (the panel and the die do not
    wait for the screen). ``on``: the app and driver of an app already running, which the game is
    played on and left running (an evening of games), else a new app is started and stopped."""
    from companion.games.gluecksritter.screens.guide import step
    from companion.games.gluecksritter.screens.setup import setup as gluecksritter_setup
    from companion.table import Refused
    from engines.gluecksritter.commands import PlaceDucats
    from hardware.panel.config import DEFAULT_KEYS
    from tests.engines.gluecksritter import autoplay

    rng = random.Random(seed)
    app, driver = on if on is not None else start_app(data_dir, seed)[:2]
    marks = {"start screen": memory()}
    settings = app.game_settings("gluecksritter")
    app.start_game("gluecksritter", gluecksritter_setup("schmidt-1998", PLAYERS, {}, settings))
    driver.frames(10)
    marks["game on the board"] = memory()
    table = app.table
    counts = {"commands": 0, "rolls": 0, "keys": 0, "refused": 0, "random table": 0, "table checks": 0}
    begun = 0

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
        if answer_checks and answer_table_check(app, driver):
            counts["table checks"] += 1
            continue
        view = table.public_view()["view"]
        awaited = table.awaiting()
        if not view["awaiting"] or view["round"] > rounds:
            break
        if view["round"] != begun:
            begun = view["round"]
            if each_round is not None:
                each_round(begun, app)
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
    if on is None:
        driver.stop()
    return result


def whole_games() -> list[tuple[Path, int]]:
    """The Schatzjagd scenarios that play a whole game to its end (the complete games of
    ``tests/scenarios/schatzjagd/``, any Schatzjagd game of ``tests/scenarios/long/``, each
    expecting ``phase = over``), with the lines each submits to the table, longest first."""
    from companion.scenario.parse import CommandLine, Expect, ExpectRefused, HistoryOp, parse_scenario, read_text

    found = []
    paths = [*sorted(SCENARIOS.glob("schatzjagd/*complete-game*.scn")), *sorted(SCENARIOS.glob("long/*.scn"))]
    for path in paths:
        scenario = parse_scenario(read_text(path), path)
        statements = scenario.statements
        if scenario.game != "schatzjagd" or not any(
            isinstance(s, Expect) and s.key.strip() == "phase" and s.value.strip() == "over" for s in statements
        ):
            continue
        submitted = sum(isinstance(s, (CommandLine, HistoryOp, ExpectRefused)) for s in statements)
        found.append((path, submitted))
    return sorted(found, key=lambda found: -found[1])


def schatzjagd_child(
    data_dir: Path,
    scenario: Path,
    seed: int,
    each_day: Callable[[int, Any], None] | None = None,
    on: tuple[Any, Any] | None = None,
) -> dict[str, Any]:
    """The scenario played as the module's text says; ``each_day(day, app)`` is called when a day
    begins; ``on`` as for :func:`gluecksritter_child`."""
    from companion.scenario.parse import ExpectRefused, HistoryOp, parse_scenario, read_text
    from companion.scenario.run import prepare
    from companion.table import Happened, Moved, Refused

    plan = prepare(parse_scenario(read_text(scenario), scenario))
    app, driver = on if on is not None else start_app(data_dir, seed)[:2]
    marks = {"start screen": memory()}
    app.start_game("schatzjagd", plan.config)
    driver.frames(10)
    if app.table is None:
        raise Stuck(f"the game did not open on the screen (the log above says why): {app.unshown!r}")
    marks["game on the board"] = memory()
    table = app.table
    counts = {"commands": 0, "undo/redo": 0, "refused": 0}

    def send(line: Any, command: Any) -> Any:
        if isinstance(line, HistoryOp):
            notice = table.undo() if line.op == "undo" else table.redo()
        else:
            notice = table.submit(command)
        driver.frames(2)
        return notice

    begun = 0
    for step in plan.steps:
        day = table.public_view()["view"]["day"]
        if day != begun:
            begun = day
            if each_day is not None:
                each_day(day, app)
        line = step.statement
        if isinstance(line, ExpectRefused):
            head = app._session.head
            notice = send(line.command, step.command)
            rule = getattr(notice, "rule", "")
            wanted = rule.startswith(line.rule[:-1]) if line.rule.endswith("*") else rule == line.rule
            if not isinstance(notice, Refused) or not wanted or app._session.head != head:
                raise Stuck(f"line {line.line} ({line.text}): the table answered {notice!r}")
            counts["refused"] += 1
        elif step.command is not None or isinstance(line, HistoryOp):  # expectations are skipped
            notice = send(line, step.command)
            if not isinstance(notice, (Happened, Moved)):
                raise Stuck(f"line {line.line} ({line.text}): the table answered {notice!r}")
            counts["undo/redo" if isinstance(line, HistoryOp) else "commands"] += 1
    view = table.public_view()["view"]
    if view["phase"] != "over":
        raise Stuck(f"the game is not over after {scenario.name}: phase {view['phase']}, day {view['day']}")
    driver.frames(10)
    marks["after the game"] = memory()
    result = {
        "marks": marks,
        "end": marks["after the game"],
        "scenario": scenario.name,
        "days": view["day"],
        "winner": view["winner"],
        "over": True,
        "entries": app._session.head,
        **counts,
    }
    if on is None:
        driver.stop()
    return result


def raubritter_child(
    data_dir: Path, seed: int, each_round: Callable[[int, Any], None] | None = None, on: tuple[Any, Any] | None = None
) -> dict[str, Any]:
    """A game played as the module's text says; ``each_round(tiles, app)`` is called before every
    eighth command (a round of four players' two tiles), with the tiles laid so far."""
    import datetime

    from companion.games.raubritter.autoplay import commands
    from companion.table import Happened
    from engines.raubritter import GAME
    from engines.raubritter.rules import Setup

    setup = Setup(
        players=[
            {"name": name, "birthday": datetime.date(1950 + 9 * n, 1 + n, 1), "colour": colour}
            for n, (name, colour) in enumerate(zip(("Anna", "Ben", "Clara", "Dieter"), PLAYERS, strict=True))
        ]
    )
    app, driver = on if on is not None else start_app(data_dir, seed)[:2]
    marks = {"start screen": memory()}
    app.start_game("raubritter", setup)
    driver.frames(10)
    if app.table is None:
        raise Stuck(f"the game did not open on the screen (the log above says why): {app.unshown!r}")
    marks["game on the board"] = memory()
    count = 0
    for command in commands(GAME, setup):
        if each_round is not None and count % 8 == 0:
            each_round(len(app.table.public_view()["view"]["cells"]), app)
        notice = app.table.submit(command)
        driver.frames(2)
        if not isinstance(notice, Happened):
            raise Stuck(f"command {count + 1} ({command!r}): the table answered {notice!r}")
        count += 1
    view = app.table.public_view()["view"]
    if view["phase"] != "over":
        raise Stuck(f"the game is not over after {count} commands: phase {view['phase']}")
    driver.frames(10)
    marks["after the game"] = memory()
    result = {
        "marks": marks,
        "end": marks["after the game"],
        "tiles": len(view["cells"]),
        "stacks": sum(1 for cell in view["cells"] if cell["stack"]),
        "winners": view["winners"],
        "commands": count,
        "entries": app._session.head,
    }
    if on is None:
        driver.stop()
    return result


def child(case: str, data_dir: Path, args: argparse.Namespace) -> int:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from companion.app import env

    env.prepare(data_dir / "kivy", headless=True)
    if case == "gluecksritter":
        result = gluecksritter_child(data_dir, args.rounds, args.seed)
    elif case == "schatzjagd":
        result = schatzjagd_child(data_dir, args.scenario, args.seed)
    elif case == "raubritter":
        result = raubritter_child(data_dir, args.seed)
    else:
        result = bare_child(data_dir)
    print("result " + json.dumps(result), flush=True)
    return 0


# ----------------------------------------------------------------------------- the parent
def run_child(case: str, options: list[str]) -> dict[str, Any]:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.child import run_child as child

    return child(__file__, case, options, "companion-bench-memory-")


def median(runs: list[dict[str, Any]], key: str) -> float:
    return statistics.median(run["end"][key] for run in runs)


def detail(runs: list[dict[str, Any]]) -> str:
    return (
        f"VmRSS median {median(runs, 'VmRSS'):6.1f} MB  (peak VmHWM {median(runs, 'VmHWM'):.1f}; "
        f"anonymous {median(runs, 'RssAnon'):.1f}, file-backed {median(runs, 'RssFile'):.1f}, "
        f"of which the software renderer's libraries {median(runs, 'GL'):.1f})"
    )


def played(game: str, run: dict[str, Any], rounds: int) -> str:
    if game == "gluecksritter":
        ending = "game over" if run["over"] else f"stopped after round {rounds}"
        return (
            f"{ending} in round {run['rounds']}, {run['entries']} journal entries; "
            f"{run['commands']} commands accepted ({run['random table']} from the random table, "
            f"{run['refused']} refused), {run['rolls']} rolls, {run['keys']} panel keys"
        )
    if game == "raubritter":
        return (
            f"4 players, {run['tiles']} tiles laid, {run['stacks']} stacks, {run['commands']} commands, "
            f"{run['entries']} journal entries; won by {', '.join(run['winners']) or 'nobody'}"
        )
    moves = f", {run['undo/redo']} undo/redo" if run["undo/redo"] else ""
    return (
        f"{run['scenario']}, game over on day {run['days']} ({run['winner']} won), {run['entries']} journal "
        f"entries; {run['commands']} commands accepted{moves}, {run['refused']} refused as the scenario expects"
    )


def block(game: str, runs: list[dict[str, Any]], bares: list[dict[str, Any]], rounds: int) -> None:
    print(GAMES[game])
    for text in dict.fromkeys(played(game, run, rounds) for run in runs):  # the same game once
        repeated = sum(played(game, run, rounds) == text for run in runs)
        print(f"  a game{f' (x{repeated})' if repeated > 1 else ''}: {text}")
    for mark in runs[0]["marks"]:
        rss = statistics.median(run["marks"][mark]["VmRSS"] for run in runs)
        print(f"  companion, {mark:<18} VmRSS median {rss:6.1f} MB")
    app, bare = median(runs, "VmRSS"), median(bares, "VmRSS")
    print(f"  {'companion after the game':<29} {detail(runs)}")
    print(f"  {'difference to the bare app':<29} {app - bare:6.1f} MB")
    without = app - median(runs, "GL")
    print(
        f"  the app is {app / TARGET_MB:.2f} x the target of {TARGET_MB:g} MB; without the software renderer's "
        f"libraries (Mesa llvmpipe) {without:.1f} MB, {without / TARGET_MB:.2f} x"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="processes of each case (3)")
    parser.add_argument("--game", choices=(*GAMES, "all"), default="all", help="the games played (all)")
    parser.add_argument(
        "--rounds", type=int, default=40, help="Die Glücksritter: stop after this many rounds if the game goes on (40)"
    )
    parser.add_argument("--seed", type=int, default=1998, help="Die Glücksritter: the script's random choices (1998)")
    parser.add_argument(
        "--scenario", type=Path, help="Schatzjagd: the whole game played (the longest complete game of tests/scenarios)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="for CI: few rounds, every path, not judged (1 process each, Die Glücksritter 2 rounds)",
    )
    parser.add_argument("--child", choices=(*GAMES, "bare"), help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(args.child, args.data_dir, args)
    if args.quick:
        args.repeat, args.rounds = 1, 2

    games = list(GAMES) if args.game == "all" else [args.game]
    options: dict[str, list[str]] = {"bare": []}
    if "schatzjagd" in games:
        if args.scenario is None:
            if str(ROOT) not in sys.path:
                sys.path.insert(0, str(ROOT))
            candidates = whole_games()
            if not candidates:
                raise SystemExit(f"no whole Schatzjagd game in {SCENARIOS}")
            args.scenario = candidates[0][0]
        options["schatzjagd"] = ["--scenario", str(args.scenario.resolve())]
    print(
        f"Resident memory, headless: the app after a whole game against a bare Kivy app, "
        f"medians of {args.repeat} process{'es' if args.repeat != 1 else ''} each"
    )
    options["gluecksritter"] = ["--rounds", str(args.rounds)]
    options["raubritter"] = []
    runs = {
        game: [run_child(game, [*options[game], "--seed", str(args.seed + n)]) for n in range(args.repeat)]
        for game in games
    }
    bares = [run_child("bare", []) for _ in range(args.repeat)]
    print(f"  {'bare Kivy app':<29} {detail(bares)}")
    for game in games:
        block(game, runs[game], bares, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
