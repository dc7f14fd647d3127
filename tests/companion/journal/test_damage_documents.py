"""No command writes into a journal that verify would call damaged (issue 30, part 5): the last
4 KB page of a small journal zeroed leaves every page of SQLite's tree sound (``quick_check``
finds nothing) while a snapshot or an entry no longer decodes. Opening for writing reads every
long document (:mod:`companion.journal.readable`) and refuses the file with verify's own words,
exit 2; the file stays byte for byte and nothing is made beside it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.journal.readable import unreadable
from companion.journal.store import Journal
from tests.companion.journal.fixtures.games import SCENARIOS, cli, play, private_home

home = pytest.fixture(autouse=True)(private_home)

ANOTHER = SCENARIOS / "raubritter" / "16-undo-redo-tile-and-march.scn"
CASES = {
    "snapshot": ("schatzjagd/01-setup-and-turn-order.scn", "game 1: the snapshot after entry 0 cannot be read ("),
    "entry": ("gluecksritter/01-split-field5-one-taker.scn", "game 1, entry 8 cannot be read (JSONDecodeError: "),
}


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def zeroed_last_page(tmp_path: Path, scenario: str) -> Path:
    """The issue's reproduction: a small journal of one game, its last 4 KB page zeroed."""
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        play(journal, scenario)
    data = path.read_bytes()
    path.write_bytes(data[:-4096] + bytes(4096))
    db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    assert db.execute("PRAGMA quick_check").fetchall() == [("ok",)], "SQLite's own check finds nothing"
    db.close()
    return path


@pytest.mark.parametrize("case", CASES)
def test_a_journal_verify_calls_damaged_is_not_written_into(tmp_path: Path, case: str) -> None:
    scenario, finding = CASES[case]
    path = zeroed_last_page(tmp_path, scenario)
    code, out, _ = cli("journal", "verify", path)
    assert code == 1 and f"PROBLEM {finding}" in out, out
    export = tmp_path / "exported.json"
    sound = tmp_path / "sound.sqlite3"
    with Journal.open(sound) as journal:
        play(journal, "raubritter/20-complete-game-two-players.scn")
    assert cli("export", "1", "--journal", sound, "-o", export)[0] == 0
    before = files(tmp_path)

    for args in (
        ("scenario", "run", "--journal", path, ANOTHER),
        ("import", export, "--journal", path),
        ("saves", "save", "kept", "--journal", path),
    ):
        code, out, err = cli(*args)
        assert code == 2, (args, out, err)
        assert err.startswith(f"companion: {path} is damaged ({finding}"), err
        assert f"'companion journal verify {path}' lists the damage" in err
        assert files(tmp_path) == before, f"{args[0]} changed something"


def test_a_document_sqlite_doubts_but_the_journal_reads_is_no_damage(tmp_path: Path) -> None:
    """SQLite's JSON refuses what Python's reads (NaN): only what the journal's own reading
    refuses is damage, so a sound journal is never refused by the cheap check."""
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        play(journal, CASES["snapshot"][0])
        long = '{"note": NaN, "padding": "' + "x" * 5000 + '"}'
        journal.db.execute("UPDATE snapshots SET state = ? WHERE seq = 0", (long,))
        assert journal.db.execute("SELECT json_valid(state) FROM snapshots WHERE seq = 0").fetchone() == (0,)
        assert unreadable(journal.db) is None
        zeroed = len(long) - 100
        journal.db.execute("UPDATE snapshots SET state = ? WHERE seq = 0", (long[:zeroed] + "\x00" * 100,))
        assert unreadable(journal.db) == (
            "game 1: the snapshot after entry 0 cannot be read (Invalid control character at: line 1 column "
            f"{zeroed + 1} (char {zeroed}))"
        )
