"""``journal verify`` checks the saves too (issue 12, point 2): a save whose document is damaged
(bytes that are not UTF-8, text that is not JSON, a document that is no saved game, events that
do not replay) is named as a problem, exit 1; ``saves load`` then refuses it with a message,
exit 2, never a traceback."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.journal.store import Journal
from companion.scenario.run import run_file
from tests.companion.journal.fixtures.games import private_home

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "tests" / "scenarios" / "raubritter" / "16-undo-redo-tile-and-march.scn"


home = pytest.fixture(autouse=True)(private_home)


@pytest.fixture
def db(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        assert run_file(SCENARIO, journal, io.StringIO()).ok
    assert main(["saves", "save", "kept", "--journal", str(path)]) == 0
    assert main(["journal", "verify", str(path)]) == 0
    capsys.readouterr()
    return path


def a_broken_event(document: dict) -> dict:
    for entry in document["entries"]:
        if entry["events"]:
            entry["events"][0] = {"type": "no-such-event"}
            return document
    raise AssertionError("the save has no events")


DAMAGE = {
    "not-utf8": "UPDATE saves SET document = CAST(X'7B2267616D65223AFF7D' AS TEXT) WHERE id = 1",
    "not-json": "UPDATE saves SET document = substr(document, 1, length(document) / 2) WHERE id = 1",
    "not-a-save": "UPDATE saves SET document = '[1, 2, 3]' WHERE id = 1",
    "unknown-game": "UPDATE saves SET document = json_set(document, '$.game', 'chess') WHERE id = 1",
}


def damage(path: Path, how: str) -> None:
    db = sqlite3.connect(path)
    with db:
        if how == "broken-event":
            (text,) = db.execute("SELECT document FROM saves WHERE id = 1").fetchone()
            db.execute("UPDATE saves SET document = ? WHERE id = 1", (json.dumps(a_broken_event(json.loads(text))),))
        else:
            db.execute(DAMAGE[how])
    db.close()


@pytest.mark.parametrize("how", [*DAMAGE, "broken-event"])
def test_a_damaged_save_is_named_by_verify_and_refused_by_load(
    db: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(db, how)
    assert main(["journal", "verify", str(db)]) == 1
    out = capsys.readouterr().out
    assert "PROBLEM save 1 cannot be loaded: " in out, out
    assert main(["saves", "load", "1", "--journal", str(db)]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("companion: save 1 ") and "cannot be loaded" in err, err
    assert ("document is damaged" in err) == (how in ("not-utf8", "not-json")), err
    assert ("not a saved game" in err) == (how == "not-a-save"), err
    assert "Traceback" not in err
    assert main(["saves", "list", "--journal", str(db)]) == 0  # the journal is still usable
    assert main(["journal", "verify", str(db)]) == 1
    capsys.readouterr()
