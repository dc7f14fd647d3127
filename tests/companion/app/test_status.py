"""The status line's die: the electronic die's state, or, without one, where the settings say rolls
come from (the screen's own die, or a real die whose face is tapped)."""

from __future__ import annotations

from types import SimpleNamespace

from companion.app import status
from companion.i18n import render


class _Table:
    def __init__(self, die: str, panel: bool = False) -> None:
        self.die = die
        self.panel = panel

    def uses_panel(self) -> bool:
        return self.panel

    def status(self) -> SimpleNamespace:
        return SimpleNamespace(panel="absent", die=self.die)

    def awaiting(self) -> SimpleNamespace:
        return SimpleNamespace(game=(), choosing=(), locked=(), rolls=())

    def public_view(self) -> dict:
        return {"view": {"players": []}}


def test_without_the_electronic_die_the_line_says_where_rolls_come_from():
    assert render(status.parts(_Table("absent"), "screen")[0], "en") == "Die: on the screen"
    assert render(status.parts(_Table("absent"), "typed")[0], "en") == "Die: a real one, its face tapped"
    assert render(status.parts(_Table("disabled"), "typed")[0], "de") == "Würfel: ein echter, Augenzahl getippt"
    assert render(status.parts(None, "typed")[0], "en") == "Die: a real one, its face tapped"


def test_an_electronic_die_says_its_own_state_whatever_the_setting():
    assert render(status.parts(_Table("connected"), "typed")[0], "en") == "Die: connected"
    assert render(status.line(_Table("connected")), "en").startswith("Die: connected")


def test_the_panel_is_named_only_in_a_game_that_uses_it():
    assert render(status.line(_Table("connected", panel=True)), "en").startswith("No panel: choose on the screen, Die")
    assert [render(part, "de") for part in status.parts(_Table("absent"), "screen")][:1] == ["Würfel: am Bildschirm"]
    assert all("Pult" not in render(part, "de") for part in status.parts(None, "screen"))
