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
from kivy.uix.stencilview import StencilView


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

    def touch_move(self, x: float, y: float) -> None:
        width, height = Window.size
        self.move({"x": x / (width - 1.0), "y": y / (height - 1.0)})
        EventLoop.post_dispatch_input("update", self)

    def touch_up(self) -> None:
        EventLoop.post_dispatch_input("end", self)


def unseen(widget: Any) -> str | None:
    """Why a finger could not tap ``widget`` now (None: it is fully shown): not in the window,
    hidden (opacity 0, no size, or inside a hidden widget), its centre outside the window or
    outside a clipping ancestor's shown part (a ScrollView's view, a list's page)."""
    if widget.get_root_window() is None:
        return "it is not in the window"
    if widget.width <= 0 or widget.height <= 0:
        return "it has no size"
    x, y = widget.to_window(*widget.center)
    parent = widget
    while parent is not None and parent is not Window:
        if parent.opacity <= 0:
            return "it is hidden" if parent is widget else f"it lies in a hidden {type(parent).__name__}"
        if parent is not widget and isinstance(parent, StencilView):
            left, bottom = parent.to_window(parent.x, parent.y)
            if not (left <= x <= left + parent.width and bottom <= y <= bottom + parent.height):
                what = "page" if type(parent).__name__ == "Page" else "view"
                return f"it lies outside the shown {what} of a {type(parent.parent).__name__}"
        parent = parent.parent
    width, height = Window.size
    if not (0 <= x <= width and 0 <= y <= height):
        return f"its centre ({x:.0f}, {y:.0f}) lies outside the window"
    return None


def pages_of(widget: Any) -> Any:
    """The paged list (``ChoiceList``) that holds ``widget``, None if none does."""
    parent = widget.parent
    while parent is not None and parent is not Window:
        if hasattr(parent, "page_of") and hasattr(parent, "turn"):
            return parent
        parent = parent.parent
    return None


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

    def matching(self, text: str, *, exact: bool = False) -> list[Any]:
        """Every enabled widget on top (an open dialog, else the screen) whose text is ``text`` (or
        contains it), buttons first, shown or not."""
        hits = [
            w
            for w in self.widgets()
            if isinstance(getattr(w, "text", None), str)
            and (w.text == text if exact else text in w.text)
            and not w.disabled
            and w.get_root_window() is not None
        ]
        return [w for w in hits if isinstance(w, ButtonBehavior)] + [
            w for w in hits if not isinstance(w, ButtonBehavior)
        ]

    def find(self, text: str, *, exact: bool = False) -> Any:
        """The topmost button (or label) shown now whose text is ``text`` (or contains it): one
        a finger could tap (:func:`unseen`); LookupError if there is none."""
        hits = self.matching(text, exact=exact)
        shown = [w for w in hits if unseen(w) is None]
        if shown:
            buttons = [w for w in shown if isinstance(w, ButtonBehavior)]
            return (buttons or shown)[0]
        if hits:
            raise LookupError(f"{text!r} is on the screen but not shown: {unseen(hits[0])}")
        raise LookupError(f"nothing on the screen says {text!r}; it shows {self.texts()[:40]}")

    # ----------------------------------------------------------------------------- acting
    def tap(self, target: Any) -> None:
        """A finger down and up on the widget's centre (or on a widget found by its text)."""
        self.frames(1)  # what was just told is drawn (the screens refresh on the next frame)
        widget = self.find(target) if isinstance(target, str) else target
        why = unseen(widget)
        if why is not None:
            raise LookupError(f"{getattr(widget, 'text', None) or type(widget).__name__!r} cannot be tapped: {why}")
        x, y = widget.to_window(*widget.center)
        touch = Finger(x, y)
        touch.touch_down()
        touch.touch_up()
        self.frames(2)

    def reveal(self, widget: Any) -> Any:
        """``widget`` brought onto the shown page of its list by taps on the page arrows, as a
        player would turn the pages (a widget in no paged list stays as it is)."""
        pages = pages_of(widget)
        if pages is None:
            return widget
        for _ in range(2 * pages.pages + 2):
            self.frames(1)
            wanted = pages.page_of(widget)
            if wanted is None or wanted == pages.page and unseen(widget) is None:
                break
            self.tap(pages.down if wanted > pages.page else pages.up)
        return widget

    def choose(self, target: Any, *, exact: bool = False) -> None:
        """A choice tapped (a widget, or the one that says ``target``), after turning its list to
        the page that shows it."""
        self.frames(1)
        if isinstance(target, str):
            hits = self.matching(target, exact=exact)
            if not hits:
                self.find(target, exact=exact)  # says what the screen shows instead
            target = next((w for w in hits if unseen(w) is None), hits[0])
        self.tap(self.reveal(target))

    def drag(self, widget: Any, dx: float, dy: float, steps: int = 3) -> None:
        """A finger down on ``widget``'s centre, moved by (dx, dy) in ``steps`` and lifted there."""
        self.frames(1)
        x, y = widget.to_window(*widget.center)
        touch = Finger(x, y)
        touch.touch_down()
        self.frames(1)
        for n in range(1, steps + 1):
            touch.touch_move(x + dx * n / steps, y + dy * n / steps)
            self.frames(1)
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
