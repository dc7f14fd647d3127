"""The messages the code uses: every ``Message("...")`` and ``Plural("...", "...", n)`` with literal
texts under ``companion/``, every refusal template ``RuleViolation(rule, "...")`` under
``engines/`` (both found by Babel's Python extractor), and every ``app.say("...")`` in the
screens' ``.kv`` rules; so the tests can compare them with the catalogues, and a new ``.po`` can
be started from them."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.extract import extract_from_dir

KEYWORDS = {"Message": None, "Plural": (1, 2)}
PACKAGE = Path(__file__).resolve().parent.parent
ENGINES = PACKAGE.parent / "engines"
REFUSALS = {"RuleViolation": (2,)}  # the template, the second argument (docs/i18n.md)
KV_SAY = re.compile(r'app\.say\(\s*"([^"]+)"')  # a screen's fixed texts in its .kv rules


def used() -> dict[str, str | None]:
    """``{msgid: msgid_plural or None}`` for every message in the code."""
    found: dict[str, str | None] = {}
    for _file, _line, message, _comments, _context in [
        *extract_from_dir(PACKAGE, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=()),
        *extract_from_dir(ENGINES, method_map=[("**.py", "python")], keywords=REFUSALS, comment_tags=()),
    ]:
        if isinstance(message, tuple):
            if message[0]:
                found[message[0]] = message[1]
        elif message:
            found[message] = None
    for kv in sorted(PACKAGE.rglob("*.kv")):
        for text in KV_SAY.findall(kv.read_text(encoding="utf-8")):
            found[text] = None
    return found
