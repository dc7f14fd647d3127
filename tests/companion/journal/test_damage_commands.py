"""Every command that opens a journal survives its damage (issue 17, point 4): a real journal with
finished, saved and running games of the three games is damaged one 4 KB page at a time (every
page is zeroed in turn) and by seeded byte flips, and each command runs on each damaged copy.

None may end in a traceback. A command that cannot do its work says that the file is damaged,
names ``companion journal verify`` and exits 2 (``journal verify`` itself exits 1 with the
problems), and the damaged file stays byte for byte. A command that still does its work read
something the damage did not touch: on a zeroed page it then says exactly what it says on the
sound journal.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import traceback
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.journal.errors import JournalError
from companion.journal.opening import SETTABLE_ASIDE, open_running
from companion.journal.store import Journal
from tests.companion.journal.fixtures.games import cli, play, private_home

home = pytest.fixture(autouse=True)(private_home)

PAGE = 4096
SCENARIO = "raubritter/04-tile-must-touch.scn"

COMMANDS: dict[str, tuple[str, ...]] = {
    "verify": ("journal", "verify", "{db}"),
    "show": ("journal", "show", "{db}"),
    "show-log": ("journal", "show", "{db}", "--log"),
    "show-game-1": ("journal", "show", "{db}", "--json", "--game", "1"),
    "export-json": ("export", "1", "--journal", "{db}"),
    "export-bgstats": ("export", "1", "--format", "bgstats", "--journal", "{db}"),
    "export-running": ("export", "4", "--journal", "{db}"),
    "import": ("import", "{export}", "--journal", "{db}"),
    "saves-list": ("saves", "list", "--journal", "{db}"),
    "saves-save": ("saves", "save", "kept", "--journal", "{db}"),
    "saves-load": ("saves", "load", "1", "--journal", "{db}"),
    "saves-quit": ("saves", "quit", "--journal", "{db}"),
    "saves-delete-all": ("saves", "delete-all", "--yes", "--journal", "{db}"),
    "scenario-run": ("scenario", "run", "--journal", "{db}", "{scenario}"),
    "app": (),  # the app's start: the journal opened with its running game (open_app below)
}
WRITING = {"import", "saves-save", "saves-load", "saves-quit", "saves-delete-all", "scenario-run", "app"}


@dataclass(frozen=True)
class Sound:
    journal: bytes
    export: Path
    said: dict[str, tuple[int, str, str]]  # what each command says on the sound journal


def make_journal(path: Path) -> None:
    """Game 1: a finished Raubritter game; 2: a Glücksritter game with nothing left secret, saved;
    3: a Schatzjagd game, saved; 4: a running Glücksritter game with secrets still held."""
    with Journal.open(path) as journal:
        play(journal, "raubritter/20-complete-game-two-players.scn")
        play(journal, "gluecksritter/24-haggle-nobody-offers-osullivan.scn")
    assert cli("saves", "save", "haggling", "--journal", path)[0] == 0
    with Journal.open(path) as journal:
        play(journal, "schatzjagd/21-duel-to-the-death.scn")
    assert cli("saves", "save", "duel", "--journal", path)[0] == 0
    with Journal.open(path) as journal:
        play(journal, "gluecksritter/45-undo-redo-osullivan.scn")
    assert not path.with_name(path.name + "-wal").exists(), "closed: everything is in the main file"


TIMES = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d)?([+-]\d\d:\d\d)?")


def open_app(db: Path) -> tuple[int, str, str]:
    """What the app does at start, said as a command would: the running game's public view, or
    the problem (exit 2) when the start screen has to say why it cannot open the journal. A
    damaged file must be one the screen offers to set aside."""
    try:
        opened = open_running(db)
    except JournalError as error:
        aside = "" if isinstance(error, SETTABLE_ASIDE) else " (the screen cannot offer to set it aside)"
        return 2, "", f"companion: {error}{aside}\n"
    with opened.journal:
        session = opened.session
        return 0, json.dumps(session.public_view() if session else opened.unknown), ""


def run(name: str, folder: Path, data: bytes, sound: Sound) -> tuple[int, str, str]:
    """The command on a fresh copy of ``data`` in ``folder`` (the clock's times in what it says
    left out); the copy's bytes afterwards are checked by the caller."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    db = folder / "journal.sqlite3"
    db.write_bytes(data)
    scenario = Path(__file__).resolve().parents[2] / "scenarios" / SCENARIO
    args = [part.format(db=db, export=sound.export, scenario=scenario) for part in COMMANDS[name]]
    code, out, err = open_app(db) if name == "app" else cli(*args)
    return code, *(TIMES.sub("…", text).replace(str(folder), "FOLDER") for text in (out, err))


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Sound:
    folder = tmp_path_factory.mktemp("sound")
    path = folder / "journal.sqlite3"
    make_journal(path)
    export = folder / "game.json"
    assert cli("export", "1", "--journal", path, "-o", export)[0] == 0
    data = path.read_bytes()
    assert len(data) > 12 * PAGE, len(data)
    probe = Sound(data, export, {})
    said = {name: run(name, folder / "probe", data, probe) for name in COMMANDS}
    expected = dict.fromkeys(COMMANDS, 0) | {"export-running": 1}
    assert {name: code for name, (code, _, _) in said.items()} == expected, said
    return Sound(data, export, said)


def zeroed(data: bytes, page: int) -> bytes:
    return data[: page * PAGE] + bytes(PAGE) + data[(page + 1) * PAGE :]


def flipped(data: bytes, seed: int) -> bytes:
    rng = random.Random(seed)
    damaged = bytearray(data)
    position = rng.randrange(100, len(data))  # the header's own damage is the zeroed first page
    damaged[position] ^= rng.choice((0xFF, 0x01, 0x20, 0x80, 1 << rng.randrange(8)))
    return bytes(damaged)


def check(name: str, damaged: bytes, folder: Path, sound: Sound, *, same_when_done: bool) -> str | None:
    """None when the command behaved, else what went wrong."""
    try:
        code, out, err = run(name, folder, damaged, sound)
    except Exception:  # noqa: BLE001 - the traceback is what the test reports
        return "a traceback:\n" + traceback.format_exc(limit=-6)
    db = folder / "journal.sqlite3"
    wal = db.with_name(db.name + "-wal")
    untouched = db.read_bytes() == damaged and (not wal.exists() or wal.stat().st_size == 0)
    said = f"exit {code}; out {out[-300:]!r}; err {err[-500:]!r}"
    if name == "verify":
        if code == 0 and out != sound.said[name][1]:
            return f"verify found nothing, yet reads another journal: {said}"
        return None if untouched and code in (0, 1, 2) else f"verify: {said}; untouched: {untouched}"
    if code == 0:
        if name not in WRITING and not untouched:
            return f"a reading command changed the file: {said}"
        if same_when_done and (code, out, err) != sound.said[name]:
            return f"done, but not as on the sound journal: {said}"
        return None
    if code == sound.said[name][0] and (out, err) == sound.said[name][1:]:
        return None if untouched else f"refused as on the sound journal, but the file changed: {said}"
    if code != 2:
        return f"neither done nor refused as damaged: {said}"
    if not untouched:
        return f"refused, but the file changed: {said}"
    if "(the screen cannot offer to set it aside)" in err:
        return f"the app cannot offer to set the damaged journal aside: {said}"
    if "'companion journal verify " not in err and "is not a companion journal" not in err:
        return f"the refusal does not name 'companion journal verify': {said}"
    return None


def damage_each(sound: Sound, tmp_path: Path, cases: list[tuple[str, bytes]], *, same_when_done: bool) -> None:
    problems: list[str] = []
    for label, damaged in cases:
        for name in COMMANDS:
            found = check(name, damaged, tmp_path / "copy", sound, same_when_done=same_when_done)
            if found is not None:
                problems.append(f"{label}, {name}: {found}")
    assert not problems, f"{len(problems)} problems:\n" + "\n\n".join(problems[:8])


def test_every_zeroed_page_is_said_by_every_command(sound: Sound, tmp_path: Path) -> None:
    pages = len(sound.journal) // PAGE
    cases = [(f"page {page + 1} of {pages} zeroed", zeroed(sound.journal, page)) for page in range(pages)]
    damage_each(sound, tmp_path, cases, same_when_done=True)


@pytest.mark.parametrize("seeds", [range(0, 40), range(40, 80)], ids=["flips-0-39", "flips-40-79"])
def test_seeded_byte_flips_are_said_by_every_command(sound: Sound, tmp_path: Path, seeds: range) -> None:
    cases = [(f"flip {seed}", flipped(sound.journal, seed)) for seed in seeds]
    damage_each(sound, tmp_path, cases, same_when_done=False)


def test_the_refusal_names_the_damage_and_the_command(sound: Sound, tmp_path: Path) -> None:
    """A page of the entries zeroed, as the issue tried it: show and export say it in one line."""
    damaged = zeroed(sound.journal, 5)
    for name in ("show", "export-json"):
        code, out, err = run(name, tmp_path / "copy", damaged, sound)
        assert (code, out) == (2, ""), err
        assert err.startswith("companion: ") and err.count("\n") == 1, err
        assert "database disk image is malformed" in err, err
        assert "FOLDER/journal.sqlite3 is damaged (" in err or "FOLDER/journal.sqlite3 cannot be read (" in err
        assert "'companion journal verify FOLDER/journal.sqlite3' lists the damage" in err
