"""A power cut mid-round: the app killed with SIGKILL while it shows a screen of a running game
starts again on the same screen, at the same step of the game."""

from __future__ import annotations

import pytest

from tests.companion.app.ui import killed_when_ready, run_session


@pytest.mark.parametrize("screen", ["board", "log"])
def test_killed_mid_round_it_opens_where_it_stood(tmp_path, screen):
    before = killed_when_ready("until-killed", tmp_path, screen)
    after = run_session("restarted", tmp_path)
    assert after["screen"] == before["screen"] == ("gluecksritter-board" if screen == "board" else "log")
    assert after["entry"] == before["entry"]
    assert after["field"] == 1  # green still decides on field 1
