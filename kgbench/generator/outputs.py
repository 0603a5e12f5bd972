"""The one rule every kgbench command follows before it writes: never over an input, never over an output unasked.

:func:`check_output` is called by each command with an output (``generate``, ``gold --all``, ``evaluate
--save-predictions``, ``prompts render``, ``run``, ``report``) before any work is done, so a refusal costs
nothing. It refuses, with one line naming the path:

- always (``--force`` or not) when the output is the same file as one of the command's inputs (compared by
  ``os.path.samefile`` when both exist, by resolved path otherwise: symlinks and hard links are caught), or
  when an input lies inside an output folder that is replaced whole;
- unless ``force`` is given, when the output already exists (a file; for a folder, when it is non-empty, or,
  with ``members``, when one of the files the command writes into it exists).

``resume=True`` is ``kgbench run``'s case: replacing its existing predictions file is how it resumes, so only
the input rule applies.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

__all__ = ["OutputError", "check_output", "same_file"]


class OutputError(ValueError):
    """An output path a command refuses to write: it is an input, or it exists and ``--force`` was not given."""


def same_file(a: str | os.PathLike, b: str | os.PathLike) -> bool:
    """Return True when two paths name the same file (hard links and symlinks included).

    Paths that do not both exist are compared after resolving symlinks.

    >>> same_file("/tmp/../tmp/x.jsonl", "/tmp/x.jsonl")
    True
    >>> same_file("/tmp/a.jsonl", "/tmp/b.jsonl")
    False
    """
    try:
        return os.path.samefile(a, b)
    except OSError:
        return Path(a).resolve() == Path(b).resolve()


def _inside(path: Path, folder: Path) -> bool:
    return path.resolve().is_relative_to(folder.resolve())


def check_output(path: str | os.PathLike, inputs: Iterable[str | os.PathLike | None] = (), *, force: bool = False,
                 folder: bool = False, members: Iterable[str] | None = None, resume: bool = False) -> Path:
    """Return ``path`` as a Path once it is safe to write; raise :class:`OutputError` naming it otherwise.

    ``inputs`` are the files the command reads (None entries are skipped). ``folder=True`` says the output
    is a folder: with ``members`` (the file names the command writes into it) only those files count as the
    existing output and as clashes with inputs; without ``members`` the folder is replaced whole, so any
    non-empty folder exists and any input inside it clashes. ``"-"`` (stdout) is always safe.

    >>> check_output("-")
    PosixPath('-')
    >>> import tempfile; p = Path(tempfile.mkdtemp()) / "items.jsonl"; _ = p.write_text("{}")
    >>> check_output(p, force=True) == p
    True
    >>> check_output(p)
    Traceback (most recent call last):
    kgbench.generator.outputs.OutputError: ... exists; pass --force to replace it
    >>> check_output(p, [p], force=True)
    Traceback (most recent call last):
    kgbench.generator.outputs.OutputError: ... is also an input of this command (...); refusing to write over it (even with --force)
    """
    out = Path(path)
    if str(path) == "-":
        return out
    inputs = [Path(i) for i in inputs if i is not None and str(i) != "-"]
    if not folder:
        targets = [out]
    elif members is not None:
        targets = [out / m for m in members]
    else:
        targets = []
    for inp in inputs:
        if any(same_file(t, inp) for t in targets) or (folder and members is None and _inside(inp, out)):
            raise OutputError(f"{out}: is also an input of this command ({inp}); refusing to write over it "
                              "(even with --force)")
    if folder and out.exists() and not out.is_dir():
        raise OutputError(f"{out}: exists and is not a folder")
    if not folder and out.is_dir():
        raise OutputError(f"{out}: is a folder, not a file")
    if force or resume:
        return out
    if folder and members is None:
        exists = out.is_dir() and any(out.iterdir())
    else:
        exists = any(t.exists() for t in targets)
    if exists:
        what = "exists and is not empty" if folder and members is None else "exists"
        raise OutputError(f"{out}: {what}; pass --force to replace it")
    return out
