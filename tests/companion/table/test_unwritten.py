"""A step the journal cannot take is refused in the table's words and changes nothing: on a real
full disk (a small tmpfs, mounted by root; skipped with the reason elsewhere) a whole reveal
writes no pick and, once room is made, is chosen and written again; a file size limit (a process
of its own) is said as such, in German, not as the system's English words."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.i18n import render
from companion.table import Happened, Refused
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import PlaceDucats
from tests.companion.table.panels import keyboard_picks
from tests.companion.table.rig import keyboard_table
from tests.support.disks import Disks, fill, small_disks
from tests.support.waiting import PROCESS

disks = pytest.fixture(small_disks)
MIX = PlaceDucats(2, 2, field5=Coins(1, 1), field6=Coins(2, 0))
ROOT = Path(__file__).resolve().parents[3]


def test_a_reveal_on_a_full_disk_writes_no_pick_and_is_written_once_there_is_room(disks: Disks, loop, closing):
    data = disks.mount(size="1m")
    journal, session, table, heard = keyboard_table(data / "journal.sqlite3", loop, closing)
    try:
        assert isinstance(table.submit(MIX), Happened)
        keyboard_picks(table, loop, {1: (2, 6), 2: (3, 5), 3: (1, 4)})
        filler = fill(data)
        before = list(journal.entries(session.game_id))
        keyboard_picks(table, loop, {4: (1, 3)})  # the last lock-in: the reveal cannot be written
        loop.run_until(lambda: heard.of(Refused), what="the refusal")
        refused = heard.of(Refused)[-1]
        assert refused.rule == "journal.write"
        assert render(refused.shown, "de") == (
            "Das Protokoll ließ sich nicht speichern: Der Datenträger ist voll. "
            "Von diesem Schritt wurde nichts übernommen."
        )
        assert list(journal.entries(session.game_id)) == before and session.head == 1
        assert table.awaiting().choosing == ("red", "blue", "green", "yellow") and table.awaiting().locked == ()

        filler.unlink()  # room again: the table chooses once more, and the reveal is written whole
        keyboard_picks(table, loop, {1: (2, 6), 2: (3, 5), 3: (1, 4), 4: (1, 3)})
        loop.run_until(lambda: not table.awaiting().choosing, what="the reveal")
        commands = [row.command["type"] for row in journal.entries(session.game_id)]
        assert commands == ["place-ducats", *["choose-actions"] * 4]
    finally:  # the disk is unmounted after the test: nothing may hold it open
        table.close()
        journal.close()


LIMITED = """
import json, random, resource, sys
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.games.schatzjagd.table import TABLE
from companion.i18n import render
from companion.table import Table
from engines.core.correction import Correct
from engines.schatzjagd import Setup

journal = Journal.open(sys.argv[1])
players = ({"name": "Anna", "colour": "red"}, {"name": "Ben", "colour": "blue"})
session = Session.start(journal, "schatzjagd", Setup(players=players))
table = Table(session, TABLE, schedule=lambda call: call(), rng=random.Random(1))
table.start()
journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
limit = 4096  # the -wal, emptied, may not grow past its first page
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
refused = table.submit_all([Correct("red.gold", 4, "counted"), Correct("blue.gold", 3, "counted")])
print(json.dumps({"rule": refused.rule, "de": render(refused.shown, "de"), "head": session.head,
                  "entries": len(list(journal.entries(session.game_id)))}))
"""


def test_a_file_size_limit_is_said_in_the_tables_words(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", LIMITED, str(tmp_path / "journal.sqlite3")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=PROCESS,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    said = json.loads(done.stdout.strip().splitlines()[-1])
    assert said == {
        "rule": "journal.write",
        "de": "Das Protokoll ließ sich nicht speichern: Eine Grenze für die Dateigröße lässt es nicht wachsen. "
        "Von diesem Schritt wurde nichts übernommen.",
        "head": 0,
        "entries": 0,
    }
