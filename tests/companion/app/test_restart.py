"""A power cut mid-round: the app killed with SIGKILL while it shows a screen of a running game
starts again on the same screen, at the same step of the game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time

import pytest

from tests.companion.app.ui import ROOT, command, run_session, ui_env
from tests.support.waiting import PROCESS, WAIT


@pytest.mark.parametrize("screen", ["board", "log"])
def test_killed_mid_round_it_opens_where_it_stood(tmp_path, screen):
    process = subprocess.Popen(
        command("until-killed", tmp_path, screen),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=ui_env(),
        cwd=ROOT,
    )
    try:
        deadline = time.monotonic() + PROCESS
        line = ""
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if line.startswith("{"):
                break
            assert process.poll() is None, "the app ended before it was killed"
        before = json.loads(line)
        assert before["ready"]
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=WAIT)
    assert process.returncode == -signal.SIGKILL
    after = run_session("restarted", tmp_path)
    assert after["screen"] == before["screen"] == ("gluecksritter-board" if screen == "board" else "log")
    assert after["entry"] == before["entry"]
    assert after["field"] == 1  # green still decides on field 1
