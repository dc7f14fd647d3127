"""The serial die's program (CircuitPython on an RP2040 board, docs/dice-firmware.md): reads the
accelerometer about 100 times a second, hands each sample to faces.py and writes the lines it
returns to the USB serial port that boot.py set up. Everything worth testing is in faces.py; this
file only joins the board's parts to it. Its settings are in settings.py on the same drive."""

import time

import board
import busio
import faces
import microcontroller
import usb_cdc

try:
    import settings
except ImportError:
    settings = None

PERIOD_NS = 10000000  # 100 samples a second
ADDRESSES = {"LIS3DH": 0x18, "MPU6050": 0x68}


def setting(name, default):
    value = getattr(settings, name, None)
    return default if value is None else value


def device_id():
    chosen = setting("DEVICE_ID", "")
    if chosen:
        return chosen
    return "D" + "".join(f"{byte:02X}" for byte in microcontroller.cpu.uid[-5:])


def open_sensor():
    sda, scl = setting("I2C_SDA", None), setting("I2C_SCL", None)
    if sda is None and scl is None and hasattr(board, "STEMMA_I2C"):
        i2c = board.STEMMA_I2C()
    else:
        i2c = busio.I2C(getattr(board, scl or "GP5"), getattr(board, sda or "GP4"), frequency=400000)
    kind = setting("SENSOR", "LIS3DH")
    address = setting("I2C_ADDRESS", ADDRESSES.get(kind, 0x18))
    if kind == "MPU6050":
        import adafruit_mpu6050

        sensor = adafruit_mpu6050.MPU6050(i2c, address=address)
        sensor.accelerometer_range = adafruit_mpu6050.Range.RANGE_8_G
        return sensor
    import adafruit_lis3dh

    sensor = adafruit_lis3dh.LIS3DH_I2C(i2c, address=address)
    sensor.range = adafruit_lis3dh.RANGE_8_G
    sensor.data_rate = adafruit_lis3dh.DATARATE_200_HZ
    return sensor


def write(port, data):
    """Send when the app has the port open; a line nobody reads is lost, as the protocol allows."""
    if port is not None and port.connected:
        port.write(data)


def say(port, text):
    """A line for people (starting with '#': the app drops it): errors and calibration."""
    print(text)
    write(port, text.encode() + b"\n")


def main():
    port = usb_cdc.data or usb_cdc.console
    if port is not None:
        port.write_timeout = 0.1
    calibrating = setting("CALIBRATE", False)
    die = None if calibrating else faces.Die(device_id(), setting("DIE", "NUMBER"), setting("FACES", None))
    calibrator = faces.Calibrator() if calibrating else None
    if calibrator is not None:
        say(port, "# calibrating: turn face 1 up and let it lie")
    sensor = None
    due = time.monotonic_ns()
    while True:
        now = time.monotonic_ns() // 1000000
        if sensor is None:
            try:
                sensor = open_sensor()
            except (OSError, RuntimeError, ValueError) as error:
                say(port, "# no " + setting("SENSOR", "LIS3DH") + " found: " + str(error) + "; check the wiring")
                time.sleep(2)
                continue
        try:
            x, y, z = sensor.acceleration
        except OSError as error:
            say(port, "# the sensor did not answer: " + str(error))
            sensor = None
            continue
        if die is not None:
            for data in die.update(now, x, y, z):
                write(port, data)
        else:
            for text in calibrator.update(now, x, y, z):
                say(port, text)
        due += PERIOD_NS
        wait = due - time.monotonic_ns()
        if wait > 0:
            time.sleep(wait / 1000000000)
        else:
            due = time.monotonic_ns()


main()
