"""What the scenario tests share: a scenario written into a file, and the check that a file the
runner cannot understand is an error naming the file and the line, whether run or only checked."""

from __future__ import annotations

from pathlib import Path

from companion.scenario.run import Result, check_file, run_file


def write(tmp_path: Path, text: str, name: str = "case.scn") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def assert_error_at(path: Path, line: int, message: str) -> list[Result]:
    """Running and checking ``path`` both stop with an error on ``line`` that says ``message``;
    the two results, for what else a test asks of them."""
    results = [run_file(path), check_file(path)]
    for result in results:
        assert result.status == "error", result.report()
        assert result.line == line
        assert message in result.message
        assert result.report().startswith(f"ERROR {path}:{line}: ")
    return results
