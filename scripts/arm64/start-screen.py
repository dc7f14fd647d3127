"""start-screen.py PNG: the installed app opens its window headless (SDL's offscreen driver, with
whatever GL the system has: Mesa's llvmpipe in an emulated arm64 root), draws its start screen, and
saves it as PNG. Exit 1 when the screen does not show the start screen's buttons or the window's
pixels are one flat colour (a window that never drew). Run by the installed venv's Python."""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path


def main(out: Path) -> int:
    data = Path(tempfile.mkdtemp(prefix="companion-start-"))
    from companion.app import env

    env.prepare(data / "kivy", size=(800, 480), headless=True)
    from kivy.core.window import Window
    from kivy.graphics.opengl import GL_RENDERER, GL_RGBA, GL_UNSIGNED_BYTE, glGetString, glReadPixels

    from companion.app.driver import Driver
    from companion.app.shell import CompanionApp

    app = CompanionApp(data, hardware=lambda: {}, rng=random.Random(7))
    driver = Driver(app).start()
    try:
        for words in ("New game", "Settings"):
            driver.find(app.say(words))  # LookupError: the start screen is not there
        driver.shot(out)
        width, height = Window.size
        pixels = glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE)
        renderer = glGetString(GL_RENDERER).decode(errors="replace")
    finally:
        driver.stop()
    colours = {pixels[i : i + 4] for i in range(0, len(pixels), 4 * 31)}
    print(f"{out}: {width}x{height}, {len(colours)} colours in every 31st pixel, drawn by {renderer}")
    if len(colours) < 3:
        print(f"{out}: the window is flat ({colours}): it did not draw", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
