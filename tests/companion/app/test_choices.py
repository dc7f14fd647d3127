"""The paged list of choices (:mod:`companion.app.pieces.choices`) and the driver's refusal of what
is not shown (:mod:`companion.app.driver`), in a real window of 800×480 in a process of its own:
20 buttons in a list 480 px high come in pages with big arrows, every button is reached by taps on
the arrows alone, a drag over a button taps nothing, a list filled again with as many buttons keeps
their places, a text taller than the list is shown whole over its pages; and the driver refuses a
widget a finger could not tap."""

from __future__ import annotations

import json
import sys

from tests.companion.app.ui import run_process

START = """
import json, sys
from pathlib import Path
from companion.app import env
env.prepare(Path(sys.argv[1]), size=(800, 480), headless=True)
from kivy.app import App
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.lang import Builder
from companion.app import theme
from companion.app.driver import Driver, unseen
from companion.app.pieces.choices import ChoiceList


class Probe(App):
    language = "de"

    def say(self, text, language=None):
        return text

    def load_kv(self, filename=None):  # no kv of its own (a script has no file to look beside)
        return None

    def build(self):
        Builder.load_file(str(theme.KV))
        self.list = ChoiceList()
        return self.list


app = Probe()
driver = Driver(app).start()
choices = app.list
tapped = []


def buttons(word):
    made = []
    for n in range(20):
        button = Factory.Big(text=f"{word} {n}")
        button.bind(on_release=lambda b: tapped.append(b.text))
        made.append(button)
    return made


def place(widget):
    return tuple(round(v) for v in widget.to_window(*widget.pos))
"""

PAGES = (
    START
    + """
first = buttons("Choice")
choices.fill(first)
driver.until(lambda: choices.pages > 1, what="pages")
found = {"pages": choices.pages, "height": choices.height}
found["arrows"] = [list(choices.up.size), list(choices.down.size)]
found["first_page"] = [b.text for b in first if unseen(b) is None]
try:
    driver.tap(first[-1])
    found["refused"] = None
except LookupError as refusal:
    found["refused"] = str(refusal)

for button in first:  # a player turns the pages with the arrows
    driver.reveal(button)
    driver.tap(button)
found["tapped"] = list(tapped)
found["shown_when_tapped_all_whole"] = all(
    choices.page_of(b) is not None for b in first
)

tapped.clear()
driver.reveal(first[0])
for dx, dy in ((30, 0), (0, -30), (-30, 0)):
    driver.drag(first[1], dx, dy)
found["dragged"] = list(tapped)
driver.tap(first[1])
found["tapped_after_drags"] = list(tapped)

driver.reveal(first[9])
page = choices.page
before = {n: place(first[n]) for n in range(20) if unseen(first[n]) is None}
second = buttons("Other")
choices.fill(second)
driver.frames(3)
found["kept_page"] = choices.page == page
found["kept_places"] = {n: place(second[n]) for n in before} == before
found["kept_shown"] = all(unseen(second[n]) is None for n in before)
choices.fill(buttons("Shorter")[:5])
driver.frames(3)
found["five"] = [choices.pages, choices.page, len(choices.children)]
print(json.dumps(found))
"""
)

TALL = (
    START
    + """
words = " ".join(f"word{n}" for n in range(900))
text = Factory.Body(text=words)
after = Factory.Big(text="After the text")
after.bind(on_release=lambda b: tapped.append(b.text))
choices.fill([text, after])
driver.until(lambda: choices.pages > 2, what="the long text over pages")
driver.frames(5)  # the text wrapped anew beside the arrows
lines = choices.page_of(text)
spans = choices.spans
found = {"pages": choices.pages, "spans": spans, "text_height": text.height, "list_height": choices.height}
found["each_page_fits"] = all(0 < bottom - top <= choices.height + 0.5 for top, bottom in spans)
found["pages_join"] = all(abs(spans[n][1] - spans[n + 1][0]) < 0.5 for n in range(len(spans) - 2))
found["text_covered"] = spans[0][0] <= 0.5 and spans[-1][1] >= text.height - 0.5
from companion.app.pieces.choices import _line_ends
ends = _line_ends(text)
found["cut_between_lines"] = all(any(abs(end - bottom) < 0.5 for end in ends) for _, bottom in spans[:-1])
found["ends"] = ends[:30]
driver.reveal(after)
driver.tap(after)
found["tapped"] = list(tapped)
print(json.dumps(found))
"""
)

FOOT = (
    START
    + """
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

form = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(4))
for n in range(14):
    form.add_widget(Factory.Big(text=f"Row {n}"))
form.add_widget(Widget(size_hint_y=None, height=dp(300)))  # room at its foot, nothing in it
form.height = sum(child.height for child in form.children) + dp(4) * 14
choices.fill([form])
driver.until(lambda: choices.pages > 1, what="the form over pages")
driver.frames(3)
shown = []
for page in range(choices.pages):
    choices.turn(page)
    driver.frames(2)
    shown.append([b.text for b in form.children if getattr(b, "text", "") and choices.page_of(b) == page])
print(json.dumps({"pages": choices.pages, "shown": shown}))
"""
)

COLOURED = (
    START
    + """
from companion.app.option import Option
from companion.app.pieces.options import option_button

button = option_button(Option("Blue: choose in private", player="blue"), "Blue: choose in private", tapped.append)
choices.fill([button])
driver.frames(2)
before = list(button.background_color)
button.state = "down"  # a finger on it, and the dialog it opened backed out of: up again
driver.frames(1)
pressed = list(button.background_color)
button.state = "normal"
driver.frames(2)
print(json.dumps({"before": before, "pressed": pressed, "after": list(button.background_color),
                  "blue": list(theme.player_colour("blue"))}))
"""
)

REFUSED = (
    START
    + """
from kivy.uix.scrollview import ScrollView
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

choices.fill(buttons("Choice"))
driver.until(lambda: choices.pages > 1, what="pages")
found = {}


def refusal(action):
    try:
        action()
    except LookupError as said:
        return str(said)
    return None


found["other_page"] = refusal(lambda: driver.tap("Choice 19"))
found["other_page_find"] = refusal(lambda: driver.find("Choice 19"))
choices.clear()
area = ScrollView(size_hint=(None, None), size=(400, 200), pos=(0, 0))
column = GridLayout(cols=1, size_hint_y=None, height=800)  # rows from the top: the view shows the highest 200 px
low = Factory.Big(text="Low in the view")
column.add_widget(Factory.Big(text="High in the view"))
column.add_widget(Widget(size_hint_y=None, height=600))
column.add_widget(low)
area.add_widget(column)
area.scroll_y = 1
choices.add(area)
hidden = Factory.Big(text="Hidden", opacity=0)
choices.add(hidden)
driver.frames(3)
found["scrolled_away"] = refusal(lambda: driver.tap(low))
found["hidden"] = refusal(lambda: driver.tap(hidden))
outside = Factory.Big(text="Outside", size_hint=(None, None), size=(100, 50), pos=(900, 100))
app.root.parent.add_widget(outside)
driver.frames(2)
found["outside"] = refusal(lambda: driver.tap(outside))
found["shown"] = refusal(lambda: driver.tap("High in the view"))
print(json.dumps(found))
"""
)


def run(script: str, tmp_path, what: str) -> dict:
    done = run_process([sys.executable, "-c", script, str(tmp_path / "kivy")], what)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_twenty_choices_come_in_pages_turned_by_big_arrows(tmp_path):
    found = run(PAGES, tmp_path, "the paged list")
    assert found["height"] == 480
    assert found["pages"] == 3
    assert all(width >= 48 and height >= 48 for width, height in found["arrows"])
    assert found["first_page"] == [f"Choice {n}" for n in range(7)]  # whole buttons only, from the top
    assert "not shown" in found["refused"] or "page" in found["refused"]
    assert found["tapped"] == [f"Choice {n}" for n in range(20)]  # every one reached by the arrows
    assert found["dragged"] == []  # a drag taps nothing
    assert found["tapped_after_drags"] == ["Choice 1"]
    assert found["kept_page"] and found["kept_places"] and found["kept_shown"]
    assert found["five"] == [1, 0, 1]  # five fit: one page, no arrows (the page is the list's only child)


def test_a_text_taller_than_the_list_is_shown_whole_over_its_pages(tmp_path):
    found = run(TALL, tmp_path, "the long text")
    assert found["text_height"] > found["list_height"]
    assert found["pages"] >= 3
    assert found["each_page_fits"] and found["pages_join"] and found["text_covered"], found
    assert found["cut_between_lines"], found
    assert found["tapped"] == ["After the text"]


def test_a_form_with_room_at_its_foot_has_no_empty_last_page(tmp_path):
    found = run(FOOT, tmp_path, "the form with room at its foot")
    assert found["pages"] >= 2
    assert all(found["shown"]), found  # every page shows something: none is the foot's empty room
    assert sorted(text for page in found["shown"] for text in page) == sorted(f"Row {n}" for n in range(14))


def test_a_players_choice_keeps_the_players_colour_after_a_press(tmp_path):
    found = run(COLOURED, tmp_path, "a player's coloured choice")
    assert found["before"] == found["blue"] and found["after"] == found["blue"], found
    assert found["pressed"] != found["blue"]  # a press shows


def test_the_driver_refuses_what_a_finger_could_not_tap(tmp_path):
    found = run(REFUSED, tmp_path, "the driver's refusals")
    assert "Choice 19" in found["other_page"] and "page" in found["other_page"]
    assert "page" in found["other_page_find"]
    assert "view" in found["scrolled_away"]
    assert "hidden" in found["hidden"]
    assert "outside the window" in found["outside"]
    assert found["shown"] is None
