"""The bar and the lines around the screen in a real window at 800×480, in German: the bar's
buttons keep their places while the bottom line comes, goes and says something long (the line
keeps its height and fits the text whole); a refusal is gone once the next step is taken; a
journey's die that fell on the screen is not rolled again, a face tapped from a real die may be
tapped again; Schatzjagd's status line names no panel."""

from __future__ import annotations

from typing import Any

from tests.companion.app.touch import start
from tests.companion.games.schatzjagd.screens.driving import TABLE_SCREEN, new_game
from tests.support.window import in_window

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


def _places(bar: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """Each bar button's words, place and size."""
    return [(text, pos, size) for text, pos, size, _font, _words in bar]


def _options(app: Any) -> list[str]:
    box = app.screen(TABLE_SCREEN).ids.options
    return [w.text for w in box.walk(restrict=True) if hasattr(w, "on_release") and getattr(w, "text", "")]


def _line(app: Any) -> dict[str, Any]:
    """The bottom line: what it was told, whether a refusal, what it shows, cut or not, its font,
    its height and the size of its words."""
    word = app.root.ids.word
    return {"word": app.root.word, "refusal": app.root.word_is_refusal, "shown": word.text, "cut": word.cut,
            "font": word.font_size, "height": word.height, "texture": list(word.texture_size)}  # fmt: skip


@in_window
def test_the_bar_stays_the_lines_keep_their_place_and_a_fallen_die_stands(tmp_path):
    """A Schatzjagd game whose bar keeps its buttons in place while the bottom line comes, goes and
    says something long; a refusal gone at the next step; a journey's die that fell on the screen
    offered no second roll, a face tapped from a real die offered to be tapped again."""
    from companion.i18n import Message
    from engines.schatzjagd import commands as c

    app, driver = start(tmp_path, "de")
    new_game(app, driver, {"red": "Anna"}, ("red", "blue"), 3)
    app.set_die_source("screen")
    app.refresh()
    driver.frames()
    status = app.root.status_text
    assert "Pult" not in status, "Schatzjagd uses no panel"
    assert status.startswith("Würfel: am Bildschirm")

    app.tell("")
    driver.frames()
    bar_without, without = _bar(app), _line(app)
    for _text, _pos, size, _font, words in bar_without:
        assert min(size) >= 48, "a finger's height"
        assert words[0] <= size[0] and words[1] <= size[1], "the words fit their button"
    assert [text for text, *_ in bar_without] == [
        "Protokoll", "Meine Schätze", "Korrigieren", "Hilfe", "Einstellungen", "Menü"
    ]  # fmt: skip
    assert without["height"] == 48

    app.table.submit(c.EndTurn("blue"))  # not blue's turn: refused
    driver.until(lambda: app.root.word_is_refusal, what="the refusal")
    driver.frames()
    refused = _line(app)
    assert _places(_bar(app)) == _places(bar_without), "no bar button moves while the bottom line comes"
    assert refused["height"] == 48
    assert refused["refusal"] and refused["shown"] == "Anna (Rot) ist am Zug, Blau kann jetzt nicht den Zug beenden"

    app.tell(LONG, refusal=True)
    driver.frames()
    long = _line(app)
    assert _places(_bar(app)) == _places(bar_without), "no bar button moves while the bottom line grows"
    assert long["height"] == 48
    assert long["shown"] == long["word"] and not long["cut"], "a long refusal is shown whole, in a smaller font"
    assert long["font"] < refused["font"] and long["texture"][1] <= long["height"]

    # a refusal is gone at the next step; a die that fell on the screen is not rolled again
    app.table.submit(c.EndTurn("blue"))
    driver.until(lambda: app.root.word_is_refusal, what="the refusal again")
    driver.tap(app.tr(Message("Roll on the screen")))  # the journey's die, on the screen: kept
    driver.frames()
    after = _line(app)
    assert not after["refusal"] and after["word"].startswith("Anna (Rot) hat ")
    assert _options(app) == ["Wo der Scherge steht"], "no second roll of a die that fell"
    assert app.table.cancel_roll() is False and app.table.kept().source == "screen"

    app.table.submit(c.Travel("red", app.table.kept().face, "B2"))
    app.table.submit(c.EndTurn("red"))
    app.set_die_source("typed")
    app.refresh()
    driver.frames()
    app.table.submit(c.EndTurn("red"))  # refused: blue's turn
    driver.until(lambda: app.root.word_is_refusal, what="the third refusal")
    driver.tap(driver.find("3", exact=True))  # blue's journey, a real die's face tapped
    driver.frames()
    assert _options(app) == ["Wo der Scherge steht", "Falsch getippt: neu tippen"]
    driver.tap(driver.find(app.tr(Message("Wrong face: tap again")), exact=True))
    driver.frames()
    assert not _line(app)["refusal"]
    assert [text for text in _options(app) if text.isdigit()] == ["1", "2", "3", "4", "5", "6"]
    driver.stop()
