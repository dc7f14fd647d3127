"""What a new game of Die Glücksritter is set up from: the rule sets as the table reads them, how
many may play, and the engine's setup made from the form's choices."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from companion.i18n import Message
from engines.gluecksritter.rules import OSULLIVAN, SCHMIDT, Colour, RuleSetName

RULE_SETS = {SCHMIDT: Message("Schmidt 1998 (German)"), OSULLIVAN: Message("2002 English variant")}
PLAYERS = (3, 6)


def setup(rules: str, players: tuple[str, ...], names: dict[str, str], settings: Mapping[str, Any]) -> Any:
    """The engine's setup from a rule set, the colours in seating order, the names given and the
    sack, special die and documents (the game's settings, or the form's choices for this game); the
    card list is the table's own when the settings hold one, else the shipped one."""
    from companion.catalogue import check_catalogue, load_catalogue
    from engines.gluecksritter import Setup

    own = settings.get("documents")

    # the form's rule set and colours are strings: the engine's Setup checks them
    return Setup(
        rules=cast(RuleSetName, rules),
        players=cast("tuple[Colour, ...]", players),
        names=cast("dict[Colour, str]", names),
        digital_sack=settings.get("digital_sack", True),
        real_documents=settings.get("real_documents", True),
        special_die=tuple(settings.get("special_die", ("sack",) * 4 + ("castle",) * 2)),
        documents=check_catalogue(own, "the table's card list") if own else load_catalogue(),
    )
