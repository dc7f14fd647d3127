"""``deploy/install.sh`` against a scratch root (``--root``), as CI can run it and whoever runs the
tests: a fresh card gets the app, its user, its settings, its rules and its service enabled; a
second run changes nothing, not even a file's time; an update keeps the journal and the owner's
settings; an uninstall keeps them too; a dry run changes nothing; an unsupported system is refused
in words before anything is written."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.deploy.conftest import DEPLOY, ROOT, install, scratch_root, snapshot
from tests.support.waiting import WAIT

INSTALLED = [
    "etc/sysusers.d/companion.conf",
    "etc/companion/hardware.toml",
    "etc/companion/environment",
    "etc/udev/rules.d/99-companion-dice.rules",
    "etc/systemd/system/companion.service",
    "etc/systemd/system/companion-dice-emulator.service",
    "opt/companion/bin/companion-launch",
    "opt/companion/venv/bin/companion",
    "opt/companion/installed-wheel",
]


@pytest.fixture(scope="module")
def installed(tmp_path_factory, wheel):
    """A card installed once, and what the first and the second run said and left."""
    root = scratch_root(tmp_path_factory.mktemp("card") / "root")
    first = install(root, wheel=wheel)
    assert first.returncode == 0, first.stdout + first.stderr
    before = snapshot(root)
    second = install(root, wheel=wheel)
    assert second.returncode == 0, second.stdout + second.stderr
    return root, first, second, before, snapshot(root)


def copy_of(installed, tmp_path) -> Path:
    """The installed card copied, to go on from there (the venv's own scripts still name the first)."""
    copy = tmp_path / "root"
    shutil.copytree(installed[0], copy, symlinks=True)
    return copy


def test_a_fresh_card_gets_everything(installed):
    root, first, *_ = installed
    for path in INSTALLED:
        assert (root / path).exists(), f"{path} missing; the installer said:\n{first.stdout}"
    assert "changed: the system user companion in video render input gpio dialout" in first.stdout
    passwd = (root / "etc/passwd").read_text()
    assert "companion:x:" in passwd and ":/var/lib/companion:/usr/sbin/nologin" in passwd
    groups = dict(line.split(":", 1) for line in (root / "etc/group").read_text().splitlines())
    for group in ("video", "render", "input", "gpio", "dialout"):
        assert groups[group].endswith("companion"), group
    wants = root / "etc/systemd/system/multi-user.target.wants/companion.service"
    assert wants.is_symlink() and str(wants.readlink()) == "/etc/systemd/system/companion.service"
    assert str((root / "etc/systemd/system/default.target").readlink()) == "/lib/systemd/system/multi-user.target"
    assert not (root / "etc/systemd/system/multi-user.target.wants/companion-dice-emulator.service").exists()
    assert (root / "etc/companion/hardware.toml").read_text() == (DEPLOY / "hardware.toml").read_text()
    assert not (root / "var/lib/companion").exists()  # the service's StateDirectory= makes it, owned by companion
    launcher = root / "opt/companion/bin/companion-launch"
    assert launcher.stat().st_mode & 0o777 == 0o755
    version = subprocess.run(
        [str(root / "opt/companion/venv/bin/companion"), "--version"], capture_output=True, text=True, timeout=WAIT
    )
    assert version.stdout.startswith("companion ")
    venv = (root / "opt/companion/venv/pyvenv.cfg").read_text()
    assert "include-system-site-packages = true" in venv  # Debian's python3-lgpio, as PyPI has no wheel


def test_a_second_run_changes_nothing(installed):
    _, _, second, before, after = installed
    assert "nothing to change: already installed (kiosk)" in second.stdout
    assert "changed:" not in second.stdout
    assert after == before


def test_an_update_keeps_the_journal_and_the_owners_settings(installed, tmp_path, wheel):
    root = copy_of(installed, tmp_path)
    journal = root / "var/lib/companion/journal.sqlite3"
    journal.parent.mkdir(parents=True)
    journal.write_bytes(b"SQLite format 3\0 the games of many evenings")
    settings = root / "etc/companion/hardware.toml"
    settings.write_text('[display]\nrotation = 90\ntouch = "hidinput"\n')
    newer = tmp_path / wheel.name
    newer.write_bytes(wheel.read_bytes())
    with zipfile.ZipFile(newer, "a") as archive:
        archive.comment = b"built again"  # another wheel: other bytes
    update = install(root, wheel=newer)
    assert update.returncode == 0, update.stdout + update.stderr
    assert [line for line in update.stdout.splitlines() if line.startswith("changed:")] == [
        f"changed: the app from {newer.name}"
    ]
    assert journal.read_bytes() == b"SQLite format 3\0 the games of many evenings"
    assert settings.read_text() == '[display]\nrotation = 90\ntouch = "hidinput"\n'


def test_an_uninstall_keeps_the_journal_and_the_settings(installed, tmp_path):
    root = copy_of(installed, tmp_path)
    journal = root / "var/lib/companion/journal.sqlite3"
    journal.parent.mkdir(parents=True)
    journal.write_bytes(b"SQLite format 3\0")
    gone = install(root, "--uninstall")
    assert gone.returncode == 0, gone.stdout + gone.stderr
    for path in ("opt/companion", "etc/systemd/system/companion.service", "etc/udev/rules.d/99-companion-dice.rules"):
        assert not (root / path).exists(), path
    assert not (root / "etc/systemd/system/multi-user.target.wants/companion.service").exists()
    assert journal.read_bytes() == b"SQLite format 3\0"
    assert (root / "etc/companion/hardware.toml").exists()
    assert "kept: the journal in /var/lib/companion" in gone.stdout
    again = install(root, "--uninstall")
    assert "nothing to change" in again.stdout


def test_a_dry_run_says_what_it_would_do_and_changes_nothing(tmp_path, wheel):
    root = scratch_root(tmp_path / "root")
    before = snapshot(root)
    dry = install(root, "--dry-run", wheel=wheel)
    assert dry.returncode == 0, dry.stdout + dry.stderr
    assert "would: /etc/systemd/system/companion.service" in dry.stdout
    assert "would: companion.service enabled" in dry.stdout
    assert "nothing was changed" in dry.stdout
    assert snapshot(root) == before


def test_the_desktop_session_instead_of_the_kiosk_and_back(installed, tmp_path, wheel):
    root = copy_of(installed, tmp_path)
    desktop = install(root, "--desktop", wheel=wheel)
    assert desktop.returncode == 0, desktop.stdout + desktop.stderr
    assert (root / "etc/xdg/autostart/companion.desktop").read_text() == (DEPLOY / "companion.desktop").read_text()
    assert not (root / "etc/systemd/system/multi-user.target.wants/companion.service").exists()
    assert str((root / "etc/systemd/system/default.target").readlink()) == "/lib/systemd/system/graphical.target"
    assert "nothing to change: already installed (desktop)" in install(root, wheel=wheel).stdout  # it stays so
    kiosk = install(root, "--kiosk", wheel=wheel)
    assert not (root / "etc/xdg/autostart/companion.desktop").exists()
    assert "changed: companion.service enabled" in kiosk.stdout


@pytest.mark.parametrize(
    ("card", "said"),
    [
        ({"codename": "bullseye"}, "this is not Raspberry Pi OS Bookworm (debian bullseye"),
        ({"arch": "armhf"}, "this is not the 64-bit Raspberry Pi OS (its programs are armhf, not arm64)"),
        (
            {"model": "Raspberry Pi 2 Model B Rev 1.1"},
            "this is not a Raspberry Pi 3B+, 4, 5 or Zero 2 W (Raspberry Pi 2",
        ),
        ({"model": "Raspberry Pi 3 Model B Rev 1.2"}, "this is not a Raspberry Pi 3B+, 4, 5 or Zero 2 W"),
    ],
)
def test_an_unsupported_system_is_refused_before_anything_is_written(tmp_path, card, said):
    root = scratch_root(tmp_path / "root", **card)
    before = snapshot(root)
    refused = install(root)
    assert refused.returncode == 1
    assert said in refused.stderr
    assert snapshot(root) == before


@pytest.mark.parametrize(
    "model", ["Raspberry Pi 3 Model B Plus Rev 1.3", "Raspberry Pi 4 Model B Rev 1.5", "Raspberry Pi Zero 2 W Rev 1.0"]
)
def test_every_supported_model_passes_the_check(tmp_path, model):
    root = scratch_root(tmp_path / "root", model=model)
    dry = install(root, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert f"system: {model}, Raspberry Pi OS bookworm arm64" in dry.stdout


def test_this_machine_is_refused_for_it_is_no_raspberry_pi():
    if Path("/proc/device-tree/model").exists():
        pytest.skip("this machine has a device tree")
    refused = subprocess.run(
        [str(DEPLOY / "install.sh"), "--dry-run"], capture_output=True, text=True, cwd=ROOT, timeout=WAIT
    )
    assert refused.returncode == 1 and refused.stderr.startswith("install.sh: ")
