"""Saved documents: a whole history (setup + events per command) or a single state, versioned.

Every document names its game and the format version it was written with. A document from a
newer version, from another game or with a broken event is refused with a clear message and
nothing is loaded.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from engines.core.errors import CompanionError, InvariantBroken
from engines.core.game import Game
from engines.core.history import History


class SavedFormatError(CompanionError, ValueError):
    """A saved document that cannot be loaded; the message says why."""


class _Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    command: dict[str, Any]
    events: list[dict[str, Any]]


class SavedHistory(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["companion.history"] = "companion.history"
    game: str
    version: int
    config: dict[str, Any]
    entries: list[_Entry]


class SavedState(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["companion.state"] = "companion.state"
    game: str
    version: int
    state: dict[str, Any]


def _header(game: Game[Any, Any, Any], name: str, version: int) -> None:
    if name != game.name:
        raise SavedFormatError(f"this document is a {name!r} game, not {game.name!r}")
    if version > game.format_version:
        raise SavedFormatError(
            f"written by a newer version (format {version}); this one reads up to {game.format_version}"
        )
    if version < 1:
        raise SavedFormatError(f"unknown format version {version}")


def dump_history(history: History[Any]) -> dict[str, Any]:
    game = history.game
    return SavedHistory(
        game=game.name,
        version=game.format_version,
        config=game.dump_config(history.config),
        entries=[
            _Entry(command=game.dump_command(e.command), events=[game.dump_event(x) for x in e.events])
            for e in history.entries
        ],
    ).model_dump(mode="json")


def load_history(game: Game[Any, Any, Any], data: Any) -> History[Any]:
    """Rebuild a history from its recorded events (not by deciding the commands again)."""
    try:
        doc = SavedHistory.model_validate(data)
        _header(game, doc.game, doc.version)
        history: History[Any] = History(game, game.parse_config(doc.config))
        for entry in doc.entries:
            history.restore(game.parse_command(entry.command), (game.parse_event(x) for x in entry.events))
    except ValidationError as exc:
        raise SavedFormatError(f"not a valid saved game: {exc.errors()[0]['msg']} at {exc.errors()[0]['loc']}") from exc
    except SavedFormatError:
        raise
    except Exception as exc:  # a corrupt document can fail in any way while replaying; said as its cause
        raise SavedFormatError(f"the saved events do not replay: {type(exc).__name__}: {exc}") from exc
    return history


def dump_state(game: Game[Any, Any, Any], state: Any) -> dict[str, Any]:
    return SavedState(game=game.name, version=game.format_version, state=game.dump_state(state)).model_dump(mode="json")


def load_state(game: Game[Any, Any, Any], data: Any) -> Any:
    try:
        doc = SavedState.model_validate(data)
        _header(game, doc.game, doc.version)
        state = game.parse_state(doc.state)
        game.check(state)
    except ValidationError as exc:
        raise SavedFormatError(
            f"not a valid saved state: {exc.errors()[0]['msg']} at {exc.errors()[0]['loc']}"
        ) from exc
    except InvariantBroken as exc:
        raise SavedFormatError(f"the saved state is impossible: {exc}") from exc
    return state
