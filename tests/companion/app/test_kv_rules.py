"""A ``.kv`` rule applies to every class of its name, whichever module defines it: two games' screens
of one name would each get the other's rule once both games were shown (the screenshots play all
games in one app). So each rule names exactly one class of the project, and each rule is written once."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
RULE = re.compile(r"^<([A-Za-z_][\w@+,\s]*)>:", re.MULTILINE)


def _rules() -> list[str]:
    names = []
    for path in sorted((ROOT / "companion").rglob("*.kv")):
        for head in RULE.findall(path.read_text(encoding="utf-8")):
            names += [name.strip() for name in head.split(",")]
    return names


def _classes() -> Counter[str]:
    found: Counter[str] = Counter()
    for path in sorted((ROOT / "companion").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found.update(node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef))
    return found


def test_each_rule_is_written_once():
    rules = [name.split("@")[0] for name in _rules()]
    assert rules, "no kv rules found"
    twice = sorted(name for name, n in Counter(rules).items() if n > 1)
    assert not twice, f"kv rules written more than once: {twice}"


def test_each_rule_names_one_class_of_the_project():
    classes = _classes()
    shared = sorted(name for name in _rules() if "@" not in name and classes[name] > 1)
    assert not shared, f"kv rules whose class name more than one module defines: {shared}"
