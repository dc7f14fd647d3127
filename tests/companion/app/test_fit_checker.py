"""The fit checker (:mod:`companion.app.fit`) on small widgets made by hand, each alone in a real
800×480 window of its own (headless): what fits passes, each way of cutting a text and a button too
small for a finger are found, and a list that scrolls may hold a line partly out of view."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.window import in_window

LONG = "Grün wird auf Feld 2 übergangen: kann 6 nicht ziehen"


def checked(data: Path, case: Callable[[], Any]) -> list[Any]:
    """The fit checker's findings on what ``case`` builds, alone in an 800×480 window, once drawn."""
    from companion.app import env

    env.prepare(data / "kivy", size=(800, 480), headless=True)
    from kivy.base import EventLoop
    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion.app import fit

    EventLoop.ensure_window()
    assert tuple(Window.size) == (800, 480), "Kivy was imported before the window's size was set"
    root = case()
    root.size = Window.size
    Window.add_widget(root)
    for _ in range(4):
        Clock.tick()
        EventLoop.idle()
    return list(fit.check_roots(case.__name__, [root]))


def whys(findings: list[Any]) -> list[str]:
    return [finding.why for finding in findings]


# ----------------------------------------------------------------------------- hand-built cases
def placed(widget: Any, x: float = 20, y: float = 20) -> Any:
    from kivy.uix.floatlayout import FloatLayout

    root = FloatLayout()
    widget.size_hint = (None, None)
    widget.pos = (x, y)
    root.add_widget(widget)
    return root


def label(text: str, size: tuple[float, float], **kwargs: Any) -> Any:
    from kivy.uix.label import Label

    return Label(**{"text": text, "font_size": 18, "size_hint": (None, None), "size": size, **kwargs})


def button(text: str, size: tuple[float, float], **kwargs: Any) -> Any:
    from kivy.uix.button import Button

    return Button(text=text, size=size, **kwargs)


def fits() -> Any:
    return placed(label(LONG, (300, 60), text_size=(300, None)))


def fits_markup() -> Any:
    return placed(label("[b]Grün[/b] zieht [color=#aa0000]6[/color] &bl;Feld 2&br;", (300, 40), markup=True))


def room_above_letters_cut() -> Any:  # the line's box a few pixels taller than the label: no letter is cut
    return placed(label("man nimmt zwei", (200, 18), text_size=(200, 18), valign="middle"))


def button_48() -> Any:
    return placed(button("OK", (48, 80)))


def scrolling_list_partly_out() -> Any:
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.scrollview import ScrollView

    view = ScrollView(size=(300, 100), do_scroll_x=False)
    rows = BoxLayout(orientation="vertical", size_hint_y=None, height=400)
    for n in range(8):
        rows.add_widget(label(f"Zeile {n + 1}: {LONG[:20]}", (300, 50), size_hint=(1, None)))
    view.add_widget(rows)
    view.scroll_y = 0.9  # the first row partly above the view's top edge
    return placed(view, 20, 200)


FITTING = {
    case.__name__: case for case in (fits, fits_markup, room_above_letters_cut, button_48, scrolling_list_partly_out)
}


@pytest.mark.parametrize("case", list(FITTING))
@in_window
def test_what_fits_passes(tmp_path, case):
    findings = checked(tmp_path, FITTING[case])
    assert findings == []


@in_window
def test_a_wrapped_label_too_low_is_found(tmp_path):
    findings = checked(tmp_path, lambda: placed(label(LONG, (150, 30), text_size=(150, None)), 20, 200))
    (why,) = whys(findings)
    assert "drawn beyond its box (150×30)" in why


@in_window
def test_lines_beyond_the_text_size_are_found_dropped(tmp_path):
    findings = checked(tmp_path, lambda: placed(label(LONG, (150, 30), text_size=(150, 30), valign="top")))
    (why,) = whys(findings)
    assert "lines beyond the text_size's height are dropped" in why


@in_window
def test_lines_beyond_max_lines_are_found_dropped(tmp_path):
    def too_many_lines() -> Any:
        made = label(LONG, (150, 200), text_size=(150, None))
        made.max_lines = 2  # Kivy's core label takes it only once the label is made
        return placed(made)

    findings = checked(tmp_path, too_many_lines)
    (why,) = whys(findings)
    assert "lines beyond the max_lines are dropped" in why


@in_window
def test_a_shortened_label_is_found(tmp_path):
    findings = checked(tmp_path, lambda: placed(label(LONG, (150, 30), text_size=(150, 30), shorten=True)))
    (why,) = whys(findings)
    assert why.startswith("shortened")


@in_window
def test_a_word_broken_mid_word_is_found(tmp_path):
    findings = checked(
        tmp_path, lambda: placed(label("Donaudampfschifffahrtsgesellschaft", (120, 200), text_size=(120, None)))
    )
    (why,) = whys(findings)
    assert "broken mid-word ('Donaudampfschifffahrtsgesellschaft')" in why


@in_window
def test_a_label_without_text_size_wider_than_its_box_is_found(tmp_path):
    findings = checked(tmp_path, lambda: placed(label(LONG, (120, 40)), 340, 200))
    (why,) = whys(findings)
    assert "drawn beyond its box (120×40)" in why


@in_window
def test_a_40_px_button_is_found(tmp_path):
    findings = checked(tmp_path, lambda: placed(button("OK", (40, 40))))
    (finding,) = findings
    assert finding.widget == "Button" and finding.text == "OK" and finding.box == (20, 20, 40, 40)
    assert "a touch target of 40 px" in finding.why


@in_window
def test_a_button_whose_text_does_not_fit_is_found(tmp_path):
    findings = checked(tmp_path, lambda: placed(button(LONG, (120, 56), text_size=(110, None))))
    (why,) = whys(findings)
    assert "drawn beyond its box (120×56)" in why


@in_window
def test_text_cut_by_a_clipping_area_that_does_not_scroll_is_found(tmp_path):
    def clipped_not_scrolling() -> Any:
        from kivy.uix.stencilview import StencilView

        area = StencilView(size=(300, 30))
        area.add_widget(label(LONG[:20], (300, 50), pos=(20, 175)))  # its line across the edge
        return placed(area, 20, 200)

    findings = checked(tmp_path, clipped_not_scrolling)
    (why,) = whys(findings)
    assert "cut by the edge of StencilView" in why
