"""Raubritter in the companion: its scenario notation, table words, BG Stats lines and the words of
its refusals (the rules: :mod:`engines.raubritter`)."""

from companion.games.home import GameHome

HOME = GameHome(
    name="raubritter",
    title="Raubritter",
    engine="engines.raubritter",
    scenario="companion.games.raubritter.scenario",
    table_words="companion.games.raubritter.table_words",
    bgstats="companion.games.raubritter.bgstats",
    refusals="companion.games.raubritter.refusals",
)
