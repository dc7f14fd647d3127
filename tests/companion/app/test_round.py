"""A whole round of each rule set played through the app's window by touch alone: a new game set
up on the screen, the Ducat card, each player choosing behind the privacy cover, the reveal, and
field by field until the next round, with the on-screen die. What the journal file holds
afterwards is what was played."""

from __future__ import annotations

import pytest

from companion.journal.session import Session
from companion.journal.store import Journal
from tests.companion.app.ui import run_session


@pytest.mark.parametrize("rules", ["schmidt-1998", "osullivan-2002"])
def test_a_round_by_touch_goes_into_the_journal(tmp_path, rules):
    result = run_session("round-by-touch", tmp_path, rules)
    with Journal.open(tmp_path / "journal.sqlite3", create=False) as journal:
        session = Session.resume(journal)
        assert session is not None
        view = session.public_view()["view"]
        assert (view["rules"], view["round"], view["phase"]) == (rules, 2, "A")
        commands = [line["command"] for line in session.log()]
    assert commands[:7] == ["place-ducats"] + ["choose-actions"] * 4 + ["reveal-documents", "reveal-actions"]
    assert {"take-document", "buy-pieces", "knight-act"} <= set(commands)
    if rules == "schmidt-1998":  # red and blue both chose the Black Knight: a duel on the die
        assert commands.count("roll-die") >= 2
    else:  # they haggle; blue's wall makes red's castle the smaller, so red names who offers first
        assert {"choose-first-offerer", "make-offer", "accept-offer", "pay-offer"} <= set(commands)
    assert commands[-1] == "end-round"  # red holds a document, so the round waited for the table
    assert result["tapped"], "nothing was tapped in phase E"
