"""Sessions of typing by touch, each in a process of its own (``python -m
tests.companion.app.typing_sessions NAME DATA_DIR [ARGS]``, as :mod:`tests.companion.app.ui` runs
them): names typed on the on-screen keyboard of the new-game form and an earlier game's name taken
by a tap; numbers set on the keypad of a stepper and of a card's effect. Only taps on the screen
type anything. Each session saves screenshots of what it showed into the data folder and prints
one JSON line with what the test checks."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.companion.app.touch import chip, say, sized, start


class Counted:
    """The driver's taps, counted."""

    def __init__(self, driver: Any) -> None:
        self.driver, self.taps = driver, 0

    def tap(self, target: Any) -> None:
        self.taps += 1
        self.driver.tap(target)


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


def names(data: Path, language: str, size: str = "") -> dict[str, Any]:
    """Glücksritter: red, blue and green seated, red's name typed on the keys ("Jörg": J comes as a
    capital by itself), the keyboard shown docked under the field, then "Done"; the game started.
    Schatzjagd next: green seated first and given the earlier game's "Jörg" by a tap on the name
    offered, red offered the earlier names but not "Jörg" (green has it), and typed "Eva-Lotte"
    with ⇧ for nothing and a wrong letter taken back with ⌫; the game started after the running one
    is saved. The journal holds both games with the names, and the BG Stats lines name them."""
    sized(size or None)
    app, driver = start(data, language)
    seen: dict[str, Any] = {}
    tag = f"{language}-{size or '800x480'}"
    driver.until(lambda: app.journal is not None, what="the journal")
    form = driver.new_game_form("Die Glücksritter")
    seen["hidden_before"] = not dock(app).shown and dock(app).height == 0
    for colour in ("red", "blue", "green"):
        driver.choose(chip(form, colour))
    field = name_field(form, "red")
    driver.choose(field)
    driver.until(lambda: dock(app).shown and field_above_keys(app, field), what="the keyboard under red's field")
    seen["focused"] = field.focus
    seen["offers_first_game"] = [w.text for w in dock(app).offers.children]
    begin = app.screen("new").ids.begin
    seen["buttons_hidden"] = begin.disabled and begin.parent.opacity == 0 and begin.parent.height == 0
    keys = dock(app).keys
    seen["key_sizes"] = sorted({(round(size[0]), round(size[1])) for pos, size in keys.layout_geometry["LINE_1"]})
    seen["window"] = list(app.root.get_root_window().size)
    taps = Counted(driver)
    type_by_keys(app, taps, ["J", "ö", "r", "g"])
    seen["typed"], seen["typed_taps"] = field.text, taps.taps
    seen["shots"] = [str(driver.shot(data / f"keyboard-glueck-{tag}.png"))]
    driver.tap(key(app, say(app, "Done")))
    driver.until(lambda: not dock(app).shown, what="the keyboard gone after Done")
    seen["focus_after_done"] = field.focus
    seen["names_gluecksritter"] = form.seating.given_names()
    driver.tap(app.screen("new").ids.begin)
    driver.until(lambda: app.root.manager.current != "new", what="the game's board")

    form = driver.new_game_form("Schatzjagd")
    for colour in ("green", "red"):
        driver.choose(chip(form, colour))
    green = name_field(form, "green")
    driver.choose(green)
    driver.until(lambda: dock(app).shown and field_above_keys(app, green), what="the keyboard under green's field")
    seen["offers_green"] = [w.text for w in reversed(dock(app).offers.children)]
    seen["shots"].append(str(driver.shot(data / f"keyboard-offers-{tag}.png")))
    driver.tap(next(w for w in dock(app).offers.children if w.text == "Jörg"))
    driver.until(lambda: not dock(app).shown, what="the keyboard gone after a name was taken")
    seen["green_taken"] = green.text
    red = name_field(form, "red")
    driver.choose(red)
    driver.until(lambda: dock(app).shown and field_above_keys(app, red), what="the keyboard under red's field")
    seen["offers_red"] = [w.text for w in reversed(dock(app).offers.children)]
    seen["capital_first"] = keys.have_capslock
    type_by_keys(app, driver, ["E", "v", "a", "-"])
    seen["capital_after_hyphen"] = keys.have_capslock
    type_by_keys(app, driver, ["L", "o", "x", "⌫", "t", "t", "e"])
    seen["shift_tapped"] = []
    driver.tap(key(app, "⇧"))
    seen["shift_tapped"].append(keys.have_capslock)
    driver.tap(key(app, "⇧"))  # and off again: nothing typed with it
    seen["shift_tapped"].append(keys.have_capslock)
    seen["shots"].append(str(driver.shot(data / f"keyboard-schatz-{tag}.png")))
    seen["typed_red"] = red.text
    driver.choose(green)  # another name field: the keyboard stays, for green now
    driver.until(lambda: dock(app).target is green, what="the keyboard moved to green's field")
    seen["moved_still_shown"] = dock(app).shown
    driver.tap(key(app, say(app, "Done")))
    driver.until(lambda: not dock(app).shown, what="the keyboard gone after Done")
    seen["names_schatzjagd"] = form.seating.given_names()
    driver.tap(app.screen("new").ids.begin)
    driver.tap(say(app, "Save it and go on"))
    driver.until(lambda: app.root.manager.current != "new", what="Schatzjagd's board")
    driver.stop()
    seen["games"] = journal_games(data)
    return seen


def numbers(data: Path, language: str, size: str = "") -> dict[str, Any]:
    """Schatzjagd's card dialog: a monster's power set to 12 on the keypad, then 25 refused in
    words (the power stays 12); a trap of −12 (the number typed on the keypad, then its sign); a
    stepper that goes below zero set to −12 with ± on the keypad; a stepper of a short range
    keeps its plain number."""
    sized(size or None)
    app, driver = start(data, language)
    from companion.app.pieces.dialog import Dialog
    from companion.app.pieces.keypad import Keypad
    from companion.app.pieces.stepper import Stepper
    from companion.games.schatzjagd.screens.dialogs import RevealDialog
    from companion.i18n import Message

    seen: dict[str, Any] = {"shots": []}
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

    driver.tap(say(app, "Monster"))
    taps = Counted(driver)
    taps.tap(dialog.power.shown)
    driver.until(lambda: keypad() is not None, what="the keypad")
    seen["keypad_title"] = [w.text for w in keypad().walk() if getattr(w, "bold", False) and w.text][0]
    seen["keypad_keys"] = sorted(keypad().keys)
    for pressed in ("1", "2"):
        taps.tap(keypad().keys[pressed])
    seen["shots"].append(str(driver.shot(data / f"keypad-power-{tag}.png")))
    taps.tap(keypad().ok)
    driver.until(lambda: keypad() is None, what="the keypad closed")
    seen["power"], seen["power_taps"] = int(dialog.power.value), taps.taps
    seen["power_shown"] = dialog.power.shown.text

    driver.tap(dialog.power.shown)
    driver.until(lambda: keypad() is not None, what="the keypad")
    for pressed in ("2", "5"):
        driver.tap(keypad().keys[pressed])
    driver.tap(keypad().ok)
    seen["refusal"] = keypad().refusal.text
    seen["still_open"] = keypad() is not None
    seen["shots"].append(str(driver.shot(data / f"keypad-refused-{tag}.png")))
    seen["power_after_refusal"] = int(dialog.power.value)
    driver.tap(keypad().cancel)
    driver.until(lambda: keypad() is None, what="the keypad closed by Cancel")
    seen["power_after_cancel"] = int(dialog.power.value)

    driver.tap(say(app, "Trap"))
    taps = Counted(driver)
    taps.tap(dialog.effects.number)
    driver.until(lambda: keypad() is not None, what="the keypad")
    for pressed in ("1", "2"):
        taps.tap(keypad().keys[pressed])
    taps.tap(keypad().ok)
    driver.until(lambda: keypad() is None, what="the keypad closed")
    taps.tap(driver.find("−12", exact=True))
    seen["trap_taps"] = taps.taps
    driver.tap(say(app, "Add"))
    seen["trap"] = [
        effect.__dict__ if hasattr(effect, "__dict__") else str(effect) for effect in dialog.effects.value()
    ]
    seen["trap"] = [[e.counter, e.op, e.amount] for e in dialog.effects.value()]
    seen["shots"].append(str(driver.shot(data / f"trap-{tag}.png")))
    dialog.close()

    below = Stepper(app.tr(Message("Power")), low=-20, high=20, value=0)
    short = Stepper(app.tr(Message("Bonus (+)")), low=1, high=6, value=1)
    sheet = Dialog()
    sheet.page(Message("Power"), [below, short], [(Message("Back"), sheet.close, True)])
    sheet.open_now()
    driver.frames(3)
    seen["short_is_button"] = hasattr(short.shown, "on_release")
    taps = Counted(driver)
    taps.tap(below.shown)
    driver.until(lambda: keypad() is not None, what="the keypad")
    seen["below_keys"] = sorted(keypad().keys)
    for pressed in ("±", "1", "2"):
        taps.tap(keypad().keys[pressed])
    seen["shots"].append(str(driver.shot(data / f"keypad-minus-{tag}.png")))
    taps.tap(keypad().ok)
    driver.until(lambda: keypad() is None, what="the keypad closed")
    seen["below"], seen["below_taps"], seen["below_shown"] = int(below.value), taps.taps, below.shown.text
    sheet.close()
    driver.stop()
    return seen


SESSIONS = {"names": names, "numbers": numbers}

if __name__ == "__main__":
    session, folder, *rest = sys.argv[1:]
    print(json.dumps(SESSIONS[session](Path(folder), *rest), ensure_ascii=False), flush=True)
