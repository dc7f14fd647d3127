"""Every refusal an engine raises can be said in the table's language: its message is a literal
English template (the catalogues' message id) whose named values are passed as plain data, never
an f-string or a sentence built in code (docs/i18n.md, "Refusals")."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from tests.support.players import engine_names

ENGINES = Path(__file__).resolve().parents[2] / "engines"
PACKAGES = ("core", *engine_names())  # what every game shares, and every engine


def raises(package: str):
    for path in sorted((ENGINES / package).rglob("*.py")):
        if path.name == "errors.py":  # the class itself
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            name = getattr(node, "func", None)
            if isinstance(node, ast.Call) and getattr(name, "id", getattr(name, "attr", None)) == "RuleViolation":
                yield f"{path.relative_to(ENGINES)}:{node.lineno}", node


def problem(node: ast.Call) -> str | None:
    if len(node.args) != 2:
        return "takes a rule id and a template"
    rule, template = node.args
    literal = isinstance(rule, ast.Constant) and isinstance(rule.value, str)
    handed_on = isinstance(rule, ast.Name) or (
        isinstance(rule, ast.BoolOp) and all(isinstance(v, ast.Name) for v in rule.values)
    )
    if not (literal or handed_on):  # a helper may refuse under the rule of the command that called it
        return "the rule id is neither a literal nor a parameter"
    if not (isinstance(template, ast.Constant) and isinstance(template.value, str)):
        return "the template is not a literal string (an f-string or a sentence built in code)"
    names = {name for _, name, _, _ in string.Formatter().parse(template.value) if name is not None}
    if any(not name.isidentifier() for name in names):
        return f"a value in braces is not a plain name: {sorted(names)}"
    passed = {keyword.arg for keyword in node.keywords}
    if None in passed:  # **values: checked when raised
        return None
    if names != passed:
        return f"the template names {sorted(names)} but the values are {sorted(passed)}"
    return None


@pytest.mark.parametrize("package", PACKAGES)
def test_every_refusal_is_a_template_with_its_values(package):
    wrong = [f"{where}: {why}" for where, node in raises(package) if (why := problem(node))]
    assert not wrong, "\n".join(wrong)


def test_a_template_is_filled_with_its_values():
    from engines.core.errors import RuleViolation

    violation = RuleViolation("haggle.ducats", "{player} holds only {ducats} Ducats", player="red", ducats=3)
    assert violation.message == "red holds only 3 Ducats"
    assert str(violation) == "red holds only 3 Ducats [haggle.ducats]"
    assert violation.values == {"player": "red", "ducats": 3}
    import pickle

    again = pickle.loads(pickle.dumps(violation))
    assert (again.rule, again.template, again.values) == (violation.rule, violation.template, violation.values)
