"""The locks deploy/install.sh installs the app's dependencies from (deploy/lock/, made by
deploy/make-lock) agree with pyproject.toml, without the network: made from the dependencies
pyproject.toml has now, each of them pinned to a version it allows, every package pinned to one
version with the hashes pip checks, and nothing in them that no dependency asks for. After a
change to pyproject.toml's dependencies these fail until ``deploy/make-lock`` is run."""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from tests.deploy.conftest import DEPLOY, ROOT

LOCKS = DEPLOY / "lock"
PYTHONS = {"3.13": "Trixie", "3.11": "Bookworm"}  # each supported Raspberry Pi OS's Python
THE_APP = "companion (pyproject.toml)"
AGAIN = "pyproject.toml and the lock disagree: run deploy/make-lock"


@dataclass
class Pin:
    version: str
    hashes: list[str] = field(default_factory=list)
    wanted_by: set[str] = field(default_factory=set)


@dataclass
class Lock:
    header: dict[str, str]
    pins: dict[str, Pin]


def read_lock(path: Path) -> Lock:
    """A lock as deploy/make-lock writes it: its header (``# key: value``), then uv's entries:
    ``name==version \\``, ``--hash=sha256:...`` lines, and ``# via`` the packages that want it."""
    header: dict[str, str] = {}
    pins: dict[str, Pin] = {}
    current: Pin | None = None
    in_via = False
    for line in path.read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not pins and (found := re.fullmatch(r"# (python|platform|dependencies): (.+)", line)):
            header[found[1]] = found[2]
        elif found := re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+?)(?: \\)?", line):
            assert canonicalize_name(found[1]) not in pins, f"{path.name}: {found[1]} pinned twice"
            current = pins[canonicalize_name(found[1])] = Pin(found[2])
            in_via = False
        elif current is None or not stripped:
            continue
        elif found := re.fullmatch(r"--hash=sha256:([0-9a-f]{64})(?: \\)?", stripped):
            current.hashes.append(found[1])
        elif found := re.fullmatch(r"# via (.+)", stripped):
            current.wanted_by.add(found[1])
        elif stripped == "# via":
            in_via = True
        elif in_via and (found := re.fullmatch(r"#\s+(.+)", stripped)):
            current.wanted_by.add(found[1])
        else:
            raise AssertionError(f"{path.name}: a line deploy/make-lock does not write: {line!r}")
    return Lock(header, pins)


def dependencies() -> list[str]:
    with (ROOT / "pyproject.toml").open("rb") as source:
        return tomllib.load(source)["project"]["dependencies"]


@pytest.fixture(params=sorted(PYTHONS), ids=lambda version: f"python{version}")
def lock(request) -> tuple[str, Lock]:
    path = LOCKS / f"python{request.param}.txt"
    assert path.is_file(), f"no lock for Python {request.param} ({PYTHONS[request.param]}): run deploy/make-lock"
    return request.param, read_lock(path)


def test_the_lock_is_made_from_pyprojects_dependencies_as_they_are(lock):
    version, made = lock
    assert made.header["python"] == version
    assert made.header["platform"].startswith("aarch64-")  # the Pi's
    assert json.loads(made.header["dependencies"]) == dependencies(), AGAIN


def test_each_dependency_is_pinned_to_a_version_pyproject_allows(lock):
    _, made = lock
    direct = set()
    for line in dependencies():
        wanted = Requirement(line)
        name = canonicalize_name(wanted.name)
        assert name in made.pins, f"{wanted.name} is not in the lock: {AGAIN}"
        assert wanted.specifier.contains(Version(made.pins[name].version), prereleases=True), (
            f"{wanted.name}=={made.pins[name].version} is not {wanted.specifier}: {AGAIN}"
        )
        direct.add(name)
    asked_by_the_app = {name for name, pin in made.pins.items() if THE_APP in pin.wanted_by}
    assert asked_by_the_app == direct, AGAIN


def test_every_package_has_hashes_and_is_wanted_by_one_in_the_lock(lock):
    _, made = lock
    assert len(made.pins) > len(dependencies())  # Kivy's, pydantic's and gpiozero's own dependencies too
    for name, pin in made.pins.items():
        assert pin.hashes, f"{name} has no hash: pip install --require-hashes would refuse the lock"
        assert len(set(pin.hashes)) == len(pin.hashes), f"{name}: a hash twice"
        assert pin.wanted_by, f"{name}: no package wants it"
        for wanter in pin.wanted_by:
            assert wanter == THE_APP or canonicalize_name(wanter) in made.pins, (
                f"{name} is wanted by {wanter}, unlocked"
            )


def test_the_locks_of_both_pythons_pin_the_same_versions():
    """The same software on every Pi, Bookworm or Trixie, as long as the same versions serve both."""
    eleven, thirteen = (read_lock(LOCKS / f"python{version}.txt") for version in ("3.11", "3.13"))
    assert {name: pin.version for name, pin in eleven.pins.items()} == {
        name: pin.version for name, pin in thirteen.pins.items()
    }


def test_a_lock_read_wrong_is_said_not_passed(tmp_path):
    """The reader refuses a line it does not know instead of skipping it (a hand edit, a hash cut)."""
    edited = tmp_path / "python3.13.txt"
    edited.write_text((LOCKS / "python3.13.txt").read_text().replace("--hash=sha256:", "--hash=sha256:x", 1))
    with pytest.raises(AssertionError, match="a line deploy/make-lock does not write"):
        read_lock(edited)
