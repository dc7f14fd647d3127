"""Schatzjagd in the companion: its scenario notation (with the search for the notes rule 13.4
forbids, :mod:`companion.games.schatzjagd.notes`), table words, the words of its refusals, BG
Stats lines, what each step did in the table's words, its part of the table (the dice), its touch
screens and its help (the rules: :mod:`engines.schatzjagd`)."""

from companion.games.home import GameHome

HOME = GameHome(
    name="schatzjagd",
    title="Schatzjagd",
    engine="engines.schatzjagd",
    scenario="companion.games.schatzjagd.scenario",
    table_words="companion.games.schatzjagd.table_words",
    bgstats="companion.games.schatzjagd.bgstats",
    refusals="companion.games.schatzjagd.refusals",
    happenings="companion.games.schatzjagd.happenings",
    help="companion.games.schatzjagd.help",
    table="companion.games.schatzjagd.table",
    screens="companion.games.schatzjagd.screens",
    result="companion.games.schatzjagd.result",
)
