"""The serial die's boot.py: runs once when the board starts, before code.py and before the USB
connection is made (docs/dice-firmware.md). It names the board on USB so that companion finds
it with no settings ("Companion Dice" becomes /dev/serial/by-id/usb-Companion_Companion_Dice_...),
and gives it one serial port only: the protocol's. A change here takes effect after the board is
unplugged and plugged in again (or its reset button pressed)."""

import supervisor
import usb_cdc

try:
    from settings import USB_CONSOLE  # True while building: the REPL as a second serial port
except ImportError:
    USB_CONSOLE = False

if hasattr(supervisor, "set_usb_identification"):  # CircuitPython 8 and later
    supervisor.set_usb_identification("Companion", "Companion Dice")
usb_cdc.enable(console=USB_CONSOLE, data=True)
