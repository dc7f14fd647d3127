"""The display's settings (:mod:`hardware.display`) given to Kivy before the window opens: the
window's rotation, by which Kivy also turns every touch, and exactly one touch input (two would
count every tap twice)."""

from __future__ import annotations

from hardware.display import DisplayConfig

INPUTS = {  # Kivy's [input] option for each way of touching
    "hidinput": ("touch", "probesysfs,provider=hidinput"),  # the kernel's touchscreen devices only
    "mouse": ("mouse", "mouse"),  # the window system's pointer only
}


def apply(display: DisplayConfig) -> None:
    from kivy.config import Config

    Config.set("graphics", "rotation", str(display.rotation))
    if display.touch == "auto":
        return  # Kivy's own inputs; the pointer ignores itself while a touchscreen is touched (env.py)
    for option in Config.options("input"):
        Config.remove_option("input", option)
    Config.set("input", *INPUTS[display.touch])
