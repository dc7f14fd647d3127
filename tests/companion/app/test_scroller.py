"""The app's scrolling area (:mod:`companion.app.pieces.scroller`), in a process of its own with
Kivy headless: placing its content again and again (as every scroll and every step of a game does)
leaves one binding of the bar's colour, where Kivy's own ScrollView keeps one more each time."""

from __future__ import annotations

import json
import sys

from tests.companion.app.ui import run_process

PROBE = """
import json, sys
from pathlib import Path
from companion.app import env
env.prepare(Path(sys.argv[1]), headless=True)
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget
from companion.app.pieces.scroller import Scroller

found = {}
for kind in (ScrollView, Scroller):
    area = kind(size=(100, 100))
    area.add_widget(Widget(size_hint_y=None, height=400))
    for _ in range(50):
        area.update_from_scroll()
    area.scroll_y = 0.5
    area.update_from_scroll()
    found[kind.__name__] = len(area.get_property_observers("bar_color"))
print(json.dumps(found))
"""


def test_placing_the_content_fifty_times_leaves_one_bar_colour_binding(tmp_path):
    done = run_process([sys.executable, "-c", PROBE, str(tmp_path / "kivy")], "the scrolling areas")
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == {"ScrollView": 51, "Scroller": 1}
