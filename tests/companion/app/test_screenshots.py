"""``companion screenshots`` writes one PNG per screen and state, named after the game and the
screen, at the Pi's 800×480 and at 1280×720, in German and English; none is one flat colour (a
window photographed before it drew), and the two languages differ."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.companion.app.png import colours, pixels
from tests.companion.app.ui import ROOT, ui_env

STATES = {
    "start",
    "settings",
    "new-game",
    "gluecksritter-ducat-card",
    "gluecksritter-choose",
    "gluecksritter-cover",
    "gluecksritter-choose-private",
    "gluecksritter-reveal",
    "gluecksritter-refusal",
    "gluecksritter-duel",
    "gluecksritter-raid",
    "gluecksritter-documents-private",
    "gluecksritter-undo-words",
    "gluecksritter-three-knights",
    "gluecksritter-royal-tax",
    "gluecksritter-end",
}


def shoot(out, size: str, lang: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "screenshots", str(out), "--size", size, "--lang", lang],
        capture_output=True,
        text=True,
        timeout=300,
        env=ui_env(),
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return {path.stem: path for path in out.glob("*.png")}


@pytest.mark.parametrize(("size", "lang"), [("800x480", "de"), ("1280x720", "en")])
def test_every_state_is_a_picture(tmp_path, size, lang):
    shots = shoot(tmp_path / lang, size, lang)
    assert STATES <= set(shots), f"missing: {sorted(STATES - set(shots))}"
    width, height = (int(n) for n in size.split("x"))
    for name, path in shots.items():
        w, h, _, _ = pixels(path)
        assert (w, h) == (width, height), name
        assert colours(path) > 3, f"{name} is (nearly) one flat colour"


def test_the_languages_differ(tmp_path):
    german = shoot(tmp_path / "de", "800x480", "de")
    english = shoot(tmp_path / "en", "800x480", "en")
    same = [
        name
        for name in ("start", "gluecksritter-reveal", "gluecksritter-royal-tax")
        if german[name].read_bytes() == english[name].read_bytes()
    ]
    assert not same, f"the same picture in both languages: {same}"
