"""Die Glücksritter on the touch screen: the board (:mod:`.board`) with the step the round is at
(:mod:`.guide`), and its dialogs (the Ducat card, the privacy cover for choosing and for a
player's documents, offers and hand-overs). What the new-game screen needs to set a game up is
here too."""

from __future__ import annotations

from typing import Any

from companion.i18n import Message
from engines.gluecksritter.rules import COLOURS

RULE_SETS = (
    ("schmidt-1998", Message("Schmidt 1998 (German)")),
    ("osullivan-2002", Message("2002 English variant")),
)
PLAYERS = (3, 6)
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
    "pay-royal-tax": Message("royal tax"),
    "correct": Message("correction"),
}
FIRST = "gluecksritter-board"


def setup(rules: str, players: tuple[str, ...], names: dict[str, str], settings: Any) -> Any:
    """The engine's setup from the new-game screen and the app's settings."""
    from companion.catalogue import load_catalogue
    from engines.gluecksritter import Setup

    return Setup(
        rules=rules,
        players=players,
        names=names,
        digital_sack=settings.digital_sack,
        special_die=settings.special_die,
        documents=load_catalogue(),
    )


def showcase() -> Any:
    """The scripted states for ``companion screenshots``."""
    from companion.games.gluecksritter.screens.showcase import play

    return play


def __getattr__(name: str) -> Any:  # the screens import Kivy: only when the app asks for them
    if name == "SCREENS":
        from companion.games.gluecksritter.screens.board import BoardScreen

        return (BoardScreen,)
    raise AttributeError(name)


__all__ = ["COLOURS", "COMMANDS", "FIRST", "PLAYERS", "RULE_SETS", "setup", "showcase"]
