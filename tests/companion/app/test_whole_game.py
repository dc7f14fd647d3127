"""A whole game of each rule set by touch, as a table with its own document cards plays it
(``whole_game_sessions.py``): every choice the screen offered was one the player could make (not
one refusal after a tap), the game needed no correction, and the result came by itself."""

from __future__ import annotations

import pytest

from tests.companion.app.ui import run_session


@pytest.mark.parametrize(("rules", "seed"), [("schmidt-1998", "1"), ("osullivan-2002", "3")])
def test_a_whole_game_by_touch_offers_only_what_can_be_done(tmp_path, rules, seed):
    seen = run_session("whole-game", tmp_path, rules, seed)
    assert seen["over"] and seen["screen"] == "result" and seen["winners"], seen
    assert seen["refused"] == [], "a choice the screen offered was refused"
    assert seen["corrections"] == [], "the rules could have made every change"
    assert seen["real"] is True and seen["drawn"] > 0, "the cards drawn were the table's own, entered"
    assert seen["checks"] >= seen["round"] - 1, "the table check came at the end of every round"
    assert {"take-document", "buy-pieces", "knight-act", "reveal-actions"} <= set(seen["commands"])
    if rules == "osullivan-2002":
        assert {"play-document", "apply-document", "make-offer"} <= set(seen["commands"])
        assert seen["handed"] > 0, "a document's effect moved coins, entered from the screen"
