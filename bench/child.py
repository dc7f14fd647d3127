"""Running one measured case of a benchmark in a fresh process of the same script: the child gets
``--child CASE --data-dir TMP`` and the given options, Kivy's and SDL's environment left out so the
child sets its own, and prints its figures as one ``result {json}`` line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def run_child(script: str, case: str, options: list[str], prefix: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        argv = [sys.executable, str(Path(script).resolve()), "--child", case, "--data-dir", tmp, *options]
        env = {k: v for k, v in os.environ.items() if not k.startswith(("KIVY_", "KCFG_", "SDL_"))}
        done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("result ")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"the {case} case failed (exit {done.returncode}):\n{done.stdout}\n{done.stderr}")
    return json.loads(lines[-1].split(" ", 1)[1])
