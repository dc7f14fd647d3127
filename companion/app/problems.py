"""The hardware's problems as texts in the table's language (docs/i18n.md).

:func:`hardware_problems` turns an error from opening the hardware into texts for the bottom
line: one per problem of the hardware settings file (each saying where: the file, or its table and
the setting), or one for any other error (a busy GPIO, a serial port that will not open), which is
then told in the words of the library that raised it.

The problems' own words come from :mod:`hardware.problems` as English templates; the catalogue
message of each is the template itself. :data:`TEMPLATES` lists every one of them as a literal
message, so that the catalogues hold them (the extractor reads only literal ``Message`` calls);
``tests/companion/app/test_problems.py`` checks it against the templates in ``hardware/``.
"""

from __future__ import annotations

from typing import Any

from companion.i18n import Join, Message
from hardware.config import HardwareConfigError
from hardware.panel.config import PanelConfigError
from hardware.problems import Phrase, Problem


def hardware_problems(error: Exception) -> list[Message]:
    """One text per problem of a settings file; any other error as one text with its own words."""
    details: tuple[Problem, ...] = ()
    if isinstance(error, HardwareConfigError | PanelConfigError):
        details = error.details
    if not details:
        return [Message("The hardware cannot be used: {problem}", problem=str(error))]
    return [problem_text(problem) for problem in details]


def problem_text(problem: Problem) -> Message:
    """The problem, saying where it is: in the file as a whole, in a table, or at one setting."""
    text = Message(problem.template, **_values(problem.values))
    if problem.table is None:
        return Message("Hardware settings {file}: {problem}", file=problem.file or "", problem=text)
    if not problem.where:
        return Message("Hardware settings, [{table}]: {problem}", table=problem.table, problem=text)
    return Message(
        "Hardware settings, [{table}] {where}: {problem}", table=problem.table, where=problem.where, problem=text
    )


def _values(values: dict[str, Any]) -> dict[str, Any]:
    return {name: _value(value) for name, value in values.items()}


def _value(value: Any) -> Any:
    if isinstance(value, Phrase):
        return Message(value.template, **_values(value.values))
    if isinstance(value, tuple):
        return Join(*(_value(item) for item in value))
    return value


TEMPLATES = (
    # the file as a whole (hardware/config.py)
    Message("no such settings file"),
    Message("cannot be read ({reason})"),
    Message("not a valid TOML file ({reason})"),
    Message("unknown table(s) {tables}; the file has [panel], [dice] and [display]"),
    Message("is a link to {target}, which is not there"),
    Message("the app may not read it (no permission)"),
    Message("is a folder, not a file"),
    Message("is not a file but a device or a pipe"),
    Message("has {size} bytes; a settings file has at most {largest}"),
    Message("is nested too deeply to be read"),
    # a setting pydantic refused (hardware/problems.py)
    Message("this setting is missing"),
    Message("there is no such setting; a typo?"),
    Message("must be a whole number, not {input}"),
    Message("must be a number, not {input}"),
    Message("must be true or false, not {input}"),
    Message("must be text in quotes, not {input}"),
    Message("must be a table, not {input}"),
    Message("must be a list in square brackets, not {input}"),
    Message("must be one of {choices}, not {input}"),
    Message("must be greater than {gt}"),
    Message("must be at least {ge}"),
    Message("must be less than {lt}"),
    Message("must be at most {le}"),
    Message("must have at least {min_length} characters"),
    Message("must have at most {max_length} characters"),
    Message("must have at least {min_length} entries"),
    Message("must have at most {max_length} entries"),
    Message("must not be empty"),
    Message("{input} does not have the required form {pattern}"),
    Message("cannot be used: {reason}"),
    # the panel's own checks (hardware/panel/config.py)
    Message("the matrix needs {needed} column pins, one for each button 1..6, but {given} are given"),
    Message("the matrix has no rows: give each player's row pin in matrix.rows"),
    Message('wiring "direct" needs a [panel.direct] table: player = [six pins for buttons 1..6]'),
    Message("player {player} has {count} direct pins; give exactly {needed}, one for each button"),
    Message("{table} names player {player}, but players are seats 1..6"),
    Message('LEDs need a GPIO panel (wiring "matrix" or "direct"), not wiring "{wiring}"'),
    Message("leds gives an LED to player {player}, who has no buttons in this wiring"),
    Message("GPIO {pin} ({use}) is not on the Pi header, which has GPIO 0..27"),
    Message("GPIO {pin} ({use}) is reserved: {reason}"),
    Message("GPIO {pin} is used {times}: {uses}"),
    Message("keyboard gives player {player} {count} keys; give exactly {needed}"),
    Message("key {key!r} is used {times}: {uses}"),
    Message("twice"),
    Message("{count} times"),
    Message("as {use}"),
    Message("for {use}"),
    Message("the row of player {player}"),
    Message("the column of button {button}"),
    Message("button {button} of player {player}"),
    Message("the LED of player {player}"),
    Message("it is ID_SD, the HAT identification EEPROM line"),
    Message("it is ID_SC, the HAT identification EEPROM line"),
    Message("it is I2C SDA (needed for MCP23017 expanders, and it has a fixed pull-up on the board)"),
    Message("it is I2C SCL (needed for MCP23017 expanders, and it has a fixed pull-up on the board)"),
    Message("it is UART TX (serial console, Bluetooth on some models)"),
    Message("it is UART RX (serial console, Bluetooth on some models)"),
    # the die's own checks (hardware/dice/config.py)
    Message("{port!r} is not 'auto', 'none', an absolute device path or a pyserial URL"),
    Message("pyserial has no handler for URLs starting with {scheme}://"),
    Message("reconnect_max_interval must not be smaller than reconnect_interval"),
    Message("each of the ports is a device path or a pyserial URL, not {port!r}"),
    Message("the ports name the same port twice"),
    Message("device_id names the die of a table with one board: leave it out with two ports"),
)
