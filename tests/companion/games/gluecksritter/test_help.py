"""The help screen's texts: every topic in both languages for both rule sets, the Black Knight and
the ransom as the rule set being played has them."""

from __future__ import annotations

import pytest

from companion.games.gluecksritter.help import topics
from companion.i18n import render
from engines.gluecksritter.rules import OSULLIVAN, SCHMIDT


@pytest.mark.parametrize("rules", [SCHMIDT, OSULLIVAN])
def test_every_topic_reads_in_both_languages(rules):
    for title, paragraphs in topics(rules):
        for text in (title, *paragraphs):
            english, german = render(text, "en"), render(text, "de")
            assert english and german and english != german
            assert "{" not in german


def test_the_knight_and_the_ransom_follow_the_rule_set():
    def said(rules: str) -> str:
        return " ".join(render(text, "en") for _, paragraphs in topics(rules) for text in paragraphs)

    assert "both roll the number die" in said(SCHMIDT) and "haggle" not in said(SCHMIDT)
    assert "haggle" in said(OSULLIVAN) and "before you choose" not in said(OSULLIVAN)
