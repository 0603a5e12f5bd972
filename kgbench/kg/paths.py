"""Where kgbench keeps built snapshots and stores, and how it writes files so that nothing is half-written."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

__all__ = ["cache_dir", "atomic_write", "atomic_directory", "clean_stale", "clean_cache", "CACHE_ENV"]

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

    The old ``path`` (if any) survives a failed block untouched. While the block runs, the temporary folder
    ``.<name>.<random>.tmp`` is claimed by an exclusive lock on its sibling ``.<name>.<random>.lock`` (taken
    before the folder exists): a process killed mid-block (``kill -9``) leaves an unlocked folder, which
    :func:`clean_stale` removes, while a concurrent live block's folder is left alone.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, lock = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_LOCK, dir=path.parent)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        tmp = Path(lock[: -len(_LOCK)] + _TMP)
        tmp.mkdir()
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
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(lock)
        os.close(fd)


_LOCK, _TMP = ".lock", ".tmp"
_OLD = re.compile(r"^\..+\.old-(\d+)$")


def clean_stale(folder: str | os.PathLike) -> list[Path]:
    """Remove what interrupted :func:`atomic_directory` blocks left in ``folder`` and return the paths removed.

    Meant for folders only kgbench writes (the cache's ``snapshots/`` and ``stores/``): a ``.*.tmp`` folder
    goes when its ``.lock`` sibling is missing or no live process holds it; a ``.*.old-PID`` folder goes when
    process PID is gone; a lone lock file goes after a minute. A folder being built right now is never touched.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> (d / ".snap.x1.tmp").mkdir()              # a build killed before it finished
    >>> [p.name for p in clean_stale(d)], list(d.iterdir())
    (['.snap.x1.tmp'], [])
    """
    folder = Path(folder)
    removed = []
    try:
        entries = list(os.scandir(folder))
    except FileNotFoundError:
        return removed
    for e in entries:
        p = Path(e.path)
        if e.name.startswith(".") and e.name.endswith(_TMP) and e.is_dir(follow_symlinks=False):
            lock = p.with_name(e.name[: -len(_TMP)] + _LOCK)
            if _claim(lock):
                shutil.rmtree(p, ignore_errors=True)
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(lock)
                removed.append(p)
        elif e.name.startswith(".") and e.name.endswith(_LOCK) and e.is_file(follow_symlinks=False):
            with contextlib.suppress(FileNotFoundError):  # gone already with its folder
                lone = not p.with_name(e.name[: -len(_LOCK)] + _TMP).exists()
                if lone and time.time() - e.stat().st_mtime > 60 and _claim(p):
                    os.unlink(p)
        elif (m := _OLD.match(e.name)) and e.is_dir(follow_symlinks=False) and not _alive(int(m.group(1))):
            shutil.rmtree(p, ignore_errors=True)
            removed.append(p)
    return removed


def clean_cache(override: str | os.PathLike | None = None) -> list[Path]:
    """Remove the leftovers of interrupted snapshot builds and store loads from the cache; return what went."""
    root = cache_dir(override)
    return [*clean_stale(root / "snapshots"), *clean_stale(root / "stores")]


def _claim(lock: Path) -> bool:
    """Return True when no live process holds ``lock`` (a missing lock file counts as free)."""
    try:
        fd = os.open(lock, os.O_RDWR)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False
    finally:
        os.close(fd)  # closing releases the lock


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
