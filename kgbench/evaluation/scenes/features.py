"""The geometries of an item: its gold geometries, and those of its entities looked up in the KG when gold lacks them.

Shared by the scenes of the evaluation conditions and the notebook's maps (:mod:`kgbench.notebook.show`).
"""

from __future__ import annotations

import dataclasses

import shapely
from pyoxigraph import Literal, NamedNode, RdfFormat, parse
from shapely.geometry.base import BaseGeometry

from kgbench.geofunctions.literals import GEOJSON_LITERAL, WKT_LITERAL, GeometryLiteralError, parse_geometry
from kgbench.ontologies import GEO, KGB

__all__ = ["Feature", "item_features", "display_geometry", "DISPLAY_VERTICES"]

_HAS_GEOMETRY = GEO.hasGeometry.value
_NAME = KGB.canonicalName.value
_GEOMETRY_PROPS = {GEO.asWKT.value, GEO.asGeoJSON.value}
_GEOMETRY_TYPES = {WKT_LITERAL.value, GEOJSON_LITERAL.value}
#: a geometry with more vertices is drawn simplified (its topology kept), so a country does not weigh megabytes
DISPLAY_VERTICES = 5000


@dataclasses.dataclass(frozen=True)
class Feature:
    """One geometry to draw: its label, the entity IRI (None when unknown), the item role ("" when none), the
    shapely geometry in CRS84 and where it came from ("gold": the item's gold triples; "kg": looked up)."""

    label: str
    iri: str | None
    role: str
    geometry: BaseGeometry
    source: str = "gold"


def _lookup(kg, iri: str) -> BaseGeometry | None:
    r = kg.query("SELECT ?w WHERE { ?e geo:hasGeometry ?g . ?g geo:asWKT|geo:asGeoJSON ?w } LIMIT 1",
                 bindings={"e": NamedNode(iri)})
    for (term,) in r.rows:
        try:
            return parse_geometry(term)
        except GeometryLiteralError:
            return None
    return None


def item_features(item, kg=None) -> list[Feature]:
    """Return the features of an item: every geometry literal of its gold triples, then its entities' geometries
    that gold lacks, looked up in ``kg``.

    A gold geometry is labelled with its owner's role and name when the owner (the subject that
    ``geo:hasGeometry`` it) is one of the item's entities, else with the owner's canonical name from the gold
    triples. An entity with an IRI but no gold geometry is looked up in ``kg`` (default: the bundled
    snapshot, opened only when needed; ``kg=False``: no look-up). Entities without an IRI (a category such
    as "bars") have no geometry. A literal that does not parse is left out.

    >>> from types import SimpleNamespace as NS
    >>> gold = ('<http://x/a> <http://www.opengis.net/ont/geosparql#hasGeometry> <http://x/a/g> .\\n'
    ...         '<http://x/a/g> <http://www.opengis.net/ont/geosparql#asWKT> "POINT (1 2)"'
    ...         '^^<http://www.opengis.net/ont/geosparql#wktLiteral> .\\n')
    >>> [(f.label, f.role, f.geometry.wkt) for f in item_features(NS(gold_triples=gold,
    ...     entities={"A": {"iri": "http://x/a", "name": "Aa"}}), kg=False)]
    [('A: Aa', 'A', 'POINT (1 2)')]
    """
    triples = [q.triple for q in parse(item.gold_triples or "", RdfFormat.N_TRIPLES)]
    owner = {t.object.value: t.subject.value for t in triples if t.predicate.value == _HAS_GEOMETRY}
    names = {t.subject.value: t.object.value for t in triples if t.predicate.value == _NAME}
    roles = {}
    for role, ent in (item.entities or {}).items():
        if isinstance(ent, dict) and ent.get("iri"):
            roles.setdefault(ent["iri"], (role, ent.get("name") or names.get(ent["iri"], "")))
    out: list[Feature] = []
    drawn: set[str] = set()
    for t in triples:
        lit = t.object
        if t.predicate.value not in _GEOMETRY_PROPS or not isinstance(lit, Literal) \
                or lit.datatype.value not in _GEOMETRY_TYPES:
            continue
        try:
            geom = parse_geometry(lit)
        except GeometryLiteralError:
            continue
        iri = owner.get(t.subject.value, t.subject.value)
        role, name = roles.get(iri, ("", names.get(iri, iri.rsplit("/", 1)[-1])))
        out.append(Feature(f"{role}: {name}" if role else name, iri, role, geom))
        drawn.add(iri)
    missing = [iri for iri in roles if iri not in drawn]
    if missing and kg is not False:
        if kg is None:
            from kgbench.kg.store import open_kg

            kg = open_kg()
        for iri in missing:
            geom = _lookup(kg, iri)
            if geom is not None:
                role, name = roles[iri]
                out.append(Feature(f"{role}: {name}", iri, role, geom, "kg"))
    out.sort(key=lambda f: (f.role == "", f.role, f.label))
    return out


def display_geometry(geom: BaseGeometry, max_vertices: int = DISPLAY_VERTICES) -> BaseGeometry:
    """Return the geometry to draw: itself, or when it has more than ``max_vertices`` vertices a topology-preserving
    simplification whose tolerance grows with its extent until it has at most that many.

    >>> display_geometry(shapely.Point(1, 2)).wkt
    'POINT (1 2)'
    >>> circle = shapely.Point(0, 0).buffer(1, quad_segs=4000)
    >>> bool(shapely.get_num_coordinates(display_geometry(circle, 1000)) <= 1000)
    True
    """
    if shapely.get_num_coordinates(geom) <= max_vertices:
        return geom
    minx, miny, maxx, maxy = geom.bounds
    tolerance = max(maxx - minx, maxy - miny) / 4000 or 1e-6
    simple = geom
    for _ in range(12):
        simple = shapely.simplify(geom, tolerance, preserve_topology=True)
        if shapely.get_num_coordinates(simple) <= max_vertices:
            break
        tolerance *= 2
    return simple
