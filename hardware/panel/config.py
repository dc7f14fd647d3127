"""How the button panel is wired: a pydantic model of the ``[panel]`` table of the config file.

Pins are BCM GPIO numbers (``GPIO17``), not header positions. Players and buttons are 1..6.
Every check names the problem in words and says where the pin or player is used, so a wrong
TOML file can be fixed without reading this module; each problem is a
:class:`~hardware.problems.Phrase`, so that the table can say it in its own language.
``docs/wiring.md`` explains the default.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engines.core.errors import CompanionError
from hardware.problems import Invalid, Phrase, Problem, from_pydantic

PLAYERS = range(1, 7)
BUTTONS = range(1, 7)
HEADER_GPIOS = range(0, 28)

RESERVED_PINS: dict[int, str] = {
    0: "it is ID_SD, the HAT identification EEPROM line",
    1: "it is ID_SC, the HAT identification EEPROM line",
    2: "it is I2C SDA (needed for MCP23017 expanders, and it has a fixed pull-up on the board)",
    3: "it is I2C SCL (needed for MCP23017 expanders, and it has a fixed pull-up on the board)",
    14: "it is UART TX (serial console, Bluetooth on some models)",
    15: "it is UART RX (serial console, Bluetooth on some models)",
}

# The default: a 6x6 diode matrix and six LEDs in three blocks of the 40-pin header.
# Rows on header pins 7-18, LEDs on 19-26, columns on 29-37; GPIO 18-21 (I2S audio) stay free.
DEFAULT_ROWS: dict[int, int] = {1: 4, 2: 17, 3: 27, 4: 22, 5: 23, 6: 24}
DEFAULT_COLUMNS: tuple[int, ...] = (5, 6, 12, 13, 16, 26)
DEFAULT_LEDS: dict[int, int] = {1: 10, 2: 9, 3: 25, 4: 11, 5: 8, 6: 7}

# Keyboard stand-in: four rows of six on the left, two 3x2 blocks on the right.
DEFAULT_KEYS: dict[int, tuple[str, ...]] = {
    1: ("1", "2", "3", "4", "5", "6"),
    2: ("q", "w", "e", "r", "t", "y"),
    3: ("a", "s", "d", "f", "g", "h"),
    4: ("z", "x", "c", "v", "b", "n"),
    5: ("7", "8", "9", "u", "i", "o"),
    6: ("j", "k", "l", "m", ",", "."),
}

Wiring = Literal["matrix", "direct", "keyboard", "none"]


class PanelConfigError(CompanionError, ValueError):
    """A ``[panel]`` table that cannot be used; ``problems`` lists each problem in words (English),
    ``details`` each one as a :class:`~hardware.problems.Problem` (table ``panel``, no file)."""

    def __init__(self, problems: list[str], details: tuple[Problem, ...] = ()) -> None:
        super().__init__("panel config: " + "; ".join(problems))
        self.problems = problems
        self.details = details


class MatrixWiring(BaseModel):
    """A diode key matrix: one driven row per player, one read column per button."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rows: dict[int, int] = Field(description="player -> GPIO of that player's row (driven)")
    columns: list[int] = Field(description="GPIO of the column of buttons 1..6, in order (read)")
    settle_us: float = Field(default=20.0, ge=0, le=1000, description="wait after driving a row before reading")
    scan_interval_ms: float = Field(default=1.0, gt=0, le=20, description="pause between scans while a key is down")


class PanelConfig(BaseModel):
    """The whole ``[panel]`` table. ``PanelConfig()`` is the documented default wiring."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    wiring: Wiring = "matrix"
    active_low: bool = Field(default=True, description="a pressed button pulls its line low (pull-ups on)")
    debounce_ms: float = Field(default=20.0, ge=0, le=100)
    hold_to_clear_s: float = Field(default=1.5, gt=0, le=10)
    matrix: MatrixWiring | None = None
    direct: dict[int, list[int]] | None = Field(default=None, description="player -> GPIO of buttons 1..6")
    leds: dict[int, int] = Field(default_factory=dict, description="player -> GPIO of that player's LED")
    leds_active_high: bool = True
    keyboard: dict[int, list[str]] = Field(default_factory=lambda: {p: list(k) for p, k in DEFAULT_KEYS.items()})

    @model_validator(mode="before")
    @classmethod
    def _default_matrix(cls, data: Any) -> Any:
        """Without a ``matrix`` table the matrix wiring uses the default matrix and, unless given, the default LEDs."""
        if isinstance(data, dict) and data.get("wiring", "matrix") == "matrix" and data.get("matrix") is None:
            data = dict(data)
            data["matrix"] = {"rows": DEFAULT_ROWS, "columns": list(DEFAULT_COLUMNS)}
            data.setdefault("leds", DEFAULT_LEDS)
        return data

    @model_validator(mode="after")
    def _check(self) -> PanelConfig:
        problems = _player_problems(self) + _pin_problems(self) + _key_problems(self.keyboard)
        if problems:
            raise Invalid(*problems)
        return self

    def players(self) -> list[int]:
        """The seats that have buttons with this wiring, in order."""
        if self.wiring == "matrix" and self.matrix is not None:
            return sorted(self.matrix.rows)
        if self.wiring == "direct" and self.direct is not None:
            return sorted(self.direct)
        if self.wiring == "keyboard":
            return sorted(self.keyboard)
        return []

    def buttons(self) -> list[tuple[int, int]]:
        """Every (player, button) this wiring has."""
        return [(player, button) for player in self.players() for button in BUTTONS]


def load_panel_config(data: dict[str, Any]) -> PanelConfig:
    """Validate the ``[panel]`` table (a dict, e.g. from ``tomllib``); raise :class:`PanelConfigError` if unusable."""
    try:
        return PanelConfig.model_validate(data)
    except ValidationError as error:
        details = tuple(from_pydantic(error, "panel"))
        raise PanelConfigError([_describe(item) for item in error.errors()], details) from None


def read_panel_config(path: Path) -> PanelConfig:
    """Read the ``[panel]`` table of a TOML file; a file without one gets the default wiring."""
    with path.open("rb") as file:
        return load_panel_config(tomllib.load(file).get("panel", {}))


def _describe(item: Any) -> str:
    where = ".".join(str(part) for part in item["loc"])
    message = str(item["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def _player_problems(config: PanelConfig) -> list[Phrase]:
    """Seats outside 1..6, wrong pin counts, a missing table, LEDs for players without buttons."""
    problems: list[Phrase] = []
    tables: list[tuple[str, dict[int, Any]]] = [("leds", config.leds)]
    if config.wiring == "matrix" and config.matrix is not None:
        tables.append(("matrix.rows", config.matrix.rows))
        if len(config.matrix.columns) != len(BUTTONS):
            problems.append(
                Phrase(
                    "the matrix needs {needed} column pins, one for each button 1..6, but {given} are given",
                    needed=len(BUTTONS),
                    given=len(config.matrix.columns),
                )
            )
        if not config.matrix.rows:
            problems.append(Phrase("the matrix has no rows: give each player's row pin in matrix.rows"))
    if config.wiring == "direct":
        if not config.direct:
            problems.append(
                Phrase('wiring "direct" needs a [panel.direct] table: player = [six pins for buttons 1..6]')
            )
        else:
            tables.append(("direct", config.direct))
            for player, pins in sorted(config.direct.items()):
                if len(pins) != len(BUTTONS):
                    problems.append(
                        Phrase(
                            "player {player} has {count} direct pins; give exactly {needed}, one for each button",
                            player=player,
                            count=len(pins),
                            needed=len(BUTTONS),
                        )
                    )
    tables.append(("keyboard", config.keyboard))
    for name, table in tables:
        for player in sorted(table):
            if player not in PLAYERS:
                problems.append(
                    Phrase("{table} names player {player}, but players are seats 1..6", table=name, player=player)
                )
    seats = set(config.players())
    if config.leds and config.wiring not in ("matrix", "direct"):
        problems.append(
            Phrase('LEDs need a GPIO panel (wiring "matrix" or "direct"), not wiring "{wiring}"', wiring=config.wiring)
        )
    else:
        for player in sorted(set(config.leds) - seats):
            if player in PLAYERS:
                problems.append(
                    Phrase("leds gives an LED to player {player}, who has no buttons in this wiring", player=player)
                )
    return problems


def _pin_uses(config: PanelConfig) -> Iterator[tuple[int, Phrase]]:
    """Every pin the active wiring and the LEDs use, with what it is used for."""
    if config.wiring == "matrix" and config.matrix is not None:
        for player, pin in sorted(config.matrix.rows.items()):
            yield pin, Phrase("the row of player {player}", player=player)
        for button, pin in enumerate(config.matrix.columns, start=1):
            yield pin, Phrase("the column of button {button}", button=button)
    if config.wiring == "direct" and config.direct:
        for player, pins in sorted(config.direct.items()):
            for button, pin in enumerate(pins, start=1):
                yield pin, Phrase("button {button} of player {player}", button=button, player=player)
    for player, pin in sorted(config.leds.items()):
        yield pin, Phrase("the LED of player {player}", player=player)


def _pin_problems(config: PanelConfig) -> list[Phrase]:
    problems: list[Phrase] = []
    uses: dict[int, list[Phrase]] = {}
    for pin, use in _pin_uses(config):
        uses.setdefault(pin, []).append(use)
        if pin not in HEADER_GPIOS:
            problems.append(
                Phrase("GPIO {pin} ({use}) is not on the Pi header, which has GPIO 0..27", pin=pin, use=use)
            )
        elif pin in RESERVED_PINS:
            reason = Phrase(RESERVED_PINS[pin])
            problems.append(Phrase("GPIO {pin} ({use}) is reserved: {reason}", pin=pin, use=use, reason=reason))
    for pin, used_as in uses.items():
        if len(used_as) > 1:
            as_each = tuple(Phrase("as {use}", use=use) for use in used_as)
            problems.append(
                Phrase("GPIO {pin} is used {times}: {uses}", pin=pin, times=_times(len(used_as)), uses=as_each)
            )
    return problems


def _key_problems(keyboard: dict[int, list[str]]) -> list[Phrase]:
    problems: list[Phrase] = []
    uses: dict[str, list[Phrase]] = {}
    for player, keys in sorted(keyboard.items()):
        if len(keys) != len(BUTTONS):
            problems.append(
                Phrase(
                    "keyboard gives player {player} {count} keys; give exactly {needed}",
                    player=player,
                    count=len(keys),
                    needed=len(BUTTONS),
                )
            )
        for button, key in enumerate(keys, start=1):
            uses.setdefault(key.lower(), []).append(
                Phrase("button {button} of player {player}", button=button, player=player)
            )
    for key, used_as in uses.items():
        if len(used_as) > 1:
            for_each = tuple(Phrase("for {use}", use=use) for use in used_as)
            problems.append(
                Phrase("key {key!r} is used {times}: {uses}", key=key, times=_times(len(used_as)), uses=for_each)
            )
    return problems


def _times(count: int) -> Phrase:
    return Phrase("twice") if count == 2 else Phrase("{count} times", count=count)
