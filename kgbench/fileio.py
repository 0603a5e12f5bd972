"""Files that are never half-written, and JSON lines read and written one way everywhere.

:func:`atomic_write` and :func:`atomic_directory` write to a temporary sibling and rename it onto the target
only when the block succeeds (the old file or folder survives a failure untouched); :func:`clean_stale` removes
what a killed process left. :func:`json_lines` reads a JSONL file line by line, naming the line of every
problem; :func:`write_json_lines` writes one atomically. Datasets, prompts, predictions, snapshots and
reports all go through these.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

__all__ = ["atomic_write", "atomic_directory", "clean_stale", "json_lines", "write_json_lines"]


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


def json_lines(path: str | os.PathLike, *, errors: str = "strict") -> Iterator[tuple[int, Any, str | None]]:
    """Yield ``(line number, value, problem)`` for each non-blank line of a JSONL file.

    ``value`` is the parsed JSON (None when the line is unreadable) and ``problem`` says why it is not
    (``"not JSON (...)"``, nesting too deep), else None: the caller decides whether a bad line is an error or a
    warning. ``errors`` is the text decoding's error handler (``"replace"`` to read past bad bytes).

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "a.jsonl"
    >>> _ = p.write_text('{"id": 1}\\n\\n[2\\n')
    >>> [(n, v, why is not None) for n, v, why in json_lines(p)]
    [(1, {'id': 1}, False), (3, None, True)]
    """
    with open(path, encoding="utf-8", errors=errors) as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                yield number, json.loads(line), None
            except RecursionError:
                yield number, None, "not JSON (nested too deeply to read)"
            except ValueError as exc:
                yield number, None, f"not JSON ({exc})"


def write_json_lines(path: str | os.PathLike, records: Iterable[Any],
                     dumps: Callable[[Any], str] = json.dumps) -> int:
    """Write one ``dumps(record)`` line per record atomically (temp file, then rename); return how many.

    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "a.jsonl"
    >>> write_json_lines(p, [{"a": 1}, {"b": 2}]), p.read_text()
    (2, '{"a": 1}\\n{"b": 2}\\n')
    """
    n = 0
    with atomic_write(path) as f:
        for record in records:
            f.write(dumps(record) + "\n")
            n += 1
    return n
