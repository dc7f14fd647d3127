"""The shell's own screens, the same for every game: start, new game, saved games, settings and the
game log; each module has its ``.kv`` beside it. The shell imports each one when it is first shown
(``companion.app.shell.SCREENS``)."""
