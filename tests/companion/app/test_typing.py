"""Typing by touch, in real windows: names typed on the new-game form's on-screen keyboard only by
taps on its keys arrive in the game's setup in the journal and in the BG Stats lines; an earlier
game's name is offered and taken by a tap (and not offered to a second seat); numbers are set on
the keypad in a few taps, and a number out of range is refused in words with nothing changed. At
800×480 and 1280×720, in German and English. Only taps on the screen type anything; each test
saves screenshots of what it showed into its data folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.png import colours
from tests.companion.app.touch import chip, say, sized, start
from tests.support.window import in_window

SIZES = [("de", ""), ("en", "1280x720")]
REFUSALS = {"de": "25 geht hier nicht: von 2 bis 20.", "en": "25 is not possible here: from 2 to 20."}
POWER = {"de": "Kampfkraft", "en": "Power"}


@pytest.mark.parametrize(("language", "size"), SIZES, ids=["de-800x480", "en-1280x720"])
@in_window
def test_names_typed_by_taps_reach_the_journal_and_bg_stats(tmp_path: Path, language: str, size: str) -> None:
    """Glücksritter: red, blue and green seated, red's name typed on the keys ("Jörg": J comes as a
    capital by itself), the keyboard shown docked under the field, then "Done"; the game started.
    Schatzjagd next: green seated first and given the earlier game's "Jörg" by a tap on the name
    offered, red offered the earlier names but not "Jörg" (green has it), and typed "Eva-Lotte"
    with ⇧ for nothing and a wrong letter taken back with ⌫; the game started after the running one
    is saved. The journal holds both games with the names, and the BG Stats lines name them."""
    sized(size or None)
    app, driver = start(tmp_path, language)
    tag = f"{language}-{size or '800x480'}"
    driver.until(lambda: app.journal is not None, what="the journal")
    assert list(app.root.get_root_window().size) == ([1280, 720] if size else [800, 480])
    form = driver.new_game_form("Die Glücksritter")
    # no keyboard until a name field has the focus; then it is docked below the field, the
    # buttons at the foot give it their place, and its keys are big enough for a finger
    assert not dock(app).shown and dock(app).height == 0
    for colour in ("red", "blue", "green"):
        driver.choose(chip(form, colour))
    field = name_field(form, "red")
    driver.choose(field)
    driver.until(lambda: dock(app).shown and field_above_keys(app, field), what="the keyboard under red's field")
    assert field.focus
    assert [w.text for w in dock(app).offers.children] == []  # an empty journal has no names to offer
    begin = app.screen("new").ids.begin
    assert begin.disabled and begin.parent.opacity == 0 and begin.parent.height == 0
    keys = dock(app).keys
    key_sizes = sorted({(round(w), round(h)) for _pos, (w, h) in keys.layout_geometry["LINE_1"]})
    assert all(width >= 48 and height >= 48 for width, height in key_sizes), key_sizes

    # "Jörg" in four taps: the first letter a capital by itself, ö a key of its own
    taps = Counted(driver)
    type_by_keys(app, taps, ["J", "ö", "r", "g"])
    assert field.text == "Jörg" and taps.taps == 4
    drawn(driver.shot(tmp_path / f"keyboard-glueck-{tag}.png"))
    driver.tap(key(app, say(app, "Done")))
    driver.until(lambda: not dock(app).shown, what="the keyboard gone after Done")
    assert not field.focus and form.seating.given_names() == {"red": "Jörg"}
    driver.tap(app.screen("new").ids.begin)
    driver.until(lambda: app.root.manager.current != "new", what="the game's board")

    # the earlier game's name offered and taken by a tap; not offered to the next seat
    form = driver.new_game_form("Schatzjagd")
    for colour in ("green", "red"):
        driver.choose(chip(form, colour))
    green = name_field(form, "green")
    driver.choose(green)
    driver.until(lambda: dock(app).shown and field_above_keys(app, green), what="the keyboard under green's field")
    assert [w.text for w in reversed(dock(app).offers.children)] == ["Jörg"]
    drawn(driver.shot(tmp_path / f"keyboard-offers-{tag}.png"))
    driver.tap(next(w for w in dock(app).offers.children if w.text == "Jörg"))
    driver.until(lambda: not dock(app).shown, what="the keyboard gone after a name was taken")
    assert green.text == "Jörg"
    red = name_field(form, "red")
    driver.choose(red)
    driver.until(lambda: dock(app).shown and field_above_keys(app, red), what="the keyboard under red's field")
    offers_red = [w.text for w in reversed(dock(app).offers.children)]
    assert "Jörg" not in offers_red, offers_red

    # a capital after a hyphen by itself, ⌫ takes a letter back, ⇧ tapped twice types nothing
    assert keys.have_capslock
    type_by_keys(app, driver, ["E", "v", "a", "-"])
    assert keys.have_capslock
    type_by_keys(app, driver, ["L", "o", "x", "⌫", "t", "t", "e"])
    driver.tap(key(app, "⇧"))
    assert keys.have_capslock
    driver.tap(key(app, "⇧"))  # and off again: nothing typed with it
    assert not keys.have_capslock
    drawn(driver.shot(tmp_path / f"keyboard-schatz-{tag}.png"))
    assert red.text == "Eva-Lotte"
    driver.choose(green)  # another name field: the keyboard stays, for green now
    driver.until(lambda: dock(app).target is green, what="the keyboard moved to green's field")
    assert dock(app).shown
    driver.tap(key(app, say(app, "Done")))
    driver.until(lambda: not dock(app).shown, what="the keyboard gone after Done")
    assert form.seating.given_names() == {"green": "Jörg", "red": "Eva-Lotte"}
    driver.tap(app.screen("new").ids.begin)
    driver.tap(say(app, "Save it and go on"))
    driver.until(lambda: app.root.manager.current != "new", what="Schatzjagd's board")
    driver.stop()

    glueck, schatz = journal_games(tmp_path)
    assert glueck["game"] == "gluecksritter" and glueck["config_names"] == {"red": "Jörg"}
    assert glueck["exported"][0] == "Jörg"
    assert schatz["config_players"] == [{"name": "Jörg", "colour": "green"}, {"name": "Eva-Lotte", "colour": "red"}]
    assert schatz["exported"] == ["Jörg", "Eva-Lotte"]


@pytest.mark.parametrize(("language", "size"), SIZES, ids=["de-800x480", "en-1280x720"])
@in_window
def test_numbers_are_set_on_the_keypad_in_a_few_taps(tmp_path: Path, language: str, size: str) -> None:
    """Schatzjagd's card dialog: a monster's power set to 12 on the keypad, then 25 refused in
    words (the power stays 12); a trap of −12 (the number typed on the keypad, then its sign); a
    stepper that goes below zero set to −12 with ± on the keypad; a stepper of a short range
    keeps its plain number."""
    sized(size or None)
    app, driver = start(tmp_path, language)
    from companion.app.pieces.dialog import Dialog
    from companion.app.pieces.keypad import Keypad
    from companion.app.pieces.stepper import Stepper
    from companion.games.schatzjagd.screens.dialogs import RevealDialog
    from companion.i18n import Message

    tag = f"{language}-{size or '800x480'}"
    driver.until(lambda: app.journal is not None, what="the journal")
    form = driver.new_game_form("Schatzjagd")
    for colour in ("red", "blue"):
        driver.choose(chip(form, colour))
    driver.tap(app.screen("new").ids.begin)
    driver.until(lambda: app.table is not None and app.root.manager.current != "new", what="Schatzjagd's board")
    board = app.screen(app.root.manager.current)
    dialog = RevealDialog("red", board.view).open_now()  # as the board opens it for a card turned up
    driver.frames(3)

    def keypad() -> Any:
        found = [w for w in driver.roots() if isinstance(w, Keypad)]
        return found[0] if found else None

    # a monster's power of 12: the number, 1, 2, OK
    driver.tap(say(app, "Monster"))
    taps = Counted(driver)
    taps.tap(dialog.power.shown)
    driver.until(lambda: keypad() is not None, what="the keypad")
    assert [w.text for w in keypad().walk() if getattr(w, "bold", False) and w.text][0] == POWER[language]
    assert "±" not in keypad().keys  # the power is never below zero
    for pressed in ("1", "2"):
        taps.tap(keypad().keys[pressed])
    drawn(driver.shot(tmp_path / f"keypad-power-{tag}.png"))
    taps.tap(keypad().ok)
    driver.until(lambda: keypad() is None, what="the keypad closed")
    assert int(dialog.power.value) == 12 and taps.taps == 4 and dialog.power.shown.text == "12"

    # 25 refused in words; the keypad stays open and the power stays 12, also after "Cancel"
    driver.tap(dialog.power.shown)
    driver.until(lambda: keypad() is not None, what="the keypad")
    for pressed in ("2", "5"):
        driver.tap(keypad().keys[pressed])
    driver.tap(keypad().ok)
    assert keypad() is not None, "the keypad closed on a number out of range"
    assert keypad().refusal.text == REFUSALS[language]
    drawn(driver.shot(tmp_path / f"keypad-refused-{tag}.png"))
    assert int(dialog.power.value) == 12
    driver.tap(keypad().cancel)
    driver.until(lambda: keypad() is None, what="the keypad closed by Cancel")
    assert int(dialog.power.value) == 12

    # a trap of −12: the number, 1, 2, OK, and its sign
    driver.tap(say(app, "Trap"))
    taps = Counted(driver)
    taps.tap(dialog.effects.number)
    driver.until(lambda: keypad() is not None, what="the keypad")
    for pressed in ("1", "2"):
        taps.tap(keypad().keys[pressed])
    taps.tap(keypad().ok)
    driver.until(lambda: keypad() is None, what="the keypad closed")
    taps.tap(driver.find("−12", exact=True))
    assert taps.taps == 5
    driver.tap(say(app, "Add"))
    assert [[e.counter, e.op, e.amount] for e in dialog.effects.value()] == [["life", "sub", 12]]
    drawn(driver.shot(tmp_path / f"trap-{tag}.png"))
    dialog.close()

    # a stepper that goes below zero: ±, 1, 2 on the keypad; a short range keeps its plain number
    below = Stepper(app.tr(Message("Power")), low=-20, high=20, value=0)
    short = Stepper(app.tr(Message("Bonus (+)")), low=1, high=6, value=1)
    sheet = Dialog()
    sheet.page(Message("Power"), [below, short], [(Message("Back"), sheet.close, True)])
    sheet.open_now()
    driver.frames(3)
    assert not hasattr(short.shown, "on_release")
    taps = Counted(driver)
    taps.tap(below.shown)
    driver.until(lambda: keypad() is not None, what="the keypad")
    assert "±" in keypad().keys
    for pressed in ("±", "1", "2"):
        taps.tap(keypad().keys[pressed])
    drawn(driver.shot(tmp_path / f"keypad-minus-{tag}.png"))
    taps.tap(keypad().ok)
    driver.until(lambda: keypad() is None, what="the keypad closed")
    assert int(below.value) == -12 and taps.taps == 5 and below.shown.text == "−12"
    sheet.close()
    driver.stop()


class Counted:
    """The driver's taps, counted."""

    def __init__(self, driver: Any) -> None:
        self.driver, self.taps = driver, 0

    def tap(self, target: Any) -> None:
        self.taps += 1
        self.driver.tap(target)


def drawn(path: Path) -> None:
    assert path.exists() and colours(path) > 1, f"{path} is not a drawn screen"


def dock(app: Any) -> Any:
    return app.screen("new").name_keyboard


def key(app: Any, shown: str) -> Any:
    """The key of the on-screen keyboard that shows ``shown`` now (its letters change with ⇧)."""
    from companion.app.pieces.keyboard import WORDS

    keys = dock(app).keys
    words = {app.tr(word) for word in WORDS.values()}
    found = [label for label in keys.children if label.text == shown]
    assert found, f"no key shows {shown!r}; the keys show {[k.text for k in keys.children if k.text not in words]}"
    return found[0]


def name_field(form: Any, colour: str) -> Any:
    from companion.app.pieces.keyboard import NameField

    fields = [w for w in form.seating.name_rows.children if isinstance(w, NameField)]
    seated = form.seating.seated
    return fields[::-1][seated.index(colour)]  # the rows in seating order, drawn last to first


def type_by_keys(app: Any, driver: Any, keys: list[str]) -> None:
    for shown in keys:
        driver.tap(key(app, shown))


def field_above_keys(app: Any, field: Any) -> bool:
    """The field shown whole (on the form's page, a finger could tap it), above the keyboard."""
    from companion.app.driver import unseen

    _, bottom = field.to_window(field.x, field.y)
    return unseen(field) is None and bottom >= dock(app).top - 1


def journal_games(data: Path) -> list[dict[str, Any]]:
    """The journal's games: their setup's players and names, and the names the BG Stats lines give."""
    from companion.journal.bgstats import results_of
    from companion.journal.session import Session
    from companion.journal.store import Journal

    found = []
    with Journal.open(data / "journal.sqlite3", readonly=True) as journal:
        for row in journal.games():
            state = Session.open(journal, row.id).state
            exported = [result.name for result in results_of(row.game, state)]
            found.append({"game": row.game, "config_players": row.config["players"], "exported": exported})
            if "names" in row.config:
                found[-1]["config_names"] = row.config["names"]
    return found
