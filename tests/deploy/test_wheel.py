"""The built wheel works however it is installed: into a fresh virtual environment of its own
(no checkout on the path, no test packages), it carries both compiled catalogues and their
stamps, and ``companion screenshots`` and a scenario run work from it without compiling or
warning about a catalogue."""

from __future__ import annotations

import subprocess
import zipfile

import pytest

from tests.deploy.conftest import ROOT, base_python
from tests.support.waiting import PROCESS


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
