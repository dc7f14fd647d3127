"""Die Glücksritter's settings changed while a game runs, in a real window, by touch (run by
:mod:`tests.companion.app.sessions` for ``test_settings.py``; the real table's own tests are in
``tests/companion/games/gluecksritter/screens/test_real_table.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.companion.app.touch import say, start
from tests.companion.games.gluecksritter.screens.driving import PLAYERS, choose_behind_the_cover, new_game


def settings_while_playing(data: Path, language: str) -> dict[str, Any]:
    """A Glücksritter game runs with the digital sack; the settings are then changed to a real sack.
    The settings screen's part: its title says new games, a line says this game's own choices (the
    digital sack still), the board's own switches stand apart and apply at once; where the cards
    are chosen is one of them, stored when tapped."""
    import json

    from tests.companion.table.panels import MatrixRig

    rig = MatrixRig()  # the button panel on gpiozero's mock pins
    app, driver = start(data, language, hardware=lambda: {"panel": rig.factory, "leds": rig.leds})
    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    app.store_game_settings("gluecksritter", app.game_settings("gluecksritter") | {"digital_sack": False})
    driver.tap(say(app, "Settings"))
    screen = app.screen("settings")
    part = screen.ids.game.children[0]
    seen: dict[str, Any] = {"title": screen.ids.game_title.text}
    seen["shown"] = [w.text for w in part.walk(restrict=True) if getattr(w, "text", "")]
    from tests.companion.app.touch import shots

    seen["shots"] = shots(driver, screen.ids.list, data, f"gluecksritter-settings-playing-{language}")
    screen_word = say(app, "on the screen")
    toggle = next(w for w in part.walk(restrict=True) if getattr(w, "text", "") == screen_word)
    driver.choose(toggle)
    seen["stored"] = json.loads((data / "app-settings.json").read_text())["games"]["gluecksritter"]
    seen["game_sack"] = app.table.public_view()["view"]["digital_sack"]
    # back at the board, with the button panel there: the cards are chosen behind the cover
    seen["panel"] = app.table.status().panel
    driver.tap(say(app, "Back"))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    seen["choosing_on_panel"] = list(app.table.awaiting().choosing)
    seen["cover_offered"] = [say(app, "{player}: choose in private", player=c) in driver.texts() for c in PLAYERS]
    rig.tap(1, 3)  # a press on the panel picks nothing now, and says why
    driver.until(lambda: app.root.word_is_refusal, what="the press refused")
    seen["press"] = app.root.word
    choose_behind_the_cover(app, driver, PLAYERS[0], (1, 2))
    seen["chosen_on_screen"] = app.table.public_view()["view"]["players"][0]["has_chosen"]
    driver.stop()
    return seen


SESSIONS = {"gluecksritter-settings-playing": settings_while_playing}
