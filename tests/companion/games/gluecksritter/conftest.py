"""The table's fixtures (a UI loop, tables closed after each test) for the screens' tests here."""

from tests.companion.table.conftest import closing, loop  # noqa: F401
