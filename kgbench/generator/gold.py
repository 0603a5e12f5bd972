"""Gold triples of items in three surface forms (N-Triples, structured JSON, prose) and as N-Quads for auditors.

The prose is :func:`verbalize_gold`, the one verbalizer: ``kgbench gold --format text`` shows an auditor the
sentences a T1-oracle-verbalized prompt gives the model.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from pyoxigraph import Literal, NamedNode, Quad, RdfFormat, parse

from kgbench.generator.items import Item
from kgbench.fileio import atomic_write
from kgbench.ontologies import GEO, ITEM, KGB, RDF, RDFS

__all__ = ["gold_triples_of", "gold_as", "verbalize_gold", "describe_wkt", "export_gold_nquads", "item_graph", "GoldTriplesError", "GOLD_FORMATS"]

GOLD_FORMATS = ("nt", "json", "text")
ITEM_GRAPH_BASE = ITEM.base
_NAME = KGB.canonicalName.value
_HAS_GEOMETRY = GEO.hasGeometry.value
_AS_WKT = GEO.asWKT.value


class GoldTriplesError(ValueError):
    """Gold triples that are not valid N-Triples (the message names the items and the parse errors)."""


def item_graph(item_id: str) -> NamedNode:
    """Return the IRI of the named graph that holds one item's gold triples.

    >>> item_graph("A1-abc").value
    'https://w3id.org/kgbench/item/A1-abc'
    """
    return NamedNode(ITEM_GRAPH_BASE + item_id)


def gold_triples_of(item: Item) -> list:
    """Return the item's gold triples as pyoxigraph Triples (parsed from its N-Triples text)."""
    return [q.triple for q in parse(item.gold_triples, RdfFormat.N_TRIPLES)]


def gold_as(item: Item, fmt: str = "nt") -> str:
    """Return an item's gold triples as N-Triples ('nt'), structured JSON ('json') or English prose ('text')."""
    if fmt == "nt":
        return item.gold_triples
    triples = gold_triples_of(item)
    if fmt == "json":
        subjects: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        for t in triples:
            subjects[t.subject.value][t.predicate.value].append(_json_value(t.object))
        return json.dumps({"item": item.id, "question": item.question,
                           "subjects": {s: dict(p) for s, p in sorted(subjects.items())}}, indent=2, ensure_ascii=False)
    if fmt == "text":
        return verbalize_gold(triples)
    raise ValueError(f"unknown gold format {fmt!r}: choose one of {', '.join(GOLD_FORMATS)}")


def _json_value(term):
    if isinstance(term, Literal):
        out = {"value": term.value}
        if term.language:
            out["language"] = term.language
        elif not term.datatype.value.endswith("#string"):
            out["datatype"] = term.datatype.value
        return out
    return {"iri": term.value}


def export_gold_nquads(items: Iterable[Item], path: str | Path) -> int:
    """Return the number of quads written: every item's gold triples as N-Quads, one named graph per item.

    Every item's gold triples are parsed first; if any item's do not parse (or its id makes no IRI),
    :class:`GoldTriplesError` names each such item with its parse error and nothing is written. The quads
    are serialized from the parsed terms, so the file is valid N-Quads; it is written atomically.
    """
    quads: list[Quad] = []
    bad: list[str] = []
    for it in items:
        try:
            graph = item_graph(it.id)
            quads.extend(Quad(t.subject, t.predicate, t.object, graph) for t in gold_triples_of(it))
        except (SyntaxError, ValueError, TypeError) as exc:
            bad.append(f"item {it.id}: {' '.join(str(exc).split())}")
    if bad:
        more = f" (and {len(bad) - 10} more)" if len(bad) > 10 else ""
        raise GoldTriplesError(f"gold triples that are not valid N-Triples, nothing written: {'; '.join(bad[:10])}{more}")
    with atomic_write(path) as f:
        for q in quads:
            f.write(f"{q} .\n")
    return len(quads)


# --------------------------------------------------------------------------------------------- verbalizer

_KGB = KGB.base
_RDF_TYPE = RDF.type.value
_RDFS_LABEL = RDFS.label.value

#: kgb: property -> sentence pattern ({s} subject, {o} object); units stated where the value has one
_PATTERNS = {
    "category": '{s} is in the category "{o}".',
    "country": "{s} lies in the country with ISO 3166-1 alpha-3 code {o}.",
    "incomeTier": "{s} lies in a country of World Bank income group {o}.",
    "densityTier": "{s} lies in an area of {o} population density.",
    "population": "{s} has a population of {o} people.",
    "h3Cell": "The representative point of {s} lies in H3 cell {o}.",
    "h3Resolution": "The H3 cell of {s} is at resolution {o}.",
    "isoA3": "{s} has the ISO 3166-1 alpha-3 code {o}.",
    "isoNumeric": "{s} has the ISO 3166-1 numeric code {o}.",
    "neighbour": "{s} borders {o}.",
    "partOf": "{s} is part of {o}.",
    "affectedAreaOf": "{s} is an area affected by {o}.",
    "fips": "{s} has the US FIPS code {o}.",
    "catalogId": "{s} has the catalog id {o}.",
    "magnitude": "{s} has magnitude {o}.",
    "magnitudeType": "The magnitude of {s} is on the {o} scale.",
    "startTime": "{s} began at {o} (UTC).",
    "endTime": "{s} ended at {o} (UTC).",
    "depthKm": "{s} has a depth of {o} km.",
    "placeDescription": '{s} is described as "{o}".',
    "maxWindKt": "{s} has a maximum sustained wind of {o} knots.",
    "minPressureMb": "{s} has a minimum central pressure of {o} millibars.",
    "stormStatus": "{s} reached the status {o}.",
    "osmTag": "{s} has the OpenStreetMap tag {o}.",
    "sourceId": "{s} comes from the source record {o}.",
    "sourceRecord": "{s} comes from the source record {o}.",
}
_CLASS_WORDS = {"PointOfInterest": "point of interest", "PopulatedPlace": "populated place",
                "AdminArea": "administrative area", "LandUse": "land-use area", "Entity": "geographic entity"}
_WKT_HEAD = re.compile(r"^\s*(?:<[^>]*>\s*)?")
_GEOM_WORDS = {"Point": "a point", "MultiPoint": "a set of points", "LineString": "a line",
               "MultiLineString": "a set of lines", "Polygon": "a polygon", "MultiPolygon": "a set of polygons",
               "GeometryCollection": "a collection of geometries"}


def _words(local: str) -> str:
    """Return a camelCase local name as lowercase words ('maxWindKt' -> 'max wind kt')."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", local).lower()


def _local(iri: str) -> str:
    return re.split(r"[#/]", iri.rstrip("/#"))[-1] or iri


def describe_wkt(wkt: str) -> str:
    """Return an English description of a WKT geometry: its kind, size and extent, then the WKT itself.

    Coordinates are CRS84 (longitude first) as GeoSPARQL stores them; the WKT text is kept verbatim.

    >>> describe_wkt("POINT (24.93 60.17)")
    'a point at longitude 24.93, latitude 60.17 (WKT: POINT (24.93 60.17))'
    >>> describe_wkt("POLYGON ((0 0, 1 0, 1 1, 0 0))")
    'a polygon with 3 distinct vertices spanning longitude 0 to 1 and latitude 0 to 1 (WKT: POLYGON ((0 0, 1 0, 1 1, 0 0)))'
    """
    import shapely

    text = _WKT_HEAD.sub("", wkt).strip()
    try:
        geom = shapely.from_wkt(text)
    except Exception:  # noqa: BLE001 - an unreadable literal is still stated, verbatim
        return f"the geometry with WKT {wkt}"
    kind = _GEOM_WORDS.get(geom.geom_type, f"a {geom.geom_type}")
    if geom.is_empty:
        return f"an empty geometry (WKT: {wkt})"
    if geom.geom_type == "Point":
        lon, lat = re.findall(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?", text)[:2]
        return f"a point at longitude {lon}, latitude {lat} (WKT: {wkt})"
    coords = shapely.get_coordinates(geom)
    vertices = len({(float(x), float(y)) for x, y in coords})
    minx, miny, maxx, maxy = geom.bounds
    parts = ""
    if geom.geom_type.startswith("Multi") or geom.geom_type == "GeometryCollection":
        parts = f" in {len(geom.geoms)} parts"
    return (f"{kind}{parts} with {vertices} distinct vertices spanning longitude {minx:g} to {maxx:g} and "
            f"latitude {miny:g} to {maxy:g} (WKT: {wkt})")


def verbalize_gold(item_or_triples) -> str:
    """Return gold triples as short English sentences: names instead of IRIs, units stated, WKT described.

    Takes an :class:`Item` or pyoxigraph triples. Each entity is called by its canonical name (else an
    English label, else the last part of its IRI); each triple gives one sentence, except that a name and a
    geometry node are folded into the sentence about the geometry. Literal values are kept verbatim.

    >>> from pyoxigraph import Triple
    >>> e, g = NamedNode("http://ex.org/e"), NamedNode("http://ex.org/e/g")
    >>> ts = [Triple(e, NamedNode(_NAME), Literal("Kamppi")), Triple(e, NamedNode(_HAS_GEOMETRY), g),
    ...       Triple(g, NamedNode(_AS_WKT), Literal("POINT (24.93 60.17)")),
    ...       Triple(e, NamedNode(_KGB + "population"), Literal("1200"))]
    >>> print(verbalize_gold(ts))
    The geometry of Kamppi is a point at longitude 24.93, latitude 60.17 (WKT: POINT (24.93 60.17)).
    Kamppi has a population of 1200 people.
    """
    triples = gold_triples_of(item_or_triples) if isinstance(item_or_triples, Item) else list(item_or_triples)
    names: dict[str, str] = {}
    labels: dict[str, str] = {}
    for t in triples:
        if t.predicate.value == _NAME:
            names.setdefault(t.subject.value, t.object.value)
        elif t.predicate.value == _RDFS_LABEL and isinstance(t.object, Literal):
            if t.object.language in (None, "", "en") or t.subject.value not in labels:
                labels[t.subject.value] = t.object.value
    wkt = {t.subject.value: t.object.value for t in triples if t.predicate.value == _AS_WKT}
    owner = {t.object.value: t.subject.value for t in triples if t.predicate.value == _HAS_GEOMETRY}

    def name(iri: str) -> str:
        if iri in names:
            return names[iri]
        if iri in labels:
            return labels[iri]
        if iri in owner:
            return f"the geometry of {name(owner[iri])}"
        return f"the entity {_local(iri)}"

    def obj(term) -> str:
        if isinstance(term, NamedNode):
            return name(term.value)
        return term.value

    per_subject: dict[str, list[str]] = defaultdict(list)
    order: list[str] = []
    for t in sorted(triples, key=lambda t: (str(t.subject), str(t.predicate), str(t.object))):
        s, p = t.subject.value, t.predicate.value
        if s not in per_subject:
            order.append(s)
        lines = per_subject[s]
        if p == _NAME:
            continue
        if p == _RDFS_LABEL:
            lang = t.object.language if isinstance(t.object, Literal) else None
            if t.object.value != names.get(s):
                where = f" (language tag {lang})" if lang else ""
                lines.append(f'{name(s)} is also called "{t.object.value}"{where}.')
            continue
        if p == _HAS_GEOMETRY:
            shape = wkt.get(t.object.value)
            if shape is not None:
                lines.append(f"The geometry of {name(s)} is {describe_wkt(shape)}.")
            continue
        if p == _AS_WKT:
            if s not in owner:
                lines.append(f"{name(s)} is {describe_wkt(t.object.value)}.")
            continue
        if p == _RDF_TYPE:
            local = _local(t.object.value)
            lines.append(f"{name(s)} is a {_CLASS_WORDS.get(local, _words(local))}.")
            continue
        local = _local(p)
        if p.startswith(_KGB) and local in _PATTERNS:
            lines.append(_PATTERNS[local].format(s=name(s), o=obj(t.object)))
            continue
        lines.append(f"{name(s)} has {_words(local)} {obj(t.object)}.")
    out = [line for s in order for line in per_subject[s]]
    return "\n".join("T" + line[1:] if line.startswith("the ") else line for line in out)
