"""The status line's die: the electronic die's state, or, without one, where the settings say rolls
come from (the screen's own die, or a real die whose face is tapped)."""

from __future__ import annotations

from types import SimpleNamespace

from companion.app import status
from companion.i18n import render


class _Table:
    def __init__(self, die: str) -> None:
        self.die = die

    def status(self) -> SimpleNamespace:
        return SimpleNamespace(panel="absent", die=self.die)

    def awaiting(self) -> SimpleNamespace:
        return SimpleNamespace(game=(), choosing=(), locked=(), rolls=())

    def public_view(self) -> dict:
        return {"view": {"players": []}}


def test_without_the_electronic_die_the_line_says_where_rolls_come_from():
    assert render(status.parts(_Table("absent"), "screen")[1], "en") == "Die: on the screen"
    assert render(status.parts(_Table("absent"), "typed")[1], "en") == "Die: a real one, its face tapped"
    assert render(status.parts(_Table("disabled"), "typed")[1], "de") == "Würfel: ein echter, Augenzahl getippt"
    assert render(status.parts(None, "typed")[1], "en") == "Die: a real one, its face tapped"


def test_an_electronic_die_says_its_own_state_whatever_the_setting():
    assert render(status.parts(_Table("connected"), "typed")[1], "en") == "Die: connected"
    assert render(status.line(_Table("connected")), "en").startswith("No panel: choose on the screen, Die: connected")
