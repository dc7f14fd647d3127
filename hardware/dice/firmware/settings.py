"""The die's settings, on the board's CIRCUITPY drive beside code.py (docs/dice-firmware.md).
scripts/dice-firmware copies this file only when the drive has none, so what you set stays."""

# Which of the table's dice this board is: "NUMBER" or "SPECIAL". Two boards side by side: one
# of each. One board for both of Die Glücksritter's dice: "NUMBER".
DIE = "NUMBER"

# The id in every line, 1 to 12 of A-Z a-z 0-9 _ -. Empty: made from the board's chip id, so two
# boards never share one. Set it to tell the two dice apart in companion's settings (device_id).
DEVICE_ID = ""

# The sensor: "LIS3DH" or "MPU6050", its I2C address (None: the breakout's usual one, 0x18 or
# 0x68) and the board's pins it is wired to. A board with a STEMMA QT / Qwiic socket uses that
# socket when both pins are None.
SENSOR = "LIS3DH"
I2C_ADDRESS = None
I2C_SDA = "GP4"  # Raspberry Pi Pico: pin 6
I2C_SCL = "GP5"  # Raspberry Pi Pico: pin 7

# The calibration table: the way up the sensor reads while each face is on top. None: a standard
# die with the sensor's Z axis towards face 1, X towards 2 and Y towards 3. CALIBRATE = True
# prints the line to put here (see "Calibrating the faces").
FACES = None
CALIBRATE = False

# True while building or calibrating: the REPL comes back as a second serial port. Leave it False
# on the table: companion's automatic search would take that second port for a second die.
USB_CONSOLE = False
