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

import h3
import numpy as np
import shapely
from pyoxigraph import Literal, NamedNode
from shapely.geometry.base import GEOMETRY_TYPES

from kgbench.fileio import atomic_directory
from kgbench.kg.ingest.dumps import DumpError, dump_format, read_dump
from kgbench.kg.ingest.profiles import AS_WKT, Profile, profile as get_profile
from kgbench.kg.ingest.lines import EntityLines, wkt_texts
from kgbench.kg.ingest.stratify import BulkStrata
from kgbench.kg.builder.records import EntityRecord
from kgbench.kg.builder.snapshot import (BUILDER_VERSION, Snapshot, SnapshotError, _builder_digest, _vocabulary_lines,
                                         proximity_index_lines)
from kgbench.kg.builder.strata import (DENSITY_RESOLUTION, H3_RESOLUTION, PROXIMITY_RESOLUTIONS, representative_point,
                                       settle_country)
from kgbench.ontologies import ENTITY, GRAPH, H3, KGB, XSD

__all__ = ["IngestError", "IngestSummary", "ingest"]

#: entities stratified at once (the country lookup runs on the whole batch)
_FLUSH = 5_000
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


def _groups(db: sqlite3.Connection, label_preds: frozenset) -> Iterator[tuple[str, dict[str, list], list[tuple[str, str | None]]]]:
    """Yield (subject, {predicate: [object values]}, [(label text, language)]) per subject, in subject order."""
    cur = db.execute("SELECT s, p, o, l FROM t ORDER BY s")
    subject, props, langs = None, {}, []
    for s, p, o, lang in cur:
        if s != subject:
            if subject is not None:
                yield subject, props, langs
            subject, props, langs = s, {}, []
        props.setdefault(p, []).append(o)
        if p in label_preds:
            langs.append((p, o, lang))
    if subject is not None:
        yield subject, props, langs


def _wkts(texts: list[str]) -> list:
    """Return the shapely geometry of each WKT literal (an optional leading CRS IRI stripped), or None where it
    is malformed, empty or not in CRS84 longitude/latitude (parsed as one array: a call per batch, not per entity).

    >>> [g if g is None else g.wkt for g in _wkts(["POINT (1 2)", "<http://www.opengis.net/def/crs/EPSG/0/3857> "
    ...                                            "POINT (1 2)", "POINT (1", "POINT EMPTY"])]
    ['POINT (1 2)', None, None, None]
    """
    plain = []
    for text in texts:
        text = text.strip()
        if text.startswith("<"):
            crs, _, text = text[1:].partition(">")
            if "CRS84" not in crs and "4326" not in crs:
                text = None
        plain.append(text and text.strip())
    geoms = shapely.from_wkt(np.array(plain, dtype=object), on_invalid="ignore")
    unusable = (shapely.is_missing(geoms) | shapely.is_empty(geoms)).tolist()
    return [None if bad else g for g, bad in zip(geoms.tolist(), unusable)]


def _locate(prof: Profile, props: dict, lookup) -> tuple[str, str, str] | str:
    """Return (class, category, WKT text) of one subject's statements, or why it is skipped."""
    if AS_WKT in props and props.keys().isdisjoint(prof.geometry_links):
        return "geometry node (read with the feature that links to it)"
    decision = prof.classify(props)
    if isinstance(decision, str):
        return decision
    cls, category = decision
    wkt = None
    for link in prof.geometry_links:
        for node in props.get(link, ()):
            found = lookup(node, AS_WKT)
            if found:
                wkt = found[0]
                break
        if wkt:
            break
    wkt = wkt or (props.get(AS_WKT) or [None])[0]
    if wkt is None:
        return "no geometry (no geometry node with geo:asWKT)"
    return cls, category, wkt


def _record(prof: Profile, subject: str, props: dict, langs: list, lookup, cls: str, category: str,
            geom) -> EntityRecord | str:
    """Return the entity record of one located subject (:func:`_locate`) with its parsed geometry, or why it
    is skipped."""
    if geom is None:
        return "geometry not readable (malformed WKT, empty, or not in CRS84 longitude/latitude)"
    label_predicates = prof.label_predicates
    labels = [(o, lang or None) for p, o, lang in langs if p in label_predicates]
    if not labels:
        return "no label (no name to ask a question with)"
    name = labels[0][0]
    for text, lang in labels:  # the first label without a language or in English, else the first
        if lang is None or lang == "en":
            name = text
            break
    pop = None
    if prof.population and props.get(prof.population):
        try:
            pop = int(float(props[prof.population][0]))
        except ValueError:
            pass
    extra = list(prof.extras(lookup, props)) if prof.extras else []
    if prof.part_of:
        extra += [("partOf", NamedNode(ENTITY.term(prof.key(p)).value)) for p in props.get(prof.part_of, [])[:1]]
    links = [o for p in prof.source_links for o in props.get(p, []) if "://" in o]
    return EntityRecord(key=prof.key(subject), graph=prof.name, cls=cls, category=category, name=name,
                        geometry=geom, labels=labels, source_ids=[subject.rsplit("/", 1)[-1]],
                        source_iris=[subject, *links] if not subject.startswith("_:") else links,
                        population=pop, extra=extra)


def _stratify(strata: BulkStrata, write: EntityLines, batch: list[EntityRecord]) -> tuple[list[tuple], dict[int, set[str]], Counter]:
    """Return a batch's rows for table ``m`` (each entity's lines but its name's), the H3 cells it occupies and
    its counts (``category:``, ``class:``, ``geometry:``, ``country:``, ``income:``, ``density:``)."""
    geoms = np.array([r.geometry for r in batch], dtype=object)
    types = [GEOMETRY_TYPES[t] for t in shapely.get_type_id(geoms).tolist()]
    # a point is its own representative point: read in bulk, the rest one by one
    points = list(zip(shapely.get_x(geoms).tolist(), shapely.get_y(geoms).tolist())) if batch else []
    for i, t in enumerate(types):
        if t != "Point":
            points[i] = representative_point(geoms[i])
    wkts = wkt_texts(geoms) if batch else []
    rows = []
    cells: dict[int, set[str]] = {r: set() for r in PROXIMITY_RESOLUTIONS}
    in_cell = [(r, cells[r], f" {KGB[f'inCell{r}']} ") for r in PROXIMITY_RESOLUTIONS]
    counts: Counter = Counter()
    for rec, (lon, lat), polygon, wkt, gtype in zip(batch, points, strata.countries(points) if batch else [], wkts,
                                                    types):
        key = str(ENTITY.term(rec.key))
        lines = []
        for r, occupied, pred in in_cell:
            c = h3.latlng_to_cell(lat, lon, r)
            occupied.add(c)
            lines.append(f"{key}{pred}{H3.term(c)} .\n")
        country, _ = settle_country(polygon, None, strata.income)
        tier, dens = strata.income.get(country, "NA"), strata.density.tier(lon, lat)
        lines.append(write(rec, country, tier, dens, h3.latlng_to_cell(lat, lon, H3_RESOLUTION), wkt=wkt,
                           geometry_type=gtype))
        rows.append((rec.name, rec.category, key, "".join(lines)))
        counts.update((f"category:{rec.category}", f"class:{rec.cls}", f"geometry:{gtype}",
                       f"country:{country}", f"income:{tier}", f"density:{dens}"))
    return rows, cells, counts


#: the strata tables and entity writer of a worker process of a parallel ingest (set once by its pool's initializer)
_WORKER_STATE: list = []


def _worker_init() -> None:
    _WORKER_STATE.extend((BulkStrata(), EntityLines()))


def _worker_stratify(batch: list[EntityRecord]):
    return _stratify(*_WORKER_STATE, batch)


def _map(db: sqlite3.Connection, prof: Profile, summary: IngestSummary, progress, occupied, stats,
         jobs: int = 1) -> None:
    """Map every subject group to an entity (its lines stored in table ``m``) or a skip reason (counted).

    With ``jobs`` > 1, batches are stratified in ``jobs`` - 1 worker processes while this one reads on;
    their results are stored in batch order, so the output is the same.
    """
    import collections
    import concurrent.futures as cf

    look = db.cursor()

    def lookup(s: str, p: str) -> list[str]:
        return [r[0] for r in look.execute("SELECT o FROM t WHERE s = ? AND p = ?", (s, p))]

    db.execute("CREATE TABLE m (name TEXT, category TEXT, iri TEXT, body TEXT)")

    def store(result) -> None:
        rows, cells, counts = result
        db.executemany("INSERT INTO m VALUES (?,?,?,?)", rows)
        for r, cs in cells.items():
            occupied[r] |= cs
        named = {"category": summary.categories, "class": summary.classes, "geometry": summary.geometry_types}
        for k, n in counts.items():
            kind, _, value = k.partition(":")
            if kind in named:
                named[kind][value] += n
            else:
                stats[k] += n

    pool = cf.ProcessPoolExecutor(jobs - 1, initializer=_worker_init) if jobs > 1 else None
    strata, write = (None, None) if pool else (BulkStrata(), EntityLines())
    pending: collections.deque = collections.deque()
    batch: list[EntityRecord] = []
    done = 0

    def submit(b: list[EntityRecord]) -> None:
        if pool is None:
            store(_stratify(strata, write, b))
            return
        pending.append(pool.submit(_worker_stratify, b))
        while len(pending) > 2 * jobs:  # a bounded window: memory stays flat
            store(pending.popleft().result())

    def settle(located: list) -> None:  # located subjects -> records (their WKT parsed at once) -> batches
        nonlocal batch, done
        for (subject, props, langs, cls, category, _), geom in zip(located, _wkts([x[-1] for x in located])):
            rec = _record(prof, subject, props, langs, lookup, cls, category, geom)
            if isinstance(rec, str):
                summary.skipped[rec] += 1
                continue
            batch.append(rec)
            done += 1
            if len(batch) >= _FLUSH:
                submit(batch)
                batch = []
                progress("mapping entities", done, None)

    located: list = []
    try:
        for subject, props, langs in _groups(db, frozenset(prof.label_predicates)):
            found = _locate(prof, props, lookup)
            if isinstance(found, str):
                summary.skipped[found] += 1
                continue
            located.append((subject, props, langs, *found))
            if len(located) >= _FLUSH:
                settle(located)
                located = []
        settle(located)
        submit(batch)
        while pending:
            store(pending.popleft().result())
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def _named(db: sqlite3.Connection) -> Iterator[tuple[str, str, str, bool, str]]:
    """Yield (entity IRI, name, canonical name, ambiguous, other lines) in a stable order.

    A name no other entity shares stays bare; a shared name is qualified by category ("Central (cafe)", the
    bundled snapshot's "paren" style) when that tells its bearers apart; otherwise the entity keeps its name
    and is marked ambiguous (never a template role).
    """
    db.execute("CREATE TABLE nc AS SELECT name, COUNT(*) AS c FROM m GROUP BY name")
    db.execute("CREATE TABLE ncc AS SELECT name, category, COUNT(*) AS c FROM m GROUP BY name, category")
    db.execute("CREATE INDEX nci ON nc (name)")
    db.execute("CREATE INDEX ncci ON ncc (name, category)")
    q = ("SELECT m.iri, m.name, m.category, m.body, nc.c, ncc.c FROM m JOIN nc ON nc.name = m.name "
         "JOIN ncc ON ncc.name = m.name AND ncc.category = m.category ORDER BY m.rowid")
    for iri, name, category, body, shared, shared_in_category in db.execute(q):
        if shared == 1:
            yield iri, name, name, False, body
        elif shared_in_category == 1:
            yield iri, name, f"{name} ({category})", False, body
        else:
            yield iri, name, name, True, body


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


def _write(folder: Path, db: sqlite3.Connection, prof: Profile, summary: IngestSummary, progress,
           jobs: int = 1) -> dict:
    """Write the vocabulary, entity and proximity-index graphs; return the manifest's ``graphs``."""
    occupied: dict[int, set[str]] = {r: set() for r in PROXIMITY_RESOLUTIONS}
    stats: Counter = Counter()
    _map(db, prof, summary, progress, occupied, stats, jobs)
    vocab = _GraphFile(folder, "vocabulary")
    vocab.write(_vocabulary_lines())
    out = _GraphFile(folder, prof.name)
    canonical_p, base_p = f" {KGB.canonicalName} ", f" {KGB.baseName} "
    ambiguous = f" {KGB.ambiguousName} {Literal('true', datatype=XSD.boolean)} .\n"
    names = summary.names
    done = 0
    lines: list[str] = []
    for iri, name, canonical, amb, body in _named(db):
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
    with ``force``. ``jobs`` > 1 stratifies entities in ``jobs`` - 1 worker processes beside the reader (the
    same output). Errors (unknown profile, a mapping file missing a key, a missing dump, a malformed line)
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
        try:
            db.execute("PRAGMA journal_mode = OFF")
            db.execute("PRAGMA synchronous = OFF")
            db.execute("PRAGMA cache_size = -65536")  # 64 MiB, whatever the dump's size
            db.execute("PRAGMA temp_store = FILE")
            db.execute("BEGIN")
            _spill(db, prof, paths, summary, say, digests)
            graphs = _write(tmp, db, prof, summary, say, jobs)
            db.execute("COMMIT")
        finally:
            db.close()
            spill.unlink(missing_ok=True)
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
