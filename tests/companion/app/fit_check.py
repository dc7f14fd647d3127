"""The fit checker (:mod:`companion.app.fit`) over every state the screenshots command walks (the
shell's screens and each game's showcase), in a real window, headless: each state checked as it is
drawn, and on a German screen every English text of the catalogues that German says otherwise.
``test_fit.py`` runs it in a window of its own for each size and language.

For people: ``python -m tests.companion.app.fit_check OUTDIR SIZE LANG`` (e.g. ``/tmp/shots 800x480
de``) writes every state's PNG to OUTDIR and prints the findings grouped by state, one line each;
it ends with 1 when there are any."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any


def states(out: Path, size: tuple[int, int], language: str) -> dict[str, Any]:
    """Every state the screenshots command walks at ``size`` in ``language`` (its PNGs in ``out``),
    checked as it is drawn: ``{"states": [name, ...], "findings": [finding as a dict, ...]}``."""
    from companion.app.screenshots import shoot

    seen: list[str] = []
    findings: list[dict[str, Any]] = []
    english = untranslated_patterns() if language == "de" else []

    def on_state(name: str) -> None:
        from companion.app import fit

        seen.append(name)
        findings.extend(finding.as_dict() for finding in fit.check(name))
        findings.extend(english_words(name, english))

    with tempfile.TemporaryDirectory(prefix="companion-fit-") as data:
        shoot(out, Path(data), size, language, on_state=on_state)
    return {"states": seen, "findings": findings}


def untranslated_patterns() -> list[tuple[str, Any]]:
    """Every English text of the catalogues that German says otherwise, as a pattern that finds it
    inside a shown text, as whole words (a value of the message may stand for anything): texts of
    four letters or more, so that "OK" or a player's initial is no finding."""
    import re

    from babel.messages.pofile import read_po

    from companion.i18n.paths import po_files

    found = []
    for path in po_files("de"):
        with path.open("rb") as file:
            catalogue = read_po(file)
        for message in catalogue:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            german = message.string if isinstance(message.string, tuple) else (message.string,)
            for english in ids:
                if not english or english in german:
                    continue
                literal = re.split(r"\{[^{}]*\}", english)
                if sum(len(re.findall(r"[A-Za-z]", part)) for part in literal) < 4:
                    continue
                pattern = ".+?".join(re.escape(part) for part in literal)
                found.append((english, re.compile(rf"(?<!\w){pattern}(?!\w)")))
    return found


def english_words(state: str, patterns: list[tuple[str, Any]]) -> list[dict[str, Any]]:
    """A finding for each shown text that holds an English catalogue text on a German screen."""
    from companion.app import fit

    findings = []
    for root in fit.window_roots():
        for widget in root.walk(restrict=True):
            text = getattr(widget, "text", None)
            if not isinstance(text, str) or not text.strip() or not fit._shown(widget):
                continue
            shown = fit.plain_text(text) if getattr(widget, "markup", False) else text
            for english, pattern in patterns:
                if pattern.search(shown):
                    why = f"English on a German screen: {english!r}"
                    where = {"widget": type(widget).__name__, "id": "", "text": shown[:60], "box": (0, 0, 0, 0)}
                    findings.append({"state": state, **where, "why": why})
                    break
    return findings


def report(findings: list[dict[str, Any]]) -> str:
    """The findings grouped by state, one line each."""
    lines: list[str] = []
    state = None
    for found in findings:
        if found["state"] != state:
            state = found["state"]
            lines.append(f"  {state}:")
        x, y, w, h = found["box"]
        name = f"{found['widget']}#{found['id']}" if found["id"] else found["widget"]
        lines.append(f"    {name} {found['text']!r} at ({x}, {y}) {w}×{h}: {found['why']}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(
            "usage: python -m tests.companion.app.fit_check OUTDIR SIZE LANG  (e.g. /tmp/shots 800x480 de)",
            file=sys.stderr,
        )
        return 2
    out, size, language = argv
    width, height = (int(n) for n in size.split("x"))
    done = states(Path(out), (width, height), language)
    print(f"{size} {language}: {len(done['findings'])} findings in {len(done['states'])} states")
    if done["findings"]:
        print(report(done["findings"]))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
