"""The touchscreen app: a Kivy shell (:mod:`.shell`) around one :class:`companion.table.Table`
per running game. Screens of the shell live in :mod:`.screens`; each game adds its own screens
from its home (``companion/games/<game>/screens``). Kivy is imported only by the modules that
draw; :mod:`.env` must run before the first Kivy import (:func:`companion.app.run.main` does)."""
