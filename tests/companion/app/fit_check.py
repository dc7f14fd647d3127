"""The fit checker (:mod:`companion.app.fit`) in a real window, headless, in a process of its own.

``python -m tests.companion.app.fit_check states OUTDIR SIZE LANG``: every state the screenshots
command walks (its PNGs in OUTDIR), checked as it is drawn; the last line printed is JSON:
``{"states": [...], "findings": [...]}``.

``python -m tests.companion.app.fit_check cases KIVY_HOME``: small hand-built widgets, each
checked alone in an 800×480 window; the last line is JSON: ``{case: [finding, ...]}``."""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any


def states(out: Path, size: tuple[int, int], language: str) -> dict[str, Any]:
    from companion.app.screenshots import shoot

    seen: list[str] = []
    findings: list[dict[str, Any]] = []
    english = untranslated_patterns() if language == "de" else []

    def on_state(name: str) -> None:
        from companion.app import fit

        seen.append(name)
        findings.extend(finding.as_dict() for finding in fit.check(name))
        findings.extend(english_words(name, english))

    with tempfile.TemporaryDirectory(prefix="companion-fit-") as data:
        shoot(out, Path(data), size, language, on_state=on_state)
    return {"states": seen, "findings": findings}


def untranslated_patterns() -> list[tuple[str, Any]]:
    """Every English text of the catalogues that German says otherwise, as a pattern that finds it
    inside a shown text, as whole words (a value of the message may stand for anything): texts of
    four letters or more, so that "OK" or a player's initial is no finding."""
    import re

    from babel.messages.pofile import read_po

    from companion.i18n.paths import po_files

    found = []
    for path in po_files("de"):
        with path.open("rb") as file:
            catalogue = read_po(file)
        for message in catalogue:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            german = message.string if isinstance(message.string, tuple) else (message.string,)
            for english in ids:
                if not english or english in german:
                    continue
                literal = re.split(r"\{[^{}]*\}", english)
                if sum(len(re.findall(r"[A-Za-z]", part)) for part in literal) < 4:
                    continue
                pattern = ".+?".join(re.escape(part) for part in literal)
                found.append((english, re.compile(rf"(?<!\w){pattern}(?!\w)")))
    return found


def english_words(state: str, patterns: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """A finding for each shown text that holds an English catalogue text on a German screen."""
    from companion.app import fit

    findings = []
    for root in fit.window_roots():
        for widget in root.walk(restrict=True):
            text = getattr(widget, "text", None)
            if not isinstance(text, str) or not text.strip() or not fit._shown(widget):
                continue
            shown = fit.plain_text(text) if getattr(widget, "markup", False) else text
            for english, pattern in patterns:
                if pattern.search(shown):
                    why = f"English on a German screen: {english!r}"
                    where = {"widget": type(widget).__name__, "id": "", "text": shown[:60], "box": (0, 0, 0, 0)}
                    findings.append({"state": state, **where, "why": why})
                    break
    return findings


def report(findings: list[dict[str, Any]]) -> str:
    """The findings grouped by state, one line each."""
    lines: list[str] = []
    state = None
    for found in findings:
        if found["state"] != state:
            state = found["state"]
            lines.append(f"  {state}:")
        x, y, w, h = found["box"]
        name = f"{found['widget']}#{found['id']}" if found["id"] else found["widget"]
        lines.append(f"    {name} {found['text']!r} at ({x}, {y}) {w}×{h}: {found['why']}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- hand-built cases
LONG = "Grün wird auf Feld 2 übergangen: kann 6 nicht ziehen"


def _cases() -> dict[str, Callable[[], Any]]:
    from kivy.uix.boxlayout import BoxLayout
    from kivy.uix.button import Button
    from kivy.uix.floatlayout import FloatLayout
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView
    from kivy.uix.stencilview import StencilView

    def placed(widget: Any, x: float = 20, y: float = 20) -> Any:
        root = FloatLayout()
        widget.size_hint = (None, None)
        widget.pos = (x, y)
        root.add_widget(widget)
        return root

    def label(text: str, size: tuple[float, float], **kwargs: Any) -> Any:
        return Label(**{"text": text, "font_size": 18, "size_hint": (None, None), "size": size, **kwargs})

    def fits() -> Any:
        return placed(label(LONG, (300, 60), text_size=(300, None)))

    def fits_markup() -> Any:
        return placed(label("[b]Grün[/b] zieht [color=#aa0000]6[/color] &bl;Feld 2&br;", (300, 40), markup=True))

    def room_above_letters_cut() -> Any:  # the line's box a few pixels taller than the label: no letter is cut
        return placed(label("man nimmt zwei", (200, 18), text_size=(200, 18), valign="middle"))

    def wrapped_too_low() -> Any:
        return placed(label(LONG, (150, 30), text_size=(150, None)), 20, 200)

    def wrapped_lines_dropped() -> Any:
        return placed(label(LONG, (150, 30), text_size=(150, 30), valign="top"))

    def too_many_lines() -> Any:
        made = label(LONG, (150, 200), text_size=(150, None))
        made.max_lines = 2  # Kivy's core label takes it only once the label is made
        return placed(made)

    def shortened() -> Any:
        return placed(label(LONG, (150, 30), text_size=(150, 30), shorten=True))

    def mid_word() -> Any:
        return placed(label("Donaudampfschifffahrtsgesellschaft", (120, 200), text_size=(120, None)))

    def wider_than_box() -> Any:
        return placed(label(LONG, (120, 40)), 340, 200)

    def button_40() -> Any:
        return placed(Button(text="OK", size=(40, 40)))

    def button_48() -> Any:
        return placed(Button(text="OK", size=(48, 80)))

    def button_text_cut() -> Any:
        return placed(Button(text=LONG, size=(120, 56), text_size=(110, None)))

    def scrolling_list_partly_out() -> Any:
        view = ScrollView(size=(300, 100), do_scroll_x=False)
        rows = BoxLayout(orientation="vertical", size_hint_y=None, height=400)
        for n in range(8):
            rows.add_widget(label(f"Zeile {n + 1}: {LONG[:20]}", (300, 50), size_hint=(1, None)))
        view.add_widget(rows)
        view.scroll_y = 0.9  # the first row partly above the view's top edge
        return placed(view, 20, 200)

    def clipped_not_scrolling() -> Any:
        area = StencilView(size=(300, 30))
        area.add_widget(label(LONG[:20], (300, 50), pos=(20, 175)))  # its line across the edge
        return placed(area, 20, 200)

    return {
        "fits": fits,
        "fits_markup": fits_markup,
        "room_above_letters_cut": room_above_letters_cut,
        "wrapped_too_low": wrapped_too_low,
        "wrapped_lines_dropped": wrapped_lines_dropped,
        "too_many_lines": too_many_lines,
        "shortened": shortened,
        "mid_word": mid_word,
        "wider_than_box": wider_than_box,
        "button_40": button_40,
        "button_48": button_48,
        "button_text_cut": button_text_cut,
        "scrolling_list_partly_out": scrolling_list_partly_out,
        "clipped_not_scrolling": clipped_not_scrolling,
    }


def cases(home: Path) -> dict[str, list[dict[str, Any]]]:
    from companion.app import env

    env.prepare(home, size=(800, 480), headless=True)
    from kivy.base import EventLoop
    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion.app import fit

    EventLoop.ensure_window()

    def frames(count: int = 4) -> None:
        for _ in range(count):
            Clock.tick()
            EventLoop.idle()

    found: dict[str, list[dict[str, Any]]] = {}
    for name, build in _cases().items():
        root = build()
        root.size = Window.size
        Window.add_widget(root)
        frames()
        found[name] = [finding.as_dict() for finding in fit.check_roots(name, [root])]
        Window.remove_widget(root)
        frames(1)
    return found


def main(argv: list[str]) -> int:
    what, *args = argv
    if what == "states":
        out, size, language = args
        width, height = (int(n) for n in size.split("x"))
        print(json.dumps(states(Path(out), (width, height), language)))
    elif what == "cases":
        print(json.dumps(cases(Path(args[0]))))
    elif what == "report":  # states, printed for people: python -m ... report OUTDIR SIZE LANG
        out, size, language = args
        width, height = (int(n) for n in size.split("x"))
        done = states(Path(out), (width, height), language)
        print(f"{size} {language}: {len(done['findings'])} findings in {len(done['states'])} states")
        print(report(done["findings"]))
    else:
        print(f"unknown: {what}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
