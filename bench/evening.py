"""An evening at one table: one app process plays seven whole games back to back, as a table
would, and its resident memory is read after each game beside a bare Kivy app's.

The app (``CompanionApp`` with the keyboard as the button panel, no die, a data directory of its
own in a temporary directory) starts headless (``companion.app.env.prepare(..., headless=True)``:
SDL's offscreen driver, Mesa's software renderer llvmpipe, frames unpaced) and plays, in this
order, Die Glücksritter, Schatzjagd, Raubritter, Die Glücksritter, Schatzjagd, Raubritter, Die
Glücksritter: three, two and two games, the first and the last game of the same kind. Each game
is played by the scripts of ``bench/app_memory.py`` (imported, not copied), on the evening's app
instead of an app of their own:

* Die Glücksritter: 4 players, schmidt-1998, the digital sack; rolls on the screen, the secret
  choice keyed on the keyboard panel, otherwise the board's first choice the table accepts (and
  the seeded random table where none is); the seed is ``--seed`` + the game's number;
* Schatzjagd: the longest scenario of a complete game in ``tests/scenarios/`` (today
  ``schatzjagd/44-complete-game-three-players.scn``), its commands submitted one by one;
* Raubritter: 4 players, all 96 tiles, by ``companion.games.raubritter.autoplay``.

Die Glücksritter's table check, which opens by itself at the end of each round (the setting is
on by default), is answered by its script as the table would: a finger on "All as on the table".

Between two games the table goes the way a table goes: the result screen, which comes by itself
when the game ends, drawn with its BG Stats code; "How it went" (the plot) and "Back"; "Played
games" (the history of every finished game of the evening); "Back" to the start screen; "New
game" and the next game's title, which shows its new-game form; the game is then started with the
script's setup as the form's "Start the game" starts it (``CompanionApp.start_game``).

Memory (``VmRSS`` and its anonymous part ``RssAnon``, from ``/proc/self/status``, by
``app_memory.memory``) is read when each game is over, on its result screen, and after the way
back to the start screen ("after game N", the figure the targets are about). No collection is
forced before a reading: the app's memory is what the app keeps by itself. The bare Kivy app is
``app_memory``'s (an ``App`` whose root is one ``Label``, 50 frames), medians of ``--repeat``
processes (3).

Printed: each game (what was played, the table checks answered), VmRSS and RssAnon after it, the
difference to the bare app and to the first game; then the two targets of issue 31 with the
ratio to each: after the evening at most the bare app + **40 MB**, and the last game's VmRSS
within **5 MB** of the first's; and the last game against the first one after every kind had been
played once (whether anything still grows once each game's code and screens are loaded). Nothing
is asserted. The software renderer's libraries' resident
pages (about 65 MB, in the bare app too) are printed apart, as ``app_memory.py`` does.

``--census`` also prints, after each game (a ``gc.collect()`` first, so only with it), what is
alive in the process: the app's widgets, dialogs, tables, screens, threads and Clock events, and
the types of objects that grew most since the first game; ``--trace`` adds tracemalloc's top
growth by line between the first and the last game (slow). ``--games`` plays fewer (or other)
games, e.g. ``--games gluecksritter,gluecksritter``.

    python bench/evening.py [--repeat N] [--seed S] [--games G,G,...] [--census] [--trace]
    python bench/evening.py --quick    # each game once, one bare process
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import app_memory  # noqa: E402 - the repository's root on the path first
from bench.app_memory import GAMES, memory  # noqa: E402

EVENING = ("gluecksritter", "schatzjagd", "raubritter", "gluecksritter", "schatzjagd", "raubritter", "gluecksritter")
OVER_BARE_MB = 40.0  # after the evening at most the bare app + this
DRIFT_MB = 5.0  # the last game's figure within this of the first's
ROUNDS = 40  # Die Glücksritter: a game that goes on is stopped after this many rounds


# ----------------------------------------------------------------------------- the child
def play(game: str, data_dir: Path, seed: int, scenario: Path, on: tuple[Any, Any]) -> dict[str, Any]:
    """``app_memory``'s script of ``game`` played on the evening's app (``on``: its app and driver),
    which stays running after the game."""
    if game == "gluecksritter":
        return app_memory.gluecksritter_child(data_dir, ROUNDS, seed, on=on)
    if game == "schatzjagd":
        return app_memory.schatzjagd_child(data_dir, scenario, seed, on=on)
    return app_memory.raubritter_child(data_dir, seed, on=on)


def to_the_next_game(app: Any, driver: Any) -> None:
    """From the result screen (the game just ended) through the plot and the played games back to
    the start screen."""
    driver.until(lambda: app.root.manager.current == "result", what="the result screen")
    result = app.screen("result")
    driver.until(result.settled, what="the result drawn with its code")
    driver.tap(app.say("How it went"))
    driver.until(lambda: app.root.manager.current == "plot", what="the plot")
    driver.frames(3)
    driver.tap(app.say("Back"))
    driver.tap(app.say("Played games"))
    driver.until(lambda: app.root.manager.current == "history", what="the played games")
    driver.frames(3)
    driver.tap(app.say("Back"))
    driver.until(lambda: app.root.manager.current == "start", what="the start screen")


def new_game_form(app: Any, driver: Any, game: str) -> None:
    """From the start screen: "New game" and the game's title; its form is on the screen."""
    from companion.app.contract import title_of

    driver.tap(app.say("New game"))
    driver.tap(title_of(game))
    driver.until(lambda: app.screen("new").game == game, what=f"the new-game form of {game}")


def census(baseline: dict[str, int] | None) -> dict[str, Any]:
    """What is alive now (after a collection): the app's widgets, dialogs, tables, screens,
    threads, Clock events, and the object types that grew most since ``baseline``."""
    import gc
    import threading
    from collections import Counter

    from kivy.clock import Clock
    from kivy.uix.modalview import ModalView
    from kivy.uix.screenmanager import Screen
    from kivy.uix.widget import Widget

    from companion.table.table import Table

    gc.collect()
    objects = gc.get_objects()
    types = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in objects)
    found: dict[str, Any] = {
        "widgets": sum(issubclass(type(o), Widget) for o in objects),
        "dialogs": sum(issubclass(type(o), ModalView) for o in objects),
        "screens": sum(issubclass(type(o), Screen) for o in objects),
        "tables": sum(issubclass(type(o), Table) for o in objects),
        "threads": [t.name for t in threading.enumerate()],
        "clock events": len(Clock.get_events()),
        "objects": len(objects),
        "types": dict(types),
    }
    if baseline is not None:
        grown = Counter({name: count - baseline.get(name, 0) for name, count in types.items()})
        found["grown"] = [(name, n) for name, n in grown.most_common(12) if n > 0]
    del objects
    return found


def evening_child(data_dir: Path, args: argparse.Namespace) -> dict[str, Any]:
    import gc
    import tracemalloc

    if args.trace:
        tracemalloc.start(8)
    app, driver, _config = app_memory.start_app(data_dir, args.seed)
    marks = {"start screen": memory()}
    games: list[dict[str, Any]] = []
    first: dict[str, Any] | None = None
    snapshot = None
    for number, game in enumerate(args.games, start=1):
        new_game_form(app, driver, game)
        played = play(game, data_dir, args.seed + number - 1, args.scenario, (app, driver))
        ended = memory()
        to_the_next_game(app, driver)
        driver.frames(10)
        after = memory()
        played.update(game=game, ended=ended, after=after)
        played.pop("end", None)
        if args.census:
            found = census(first["types"] if first else None)
            first = first or found
            played["census"] = {key: value for key, value in found.items() if key != "types"}
        if args.trace:
            gc.collect()
            now = tracemalloc.take_snapshot()
            if snapshot is None:
                snapshot = now
            elif number == len(args.games):
                top = now.compare_to(snapshot, "traceback")[:15]
                played["trace"] = [
                    [f"{s.size_diff / 1024:+.0f} KiB, {s.count_diff:+d} blocks", *s.traceback.format()[-6:]]
                    for s in top
                ]
        games.append(played)
        print(f"game {number} {game}: VmRSS {after['VmRSS']:.1f} MB", file=sys.stderr, flush=True)
    driver.stop()
    return {"marks": marks, "games": games}


def child(case: str, data_dir: Path, args: argparse.Namespace) -> int:
    from companion.app import env

    env.prepare(data_dir / "kivy", headless=True)
    result = evening_child(data_dir, args)
    print("result " + json.dumps(result), flush=True)
    return 0


# ----------------------------------------------------------------------------- the parent
def run_child(options: list[str]) -> dict[str, Any]:
    from bench.child import run_child as child

    return child(__file__, "evening", options, "companion-bench-evening-")


def what(game: dict[str, Any]) -> str:
    if game["game"] == "gluecksritter":
        ending = "over" if game["over"] else "stopped"
        checks = game["table checks"]
        return f"{ending} in round {game['rounds']}, {game['entries']} entries, {checks} table checks answered"
    if game["game"] == "schatzjagd":
        return f"{game['scenario']}: day {game['days']}, {game['entries']} entries"
    return f"{game['tiles']} tiles, {game['stacks']} stacks, {game['entries']} entries"


def report(evening: dict[str, Any], bares: list[dict[str, Any]]) -> None:
    bare = statistics.median(run["end"]["VmRSS"] for run in bares)
    bare_anon = statistics.median(run["end"]["RssAnon"] for run in bares)
    bare_gl = statistics.median(run["end"]["GL"] for run in bares)
    print(f"  bare Kivy app               VmRSS {bare:6.1f} MB  anon {bare_anon:6.1f} MB  (renderer's {bare_gl:.1f})")
    start = evening["marks"]["start screen"]
    print(f"  the app on its start screen VmRSS {start['VmRSS']:6.1f} MB  anon {start['RssAnon']:6.1f} MB")
    games = evening["games"]
    first = games[0]["after"]
    for number, game in enumerate(games, start=1):
        ended, after = game["ended"], game["after"]
        print(
            f"  game {number} {GAMES[game['game']]:<16} over: VmRSS {ended['VmRSS']:6.1f}; back at the start: "
            f"VmRSS {after['VmRSS']:6.1f} MB  anon {after['RssAnon']:6.1f} MB  "
            f"bare {after['VmRSS'] - bare:+6.1f}  game 1 {after['VmRSS'] - first['VmRSS']:+5.1f} "
            f"(anon {after['RssAnon'] - first['RssAnon']:+5.1f})   {what(game)}"
        )
        found = game.get("census")
        if found:
            print(
                f"      alive: {found['widgets']} widgets, {found['dialogs']} dialogs, {found['screens']} screens, "
                f"{found['tables']} tables, {found['clock events']} clock events, {found['objects']} objects; "
                f"threads {', '.join(found['threads'])}"
            )
            if found.get("grown"):
                print("      grown since game 1: " + ", ".join(f"{name} {n:+d}" for name, n in found["grown"]))
        for lines in game.get("trace", ()):
            print("      " + "\n        ".join(lines))
    last = games[-1]["after"]
    limit = bare + OVER_BARE_MB
    drift = last["VmRSS"] - first["VmRSS"]
    print(
        f"  target: after the evening at most the bare app + {OVER_BARE_MB:g} MB = {limit:.1f} MB: "
        f"{last['VmRSS']:.1f} MB, {last['VmRSS'] - bare:+.1f} over the bare app, "
        f"{(last['VmRSS'] - bare) / OVER_BARE_MB:.2f} x the allowance"
    )
    print(
        f"  target: the last game within {DRIFT_MB:g} MB of the first: {drift:+.1f} MB "
        f"(anon {last['RssAnon'] - first['RssAnon']:+.1f}), {abs(drift) / DRIFT_MB:.2f} x"
    )
    kinds = {game["game"] for game in games}
    warm = next((n for n in range(1, len(games)) if {g["game"] for g in games[:n]} == kinds), None)
    if warm is not None and warm < len(games) - 1:  # a game after every kind had its first one
        since = games[warm]["after"]
        print(
            f"  once every kind has been played (game {warm + 1} on; the code, screens and renderer's "
            f"shaders of each kind loaded): the last game {last['VmRSS'] - since['VmRSS']:+.1f} MB "
            f"(anon {last['RssAnon'] - since['RssAnon']:+.1f}) on game {warm + 1}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="processes of the bare Kivy app (3)")
    parser.add_argument("--seed", type=int, default=1998, help="the scripts' random choices (1998)")
    parser.add_argument(
        "--games", type=lambda text: tuple(text.split(",")), default=EVENING, help="the games in order (the evening)"
    )
    parser.add_argument("--scenario", type=Path, help="Schatzjagd's game (the longest complete one)")
    parser.add_argument("--census", action="store_true", help="what is alive after each game")
    parser.add_argument("--trace", action="store_true", help="tracemalloc's growth from the first game to the last")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="for CI: few rounds, every path, not judged (each game once, 1 bare process)",
    )
    parser.add_argument("--child", choices=("evening",), help=argparse.SUPPRESS)
    parser.add_argument("--data-dir", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.quick and not args.child:
        args.repeat, args.games = 1, tuple(GAMES)
    unknown = [game for game in args.games if game not in GAMES]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (one of {', '.join(GAMES)})")
    if args.scenario is None:
        args.scenario = app_memory.whole_games()[0][0]
    if args.child:
        return child(args.child, args.data_dir, args)

    options = ["--seed", str(args.seed), "--games", ",".join(args.games), "--scenario", str(args.scenario.resolve())]
    options += ["--census"] * args.census + ["--trace"] * args.trace
    print(
        f"An evening at one table, headless: {len(args.games)} games in one app process "
        f"({', '.join(GAMES[g] for g in args.games)}), the bare Kivy app the median of {args.repeat} processes"
    )
    evening = run_child(options)
    bares = [app_memory.run_child("bare", []) for _ in range(args.repeat)]
    report(evening, bares)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
