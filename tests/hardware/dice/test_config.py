"""The dice settings: port forms, limits, and clear refusals."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from hardware.dice.config import DiceConfig


def test_defaults():
    config = DiceConfig()
    assert (config.port, config.port_kind, config.baudrate) == ("auto", "auto", 9600)
    assert config.silence_timeout == 3.0 and config.device_id is None


@pytest.mark.parametrize(
    ("port", "kind"),
    [
        ("auto", "auto"),
        ("none", "none"),
        ("/dev/ttyACM0", "path"),
        ("/dev/serial/by-id/usb-Acme_Dice-if00", "path"),
        ("loop://", "url"),
        ("rfc2217://192.168.1.20:7000", "url"),
        ("socket://localhost:7777", "url"),
    ],
)
def test_port_forms(port, kind):
    assert DiceConfig(port=port).port_kind == kind


@pytest.mark.parametrize("port", ["", "atuo", "ttyACM0", "dice://x", "COM3"])
def test_unknown_port_forms_are_refused(port):
    with pytest.raises(ValidationError):
        DiceConfig(port=port)


@pytest.mark.parametrize(
    "changes",
    [
        {"baudrate": 0},
        {"device_id": "has space"},
        {"device_id": "A" * 13},
        {"reconnect_interval": 0},
        {"reconnect_interval": 2.0, "reconnect_max_interval": 1.0},
        {"silence_timeout": 0},
        {"colour": "red"},
    ],
)
def test_bad_values_are_refused(changes):
    with pytest.raises(ValidationError):
        DiceConfig(**changes)


def test_silence_check_can_be_turned_off_and_config_is_frozen():
    config = DiceConfig(silence_timeout=None, device_id="D7")
    assert config.silence_timeout is None
    with pytest.raises(ValidationError):
        config.port = "none"
