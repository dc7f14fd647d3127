"""Playing Schatzjagd by touch in a test's window: a game set up on the new-game form."""

from __future__ import annotations

from typing import Any

from tests.companion.app.touch import button, chip, tap_in

TABLE_SCREEN = "schatzjagd-table"


def new_game(app: Any, driver: Any, names: dict[str, str], colours: tuple[str, ...], victory: int) -> None:
    """Schatzjagd set up by touch: the colours, a name typed, "any treasures" down to ``victory``.
    The table rolls a real die and taps its face (the settings' die source "typed")."""
    from companion.i18n import Message

    app.set_die_source("typed")
    driver.tap(app.say("New game"))
    driver.tap("Schatzjagd")
    form = app.screen("new").form
    for colour in colours:
        driver.choose(chip(form, colour))  # on its page of the form
    fields = [w for w in form.seating.name_rows.children if hasattr(w, "hint_text")][::-1]
    for colour, field in zip(form.seating.seated, fields, strict=True):
        field.text = names.get(colour, "")
    tap_in(driver, form, button(form.box, app.tr(Message("Any treasures"))))
    while form.count > victory:
        tap_in(driver, form, button(form.count_row, "−"))
    driver.tap(app.say("Start the game"))
    assert app.root.manager.current == TABLE_SCREEN, app.root.manager.current
