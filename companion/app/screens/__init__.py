"""The shell's own screens, the same for every game; each module has its ``.kv`` beside it."""

from __future__ import annotations

from companion.app.screens.log import LogScreen
from companion.app.screens.newgame import NewGameScreen
from companion.app.screens.saves import SavesScreen
from companion.app.screens.settings import SettingsScreen
from companion.app.screens.start import StartScreen

SCREENS = (StartScreen, NewGameScreen, SavesScreen, SettingsScreen, LogScreen)
