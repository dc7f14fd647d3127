"""Every shell script in the repository passes shellcheck (run from the repository's root, so that
the scripts' ``source`` lines are followed); the samples in deploy/ are settings the app takes."""

from __future__ import annotations

import subprocess

from hardware.config import load_hardware_config
from hardware.display import DisplayConfig
from tests.deploy.conftest import DEPLOY, ROOT, tool
from tests.support.waiting import WAIT


def scripts() -> list[str]:
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    found = []
    for name in tracked:
        path = ROOT / name
        if not path.is_file():
            continue
        with path.open("rb") as file:
            first = file.readline()
        if name.endswith(".sh") or (first.startswith(b"#!") and first.rstrip().endswith((b"bash", b"/sh"))):
            found.append(name)
    return found


def test_the_scripts_are_found():
    assert {
        "deploy/install.sh",
        "deploy/companion-launch",
        "deploy/build-wheel",
        "scripts/run-tests",
        ".ci/run",
    } <= set(scripts())
    assert {"scripts/_env.sh", "scripts/_apt.sh"} <= set(scripts())


def test_shellcheck_finds_nothing():
    done = subprocess.run(
        [tool("shellcheck"), "--external-sources", *scripts()], cwd=ROOT, capture_output=True, text=True, timeout=WAIT
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def test_the_sample_settings_are_settings_the_app_takes():
    config = load_hardware_config(DEPLOY / "hardware.toml", env={})
    assert config.display == DisplayConfig(rotation=0, touch="hidinput")
    assert config.dice.port == "auto" and config.panel.wiring == "matrix"
    landscape = (DEPLOY / "hardware.toml").read_text().replace("rotation = 0\n", "rotation = 90\n")
    assert "rotation = 90" in landscape
