"""The rules engines stay pure: no I/O, clock, randomness, UI, hardware or app imports."""

import ast
from pathlib import Path

import pytest

ENGINES = Path(__file__).resolve().parents[2] / "engines"
FORBIDDEN = {
    "kivy",
    "gpiozero",
    "serial",
    "companion",
    "hardware",
    "sqlite3",
    "random",
    "secrets",
    "time",
    "os",
    "io",
    "pathlib",
    "socket",
    "threading",
    "subprocess",
    "logging",
}
SOURCES = sorted(ENGINES.rglob("*.py"))


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_there_are_engine_sources():
    assert len(SOURCES) > 10


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ENGINES)))
def test_engine_module_imports_nothing_impure(path):
    assert not imported_modules(path) & FORBIDDEN


def test_no_file_access_or_builtin_randomness_in_engines():
    for path in SOURCES:
        text = path.read_text(encoding="utf-8")
        assert "open(" not in text, path
        assert "input(" not in text, path
        assert ".now(" not in text and ".today(" not in text, path  # dates are data, never the clock
