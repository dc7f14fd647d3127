"""The C allocator of a process that runs all evening.

glibc's ``malloc`` serves a block of 128 KiB or more from a mapping of its own and gives it back
to the system when it is freed, but it then raises that limit to the freed block's size (up to
32 MiB), and the trim limit to twice that. The app frees such blocks all the time (the pixels of a
rendered text, a texture's storage with a software renderer, a frame's vertex data), so after the
first screens every one of them lands in the heap, where a freed block leaves a hole that stays
resident until something of the same size comes again: bench/evening.py measured about 15 MB
more after an evening of seven games that way. Fixing both limits (which stops the raising) lets
such a block go back to the system when it is freed.

Nothing here on a C library other than glibc (where ``mallopt`` is missing or does nothing).
"""

from __future__ import annotations

import ctypes
import logging

log = logging.getLogger(__name__)

M_TRIM_THRESHOLD = -1  # glibc's malloc.h
M_MMAP_THRESHOLD = -3
MMAP_AT = 64 * 1024  # a block this large comes from its own mapping and goes back when freed
TRIM_AT = 128 * 1024  # free memory at the heap's top beyond this goes back to the system


def settle() -> bool:
    """Fix glibc's limits for this process (a call at start, before the big allocations);
    whether they were set."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(M_MMAP_THRESHOLD, MMAP_AT)) and bool(mallopt(M_TRIM_THRESHOLD, TRIM_AT))
    if not done:
        log.info("the C library's allocator keeps its own limits")
    return done
