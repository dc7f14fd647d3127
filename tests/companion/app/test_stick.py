"""A USB stick on the kiosk, by touch, in a real window (stick_sessions.py): a real image on a loop
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
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.pieces.sticks import REQUESTS, STICKS
from tests.companion.app import png
from tests.companion.app.ui import run_process

ROOT = Path(__file__).resolve().parents[3]
HELPER = ROOT / "deploy" / "stick" / "companion-stick-eject"
POINT = STICKS / "STICK"


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


@pytest.fixture(scope="module")
def stick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict]:
    if os.geteuid() != 0:
        pytest.skip("a stick on a loop device needs root (losetup, mount)")
    if os.path.ismount(POINT):
        pytest.skip(f"{POINT} is mounted already: a real stick of this machine")
    kind, mkfs = _filesystem()
    work = tmp_path_factory.mktemp("stick")
    image = work / "stick.img"
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
        data = work / "data"
        data.mkdir()
        args = [sys.executable, "-m", "tests.companion.app.stick_sessions", "stick-by-touch", str(data), str(POINT)]
        with PathUnit() as unit:
            done = run_process(args, "session stick-by-touch")
        assert done.returncode == 0, done.stderr[-4000:]
        seen = json.loads(done.stdout.strip().splitlines()[-1])
        still_mounted = os.path.ismount(POINT) or device in Path("/proc/self/mounts").read_text()
        again = work / "again"
        again.mkdir()
        assert _run("mount", "-o", "ro", device, str(again)).returncode == 0
        made.callback(lambda: _run("umount", str(again)))
        on_image = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in again.iterdir() if p.is_file()}
        yield {
            "seen": seen,
            "kind": kind,
            "data": data,
            "still_mounted": still_mounted,
            "on_image": on_image,
            "helper": unit.said,
        }


def test_the_app_finds_the_stick_by_its_name_and_free_space(stick):
    places = stick["seen"]["export_places"]
    assert any(text.startswith("STICK · ") and text.endswith(" frei") for text in places), places
    assert "Sicher entfernen" in places
    assert "Kein USB-Stick gefunden: Stecke einen ein und tippe auf Nochmal schauen." not in places
    assert any(text.startswith("STICK · ") for text in stick["seen"]["import_places"])


def test_the_finished_game_is_written_onto_the_stick(stick):
    seen = stick["seen"]
    names = sorted(seen["written"])
    assert len(names) == 2 and names[0].endswith("-1.bgstats.json") and names[1].endswith("-1.json"), names
    assert seen["word"] == f"Geschrieben nach STICK: {names[1]} und {names[0]}", seen["word"]


def test_a_stick_in_use_stays_in_and_is_said_in_red(stick):
    seen = stick["seen"]
    assert "Wird entfernt …" in seen["while_removing"]
    assert seen["in_use"] == (
        "STICK wird noch benutzt und bleibt drin: Warte kurz und tippe dann noch einmal auf Sicher entfernen."
    )
    assert any(text.startswith("STICK · ") for text in seen["in_use_places"]), "still offered"
    assert any("stays mounted: something still uses it" in said for said in stick["helper"])


def test_remove_safely_unmounts_the_stick_and_says_it_can_be_pulled_out(stick):
    seen = stick["seen"]
    assert "STICK kann jetzt abgezogen werden." in seen["removed_places"]
    assert "Kein USB-Stick gefunden: Stecke einen ein und tippe auf Nochmal schauen." in seen["removed_places"]
    assert not any(text.startswith("STICK · ") for text in seen["removed_places"])
    assert seen["refusal_after"] == "" and seen["open_after"]
    assert not stick["still_mounted"]
    assert "STICK kann jetzt abgezogen werden." not in seen["looked_again"], "said once"


def test_what_was_written_is_on_the_stick_mounted_again(stick):
    assert stick["on_image"] == stick["seen"]["written"]


@pytest.mark.parametrize("shot", ["stick", "stick-in-use", "stick-removed"])
def test_the_stick_screens_are_drawn(stick, shot):
    path = stick["data"] / "shots" / f"{shot}.png"
    assert png.size(path) == (800, 480)
    assert png.colours(path, 20) >= 5
