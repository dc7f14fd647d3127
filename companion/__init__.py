"""The companion app: game sessions, the journal, the touchscreen UI and the command line."""

__version__ = "0.1.0"
"""The one place the version is written: the package's metadata takes it from here (pyproject.toml),
and exports and ``--version`` read it here, so that they never depend on which files the user running
them may read."""
