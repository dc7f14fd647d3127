"""Playing Schatzjagd by touch in a test's window: a game set up on the new-game form, and the table
screen touched as the players touch it (choices, die faces tapped as with a real die, dialogs, the
privacy cover)."""

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


class Table:
    """The table screen as the players touch it."""

    def __init__(self, app: Any, driver: Any) -> None:
        self.app, self.driver = app, driver

    def tr(self, msgid: str, **values: Any) -> str:
        from companion.i18n import Message, Person

        values = {k: Person(v, "Anna" if v == "red" else None) if k == "player" else v for k, v in values.items()}
        return self.app.tr(Message(msgid, **values))

    def option(self, text: str) -> None:
        """A button of the screen's choices that says ``text`` (once the screen shows it)."""
        options = self.app.screen(TABLE_SCREEN).ids.options
        self._until_offered(options, text)
        tap_in(self.driver, options, button(options.box, text))

    def _until_offered(self, options: Any, text: str) -> None:
        def there() -> bool:
            return any(getattr(w, "text", None) == text for w in options.box.walk(restrict=True))

        self.driver.until(there, seconds=20, what=f"a choice {text!r}; the prompt says {prompt(self.app)!r}")

    def choose(self, msgid: str, **values: Any) -> None:
        self.option(self.tr(msgid, **values))

    def face(self, number: int) -> None:
        """The face of a real die, tapped."""
        self.option(str(number))

    def dialog(self, text: str) -> None:
        """A button of the open dialog that says ``text``."""
        from companion.app.pieces.dialog import open_dialogs

        dialogs = open_dialogs()
        assert dialogs, f"no dialog is open to tap {text!r}"
        self.driver.tap(button(dialogs[-1], text))

    def closed(self) -> None:
        """The dialog took its command: it is gone (else the refusal it says is the failure)."""
        from companion.app.pieces.dialog import open_dialogs

        self.driver.frames(2)
        left = open_dialogs()
        assert not left, f"the dialog stayed open: {left[-1].refusal.text!r}"

    def field(self, name: str) -> None:
        self.dialog(name[0])
        self.dialog(name[1:])

    def journey(self, face: int, *, field: str | None = None, mode: str | None = None, place: str = "") -> None:
        """The die for the journey, then where the henchman stopped: a field, or a place of the city
        or a castle (``mode`` "City" or "Castle" and the place's button)."""
        self.face(face)
        self.choose("Where the henchman stopped")
        if field:
            self.field(field)
            self.dialog(self.tr("To {place}", place=field))
        else:
            self.dialog(self.tr(mode))
            self.dialog(place)
            self.dialog(self.tr("To {place}", place=_Raw(place)))
        self.closed()

    def slot(self, field: str) -> None:
        self.choose("Slot a card face down")
        self.field(field)
        self.dialog(self.tr("Slot it into {place}", place=field))
        self.closed()

    def cover(self, colour: str, kind: str) -> None:
        """Behind the privacy cover: show, the kind tapped, covered again."""
        from companion.i18n import Cap, Word

        self.dialog(self.tr("I am {player}: show", player=colour))
        self.dialog(self.app.tr(Cap(Word(kind))))
        self.dialog(self.tr("Done"))


class Shown(Table):
    """The table screen touched only where a finger sees it: each choice and each dialog's button
    by :meth:`Driver.choose` (the page arrows tapped until it shows, then the button)."""

    def option(self, text: str) -> None:
        options = self.app.screen(TABLE_SCREEN).ids.options
        self._until_offered(options, text)
        self.driver.choose(button(options.box, text))

    def dialog(self, text: str) -> None:
        from companion.app.pieces.dialog import open_dialogs

        dialogs = open_dialogs()
        assert dialogs, f"no dialog is open to tap {text!r}"
        self.driver.choose(button(dialogs[-1], text))


class _Raw(str):
    """A text already in the table's language (a place's button)."""


def prompt(app: Any) -> str:
    """What the table screen's prompt says now."""
    return str(app.screen(TABLE_SCREEN).ids.prompt.text)


def place(app: Any, msgid: str) -> str:
    """A place of the city (say "Inn") as its button says it."""
    from companion.i18n import Message

    return str(app.tr(Message(msgid)))


def castle(app: Any, colour: str) -> str:
    """A prince's castle as its button says it."""
    from companion.i18n import Cap, Message, Word

    return str(app.tr(Message("Castle {owner}", owner=Cap(Word(colour)))))
