"""The project's errors have one base, :class:`engines.core.errors.CompanionError`: every exception
class of the rules, the hardware and the app derives from it (beside the builtin it resembles), and
every ``except Exception`` left in them says on its line why it must catch everything."""

import ast
import io
import json
import os
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from engines.core.errors import CompanionError, InvariantBroken, RuleViolation

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("engines", "hardware", "companion")

# Every module of the three packages imported in a process of its own, Kivy's first (headless, its
# settings in a temporary folder): the app's screens import Kivy, and this process stays without it.
# ``__main__`` modules are left out: importing one runs the program.
WALK = """
import importlib, inspect, json, pkgutil, sys, tempfile
from pathlib import Path
from companion.app import env
env.prepare(Path(tempfile.mkdtemp(prefix="companion-kivy-")), headless=True)
failed = {}
for package in sys.argv[1:]:
    for info in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        if info.name.rsplit(".", 1)[-1] == "__main__":
            continue
        try:
            importlib.import_module(info.name)
        except Exception as error:
            failed[info.name] = f"{type(error).__name__}: {error}"
from engines.core.errors import CompanionError
classes = {}
for name, module in sorted(sys.modules.items()):
    if name.split(".")[0] not in sys.argv[1:]:
        continue
    for value in vars(module).values():
        if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__ == name:
            classes[f"{name}.{value.__qualname__}"] = {
                "base": issubclass(value, CompanionError),
                "builtins": sorted(b.__name__ for b in value.__mro__ if b.__module__ == "builtins"),
            }
print(json.dumps({"failed": failed, "classes": classes}))
"""


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory) -> dict:
    home = tmp_path_factory.mktemp("errors-walk")
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_STATE_HOME": str(home / "state"),
    }
    env.pop("DISPLAY", None)
    done = subprocess.run(
        [sys.executable, "-c", WALK, *PACKAGES], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_every_module_of_the_packages_imports(walked):
    assert walked["failed"] == {}


def test_the_walk_finds_the_errors_of_each_package(walked):
    found = walked["classes"]
    for name in (
        "engines.core.errors.RuleViolation",
        "engines.core.saved.SavedFormatError",
        "hardware.bounded.NotAPlainFile",
        "hardware.panel.config.PanelConfigError",
        "companion.journal.errors.JournalDamaged",
        "companion.app.contract.FormProblem",
    ):
        assert name in found
    assert len(found) > 25


def test_every_exception_class_derives_from_companion_error(walked):
    outside = sorted(name for name, facts in walked["classes"].items() if not facts["base"])
    assert outside == []


@pytest.mark.parametrize(
    "name, builtin",
    [
        ("engines.core.errors.RuleViolation", "ValueError"),
        ("engines.core.errors.InvariantBroken", "AssertionError"),
        ("engines.core.saved.SavedFormatError", "ValueError"),
        ("hardware.bounded.NotAPlainFile", "OSError"),
        ("hardware.panel.selection.PicksIncomplete", "RuntimeError"),
        ("companion.app.contract.ContractError", "LookupError"),
        ("companion.journal.errors.ExportError", "ValueError"),
        ("companion.games.registry.UnknownGame", "ValueError"),
    ],
)
def test_an_error_keeps_the_builtin_it_resembles(walked, name, builtin):
    assert builtin in walked["classes"][name]["builtins"]


def test_rule_errors_are_companion_errors_and_builtins():
    refused = RuleViolation("haggle.ducats", "{player} holds only {ducats} Ducats", player="red", ducats=3)
    assert isinstance(refused, CompanionError) and isinstance(refused, ValueError)
    assert isinstance(InvariantBroken("a fifth wall"), CompanionError)
    with pytest.raises(CompanionError):
        raise refused


# --------------------------------------------------------------------- every catch-all says why

SOURCES = sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def catch_alls(source: str) -> list[int]:
    """The lines of the handlers that catch ``Exception`` (alone or in a tuple)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            caught = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            if any(isinstance(c, ast.Name) and c.id == "Exception" for c in caught):
                lines.append(node.lineno)
    return lines


def comments(source: str) -> dict[int, str]:
    """Each line's comment, without its ``#`` and a leading ``noqa: CODE -``."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            text = token.string.lstrip("#").strip()
            if text.startswith("noqa"):
                text = text.partition(" - ")[2].strip()
            found[token.start[0]] = text
    return found


def test_the_scan_reads_the_three_packages():
    assert len(SOURCES) > 100
    assert catch_alls("try:\n    pass\nexcept (OSError, Exception):  # why\n    pass\n") == [3]
    assert comments("x = 1  # noqa: BLE001 - a reason\n") == {1: "a reason"}


def test_every_except_exception_says_why_it_catches_everything():
    unexplained = []
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        said = comments(source)
        for line in catch_alls(source):
            if len(said.get(line, "").split()) < 3:  # a reason, not a bare marker
                unexplained.append(f"{path.relative_to(ROOT)}:{line}")
    assert unexplained == []
