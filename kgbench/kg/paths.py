"""Where kgbench keeps built snapshots and stores, and how it writes files so that nothing is half-written."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

__all__ = ["cache_dir", "atomic_write", "atomic_directory", "CACHE_ENV"]

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


def _read_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


#: the process umask, read once at import (reading it means setting it, which is not thread-safe later)
_UMASK = _read_umask()


def _umask() -> int:
    return _UMASK


@contextlib.contextmanager
def atomic_write(path: str | os.PathLike, mode: str = "w", encoding: str | None = "utf-8"):
    """Yield a file object on a temporary file next to ``path``; rename it onto ``path`` only if the block succeeds.

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> with atomic_write(p) as f:
    ...     _ = f.write("hello")
    >>> p.read_text()
    'hello'
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, mode, encoding=None if "b" in mode else encoding) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o666 & ~_umask())  # mkstemp makes 0600 files; a written dataset is as readable as any file
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_directory(path: str | os.PathLike):
    """Yield a temporary folder next to ``path``; on success it replaces ``path``, on failure it is removed.

    The old ``path`` (if any) survives a failed block untouched.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent))
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    os.chmod(tmp, 0o777 & ~_umask())  # mkdtemp makes 0700 folders
    old = None
    if path.exists():
        old = path.with_name(f".{path.name}.old-{os.getpid()}")
        os.replace(path, old)
    os.replace(tmp, path)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
