"""A toy fourth game that exists only in the tests: a race to step 12 with one die
(:mod:`.engine`), with every part a game brings to the companion, kept outside the companion's
package and served only while a test registers it (``companion.games.registry.registered(HOME)``):
its scenario notation, table words, BG Stats lines, what each step did, the table's die, the help,
the end of a game, its touch screens and its own catalogues (``locale/``). No secrets part: the
race hides nothing. No refusals part: its refusals' values are colours and numbers.

Nothing outside this folder names it: that is what it shows (docs/games.md, "Adding a game")."""

from pathlib import Path

from companion.games.home import GameHome

PACKAGE = __name__

HOME = GameHome(
    name="toy",
    title="Wettlauf",  # a German name, as the others are
    engine=f"{PACKAGE}.engine",
    scenario=f"{PACKAGE}.scenario",
    table_words=f"{PACKAGE}.table_words",
    bgstats=f"{PACKAGE}.bgstats",
    happenings=f"{PACKAGE}.happenings",
    help=f"{PACKAGE}.help",
    table=f"{PACKAGE}.table",
    screens=f"{PACKAGE}.screens",
    result=f"{PACKAGE}.result",
    locale=str(Path(__file__).resolve().parent / "locale"),
)
