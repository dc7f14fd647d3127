"""The app's settings as the app keeps them: written beside the journal when they change (never
while the data folder cannot be written), and each game's own settings checked by the game, its
problems said once."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from companion.app import settings as app_settings
from companion.app.contract import screens_of
from companion.i18n import Message

if TYPE_CHECKING:
    from companion.app.host import Host

log = logging.getLogger(__name__)


class Preferences:
    """The app's part that keeps the settings: a mixin of :class:`~companion.app.shell.CompanionApp`
    (which reads them when it is made)."""

    _settings_told: set[str]

    def _init_preferences(self: Host) -> None:
        self._settings_told = set()  # games whose stored settings' problems were said

    def save_settings(self: Host) -> None:
        if self.read_only:
            return  # the start screen says that nothing is written
        try:
            app_settings.save(self.data_dir, self.settings_)
        except OSError as error:
            log.warning("settings not saved: %s", error)
            self.tell(Message("The settings could not be saved: {problem}", problem=str(error)), refusal=True)

    def game_settings(self: Host, game: str | None = None) -> dict[str, Any]:
        """A game's own settings (the running game's by default), checked by the game."""
        name = game or self.game_name
        contract = screens_of(name) if name else None
        if not name or contract is None:
            return {}
        stored = self.settings_.games.get(name)
        settings, problems = contract.settings.read(stored, self.settings_.older)
        if problems and name not in self._settings_told:  # said once, not at every form and screen
            self._settings_told.add(name)
            self.tell(problems, refusal=True)
        return settings

    def store_game_settings(self: Host, game: str, settings: dict[str, Any]) -> None:
        self.settings_.games[game] = dict(settings)
        self.save_settings()
