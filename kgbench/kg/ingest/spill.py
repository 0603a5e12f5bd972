"""Spilling the statements a profile reads to on-disk SQLite tables, in one process or several side by side.

Each spill file holds table ``t`` (subject, predicate, object value, language) and its index by subject, so
memory stays flat however large the dumps. With ``jobs`` > 1 a plain N-Triples or N-Quads dump is cut into
pieces of whole lines (:func:`~kgbench.kg.ingest.dumps.split_dump`), each parsed and indexed by its own
process into its own file; the files are read together as one table (:class:`SpillTables`: SQLite merges
their indexes), so the grouping sees the statements in the order one table would give.
"""

from __future__ import annotations

import contextlib
import gc
import sqlite3
from collections.abc import Callable, Container, Iterator
from pathlib import Path

from kgbench.kg.ingest.dumps import read_dump

__all__ = ["Chunk", "SpillTables", "few_collections", "spill_chunks"]

#: a piece of a dump for one spill file: (dump path, blank-node tag, (start, end) bytes or None for the whole file)
Chunk = tuple[str, str, tuple[int, int] | None]


def _open(path: Path | str, *, readonly: bool = False, cache_mib: int = 64) -> sqlite3.Connection:
    """Return a connection to a scratch SQLite file: no journal, no sync, a fixed cache whatever the dump's size."""
    db = sqlite3.connect(f"file:{path}?mode=ro" if readonly else str(path), uri=readonly, isolation_level=None)
    for pragma in ("journal_mode = OFF", "synchronous = OFF", f"cache_size = -{cache_mib * 1024}",
                   "temp_store = FILE"):
        db.execute(f"PRAGMA {pragma}")
    return db


def spill_chunks(path: str, chunks: list[Chunk], keep: Container[str],
                 report: Callable[[int], None] | None = None) -> tuple[int, dict[str, int], list[dict]]:
    """Return (statements kept, statements skipped by predicate, digest of each chunk) of spilling ``chunks``
    into a new spill file ``path``: table ``t`` of the statements whose predicate is in ``keep``, indexed by
    (subject, predicate, object, language).

    ``report(n)`` is told, every few thousand statements, how many more bytes were read. A malformed dump
    raises :class:`~kgbench.kg.ingest.dumps.DumpError` naming the file and line.
    """
    say = report or (lambda n: None)
    db = _open(path)
    skipped: dict[str, int] = {}
    digests: list[dict] = []
    kept = 0
    try:
        db.execute("BEGIN")
        db.execute("CREATE TABLE t (s TEXT, p TEXT, o TEXT, l TEXT)")  # the object kind is not needed
        for dump, tag, span in chunks:
            seen = [0]

            def progress(done: int, seen=seen) -> None:
                say(done - seen[0])
                seen[0] = done

            digest: dict = {}
            with few_collections():  # each statement's tuples are freed by reference counting
                cur = db.executemany("INSERT INTO t VALUES (?1, ?2, ?3, ?5)",
                                     read_dump(dump, tag, progress, digest, keep, skipped, span=span))
            kept += max(cur.rowcount, 0)
            digests.append(digest)
        db.execute("CREATE INDEX ts ON t (s, p, o, l)")
        db.execute("COMMIT")
    finally:
        db.close()
    return kept, skipped, digests


@contextlib.contextmanager
def few_collections():
    """Run the body with Python's automatic garbage collection off (the objects that exist are frozen out of
    later collections); a long run collects every so often itself.

    An ingest allocates a few dozen containers per statement and entity, nearly all freed at once by
    reference counting; the automatic collector, run every 700 allocations and in full over every live
    object every so often, cost a fifth of the mapping's time.

    >>> with few_collections():
    ...     gc.isenabled()
    False
    """
    enabled = gc.isenabled()
    gc.disable()
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
        if enabled:
            gc.enable()


class SpillTables:
    """The spill files read as one table ``t``: subject groups in order and look-ups by subject and predicate."""

    def __init__(self, files: list[Path | str]):
        self.db = _open(files[0], readonly=True)
        self.tables = ["main.t"]
        for i, f in enumerate(files[1:], 1):
            self.db.execute(f"ATTACH DATABASE ? AS s{i}", (f"file:{f}?mode=ro",))
            self.tables.append(f"s{i}.t")
        self._lookup = " UNION ALL ".join(f"SELECT o, l FROM {t} WHERE s = ?1 AND p = ?2" for t in self.tables)
        self._look = self.db.cursor()

    def close(self) -> None:
        self.db.close()

    def lookup(self, s: str, p: str) -> list[str]:
        """Return the object values of (``s``, ``p``), in (object, language) order."""
        return [r[0] for r in self._look.execute(self._lookup + " ORDER BY 1, 2", (s, p))]

    def rows(self, lo: str | None = None, hi: str | None = None) -> Iterator[tuple[str, str, str, str | None]]:
        """Yield (subject, predicate, object, language) from subject ``lo`` (included) to ``hi`` (excluded),
        None for no bound, in (subject, predicate, object, language) order."""
        where = " AND ".join(c for c, v in (("s >= :lo", lo), ("s < :hi", hi)) if v is not None)
        where = f" WHERE {where}" if where else ""
        q = " UNION ALL ".join(f"SELECT s, p, o, l FROM {t}{where}" for t in self.tables)
        return self.db.execute(q + " ORDER BY 1, 2, 3, 4", {"lo": lo, "hi": hi})

    def count(self, predicates: list[str]) -> int:
        """Return the number of statements of these predicates."""
        marks = ",".join("?" * len(predicates))
        return sum(self.db.execute(f"SELECT COUNT(*) FROM {t} WHERE p IN ({marks})", predicates).fetchone()[0]
                   for t in self.tables)

    def nth_subject(self, predicates: list[str], n: int) -> str | None:
        """Return the subject of the ``n``-th statement (0-based, in subject order) of these predicates, or
        None past their end."""
        marks = ",".join("?" * len(predicates))
        q = " UNION ALL ".join(f"SELECT s FROM {t} WHERE p IN ({marks})" for t in self.tables)
        row = self.db.execute(f"{q} ORDER BY 1 LIMIT 1 OFFSET ?", [*predicates * len(self.tables), n]).fetchone()
        return row and row[0]
