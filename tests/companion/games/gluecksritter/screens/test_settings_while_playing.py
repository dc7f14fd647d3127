"""Die Glücksritter's settings changed while a game runs, in a real window, by touch: the game
runs with the digital sack, and the settings are then changed to a real sack. The settings
screen's part says it is for new games and names this game's own choices (the digital sack still);
the board's own switches stand apart and apply at once. Where the cards are chosen is one of them,
stored when tapped: on the screen, a press on the button panel picks nothing and says why, and the
players choose behind the cover."""

from __future__ import annotations

import json

import pytest

from tests.companion.app.touch import say, shots, start
from tests.companion.games.gluecksritter.screens.driving import PLAYERS, choose_behind_the_cover, new_game
from tests.support.window import in_window

WORDS = {
    "de": {
        "title": "Neue Spiele: Die Glücksritter",
        "note": "Für neue Spiele; ein laufendes Spiel bleibt, wie es begann.",
        "game": "Dieses Spiel: digitaler Sack, Sonderwürfel 4 × Sack und 2 × Burg, eigene Dokumentkarten",
        "live": "Sofort, auch im laufenden Spiel:",
        "cards": ["Wo die Aktionskarten gewählt werden", "Am Pult", "Am Bildschirm"],
        "press": "Die Karten werden jetzt am Bildschirm gewählt: Die Tasten des Pults zählen nicht.",
    },
    "en": {
        "title": "New games: Die Glücksritter",
        "note": "For new games; a game running keeps what it began with.",
        "game": "This game: the digital sack, special die 4 × sack and 2 × castle, our own document cards",
        "live": "At once, in the game running too:",
        "cards": ["Where the action cards are chosen", "on the panel", "on the screen"],
        "press": "The cards are chosen on the screen now: the panel's buttons are not used.",
    },
}


@pytest.mark.parametrize("language", ["de", "en"])
@in_window
def test_the_settings_say_new_games_and_the_running_games_own_choices(tmp_path, language):
    from tests.companion.table.panels import MatrixRig

    words = WORDS[language]
    rig = MatrixRig()  # the button panel on gpiozero's mock pins
    app, driver = start(tmp_path, language, hardware=lambda: {"panel": rig.factory, "leds": rig.leds})
    new_game(app, driver, "Schmidt 1998 (German)", PLAYERS)
    app.store_game_settings("gluecksritter", app.game_settings("gluecksritter") | {"digital_sack": False})
    driver.tap(say(app, "Settings"))
    screen = app.screen("settings")
    assert screen.ids.game_title.text == words["title"]
    part = screen.ids.game.children[0]
    shown = [w.text for w in part.walk(restrict=True) if getattr(w, "text", "")]
    assert f"{words['note']}\n{words['game']}" in shown, shown
    assert shown.index(words["live"]) > shown.index(words["note"] + "\n" + words["game"])
    assert all(word in shown for word in words["cards"]), shown
    assert shown.index(words["cards"][0]) > shown.index(words["live"])  # apart from the new games' switches
    shots(driver, screen.ids.list, tmp_path, f"gluecksritter-settings-playing-{language}")

    toggle = next(w for w in part.walk(restrict=True) if getattr(w, "text", "") == say(app, "on the screen"))
    driver.choose(toggle)
    stored = json.loads((tmp_path / "app-settings.json").read_text())["games"]["gluecksritter"]
    assert stored["cards_on_panel"] is False and stored["digital_sack"] is False
    assert app.table.public_view()["view"]["digital_sack"] is True  # the game running keeps its own sack

    # back at the board, with the button panel there: the cards are chosen behind the cover
    assert app.table.status().panel == "connected"
    driver.tap(say(app, "Back"))
    driver.tap(say(app, "Enter the Ducat card"))
    driver.tap(say(app, "Place the coins"))
    assert list(app.table.awaiting().choosing) == []
    texts = driver.texts()
    assert all(say(app, "{player}: choose in private", player=colour) in texts for colour in PLAYERS), texts
    rig.tap(1, 3)  # a press on the panel picks nothing now, and says why
    driver.until(lambda: app.root.word_is_refusal, what="the press refused")
    assert app.root.word == words["press"]
    choose_behind_the_cover(app, driver, PLAYERS[0], (1, 2))
    assert app.table.public_view()["view"]["players"][0]["has_chosen"] is True
    driver.stop()
