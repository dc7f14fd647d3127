"""``scripts/_apt.sh``: the set-up waits while another package manager holds apt's lock (on a Pi,
unattended upgrades at boot) and tries again, instead of failing at once; any other failure of
apt-get is said and ends the set-up. A stand-in ``apt-get`` on the PATH plays the package manager."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LISTS_LOCKED = "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 812 (unattended-upgr)"
DPKG_LOCKED = "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?"


def fake_apt(tmp_path: Path, answers: list[tuple[int, str]]) -> Path:
    """An ``apt-get`` that gives ``answers`` in turn (exit code, error text) and logs its calls."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for number, (code, text) in enumerate(answers, start=1):
        (tmp_path / f"answer-{number}").write_text(f"{code}\n{text}\n")
    script = bin_dir / "apt-get"
    script.write_text(
        "#!/usr/bin/env bash\n"
        f'log="{tmp_path}/calls"\n'
        'echo "$*" >> "$log"\n'
        f'answer="{tmp_path}/answer-$(wc -l < "$log")"\n'
        '[ -e "$answer" ] || exit 0\n'
        '{ read -r code; read -r text; } < "$answer"\n'
        'echo "$text" >&2\n'
        'exit "$code"\n'
    )
    script.chmod(0o755)
    return bin_dir


def apt_get(tmp_path: Path, bin_dir: Path, *args: str, wait: int = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-c", f'source scripts/_apt.sh && apt_get {" ".join(args)}'],
        cwd=ROOT,
        env={"PATH": f"{bin_dir}:/usr/bin:/bin", "APT_LOCK_POLL": "0", "APT_LOCK_WAIT": str(wait)},
        capture_output=True,
        text=True,
        timeout=60,
    )


def calls(tmp_path: Path) -> list[str]:
    return (tmp_path / "calls").read_text().splitlines()


def test_a_held_lock_is_waited_for_and_the_command_tried_again(tmp_path):
    bin_dir = fake_apt(tmp_path, [(100, LISTS_LOCKED), (100, LISTS_LOCKED), (100, DPKG_LOCKED)])
    done = apt_get(tmp_path, bin_dir, "update", "-qq")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("waiting for another package manager") == 1
    assert len(calls(tmp_path)) == 4
    assert all(call.endswith("update -qq") and "DPkg::Lock::Timeout" in call for call in calls(tmp_path))


def test_another_failure_is_said_at_once(tmp_path):
    bin_dir = fake_apt(tmp_path, [(100, "E: Unable to locate package libmtdev1")])
    done = apt_get(tmp_path, bin_dir, "install", "-y", "libmtdev1")
    assert done.returncode == 100
    assert "Unable to locate package libmtdev1" in done.stderr
    assert len(calls(tmp_path)) == 1


def test_a_lock_held_too_long_ends_with_the_reason(tmp_path):
    bin_dir = fake_apt(tmp_path, [(100, LISTS_LOCKED)] * 5)
    done = apt_get(tmp_path, bin_dir, "update", wait=0)
    assert done.returncode == 100
    assert "another package manager still holds apt's lock" in done.stderr
    assert LISTS_LOCKED in done.stderr
