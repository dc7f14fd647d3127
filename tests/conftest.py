"""Test-wide settings. Property tests explore fresh random examples on a developer's machine,
and run the same examples every time in CI (``CI`` set, as ``.ci/run`` does), so that a CI run
never fails on an example nobody saw before; ``HYPOTHESIS_PROFILE`` chooses explicitly."""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "explore"))


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the catalogues from their ``.po`` sources, as ``scripts/_env.sh`` does, so that a
    bare ``pytest`` on a fresh checkout, or after a ``.po`` was edited, tests what is written."""
    from companion.i18n.compile import compile_all

    compile_all()
