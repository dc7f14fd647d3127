"""A USB stick on the kiosk, by touch, in a real window: a real image on a loop
device (FAT where this kernel has it, else ext4: the app does not care) mounted where udev's
helper mounts a stick, ``/media/companion/STICK``. The app finds it with nothing passed in, writes
a finished game onto it, refuses to remove it while a file on it is open, and removes it after;
this test plays the path unit that starts the root helper (deploy/stick/companion-stick-eject)
when a request appears. Afterwards the stick is no longer mounted, and mounted again its files
are the ones written. Needs root (mount, losetup): a developer without it gets a skip that says
so; every mount, loop device and folder made here is taken away after, also when a test failed."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.pieces.sticks import REQUESTS, STICKS
from tests.companion.app import png
from tests.companion.app.touch import play_into, say, start
from tests.support.window import run

ROOT = Path(__file__).resolve().parents[3]
HELPER = ROOT / "deploy" / "stick" / "companion-stick-eject"
POINT = STICKS / "STICK"
FINISHED = "gluecksritter/55-full-game-end-osullivan.scn"
NO_STICK = "Kein USB-Stick gefunden: Stecke einen ein und tippe auf Nochmal schauen."


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), capture_output=True, text=True)


def _filesystem() -> tuple[str, list[str]]:
    """The stick's file system: FAT as sticks have it, where this kernel mounts it; else ext4."""
    kernel = Path("/proc/filesystems").read_text().split()
    if "vfat" in kernel and shutil.which("mkfs.vfat"):
        return "vfat", ["mkfs.vfat", "-n", "STICK"]
    if "ext4" in kernel and shutil.which("mkfs.ext4"):
        return "ext4", ["mkfs.ext4", "-q", "-L", "STICK"]
    pytest.skip("this kernel mounts neither FAT nor ext4, or their mkfs is missing (apt: dosfstools)")


def _made(folder: Path, mode: int, made: contextlib.ExitStack) -> None:
    """``folder`` made if it is not there, and taken away after (when empty)."""
    if folder.exists():
        return
    folder.mkdir(mode=mode)
    os.chmod(folder, mode)
    made.callback(lambda: folder.rmdir() if folder.is_dir() and not any(folder.iterdir()) else None)


class PathUnit:
    """What companion-stick-eject.path does on the kiosk: the helper, run as root whenever the
    requests folder holds a request."""

    def __init__(self) -> None:
        self.stopped = threading.Event()
        self.said: list[str] = []
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        while not self.stopped.wait(0.005):
            if REQUESTS.is_dir() and any(REQUESTS.iterdir()):
                done = _run(str(HELPER), str(REQUESTS), str(STICKS))
                self.said.append(done.stderr)

    def __enter__(self) -> PathUnit:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stopped.set()
        self.thread.join()


@pytest.fixture
def stick(tmp_path: Path) -> Iterator[str]:
    """A stick's image on a loop device, mounted at ``POINT``; the device. Skipped without root or
    a loop device; all of it taken away after."""
    if os.geteuid() != 0:
        pytest.skip("a stick on a loop device needs root (losetup, mount)")
    if os.path.ismount(POINT):
        pytest.skip(f"{POINT} is mounted already: a real stick of this machine")
    _kind, mkfs = _filesystem()
    image = tmp_path / "stick.img"
    with image.open("wb") as out:
        out.truncate(16 * 1024 * 1024)
    assert _run(*mkfs, str(image)).returncode == 0
    attached = _run("losetup", "--find", "--show", str(image))
    if attached.returncode != 0:
        pytest.skip(f"no loop device here: {attached.stderr.strip()}")
    device = attached.stdout.strip()
    with contextlib.ExitStack() as made:
        made.callback(lambda: _run("losetup", "-d", device))
        _made(STICKS.parent, 0o755, made)
        _made(STICKS, 0o755, made)
        _made(REQUESTS, 0o1730, made)
        _made(POINT, 0o755, made)
        mounted = _run("mount", device, str(POINT))
        assert mounted.returncode == 0, mounted.stderr
        made.callback(lambda: _run("umount", str(POINT)) if os.path.ismount(POINT) else None)
        yield device


def _digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def _drawn(path: Path) -> None:
    assert png.size(path) == (800, 480)
    assert png.colours(path, 20) >= 5


def by_touch(data: Path, stick: Path) -> dict[str, str]:
    """In German, as the table starts, with the path unit running: the export dialog, with nothing
    passed in, finds the stick with its free space and "Sicher entfernen"; a tap writes the finished
    game onto it. The import dialog shows it too; "Sicher entfernen" while a file on the stick is
    open leaves it in, said in red; once closed, a second tap removes it, and the dialog says it can
    be pulled out, with the clear "no stick" message under it, once. What was written (digests)."""
    game_id = play_into(data, FINISHED)
    app, driver = start(data, "de")
    from companion.app.pieces.files import ExportDialog, ImportDialog  # Kivy: after the window's size is set

    driver.until(lambda: app.journal is not None, what="the journal")
    shots = data / "shots"

    with PathUnit() as unit:
        dialog = ExportDialog(app.journal, game_id, data).open_now()
        driver.frames(3)
        places = driver.texts()
        assert any(text.startswith("STICK · ") and text.endswith(" frei") for text in places), places
        assert "Sicher entfernen" in places
        assert NO_STICK not in places
        driver.shot(shots / "stick.png")
        _drawn(shots / "stick.png")
        driver.tap(driver.find("STICK · "))
        driver.until(lambda: not dialog._is_open, what="the export to close its dialog")
        written = _digests(stick)
        names = sorted(written)
        assert len(names) == 2 and names[0].endswith("-1.bgstats.json") and names[1].endswith("-1.json"), names
        assert app.root.word == f"Geschrieben nach STICK: {names[1]} und {names[0]}"

        imported: list[int] = []
        dialog = ImportDialog(app.journal, data, imported.append).open_now()
        driver.frames(3)
        assert any(text.startswith("STICK · ") for text in driver.texts())
        held = next(stick.glob("*.json")).open("rb")  # a file on the stick still open: it is in use
        driver.tap(say(app, "Remove safely"))
        assert "Wird entfernt …" in driver.texts()
        driver.until(lambda: bool(dialog.refusal.text), what="the stick in use to be said")
        assert dialog.refusal.text == (
            "STICK wird noch benutzt und bleibt drin: Warte kurz und tippe dann noch einmal auf Sicher entfernen."
        )
        assert any(text.startswith("STICK · ") for text in driver.texts()), "still offered"
        helper_said = "stays mounted: something still uses it"
        driver.until(lambda: any(helper_said in said for said in unit.said), what="the helper's reason")
        driver.shot(shots / "stick-in-use.png")
        _drawn(shots / "stick-in-use.png")
        held.close()
        driver.tap(say(app, "Remove safely"))
        driver.until(lambda: dialog.removal is None, what="the stick's removal")
        removed = driver.texts()
        assert "STICK kann jetzt abgezogen werden." in removed
        assert NO_STICK in removed
        assert not any(text.startswith("STICK · ") for text in removed)
        assert dialog.refusal.text == "" and dialog._is_open
        driver.shot(shots / "stick-removed.png")
        _drawn(shots / "stick-removed.png")
        driver.tap(say(app, "Look again"))
        assert "STICK kann jetzt abgezogen werden." not in driver.texts(), "said once"
        driver.stop()
    return written


def test_a_stick_is_found_written_kept_while_in_use_and_removed_by_touch(stick: str, tmp_path: Path) -> None:
    """The app by touch in its window (:func:`by_touch`); afterwards the stick is no longer mounted,
    and mounted again its files are the ones written."""
    data = tmp_path / "data"
    data.mkdir()
    written = run(by_touch, data=data, stick=POINT)
    assert not os.path.ismount(POINT) and stick not in Path("/proc/self/mounts").read_text()
    again = tmp_path / "again"
    again.mkdir()
    assert _run("mount", "-o", "ro", stick, str(again)).returncode == 0
    try:
        assert _digests(again) == written
    finally:
        _run("umount", str(again))
