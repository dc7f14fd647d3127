"""``deploy/install.sh`` against a scratch root (``--root``), as CI can run it and whoever runs the
tests: a fresh card gets the app, its user, its settings, its rules and its service enabled; a
second run changes nothing, not even a file's time; an update keeps the journal and the owner's
settings; an uninstall keeps them too; a dry run changes nothing; an unsupported system is refused
in words before anything is written. The app's dependencies are the lock's, and every library the
installed wheels link or load comes from the installer's package list of each release."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.deploy.conftest import DEPLOY, ROOT, install, scratch_root, snapshot, tool
from tests.support.waiting import PROCESS, WAIT

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
    "opt/companion/installed-lock",
]
LOCK = DEPLOY / "lock" / "python3.11.txt"  # the Python of this machine's Debian 12, as of Bookworm's


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
    assert "include-system-site-packages = true" in venv  # the system's python3-lgpio, as PyPI has no wheel
    for source, target, mode in STICK:  # the kiosk mounts USB sticks, and unmounts them when the app asks
        assert (root / target).read_bytes() == (DEPLOY / "stick" / source).read_bytes(), target
        assert (root / target).stat().st_mode & 0o777 == mode, target
    path_unit = root / "etc/systemd/system/paths.target.wants/companion-stick-eject.path"
    assert path_unit.is_symlink() and str(path_unit.readlink()) == "/etc/systemd/system/companion-stick-eject.path"


STICK = [
    ("98-companion-stick.rules", "etc/udev/rules.d/98-companion-stick.rules", 0o644),
    ("companion-stick-mount", "opt/companion/bin/companion-stick-mount", 0o755),
    ("companion-stick-eject", "opt/companion/bin/companion-stick-eject", 0o755),
    ("companion-stick.tmpfiles", "etc/tmpfiles.d/companion-stick.conf", 0o644),
    ("companion-stick-eject.path", "etc/systemd/system/companion-stick-eject.path", 0o644),
    ("companion-stick-eject.service", "etc/systemd/system/companion-stick-eject.service", 0o644),
]


def site_packages(root: Path) -> Path:
    return next((root / "opt/companion/venv/lib").glob("python3*/site-packages"))


def test_the_dependencies_are_the_locks(installed):
    root, first, *_ = installed
    assert "changed: the app's dependencies from deploy/lock/python3.11.txt, each checked by its hash" in first.stdout
    pins = dict(re.findall(r"^([a-z0-9][a-z0-9._-]*)==(\S+)", LOCK.read_text(), re.MULTILINE))
    assert {"kivy", "gpiozero", "pyserial", "babel", "segno", "pydantic"} <= set(pins)
    installed_now = {}
    for info in site_packages(root).glob("*.dist-info"):
        fields = dict(line.split(": ", 1) for line in (info / "METADATA").read_text().splitlines() if ": " in line)
        installed_now[re.sub(r"[-_.]+", "-", fields["Name"]).lower()] = fields["Version"]
    for name, version in pins.items():
        assert installed_now.get(name) == version, f"{name}: locked {version}, installed {installed_now.get(name)}"


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
    for _source, target, _mode in STICK:
        assert not (root / target).exists(), target
    assert not (root / "etc/systemd/system/multi-user.target.wants/companion.service").exists()
    assert not (root / "etc/systemd/system/paths.target.wants/companion-stick-eject.path").exists()
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
    for _source, target, _mode in STICK:  # the desktop's own automounter has the sticks
        assert not (root / target).exists(), target
    assert "nothing to change: already installed (desktop)" in install(root, wheel=wheel).stdout  # it stays so
    kiosk = install(root, "--kiosk", wheel=wheel)
    assert not (root / "etc/xdg/autostart/companion.desktop").exists()
    assert "changed: companion.service enabled" in kiosk.stdout
    assert "changed: companion-stick-eject.path enabled" in kiosk.stdout


@pytest.mark.parametrize(
    ("card", "said"),
    [
        ({"codename": "bullseye"}, "this is not Raspberry Pi OS Trixie or Bookworm (debian bullseye"),
        ({"codename": "forky"}, "this is not Raspberry Pi OS Trixie or Bookworm (debian forky"),
        (
            {"arch": "armhf"},
            "this is not the 64-bit Raspberry Pi OS (its programs are armhf, not arm64): the app is installed"
            " from PyPI's wheels, and PyPI has Kivy's for 64-bit ARM only",
        ),
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


@pytest.mark.parametrize("release", ["trixie", "bookworm"])
@pytest.mark.parametrize(
    "model", ["Raspberry Pi 3 Model B Plus Rev 1.3", "Raspberry Pi 4 Model B Rev 1.5", "Raspberry Pi Zero 2 W Rev 1.0"]
)
def test_every_supported_model_and_release_passes_the_check(tmp_path, model, release):
    root = scratch_root(tmp_path / "root", model=model, codename=release)
    dry = install(root, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert f"system: {model}, Raspberry Pi OS {release} arm64" in dry.stdout


# ------------------------------------------------------------------ what the app needs from the system


def package_list(tmp_path: Path, release: str) -> set[str]:
    """The Debian packages a card of ``release`` has after the installer: those it would install
    (a dry run on a scratch root says which it lacks) and the one the scratch root has (libc6)."""
    root = scratch_root(tmp_path / release, codename=release)
    dry = install(root, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    said = next(line for line in dry.stdout.splitlines() if line.startswith("apt: not installed in "))
    listed = set(said.split(": ", 2)[2].split())
    assert len(listed) == len(said.split(": ", 2)[2].split()), "a package named twice"
    return listed | {"libc6"}


def test_each_release_has_its_own_names_for_the_same_packages(tmp_path):
    """Debian 13 renamed many libraries for its 64-bit time_t (``<name>t64``): Trixie's list is
    Bookworm's with those names, so that apt finds each and a second run finds each installed."""
    bookworm, trixie = package_list(tmp_path, "bookworm"), package_list(tmp_path, "trixie")
    assert {"libgl1", "libegl1", "libgles2", "libgbm1", "libdrm2", "libmtdev1", "python3-lgpio"} <= bookworm
    assert {package for package in bookworm if package not in trixie} == {"libmtdev1"}
    assert {package for package in trixie if package not in bookworm} == {"libmtdev1t64"}


def debian_package(path: str) -> str | None:
    """The package of this machine that has ``path`` (an absolute path or ``*/<file name>``)."""
    candidates = [path]
    if path.startswith("/usr/lib/"):
        candidates.append(path.removeprefix("/usr"))  # the same file before /usr was merged
    elif path.startswith("/lib/"):
        candidates.append("/usr" + path)
    for candidate in candidates:
        found = subprocess.run([tool("dpkg"), "-S", candidate], capture_output=True, text=True, timeout=WAIT)
        names = {line.split(":")[0] for line in found.stdout.splitlines() if ": /" in line}
        names = {name for name in names if not name.startswith("diversion by")}
        if names:
            assert len(names) == 1, f"{path} is in {names}"
            return names.pop()
    return None


NEVER_USED = {"window_x11"}  # Kivy's X11 window (libX11, libXrender): the app asks for SDL's (KIVY_WINDOW=sdl2)
LOADED = {  # what the wheels load by name at run time (dlopen), and where that name is written
    "libEGL.so.1": "Kivy.libs/libSDL2-*",
    "libGLESv2.so.2": "Kivy.libs/libSDL2-*",
    "libgbm.so.1": "Kivy.libs/libSDL2-*",
    "libdrm.so.2": "Kivy.libs/libSDL2-*",
    "libudev.so.1": "Kivy.libs/libSDL2-*",
    "libmtdev.so.1": "kivy/lib/mtdev.py",
}


def needed(site: Path) -> dict[str, str]:
    """Every library the ELF files of ``site`` link and that they do not carry themselves, with one
    file that needs it; and every library they load by name."""
    readelf = tool("readelf")
    carried = {path.name for path in site.rglob("*.so*")}
    wanted: dict[str, str] = {}
    for path in sorted(site.rglob("*.so*")):
        if not path.is_file() or any(part in path.name for part in NEVER_USED):
            continue
        dynamic = subprocess.run([readelf, "-d", str(path)], capture_output=True, text=True, timeout=WAIT)
        for name in re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", dynamic.stdout):
            if name not in carried:
                wanted.setdefault(name, str(path.relative_to(site)))
    for name, where in LOADED.items():
        holders = list(site.glob(where))
        assert holders and any(name.encode() in holder.read_bytes() for holder in holders), f"{name} not in {where}"
        wanted.setdefault(name, f"{where} (loaded by name)")
    return wanted


def test_every_library_the_wheels_link_or_load_is_in_the_package_list(installed, tmp_path):
    """The wheels installed from the lock (this machine's builds of the same versions: the Pi's
    link the same libraries), each library they need mapped to this machine's Debian 12 package,
    which must be in Bookworm's list; Trixie's has the same by its new names (the test above).
    Without libGL.so.1 (libgl1), missing on a fresh Lite card, Kivy opens no window at all."""
    root, *_ = installed
    wanted = needed(site_packages(root))
    assert "libGL.so.1" in wanted  # Kivy's GL backend links it
    bookworm = package_list(tmp_path, "bookworm")
    missing = {}
    for library, needed_by in sorted(wanted.items()):
        package = debian_package(f"*/{library}")
        assert package is not None, f"{library} (needed by {needed_by}) is in no package installed here"
        if package not in bookworm:
            missing[library] = f"{package}, for {needed_by}"
    assert not missing, f"libraries the app needs from packages the installer does not ask for: {missing}"


OPEN_A_WINDOW = """
import sys
from kivy.core.window import Window
from kivy.base import EventLoop
EventLoop.ensure_window()
EventLoop.idle()
print(Window.__class__.__name__)
print(open("/proc/self/maps").read())
"""


def test_the_app_opens_a_window_with_only_the_listed_packages_and_theirs(installed, tmp_path):
    """A window opened by the installed venv (SDL's offscreen video here: EGL on Mesa, as the Pi's
    KMS/DRM video is): every system library it has loaded then, Mesa's drivers and all, comes from
    a listed package or one that a listed package depends on."""
    root, *_ = installed
    environ = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DISPLAY", "WAYLAND_DISPLAY"} and "KIVY" not in key
    }
    environ |= {"KIVY_NO_ARGS": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_WINDOW": "sdl2"}
    environ |= {"KIVY_HOME": str(tmp_path / "kivy"), "HOME": str(tmp_path)}
    opened = subprocess.run(
        [str(root / "opt/companion/venv/bin/python"), "-c", OPEN_A_WINDOW],
        capture_output=True,
        text=True,
        timeout=PROCESS,
        env=environ,
        cwd=tmp_path,
    )
    assert opened.returncode == 0, opened.stderr[-3000:]
    assert opened.stdout.startswith("WindowSDL\n")
    venv = str(root)
    loaded = {
        line.split()[-1]
        for line in opened.stdout.splitlines()[1:]
        if len(line.split()) >= 6 and ".so" in line.split()[-1] and not line.split()[-1].startswith(venv)
    }
    assert any("libGL.so.1" in path for path in loaded) and any("libEGL_mesa" in path for path in loaded)
    listed = package_list(tmp_path, "bookworm")
    closure = subprocess.run(
        [tool("apt-cache"), "depends", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts"]
        + ["--no-breaks", "--no-replaces", "--no-enhances", *sorted(listed)],
        capture_output=True,
        text=True,
        timeout=PROCESS,
    )
    brought = {line.split(":")[0] for line in closure.stdout.splitlines() if line and not line[0].isspace()}
    assert listed - {"python3-lgpio"} <= brought  # python3-lgpio is not in Debian: not on this machine
    strays = {}
    for path in sorted(loaded):
        package = debian_package(os.path.realpath(path)) or debian_package(path)
        if package not in brought:
            strays[path] = package
    assert not strays, f"loaded from packages the installer's list does not bring: {strays}"


def test_this_machine_is_refused_for_it_is_no_raspberry_pi():
    if Path("/proc/device-tree/model").exists():
        pytest.skip("this machine has a device tree")
    refused = subprocess.run(
        [str(DEPLOY / "install.sh"), "--dry-run"], capture_output=True, text=True, cwd=ROOT, timeout=WAIT
    )
    assert refused.returncode == 1 and refused.stderr.startswith("install.sh: ")
