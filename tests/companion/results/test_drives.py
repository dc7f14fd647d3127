"""Games to a USB stick and back (:mod:`companion.results.drives`, :mod:`companion.results.gamefiles`),
on real journals: finished games of each game exported into a folder standing in for a stick and
imported into a second journal;
the removable drives found in a crafted mounts file and sysfs tree; every refusal said in words,
with the journal unchanged and nothing left on the medium. A full and a read-only medium are real
tmpfs mounts: mounted directly when the tests run as root, else in a user and mount namespace
(``unshare -rm``) in a process of its own; skipped only when neither can mount.

``COMPANION_TEST_MEDIUM=unshare`` (or ``=mount``) chooses the way, so that both can be tried."""

from __future__ import annotations

import datetime
import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.i18n import render
from companion.journal import bgstats
from companion.journal.errors import JournalWriteError
from companion.journal.exports import FORMAT, export_game
from companion.journal.exports import render as render_json
from companion.journal.session import Session
from companion.journal.store import Journal
from companion.journal.verify import canonical
from companion.results import drives, gamefiles
from companion.results.drives import Drive, FilesProblem, removable_drives
from companion.results.gamefiles import export_to, import_from, importable
from companion.scenario.run import run_file
from tests.companion.journal.fixtures.games import play, private_home
from tests.companion.journal.test_export_secrets import TWO_PICKS
from tests.companion.journal.test_schatzjagd_no_notes import RUNNING as NO_NOTES_RUNNING
from tests.support.waiting import PROCESS

ROOT = Path(__file__).resolve().parents[3]
FINISHED = {
    "gluecksritter": "gluecksritter/55-full-game-end-osullivan.scn",
    "raubritter": "raubritter/20-complete-game-two-players.scn",
    "schatzjagd": "schatzjagd/44-complete-game-three-players.scn",
}
RUNNING_GAME = "raubritter/16-undo-redo-tile-and-march.scn"

home = pytest.fixture(autouse=True)(private_home)


def words(problem: FilesProblem) -> tuple[str, str]:
    return render(problem.text, "en"), render(problem.text, "de")


def contents(path: Path) -> list[str]:
    """Everything in a journal file, as SQL: equal lists mean an unchanged journal."""
    with Journal.open(path, create=False) as journal:
        return list(journal.db.iterdump())


def state_of(journal: Journal, game_id: int) -> str:
    session = Session.open(journal, game_id)
    return canonical(session.game, session.state)


def everything(folder: Path) -> list[str]:
    """Every name in the folder, hidden and temporary files too."""
    return sorted(os.listdir(folder))


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    """A journal with a finished game of each game, and one still running; the games' numbers."""
    path = tmp_path_factory.mktemp("evening") / "journal.sqlite3"
    numbers = {}
    with pytest.MonkeyPatch.context() as patch:
        private_home(path.parent, patch)
        with Journal.open(path) as journal:
            for game, scenario in FINISHED.items():
                numbers[game] = play(journal, scenario)
            numbers["running"] = play(journal, RUNNING_GAME)
    return path, numbers


@pytest.fixture
def source(evening: tuple[Path, dict[str, int]], tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """A copy of the evening's journal for one test."""
    path, numbers = evening
    copy = tmp_path / "source.sqlite3"
    shutil.copyfile(path, copy)
    return copy, numbers


@pytest.fixture
def stick(tmp_path: Path) -> Path:
    folder = tmp_path / "media" / "pi" / "STICK"
    folder.mkdir(parents=True)
    return folder


# ------------------------------------------------------------------------- to a stick and back


@pytest.mark.parametrize("game", sorted(FINISHED))
def test_a_finished_game_goes_to_the_stick_and_back_into_another_journal(source, stick, tmp_path, game):
    path, numbers = source
    game_id = numbers[game]
    with Journal.open(path) as journal:
        written = export_to(journal, game_id, stick)
        row = journal.game(game_id)
        state = state_of(journal, game_id)
        entries = len(list(journal.entries(game_id)))
        play_file = json.loads(render_json(bgstats.play_document(journal, game_id)))
    day = datetime.datetime.fromisoformat(row.started).astimezone().date().isoformat()
    assert [p.name for p in written] == [f"{game}-{day}-{game_id}.json", f"{game}-{day}-{game_id}.bgstats.json"]
    assert everything(stick) == sorted(p.name for p in written), "the two files and nothing else"
    assert json.loads(written[0].read_text(encoding="utf-8"))["format"] == FORMAT
    assert json.loads(written[1].read_text(encoding="utf-8")) == play_file
    assert importable(stick) == [written[0]]

    with Journal.open(tmp_path / "other.sqlite3") as other:
        imported = import_from(other, written[0])
        assert (imported.game, imported.finished, imported.entries) == (game, True, entries)
        assert state_of(other, imported.game_id) == state
        assert other.game(imported.game_id).started == row.started
        assert other.running() is None, "an imported game does not become the running one"
        with pytest.raises(FilesProblem) as again:  # read in a second time, it would count twice
            import_from(other, written[0])
        assert words(again.value)[1] == (
            f"{written[0].name} ist schon im Protokoll, als Spiel {imported.game_id}. Es wurde nichts importiert."
        )
        assert [g.id for g in other.games()] == [imported.game_id]
    with Journal.open(path) as journal:  # nor back into the journal it came from
        with pytest.raises(FilesProblem):
            import_from(journal, written[0])


def test_a_running_game_is_written_without_a_play_file(source, stick):
    path, numbers = source
    with Journal.open(path) as journal:
        written = export_to(journal, numbers["running"], stick)
    assert [p.name.endswith(".bgstats.json") for p in written] == [False]
    assert everything(stick) == [written[0].name]


def test_writing_a_game_again_replaces_its_files(source, stick):
    path, numbers = source
    with Journal.open(path) as journal:
        first = export_to(journal, numbers["raubritter"], stick)
        again = export_to(journal, numbers["raubritter"], stick)
    assert first == again and everything(stick) == sorted(p.name for p in first)


@pytest.mark.parametrize(
    ("scenario", "english", "german"),
    [
        (
            NO_NOTES_RUNNING,
            "This game is still being played, and its rules allow no notes: it can be exported once it is over.",
            "Dieses Spiel läuft noch, und seine Regeln erlauben keine Notizen: Exportieren lässt es sich erst, "
            "wenn es vorbei ist.",
        ),
        (
            TWO_PICKS,
            "This game is still being played, and its record holds secrets not revealed yet: it can be exported "
            "once it is over.",
            "Dieses Spiel läuft noch, und sein Protokoll enthält Geheimnisse, die noch nicht aufgedeckt sind: "
            "Exportieren lässt es sich erst, wenn es vorbei ist.",
        ),
    ],
    ids=["no-notes", "secrets"],
)
def test_a_game_its_rules_or_secrets_keep_is_not_written(tmp_path, stick, scenario, english, german):
    text = tmp_path / "game.scn"
    text.write_text(scenario, encoding="utf-8")
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as journal:
        assert run_file(text, journal, io.StringIO()).ok
        game_id = journal.running()
    before = contents(path)
    with Journal.open(path) as journal, pytest.raises(FilesProblem) as refused:
        export_to(journal, game_id, stick)
    assert words(refused.value) == (english, german)
    assert everything(stick) == [] and contents(path) == before


def test_a_game_the_journal_does_not_hold_is_said(source, stick):
    path, _ = source
    with Journal.open(path) as journal, pytest.raises(FilesProblem) as refused:
        export_to(journal, 99, stick)
    assert words(refused.value) == (
        "Game 99 cannot be exported: the journal has no game 99",
        "Spiel 99 lässt sich nicht exportieren: the journal has no game 99",
    )
    assert everything(stick) == []


def test_a_failure_between_the_two_files_leaves_neither(source, stick, monkeypatch):
    """The second rename fails (the stick pulled at that moment): the first file, already in its
    place, is taken away again, and no temporary file stays."""
    path, numbers = source
    real = os.replace
    calls = []

    def replace(src: Any, dst: Any) -> None:
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(5, "Input/output error")
        real(src, dst)

    monkeypatch.setattr(gamefiles.os, "replace", replace)
    with Journal.open(path) as journal, pytest.raises(FilesProblem) as refused:
        export_to(journal, numbers["gluecksritter"], stick)
    assert words(refused.value) == (
        "STICK could not be written: Input/output error. Nothing was written.",
        "In STICK ließ sich nicht schreiben: Input/output error. Es wurde nichts geschrieben.",
    )
    assert len(calls) == 2 and everything(stick) == []


# ------------------------------------------------------------------------------ the drives


def sysfs(root: Path) -> Path:
    """A sysfs tree: a USB stick sdb (removable) with sdb1 and sdb2, a card reader sdc (removable),
    an SD card mmcblk0 (the Pi's system card, not removable), a USB SSD sda the system may boot
    from (not removable, on USB), an NVMe disk (neither). ``/sys/block/<disk>`` links into
    ``devices`` as in the kernel's tree; a partition is a folder inside its disk's."""
    disks = {
        "sda": (
            "pci0000:00/0000:00:14.0/usb2/2-1/2-1:1.0/host0/target0:0:0/0:0:0:0/block",
            "0",
            ["sda1", "sda2", "sda3"],
        ),
        "sdb": ("pci0000:00/0000:00:14.0/usb1/1-2/1-2:1.0/host1/target1:0:0/1:0:0:0/block", "1", ["sdb1", "sdb2"]),
        "sdc": ("platform/card-reader/host2/target2:0:0/2:0:0:0/block", "1", ["sdc1"]),
        "mmcblk0": ("platform/emmc2bus/fe340000.mmc/mmc_host/mmc0/mmc0:aaaa/block", "0", ["mmcblk0p1", "mmcblk0p2"]),
        "nvme0n1": ("pci0000:00/0000:00:1d.0/nvme/nvme0/block", "0", ["nvme0n1p1"]),
    }
    sys_block = root / "sys" / "block"
    sys_block.mkdir(parents=True)
    for disk, (where, removable, parts) in disks.items():
        device = root / "sys" / "devices" / where / disk
        device.mkdir(parents=True)
        (device / "removable").write_text(removable + "\n")
        for part in parts:
            (device / part).mkdir()
        (sys_block / disk).symlink_to(device)
    return sys_block


def mounts(root: Path, lines: list[str]) -> Path:
    path = root / "mounts"
    path.write_text("".join(line + "\n" for line in lines))
    return path


SYSTEM = [
    "proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0",
    "sysfs /sys sysfs rw,nosuid,nodev,noexec,relatime 0 0",
    "tmpfs /run tmpfs rw,nosuid,nodev,size=187092k,mode=755 0 0",
    "/dev/nvme0n1p1 /mnt/data ext4 rw,relatime 0 0",
]


def test_the_sticks_are_listed_and_the_system_is_not(tmp_path):
    sys_block = sysfs(tmp_path)
    table = mounts(
        tmp_path,
        [
            "/dev/mmcblk0p2 / ext4 rw,noatime 0 0",
            "/dev/mmcblk0p1 /boot/firmware vfat rw,relatime,fmask=0022,dmask=0022 0 0",
            *SYSTEM,
            "/dev/sdb1 /media/pi/STICK vfat rw,nosuid,nodev,relatime,uid=1000,gid=1000,flush 0 0",
            r"/dev/sdc1 /media/pi/MY\040CARD exfat ro,nosuid,nodev,relatime 0 0",
        ],
    )
    found = removable_drives(table, sys_block, by_label=tmp_path / "no-labels")
    assert found == [
        Drive(Path("/media/pi/MY CARD"), "MY CARD", None, True),
        Drive(Path("/media/pi/STICK"), "STICK", None, False),
    ]
    assert [render(d.words(), "de") for d in found] == ["MY CARD · schreibgeschützt", "STICK"]


def test_a_system_on_a_usb_disk_is_not_a_stick(tmp_path):
    """The Pi booting from a USB SSD: its root and boot partitions hang on USB too, but they are the
    system's disk; a stick's second partition mounted by hand elsewhere is listed, by its label."""
    sys_block = sysfs(tmp_path)
    labels = tmp_path / "by-label"
    labels.mkdir()
    (labels / r"BACKUP\x20DISK").symlink_to("../../sdb2")
    (labels / "bootfs").symlink_to("../../sda1")
    table = mounts(
        tmp_path,
        [
            "/dev/sda2 / ext4 rw,noatime 0 0",
            "/dev/sda1 /boot/firmware vfat rw,relatime 0 0",
            *SYSTEM,
            "/dev/sdb1 /media/pi/STICK vfat rw,relatime 0 0",
            "/dev/sdb2 /mnt/usb ext4 rw,relatime 0 0",
        ],
    )
    found = removable_drives(table, sys_block, by_label=labels)
    assert [(str(d.path), d.label) for d in found] == [("/mnt/usb", "BACKUP DISK"), ("/media/pi/STICK", "STICK")]


def test_a_system_disk_known_only_by_its_numbers_is_not_a_stick(tmp_path):
    """``/dev/root`` at ``/`` (as older Pi kernels write it): the system's disk is found by the
    device numbers of ``/`` in /sys/dev/block, and its other partitions are not listed."""
    sys_block = sysfs(tmp_path)
    number = os.stat("/").st_dev
    numbers = tmp_path / "sys" / "dev" / "block"
    numbers.mkdir(parents=True)
    (numbers / f"{os.major(number)}:{os.minor(number)}").symlink_to((sys_block / "sda").resolve() / "sda2")
    table = mounts(
        tmp_path,
        [
            "/dev/root / ext4 rw,noatime 0 0",
            "/dev/sda1 /boot/firmware vfat rw 0 0",
            "/dev/sda3 /mnt/games ext4 rw 0 0",
            "/dev/sdb1 /mnt/stick vfat rw 0 0",
        ],
    )
    found = removable_drives(table, sys_block, by_label=tmp_path / "no-labels")
    assert [str(d.path) for d in found] == ["/mnt/stick"]


def test_what_the_automounter_mounts_under_media_is_listed(tmp_path):
    """A card in a reader the kernel does not call removable, mounted by the automounter under
    /run/media: listed for where it is mounted."""
    sys_block = sysfs(tmp_path)
    table = mounts(tmp_path, ["/dev/mmcblk0p2 / ext4 rw 0 0", "/dev/nvme0n1p1 /run/media/anna/PHOTOS ext4 rw 0 0"])
    found = removable_drives(table, sys_block, by_label=tmp_path / "no-labels")
    assert [(str(d.path), d.label) for d in found] == [("/run/media/anna/PHOTOS", "PHOTOS")]


def test_a_stick_pulled_between_listing_and_writing_is_said(source, tmp_path):
    stick = tmp_path / "media" / "pi" / "STICK"
    stick.mkdir(parents=True)
    sys_block = sysfs(tmp_path / "fake")
    table = mounts(tmp_path, ["/dev/mmcblk0p2 / ext4 rw 0 0", f"/dev/sdb1 {stick} vfat rw 0 0"])
    [drive] = removable_drives(table, sys_block, by_label=tmp_path / "no-labels")
    assert drive.path == stick and drive.free is not None and drive.free > 0 and not drive.read_only
    assert render(drive.words(), "en").startswith("STICK · ") and render(drive.words(), "en").endswith(" free")

    stick.rmdir()  # pulled out: the automounter takes its folder away
    path, numbers = source
    before = contents(path)
    with Journal.open(path) as journal, pytest.raises(FilesProblem) as refused:
        export_to(journal, numbers["schatzjagd"], drive.path)
    assert words(refused.value) == (
        "STICK is gone: was the stick pulled out? Nothing was written.",
        "STICK ist nicht mehr da: Wurde der Stick abgezogen? Es wurde nichts geschrieben.",
    )
    assert not stick.exists() and contents(path) == before
    with pytest.raises(FilesProblem) as listing:
        importable(stick)
    assert words(listing.value)[0] == "STICK is gone: was the stick pulled out?"


def test_sizes_are_said_as_people_read_them():
    said = [(render(drives.size_words(n), "en"), render(drives.size_words(n), "de")) for n in (1, 512, 3_249_000_000)]
    assert said == [("1 byte", "1 Byte"), ("512 bytes", "512 Byte"), ("3.2 GB", "3,2 GB")]
    assert render(drives.size_words(36_001, up=True), "en") == "37 kB"
    assert render(drives.size_words(4096), "de") == "4,0 kB"


# ------------------------------------------------------------------------------- importing


def test_the_importable_files_are_the_exports_newest_first(source, stick):
    path, numbers = source
    with Journal.open(path) as journal:
        older = export_to(journal, numbers["raubritter"], stick)[0]
        newer = export_to(journal, numbers["gluecksritter"], stick)[0]
    os.utime(older, (1_700_000_000, 1_700_000_000))
    (stick / "notes.json").write_text('{"shopping": ["bread"]}')
    (stick / "readme.txt").write_text("hello")
    (stick / "._gluecksritter.json").write_bytes(b"\x00\x05\x16\x07")  # what a Mac leaves on a FAT stick
    (stick / "inner").mkdir()
    shutil.copy(newer, stick / "inner" / newer.name)
    assert importable(stick) == [newer, older]


@pytest.fixture
def exported(source, stick) -> tuple[dict[str, Any], Path]:
    path, numbers = source
    with Journal.open(path) as journal:
        return export_game(journal, numbers["gluecksritter"]), tmp_target(stick)


def tmp_target(stick: Path) -> Path:
    target = stick.parent / "target.sqlite3"
    with Journal.open(target) as journal:
        play(journal, FINISHED["raubritter"])
    return target


def refusal(target: Path, file: Path) -> tuple[str, str]:
    before = contents(target)
    with Journal.open(target) as journal, pytest.raises(FilesProblem) as refused:
        import_from(journal, file)
    assert contents(target) == before, "the journal is as it was"
    return words(refused.value)


def test_a_damaged_file_is_refused_in_words(exported, stick):
    document, target = exported
    text = render_json(document)
    cut = stick / "cut.json"
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    assert refusal(target, cut) == (
        "cut.json is damaged: it cannot be read. Nothing was imported.",
        "cut.json ist beschädigt: Die Datei lässt sich nicht lesen. Es wurde nichts importiert.",
    )
    garbled = stick / "garbled.json"
    garbled.write_bytes(text.encode("utf-8")[:200] + b"\xff\xfe" + text.encode("utf-8")[200:])
    assert refusal(target, garbled)[0] == "garbled.json is damaged: it cannot be read. Nothing was imported."
    deep = stick / "deep.json"
    deep.write_text('{"format": "companion.export", "version": 1, "x": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert refusal(target, deep)[0].startswith("deep.json is damaged (")


def test_a_changed_game_is_refused_in_words(exported, stick):
    document, target = exported
    command = next(e for e in document["entries"] if e["kind"] == "command" and e["events"])
    command["events"] = []
    changed = stick / "changed.json"
    changed.write_text(render_json(document), encoding="utf-8")
    english, german = refusal(target, changed)
    assert english.startswith("changed.json is damaged (") and english.endswith("). Nothing was imported.")
    assert german.startswith("changed.json ist beschädigt (")


@pytest.mark.parametrize("key", ["version", "engine_format"])
def test_a_file_of_a_newer_companion_is_refused_in_words(exported, stick, key):
    document, target = exported
    document[key] += 1
    newer = stick / "newer.json"
    newer.write_text(render_json(document), encoding="utf-8")
    assert refusal(target, newer) == (
        "newer.json was written by a newer companion: update this one to import it. Nothing was imported.",
        "newer.json stammt von einem neueren Companion: Aktualisiere diesen, um es zu importieren. "
        "Es wurde nichts importiert.",
    )


def test_a_file_that_is_no_export_is_refused_in_words(exported, source, stick):
    _, target = exported
    path, numbers = source
    with Journal.open(path) as journal:
        play_file = export_to(journal, numbers["schatzjagd"], stick)[1]
    for name, text in (("list.json", "[1, 2, 3]"), ("save.json", '{"format": "companion.history"}')):
        (stick / name).write_text(text)
    for file in (play_file, stick / "list.json", stick / "save.json"):
        assert refusal(target, file) == (
            f"{file.name} is no game exported by a companion. Nothing was imported.",
            f"{file.name} ist kein Spiel, das ein Companion exportiert hat. Es wurde nichts importiert.",
        )


def test_a_game_this_companion_does_not_know_is_refused_in_words(exported, stick):
    document, target = exported
    document["game"] = "muehle"
    other = stick / "muehle.json"
    other.write_text(render_json(document), encoding="utf-8")
    assert refusal(target, other)[0] == (
        "muehle.json holds a game this companion does not know (muehle). Nothing was imported."
    )


def test_a_stick_pulled_while_reading_is_said(exported, stick):
    document, target = exported
    file = stick / "game.json"
    file.write_text(render_json(document), encoding="utf-8")
    assert importable(stick) == [file]
    shutil.rmtree(stick)  # pulled out after the list was shown
    assert refusal(target, file) == (
        "game.json is gone: was the stick pulled out? Nothing was imported.",
        "game.json ist nicht mehr da: Wurde der Stick abgezogen? Es wurde nichts importiert.",
    )


def test_a_journal_that_fails_in_the_middle_of_the_import_keeps_nothing(exported, stick):
    """The journal's one transaction: its game row and nine entries are written, then the tenth
    fails (a trigger stands in for the disk); nothing of the game stays."""
    document, target = exported
    file = stick / "game.json"
    file.write_text(render_json(document), encoding="utf-8")
    raw = sqlite3.connect(target)
    with raw:
        raw.execute(
            "CREATE TRIGGER failing AFTER INSERT ON entries WHEN NEW.seq = 10 "
            "BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END"
        )
    raw.close()
    english, german = refusal(target, file)
    assert english.startswith("The journal could not take the game: the journal could not be written (")
    assert english.endswith(". Nothing was imported.") and german.startswith("Das Protokoll konnte das Spiel")


@pytest.mark.parametrize(
    ("cause", "english"),
    [
        ("full", "The journal could not take the game: the disk is full. Nothing was imported."),
        ("read-only", "The journal could not take the game: its folder is read-only. Nothing was imported."),
    ],
)
def test_a_journal_that_cannot_be_written_is_said(exported, stick, monkeypatch, cause, english):
    document, target = exported
    file = stick / "game.json"
    file.write_text(render_json(document), encoding="utf-8")

    def refuse(*_: Any, **__: Any) -> None:
        raise JournalWriteError("the journal cannot be written", cause)

    monkeypatch.setattr(gamefiles.exports, "import_checked", refuse)
    assert refusal(target, file)[0] == english


# -------------------------------------------------------------------- a real full or read-only medium

PAGE = 4096


def attempt(journal: str, game_id: str, medium: str, leave: str) -> dict[str, Any]:
    """Export game ``game_id`` onto the mounted ``medium``, first filled up until ``leave`` bytes
    are free (``-`` leaves it as it is; ``export`` leaves the export's own pages: the first file
    fits, the second does not); what came of it. Run in this process, or in a namespace's."""
    folder = Path(medium)
    with Journal.open(Path(journal)) as source:
        before = list(source.db.iterdump())
        sizes = [len(render_json(export_game(source, int(game_id))).encode("utf-8"))]
        if leave != "-":
            room = -(-sizes[0] // PAGE) * PAGE if leave == "export" else int(leave)
            free = shutil.disk_usage(folder).free
            (folder / "filler").write_bytes(b"\0" * (free - room))
            assert shutil.disk_usage(folder).free == room
        try:
            export_to(source, int(game_id), folder)
            said = None
        except FilesProblem as problem:
            said = list(words(problem))
        after = list(source.db.iterdump())
    return {
        "said": said,
        "left": sorted(os.listdir(folder)),
        "unchanged": before == after,
        "free": shutil.disk_usage(folder).free,
    }


def _mounted(point: Path) -> bool:
    return any(line.split()[1] == str(point) for line in Path("/proc/self/mounts").read_text().splitlines())


class Medium:
    """A tiny tmpfs at ``point``, by the way this machine allows."""

    def __init__(self, point: Path) -> None:
        self.point = point
        point.mkdir()
        self.why_not: list[str] = []
        self.way = os.environ.get("COMPANION_TEST_MEDIUM") or self._way()

    def _way(self) -> str | None:
        if os.geteuid() == 0:
            done = subprocess.run(
                ["mount", "-t", "tmpfs", "-o", "size=4k", "tmpfs", str(self.point)], capture_output=True, text=True
            )
            if done.returncode == 0:
                subprocess.run(["umount", str(self.point)], check=True)
                return "mount"
            self.why_not.append(f"mount as root: {done.stderr.strip()}")
        if shutil.which("unshare"):
            done = subprocess.run(["unshare", "-rm", "true"], capture_output=True, text=True)
            if done.returncode == 0:
                return "unshare"
            self.why_not.append(f"unshare -rm: {done.stderr.strip()}")
        else:
            self.why_not.append("no unshare")
        return None

    def run(self, options: str, journal: Path, game_id: int, leave: str) -> dict[str, Any]:
        if self.way is None:
            pytest.skip("no tmpfs can be mounted here: " + "; ".join(self.why_not))
        args = [str(journal), str(game_id), str(self.point), leave]
        if self.way == "mount":
            subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(self.point)], check=True)
            try:
                return attempt(*args)
            finally:
                self.unmount()
        script = "import json, sys; from tests.companion.results.test_drives import attempt; "
        script += "print(json.dumps(attempt(*sys.argv[1:])))"
        shell = f'mount -t tmpfs -o {options} none "$4" && exec "$0" -c "$1" "$2" "$3" "$4" "$5"'
        done = subprocess.run(
            ["unshare", "-rm", "sh", "-c", shell, sys.executable, script, *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=PROCESS,
        )
        assert done.returncode == 0, done.stderr[-4000:]
        return json.loads(done.stdout.strip().splitlines()[-1])

    def unmount(self) -> None:
        if _mounted(self.point):
            subprocess.run(["umount", str(self.point)], check=True)


@pytest.fixture
def medium(tmp_path: Path) -> Medium:
    mounted = Medium(tmp_path / "STICK")
    yield mounted
    mounted.unmount()  # also after a failed test
    assert not _mounted(mounted.point)


def test_a_full_stick_is_said_with_the_room_needed_and_nothing_stays(source, medium):
    path, numbers = source
    seen = medium.run("size=64k", path, numbers["raubritter"], str(PAGE))
    english, german = seen["said"]
    assert english.startswith("STICK is full: the game needs ") and english.endswith(
        ", only 4.0 kB is free. Nothing was written."
    ), english
    assert german.startswith("STICK ist voll: Das Spiel braucht ") and ", frei sind nur 4,0 kB." in german
    assert seen["left"] == ["filler"], "no file and no temporary file"
    assert seen["free"] == PAGE and seen["unchanged"]


def test_a_stick_with_room_for_one_file_only_gets_neither(source, medium):
    """The export fits, the BG Stats file does not: the export's temporary file goes again."""
    path, numbers = source
    seen = medium.run("size=64k", path, numbers["gluecksritter"], "export")
    english, _ = seen["said"]
    assert english.startswith("STICK is full: the game needs ") and "only" in english
    needed, free = english.removeprefix("STICK is full: the game needs ").split(", only ")
    assert needed != free.removesuffix(" is free. Nothing was written.")
    assert seen["left"] == ["filler"] and seen["unchanged"]


def test_a_read_only_stick_is_said_and_nothing_stays(source, medium):
    path, numbers = source
    seen = medium.run("ro,size=64k", path, numbers["schatzjagd"], "-")
    assert seen["said"] == [
        "STICK is read-only: nothing was written.",
        "STICK ist schreibgeschützt: Es wurde nichts geschrieben.",
    ]
    assert seen["left"] == [] and seen["unchanged"]


def test_a_stick_with_room_takes_the_game(source, medium):
    """The same tmpfs with room enough: the way of mounting works for a write that succeeds too."""
    path, numbers = source
    seen = medium.run("size=256k", path, numbers["schatzjagd"], "-")
    assert seen["said"] is None and seen["unchanged"]
    assert [name.rsplit("-", 1)[-1] for name in seen["left"]] == [
        f"{numbers['schatzjagd']}.bgstats.json",
        f"{numbers['schatzjagd']}.json",
    ]
