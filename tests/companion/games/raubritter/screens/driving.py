"""Playing Raubritter by touch in a test's window: the new-game form opened, a birthday set on it; a game
started, and the table screen touched as the players do (a tile laid with its march, a choice, a
cell, a dialog)."""

from __future__ import annotations

import datetime
from typing import Any

from tests.companion.app.touch import button, say, tap_in

# The birthdays the sessions tap: red and yellow born on the same day.
BIRTHDAYS = {
    "red": datetime.date(1987, 3, 14),
    "blue": datetime.date(1990, 5, 2),
    "yellow": datetime.date(1987, 3, 14),
    "green": datetime.date(2012, 7, 30),
}


def birthday(app: Any, driver: Any, form: Any, colour: str, day: datetime.date) -> None:
    """``colour``'s birthday button tapped, the picker set to ``day``, and "Done"."""
    tap_in(driver, form, form.seating.birthday_buttons[colour])
    pick(driver, day)
    driver.tap(say(app, "Done"))
    driver.until(lambda: form.birthdays.get(colour) == day, what=f"{colour}'s birthday in the form")


def open_form(app: Any, driver: Any) -> Any:
    """The new-game screen from the start screen, Raubritter chosen: its form."""
    if app.root.manager.current != "start":
        app.goto("start")  # as the bottom bar's "Menu" does
    driver.tap(say(app, "New game"))
    driver.tap("Raubritter")
    return app.screen("new").form


def pick(driver: Any, day: datetime.date) -> None:
    """The open date picker set to ``day`` by four taps: decade, year, month, day."""
    picker = picker_dialog().picker
    driver.tap(picker.decade_buttons[picker.decades.index(day.year // 10 * 10)])
    driver.tap(picker.year_buttons[day.year % 10])
    driver.tap(picker.month_buttons[day.month - 1])
    driver.tap(picker.day_buttons[day.day - 1])
    assert picker.date == day, (picker.date, day)


def picker_dialog() -> Any:
    from kivy.core.window import Window

    from companion.app.pieces.date import DateDialog

    found = [w for w in Window.children if isinstance(w, DateDialog) and w._is_open]
    assert len(found) == 1, found
    return found[0]


# ----------------------------------------------------------------------------- at the table
TABLE_SCREEN = "raubritter-table"
PLAYERS = (
    ("red", "Anna", datetime.date(1961, 3, 14)),
    ("blue", "Ben", datetime.date(1984, 11, 2)),
    ("green", "Clara", datetime.date(1990, 7, 30)),
    ("yellow", "", datetime.date(1958, 1, 9)),  # no name: called by the colour; the oldest
)


class Table:
    """The table screen as the players touch it."""

    def __init__(self, app: Any, driver: Any) -> None:
        self.app, self.driver = app, driver
        self.screen = app.screen(TABLE_SCREEN)
        self.offered_marches = 0

    def view(self) -> dict[str, Any]:
        return self.app.table.public_view()["view"]

    def option(self, text: Any) -> None:
        """A button of the screen's choices that says ``text`` (once the screen shows it)."""
        said = text if isinstance(text, str) else self.app.tr(text)
        options = self.screen.ids.options

        def there() -> bool:
            return any(getattr(w, "text", None) == said for w in options.box.walk(restrict=True))

        self.driver.until(there, seconds=20, what=f"a choice {said!r}; the prompt says {prompt(self.app)!r}")
        tap_in(self.driver, options, button(options.box, said))

    def offered(self) -> list[Any]:
        return list(self.screen.guided_now().options)

    def cell(self, x: int, y: int) -> None:
        self.driver.touch_at(*self.screen.ids.grid.centre_of(x, y))

    def lay(self, command: Any) -> None:
        """A tile laid by touch: its kind, its cell, and for a castle the knights and their march,
        checking that exactly the marches the rules allow are offered."""
        from companion.games.raubritter.screens.guide import DIRECTION_NAMES, STAY, drops_words
        from companion.i18n import Message, Plural, Word
        from engines.raubritter.moves import legal_marches
        from engines.raubritter.rules import building
        from engines.raubritter.views import state_of

        view = self.view()
        me = next(p for p in view["players"] if p["colour"] == command.player)
        self.option(Message("{kind}\n{n} left", kind=Word(command.kind), n=me["tiles"][command.kind]))
        targets = self.screen.guided_now().targets
        assert (command.x, command.y) in targets, ((command.x, command.y), targets)
        self.cell(command.x, command.y)
        if building(command.kind) != "castle":
            return
        knights = sum(command.drops)
        self.option(Message("No knights") if knights == 0 else Plural("{n} knight", "{n} knights", knights))
        if knights == 0:
            return
        legal = legal_marches(state_of(view), command.player, command.x, command.y, command.kind, knights)
        ways = {option.args.get("direction", STAY) for option in self.offered() if option.main}
        assert ways == {direction or STAY for direction, _ in legal}, (ways, legal)
        if command.direction is None:
            self.option(Plural("The {n} knight stays on the castle", "All {n} stay on the castle", knights))
            return
        self.option(Message("March {direction}", direction=DIRECTION_NAMES[command.direction]))
        splits = [option.args["drops"] for option in self.offered() if option.main]
        assert splits == [drops for direction, drops in legal if direction == command.direction], splits
        self.offered_marches += len(splits)
        self.option(drops_words(command.drops))
        assert self.screen.guided_now().march is not None  # drawn on the grid before it is confirmed
        self.option(Message("Confirm the march"))


def new_game(app: Any, driver: Any, players: int) -> Table:
    """Raubritter set up by touch on the new-game form (colours, names, birthdays of the first
    ``players`` of :data:`PLAYERS`) and started: its table."""
    from companion.games.raubritter.screens.showcase import seat

    seat(driver, driver.new_game_form("Raubritter"), PLAYERS[:players])
    driver.tap(app.say("Start the game"))
    driver.until(lambda: app.root.manager.current == TABLE_SCREEN, what="the table screen")
    return Table(app, driver)


def started(app: Any, driver: Any, players: Any) -> Table:
    """A game of ``players`` (colour, name) started as the new-game form starts it (a game running
    before is saved first), on the table screen."""
    from companion.i18n import Message

    app.start_game("raubritter", setup(players))
    driver.frames(3)
    if app.root.manager.current != TABLE_SCREEN:
        driver.tap(app.tr(Message("Save it and go on")))
    driver.until(lambda: app.root.manager.current == TABLE_SCREEN, what="the table screen")
    return Table(app, driver)


def setup(players: Any) -> Any:
    """The engine's setup of ``players`` (colour, name), born a year apart, the first the oldest."""
    from engines.raubritter.rules import Setup

    return Setup(
        players=[
            {"name": name, "birthday": datetime.date(1950 + i, 1, 1), "colour": colour}
            for i, (colour, name) in enumerate(players)
        ]
    )


def prompt(app: Any) -> str:
    """What the table screen asks now (beside "Whole layout"), whole."""
    return app.screen(TABLE_SCREEN).ids.asked.whole


def dialog() -> Any:
    """The dialog open on top."""
    from companion.app.pieces.dialog import open_dialogs

    dialogs = open_dialogs()
    assert dialogs, "no dialog is open"
    return dialogs[-1]
