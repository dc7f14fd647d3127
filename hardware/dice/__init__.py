"""The serial electronic die: its line protocol, a reader thread, auto-detection, an emulator,
the on-screen and typed stand-ins, and a self-test. See docs/dice-protocol.md."""

from hardware.dice.config import DiceConfig
from hardware.dice.reader import DiceReader, DiceTracker, ReaderStatus, Sink

__all__ = ["DiceConfig", "DiceReader", "DiceTracker", "ReaderStatus", "Sink"]
