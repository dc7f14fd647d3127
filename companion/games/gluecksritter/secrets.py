"""What Die Glücksritter keeps secret until it reveals it, for the journal's exports and saves
(docs/journal.md): picks before the reveal (phases B to D), documents in hand or face down, and
the events that carry them (a pick, a drawn document, a corrected hand, a document played face down). The engine's
public view and public events leave these out; here the journal asks whether a running game's
record still holds one."""

from __future__ import annotations

from typing import Any


def pending(state: Any) -> bool:
    """An action-card pick the game has not revealed yet."""
    return state.phase not in ("E", "over") and any(p.pick is not None for p in state.players)


def held(state: Any) -> list[str]:
    """The kinds of secret the state holds, in words for the command line."""
    found = []
    if pending(state):
        found.append("the action cards picked this round are not revealed yet")
    if any(p.documents for p in state.players):
        found.append("players hold documents in hand")
    if state.face_down:
        found.append("documents lie face down")
    return found


def is_secret(event: dict[str, Any]) -> bool:
    """A pick, a drawn document, a corrected hand, or a document played face down (a public
    event's dict)."""
    kind = event.get("type")
    return kind in ("actions-chosen", "document-drawn", "hand-corrected") or (
        kind == "document-played" and bool(event.get("face_down"))
    )
