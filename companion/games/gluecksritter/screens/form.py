"""Die Glücksritter's new-game form, hosted by the shell's new-game screen: the rule set, the
colours in seating order with optional names, and this game's sack and special die (from the
game's own settings, changeable for this game alone)."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app import theme
from companion.app.contract import FormProblem
from companion.app.pieces.choices import ChoiceList
from companion.app.pieces.seating import Seating
from companion.app.room import running_app
from companion.app.widgets import toggle
from companion.games.gluecksritter.screens.preferences import Kit
from companion.games.gluecksritter.screens.setup import PLAYERS, RULE_SETS, setup
from companion.i18n import Message
from engines.gluecksritter.rules import COLOURS, SCHMIDT


class NewGameForm(ChoiceList):
    ready = BooleanProperty(False)

    def __init__(self, settings: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rules = SCHMIDT
        self.rule_row = BoxLayout(size_hint_y=None, height=dp(theme.TOUCH_DP), spacing=dp(8))
        self.seating = Seating(COLOURS, PLAYERS)
        self.seating.bind(ready=lambda *_: setattr(self, "ready", self.seating.ready))
        self.kit = Kit(settings, lambda _settings: None)
        self.kit_title = Factory.Body(bold=True)
        self.fill([self.rule_row, self.seating, self.kit_title, self.kit])

    def refresh(self) -> None:
        app = running_app()
        self.rule_row.clear_widgets()
        for rules, label in RULE_SETS.items():
            self.rule_row.add_widget(toggle(app.tr(label), rules == self.rules, lambda r=rules: self._rules(r)))
        self.seating.refresh()
        self.kit_title.text = app.tr(Message("For this game"))
        self.kit.refresh()
        self.ready = self.seating.ready

    def _rules(self, rules: str) -> None:
        self.rules = rules
        self.refresh()

    def setup(self) -> Any:
        """The engine's setup; FormProblem while fewer or more players than the rules allow sit."""
        low, high = PLAYERS
        if not low <= len(self.seating.seated) <= high:
            raise FormProblem(
                Message("Tap the colours in seating order ({low} to {high} players).", low=low, high=high)
            )
        return setup(self.rules, tuple(self.seating.seated), self.seating.given_names(), self.kit.settings)

    def reset(self) -> None:
        """After a game began: nobody seated, the game's settings as they are stored now."""
        self.seating.reset()
        settings = running_app().game_settings("gluecksritter")
        self.kit.settings = {k: list(v) if isinstance(v, list) else v for k, v in settings.items()}
        self.refresh()
