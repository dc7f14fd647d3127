"""Write ``gluecksritter-full-game.scn``: one complete game of Die Glücksritter, several hundred
commands long, for the journal's kill test (``tests/companion/journal/test_kill.py``).

The play comes from the seeded random table of ``tests/engines/gluecksritter/autoplay.py`` (legal commands
only, with the shipped document catalogue), written down in scenario syntax; every line is read
back and must give the very command that was played. Now and then the table takes a command
back and puts it again (``undo`` then ``redo``), so the file also exercises the journal's undo
and redo entries without changing the course of the game.

Run from the repository root: ``.venv/bin/python tests/scenarios/long/make_long_game.py``.
"""

from __future__ import annotations

import random
import sys
from dataclasses import fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from companion.games.gluecksritter import scenario as adapter  # noqa: E402
from companion.scenario.parse import CommandLine, parse_scenario  # noqa: E402
from engines.gluecksritter.coins import Coins  # noqa: E402
from tests.engines.gluecksritter import autoplay  # noqa: E402

SEED = 20240611
PLAYERS = 4
UNDO_REDO = 0.03  # per command: the table takes it back and puts it again
OUT = Path(__file__).with_name("gluecksritter-full-game.scn")


def word(value: object) -> str:
    if isinstance(value, Coins):
        return (f"{value.silver}s" if value.silver else "") + (f"{value.gold}g" if value.gold else "") or "0"
    if isinstance(value, tuple):
        return ",".join(word(v) for v in value) if value else "none"
    text = str(value)
    return f'"{text}"' if (" " in text or "#" in text) else text


def line(command: object) -> str:
    parts = [command.type]  # type: ignore[attr-defined]
    for f in fields(command):  # type: ignore[arg-type]
        value = getattr(command, f.name)
        if f.name == "type" or value is None:
            continue
        if f.name == "player":
            parts.insert(1, value)
        else:
            parts.append(f"{f.name.replace('_', '-')}={word(value)}")
    return " ".join(parts)


def main() -> int:
    rng = random.Random(SEED)
    history = autoplay.new_history(rng, PLAYERS, autoplay.SCHMIDT)
    setup = history.config
    body: list[str] = []
    while (command := autoplay.play_step(history, rng)) is not None:
        text = line(command)
        statement = parse_scenario(f"game gluecksritter\nplayers {' '.join(setup.players)}\n{text}\n").statements[0]
        assert isinstance(statement, CommandLine) and adapter.build_command(statement) == command, text
        body.append(text)
        if rng.random() < UNDO_REDO:
            body += ["undo", "redo"]
    events = sum(len(entry.events) for entry in history.entries)
    undos = body.count("undo")
    header = [
        "# One complete game for four players (schmidt-1998), several hundred commands long: the",
        "# journal's kill test plays it and stops the program at random moments. The play is legal",
        "# random play written down by make_long_game.py beside this file (do not edit by hand);",
        "# now and then a command is taken back and put again (undo, redo).",
        f"# {len(body)} commands as the runner counts them ({len(history.entries)} played, "
        f"{undos} undo, {undos} redo), {events} events.",
        "game gluecksritter",
        "rules schmidt-1998",
        f"players {' '.join(setup.players)}",
        "",
    ]
    footer = ["", "expect phase = over"]
    OUT.write_text("\n".join(header + body + footer) + "\n", encoding="utf-8")
    print(f"{OUT.relative_to(ROOT)}: {len(body)} commands ({len(history.entries)} played), {events} events")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
