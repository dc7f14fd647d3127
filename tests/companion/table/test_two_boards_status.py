"""The status line with two serial dice boards side by side: both named in one phrase while both
are connected, each in its own state when one is lost, in German and English; one board as before."""

from __future__ import annotations

from companion.app import status
from companion.i18n import render
from companion.table.devices import HardwareStatus
from hardware.dice.reader import ReaderStatus


def board(state, device, port):
    return ReaderStatus(state=state, detail="", port=port, device=device)


def words(hardware: HardwareStatus, language: str) -> list[str]:
    return [render(said, language) for said in status.serial_words(hardware)]


def test_two_boards_connected_are_named_together():
    two = (board("connected", "NUM1", "/dev/companion-dice"), board("connected", "SPC2", "/dev/companion-dice-SPC2"))
    hardware = HardwareStatus("absent", "", "connected", "", boards=two)
    assert words(hardware, "en") == ["Dice NUM1 and SPC2: connected"]
    assert words(hardware, "de") == ["Würfel NUM1 und SPC2: verbunden"]


def test_a_board_lost_is_said_by_its_name_and_the_other_stays():
    two = (board("searching", "NUM1", "/dev/companion-dice"), board("connected", "SPC2", "/dev/ttyACM1"))
    hardware = HardwareStatus("absent", "", "searching", "", boards=two)
    assert words(hardware, "en") == ["Die NUM1: lost!", "Die SPC2: connected"]
    assert words(hardware, "de") == ["Würfel NUM1: getrennt!", "Würfel SPC2: verbunden"]
    silent = (board("silent", None, "/dev/ttyACM0"), board("waiting", "SPC2", "/dev/ttyACM1"))
    hardware = HardwareStatus("absent", "", "silent", "", boards=silent)
    assert words(hardware, "en") == ["Die ttyACM0: silent!", "Die SPC2: waiting"]


def test_one_board_is_said_as_before():
    hardware = HardwareStatus("absent", "", "connected", "")
    assert words(hardware, "en") == ["Die: connected"] and words(hardware, "de") == ["Würfel: verbunden"]
