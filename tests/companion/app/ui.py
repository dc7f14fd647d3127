"""A program of the app run headless in a process of its own (``companion screenshots``, a probe
script): the environment of a test's window (:mod:`tests.support.window`), and a limit."""

from __future__ import annotations

import subprocess

from tests.support.waiting import PROCESS
from tests.support.window import ROOT, env

ui_env = env  # the environment of a test's window


def run_process(args: list[str], what: str) -> subprocess.CompletedProcess:
    """``args`` headless in a process of its own; one that has not ended after ``PROCESS`` seconds
    is stopped, and the test says so with what the process wrote last."""
    try:
        return subprocess.run(args, capture_output=True, text=True, timeout=PROCESS, env=ui_env(), cwd=ROOT)
    except subprocess.TimeoutExpired as expired:
        said = expired.stderr.decode(errors="replace") if isinstance(expired.stderr, bytes) else expired.stderr or ""
        raise AssertionError(f"{what} had not ended after {PROCESS:g} s; it wrote last:\n{said[-4000:]}") from None
