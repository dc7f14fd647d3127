"""The systemd units: ``systemd-analyze verify`` finds nothing in them (it exits 0 on some errors,
so what it prints is the verdict, and a broken unit shows that it is heard), ``systemd-analyze
security --offline=yes`` rates each at an exposure of at most 4 (printed), and the kiosk unit has
what the Pi needs: a notify service with a watchdog, started again however it ends and never given
up on, its folders (the runtime one also XDG_RUNTIME_DIR), no network, the devices it uses, the
die's too when it is plugged in after the start."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.deploy.conftest import ROOT, tool
from tests.support.waiting import WAIT

UNITS = sorted((ROOT / "systemd").glob("*.service"))
EXPOSURE = re.compile(r"Overall exposure level for \S+: (\d+\.\d+)")


def checkable(unit: Path, folder: Path) -> Path:
    """The unit with its programs replaced by one that exists here (verify checks that they do)."""
    text = re.sub(r"^(ExecStart=)\S+", r"\1/bin/true", unit.read_text(), flags=re.MULTILINE)
    copy = folder / unit.name
    copy.write_text(text)
    return copy


def verify(unit: Path) -> str:
    done = subprocess.run(
        [tool("systemd-analyze"), "verify", "--recursive-errors=no", str(unit)],
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    return (done.stdout + done.stderr).strip()


def test_there_are_the_kiosk_and_the_emulated_die():
    assert [unit.name for unit in UNITS] == ["companion-dice-emulator.service", "companion.service"]


@pytest.mark.parametrize("unit", UNITS, ids=lambda unit: unit.name)
def test_systemd_analyze_verify_finds_nothing(unit, tmp_path):
    said = verify(checkable(unit, tmp_path))
    assert said == "", said


def test_verify_is_heard_when_a_unit_is_wrong(tmp_path):
    broken = tmp_path / "broken.service"
    broken.write_text("[Service]\nType=notify\nRestart=sometimes\nExecStart=/bin/true\nWatchdogSec=soon\n")
    said = verify(broken)
    assert "restart specifier" in said and "soon" in said


@pytest.mark.parametrize("unit", UNITS, ids=lambda unit: unit.name)
def test_the_exposure_is_at_most_4(unit, tmp_path, capsys):
    done = subprocess.run(
        [tool("systemd-analyze"), "security", "--offline=yes", "--no-pager", str(checkable(unit, tmp_path))],
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    found = EXPOSURE.search(done.stdout)
    assert found, done.stdout[-2000:] + done.stderr[-2000:]
    with capsys.disabled():  # in every run's output, for the record
        print(f"\nsystemd-analyze security --offline=yes {unit.name}: exposure {found.group(1)}")
    assert float(found.group(1)) <= 4.0, done.stdout


def settings(unit: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in unit.read_text().splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key, []).append(value)
    return found


def test_the_kiosk_unit_has_what_the_pi_needs():
    unit = settings(ROOT / "systemd/companion.service")
    for key, value in {
        "Type": "notify",
        "NotifyAccess": "main",
        "Restart": "always",  # an exit with status 0 too: the display must not stay black
        "RuntimeDirectoryMode": "0700",  # XDG_RUNTIME_DIR's mode (companion-launch points it here)
        "StateDirectory": "companion",
        "ConfigurationDirectory": "companion",
        "RuntimeDirectory": "companion",
        "WorkingDirectory": "/run/companion",
        "User": "companion",
        "PAMName": "login",
        "TTYPath": "/dev/tty1",
        "NoNewPrivileges": "yes",
        "ProtectSystem": "strict",
        "ProtectHome": "yes",
        "PrivateTmp": "yes",
        "PrivateNetwork": "yes",
        "StandardOutput": "journal",
        "ExecStart": "/opt/companion/bin/companion-launch",
    }.items():
        assert unit.get(key) == [value], key
    assert int(unit["WatchdogSec"][0]) >= 10
    assert unit["RestrictAddressFamilies"] == ["AF_UNIX AF_NETLINK"]  # no AF_INET, no AF_INET6
    assert set(unit["SupplementaryGroups"][0].split()) == {"video", "render", "input", "gpio", "dialout"}
    allowed = {value.split()[0] for value in unit["DeviceAllow"]}
    assert {"char-drm", "char-input", "char-gpiochip", "char-ttyACM", "char-ttyUSB"} <= allowed
    assert unit["Environment"] == ["LG_WD=/run/companion", "COMPANION_HARDWARE_CONFIG=/etc/companion/hardware.toml"]
    # where deploy/stick mounts a stick, and where the app asks its root helper to unmount one
    assert set(unit["ReadWritePaths"][0].split()) == {"-/media", "-/run/media", "-/run/companion-stick"}


def test_a_crash_loop_is_paced_and_never_given_up():
    unit = settings(ROOT / "systemd/companion.service")
    assert unit["StartLimitIntervalSec"] == ["0"]  # a start limit reached would leave the display black
    assert 2 <= int(unit["RestartSec"][0]) <= 30  # a pause before each start: no spinning, no long wait


def test_a_die_plugged_in_after_the_start_is_allowed():
    """The driver groups are looked up when the unit starts: their modules are loaded before it."""
    unit = settings(ROOT / "systemd/companion.service")
    drivers = {"modprobe@cdc_acm.service", "modprobe@usbserial.service"}  # ttyACM (166), ttyUSB (188)
    for key in ("Wants", "After"):
        assert drivers <= {name for value in unit[key] for name in value.split()}, key
    assert {"char-ttyACM rw", "char-ttyUSB rw"} <= set(unit["DeviceAllow"])


def test_modemmanager_leaves_the_die_alone():
    """Each rule that names the die, the sample one to uncomment too, tells ModemManager to ignore it."""
    rules = (ROOT / "deploy/99-companion-dice.rules").read_text().splitlines()
    naming = [line.lstrip("#") for line in rules if 'SYMLINK+="companion-dice"' in line]
    assert len(naming) == 2
    for rule in naming:
        assert 'ENV{ID_MM_DEVICE_IGNORE}="1"' in rule.split(", "), rule


def test_the_emulated_die_links_where_the_sample_settings_say():
    unit = (ROOT / "systemd/companion-dice-emulator.service").read_text()
    assert "--link /run/companion-dice/die" in unit
    assert '#port = "/run/companion-dice/die"' in (ROOT / "deploy/hardware.toml").read_text()
