"""Hypothesis example counts scaled by the active profile, so one switch makes every property test deeper or quicker.

Profiles (registered in tests/conftest.py, chosen with ``HYPOTHESIS_PROFILE`` or ``--hypothesis-profile``):
``ci`` (the default: each test's own count), ``dev`` (a quarter of it, for a quick local loop) and ``deep``
(ten times it, for a long hunt before a release).
"""

from __future__ import annotations

import math

from hypothesis import settings

#: a profile's max_examples over this is the factor applied to every test's own count
BASE = 100
PROFILES = {"ci": BASE, "dev": BASE // 4, "deep": BASE * 10}


def register() -> None:
    """Register the three profiles (the conftest does, before hypothesis's plugin loads one)."""
    for name, n in PROFILES.items():
        settings.register_profile(name, max_examples=n, deadline=None)


def examples(n: int) -> int:
    """Return ``n`` scaled by the active profile (at least 1): ``n`` itself under ``ci``.

    >>> examples(40) == max(1, math.ceil(40 * settings.default.max_examples / BASE))
    True
    """
    return max(1, math.ceil(n * settings.default.max_examples / BASE))
