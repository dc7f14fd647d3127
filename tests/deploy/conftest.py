"""What the deployment tests share: the package's wheel, built once per test session by
``deploy/build-wheel`` as ``deploy/install.sh`` builds it, and a scratch root that looks to
``deploy/install.sh --root`` like a fresh Raspberry Pi OS Bookworm 64-bit card on a Pi 5."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.waiting import PROCESS

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
GROUPS = {"video": 44, "render": 105, "input": 104, "gpio": 993, "dialout": 20}


def tool(name: str) -> str:
    """The path of a tool a check needs: in CI (``CI`` set, as ``.ci/run`` sets it) a missing one
    fails the test, on a developer's machine it skips it, saying which package brings it."""
    found = shutil.which(name)
    if found is None:
        why = f"{name} is not installed (scripts/_env.sh installs it as root: APT_PACKAGES)"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    return found


def base_python() -> str:
    """The Python deploy/install.sh makes its venv with: Debian's, as on the Pi."""
    return "/usr/bin/python3" if Path("/usr/bin/python3").exists() else sys._base_executable


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [str(DEPLOY / "build-wheel"), str(out), sys.executable],
        capture_output=True,
        text=True,
        timeout=PROCESS,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return Path(done.stdout.strip().splitlines()[-1])


DEBIAN_VERSIONS = {"bullseye": 11, "bookworm": 12, "trixie": 13, "forky": 14}  # as os-release names them


def scratch_root(path: Path, *, codename: str = "bookworm", arch: str = "arm64", model: str | None = None) -> Path:
    """A folder as a fresh card looks to the installer: its release, the architecture of its
    programs (dpkg's record of libc6), the Pi's model, and the groups of its devices."""
    (path / "etc").mkdir(parents=True)
    version = DEBIAN_VERSIONS.get(codename, 12)
    (path / "etc" / "os-release").write_text(
        f'PRETTY_NAME="Debian GNU/Linux {version} ({codename})"\nID=debian\nVERSION_CODENAME={codename}\n'
    )
    (path / "var" / "lib" / "dpkg").mkdir(parents=True)
    (path / "var" / "lib" / "dpkg" / "status").write_text(
        f"Package: libc6\nStatus: install ok installed\nArchitecture: {arch}\nVersion: 2.36-9+rpt2\n\n"
    )
    (path / "proc" / "device-tree").mkdir(parents=True)
    (path / "proc" / "device-tree" / "model").write_bytes((model or "Raspberry Pi 5 Model B Rev 1.0").encode() + b"\0")
    (path / "etc" / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (path / "etc" / "group").write_text("root:x:0:\n" + "".join(f"{g}:x:{gid}:\n" for g, gid in GROUPS.items()))
    return path


def install(root: Path, *args: str, wheel: Path | None = None) -> subprocess.CompletedProcess:
    command = [str(DEPLOY / "install.sh"), "--root", str(root), *args]
    if wheel is not None:
        command += ["--wheel", str(wheel)]
    environ = {**os.environ, "PYTHON": base_python()}
    return subprocess.run(command, capture_output=True, text=True, timeout=PROCESS, env=environ)


def snapshot(root: Path) -> dict[str, tuple]:
    """Every path under ``root`` with its kind, mode, size, time of change and link target."""
    seen = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        target = os.readlink(path) if path.is_symlink() else None
        seen[str(path.relative_to(root))] = (info.st_mode, info.st_size, info.st_mtime_ns, target)
    return seen
