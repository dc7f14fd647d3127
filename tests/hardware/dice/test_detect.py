"""Auto-detection under a by-id directory made of fake links in a temporary directory, and the
stable link a udev rule makes (``deploy/99-companion-dice.rules``) taken first when it leads to a
device. The by-id tests name no link, so a machine with a die plugged in passes them too."""

from __future__ import annotations

from pathlib import Path

from hardware.dice.detect import LINK, find_dice


def links(directory, *names):
    """A by-id directory of links, each to a device of its own (a file beside the directory)."""
    directory.mkdir(exist_ok=True)
    devices = directory.parent / "devices"
    devices.mkdir(exist_ok=True)
    for name in names:
        (devices / name).touch()
        (directory / name).symlink_to(devices / name)
    return directory


def find(directory, pattern="*dice*"):
    return find_dice(directory, pattern, link=None)


def test_exactly_one_match_is_chosen(tmp_path):
    by_id = links(tmp_path / "by-id", "usb-Acme_Companion_Dice_0001-if00", "usb-FTDI_FT232R_USB_UART_A1-if00-port0")
    found = find(by_id)
    assert found.path == str(by_id / "usb-Acme_Companion_Dice_0001-if00")
    assert found.candidates == ("usb-Acme_Companion_Dice_0001-if00",)


def test_the_pattern_ignores_case_and_can_be_changed(tmp_path):
    by_id = links(tmp_path / "by-id", "usb-1a86_USB_Serial-if00-port0", "usb-Acme_DICE-if00")
    assert find(by_id).path == str(by_id / "usb-Acme_DICE-if00")
    assert find(by_id, "usb-1a86_*").path == str(by_id / "usb-1a86_USB_Serial-if00-port0")


def test_two_matches_are_two_dice(tmp_path):
    by_id = links(tmp_path / "by-id", "usb-Acme_Dice_0002-if00", "usb-Acme_Dice_0001-if00")
    found = find(by_id)
    assert found.paths == (str(by_id / "usb-Acme_Dice_0001-if00"), str(by_id / "usb-Acme_Dice_0002-if00"))
    assert found.path == found.paths[0]
    assert found.message == f"found {found.paths[0]} and {found.paths[1]}"


def test_more_than_two_matches_are_said_and_none_is_guessed(tmp_path):
    by_id = links(tmp_path / "by-id", "usb-Acme_Dice_0002-if00", "usb-Acme_Dice_0001-if00", "usb-Acme_Dice_0003-if00")
    found = find(by_id)
    assert found.path is None and found.paths == ()
    assert found.candidates == ("usb-Acme_Dice_0001-if00", "usb-Acme_Dice_0002-if00", "usb-Acme_Dice_0003-if00")
    assert found.message.startswith("3 serial devices match '*dice*': ")
    assert "usb-Acme_Dice_0001-if00, " in found.message and "reads at most 2 dice" in found.message


def test_two_names_of_one_device_are_one_die(tmp_path):
    by_id = links(tmp_path / "by-id", "usb-Acme_Dice_0001-if00")
    (by_id / "usb-Acme_Dice_0001-if00-alias").symlink_to(by_id / "usb-Acme_Dice_0001-if00")
    assert find(by_id).paths == (str(by_id / "usb-Acme_Dice_0001-if00"),)


def test_no_match_lists_what_is_there(tmp_path):
    by_id = links(tmp_path / "by-id", "usb-FTDI_FT232R_USB_UART_A1-if00-port0")
    found = find(by_id)
    assert found.path is None and found.candidates == ()
    assert "no serial device matches '*dice*'" in found.message
    assert "usb-FTDI_FT232R_USB_UART_A1-if00-port0" in found.message


def test_an_empty_or_missing_directory_means_nothing_is_plugged_in(tmp_path):
    assert "is empty" in find(links(tmp_path / "by-id")).message
    missing = find(tmp_path / "nothing")
    assert missing.path is None and "does not exist" in missing.message


def test_dangling_links_are_ignored(tmp_path):
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    (by_id / "usb-Acme_Dice_0001-if00").symlink_to(tmp_path / "gone")
    assert find(by_id).path is None


def test_the_stable_link_comes_first_and_by_id_when_it_is_absent(tmp_path):
    by_id = links(tmp_path / "by-id", "usb-Acme_Companion_Dice_0001-if00")
    link = tmp_path / "companion-dice"
    link.symlink_to(by_id / "usb-Acme_Companion_Dice_0001-if00")
    found = find_dice(by_id, link=link)
    assert (found.path, found.message) == (str(link), f"found {link}")
    link.unlink()
    assert find_dice(by_id, link=link).path == str(by_id / "usb-Acme_Companion_Dice_0001-if00")
    link.symlink_to(tmp_path / "unplugged")  # a link left dangling: the by-id search as before
    assert find_dice(by_id, link=link).path == str(by_id / "usb-Acme_Companion_Dice_0001-if00")


def test_two_boards_by_their_stable_links(tmp_path):
    """The rule links one board as /dev/companion-dice and each board with a serial number as
    /dev/companion-dice-<serial>: two boards are two dice, the plain link first, each device once."""
    by_id = links(tmp_path / "by-id", "usb-Acme_Companion_Dice_0001-if00", "usb-Acme_Companion_Dice_0002-if00")
    first, second = by_id / "usb-Acme_Companion_Dice_0001-if00", by_id / "usb-Acme_Companion_Dice_0002-if00"
    link = tmp_path / "companion-dice"
    link.symlink_to(second)
    (tmp_path / "companion-dice-0001").symlink_to(first)
    (tmp_path / "companion-dice-0002").symlink_to(second)
    found = find_dice(by_id, link=link)
    assert found.paths == (str(link), str(tmp_path / "companion-dice-0001"))
    first.unlink()  # the first board unplugged: its link dangles
    assert find_dice(by_id, link=link).paths == (str(link),)


def test_the_link_is_the_one_the_udev_rule_makes():
    rule = (Path(__file__).resolve().parents[3] / "deploy" / "99-companion-dice.rules").read_text()
    assert f'SYMLINK+="{LINK.relative_to("/dev")}"' in rule
    assert f'SYMLINK+="{LINK.relative_to("/dev")}-$env{{ID_SERIAL_SHORT}}"' in rule  # a link per board too
