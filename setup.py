"""The package's one build step beyond pyproject.toml: the gettext catalogues compiled into it.

A wheel carries each language's ``companion.mo`` and its stamp (companion/i18n/catalogues.py),
compiled by :mod:`companion.i18n.compile` from the ``.po`` sources it carries too; an editable
install compiles them in the checkout. Babel comes from the build requirements."""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class build_py_with_catalogues(build_py):
    def run(self) -> None:
        super().run()
        target = HERE if self.editable_mode else Path(self.build_lib)
        sys.path.insert(0, str(HERE))
        try:
            from companion.i18n.compile import compile_all
        finally:
            sys.path.remove(str(HERE))
        for written in compile_all(target / "companion" / "locale"):
            print(f"compiled {written}")


setup(cmdclass={"build_py": build_py_with_catalogues})
