"""A guide's choices as buttons (:class:`companion.app.option.Option`): a main choice big, in the
colour of the player it concerns; a quiet one plain; a choice the rules refuse now greyed, with
the reason under its words (:func:`greyed` asks the table). The button keeps its option, so a
screen that draws the same choices again only gives each button what it now sends."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp

from companion.app import theme
from companion.app.option import Option


def option_button(option: Option, text: str, choose: Callable[[Option], Any], why: str | None = None) -> Any:
    """The button for ``option`` saying ``text``; a tap calls ``choose`` with its option then.
    ``why``: the option's refusal in words, for a greyed button that cannot be tapped."""
    button = (Factory.Big if option.main else Factory.Quiet)(text=text)
    grow(button)  # a choice of three lines is as tall as its words: the pages of choices give it room
    if why:
        button.text = f"{text}\n{why}"
        button.disabled = True
    elif option.player and option.main:
        colour = theme.player_colour(option.player)

        def paint(*_: Any) -> None:  # after the kv rule's own colour, which knows no player
            button.background_color = colour if button.state == "normal" else theme.INK

        button.bind(state=paint)  # a press whose dialog was backed out of leaves it in its colour
        paint()
        button.color = theme.text_on(option.player)
    button.option = option
    button.bind(on_release=lambda pressed: choose(pressed.option))
    return button


def grow(button: Any) -> None:
    """A button as tall as its words need (never lower than its own height)."""
    low = button.height
    button.bind(texture_size=lambda b, size: setattr(b, "height", max(low, size[1] + dp(12))))


def greyed(options: Iterable[Option], trial: Callable[[Any], Any]) -> tuple[Option, ...]:
    """The options, each one whose command the rules refuse now (``trial(command)``: the refusal
    notice, or None) marked with the refusal's words."""
    marked = []
    for option in options:
        command = option.sends
        refused = trial(command) if command is not None else None
        marked.append(replace(option, refusal=refused.shown) if refused is not None else option)
    return tuple(marked)


class Guided:
    """What a game's screen with a guide does with a choice: a command is sent as it is, a dialog is
    opened (``open_dialog(name, **args)``); and a dialog asks ``offered`` whether the step still
    offers it, else it closes itself. The screen says what its guide offers now (``guided_now``)."""

    def guided_now(self) -> Any:
        """The guide's step now (with its ``options``), or None while no game runs."""
        raise NotImplementedError

    def open_dialog(self, name: str | None, **args: Any) -> Any:
        raise NotImplementedError

    def choose(self, option: Option) -> None:
        from companion.app.room import running_app

        if option.command is not None:
            table = running_app().table
            assert table is not None  # a guide offers options only while its game runs
            table.submit(option.command)
            return
        self.open_dialog(option.dialog, **option.args)

    def offered(self, name: str | None, args: dict[str, Any]) -> bool:
        """Whether the step still offers the dialog ``name`` for ``args``: else it closes itself."""
        now = self.guided_now()
        return now is not None and any(option.dialog == name and option.args == args for option in now.options)
