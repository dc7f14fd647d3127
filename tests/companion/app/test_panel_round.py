"""A whole round of the 2002 variant with the secret choice on the button panel (the default
matrix on mock pins, with its LEDs) and everything else by touch, into the journal."""

from __future__ import annotations

from companion.journal.session import Session
from companion.journal.store import Journal
from tests.companion.app.ui import run_session


def test_a_round_with_the_panel_goes_into_the_journal(tmp_path):
    run_session("round-by-touch", tmp_path, "osullivan-2002", "matrix")
    with Journal.open(tmp_path / "journal.sqlite3", create=False) as journal:
        session = Session.resume(journal)
        assert session is not None
        view = session.public_view()["view"]
        commands = [line["command"] for line in session.log()]
    assert (view["round"], view["phase"]) == (2, "A")
    assert commands[1:5] == ["choose-actions"] * 4  # the four picks went in together at the reveal
    assert {"make-offer", "accept-offer", "pay-offer", "end-round"} <= set(commands)
