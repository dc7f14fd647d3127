"""The version is written once, in ``companion/__init__.py``: the package's metadata takes it from
there, and ``--version`` and every export say it without reading any file at run time, so that
an export is the same whoever runs it (a user who cannot read the installed package's files)."""

from __future__ import annotations

import contextlib
import io
from importlib.metadata import version

import companion
from companion.cli import main


def test_the_metadata_takes_the_version_from_the_package():
    assert version("companion") == companion.__version__


def test_version_prints_it():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--version"]) == 0
    assert out.getvalue() == f"companion {companion.__version__}\n"
