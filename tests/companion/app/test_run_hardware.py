"""What the app gives a table whose die changes during a game (the settings' "electronic die"):
the serial die's reader factory, read from the hardware settings (here: the emulated die's
pseudo-terminal), or None where no serial die is set."""

from __future__ import annotations

from types import SimpleNamespace

from companion.app.run import Hardware


def test_the_die_switched_during_a_game_gets_the_serial_die_from_the_settings(tmp_path, monkeypatch):
    hardware_file = tmp_path / "hardware.toml"
    hardware_file.write_text('[panel]\nwiring = "keyboard"\n\n[dice]\nport = "none"\n')
    monkeypatch.setenv("COMPANION_HARDWARE_CONFIG", str(hardware_file))
    settings = SimpleNamespace(die="serial")
    emulated = Hardware(lambda: settings, dice="emulator", emulator=SimpleNamespace(path=str(tmp_path / "pty")))
    factory = emulated.dice()
    assert callable(factory)  # the reader is made when the table asks for it
    assert Hardware(lambda: settings, dice="none").dice() is None  # --dice none: no serial die
