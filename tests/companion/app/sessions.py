"""The legacy runner of sessions: ``python -m tests.companion.app.sessions NAME DATA_DIR [ARG]``
runs a session of the ``*_sessions.py`` modules not yet made tests of their own
(:mod:`tests.support.window`) in its own process (Kivy keeps one window per process, so every
session gets a fresh one). A session asserts as it goes and prints one JSON line with what the test
checks afterwards."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

SESSIONS: dict[str, Any] = {}  # every session of this module is a test of its own now

if __name__ == "__main__":
    import importlib
    import importlib.util

    for module in (
        "shell_sessions",
        "schatzjagd_form_sessions",
        "raubritter_form_sessions",
        "schatzjagd_sessions",
        "raubritter_sessions",
        "qr_sessions",
        "plot_sessions",
        "files_sessions",
        "result_sessions",
        "interrupted_sessions",
        "documents_sessions",
        "whole_game_sessions",
        "notify_sessions",
        "display_sessions",
        "journal_access_sessions",
        "memory_sessions",
        "evening_sessions",
    ):
        if importlib.util.find_spec(f"tests.companion.app.{module}") is not None:  # not yet a test of its own
            SESSIONS.update(importlib.import_module(f"tests.companion.app.{module}").SESSIONS)
    name, data, *rest = sys.argv[1:]
    print(json.dumps(SESSIONS[name](Path(data), *rest), ensure_ascii=False), flush=True)
