"""Loading a screen's rules from the ``.kv`` file beside its module, whatever the working directory."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder


def load_beside(module_file: str) -> None:
    path = str(Path(module_file).resolve().with_suffix(".kv"))
    if path not in Builder.files:
        Builder.load_file(path)
