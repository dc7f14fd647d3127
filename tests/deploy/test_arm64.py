"""The parts of ``scripts/check-arm64`` that take a moment (the check itself, arm64 roots and all,
runs in the section "arm64 roots" of ``scripts/run-tests``): the stand-in for the Raspberry Pi
archive offers only packages the installer asks for, each empty and saying that it is a stand-in,
in an index whose digests are right; the ``/proc`` that ``mount_root`` lays over a root shows the
installer a Pi's model and the kernel's own entries, and is gone when its mount namespace ends."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy.conftest import DEPLOY, ROOT, scratch_root
from tests.support.waiting import WAIT

ARM64 = ROOT / "scripts" / "arm64"


def installer_packages() -> set[str]:
    """The apt packages deploy/install.sh asks for, read from its APT_PACKAGES by bash itself."""
    done = subprocess.run(
        [
            "bash",
            "-c",
            'eval "$(sed -n "/^APT_PACKAGES=(/,/^[^#]*)/p" "$1")"; printf "%s\\n" "${APT_PACKAGES[@]}"',
            "-",
            str(DEPLOY / "install.sh"),
        ],
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=True,
    )
    return set(done.stdout.split())


@pytest.fixture(scope="module")
def standin(tmp_path_factory) -> Path:
    repo = tmp_path_factory.mktemp("standin")
    subprocess.run([str(ARM64 / "standin-repo"), str(repo)], check=True, timeout=WAIT)
    return repo


def test_the_standin_offers_only_what_the_installer_asks_for(standin):
    offered = [
        line.split(": ", 1)[1]
        for line in (standin / "Packages").read_text().splitlines()
        if line.startswith("Package: ")
    ]
    assert offered and set(offered) <= installer_packages()
    assert "python3-lgpio" in offered  # Debian has it neither in Bookworm nor in Trixie


def test_each_standin_is_empty_and_says_so(standin):
    for deb in standin.glob("*.deb"):
        description = subprocess.run(
            ["dpkg-deb", "--field", str(deb), "Description"], capture_output=True, text=True, timeout=WAIT, check=True
        ).stdout
        assert description.startswith("stand-in for the Raspberry Pi archive's")
        files = subprocess.run(
            ["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True, timeout=WAIT, check=True
        ).stdout.splitlines()
        kept = [line.split()[-1] for line in files if not line.startswith("d")]
        assert kept == [f"./usr/share/doc/{deb.name.split('_')[0]}/README.standin"]


def test_the_index_names_each_package_by_its_digest(standin):
    packages = (standin / "Packages").read_text()
    for deb in standin.glob("*.deb"):
        assert f"Filename: ./{deb.name}\n" in packages
        assert f"SHA256: {hashlib.sha256(deb.read_bytes()).hexdigest()}\n" in packages
    index = hashlib.sha256((standin / "Packages").read_bytes()).hexdigest()
    assert f" {index} {len((standin / 'Packages').read_bytes())} Packages" in (standin / "Release").read_text()


def test_the_root_shows_the_installer_a_pi(tmp_path):
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("mounting a /proc into a root needs root and unshare (util-linux)")
    root = scratch_root(tmp_path / "root")
    shutil.rmtree(root / "proc")  # the scratch root's own model file: the mounted /proc gives it now
    for folder in ("proc", "sys", "dev"):
        (root / folder).mkdir()
    script = (
        'source "$1/_lib.sh" && mount_root "$2" "Raspberry Pi 4 Model B Rev 1.4" && '
        '"$3" --dry-run --root "$2" && cat "$2/proc/self/mounts" "$2/proc/cpuinfo" >/dev/null && ls "$2/proc"'
    )
    done = subprocess.run(
        [
            "unshare",
            "-m",
            "--propagation",
            "private",
            "bash",
            "-c",
            script,
            "-",
            str(ARM64),
            str(root),
            str(DEPLOY / "install.sh"),
        ],
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "system: Raspberry Pi 4 Model B Rev 1.4, Raspberry Pi OS bookworm arm64" in done.stdout
    assert {"device-tree", "self", "cpuinfo", "mounts"} <= set(done.stdout.split())
    assert list((root / "proc").iterdir()) == []  # the namespace's mounts went with it
    assert str(root) not in Path("/proc/self/mounts").read_text()
