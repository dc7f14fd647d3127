"""Raubritter in the companion: its scenario notation, table words, BG Stats lines, the words of
its refusals, what each step did in the table's words, its part of the table (no die, no secret),
its touch screens and its help (the rules: :mod:`engines.raubritter`)."""

from companion.games.home import GameHome

HOME = GameHome(
    name="raubritter",
    title="Raubritter",
    engine="engines.raubritter",
    scenario="companion.games.raubritter.scenario",
    table_words="companion.games.raubritter.table_words",
    bgstats="companion.games.raubritter.bgstats",
    refusals="companion.games.raubritter.refusals",
    happenings="companion.games.raubritter.happenings",
    help="companion.games.raubritter.help",
    table="companion.games.raubritter.table",
    screens="companion.games.raubritter.screens",
    result="companion.games.raubritter.result",
)
