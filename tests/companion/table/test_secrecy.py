"""Nothing the table tells before the reveal depends on a pick: two tables whose players pick
different cards tell exactly the same things (notices, what is awaited, the public view, the game
log, their repr, every log line) up to the reveal, and none of it holds a card."""

from __future__ import annotations

import json
import logging
import re

from companion.table import Happened
from engines.gluecksritter.coins import Coins
from engines.gluecksritter.commands import PlaceDucats, RevealActions, RevealDocuments
from hardware.panel.keyboard import KeyboardPanel
from tests.companion.table.panels import keyboard_tap
from tests.companion.table.rig import UILoop, make_table, setup, start_game

PICKS_A = {1: (1, 4), 2: (2, 5), 3: (3, 6), 4: (1, 2)}
PICKS_B = {1: (3, 5), 2: (1, 6), 3: (2, 4), 4: (5, 6)}
A_CARD = re.compile(r"(cards|pick|button)\W{0,4}[\[(]?\d")


def phase_b(path, picks, caplog):
    """Play phase B with ``picks``; everything exposed after each step, and the table."""
    journal, session = start_game(path, setup("schmidt-1998", digital_sack=False))
    loop = UILoop()
    table, heard = make_table(session, loop, panel=lambda sink: KeyboardPanel(sink))
    exposed: list[str] = []
    told, logged = 0, len(caplog.records)

    def look():
        nonlocal told, logged
        loop.drain()
        exposed.append(repr(heard[told:]))
        exposed.append(repr(table.awaiting()))
        exposed.append(json.dumps(table.public_view(), sort_keys=True))
        lines = [{k: v for k, v in line.items() if k != "at"} for line in table.log()]  # times differ
        exposed.append(json.dumps(lines, sort_keys=True))
        exposed.append(repr(table))
        exposed.append(repr(table.status()))
        exposed.extend(record.getMessage() for record in caplog.records[logged:])
        told, logged = len(heard), len(caplog.records)

    table.start()
    look()
    table.submit(PlaceDucats(2, 2, field5=Coins(1, 1), field6=Coins(2, 0)))
    look()
    for seat, buttons in picks.items():
        for button in buttons:
            keyboard_tap(table, seat, button)
            look()
    table.submit(RevealDocuments())
    look()
    return journal, table, heard, exposed


def test_nothing_told_before_the_reveal_depends_on_the_picks(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    journal_a, table_a, heard_a, seen_a = phase_b(tmp_path / "a.sqlite3", PICKS_A, caplog)
    journal_b, table_b, heard_b, seen_b = phase_b(tmp_path / "b.sqlite3", PICKS_B, caplog)
    try:
        assert [n.command for n in heard_a.of(Happened)].count("choose-actions") == 4
        assert any("locked in" in line for line in seen_a)  # the log lines were seen
        assert seen_a == seen_b
        assert [line for line in seen_a if A_CARD.search(line)] == []
        table_a.submit(RevealActions())
        table_b.submit(RevealActions())
        revealed = [[p["pick"] for p in t.public_view()["view"]["players"]] for t in (table_a, table_b)]
        assert revealed == [[list(p) for p in PICKS_A.values()], [list(p) for p in PICKS_B.values()]]
    finally:
        for table, journal in ((table_a, journal_a), (table_b, journal_b)):
            table.close()
            journal.close()
