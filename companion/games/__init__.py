"""One home per game: each game's companion-side parts in one package, ``companion.games.<name>``,
declared by its :class:`companion.games.home.GameHome` and found through
:mod:`companion.games.registry` (see docs/games.md)."""
