"""Sessions of the bar and the two lines around the screen (run by
``python -m tests.companion.app.bar_sessions NAME DATA_DIR``, each in a window of its own): a
Schatzjagd game whose bar keeps its buttons in place while the bottom line comes, goes and says
something long; a refusal gone at the next step; a journey's die that fell on the screen offered
no second roll, a face tapped from a real die offered to be tapped again."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.companion.app.touch import start
from tests.companion.games.schatzjagd.screens.driving import TABLE_SCREEN, new_game

LONG = (
    "Die Hardware-Einstellungen lassen sich nicht verwenden: In [panel] matrix.rows ist GPIO 2 belegt, "
    "denn er ist I2C SDA und hat auf der Platine einen festen Pull-up. GPIO 3 ist ebenso belegt. "
    "Wähle andere Pins in der Datei hardware.toml auf dem USB-Stick und starte die App neu."
)


def _bar(app: Any) -> list[tuple[str, tuple[float, float], tuple[float, float], float, tuple[float, float]]]:
    """Each bar button: its words, where it is in the window, its size, its font, the words' size."""
    bar = app.screen(TABLE_SCREEN).ids.bar
    buttons = [w for w in bar.walk(restrict=True) if w is not bar and hasattr(w, "on_release") and w.parent]
    return [(b.text, tuple(b.to_window(*b.pos)), tuple(b.size), b.font_size, tuple(b.texture_size)) for b in buttons]


def _options(app: Any) -> list[str]:
    box = app.screen(TABLE_SCREEN).ids.options
    return [w.text for w in box.walk(restrict=True) if hasattr(w, "on_release") and getattr(w, "text", "")]


def _line(app: Any) -> dict[str, Any]:
    word = app.root.ids.word
    return {"word": app.root.word, "refusal": app.root.word_is_refusal, "shown": word.text, "cut": word.cut,
            "font": word.font_size, "height": word.height, "texture": list(word.texture_size)}  # fmt: skip


def bar_stays(data: Path) -> dict[str, Any]:
    from companion.i18n import Message
    from engines.schatzjagd import commands as c

    app, driver = start(data, "de")
    new_game(app, driver, {"red": "Anna"}, ("red", "blue"), 3)
    app.set_die_source("screen")
    app.refresh()
    driver.frames()
    seen: dict[str, Any] = {"status": app.root.status_text}
    app.tell("")
    driver.frames()
    seen["bar_without"], seen["line_without"] = _bar(app), _line(app)
    app.table.submit(c.EndTurn("blue"))  # not blue's turn: refused
    driver.until(lambda: app.root.word_is_refusal, what="the refusal")
    driver.frames()
    seen["bar_refused"], seen["line_refused"] = _bar(app), _line(app)
    app.tell(LONG, refusal=True)
    driver.frames()
    seen["bar_long"], seen["line_long"] = _bar(app), _line(app)

    app.table.submit(c.EndTurn("blue"))
    driver.until(lambda: app.root.word_is_refusal, what="the refusal again")
    driver.tap(app.tr(Message("Roll on the screen")))  # the journey's die, on the screen: kept
    driver.frames()
    seen["line_after_roll"] = _line(app)
    seen["options_screen_roll"] = _options(app)
    seen["cancel_screen_roll"] = app.table.cancel_roll()
    seen["kept_source"] = app.table.kept().source

    app.table.submit(c.Travel("red", app.table.kept().face, "B2"))
    app.table.submit(c.EndTurn("red"))
    app.set_die_source("typed")
    app.refresh()
    driver.frames()
    app.table.submit(c.EndTurn("red"))  # refused: blue's turn
    driver.until(lambda: app.root.word_is_refusal, what="the third refusal")
    driver.tap(driver.find("3", exact=True))  # blue's journey, a real die's face tapped
    driver.frames()
    seen["options_typed"] = _options(app)
    driver.tap(driver.find(app.tr(Message("Wrong face: tap again")), exact=True))
    driver.frames()
    seen["line_after_again"] = _line(app)
    seen["options_after_again"] = _options(app)
    driver.stop()
    return seen


SESSIONS = {"bar-stays": bar_stays}

if __name__ == "__main__":
    name, data, *rest = sys.argv[1:]
    print(json.dumps(SESSIONS[name](Path(data), *rest), ensure_ascii=False), flush=True)
