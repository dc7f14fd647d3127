"""Whether the running game uses the button panel, as the status line asks it: only Die
Glücksritter has a secret choice on it; Schatzjagd and Raubritter have none, so their status line
names no panel, whatever the panel is doing."""

from __future__ import annotations

from pathlib import Path

from companion.app import status
from companion.games.gluecksritter.table import TABLE as GLUECKSRITTER
from companion.games.raubritter.table import TABLE as RAUBRITTER
from companion.games.schatzjagd.table import TABLE as SCHATZJAGD
from companion.i18n import render
from companion.journal.session import Session
from companion.journal.store import Journal
from engines.schatzjagd import Setup as SchatzjagdSetup
from tests.companion.games.raubritter.test_table_words import raubritter
from tests.companion.table.rig import make_table, setup


def line_of(tmp_path: Path, loop, closing, name: str, config, game) -> tuple[bool, str]:
    with Journal.open(tmp_path / f"{name}.sqlite3") as journal:
        session = Session.start(journal, name, config)
        table, _heard = make_table(session, loop, game=game)
        closing.append(table)
        table.start()
        loop.drain()
        return table.uses_panel(), render(status.line(table, "screen"), "de")


def test_only_die_gluecksritter_names_the_panel(tmp_path, loop, closing):
    uses, line = line_of(tmp_path, loop, closing, "gluecksritter", setup("schmidt-1998"), GLUECKSRITTER)
    assert uses and line.startswith("Kein Pult: Wahl am Bildschirm, Würfel: am Bildschirm")
    players = ({"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"})
    uses, line = line_of(tmp_path, loop, closing, "schatzjagd", SchatzjagdSetup(players=players), SCHATZJAGD)
    assert not uses and line == "Würfel: am Bildschirm, Anna (Rot): Würfle mit dem Zahlenwürfel."
    uses, line = line_of(tmp_path, loop, closing, "raubritter", raubritter().history.config, RAUBRITTER)
    assert not uses and "Pult" not in line and line.startswith("Würfel: am Bildschirm, ")
