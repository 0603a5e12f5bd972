"""Ingesting a source graph's dump into a kgbench snapshot: stream, map to the common entity shape, stratify, write.

The dump is streamed once (:func:`kgbench.kg.ingest.dumps.read_dump`); the statements the profile reads are spilled
to an on-disk SQLite table (so memory stays flat however large the dump), grouped by subject there, mapped to
:class:`~kgbench.kg.builder.records.EntityRecord` by the profile (:mod:`kgbench.kg.ingest.profiles`), named,
stratified in batches (:mod:`kgbench.kg.ingest.stratify`: country, income and density tier; H3 cells) and written
as the bundled snapshot's writer (:func:`kgbench.kg.builder.snapshot.entity_lines`) writes them, through the
per-shape templates it wrote (:mod:`kgbench.kg.ingest.lines`), into a snapshot folder that
:func:`kgbench.open_kg` opens.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import hashlib
import json
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from pyoxigraph import Literal

from kgbench.fileio import atomic_directory
from kgbench.kg.ingest.dumps import DumpError, dump_format, read_dump
from kgbench.kg.ingest.entities import MapResult, map_range
from kgbench.kg.ingest.profiles import Profile, profile as get_profile
from kgbench.kg.builder.snapshot import (BUILDER_VERSION, Snapshot, SnapshotError, _builder_digest, _vocabulary_lines,
                                         proximity_index_lines)
from kgbench.kg.builder.strata import DENSITY_RESOLUTION, H3_RESOLUTION
from kgbench.ontologies import GRAPH, KGB, XSD

__all__ = ["IngestError", "IngestSummary", "ingest"]

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


def _spill(db: sqlite3.Connection, prof: Profile, dumps: list[Path], summary: IngestSummary,
           progress: Callable[[str, int, int | None], None], digests: list[dict]) -> None:
    """Stream every dump into table ``t`` keeping only the statements the profile reads."""
    db.execute("CREATE TABLE t (s TEXT, p TEXT, o TEXT, l TEXT)")  # the object kind is not needed
    skipped: dict[str, int] = {}
    total = sum(p.stat().st_size for p in dumps)
    base = 0
    kept = 0
    for i, path in enumerate(dumps):
        digest: dict = {}
        cur = db.executemany("INSERT INTO t VALUES (?1, ?2, ?3, ?5)",
                             read_dump(path, str(i), lambda done, base=base: progress("reading", base + done, total),
                                       digest, prof.keep, skipped))
        kept += max(cur.rowcount, 0)
        base += path.stat().st_size
        digests.append(digest)
    summary.statements, summary.statements_read = kept + sum(skipped.values()), kept
    summary.skipped_predicates.update(skipped)
    progress("grouping statements by subject", 0, None)
    db.execute("CREATE INDEX ts ON t (s, p, o, l)")


def _ranges(db: sqlite3.Connection, prof: Profile, jobs: int) -> list[tuple[str | None, str | None]]:
    """Return ``jobs`` ranges (first subject included, last excluded, None for no bound) of the spilled
    subjects, each with about as many labelled subjects (the would-be entities: a geometry node or an
    unlabelled node costs little to skip)."""
    if jobs <= 1:
        return [(None, None)]
    preds = list(prof.label_predicates)
    marks = ",".join("?" * len(preds))
    n = db.execute(f"SELECT COUNT(*) FROM t WHERE p IN ({marks})", preds).fetchone()[0]
    bounds: list[str] = []
    for i in range(1, jobs):
        row = db.execute(f"SELECT s FROM t WHERE p IN ({marks}) ORDER BY s LIMIT 1 OFFSET ?",
                         [*preds, i * n // jobs]).fetchone()
        if row and (not bounds or row[0] > bounds[-1]):
            bounds.append(row[0])
    edges = [None, *bounds, None]
    return list(zip(edges[:-1], edges[1:]))


#: entities mapped so far by the worker processes of a parallel ingest (set by their pool's initializer)
_MAPPED: list = []


def _worker_init(counter) -> None:
    _MAPPED.append(counter)


def _worker_report(n: int) -> None:
    with _MAPPED[0].get_lock():
        _MAPPED[0].value += n


def _worker_map(*args) -> MapResult:
    return map_range(*args, report=_worker_report)


def _map(tmp: Path, spill: Path, prof: Profile, ranges: list, summary: IngestSummary, progress,
         mapping) -> tuple[list[Path], MapResult]:
    """Map every range of subjects (:func:`~kgbench.kg.ingest.entities.map_range`), in this process for one
    range, else one worker process per range; return the ranges' entity files in order and their merged
    counts (merged in range order, as one process would have counted them)."""
    import concurrent.futures as cf
    import multiprocessing

    files = [tmp / f".entities-{i}.sqlite" for i in range(len(ranges))]
    args = [(str(spill), str(f), prof.name, None if mapping is None else str(mapping), lo, hi)
            for f, (lo, hi) in zip(files, ranges)]
    if len(ranges) == 1:
        done = 0

        def report(n: int) -> None:
            nonlocal done
            done += n
            progress("mapping entities", done, None)

        results = [map_range(*args[0], report=report)]
    else:
        counter = multiprocessing.Value("q", 0)
        with cf.ProcessPoolExecutor(len(ranges), initializer=_worker_init, initargs=(counter,)) as pool:
            futures = [pool.submit(_worker_map, *a) for a in args]
            try:
                while cf.wait(futures, timeout=0.5, return_when=cf.FIRST_EXCEPTION).not_done:
                    progress("mapping entities", counter.value, None)
                results = [f.result() for f in futures]
            except BaseException:
                for f in futures:
                    f.cancel()
                raise
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


def _named(db: sqlite3.Connection, files: list[Path]) -> Iterator[tuple[str, str, str, bool, str]]:
    """Yield (entity IRI, name, canonical name, ambiguous, other lines) in a stable order (the entity files'
    rows, file by file).

    A name no other entity shares stays bare; a shared name is qualified by category ("Central (cafe)", the
    bundled snapshot's "paren" style) when that tells its bearers apart; otherwise the entity keeps its name
    and is marked ambiguous (never a template role). The counts come from the narrow tables ``k`` (name and
    category alone); only the shared names' counts are kept, in a table small when most names are unique.
    """
    db.execute("CREATE TABLE k (name TEXT, category TEXT)")
    for f in files:
        db.execute("ATTACH DATABASE ? AS e", (str(f),))
        db.execute("INSERT INTO k SELECT name, category FROM e.k")
        db.execute("DETACH DATABASE e")
    db.execute("CREATE TABLE ncc AS SELECT name, category, COUNT(*) AS c FROM k GROUP BY name, category")
    db.execute("CREATE TABLE sh AS SELECT ncc.name AS name, ncc.category AS category, nc.c AS c, ncc.c AS cc "
               "FROM ncc JOIN (SELECT name, SUM(c) AS c FROM ncc GROUP BY name HAVING SUM(c) > 1) AS nc "
               "ON nc.name = ncc.name")
    db.execute("CREATE INDEX shi ON sh (name, category)")
    for f in files:
        db.execute("ATTACH DATABASE ? AS e", (str(f),))
        q = ("SELECT m.iri, m.name, m.category, m.body, sh.c, sh.cc FROM e.m AS m LEFT JOIN sh "
             "ON sh.name = m.name AND sh.category = m.category ORDER BY m.rowid")
        for iri, name, category, body, shared, shared_in_category in db.execute(q):
            if shared is None:
                yield iri, name, name, False, body
            elif shared_in_category == 1:
                yield iri, name, f"{name} ({category})", False, body
            else:
                yield iri, name, name, True, body
        db.execute("DETACH DATABASE e")


class _GraphFile:
    """An N-Triples file written line by line, counting its triples and hashing its bytes."""

    def __init__(self, folder: Path, name: str):
        self.name, self.file = name, f"{name}.nt"
        self.f = open(folder / self.file, "wb")
        self.sha, self.bytes, self.triples = hashlib.sha256(), 0, 0

    def write(self, lines: Iterable[str]) -> None:
        data = "".join(lines).encode("utf-8")
        self.f.write(data)
        self.sha.update(data)
        self.bytes += len(data)
        self.triples += data.count(b"\n")

    def close(self, entities: int = 0, breakdown: dict | None = None) -> dict:
        self.f.close()
        return {"iri": GRAPH.term(self.name).value,
                "file": self.file, "triples": self.triples, "bytes": self.bytes, "sha256": self.sha.hexdigest(),
                "entities": entities, "breakdown": breakdown or {}}


def _write(folder: Path, db: sqlite3.Connection, spill: Path, prof: Profile, summary: IngestSummary, progress,
           mapping, jobs: int = 1) -> dict:
    """Write the vocabulary, entity and proximity-index graphs; return the manifest's ``graphs``."""
    files, mapped = _map(folder, spill, prof, _ranges(db, prof, jobs), summary, progress, mapping)
    occupied, stats = mapped.occupied, mapped.stats
    vocab = _GraphFile(folder, "vocabulary")
    vocab.write(_vocabulary_lines())
    out = _GraphFile(folder, prof.name)
    canonical_p, base_p = f" {KGB.canonicalName} ", f" {KGB.baseName} "
    ambiguous = f" {KGB.ambiguousName} {Literal('true', datatype=XSD.boolean)} .\n"
    names = summary.names
    done = 0
    lines: list[str] = []
    for iri, name, canonical, amb, body in _named(db, files):
        lines += (iri, canonical_p, str(Literal(canonical)), " .\n")
        if canonical != name:
            lines += (iri, base_p, str(Literal(name)), " .\n")
        if amb:
            lines += (iri, ambiguous)
        lines.append(body)
        names["ambiguous (not asked)" if amb else "qualified by category" if canonical != name else "bare"] += 1
        done += 1
        if not done % 2_000:  # written in chunks: one encode, hash and write per 2,000 entities
            out.write(lines)
            lines.clear()
            if not done % 10_000:
                progress("writing entities", done, None)
    out.write(lines)
    index = _GraphFile(folder, "h3index")
    index.write(proximity_index_lines(occupied))
    stats.update({f"category:{k}": v for k, v in summary.categories.items()})
    return {"vocabulary": vocab.close(), prof.name: out.close(done, dict(sorted(stats.items()))),
            "h3index": index.close()}


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
        spill = tmp / ".spill.sqlite"
        db = sqlite3.connect(spill, isolation_level=None)
        entity_files = [tmp / f".entities-{i}.sqlite" for i in range(jobs)]
        try:
            db.execute("PRAGMA journal_mode = OFF")
            db.execute("PRAGMA synchronous = OFF")
            db.execute("PRAGMA cache_size = -65536")  # 64 MiB, whatever the dump's size
            db.execute("PRAGMA temp_store = FILE")
            db.execute("BEGIN")
            _spill(db, prof, paths, summary, say, digests)
            db.execute("COMMIT")  # the mapping reads the spill in other connections (and processes)
            graphs = _write(tmp, db, spill, prof, summary, say, mapping, jobs)
        finally:
            db.close()
            for f in (spill, *entity_files):
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
