"""Removing a stick safely, without a window: :class:`companion.app.pieces.sticks.Sticks` flushes a
real mounted tmpfs and leaves its request, and the real root helper (deploy/stick/
companion-stick-eject, run here as its path unit runs it) unmounts it, or leaves it mounted while
a file on it is open; the app reads each outcome from what it sees. A helper that never comes and
a missing requests folder are said, and a request is never left behind for a late helper. Mounting
needs root: a developer without it gets a skip that says so."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.pieces.sticks import IN_USE, NO_HELPER, NOT_ASKED, REMOVED, WAITING, Sticks
from companion.results.drives import Drive

ROOT = Path(__file__).resolve().parents[3]
HELPER = ROOT / "deploy" / "stick" / "companion-stick-eject"


class Media:
    """tmpfs sticks mounted in ``root``; whatever is still mounted is unmounted at the end."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.points: list[Path] = []

    def plug(self, name: str = "sdz1") -> Drive:
        point = self.root / name
        point.mkdir()
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", str(point)], capture_output=True, text=True
        )
        if done.returncode != 0:
            pytest.skip(f"a stand-in stick needs mounting a tmpfs, which this user may not ({done.stderr.strip()})")
        self.points.append(point)
        return Drive(point, name, 256 * 1024, False)

    def unplug_all(self) -> None:
        for point in reversed(self.points):
            if os.path.ismount(point):
                subprocess.run(["umount", "-l", str(point)], check=True)


@pytest.fixture
def media(tmp_path: Path) -> Iterator[Media]:
    root = tmp_path / "media"
    root.mkdir()
    found = Media(root)
    try:
        yield found
    finally:
        found.unplug_all()


@pytest.fixture
def sticks(media: Media, tmp_path: Path) -> Sticks:
    requests = tmp_path / "requests"
    requests.mkdir()
    return Sticks(root=media.root, requests=requests)


def helper(sticks: Sticks) -> subprocess.CompletedProcess:
    """The root helper, once, as companion-stick-eject.service runs it."""
    return subprocess.run([str(HELPER), str(sticks.requests), str(sticks.root)], capture_output=True, text=True)


def test_a_stick_is_flushed_and_unmounted_and_its_request_taken_away(media, sticks):
    drive = media.plug()
    (drive.path / "game.json").write_text("{}")
    removal = sticks.remove(drive)
    assert removal.state() == WAITING
    assert sorted(p.name for p in sticks.requests.iterdir()) == ["sdz1"]
    said = helper(sticks)
    assert said.returncode == 0, said.stderr
    assert removal.state() == REMOVED and removal.why == ""
    assert not os.path.ismount(drive.path) and not drive.path.exists(), "unmounted, its folder gone"
    assert list(sticks.requests.iterdir()) == []
    assert "unmounted: the stick can be pulled out" in said.stderr


def test_a_stick_still_in_use_stays_mounted_and_is_said_so(media, sticks):
    drive = media.plug()
    with (drive.path / "open.json").open("w") as still_open:
        still_open.write("{")
        removal = sticks.remove(drive)
        said = helper(sticks)
        assert removal.state() == IN_USE, said.stderr
        assert os.path.ismount(drive.path) and list(sticks.requests.iterdir()) == []
        assert "stays mounted: something still uses it" in said.stderr
    again = sticks.remove(drive)
    helper(sticks)
    assert again.state() == REMOVED
    assert not os.path.ismount(drive.path)


def test_no_helper_is_said_and_the_request_taken_back(media, tmp_path):
    drive = media.plug()
    requests = tmp_path / "requests"
    requests.mkdir()
    impatient = Sticks(root=media.root, requests=requests, patience=0.0)
    removal = impatient.remove(drive)
    assert removal.state() == NO_HELPER and removal.why == "no helper answered"
    assert list(requests.iterdir()) == [], "no late helper pulls the stick from under a later export"
    assert os.path.ismount(drive.path)


def test_a_missing_requests_folder_is_said_at_once(media, tmp_path):
    drive = media.plug()
    removal = Sticks(root=media.root, requests=tmp_path / "nowhere").remove(drive)
    assert removal.state() == NO_HELPER and removal.why == "No such file or directory"
    assert os.path.ismount(drive.path) and not (tmp_path / "nowhere").exists()


def test_a_drive_mounted_elsewhere_is_not_asked_for(media, sticks, tmp_path):
    elsewhere = Drive(tmp_path, "HOME", None, False)
    removal = sticks.remove(elsewhere)
    assert removal.state() == NOT_ASKED and removal.request is None
    assert list(sticks.requests.iterdir()) == []


def test_the_helper_ignores_what_is_no_sticks_and_takes_every_request_away(media, sticks):
    drive = media.plug()
    (media.root / "plain").mkdir()  # a folder, not a mount
    for name in ("plain", ".hidden", "two words", "sdz9"):
        (sticks.requests / name).touch()
    (sticks.requests / "folder").mkdir()
    said = helper(sticks)
    assert said.returncode == 0
    assert list(sticks.requests.iterdir()) == []
    assert os.path.ismount(drive.path) and (media.root / "plain").is_dir()
    assert "a request named '.hidden' is not a stick's; ignored" in said.stderr
    assert "a request named 'two words' is not a stick's; ignored" in said.stderr
    assert f"{media.root / 'plain'} is not mounted; nothing to remove" in said.stderr
    assert f"{media.root / 'sdz9'} is not mounted; nothing to remove" in said.stderr
