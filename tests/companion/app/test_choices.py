"""The paged list of choices (:mod:`companion.app.pieces.choices`) and the driver's refusal of what
is not shown (:mod:`companion.app.driver`), in a real window of 800×480 of its own: 20 buttons in a
list 480 px high come in pages with big arrows, every button is reached by taps on the arrows alone,
a drag over a button taps nothing, a list filled again with as many buttons keeps their places, a
text taller than the list is shown whole over its pages; and the driver refuses a widget a finger
could not tap."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.support.window import in_window


def the_list(data: Path) -> tuple[Any, Any, Any]:
    """A window of 800×480 that shows only the paged list (German texts said as they are given):
    the app, its driver and the list."""
    from companion.app import env

    env.prepare(data / "kivy", size=(800, 480), headless=True)
    from kivy.app import App
    from kivy.lang import Builder

    from companion.app import theme
    from companion.app.driver import Driver
    from companion.app.pieces.choices import ChoiceList

    class Probe(App):
        language = "de"

        def say(self, text: str, language: str | None = None) -> str:
            return text

        def load_kv(self, filename: str | None = None) -> None:  # no kv of its own
            return None

        def build(self) -> Any:
            Builder.load_file(str(theme.KV))
            self.list = ChoiceList()
            return self.list

    app = Probe()
    driver = Driver(app).start()
    from kivy.core.window import Window

    assert tuple(Window.size) == (800, 480), "Kivy was imported before the window's size was set"
    return app, driver, app.list


def buttons(word: str, tapped: list[str]) -> list[Any]:
    """Twenty big buttons "word 0" … "word 19"; a tap on one adds its text to ``tapped``."""
    from kivy.factory import Factory

    made = []
    for n in range(20):
        button = Factory.Big(text=f"{word} {n}")
        button.bind(on_release=lambda b: tapped.append(b.text))
        made.append(button)
    return made


def place(widget: Any) -> tuple[int, ...]:
    return tuple(round(v) for v in widget.to_window(*widget.pos))


def refusal(action: Callable[[], Any]) -> str | None:
    """What the driver said when it refused ``action``; None when it did it."""
    try:
        action()
    except LookupError as said:
        return str(said)
    return None


@in_window
def test_twenty_choices_come_in_pages_turned_by_big_arrows(tmp_path):
    _app, driver, choices = the_list(tmp_path)

    from companion.app.driver import unseen

    tapped: list[str] = []
    first = buttons("Choice", tapped)
    choices.fill(first)
    driver.until(lambda: choices.pages > 1, what="pages")
    assert choices.height == 480
    assert choices.pages == 3
    assert all(width >= 48 and height >= 48 for width, height in (choices.up.size, choices.down.size))
    first_page = [b.text for b in first if unseen(b) is None]
    assert first_page == [f"Choice {n}" for n in range(7)]  # whole buttons only, from the top
    refused = refusal(lambda: driver.tap(first[-1]))
    assert refused is not None and ("not shown" in refused or "page" in refused)

    for button in first:  # a player turns the pages with the arrows
        driver.reveal(button)
        driver.tap(button)
    assert tapped == [f"Choice {n}" for n in range(20)]  # every one reached by the arrows

    tapped.clear()
    driver.reveal(first[0])
    for dx, dy in ((30, 0), (0, -30), (-30, 0)):
        driver.drag(first[1], dx, dy)
    assert tapped == []  # a drag taps nothing
    driver.tap(first[1])
    assert tapped == ["Choice 1"]

    driver.reveal(first[9])
    page = choices.page
    before = {n: place(first[n]) for n in range(20) if unseen(first[n]) is None}
    second = buttons("Other", tapped)
    choices.fill(second)
    driver.frames(3)
    assert choices.page == page
    assert {n: place(second[n]) for n in before} == before
    assert all(unseen(second[n]) is None for n in before)

    choices.fill(buttons("Shorter", tapped)[:5])
    driver.frames(3)
    five = [choices.pages, choices.page, len(choices.children)]
    assert five == [1, 0, 1]  # five fit: one page, no arrows (the page is the list's only child)


@in_window
def test_a_text_taller_than_the_list_is_shown_whole_over_its_pages(tmp_path):
    _app, driver, choices = the_list(tmp_path)

    from kivy.factory import Factory

    from companion.app.pieces.choices import _line_ends

    tapped: list[str] = []
    text = Factory.Body(text=" ".join(f"word{n}" for n in range(900)))
    after = Factory.Big(text="After the text")
    after.bind(on_release=lambda b: tapped.append(b.text))
    choices.fill([text, after])
    driver.until(lambda: choices.pages > 2, what="the long text over pages")
    driver.frames(5)  # the text wrapped anew beside the arrows
    assert text.height > choices.height
    assert choices.pages >= 3
    spans = choices.spans
    assert all(0 < bottom - top <= choices.height + 0.5 for top, bottom in spans)  # each page fits
    assert all(abs(spans[n][1] - spans[n + 1][0]) < 0.5 for n in range(len(spans) - 2))  # the pages join
    assert spans[0][0] <= 0.5 and spans[-1][1] >= text.height - 0.5  # the text covered
    ends = _line_ends(text)
    assert all(any(abs(end - bottom) < 0.5 for end in ends) for _, bottom in spans[:-1])  # cut between lines
    driver.reveal(after)
    driver.tap(after)
    assert tapped == ["After the text"]


@in_window
def test_a_form_with_room_at_its_foot_has_no_empty_last_page(tmp_path):
    _app, driver, choices = the_list(tmp_path)

    from kivy.factory import Factory
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
    assert choices.pages >= 2
    shown = []
    for page in range(choices.pages):
        choices.turn(page)
        driver.frames(2)
        shown.append([b.text for b in form.children if getattr(b, "text", "") and choices.page_of(b) == page])
    assert all(shown)  # every page shows something: none is the foot's empty room
    assert sorted(text for page in shown for text in page) == sorted(f"Row {n}" for n in range(14))


@in_window
def test_a_players_choice_keeps_the_players_colour_after_a_press(tmp_path):
    _app, driver, choices = the_list(tmp_path)

    from companion.app import theme
    from companion.app.option import Option
    from companion.app.pieces.options import option_button

    blue = list(theme.player_colour("blue"))
    button = option_button(Option("Blue: choose in private", player="blue"), "Blue: choose in private", print)
    choices.fill([button])
    driver.frames(2)
    assert list(button.background_color) == blue
    button.state = "down"  # a finger on it, and the dialog it opened backed out of: up again
    driver.frames(1)
    assert list(button.background_color) != blue  # a press shows
    button.state = "normal"
    driver.frames(2)
    assert list(button.background_color) == blue


@in_window
def test_the_driver_refuses_what_a_finger_could_not_tap(tmp_path):
    app, driver, choices = the_list(tmp_path)

    from kivy.factory import Factory
    from kivy.uix.gridlayout import GridLayout
    from kivy.uix.scrollview import ScrollView
    from kivy.uix.widget import Widget

    choices.fill(buttons("Choice", []))
    driver.until(lambda: choices.pages > 1, what="pages")
    other_page = refusal(lambda: driver.tap("Choice 19"))
    assert other_page is not None and "Choice 19" in other_page and "page" in other_page
    other_page_find = refusal(lambda: driver.find("Choice 19"))
    assert other_page_find is not None and "page" in other_page_find

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
    scrolled_away = refusal(lambda: driver.tap(low))
    assert scrolled_away is not None and "view" in scrolled_away
    hidden_refused = refusal(lambda: driver.tap(hidden))
    assert hidden_refused is not None and "hidden" in hidden_refused

    outside = Factory.Big(text="Outside", size_hint=(None, None), size=(100, 50), pos=(900, 100))
    app.root.parent.add_widget(outside)
    driver.frames(2)
    outside_refused = refusal(lambda: driver.tap(outside))
    assert outside_refused is not None and "outside the window" in outside_refused
    assert refusal(lambda: driver.tap("High in the view")) is None  # what is shown is tapped
