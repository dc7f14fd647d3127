"""Nothing cut and every touch target big enough, on every screen and state the screenshots command
walks (the shell's screens and each game's showcase), at the Pi's 800×480, at an HDMI panel's
1024×600 and at 1280×720, in German and English: each state is checked by
:mod:`companion.app.fit` as it is drawn, in a real window (headless, in a process of its own).

A failure lists every finding, grouped by state: the widget, its text, its box and why."""

from __future__ import annotations

import json
import sys

import pytest

from tests.companion.app.fit_check import report
from tests.companion.app.ui import run_process

SIZES = ("800x480", "1024x600", "1280x720")
LANGUAGES = ("de", "en")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_nothing_is_cut_and_every_target_is_big_enough(tmp_path, size, lang):
    done = run_process(
        [sys.executable, "-m", "tests.companion.app.fit_check", "states", str(tmp_path / "shots"), size, lang],
        f"the fit check of every state at {size} in {lang}",
    )
    assert done.returncode == 0, done.stderr[-3000:]
    checked = json.loads(done.stdout.strip().splitlines()[-1])
    assert {"start", "settings", "history", "saves"} <= set(checked["states"]), "the walk ended early"
    assert any(name.startswith("raubritter-") for name in checked["states"]), "no game's showcase was checked"
    findings = checked["findings"]
    states = {finding["state"] for finding in findings}
    if findings:
        pytest.fail(
            f"{len(findings)} findings in {len(states)} of {len(checked['states'])} states at {size} in {lang}"
            f" (the PNGs: {tmp_path / 'shots'}):\n{report(findings)}",
            pytrace=False,
        )
