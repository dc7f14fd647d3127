"""``companion screenshots`` writes one PNG per screen and state, named after the game and the
screen, at the Pi's 800×480, at an HDMI panel's 1024×600 and at 1280×720, in German and English;
none is one flat colour (a window photographed before it drew), and the two languages differ."""

from __future__ import annotations

import sys

import pytest

from tests.companion.app import png
from tests.companion.app.ui import run_process

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
    "gluecksritter-document-entry",
    "gluecksritter-document-effect",
    "gluecksritter-greyed-choices",
    "gluecksritter-table-check",
    "gluecksritter-table-check-correct",
    "gluecksritter-undo-words",
    "gluecksritter-three-knights",
    "gluecksritter-royal-tax",
    "gluecksritter-end",
    "gluecksritter-keys",
    "gluecksritter-key-refused",
    "gluecksritter-2002-offer-refused",
    "saves",
    "replace-running",
    "gluecksritter-six-players",
    "gluecksritter-result",
    "gluecksritter-plot",
    "bgstats-qr",
    "history",
    "history-players",
    "schatzjagd-new-game",
    "schatzjagd-travel",
    "schatzjagd-travel-where",
    "schatzjagd-slot",
    "schatzjagd-reveal-step",
    "schatzjagd-reveal-weapon",
    "schatzjagd-reveal-potion",
    "schatzjagd-reveal-trap",
    "schatzjagd-reveal-monster",
    "schatzjagd-reveal-spell",
    "schatzjagd-reveal-map",
    "schatzjagd-reveal-special",
    "schatzjagd-fight-monster",
    "schatzjagd-fight-exchange",
    "schatzjagd-flight",
    "schatzjagd-fight-henchman",
    "schatzjagd-death",
    "schatzjagd-refusal",
    "schatzjagd-teleportal",
    "schatzjagd-correct",
    "schatzjagd-dig",
    "schatzjagd-city-inn",
    "schatzjagd-city-healer",
    "schatzjagd-city-school",
    "schatzjagd-city-smith",
    "schatzjagd-plunder",
    "schatzjagd-undo-words",
    "schatzjagd-treasures",
    "schatzjagd-help",
    "schatzjagd-hide",
    "schatzjagd-victory",
    "schatzjagd-result",
    "schatzjagd-plot",
    "schatzjagd-catharsis",
    "raubritter-new-game",
    "raubritter-new-game-date",
    "raubritter-new-game-birthdays",
    "raubritter-initial",
    "raubritter-initial-cell",
    "raubritter-tile-laid",
    "raubritter-castle-knights",
    "raubritter-march-direction",
    "raubritter-march-split",
    "raubritter-march",
    "raubritter-marched",
    "raubritter-stack",
    "raubritter-score",
    "raubritter-correct",
    "raubritter-correct-tile",
    "raubritter-correct-stack",
    "raubritter-log",
    "raubritter-undo-words",
    "raubritter-help",
    "raubritter-surrender",
    "raubritter-surrender-sure",
    "raubritter-surrendered",
    "raubritter-full-layout",
    "raubritter-full-layout-zoomed",
    "raubritter-end",
    "raubritter-end-score",
    "raubritter-result",
    "raubritter-plot",
}


@pytest.fixture(scope="module")
def shoot(tmp_path_factory):
    """The screenshots at a size in a language, each set made once for the module's tests."""
    made: dict[tuple[str, str], dict] = {}

    def shots(size: str, lang: str) -> dict:
        if (size, lang) not in made:
            made[size, lang] = _shoot(tmp_path_factory.mktemp(f"{lang}-{size}"), size, lang)
        return made[size, lang]

    return shots


def _shoot(out, size: str, lang: str) -> dict:
    done = run_process(
        [sys.executable, "-m", "companion", "screenshots", str(out), "--size", size, "--lang", lang],
        f"the screenshots at {size} in {lang}",
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return {path.stem: path for path in out.glob("*.png")}


@pytest.mark.parametrize(("size", "lang"), [("800x480", "de"), ("1024x600", "de"), ("1280x720", "en")])
def test_every_state_is_a_picture(shoot, size, lang):
    shots = shoot(size, lang)
    assert STATES <= set(shots), f"missing: {sorted(STATES - set(shots))}"
    width, height = (int(n) for n in size.split("x"))
    for name, path in shots.items():
        assert png.size(path) == (width, height), name
        assert png.colours(path, enough=4) > 3, f"{name} is (nearly) one flat colour"


def test_the_languages_differ(shoot):
    german = shoot("800x480", "de")
    english = shoot("800x480", "en")
    same = [
        name
        for name in (
            "start",
            "gluecksritter-reveal",
            "gluecksritter-royal-tax",
            "schatzjagd-fight-monster",
            "raubritter-march",
            "raubritter-end",
        )
        if german[name].read_bytes() == english[name].read_bytes()
    ]
    assert not same, f"the same picture in both languages: {same}"


def test_the_bgstats_code_reads_back(shoot):
    """The six-player play's code, full screen, as a phone reads it from the picture; at 1280×720
    beside the figures too (at 800×480 a button stands there: the code would get 2 px a module)."""
    from companion.results.push import play_of
    from tests.companion.app.touch import decoded

    for size, lang, beside in (("800x480", "de", 0), ("1280x720", "en", 1)):
        shots = shoot(size, lang)
        inline, full = decoded(shots["gluecksritter-result"]), decoded(shots["bgstats-qr"])
        assert len(full) == 1 and len(inline) == beside and inline in ([], full), (size, lang)
        assert len(play_of(full[0])["players"]) == 6
