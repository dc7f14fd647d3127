"""Test-wide settings. Property tests explore fresh random examples on a developer's machine,
and run the same examples every time in CI (``CI`` set, as ``.ci/run`` does), so that a CI run
never fails on an example nobody saw before; ``HYPOTHESIS_PROFILE`` chooses explicitly."""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "explore"))
