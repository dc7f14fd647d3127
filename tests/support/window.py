"""Tests that play the app in a real window of their own.

Kivy keeps one window per process, so a test that opens the app runs in a fresh process, headless
(SDL's offscreen driver; ``companion.app.env``). :func:`in_window` makes that one readable unit:
the test function drives the app and asserts what it sees in the same body, and pytest runs it in a
process of its own. A failing assertion comes back whole: the child's traceback, with the values of
the test's own variables where it failed.

    @in_window
    def test_the_start_screen_names_the_step(tmp_path, language):
        app, driver = start(tmp_path, language)
        ...
        assert seen == expected

The test's arguments cross to the process as JSON: ``tmp_path`` (any :class:`~pathlib.Path`) and
parametrized values that JSON carries (strings, numbers, lists, dicts). Other fixtures do not cross;
the test makes what it needs itself.

For a test in several processes (a power cut, a restart), :func:`run` runs any function of a test
module in a window of its own and gives back what it returned (JSON), and :func:`killed_when_ready`
runs one until it says :func:`ready`, then kills it as a power cut would.

``python -m tests.support.window MODULE FUNCTION JSON`` is the child's side.
"""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import inspect
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.waiting import PROCESS, WAIT

ROOT = Path(__file__).resolve().parents[2]
RETURNED = "window-returned: "  # the line before the returned value's JSON on the child's stdout
READY = "window-ready: "
SKIPPED = 3  # the child's exit code for a test that skipped itself


def env() -> dict[str, str]:
    """The child's environment: no display of the machine (SDL draws offscreen), no settings of the
    person running the tests, the checkout on the path."""
    environ = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    environ["PYTHONPATH"] = str(ROOT)
    environ["XDG_CONFIG_HOME"] = environ.get("XDG_CONFIG_HOME_FOR_UI", "/nonexistent-companion-config")
    return environ


def _arguments(function: Callable[..., Any], kwargs: dict[str, Any]) -> str:
    paths = sorted(k for k, v in kwargs.items() if isinstance(v, Path))
    plain = {k: (str(v) if k in paths else v) for k, v in kwargs.items()}
    try:
        return json.dumps({"kwargs": plain, "paths": paths})
    except TypeError as error:
        crossing = f"{function.__qualname__}: an argument cannot cross to the window's process"
        raise TypeError(f"{crossing} ({error})") from None


def _command(function: Callable[..., Any], kwargs: dict[str, Any]) -> list[str]:
    target = getattr(function, "in_process", function)
    if "<locals>" in target.__qualname__:
        raise TypeError(f"{target.__qualname__}: only a module's own functions run in a window")
    module, name = target.__module__, target.__qualname__
    return [sys.executable, "-m", "tests.support.window", module, name, _arguments(target, kwargs)]


def run(function: Callable[..., Any], /, **kwargs: Any) -> Any:
    """``function(**kwargs)`` in a process of its own with a fresh window; what it returned. A
    failure in it fails the test with the child's whole traceback; one that has not ended after
    ``PROCESS`` seconds is stopped, and the test says what it wrote last."""
    __tracebackhide__ = True
    return run_and_read(function, **kwargs)[0]


def run_and_read(function: Callable[..., Any], /, **kwargs: Any) -> tuple[Any, str]:
    """As :func:`run`, and what the process wrote to its standard error (its log) besides."""
    __tracebackhide__ = True
    name = getattr(function, "in_process", function).__qualname__
    try:
        done = subprocess.run(
            _command(function, kwargs), capture_output=True, text=True, timeout=PROCESS, env=env(), cwd=ROOT
        )
    except subprocess.TimeoutExpired as expired:
        said = expired.stderr.decode(errors="replace") if isinstance(expired.stderr, bytes) else expired.stderr or ""
        pytest.fail(f"{name} had not ended after {PROCESS:g} s; it wrote last:\n{said[-4000:]}", pytrace=False)
    if done.returncode == SKIPPED:
        pytest.skip(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else name)
    if done.returncode != 0:
        pytest.fail(f"{name} failed in its window ({done.returncode}):\n{_failure(done.stderr)}", pytrace=False)
    returned = [line for line in done.stdout.splitlines() if line.startswith(RETURNED)]
    return (json.loads(returned[-1][len(RETURNED) :]) if returned else None), done.stderr


def _failure(stderr: str) -> str:
    """The child's traceback whole (Kivy's log lines before it cut to their last ones)."""
    start = stderr.rfind("Traceback (most recent call last)")
    if start < 0:
        return stderr[-6000:]
    before = stderr[:start].rstrip().splitlines()[-15:]
    return "\n".join([*before, stderr[start:]])


def in_window(test: Callable[..., None]) -> Callable[..., None]:
    """The test runs in a process of its own with a fresh window (above); ``test.in_process`` is the
    body itself, for a debugger in this process."""

    @functools.wraps(test)
    def in_its_window(**kwargs: Any) -> None:
        __tracebackhide__ = True
        run(test, **kwargs)

    in_its_window.in_process = test  # type: ignore[attr-defined]
    in_its_window.__signature__ = inspect.signature(test)  # type: ignore[attr-defined]
    return in_its_window


def ready(**facts: Any) -> None:
    """In a function run by :func:`killed_when_ready`: it may be killed now; ``facts`` go to the test."""
    print(READY + json.dumps(facts, ensure_ascii=False), flush=True)


def killed_when_ready(function: Callable[..., Any], /, **kwargs: Any) -> dict[str, Any]:
    """``function(**kwargs)`` in a window of its own, killed with SIGKILL (a power cut) once it said
    :func:`ready`; the facts it said then."""
    name = function.__qualname__
    with tempfile.TemporaryFile("w+") as log:  # a file, not a pipe: a long log never blocks the process
        process = subprocess.Popen(
            _command(function, kwargs), stdout=subprocess.PIPE, stderr=log, text=True, env=env(), cwd=ROOT
        )
        facts: dict[str, Any] | None = None
        try:
            deadline = time.monotonic() + PROCESS
            while time.monotonic() < deadline and process.stdout is not None:
                line = process.stdout.readline()
                if line.startswith(READY):
                    facts = json.loads(line[len(READY) :])
                    break
                if not line and process.poll() is not None:
                    log.seek(0)
                    raise AssertionError(f"{name} ended before it was ready:\n{_failure(log.read())}")
            assert facts is not None, f"{name} was not ready after {PROCESS:g} s"
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=WAIT)
    assert process.returncode == -signal.SIGKILL
    return facts


def _locals_where_it_failed(error: BaseException, module: str) -> str:
    """The failing frame of the test's own module, with its variables (shortened)."""
    frames = [f for f, _ in traceback.walk_tb(error.__traceback__) if f.f_globals.get("__name__") == module]
    if not frames:
        return ""
    lines = [f"variables of {frames[-1].f_code.co_name} where it failed:"]
    for key, value in frames[-1].f_locals.items():
        if key.startswith("@"):  # the assertion rewriting's own (@py_assert1, ...)
            continue
        shown = repr(value)
        lines.append(f"  {key} = {shown if len(shown) <= 400 else shown[:400] + ' ...'}")
    return "\n".join(lines)


def _imported_as_pytest_would(name: str) -> Any:
    """The test module imported with its asserts rewritten as pytest rewrites them, so that a failing
    one says the values it compared."""
    from _pytest.assertion.rewrite import rewrite_asserts

    package = name.rpartition(".")[0]
    if package:
        importlib.import_module(package)
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None, f"no module {name}"
    source = Path(spec.origin).read_bytes()
    tree = ast.parse(source, filename=spec.origin)
    rewrite_asserts(tree, source, spec.origin)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    exec(compile(tree, spec.origin, "exec", dont_inherit=True), module.__dict__)
    return module


def main(argv: list[str]) -> int:
    module_name, qualname, arguments = argv
    given = json.loads(arguments)
    kwargs = {k: (Path(v) if k in given["paths"] else v) for k, v in given["kwargs"].items()}
    target: Any = _imported_as_pytest_would(module_name)
    for part in qualname.split("."):
        target = getattr(target, part)
    target = getattr(target, "in_process", target)
    try:
        returned = target(**kwargs)
    except pytest.skip.Exception as skipped:
        print(f"skipped: {skipped.msg}", file=sys.stderr, flush=True)
        return SKIPPED
    except BaseException as error:
        traceback.print_exc()
        print(_locals_where_it_failed(error, module_name), file=sys.stderr, flush=True)
        return 1
    print(RETURNED + json.dumps(returned, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
