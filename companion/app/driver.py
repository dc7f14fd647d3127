"""Driving the app without a person: start it in its window, let frames draw, tap widgets with
real touch events (through Kivy's event loop, as a finger would), find widgets by their text, and
save what the window shows. The screenshots command and the UI tests use it; the app itself never
does."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.input.motionevent import MotionEvent
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.modalview import ModalView


class Finger(MotionEvent):
    """A touch at the window's point (x, y), pressed and lifted through Kivy's event loop as a
    touchscreen's would be (Kivy's own ``UnitTestTouch`` lives in ``kivy.tests``, which needs pytest:
    not there where the app is installed)."""

    def __init__(self, x: float, y: float) -> None:
        width, height = Window.size
        super().__init__(
            "driver", 99, {"x": x / (width - 1.0), "y": y / (height - 1.0)}, is_touch=True, type_id="touch"
        )
        self.profile = ["pos"]

    def depack(self, args: dict[str, float]) -> None:
        self.sx, self.sy = args["x"], args["y"]
        super().depack(args)

    def touch_down(self) -> None:
        EventLoop.post_dispatch_input("begin", self)

    def touch_up(self) -> None:
        EventLoop.post_dispatch_input("end", self)


class Driver:
    def __init__(self, app: Any) -> None:
        self.app = app

    def start(self) -> Driver:
        self.app._run_prepare()  # build and start as App.run does, but the loop is ours
        self.frames(5)
        return self

    def stop(self) -> None:
        self.app.stop()
        self.frames(2)

    def frames(self, count: int = 3) -> None:
        for _ in range(count):
            Clock.tick()
            EventLoop.idle()

    def until(self, condition: Callable[[], bool], *, seconds: float = 120.0, what: str = "the condition") -> None:
        """Let frames pass (hardware events arrive through the clock) until ``condition()``; after
        ``seconds`` without it, say what did not come. The limit is time, not frames: on a busy
        machine a thread (a die settling) may need many more frames than on a quiet one."""
        import time

        deadline = time.monotonic() + seconds
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"waited {seconds:g} s for {what}")
            self.frames(1)
            time.sleep(0.005)
        self.frames(2)  # and the screens have caught up with it

    # ----------------------------------------------------------------------------- finding
    def roots(self) -> list[Any]:
        """What is on top first: an open dialog, then the app's window content."""
        dialogs = [w for w in Window.children if isinstance(w, ModalView) and w._is_open]
        return dialogs or [self.app.root]

    def widgets(self) -> Iterator[Any]:
        for root in self.roots():
            yield from root.walk(restrict=True)

    def texts(self) -> list[str]:
        """Every text any widget shows now, dialogs and all (also those hidden behind a dialog)."""
        found = []
        for root in [*Window.children]:
            for widget in root.walk(restrict=True):
                text = getattr(widget, "text", None)
                if isinstance(text, str) and text:
                    found.append(text)
                hint = getattr(widget, "hint_text", None)
                if isinstance(hint, str) and hint:
                    found.append(hint)
        return found

    def find(self, text: str, *, exact: bool = False) -> Any:
        """The topmost visible button (or label) whose text is ``text`` (or contains it)."""
        hits = [
            w
            for w in self.widgets()
            if isinstance(getattr(w, "text", None), str)
            and (w.text == text if exact else text in w.text)
            and not w.disabled
            and w.get_root_window() is not None
            and w.opacity > 0
        ]
        buttons = [w for w in hits if isinstance(w, ButtonBehavior)]
        if not (buttons or hits):
            raise LookupError(f"nothing on the screen says {text!r}; it shows {self.texts()[:40]}")
        return (buttons or hits)[0]

    # ----------------------------------------------------------------------------- acting
    def tap(self, target: Any) -> None:
        """A finger down and up on the widget's centre (or on a widget found by its text)."""
        self.frames(1)  # what was just told is drawn (the screens refresh on the next frame)
        widget = self.find(target) if isinstance(target, str) else target
        x, y = widget.to_window(*widget.center)
        touch = Finger(x, y)
        touch.touch_down()
        touch.touch_up()
        self.frames(2)

    def new_game_form(self, title: str) -> Any:
        """The new-game screen with the game of ``title`` chosen, from wherever the app is (a
        game's table: its menu first): the game's form."""
        say = self.app.say
        if self.app.root.manager.current != "start":
            self.tap(say("Menu"))
        self.tap(say("New game"))
        self.tap(title)
        return self.app.screen("new").form

    def touch_at(self, x: float, y: float) -> None:
        """A finger down and up at the window's point (x, y): a cell of a grid, where no widget of
        its own lies."""
        self.frames(1)
        touch = Finger(x, y)
        touch.touch_down()
        touch.touch_up()
        self.frames(2)

    def shot(self, path: Path) -> Path:
        """The window as it is drawn now, as a PNG at ``path``."""
        self.frames(4)
        path.parent.mkdir(parents=True, exist_ok=True)
        written = Window.screenshot(name=str(path.with_name(path.stem + "-shot.png")))  # Kivy adds a counter
        shutil.move(written, path)
        return path
