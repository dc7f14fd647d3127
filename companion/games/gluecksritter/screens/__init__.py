"""Die Glücksritter on the touch screen: the board (:mod:`.board`) with the step the round is at
(:mod:`.guide`), its dialogs (:mod:`.dialogs`), its new-game form (:mod:`.form`) and its own
settings (:mod:`.preferences`). ``SCREENS`` is what the app's shell hosts
(:class:`companion.app.contract.GameScreens`); nothing here imports Kivy until the app asks for a
screen or a form."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.app.contract import SaveSummary, game_screens
from companion.games.gluecksritter.screens.setup import RULE_SETS
from companion.i18n import Message

COMMANDS = {  # the game log's name of each command
    "place-ducats": Message("Ducat card"),
    "choose-actions": Message("action cards chosen"),
    "play-document": Message("document played"),
    "reveal-documents": Message("documents revealed"),
    "reveal-actions": Message("action cards revealed"),
    "end-round": Message("round ended"),
    "ransom": Message("ransom"),
    "take-document": Message("document taken"),
    "decline": Message("declined"),
    "buy-pieces": Message("castle pieces bought"),
    "knight-act": Message("the Black Knight acts"),
    "raid-piece": Message("raided piece"),
    "roll-die": Message("roll"),
    "choose-first-offerer": Message("first offerer chosen"),
    "make-offer": Message("offer"),
    "accept-offer": Message("offer accepted"),
    "pay-offer": Message("offer paid"),
    "keep-loot": Message("loot kept"),
    "reject-offer": Message("offer rejected"),
    "decline-to-offer": Message("no offer"),
    "hand-over": Message("hand-over"),
    "apply-document": Message("a document's effect"),
    "correct-hand": Message("documents corrected"),
    "pay-royal-tax": Message("royal tax"),
    "correct": Message("correction"),
}
FIRST = "gluecksritter-board"


def summary(config: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> SaveSummary:
    """The rule set, the round (or the end) and the players, from the setup and the events."""
    names = config.get("names") or {}
    players = tuple((colour, names.get(colour)) for colour in config.get("players", ()))
    kinds = [event.get("type") for event in events]
    if "game-ended" in kinds and "victory-judged-again" not in kinds[kinds.index("game-ended") :]:
        progress: Any = Message("the game is over")
    else:
        progress = Message("round {round}", round=1 + kinds.count("round-ended"))
    rules = config.get("rules", "")
    return SaveSummary(RULE_SETS.get(rules, rules), progress, players)


SCREENS = game_screens(
    "companion.games.gluecksritter",
    first=FIRST,
    screens=("board:BoardScreen",),
    commands=COMMANDS,
    summary=summary,
    bar=((Message("My documents"), "documents"), (Message("Table check"), "check")),
)
