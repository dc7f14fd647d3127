"""Die Glücksritter (3–6 players), both rule sets: ``schmidt-1998`` and ``osullivan-2002``."""

from engines.gluecksritter.game import GAME, Gluecksritter
from engines.gluecksritter.rules import OSULLIVAN, SCHMIDT, DocumentSpec, Setup

__all__ = ["GAME", "OSULLIVAN", "SCHMIDT", "DocumentSpec", "Gluecksritter", "Setup"]
