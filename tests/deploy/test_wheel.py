"""The built wheel works however it is installed: into a fresh virtual environment of its own
(no checkout on the path, no test packages), it carries both compiled catalogues and their
stamps, and ``companion screenshots`` and a scenario run work from it without compiling or
warning about a catalogue. Two builds of the same sources are the same bytes, whatever the clock
and its time zone say, and root builds its owner's clone from git as the owner would."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.deploy.conftest import ROOT, base_python, scratch_root
from tests.support.waiting import PROCESS


def build(checkout: Path, out: Path, **environ: str) -> tuple[Path, str]:
    """The wheel ``deploy/build-wheel`` of ``checkout`` builds into ``out``, and what it said."""
    done = subprocess.run(
        [str(checkout / "deploy/build-wheel"), str(out), sys.executable],
        capture_output=True,
        text=True,
        timeout=PROCESS,
        env={**os.environ, **environ},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return Path(done.stdout.strip().splitlines()[-1]), done.stderr


def creation_date(wheel: Path, language: str) -> str:
    with zipfile.ZipFile(wheel) as archive:
        mo = archive.read(f"companion/locale/{language}/LC_MESSAGES/companion.mo")
    return next(line for line in mo.split(b"\n") if line.startswith(b"POT-Creation-Date: ")).decode()


@pytest.fixture(scope="module")
def fresh(tmp_path_factory, wheel):
    venv = tmp_path_factory.mktemp("fresh") / "venv"
    subprocess.run([base_python(), "-m", "venv", str(venv)], check=True, timeout=PROCESS)
    done = subprocess.run(
        [str(venv / "bin/python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)],
        capture_output=True,
        text=True,
        timeout=PROCESS,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return venv


def test_the_wheel_carries_the_compiled_catalogues(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for language in ("de", "en"):
        assert f"companion/locale/{language}/LC_MESSAGES/companion.mo" in names
        assert f"companion/locale/{language}/LC_MESSAGES/companion.mo.sources" in names
        assert f"companion/locale/{language}/LC_MESSAGES/screens.po" in names


COMMITTED = 1759320000  # 2025-10-01 12:00 UTC: the time of the checkout's one commit


@pytest.fixture(scope="module")
def checkout(tmp_path_factory) -> Path:
    """This checkout's files as they are now, in a repository of their own with one commit: the
    sources stay the same while the builds run, whatever else changes in the working tree."""
    copy = tmp_path_factory.mktemp("checkout") / "companion"
    copy.mkdir()
    files = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        check=True,
        timeout=PROCESS,
    ).stdout.split(b"\0")
    for name in filter(None, files):
        source = ROOT / os.fsdecode(name)
        if source.is_file():
            (copy / os.fsdecode(name)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / os.fsdecode(name))
    git = ["git", "-C", str(copy), "-c", "user.name=companion", "-c", "user.email=companion@localhost"]
    when = {"GIT_AUTHOR_DATE": f"@{COMMITTED} +0000", "GIT_COMMITTER_DATE": f"@{COMMITTED} +0000"}
    for command in (["init", "--quiet"], ["add", "--all"], ["commit", "--quiet", "--no-verify", "-m", "sources"]):
        subprocess.run([*git, *command], check=True, timeout=PROCESS, env={**os.environ, **when})
    return copy


@pytest.fixture(scope="module")
def first(checkout, tmp_path_factory) -> Path:
    return build(checkout, tmp_path_factory.mktemp("first"))[0]


def test_two_builds_of_the_same_sources_are_the_same_bytes(checkout, first, tmp_path):
    # the clock 14 hours ahead: a catalogue stamped with the time of its build would say another
    # hour and zone (Babel's default), and the installer would take it for a new app
    again, _ = build(checkout, tmp_path / "again", TZ="Pacific/Kiritimati")
    assert again.name == first.name
    assert again.read_bytes() == first.read_bytes()
    for language in ("de", "en"):
        assert creation_date(first, language) == "POT-Creation-Date: 2025-10-01 12:00+0000"  # the commit's


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can give a clone to another user and build it")
def test_root_builds_its_owners_clone_from_git(checkout, first, tmp_path):
    """``sudo deploy/install.sh`` in the owner's own clone: git's ownership check would make
    build-wheel fall back to copying the whole folder, .git too, with another time in it."""
    clone = tmp_path / "clone"
    shutil.copytree(checkout, clone, symlinks=True)
    subprocess.run(["chown", "-R", "65534:65534", str(clone)], check=True, timeout=PROCESS)
    refused = subprocess.run(["git", "-C", str(clone), "status"], capture_output=True, text=True, timeout=PROCESS)
    assert refused.returncode != 0 and "dubious ownership" in refused.stderr  # the owner's clone, to root
    of_owner, said = build(clone, tmp_path / "of-owner")
    assert "dubious" not in said
    assert of_owner.read_bytes() == first.read_bytes()


def test_the_installers_second_run_from_the_checkout_changes_nothing(checkout, tmp_path):
    """``sudo deploy/install.sh`` twice in the same clone: the second run builds the wheel again
    and finds it the one installed (the second in another time zone: the build's clock is not in it)."""
    root = scratch_root(tmp_path / "root")
    runs = [
        subprocess.run(
            [str(checkout / "deploy/install.sh"), "--root", str(root)],
            capture_output=True,
            text=True,
            timeout=PROCESS,
            env={**os.environ, "PYTHON": base_python(), "TZ": zone},
        )
        for zone in ("UTC", "Pacific/Kiritimati")
    ]
    for done in runs:
        assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert "changed: the app from companion-" in runs[0].stdout
    assert "nothing to change: already installed (kiosk)" in runs[1].stdout, runs[1].stdout


def run(fresh, tmp_path, *args):
    environ = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    return subprocess.run(
        [str(fresh / "bin/companion"), *args],
        capture_output=True,
        text=True,
        timeout=PROCESS,
        env=environ,
        cwd=tmp_path,
    )


def test_the_screenshots_from_the_installed_wheel(fresh, tmp_path):
    done = run(fresh, tmp_path, "screenshots", str(tmp_path / "shots"), "--lang", "de")
    assert done.returncode == 0, done.stderr[-3000:]
    shots = sorted((tmp_path / "shots").glob("*.png"))
    assert len(shots) > 50 and (tmp_path / "shots" / "start.png") in shots
    assert "companion.i18n" not in done.stderr, "a catalogue was compiled or missing in the installed package"
    site = next(fresh.glob("lib/python3*/site-packages"))
    assert not list((site / "companion").rglob("*.part")), "nothing is written into the installed package"


def test_a_scenario_run_from_the_installed_wheel(fresh, tmp_path):
    scenario = ROOT / "tests/scenarios/gluecksritter/46-full-game-built-by-purchases-schmidt.scn"
    done = run(fresh, tmp_path, "scenario", "run", "--journal", str(tmp_path / "journal.sqlite3"), str(scenario))
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert done.stdout.splitlines()[-1].startswith(f"ok   {scenario} (58 commands, 47 expectations)")
    assert "committed game=1" in done.stdout  # into the journal, step by step
    assert "companion.i18n" not in done.stderr
