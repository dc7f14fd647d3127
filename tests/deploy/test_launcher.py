"""``deploy/companion-launch`` as the kiosk unit and the desktop autostart run it, with a stand-in
``companion`` that prints what it was given: the DRM card is the one whose connector reads
"connected" in sysfs (a DSI connector first), found again at every start when the card's number
changes between boots; a card set by hand stands. The kiosk is told it is one (no key ends it) and
gets the unit's runtime folder as XDG_RUNTIME_DIR; the desktop keeps its session's."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from tests.deploy.conftest import DEPLOY
from tests.support.waiting import WAIT


def prefix(tmp_path: Path) -> Path:
    """/opt/companion with the launcher and a companion that prints its arguments and environment."""
    root = tmp_path / "opt" / "companion"
    (root / "bin").mkdir(parents=True)
    (root / "venv" / "bin").mkdir(parents=True)
    shutil.copy(DEPLOY / "companion-launch", root / "bin" / "companion-launch")
    stand_in = root / "venv" / "bin" / "companion"
    stand_in.write_text(
        '#!/usr/bin/env bash\necho "args: $*"\necho "index: ${SDL_KMSDRM_DEVICE_INDEX:-}"\n'
        'echo "driver: ${SDL_VIDEODRIVER:-}"\necho "config: ${COMPANION_HARDWARE_CONFIG:-}"\n'
        'echo "runtime: ${XDG_RUNTIME_DIR:-}"\n'
    )
    stand_in.chmod(0o755)
    return root


def sysfs(tmp_path: Path, connectors: dict[str, str]) -> Path:
    drm = tmp_path / "drm"
    shutil.rmtree(drm, ignore_errors=True)
    for name, status in connectors.items():
        (drm / name).mkdir(parents=True)
        (drm / name / "status").write_text(status + "\n")
    return drm


def launch(root: Path, drm: Path, *args: str, **env: str) -> dict[str, str]:
    environ = {"PATH": os.environ["PATH"], "HOME": str(root), "COMPANION_SYSFS_DRM": str(drm), **env}
    done = subprocess.run(
        [str(root / "bin" / "companion-launch"), *args], capture_output=True, text=True, env=environ, timeout=WAIT
    )
    assert done.returncode == 0, done.stderr
    said = dict(line.split(": ", 1) for line in done.stdout.splitlines() if ": " in line)
    said["told"] = done.stdout.splitlines()[0]
    return said


def test_the_connected_dsi_display_is_chosen_on_a_pi_5(tmp_path):
    root = prefix(tmp_path)
    drm = sysfs(
        tmp_path, {"card1-HDMI-A-1": "disconnected", "card1-HDMI-A-2": "disconnected", "card2-DSI-1": "connected"}
    )
    said = launch(root, drm, STATE_DIRECTORY="/var/lib/companion")
    assert said["index"] == "2" and said["driver"] == "kmsdrm"
    assert said["args"] == "app --fullscreen --kiosk --data-dir /var/lib/companion"
    assert said["told"] == "companion-launch: display DSI-1 on card2"


def test_the_card_is_found_again_when_its_number_changes_between_boots(tmp_path):
    root = prefix(tmp_path)
    drm = sysfs(tmp_path, {"card2-HDMI-A-1": "disconnected", "card1-DSI-1": "connected"})
    assert launch(root, drm)["index"] == "1"


def test_dsi_comes_before_hdmi_and_hdmi_alone_is_taken(tmp_path):
    root = prefix(tmp_path)
    both = sysfs(tmp_path, {"card1-HDMI-A-1": "connected", "card2-DSI-1": "connected"})
    assert launch(root, both)["index"] == "2"
    hdmi = sysfs(tmp_path, {"card0-HDMI-A-1": "connected", "card1-DSI-1": "disconnected"})
    assert launch(root, hdmi)["index"] == "0"


def test_nothing_connected_leaves_the_choice_to_sdl_and_a_card_set_by_hand_stands(tmp_path):
    root = prefix(tmp_path)
    drm = sysfs(tmp_path, {"card1-HDMI-A-1": "disconnected"})
    said = launch(root, drm)
    assert said["index"] == "" and "no connected display found" in said["told"]
    assert launch(root, drm, SDL_KMSDRM_DEVICE_INDEX="3")["index"] == "3"


def test_inside_the_desktop_session(tmp_path):
    root = prefix(tmp_path)
    said = launch(root, sysfs(tmp_path, {}), "--desktop", "--dice", "none", XDG_RUNTIME_DIR="/run/user/1000")
    assert said["args"] == "app --fullscreen --dice none"  # Escape ends it: the way out of full screen
    assert said["driver"] == "" and said["index"] == ""  # the desktop's window system
    assert said["runtime"] == "/run/user/1000"


def test_the_kiosk_runs_in_the_units_runtime_folder_not_the_hidden_run_user(tmp_path):
    """systemd sets RUNTIME_DIRECTORY for RuntimeDirectory=; the logind session's /run/user/UID is
    hidden by ProtectHome=yes."""
    root = prefix(tmp_path)
    drm = sysfs(tmp_path, {"card1-DSI-1": "connected"})
    said = launch(root, drm, RUNTIME_DIRECTORY="/run/companion", XDG_RUNTIME_DIR="/run/user/999")
    assert said["runtime"] == "/run/companion"
    assert said["args"].startswith("app --fullscreen --kiosk ")
    assert launch(root, drm, XDG_RUNTIME_DIR="/run/user/999")["runtime"] == "/run/user/999"  # not under systemd
