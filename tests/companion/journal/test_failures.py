"""Journal files that cannot be used, and writes that fail: each is refused with a message a
person can act on, the file's bytes stay as they were, and nothing already committed is lost.

Covered: a truncated file, a journal from a newer version (``user_version`` 99), an SQLite
database of something else, a file that is not SQLite at all, a read-only directory (as an
unprivileged process: root ignores permissions), and a disk that fills up mid-game (SQLite itself
reports it, through ``PRAGMA max_page_count``). The command line (``journal verify``, ``journal
show``, ``scenario run --journal``) exits 2 with the same message.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.journal.errors import JournalError, JournalWriteError
from companion.journal.session import Session
from companion.journal.store import Journal
from engines.core.history import History
from tests.companion.journal.fixtures.games import ENGINES, ROOT, SCENARIOS, cli, legal_command, random_config
from tests.support.waiting import WAIT

NOBODY = 65534
SCENARIO = SCENARIOS / "gluecksritter" / "01-split-field5-one-taker.scn"
EXPORTABLE = SCENARIOS / "gluecksritter" / "24-haggle-nobody-offers-osullivan.scn"  # no secret left open


def digest(folder: Path) -> dict[str, str]:
    """sha256 of every file in ``folder``: the journal and anything SQLite may have left beside it."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def build(path: Path, seed: int = 4, commands: int = 40) -> History:
    """A journal holding one Glücksritter game of ``commands`` commands and an undo, closed cleanly."""
    rng = random.Random(seed)
    config = random_config("gluecksritter", rng, players=4)
    history = History(ENGINES["gluecksritter"], config)
    with Journal.open(path) as journal:
        session = Session.start(journal, "gluecksritter", config)
        for _ in range(commands):
            command = legal_command("gluecksritter", history.state, rng)
            session.apply(command)
            history.apply(command)
        session.undo()
        history.undo()
    assert not path.with_name(path.name + "-wal").exists()
    return history


def resumed_state(path: Path) -> Any:
    with Journal.open(path, create=False) as journal:
        session = Session.resume(journal)
        assert session is not None
        return session.state


# -------------------------------------------------------------------------- refused files


def truncated(path: Path) -> None:
    build(path)
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.truncate(size // 2)


def truncated_header(path: Path) -> None:
    build(path)
    with path.open("r+b") as f:
        f.truncate(60)


def newer(path: Path) -> None:
    build(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()


def foreign(path: Path) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
        db.execute("INSERT INTO recipes VALUES ('Apfelstrudel', 90)")
    db.close()


def foreign_version_2(path: Path) -> None:
    """Another program's database that happens to use user_version 2 and a 'games' table."""
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, title TEXT)")
        db.execute("INSERT INTO games VALUES (1, 'Schach')")
        db.execute("PRAGMA user_version = 2")
    db.close()


def not_sqlite(path: Path) -> None:
    path.write_text("Einkaufsliste: Mehl, Zucker, Äpfel\n" * 200, encoding="utf-8")


REFUSED: dict[str, tuple[Callable[[Path], None], str]] = {
    "truncated": (truncated, r"{path} is truncated \(\d+ bytes of \d+\); it was left untouched"),
    "truncated header": (truncated_header, r"{path} is truncated \(60 bytes\); it was left untouched"),
    "newer": (
        newer,
        r"{path} was written by a newer companion \(journal version 99; this one reads up to 2\)\. "
        r"It was left untouched",
    ),
    "foreign": (foreign, r"{path} is an SQLite database of something else"),
    "foreign, version 2": (foreign_version_2, r"{path} is an SQLite database of something else"),
    "not SQLite": (not_sqlite, r"{path} is not a companion journal \(not an SQLite database\); it was left untouched"),
}


@pytest.mark.parametrize("case", REFUSED)
def test_a_file_that_is_no_usable_journal_is_refused_and_left_as_it_was(tmp_path: Path, case: str) -> None:
    make, message = REFUSED[case]
    path = tmp_path / "journal.sqlite3"
    make(path)
    before = digest(tmp_path)
    pattern = message.format(path=str(path).replace(".", r"\."))
    for create in (True, False):
        with pytest.raises(JournalError, match=pattern):
            Journal.open(path, create=create)
    for args in (
        ("journal", "verify", path),
        ("journal", "show", path),
        ("journal", "show", "--json", path),
        ("scenario", "run", "--journal", path, SCENARIO),
    ):
        code, out, err = cli(*args)
        assert code == 2, (args, out, err)
        assert out == ""
        assert err.startswith("companion: ")
        assert re.search(pattern, err), err
    assert digest(tmp_path) == before, "the refused file (or what lies beside it) changed"


def test_nothing_committed_is_lost_when_a_newer_journal_is_refused(tmp_path: Path) -> None:
    """Refusing a journal from a newer version does not damage it: with the version set back,
    the game resumes to its last committed state."""
    path = tmp_path / "journal.sqlite3"
    history = build(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(JournalError):
        Journal.open(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 2")
    db.close()
    assert resumed_state(path) == history.state


def test_a_refused_journal_with_a_wal_left_by_a_crash_is_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    build(path)
    writer = sqlite3.connect(path, isolation_level=None)
    writer.execute("PRAGMA wal_autocheckpoint = 0")
    writer.execute("PRAGMA user_version = 99")
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    for suffix in ("", "-wal"):  # the files as a power cut would leave them
        shutil.copy(str(path) + suffix, crashed / f"journal.sqlite3{suffix}")
    writer.close()
    before = {name: value for name, value in digest(crashed).items() if not name.endswith("-shm")}
    with pytest.raises(JournalError, match="newer companion"):
        Journal.open(crashed / "journal.sqlite3")
    after = {name: value for name, value in digest(crashed).items() if not name.endswith("-shm")}
    assert after == before


def test_cli_exit_code_of_a_refused_journal_in_a_real_process(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    newer(path)
    before = digest(tmp_path)
    for action in ("verify", "show"):
        done = subprocess.run(
            [sys.executable, "-m", "companion", "journal", action, str(path)],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=WAIT,
        )
        assert done.returncode == 2, done
        assert done.stdout == ""
        assert done.stderr.startswith(f"companion: {path} was written by a newer companion (journal version 99")
    assert digest(tmp_path) == before


def test_a_journal_that_does_not_exist_is_not_created_by_verify_or_show(tmp_path: Path) -> None:
    path = tmp_path / "nothing-here.sqlite3"
    for action in ("verify", "show"):
        code, out, err = cli("journal", action, path)
        assert (code, out) == (2, "")
        assert err == f"companion: there is no journal at {path}\n"
    assert list(tmp_path.iterdir()) == []


# ------------------------------------------------------------------------ read-only directory


def in_child(task: Callable[[], Any]) -> Any:
    """Run ``task`` in a forked process and return its JSON result. As root, the child first
    becomes ``nobody`` (root ignores file permissions). A fork rather than a new interpreter:
    the interpreter may live where ``nobody`` cannot read (e.g. under /root), and everything the
    task needs is already imported here."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        status = 1
        try:
            os.close(read)
            try:
                if os.geteuid() == 0:
                    os.setgroups([])
                    os.setgid(NOBODY)
                    os.setuid(NOBODY)
                result = {"result": task()}
            except BaseException as exc:  # noqa: BLE001 - everything goes back to the parent
                result = {"error": f"{type(exc).__name__}: {exc}"}
            with os.fdopen(write, "w") as out:
                json.dump(result, out)
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    with os.fdopen(read) as source:
        text = source.read()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0 and text, f"the child process failed: {text!r}"
    answer = json.loads(text)
    assert "error" not in answer, answer["error"]
    return answer["result"]


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A temporary directory everyone can read (pytest's own is private to its user)."""
    base = Path(tempfile.mkdtemp(prefix="companion-journal-"))
    base.chmod(0o755)
    try:
        yield base
    finally:
        for folder, dirs, _ in os.walk(base):
            for name in dirs:
                os.chmod(os.path.join(folder, name), 0o755)
        shutil.rmtree(base)


READING = (
    ("journal", "verify", "{}"),
    ("journal", "show", "{}"),
    ("journal", "show", "--log", "{}"),
    ("export", "--format", "json", "--journal", "{}", "1"),
    ("export", "--format", "json", "--journal", "{}", "2"),  # running, with secrets: refused
)


def reading(path: Path) -> list[tuple[int, str, str]]:
    """What each reading command says (an export's own time of export left out: it is the clock's)."""
    return [_untimed(cli(*(str(a).format(path) for a in args))) for args in READING]


def _untimed(result: tuple[int, str, str]) -> tuple[int, str, str]:
    code, out, err = result
    return code, re.sub(r'"exported": "[^"]*"', '"exported": "…"', out), err


def test_a_read_only_directory_is_read_but_nothing_is_written(shared_dir: Path, tmp_path: Path) -> None:
    data = shared_dir / "data"
    data.mkdir()
    path = data / "journal.sqlite3"
    assert cli("scenario", "run", "--journal", path, EXPORTABLE)[0] == 0  # game 1, which exports
    history = build(path)  # game 2, running
    path.chmod(0o666)  # only the directory stands in the way (WAL and index files go beside it)
    scenario = shared_dir / "game.scn"
    shutil.copy(SCENARIO, scenario)
    scenario.chmod(0o644)
    # what reading says of the same journal where everything may be written; this also loads
    # everything the commands below use while the interpreter's own files can be read
    copy = tmp_path / "journal.sqlite3"
    shutil.copy(path, copy)
    expected = [
        (code, out.replace(str(copy), str(path)), err.replace(str(copy), str(path))) for code, out, err in reading(copy)
    ]
    assert [code for code, _, _ in expected] == [0, 0, 0, 0, 1] and expected[0][1].endswith("ok\n")
    assert cli("scenario", "run", "--journal", copy, SCENARIO)[0] == 0
    data.chmod(0o555)
    before = digest(data)

    def attempt() -> dict[str, Any]:
        found: dict[str, Any] = {"uid": os.geteuid()}
        for name, target in (
            ("existing", path),
            ("new", data / "new.sqlite3"),
            ("new folder", data / "games" / "journal.sqlite3"),
        ):
            try:
                Journal.open(target).close()
                found[name] = "opened"
            except JournalWriteError as exc:
                found[name] = f"JournalWriteError: {exc}"
            except JournalError as exc:
                found[name] = str(exc)
        found["reading"] = reading(path)
        found["writing"] = [
            cli(*args)
            for args in (
                ("scenario", "run", "--journal", path, scenario),
                ("scenario", "run", "--journal", data / "new.sqlite3", scenario),
            )
        ]
        return found

    found = in_child(attempt)
    assert found["uid"] != 0, "the check must run without root's privileges"
    assert [tuple(r) for r in found["reading"]] == expected, "reading needs no write access"
    assert found["existing"] == f"cannot write the journal {path}: the journal or its directory is read-only"
    new = data / "new.sqlite3"
    assert found["new"] == f"cannot open the journal {new}: the journal's directory cannot be written"
    assert found["new folder"] == f"cannot create the directory {data / 'games'}: Permission denied"
    for (code, out, err), message in zip(found["writing"], [found["existing"], found["new"]], strict=True):
        assert (code, out, err) == (2, "", f"companion: {message}\n")
    assert digest(data) == before, "something was written in the read-only directory"
    data.chmod(0o755)
    assert resumed_state(path) == history.state


def test_a_journal_with_pages_still_in_its_wal_is_refused_in_a_read_only_directory(shared_dir: Path) -> None:
    """The file alone is then not the whole journal: reading it as it lies would show an older
    game. SQLite cannot read the -wal without a -shm file it may create, so reading is refused
    with the reason and nothing changes."""
    source = shared_dir / "source"
    source.mkdir()
    build(source / "journal.sqlite3", commands=10)
    data = shared_dir / "data"
    data.mkdir()
    with Journal.open(source / "journal.sqlite3") as journal:  # open: the -wal keeps what follows
        journal.db.execute("PRAGMA wal_autocheckpoint = 0")
        session = Session.resume(journal)
        assert session is not None
        session.undo()
        for name in ("journal.sqlite3", "journal.sqlite3-wal"):
            shutil.copy(source / name, data / name)
    path = data / "journal.sqlite3"
    assert (data / "journal.sqlite3-wal").stat().st_size > 0
    for p in data.iterdir():
        p.chmod(0o644)
    data.chmod(0o555)
    before = digest(data)
    found = in_child(lambda: reading(path))
    message = (
        f"companion: cannot read the journal {path}: changes still wait in its -wal file, and reading them "
        "needs a directory that can be written; open it once as its owner (or in a copy of the folder) first\n"
    )
    unreadable = message.replace("\n", " (no finding of damage: the journal cannot be read here)\n")
    assert [tuple(r) for r in found] == [(3, "", unreadable)] + [(2, "", message)] * (len(READING) - 1)
    assert digest(data) == before
    data.chmod(0o755)


# ------------------------------------------------------------------------------- a full disk


def fill_up(journal: Journal) -> None:
    """From now on SQLite may not grow the file: it reports 'database or disk is full'."""
    pages = journal.db.execute("PRAGMA page_count").fetchone()[0]
    assert journal.db.execute(f"PRAGMA max_page_count = {pages}").fetchone() == (pages,)


def dump(path: Path) -> list[str]:
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(db.iterdump())
    finally:
        db.close()


def test_a_full_disk_keeps_the_last_committed_step(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    rng = random.Random(1)  # a play in which the disk fills while undo rows still have room to grow
    config = random_config("gluecksritter", rng, players=4)
    history = History(ENGINES["gluecksritter"], config)
    journal = Journal.open(path)
    session = Session.start(journal, "gluecksritter", config)
    for _ in range(20):
        command = legal_command("gluecksritter", history.state, rng)
        session.apply(command)
        history.apply(command)
    fill_up(journal)

    # commands: accepted until the file cannot grow, then refused by the disk with nothing kept
    for _ in range(1000):
        command = legal_command("gluecksritter", history.state, rng)
        committed, head = dump(path), session.head
        try:
            session.apply(command)
        except JournalWriteError as exc:
            assert str(exc) == (
                "the journal could not be written (the disk is full); nothing of this step was kept and the "
                "game stands at the last step written"
            )
            break
        history.apply(command)
        assert session.state == history.state
    else:
        pytest.fail("the file never filled up")
    assert (session.state, session.head) == (history.state, head)
    assert dump(path) == committed
    assert resumed_state(path) == history.state  # another connection, as after a restart

    # undo and redo: the same
    for _ in range(1000):
        committed, head, redo = dump(path), session.head, list(session.redo_stack)
        try:
            session.undo()
        except JournalWriteError:
            break
        history.undo()
        assert session.state == history.state
    else:
        pytest.fail("undo never filled the file")
    assert (session.state, session.head, session.redo_stack) == (history.state, head, redo)
    assert dump(path) == committed
    committed = dump(path)
    try:  # a redo entry is small: it may still fit
        session.redo()
    except JournalWriteError:
        assert dump(path) == committed
    else:
        history.redo()
    assert session.state == history.state
    assert resumed_state(path) == history.state

    # room again: the game goes on from where it stood
    journal.db.execute("PRAGMA max_page_count = 1073741823")
    session.redo()
    history.redo()
    command = legal_command("gluecksritter", history.state, rng)
    session.apply(command)
    history.apply(command)
    journal.close()
    assert resumed_state(path) == history.state
    code, out, _ = cli("journal", "verify", path)
    assert code == 0, out
