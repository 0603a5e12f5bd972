"""Ingesting a source graph's dump into a kgbench snapshot: stream, map to the common entity shape, stratify, write.

The dump is streamed once (:func:`kgbench.kg.ingest.dumps.read_dump`); the statements the profile reads are spilled
to on-disk SQLite tables (:mod:`kgbench.kg.ingest.spill`; so memory stays flat however large the dump), grouped by
subject there, mapped (:mod:`kgbench.kg.ingest.entities`, in ranges of subjects side by side with ``jobs`` > 1) to
:class:`~kgbench.kg.builder.records.EntityRecord` by the profile (:mod:`kgbench.kg.ingest.profiles`), named,
stratified in batches (:mod:`kgbench.kg.ingest.stratify`: country, income and density tier; H3 cells) and written
as the bundled snapshot's writer (:func:`kgbench.kg.builder.snapshot.entity_lines`) writes them, through the
per-shape templates it wrote (:mod:`kgbench.kg.ingest.lines`), into a snapshot folder that
:func:`kgbench.open_kg` opens.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as _dt
import hashlib
import json
import os
import queue
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from pyoxigraph import Literal, RdfFormat

from kgbench.fileio import atomic_directory
from kgbench.kg.ingest.dumps import DumpError, dump_format, split_dump
from kgbench.kg.ingest.entities import MapResult, map_range
from kgbench.kg.ingest.spill import Chunk, SpillTables, few_collections, spill_chunks
from kgbench.kg.ingest.profiles import Profile, profile as get_profile
from kgbench.kg.builder.snapshot import (BUILDER_VERSION, Snapshot, SnapshotError, _builder_digest, _vocabulary_lines,
                                         proximity_index_lines)
from kgbench.kg.builder.strata import DENSITY_RESOLUTION, H3_RESOLUTION
from kgbench.ontologies import GRAPH, KGB, XSD

__all__ = ["IngestError", "IngestSummary", "default_jobs", "ingest"]

_MANIFEST = "manifest.json"


class IngestError(SnapshotError):
    """An ingest that cannot run or finish; the message names the input and what is wrong."""


@dataclasses.dataclass
class IngestSummary:
    """What an ingest read, mapped and skipped (and why), and where the snapshot is."""

    snapshot: Path
    profile: str
    statements: int = 0
    statements_read: int = 0
    #: statements of predicates the profile does not read, by predicate IRI
    skipped_predicates: Counter = dataclasses.field(default_factory=Counter)
    #: subjects that became no entity, by reason
    skipped: Counter = dataclasses.field(default_factory=Counter)
    categories: Counter = dataclasses.field(default_factory=Counter)
    classes: Counter = dataclasses.field(default_factory=Counter)
    geometry_types: Counter = dataclasses.field(default_factory=Counter)
    names: Counter = dataclasses.field(default_factory=Counter)
    seconds: float = 0.0

    @property
    def entities(self) -> int:
        """Return the number of entities written."""
        return sum(self.categories.values())

    def as_dict(self) -> dict:
        """Return the summary as JSON-ready data (the manifest's ``ingest`` entry)."""
        return {"profile": self.profile, "statements": self.statements, "statements_read": self.statements_read,
                "entities": self.entities, "skipped_predicates": dict(self.skipped_predicates.most_common()),
                "skipped": dict(self.skipped.most_common()), "categories": dict(self.categories.most_common()),
                "classes": dict(self.classes.most_common()), "geometry_types": dict(self.geometry_types.most_common()),
                "names": dict(self.names.most_common()), "seconds": round(self.seconds, 2)}


#: a plain N-Triples or N-Quads dump at least this large is cut into pieces spilled side by side (with jobs > 1)
_SPLIT_MIN = 32 << 20
#: spill files at most (each mapping process attaches them all; SQLite attaches at most 10 databases)
_MAX_SPILLS = 8


def _plan(paths: list[Path], jobs: int) -> tuple[list[list[Chunk]], set[int]]:
    """Return the chunks each spill file reads, and which dumps are cut into pieces (one per spill file)."""
    n = max(1, min(jobs, _MAX_SPILLS))
    plan: list[list[Chunk]] = [[] for _ in range(n)]
    split: set[int] = set()
    for i, path in enumerate(paths):
        fmt, comp = dump_format(path)
        spans: list = [None]
        if n > 1 and comp is None and fmt in (RdfFormat.N_TRIPLES, RdfFormat.N_QUADS) and \
                path.stat().st_size >= _SPLIT_MIN:
            spans = split_dump(path, n)
        if len(spans) > 1:
            split.add(i)
            for k, span in enumerate(spans):
                plan[k].append((str(path), str(i), span))
        else:
            plan[i % n].append((str(path), str(i), None))
    return plan, split


def _spill(tmp: Path, prof: Profile, dumps: list[Path], summary: IngestSummary,
           progress: Callable[[str, int, int | None], None], digests: list[dict], jobs: int) -> list[Path]:
    """Stream every dump into spill files (:func:`~kgbench.kg.ingest.spill.spill_chunks`) keeping only the
    statements the profile reads, in one process, or with ``jobs`` > 1 one per spill file (a large plain
    N-Triples or N-Quads dump cut into pieces; the main process hashes it meanwhile); return the files."""
    plan, split = _plan(dumps, jobs)
    files = [tmp / f".spill-{k}.sqlite" for k in range(len(plan))]
    total = sum(p.stat().st_size for p in dumps)
    if len(plan) == 1:
        results = [spill_chunks(str(files[0]), plan[0], prof.keep,
                                _summing(lambda n: progress("reading", n, total)))]
    else:
        def hash_split(counter) -> dict[int, dict]:
            return {i: _hash(dumps[i], lambda: progress("reading", counter.value, total)) for i in sorted(split)}

        results, hashes = _pool(_worker_spill, [(str(f), c, prof.keep) for f, c in zip(files, plan)],
                                lambda n: progress("reading", n, total), hash_split)
    found: dict[int, dict] = {} if len(plan) == 1 else dict(hashes)
    kept = 0
    for chunks, (n, skipped, chunk_digests) in zip(plan, results):
        kept += n
        for (_, tag, span), digest in zip(chunks, chunk_digests):
            if span is None:
                found[int(tag)] = digest
        for p, c in skipped.items():
            summary.skipped_predicates[p] += c
    digests.extend(found[i] for i in range(len(dumps)))
    summary.statements = kept + sum(summary.skipped_predicates.values())
    summary.statements_read = kept
    return files


def _hash(path: Path, tick: Callable[[], None]) -> dict:
    """Return ``sha256`` and ``bytes`` of a file, calling ``tick()`` every 16 MiB."""
    sha, n = hashlib.sha256(), 0
    with open(path, "rb") as f:
        while block := f.read(1 << 24):
            sha.update(block)
            n += len(block)
            tick()
    return {"sha256": sha.hexdigest(), "bytes": n}


def _ranges(db: SpillTables, prof: Profile, jobs: int) -> list[tuple[str | None, str | None]]:
    """Return ``jobs`` ranges (first subject included, last excluded, None for no bound) of the spilled
    subjects, each with about as many labelled subjects (the would-be entities: a geometry node or an
    unlabelled node costs little to skip; any cut gives the same output)."""
    if jobs <= 1:
        return [(None, None)]
    preds = list(prof.label_predicates)
    n = db.count(preds)
    bounds: list[str] = []
    for i in range(1, jobs):
        s = db.nth_subject(preds, i * n // jobs)
        if s is not None and (not bounds or s > bounds[-1]):
            bounds.append(s)
    edges = [None, *bounds, None]
    return list(zip(edges[:-1], edges[1:]))


#: how far the worker processes of a parallel ingest are (a shared counter, set by their pool's initializer)
_DONE: list = []


def _worker_init(counter) -> None:
    _DONE.append(counter)


def _worker_report(n: int) -> None:
    with _DONE[0].get_lock():
        _DONE[0].value += n


def _worker_map(*args) -> MapResult:
    return map_range(*args, report=_worker_report)


def _worker_spill(*args):
    return spill_chunks(*args, report=_worker_report)


def _summing(tick: Callable[[int], None]) -> Callable[[int], None]:
    """Return ``report(n)``, which adds ``n`` to a running total and tells ``tick`` the total: in this process,
    what the workers' shared counter is to :func:`_pool`."""
    done = 0

    def report(n: int) -> None:
        nonlocal done
        done += n
        tick(done)

    return report


def _pool(fn, argsets: list[tuple], tick: Callable[[int], None], meanwhile=None) -> tuple[list, object]:
    """Return the results of ``fn(*args)`` for each of ``argsets``, each in its own worker process, in order,
    and what ``meanwhile(counter)`` returned (run here while they work); ``tick(n)`` is told the workers'
    shared count twice a second. The first error of a worker is raised once all have stopped."""
    import concurrent.futures as cf
    import multiprocessing

    counter = multiprocessing.Value("q", 0)
    with cf.ProcessPoolExecutor(len(argsets), initializer=_worker_init, initargs=(counter,)) as pool:
        futures = [pool.submit(fn, *a) for a in argsets]
        try:
            extra = meanwhile(counter) if meanwhile else None
            while cf.wait(futures, timeout=0.5, return_when=cf.FIRST_EXCEPTION).not_done:
                tick(counter.value)
            return [f.result() for f in futures], extra
        except BaseException:
            for f in futures:
                f.cancel()
            raise


def _map(tmp: Path, spills: list[Path], prof: Profile, ranges: list, summary: IngestSummary, progress,
         mapping) -> tuple[list[Path], MapResult]:
    """Map every range of subjects (:func:`~kgbench.kg.ingest.entities.map_range`), in this process for one
    range, else one worker process per range; return the ranges' entity files in order and their merged
    counts (merged in range order, as one process would have counted them)."""
    files = [tmp / f".entities-{i}.sqlite" for i in range(len(ranges))]
    args = [([str(f) for f in spills], str(f), prof.name, None if mapping is None else str(mapping), lo, hi)
            for f, (lo, hi) in zip(files, ranges)]
    if len(ranges) == 1:
        results = [map_range(*args[0], report=_summing(lambda n: progress("mapping entities", n, None)))]
    else:
        results, _ = _pool(_worker_map, args, lambda n: progress("mapping entities", n, None))
    total = MapResult()
    for r in results:
        for name in ("skipped", "categories", "classes", "geometry_types", "stats"):
            getattr(total, name).update(getattr(r, name))
        for res, cells in r.occupied.items():
            total.occupied[res] |= cells
        total.entities += r.entities
    summary.skipped.update(total.skipped)
    summary.categories.update(total.categories)
    summary.classes.update(total.classes)
    summary.geometry_types.update(total.geometry_types)
    return files, total


def _named(db: sqlite3.Connection, files: list[Path]) -> Iterator[tuple[str, str, str, bool, bytes]]:
    """Yield (entity IRI, name, canonical name, ambiguous, other lines as UTF-8) in a stable order (the entity
    files' rows, file by file).

    A name no other entity shares stays bare; a shared name is qualified by category ("Central (cafe)", the
    bundled snapshot's "paren" style) when that tells its bearers apart; otherwise the entity keeps its name
    and is marked ambiguous (never a template role). The counts come from the entity tables' names and
    categories (their lines are in files beside them); only the shared names' counts are kept, in a table small
    when most names are unique.
    """
    db.execute("CREATE TABLE k (name TEXT, category TEXT)")
    for f in files:
        db.execute("ATTACH DATABASE ? AS e", (str(f),))
        db.execute("INSERT INTO k SELECT name, category FROM e.m")
        db.execute("DETACH DATABASE e")
    db.execute("CREATE TABLE ncc AS SELECT name, category, COUNT(*) AS c FROM k GROUP BY name, category")
    db.execute("CREATE TABLE sh AS SELECT ncc.name AS name, ncc.category AS category, nc.c AS c, ncc.c AS cc "
               "FROM ncc JOIN (SELECT name, SUM(c) AS c FROM ncc GROUP BY name HAVING SUM(c) > 1) AS nc "
               "ON nc.name = ncc.name")
    db.execute("CREATE INDEX shi ON sh (name, category)")
    for f in files:
        db.execute("ATTACH DATABASE ? AS e", (str(f),))
        q = ("SELECT m.iri, m.name, m.category, m.n, sh.c, sh.cc FROM e.m AS m LEFT JOIN sh "
             "ON sh.name = m.name AND sh.category = m.category ORDER BY m.rowid")
        with open(f"{f}.nt", "rb") as lines:
            for iri, name, category, n, shared, shared_in_category in db.execute(q):
                if shared is None:
                    yield iri, name, name, False, lines.read(n)
                elif shared_in_category == 1:
                    yield iri, name, f"{name} ({category})", False, lines.read(n)
                else:
                    yield iri, name, name, True, lines.read(n)
        db.execute("DETACH DATABASE e")


class _GraphFile:
    """An N-Triples file written line by line, counting its triples and hashing its bytes; with ``behind``, the
    hashing and writing run in a thread behind the caller (both release the GIL), a few chunks at most."""

    def __init__(self, folder: Path, name: str, behind: bool = False):
        self.name, self.file = name, f"{name}.nt"
        self.f = open(folder / self.file, "wb")
        self.sha, self.bytes, self.triples = hashlib.sha256(), 0, 0
        self._queue: queue.Queue | None = None
        self._error: BaseException | None = None
        if behind:
            self._queue = queue.Queue(maxsize=4)
            self._thread = threading.Thread(target=self._drain, name=f"write {self.file}", daemon=True)
            self._thread.start()

    def _drain(self) -> None:
        while (data := self._queue.get()) is not None:
            if self._error is None:
                try:
                    self._put(data)
                except BaseException as exc:  # raised by the caller's next write or close
                    self._error = exc

    def _put(self, data: bytes) -> None:
        self.f.write(data)
        self.sha.update(data)
        self.triples += data.count(b"\n")

    def write(self, lines: Iterable[str]) -> None:
        self.write_bytes("".join(lines).encode("utf-8"))

    def write_bytes(self, data: bytes) -> None:
        if self._error is not None:
            raise self._error
        self.bytes += len(data)
        if self._queue is None:
            self._put(data)
        else:
            self._queue.put(data)

    def close(self, entities: int = 0, breakdown: dict | None = None) -> dict:
        if self._queue is not None:
            self._queue.put(None)
            self._thread.join()
            self._queue = None
        self.f.close()
        if self._error is not None:
            raise self._error
        return {"iri": GRAPH.term(self.name).value,
                "file": self.file, "triples": self.triples, "bytes": self.bytes, "sha256": self.sha.hexdigest(),
                "entities": entities, "breakdown": breakdown or {}}


def _write(folder: Path, db: sqlite3.Connection, spills: list[Path], prof: Profile, summary: IngestSummary, progress,
           mapping, jobs: int = 1) -> dict:
    """Write the vocabulary, entity and proximity-index graphs; return the manifest's ``graphs``."""
    tables = SpillTables(spills)
    try:
        ranges = _ranges(tables, prof, jobs)
    finally:
        tables.close()
    progress("mapping entities", 0, None)
    files, mapped = _map(folder, spills, prof, ranges, summary, progress, mapping)
    occupied, stats = mapped.occupied, mapped.stats
    vocab = _GraphFile(folder, "vocabulary")
    vocab.write(_vocabulary_lines())
    out = _GraphFile(folder, prof.name, behind=True)
    canonical_p, base_p = f" {KGB.canonicalName} ", f" {KGB.baseName} "
    ambiguous = f" {KGB.ambiguousName} {Literal('true', datatype=XSD.boolean)} .\n"
    names = summary.names
    try:
        done = 0
        parts: list[bytes] = []
        for iri, name, canonical, amb, body in _named(db, files):
            head = f"{iri}{canonical_p}{Literal(canonical)} .\n"
            if canonical != name:
                head += f"{iri}{base_p}{Literal(name)} .\n"
            if amb:
                head += f"{iri}{ambiguous}"
            parts += (head.encode("utf-8"), body)
            names["ambiguous (not asked)" if amb else "qualified by category" if canonical != name else "bare"] += 1
            done += 1
            if not done % 2_000:  # written in chunks: one hash and write per 2,000 entities
                out.write_bytes(b"".join(parts))
                parts.clear()
                if not done % 10_000:
                    progress("writing entities", done, None)
        out.write_bytes(b"".join(parts))
    except BaseException:
        with contextlib.suppress(Exception):  # stop the writing thread; the first error is the one to tell
            out.close()
        raise
    index = _GraphFile(folder, "h3index")
    index.write(proximity_index_lines(occupied))
    stats.update({f"category:{k}": v for k, v in summary.categories.items()})
    return {"vocabulary": vocab.close(), prof.name: out.close(done, dict(sorted(stats.items()))),
            "h3index": index.close()}


def default_jobs() -> int:
    """Return the number of processes ``kgbench kg ingest`` uses by default: the cores this process may run
    on, at most 8 (the spill files a mapping process reads together).

    >>> 1 <= default_jobs() <= 8
    True
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, _MAX_SPILLS))


def ingest(profile_name: str, dumps: Iterable[str | Path], out: str | Path, *, mapping: str | Path | None = None,
           force: bool = False, progress: Callable[[str, int, int | None], None] | None = None,
           jobs: int = 1) -> IngestSummary:
    """Return the summary of ingesting source dumps into a new snapshot folder ``out``.

    ``progress(phase, done, total)`` is told how far the ingest is (bytes of the dumps while reading, with
    their total; entities afterwards, total None). The folder is written atomically: an ingest that fails
    or is interrupted leaves no folder (and an existing one untouched); an existing ``out`` is replaced only
    with ``force``. ``jobs`` > 1 maps the subjects in ``jobs`` worker processes, each a range of them in
    subject order (the same output). Errors (unknown profile, a mapping file missing a key, a missing dump, a malformed line)
    raise :class:`IngestError` (or :class:`~kgbench.kg.ingest.dumps.DumpError`, ProfileError) naming the
    file and line, before anything is written where possible.

    >>> import tempfile, os
    >>> ingest("worldkg", [os.path.join(tempfile.mkdtemp(), "none.nt")], tempfile.mkdtemp() + "/s")
    Traceback (most recent call last):
    ...
    kgbench.kg.ingest.dumps.DumpError: .../none.nt: dump file not found
    """
    started = time.perf_counter()
    prof = get_profile(profile_name, mapping)
    paths = [Path(d) for d in dumps]
    if not paths:
        raise IngestError("no dump given")
    for p in paths:
        dump_format(p)
        if not p.is_file():
            raise DumpError(f"{p}: dump file not found")
    out = Path(out)
    if out.exists() and not force:
        raise IngestError(f"{out}: exists (use --force to replace it)")
    if any(out.resolve() == p.resolve() for p in paths):
        raise IngestError(f"{out}: is an input dump")
    say = progress or (lambda phase, done, total: None)
    summary = IngestSummary(out, prof.name)
    digests: list[dict] = []
    with atomic_directory(out) as tmp:
        scratch = [tmp / f".{name}-{i}.sqlite{ext}" for name, ext in (("spill", ""), ("entities", ""), ("entities", ".nt"))
                   for i in range(max(jobs, 1))]
        scratch.append(tmp / ".names.sqlite")
        try:
            spills = _spill(tmp, prof, paths, summary, say, digests, jobs)
            db = sqlite3.connect(tmp / ".names.sqlite", isolation_level=None)
            try:
                for pragma in ("journal_mode = OFF", "synchronous = OFF", "cache_size = -65536", "temp_store = FILE"):
                    db.execute(f"PRAGMA {pragma}")  # 64 MiB of cache, whatever the dump's size
                with few_collections():
                    graphs = _write(tmp, db, spills, prof, summary, say, mapping, jobs)
            finally:
                db.close()
        finally:
            for f in scratch:
                f.unlink(missing_ok=True)
        summary.seconds = time.perf_counter() - started
        manifest = _manifest(prof, paths, digests, mapping, graphs, summary)
        (tmp / _MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    Snapshot.open(out)  # what open_kg will read: fail here, not later, if it is inconsistent
    return summary


def _manifest(prof: Profile, paths: list[Path], digests: list[dict], mapping, graphs: dict,
              summary: IngestSummary) -> dict:
    h = hashlib.sha256(f"kgbench-ingest-{BUILDER_VERSION}-{_builder_digest()}-{prof.name}".encode())
    if mapping is not None:
        h.update(Path(mapping).read_bytes())
    for d in digests:
        h.update(d["sha256"].encode())
    return {
        "id": f"kgbench-{prof.name}-{h.hexdigest()[:12]}",
        "kind": "kgbench-snapshot",
        "builder_version": BUILDER_VERSION,
        "profile": prof.name,
        "sources": [{"name": f"{prof.name}:{p.name}", "file": str(p.resolve()), "sha256": d["sha256"],
                     "bytes": d["bytes"]} for p, d in zip(paths, digests)],
        "parameters": {"h3_resolution": H3_RESOLUTION, "density_resolution": DENSITY_RESOLUTION,
                       "mapping_file": str(mapping) if mapping else None},
        "ingest": summary.as_dict(),
        "built_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "notes": ["Ingested from a source dump by `kgbench kg ingest`: countries by point-in-polygon on Natural "
                  "Earth, income tiers (World Bank) and density tiers (GeoNames) as in the bundled snapshot; a "
                  "name shared by several entities is qualified by category, or marked ambiguous."],
        "graphs": graphs,
    }
