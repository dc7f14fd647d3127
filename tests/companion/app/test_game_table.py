"""The three games play on one table screen (:mod:`companion.app.pieces.table`): each game's table
is a subclass of it, and what the frame does for one game it does for all. A choice the rules
refuse now is greyed with the rules' reason in Schatzjagd and Raubritter too, not only in Die
Glücksritter (sessions in :mod:`tests.companion.app.table_sessions`, each in its own process)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.companion.app.ui import run_process


def _session(name: str, data: Path) -> dict[str, Any]:
    done = run_process([sys.executable, "-m", "tests.companion.app.table_sessions", name, str(data)], name)
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_each_games_table_is_the_shared_table_screen(tmp_path):
    seen = _session("kinds", tmp_path)
    assert seen == {
        "gluecksritter": {"name": "gluecksritter-board", "table": True, "first": "gluecksritter-board"},
        "schatzjagd": {"name": "schatzjagd-table", "table": True, "first": "schatzjagd-table"},
        "raubritter": {"name": "raubritter-table", "table": True, "first": "raubritter-table"},
    }


def test_schatzjagd_greys_a_training_the_henchman_cannot_pay_with_the_reason(tmp_path):
    seen = _session("schatzjagd-school", tmp_path)
    school = [b for b in seen["buttons"] if b["text"].startswith(seen["school"])]
    assert len(school) == 1, seen["buttons"]
    text = school[0]["text"]
    assert school[0]["disabled"], school  # greyed: a finger cannot send it
    assert "\n" in text and "3" in text.split("\n", 1)[1], text  # the reason under the words, with the price
    assert any(not b["disabled"] for b in seen["buttons"]), seen["buttons"]  # the rest can still be chosen


def test_raubritter_greys_a_castle_in_the_initial_placement_with_the_reason(tmp_path):
    seen = _session("raubritter-castle-first", tmp_path)
    by_words = {b["text"].split("\n", 1)[0]: b for b in seen["buttons"]}
    assert by_words["castle"] == {"text": f"castle\n{seen['refusal']}", "disabled": True}, seen
    assert by_words["plain"] == {"text": "plain", "disabled": False}, seen
