"""Where kgbench keeps built snapshots and stores (the cache), and how leftovers of interrupted builds are cleaned."""

from __future__ import annotations

import os
from pathlib import Path

from kgbench.fileio import clean_stale

__all__ = ["cache_dir", "clean_cache", "CACHE_ENV"]

CACHE_ENV = "KGBENCH_CACHE"


def cache_dir(override: str | os.PathLike | None = None) -> Path:
    """Return the cache folder: ``override``, else ``$KGBENCH_CACHE``, else ``$XDG_CACHE_HOME/kgbench`` (~/.cache/kgbench).

    >>> str(cache_dir("/tmp/x"))
    '/tmp/x'
    """
    if override:
        return Path(override).expanduser()
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "kgbench"


def clean_cache(override: str | os.PathLike | None = None) -> list[Path]:
    """Remove the leftovers of interrupted snapshot builds and store loads from the cache; return what went."""
    root = cache_dir(override)
    return [*clean_stale(root / "snapshots"), *clean_stale(root / "stores")]
