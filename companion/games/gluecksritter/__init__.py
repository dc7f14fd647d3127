"""Die Glücksritter in the companion: its scenario notation, table words, BG Stats lines, the
words of its refusals and its part of the table (the rules: :mod:`engines.gluecksritter`)."""

from companion.games.home import GameHome

HOME = GameHome(
    name="gluecksritter",
    title="Die Glücksritter",
    engine="engines.gluecksritter",
    scenario="companion.games.gluecksritter.scenario",
    table_words="companion.games.gluecksritter.table_words",
    bgstats="companion.games.gluecksritter.bgstats",
    table="companion.games.gluecksritter.table",
    refusals="companion.games.gluecksritter.refusals",
    happenings="companion.games.gluecksritter.happenings",
    secrets="companion.games.gluecksritter.secrets",
    screens="companion.games.gluecksritter.screens",
    result="companion.games.gluecksritter.result",
    help="companion.games.gluecksritter.help",
)
