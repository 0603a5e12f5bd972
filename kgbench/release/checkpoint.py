"""What a whole-benchmark run has finished, kept on disk so that an interrupted run resumes without redoing it.

``kgbench generate --all --out DIR`` keeps a :class:`Checkpoint` in ``DIR.partial/`` while it runs: one file per
finished task (a template's true-premise items, or its false-premise items of one quota), written atomically
when the task ends, and removed with the folder once the release is written. ``--resume`` reads the finished
tasks back instead of running them again. Generation is deterministic for a task's inputs, so a resumed run
writes the same release as an uninterrupted one; a file is used only when it was written for the same inputs
(the run's key: seed, items per stratum, languages, snapshot, kgbench's version and the template's own file),
so a checkpoint of another run is never mixed in.

The files are pickles kgbench wrote itself, read only from the checkpoint folder of the output the user named.

>>> import tempfile, pathlib
>>> cp = Checkpoint(pathlib.Path(tempfile.mkdtemp()) / "run.partial", {"seed": 1})
>>> cp.get("A1") is None
True
>>> cp.put("A1", [1, 2]); cp.get("A1")
[1, 2]
>>> Checkpoint(cp.folder, {"seed": 2}).get("A1") is None   # another run's work is not used
True
"""

from __future__ import annotations

import hashlib
import pickle
import shutil
from pathlib import Path

from kgbench.fileio import atomic_write

__all__ = ["Checkpoint", "checkpoint_folder"]

_SUFFIX = ".partial"


def checkpoint_folder(out: str | Path) -> Path:
    """Return the checkpoint folder of a release folder: ``DIR.partial`` beside it.

    >>> checkpoint_folder("/data/release")
    PosixPath('/data/release.partial')
    """
    out = Path(out)
    return out.with_name(out.name + _SUFFIX)


class Checkpoint:
    """The finished tasks of one run: :meth:`get` one (None if not finished), :meth:`put` one as it finishes."""

    def __init__(self, folder: str | Path, key: dict):
        self.folder = Path(folder)
        self.key = repr(sorted(key.items()))
        #: tasks read back instead of run (the CLI reports them)
        self.reused: list[str] = []

    def _path(self, name: str) -> Path:
        return self.folder / (hashlib.sha256(name.encode()).hexdigest()[:24] + ".pkl")

    def get(self, name: str, extra: str = ""):
        """Return what task ``name`` produced in a run with the same key (and ``extra``), or None."""
        try:
            with open(self._path(name), "rb") as f:
                key, value = pickle.load(f)
        except (OSError, EOFError, pickle.UnpicklingError, ValueError, TypeError, AttributeError, ImportError):
            return None  # not finished, or a file another version wrote: run the task again
        if key != (self.key, name, extra):
            return None
        self.reused.append(name)
        return value

    def put(self, name: str, value, extra: str = "") -> None:
        """Keep what task ``name`` produced (atomically: a task killed while writing leaves no file)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with atomic_write(self._path(name), "wb") as f:
            pickle.dump(((self.key, name, extra), value), f, protocol=pickle.HIGHEST_PROTOCOL)

    def remove(self) -> None:
        """Delete the checkpoint folder (the release it served is written)."""
        shutil.rmtree(self.folder, ignore_errors=True)
