"""A dialog: a full-screen sheet over the screen with a title, a body that scrolls, and a row of
buttons; the privacy cover (:mod:`.cover`) is one.

- A command the dialog sends and the rules refuse is said inside the dialog, in red above its
  buttons, where the player looks, and the dialog stays open to try again.
- A dialog may say what it answers (``asks``): when the game moves on without it (the panel, the
  die, an undo, another screen's command), :func:`close_unasked` closes it, so no question stays
  open that the game no longer asks.
- Every text of a page is coloured when the page is drawn, in the page's own colours (dark ink on
  paper, light on the cover's dark): nothing is drawn in the colours of the page before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from kivy.core.window import Window
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.app import theme
from companion.app.pieces.choices import ChoiceList
from companion.app.pieces.stepper import Stepper
from companion.app.room import TableSide, running_app
from companion.table.notices import Refused

Button = tuple[Any, Callable[[], Any], bool]
"""(text, action, is the main one)"""


class Dialog(ModalView):
    def __init__(self, *, asks: Callable[[], bool] | None = None, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, background="", background_color=theme.PAPER, **kwargs)
        self.app = running_app()
        self.asks = asks
        self.ink: Any = theme.INK
        self.problem: Any = None
        self.buttons: list[Any] = []
        self._recheck: tuple[Any, Callable[[], Any]] | None = None
        self.sheet = BoxLayout(orientation="vertical", padding=dp(16), spacing=dp(8))
        self.add_widget(self.sheet)

    @property
    def table(self) -> TableSide:
        """The running game's table: a game's dialogs are opened only while it runs."""
        table = self.app.table
        assert table is not None, "a game's dialog without a running game"
        return table

    # ----------------------------------------------------------------------------- drawing
    def page(self, title: Any, body: Iterable[Any], buttons: list[Button], *, dark: bool = False) -> None:
        """Draw a page: ``buttons`` are (text, action, is_main), kept in ``self.buttons``; ``dark``
        is the privacy cover's look. A refusal the dialog met stands above the buttons until the
        next page (and a check of :meth:`offer_only_if` until the next page sets another)."""
        self._recheck = None
        self.ink = theme.ON_COVER if dark else theme.INK
        self.background_color = theme.COVER if dark else theme.PAPER
        self.sheet.clear_widgets()
        self.sheet.add_widget(Factory.Title(text=self.app.tr(title), color=self.ink))
        content = GridLayout(cols=1, spacing=dp(6), size_hint_y=None, height=0)
        content.bind(minimum_height=content.setter("height"))
        for widget in body:
            if widget.parent is not None:  # a widget of the page before, drawn again
                widget.parent.remove_widget(widget)
            for part in widget.walk(restrict=True):
                if getattr(part, "inked", False):
                    part.color = self.ink
                if isinstance(part, Stepper) and getattr(part, "checked_by", None) is not self:
                    part.fbind("value", self.recheck)  # a value changed: the refusal was of the one before
                    part.checked_by = self
            content.add_widget(widget)
        choices = ChoiceList()
        choices.fill([content])
        self.sheet.add_widget(choices)
        self.refusal = Factory.Refusal(text=self.app.tr(self.problem) if self.problem is not None else "")
        self.refusal.color = theme.ON_COVER_ALERT if dark else theme.ALERT
        self.sheet.add_widget(self.refusal)
        row = BoxLayout(size_hint_y=None, height=dp(theme.BUTTON_DP), spacing=dp(12))
        self.buttons = []
        for text, action, main in buttons:
            button = (Factory.Big if main else Factory.Quiet)(text=self.app.tr(text))
            button.height = dp(theme.BUTTON_DP)
            button.bind(on_release=lambda *_, act=action: act())
            row.add_widget(button)
            self.buttons.append(button)
        self.sheet.add_widget(row)
        self.problem = None

    def body(self, text: Any, color: Any = None) -> Any:
        """A paragraph of the page: in the page's ink unless ``color`` says otherwise."""
        label = Factory.Body(text=self.app.tr(text))
        label.inked = color is None
        if color is not None:
            label.color = color
        return label

    def say_refusal(self, text: Any) -> None:
        """A refusal inside the dialog, now (the page stays as it is)."""
        self.refusal.text = self.app.tr(text)

    def offer_only_if(self, button: Any, why_not: Callable[[], Any]) -> None:
        """``button`` greyed, and the reason said above the buttons, while ``why_not()`` gives one
        (the table's refusal of what the button would send): asked now and after every change of
        the page's numbers and choices (``recheck``)."""
        self._recheck = (button, why_not)
        self.recheck()

    def recheck(self, *_: Any) -> None:
        """After a change: the check of :meth:`offer_only_if` again, or else the refusal said
        before cleared (it was of the numbers before)."""
        found = self._recheck
        if found is None:
            self.say_refusal("")
            return
        button, why_not = found
        refusal = why_not()
        button.disabled = refusal is not None
        self.say_refusal(getattr(refusal, "shown", refusal) if refusal is not None else "")

    # ----------------------------------------------------------------------------- acting
    def send(self, command: Any) -> Any:
        """Submit ``command``: the dialog closes when it was taken, and says the refusal inside
        itself when it was not."""
        table = self.app.table
        if table is None:
            self.close()
            return None
        notice = table.submit(command)
        if isinstance(notice, Refused):
            self.say_refusal(notice.shown)
        else:
            self.close()
        return notice

    def open_now(self) -> Dialog:
        self.open(animation=False)
        return self

    def close(self) -> None:
        """Gone at once: no fade, so nothing of a private page lingers on the screen."""
        self.dismiss(animation=False)

    def still_asked(self) -> bool:
        return self.asks is None or bool(self.asks())


def open_dialogs() -> list[Dialog]:
    return [widget for widget in Window.children if isinstance(widget, Dialog) and widget._is_open]


def close_unasked() -> None:
    """Close every open dialog whose question the game no longer asks."""
    for dialog in open_dialogs():
        if not dialog.still_asked():
            dialog.close()


class HelpDialog(Dialog):
    """The game in short: ``topics`` as (title, paragraphs), each title in bold."""

    def __init__(self, title: Any, topics: list[tuple[Any, list[Any]]], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        body: list[Any] = []
        for heading, paragraphs in topics:
            label = self.body(heading)
            label.bold = True
            body.append(label)
            body += [self.body(paragraph) for paragraph in paragraphs]
        self.page(title, body, [(_back(), self.close, True)])


class MessageDialog(Dialog):
    """A text too long for the bottom line, whole."""

    def __init__(self, title: Any, paragraphs: list[Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.page(title, [self.body(paragraph) for paragraph in paragraphs], [(_back(), self.close, True)])


def _back() -> Any:
    from companion.i18n import Message

    return Message("Back")
