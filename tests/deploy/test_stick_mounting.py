"""Mounting a USB stick on the kiosk (deploy/stick): the udev rule, read by a small evaluator of the
keys it uses (this machine has no udevd and no ``udevadm verify``), hands exactly a USB partition
with a FAT or exFAT file system to the mount helper; the helper, in its ``--dry-run``, on real
loop devices, asks systemd to mount such a one at /media/companion/<kernel name> and leaves alone
another file system, a device mounted already and the disk the system runs from; the path unit
and its service pass ``systemd-analyze verify``, and every piece names the folders the app uses.
What only a Pi settles (udev's own reading of the rule, systemd mounting from it, the mount seen
inside the kiosk's sandbox) is in deploy/stick/README.md, with the commands a Pi owner runs."""

from __future__ import annotations

import fnmatch
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.app.pieces.sticks import REQUESTS, STICKS
from tests.deploy.conftest import DEPLOY, tool
from tests.support.waiting import WAIT

STICK = DEPLOY / "stick"
MOUNT = STICK / "companion-stick-mount"
INSTALLED = "/opt/companion/bin/companion-stick-mount"
PAIR = re.compile(r'\s*([A-Z]+(?:\{[^}]*\})?)\s*(==|!=|\+=|:=|=)\s*"([^"]*)"\s*(,|$)')
KEYS = {"ACTION", "SUBSYSTEM", "SUBSYSTEMS", "ENV", "RUN"}


# ------------------------------------------------------------------------------ the udev rule


def rules() -> list[list[tuple[str, str, str]]]:
    """Each rule of the file as (key, operator, value); every character of a line is one of them."""
    found = []
    for line in (STICK / "98-companion-stick.rules").read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        pairs, at = [], 0
        while at < len(line):
            match = PAIR.match(line, at)
            assert match, f"cannot read the rule from column {at}: {line[at:]!r}"
            pairs.append(match.groups()[:3])
            at = match.end()
        found.append(pairs)
    return found


def runs(event: dict[str, str], parents: tuple[str, ...]) -> list[str]:
    """What udev would run for ``event`` (its properties; ``parents`` the subsystems above the
    device), by udev's rules for the keys used: ``==``/``!=`` with ``|`` alternatives and globs."""
    ran: list[str] = []
    for rule in rules():
        matched, commands = True, []
        for key, op, value in rule:
            name, _, inner = key.partition("{")
            assert name in KEYS, f"a key the evaluator does not know: {key}"
            if name == "RUN":
                assert inner == "program}" and op == "+="
                commands.append(value.replace("$devnode", event["DEVNAME"]))
                continue
            if name == "SUBSYSTEMS":
                hit = any(fnmatch.fnmatchcase(p, alt) for p in parents for alt in value.split("|"))
            else:
                have = event.get(inner[:-1] if name == "ENV" else name, "")
                hit = any(fnmatch.fnmatchcase(have, alt) for alt in value.split("|"))
            matched = matched and (hit if op == "==" else not hit)
        if matched:
            ran += commands
    return ran


def event(**changes: str) -> dict[str, str]:
    base = {
        "ACTION": "add",
        "SUBSYSTEM": "block",
        "DEVNAME": "/dev/sda1",
        "DEVTYPE": "partition",
        "ID_FS_USAGE": "filesystem",
        "ID_FS_TYPE": "vfat",
    }
    return base | changes


USB = ("block", "scsi", "usb", "pci")


def test_a_usb_partition_with_fat_or_exfat_goes_to_the_mount_helper():
    assert runs(event(), USB) == [f"{INSTALLED} /dev/sda1"]
    assert runs(event(ID_FS_TYPE="exfat", DEVNAME="/dev/sdb"), USB) == [f"{INSTALLED} /dev/sdb"]


@pytest.mark.parametrize(
    ("why", "changes", "parents"),
    [
        ("another file system", {"ID_FS_TYPE": "ext4"}, USB),
        ("a partition table, no file system", {"ID_FS_USAGE": "", "ID_FS_TYPE": ""}, USB),
        ("a stick pulled out", {"ACTION": "remove"}, USB),
        ("a change event", {"ACTION": "change"}, USB),
        ("the SD card", {"DEVNAME": "/dev/mmcblk0p1"}, ("block", "mmc", "platform")),
        ("a serial die", {"SUBSYSTEM": "tty", "DEVNAME": "/dev/ttyACM0"}, ("tty", "usb")),
    ],
)
def test_nothing_else_is_handed_over(why, changes, parents):
    assert runs(event(**changes), parents) == [], why


def test_the_rule_runs_the_helper_where_it_is_installed():
    assert MOUNT.name == Path(INSTALLED).name and os.access(MOUNT, os.X_OK)


# ------------------------------------------------------------------------------ the mount helper


def helper(device: str, kind: str, *extra: str) -> subprocess.CompletedProcess:
    """The helper as udev runs it (the file system's type in the environment), but only saying."""
    environment = os.environ | {"ID_FS_TYPE": kind}
    return subprocess.run(
        [str(MOUNT), "--dry-run", *extra, device], capture_output=True, text=True, env=environment, timeout=WAIT
    )


@pytest.fixture
def loop(tmp_path: Path) -> Iterator[str]:
    """A loop device on a small image with an ext4 file system; detached after."""
    if os.geteuid() != 0:
        pytest.skip("a loop device needs root (losetup)")
    image = tmp_path / "stick.img"
    with image.open("wb") as out:
        out.truncate(8 * 1024 * 1024)
    subprocess.run([tool("mkfs.ext4"), "-q", "-L", "STICK", str(image)], check=True)
    attached = subprocess.run(["losetup", "--find", "--show", str(image)], capture_output=True, text=True)
    if attached.returncode != 0:
        pytest.skip(f"no loop device here: {attached.stderr.strip()}")
    device = attached.stdout.strip()
    try:
        yield device
    finally:
        subprocess.run(["losetup", "-d", device], check=True)


def test_a_fat_stick_is_mounted_for_companion_under_media(loop):
    name = Path(loop).name
    said = helper(loop, "vfat")
    assert said.returncode == 0, said.stderr
    assert said.stdout.strip() == (
        "systemd-mount --no-block --automount=no --collect --owner=companion "
        "--options=nosuid,nodev,noexec,noatime,fmask=0077,dmask=0077,utf8,flush "
        f"--description=companion: USB stick {name} {loop} {STICKS}/{name}"
    )


def test_an_exfat_stick_has_no_fat_only_options(loop):
    said = helper(loop, "exfat")
    assert "--options=nosuid,nodev,noexec,noatime,fmask=0077,dmask=0077 " in said.stdout
    assert "flush" not in said.stdout and "utf8" not in said.stdout


def test_another_file_system_is_left_alone(loop):
    said = helper(loop, "ext4")
    assert said.returncode == 0 and said.stdout == ""
    assert "its file system (ext4) is not FAT or exFAT; left alone" in said.stderr


def test_a_device_mounted_already_is_left_alone(loop, tmp_path):
    point = tmp_path / "mounted"
    point.mkdir()
    subprocess.run(["mount", loop, str(point)], check=True)
    try:
        said = helper(loop, "vfat")
    finally:
        subprocess.run(["umount", str(point)], check=True)
    assert said.returncode == 0 and said.stdout == ""
    assert "it is mounted already; left alone" in said.stderr


def test_the_disk_the_system_runs_from_is_left_alone(loop, tmp_path):
    """``--system`` names a folder on the loop device as the system's: the helper finds the disk
    of that folder by its device numbers, as it finds the disk of ``/`` on the Pi."""
    point = tmp_path / "system"
    point.mkdir()
    subprocess.run(["mount", loop, str(point)], check=True)
    try:
        said = helper(loop, "vfat", "--system", str(point))
    finally:
        subprocess.run(["umount", str(point)], check=True)
    assert said.returncode == 0 and said.stdout == ""
    assert f"it is on {Path(loop).name}, the disk the system runs from; left alone" in said.stderr


def test_this_machines_own_root_disk_is_left_alone():
    numbers = subprocess.run(["mountpoint", "-d", "/"], capture_output=True, text=True).stdout.strip()
    sys_path = Path("/sys/dev/block") / numbers
    if not sys_path.exists():
        pytest.skip(f"/ is not on a block device here ({numbers}): nothing to compare with")
    device = Path("/dev") / sys_path.resolve().name
    if not device.exists():
        pytest.skip(f"{device} has no device node here")
    said = helper(str(device), "vfat")
    assert said.stdout == "" and "the disk the system runs from; left alone" in said.stderr


def test_what_is_no_block_device_is_left_alone(tmp_path):
    said = helper(str(tmp_path / "nothing"), "vfat")
    assert said.returncode == 0 and said.stdout == "" and "not a block device; left alone" in said.stderr


def test_the_helper_mounts_where_the_app_looks():
    assert f"STICKS={STICKS}\n" in MOUNT.read_text()


# ------------------------------------------------------------------------------ removal's units


def checkable(unit: Path, folder: Path) -> Path:
    text = re.sub(r"^(ExecStart=)\S+", r"\1/bin/true", unit.read_text(), flags=re.MULTILINE)
    copy = folder / unit.name
    copy.write_text(text)
    return copy


def test_the_path_unit_and_its_service_pass_verify(tmp_path):
    units = [checkable(STICK / f"companion-stick-eject.{kind}", tmp_path) for kind in ("path", "service")]
    done = subprocess.run(
        [tool("systemd-analyze"), "verify", "--recursive-errors=no", *map(str, units)],
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    said = (done.stdout + done.stderr).strip()
    assert said == "", said


def test_the_eject_service_is_closed_but_for_unmounting(tmp_path):
    done = subprocess.run(
        [
            tool("systemd-analyze"),
            "security",
            "--offline=yes",
            "--no-pager",
            str(checkable(STICK / "companion-stick-eject.service", tmp_path)),
        ],
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    level = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", done.stdout)
    assert level and float(level.group(1)) <= 4.0, done.stdout[-2000:]
    service = (STICK / "companion-stick-eject.service").read_text()
    for private in ("ProtectSystem", "PrivateTmp", "PrivateMounts", "PrivateNetwork", "ProtectKernelTunables"):
        assert f"\n{private}=" not in service, f"{private} would give the helper mounts of its own"


def test_every_piece_names_the_folders_the_app_uses():
    assert f"DirectoryNotEmpty={REQUESTS}\n" in (STICK / "companion-stick-eject.path").read_text()
    service = (STICK / "companion-stick-eject.service").read_text()
    assert f"ExecStart=/opt/companion/bin/companion-stick-eject {REQUESTS} {STICKS}\n" in service
    lines = [line.split() for line in (STICK / "companion-stick.tmpfiles").read_text().splitlines()]
    assert ["d", str(REQUESTS), "1730", "root", "companion", "-"] in lines
