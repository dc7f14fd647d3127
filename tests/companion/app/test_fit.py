"""Nothing cut and every touch target big enough, on every screen and state the screenshots command
walks (the shell's screens and each game's showcase), at the Pi's 800×480, at an HDMI panel's
1024×600 and at 1280×720, in German and English: each state is checked by
:mod:`companion.app.fit` as it is drawn, in a real window of its own (headless).

A failure lists every finding, grouped by state: the widget, its text, its box and why."""

from __future__ import annotations

import pytest

from tests.companion.app.fit_check import report, states
from tests.support.window import in_window

SIZES = ("800x480", "1024x600", "1280x720")
LANGUAGES = ("de", "en")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
@in_window
def test_nothing_is_cut_and_every_target_is_big_enough(tmp_path, size, lang):
    width, height = (int(n) for n in size.split("x"))
    checked = states(tmp_path / "shots", (width, height), lang)
    walked = checked["states"]
    assert {"start", "settings", "history", "saves"} <= set(walked), "the walk ended early"
    assert any(name.startswith("raubritter-") for name in walked), "no game's showcase was checked"
    findings = checked["findings"]
    if findings:
        where = {finding["state"] for finding in findings}
        pytest.fail(
            f"{len(findings)} findings in {len(where)} of {len(walked)} states at {size} in {lang}"
            f" (the PNGs: {tmp_path / 'shots'}):\n{report(findings)}",
            pytrace=False,
        )
