"""Mapping one range of a spilled dump's subjects to entities: group, locate, record, stratify, write their lines.

:func:`map_range` is what :func:`kgbench.kg.ingest.pipeline.ingest` runs on each range of subjects, in this
process or, with ``jobs`` > 1, in one worker process per range: each reads the spill files (read only, as one
table: :class:`~kgbench.kg.ingest.spill.SpillTables`) and writes, in subject order, its entities' names and
categories to its own SQLite file (table ``m``, for the name counts) and their lines to a flat file beside it.
The ranges follow subject order, so the entities of range 1, then of range 2, ... are in the order of one
process reading the whole table.
"""

from __future__ import annotations

import dataclasses
import gc
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterator

import h3
import numpy as np
import shapely
from pyoxigraph import NamedNode
from shapely.geometry.base import GEOMETRY_TYPES

from kgbench.kg.builder.records import EntityRecord
from kgbench.kg.builder.strata import (DENSITY_RESOLUTION, H3_RESOLUTION, PROXIMITY_RESOLUTIONS,
                                       representative_point, settle_country)
from kgbench.kg.ingest.lines import EntityLines, wkt_texts
from kgbench.kg.ingest.profiles import AS_WKT, Profile, profile as get_profile
from kgbench.kg.ingest.spill import SpillTables, few_collections
from kgbench.kg.ingest.stratify import BulkStrata
from kgbench.ontologies import ENTITY, H3, KGB

__all__ = ["MapResult", "map_range"]

#: entities stratified at once (the country lookup runs on the whole batch)
_FLUSH = 5_000
#: batches between two garbage collections while mapping (:func:`~kgbench.kg.ingest.spill.few_collections`)
_COLLECT_EVERY = 40


def _groups(rows: Iterator[tuple[str, str, str, str | None]],
            label_preds: frozenset) -> Iterator[tuple[str, dict[str, list], list[tuple[str, str | None]]]]:
    """Yield (subject, {predicate: [object values]}, [(label text, language)]) per subject of ``rows``
    (subject, predicate, object, language, in subject order)."""
    subject, props, langs = None, {}, []
    for s, p, o, lang in rows:
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
    density_at = next((i for i, r in enumerate(PROXIMITY_RESOLUTIONS) if r == DENSITY_RESOLUTION), None)
    # the entity keys (profile and local id, unsafe characters replaced) and H3 cell indexes (hex digits) are
    # IRIs as they are: the term's text is the base and the local part between angle brackets
    entity, cell_iri = str(ENTITY.term("⟦⟧")).split("⟦⟧"), str(H3.term("⟦⟧")).split("⟦⟧")
    counts: Counter = Counter()
    for rec, (lon, lat), polygon, wkt, gtype in zip(batch, points, strata.countries(points) if batch else [], wkts,
                                                    types):
        key = f"{entity[0]}{rec.key}{entity[1]}"
        lines = []
        at = []
        for r, occupied, pred in in_cell:
            c = h3.latlng_to_cell(lat, lon, r)
            occupied.add(c)
            at.append(c)
            lines.append(f"{key}{pred}{cell_iri[0]}{c}{cell_iri[1]} .\n")
        country, _ = settle_country(polygon, None, strata.income)
        tier = strata.income.get(country, "NA")
        dens = strata.density.tier(lon, lat) if density_at is None else strata.density.tier_of_cell(at[density_at])
        lines.append(write(rec, country, tier, dens, h3.latlng_to_cell(lat, lon, H3_RESOLUTION), wkt=wkt,
                           geometry_type=gtype))
        rows.append((rec.name, rec.category, key, "".join(lines)))
        counts.update((f"category:{rec.category}", f"class:{rec.cls}", f"geometry:{gtype}",
                       f"country:{country}", f"income:{tier}", f"density:{dens}"))
    return rows, cells, counts


@dataclasses.dataclass
class MapResult:
    """What one range's mapping counted: skip reasons, categories, classes, geometry types, strata, H3 cells."""

    skipped: Counter = dataclasses.field(default_factory=Counter)
    categories: Counter = dataclasses.field(default_factory=Counter)
    classes: Counter = dataclasses.field(default_factory=Counter)
    geometry_types: Counter = dataclasses.field(default_factory=Counter)
    #: ``country:``, ``income:`` and ``density:`` counts
    stats: Counter = dataclasses.field(default_factory=Counter)
    occupied: dict = dataclasses.field(default_factory=lambda: {r: set() for r in PROXIMITY_RESOLUTIONS})
    entities: int = 0
    batches: int = 0


def map_range(spill: list[str], out: str, profile_name: str, mapping: str | None, lo: str | None, hi: str | None,
              report: Callable[[int], None] | None = None) -> MapResult:
    """Return the counts of mapping the subjects from ``lo`` (included) to ``hi`` (excluded; None: no bound)
    of the spill files ``spill`` (:class:`~kgbench.kg.ingest.spill.SpillTables`), whose entities' lines (all
    but the name's) go to a new SQLite file ``out``.

    ``out`` gets table ``m`` (name, category, IRI, bytes of its lines), one row per entity in subject order;
    the lines themselves, UTF-8, go one entity after the other to the file ``out`` + ``.nt``. ``report(n)`` is told every few thousand entities how many more
    were mapped. The profile is named (and built here), so that a worker process can run this.
    """
    prof = get_profile(profile_name, mapping)
    db = SpillTables(spill)
    mdb = sqlite3.connect(out, isolation_level=None)
    body = open(out + ".nt", "wb")
    try:
        for pragma in ("journal_mode = OFF", "synchronous = OFF", "cache_size = -16384"):
            mdb.execute(f"PRAGMA {pragma}")
        mdb.execute("BEGIN")
        mdb.execute("CREATE TABLE m (name TEXT, category TEXT, iri TEXT, n INTEGER)")
        with few_collections():
            result = _map(db, mdb, body, prof, lo, hi, report or (lambda n: None))
        mdb.execute("COMMIT")
    finally:
        db.close()
        mdb.close()
        body.close()
    return result


def _map(db: SpillTables, mdb: sqlite3.Connection, body, prof: Profile, lo, hi, report) -> MapResult:
    """Map every subject group of the range to an entity (its row in ``mdb``, its lines in the binary file
    ``body``) or a skip reason."""
    lookup = db.lookup
    res = MapResult()
    named = {"category": res.categories, "class": res.classes, "geometry": res.geometry_types}
    strata, write = BulkStrata(), EntityLines()
    batch: list[EntityRecord] = []

    def submit(b: list[EntityRecord]) -> None:
        rows, cells, counts = _stratify(strata, write, b)
        data = [r[3].encode("utf-8") for r in rows]
        body.write(b"".join(data))
        mdb.executemany("INSERT INTO m VALUES (?,?,?,?)", [(*r[:3], len(d)) for r, d in zip(rows, data)])
        for r, cs in cells.items():
            res.occupied[r] |= cs
        for key, n in counts.items():
            kind, _, value = key.partition(":")
            if kind in named:
                named[kind][value] += n
            else:
                res.stats[key] += n
        res.entities += len(rows)
        res.batches += 1
        if not res.batches % _COLLECT_EVERY:
            gc.collect()
        report(len(rows))

    def settle(located: list) -> None:  # located subjects -> records (their WKT parsed at once) -> batches
        nonlocal batch
        for (subject, props, langs, cls, category, _), geom in zip(located, _wkts([x[-1] for x in located])):
            rec = _record(prof, subject, props, langs, lookup, cls, category, geom)
            if isinstance(rec, str):
                res.skipped[rec] += 1
                continue
            batch.append(rec)
            if len(batch) >= _FLUSH:
                submit(batch)
                batch = []

    located: list = []
    for subject, props, langs in _groups(db.rows(lo, hi), frozenset(prof.label_predicates)):
        found = _locate(prof, props, lookup)
        if isinstance(found, str):
            res.skipped[found] += 1
            continue
        located.append((subject, props, langs, *found))
        if len(located) >= _FLUSH:
            settle(located)
            located = []
    settle(located)
    submit(batch)
    return res
