"""The fit checker (:mod:`companion.app.fit`) on small widgets made by hand, each alone in a real
800×480 window (headless, in a process of its own): what fits passes, each way of cutting a text
and a button too small for a finger are found, and a list that scrolls may hold a line partly out
of view."""

from __future__ import annotations

import json
import sys

import pytest

from tests.companion.app.ui import run_process


@pytest.fixture(scope="module")
def found(tmp_path_factory) -> dict[str, list[dict]]:
    home = tmp_path_factory.mktemp("fit-cases") / "kivy"
    done = run_process(
        [sys.executable, "-m", "tests.companion.app.fit_check", "cases", str(home)], "the fit checker's cases"
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def whys(found: dict[str, list[dict]], case: str) -> list[str]:
    return [finding["why"] for finding in found[case]]


@pytest.mark.parametrize(
    "case", ["fits", "fits_markup", "room_above_letters_cut", "button_48", "scrolling_list_partly_out"]
)
def test_what_fits_passes(found, case):
    assert found[case] == []


def test_a_wrapped_label_too_low_is_found(found):
    (why,) = whys(found, "wrapped_too_low")
    assert "drawn beyond its box (150×30)" in why


def test_lines_beyond_the_text_size_are_found_dropped(found):
    (why,) = whys(found, "wrapped_lines_dropped")
    assert "lines beyond the text_size's height are dropped" in why


def test_lines_beyond_max_lines_are_found_dropped(found):
    (why,) = whys(found, "too_many_lines")
    assert "lines beyond the max_lines are dropped" in why


def test_a_shortened_label_is_found(found):
    (why,) = whys(found, "shortened")
    assert why.startswith("shortened")


def test_a_word_broken_mid_word_is_found(found):
    (why,) = whys(found, "mid_word")
    assert "broken mid-word ('Donaudampfschifffahrtsgesellschaft')" in why


def test_a_label_without_text_size_wider_than_its_box_is_found(found):
    (why,) = whys(found, "wider_than_box")
    assert "drawn beyond its box (120×40)" in why


def test_a_40_px_button_is_found(found):
    (finding,) = found["button_40"]
    assert finding["widget"] == "Button" and finding["text"] == "OK" and finding["box"] == [20, 20, 40, 40]
    assert "a touch target of 40 px" in finding["why"]


def test_a_button_whose_text_does_not_fit_is_found(found):
    (why,) = whys(found, "button_text_cut")
    assert "drawn beyond its box (120×56)" in why


def test_text_cut_by_a_clipping_area_that_does_not_scroll_is_found(found):
    (why,) = whys(found, "clipped_not_scrolling")
    assert "cut by the edge of StencilView" in why
