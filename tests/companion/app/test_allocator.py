"""The C allocator's limits (:mod:`companion.app.allocator`), each case in a fresh process: glibc,
left alone, serves a 256 KiB block from its heap once a 1 MiB block has been freed (it raised its
limit to that block's size), where it stays resident as a hole when freed; settled, the same block
still comes from a mapping of its own, which goes back to the system when it is freed."""

from __future__ import annotations

import json
import platform
import sys
from pathlib import Path

import pytest

from tests.companion.app.ui import run_process

PROBE = """
import ctypes, json, sys
from companion.app import allocator

class Info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = (ctypes.c_size_t,)
libc.free.argtypes = (ctypes.c_void_p,)
libc.mallinfo2.restype = Info
settled = allocator.settle() if sys.argv[1] == "settled" else None
if sys.argv[1] == "prepared":  # as the app starts: Kivy's environment before the first Kivy import
    from pathlib import Path
    from companion.app import env
    env.prepare(Path(sys.argv[2]), headless=True)
libc.free(libc.malloc(1 << 20))  # a large block, freed
mapped = libc.mallinfo2().hblks
block = libc.malloc(256 << 10)
found = {"settled": settled, "own mapping": libc.mallinfo2().hblks - mapped}
libc.free(block)
found["mapped after free"] = libc.mallinfo2().hblks - mapped
print(json.dumps(found))
"""


def probe(case: str, kivy_home: Path | None = None) -> dict[str, object]:
    argv = [sys.executable, "-c", PROBE, case, *([str(kivy_home)] if kivy_home else [])]
    done = run_process(argv, f"the allocator's probe ({case})")
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="the limits are glibc's")
def test_settled_a_large_block_has_a_mapping_of_its_own_that_goes_when_freed():
    assert probe("left alone") == {"settled": None, "own mapping": 0, "mapped after free": 0}  # glibc's own way
    assert probe("settled") == {"settled": True, "own mapping": 1, "mapped after free": 0}


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="the limits are glibc's")
def test_the_app_settles_the_allocator_as_it_prepares_kivy(tmp_path):
    assert probe("prepared", tmp_path / "kivy") == {"settled": None, "own mapping": 1, "mapped after free": 0}
