"""GeoSPARQL reasoning over a pyoxigraph Store: RDFS entailment and materialized topological relation properties.

GeoSPARQL's requirements 25-27 ask a store to answer queries under RDFS entailment (a feature linked by a
sub-property of ``geo:hasGeometry`` has a geometry; a ``sf:Polygon`` is a ``sf:Surface``), and requirements 28-30
ask it to answer triple patterns on the relation properties (``?f geo:sfWithin ?g``) between any two spatial
objects, as if rewritten into ``geof:`` function calls over their (default) geometries.

kgbench does both by materialization, once per store, into a graph of the caller's choice:

- :func:`entail_rdfs` adds the RDFS closure of ``rdfs:subPropertyOf`` and ``rdfs:subClassOf`` (rules rdfs5, 7, 9,
  11) and, optionally, of ``rdfs:domain``/``rdfs:range`` (rdfs2, 3), with the GeoSPARQL/Simple Features
  class and property hierarchy as extra axioms;
- :func:`materialize_relations` evaluates the chosen relation families between every pair of spatial objects
  (a geometry with a geometry literal; a feature through its default geometry) with the same functions the
  queries call, and adds one triple per relation that holds.

Materializing is quadratic in the number of spatial objects; it suits snapshots up to some thousands of
geometries per graph (pass ``subjects`` to limit the left-hand side), and the store stays a plain RDF store.

>>> from pyoxigraph import Store, Quad, NamedNode, Literal
>>> s = Store()
>>> ex = "http://example.org/"
>>> s.add(Quad(NamedNode(ex + "hasExactGeometry"), RDFS_SUBPROPERTYOF, HAS_DEFAULT_GEOMETRY))
>>> s.add(Quad(NamedNode(ex + "f"), NamedNode(ex + "hasExactGeometry"), NamedNode(ex + "g")))
>>> s.add(Quad(NamedNode(ex + "g"), AS_WKT, Literal("POINT(1 1)", datatype=WKT)))
>>> entail_rdfs(s) > 0
True
>>> materialize_relations(s, families=("sf",)) > 0
True
>>> bool(s.query("ASK { <http://example.org/f> <http://www.opengis.net/ont/geosparql#sfEquals> <http://example.org/g> }"))
True
"""

from __future__ import annotations

from collections import defaultdict

import numpy as np
import shapely
from pyoxigraph import DefaultGraph, Literal, NamedNode, Quad, Store

from kgbench.geofunctions.literals import GeometryLiteralError, read_literal
from kgbench.geofunctions.relations import EH_PATTERNS, RCC8_PATTERNS, SF_PREDICATES, matches
from kgbench.ontologies import GEO as GEO_NS, RDF, RDFS as RDFS_NS, SF as SF_NS

__all__ = [
    "GEO", "SF", "entail_rdfs", "materialize_relations", "spatial_objects", "geosparql_axioms",
    "RDFS_SUBPROPERTYOF", "RDFS_SUBCLASSOF", "HAS_DEFAULT_GEOMETRY", "AS_WKT", "WKT",
]

GEO = GEO_NS.base
SF = SF_NS.base
RDF_TYPE = RDF.type
RDFS = RDFS_NS.base
RDFS_SUBPROPERTYOF = NamedNode(RDFS + "subPropertyOf")
RDFS_SUBCLASSOF = NamedNode(RDFS + "subClassOf")
RDFS_DOMAIN = NamedNode(RDFS + "domain")
RDFS_RANGE = NamedNode(RDFS + "range")
HAS_GEOMETRY = NamedNode(GEO + "hasGeometry")
HAS_DEFAULT_GEOMETRY = NamedNode(GEO + "hasDefaultGeometry")
AS_WKT = NamedNode(GEO + "asWKT")
WKT = NamedNode(GEO + "wktLiteral")
#: serialization properties, in order of preference when a geometry has several
SERIALIZATIONS = [NamedNode(GEO + p)
                  for p in ("asWKT", "asGML", "asGeoJSON", "asKML", "asDGGS", "hasSerialization")]

_SF_TREE = {
    "Geometry": ["Point", "Curve", "Surface", "GeometryCollection"],
    "Curve": ["LineString"], "LineString": ["Line", "LinearRing"],
    "Surface": ["Polygon", "PolyhedralSurface"], "Polygon": ["Triangle"], "PolyhedralSurface": ["TIN"],
    "GeometryCollection": ["MultiPoint", "MultiCurve", "MultiSurface"],
    "MultiCurve": ["MultiLineString"], "MultiSurface": ["MultiPolygon"],
}


def geosparql_axioms() -> list[tuple[NamedNode, NamedNode, NamedNode]]:
    """Return the GeoSPARQL 1.1 / Simple Features class and property hierarchy as (s, p, o) triples.

    >>> (NamedNode(GEO + "Feature"), RDFS_SUBCLASSOF, NamedNode(GEO + "SpatialObject")) in geosparql_axioms()
    True
    """
    t = [
        (NamedNode(GEO + "Feature"), RDFS_SUBCLASSOF, NamedNode(GEO + "SpatialObject")),
        (NamedNode(GEO + "Geometry"), RDFS_SUBCLASSOF, NamedNode(GEO + "SpatialObject")),
        (HAS_DEFAULT_GEOMETRY, RDFS_SUBPROPERTYOF, HAS_GEOMETRY),
        (HAS_GEOMETRY, RDFS_DOMAIN, NamedNode(GEO + "Feature")),
        (HAS_GEOMETRY, RDFS_RANGE, NamedNode(GEO + "Geometry")),
        (NamedNode(SF + "Geometry"), RDFS_SUBCLASSOF, NamedNode(GEO + "Geometry")),
    ]
    for sup, subs in _SF_TREE.items():
        t += [(NamedNode(SF + s), RDFS_SUBCLASSOF, NamedNode(SF + sup)) for s in subs]
    for p in ("asWKT", "asGML", "asGeoJSON", "asKML", "asDGGS"):
        t.append((NamedNode(GEO + p), RDFS_SUBPROPERTYOF, NamedNode(GEO + "hasSerialization")))
    return t


def _closure(edges: dict) -> dict:
    """Return, for each node, every node reachable through ``edges`` (reflexive pairs excluded)."""
    out = {}
    for start in edges:
        seen, todo = set(), list(edges[start])
        while todo:
            n = todo.pop()
            if n in seen or n == start:
                continue
            seen.add(n)
            todo.extend(edges.get(n, ()))
        out[start] = seen
    return out


def _quads(store: Store, s, p, o, graph, exclude=()):
    """Return the quads matching (s, p, o) in ``graph`` (None: every graph but those in ``exclude``)."""
    return [q for q in store.quads_for_pattern(s, p, o, graph) if graph is not None or q.graph_name not in exclude]


def entail_rdfs(store: Store, graph=DefaultGraph(), *, axioms: bool = False, domain_range: bool = False,
                target=None, exclude=()) -> int:
    """Return how many triples were added: the RDFS sub-property / sub-class closure of ``graph`` in ``store``.

    Schema triples (rdfs:subPropertyOf, rdfs:subClassOf, optionally rdfs:domain/range) are read from ``graph``
    (None: every graph of the store except those in ``exclude``); ``axioms=True`` adds GeoSPARQL's own
    hierarchy (:func:`geosparql_axioms`) to them without storing it (the closure of the schema is stored for the classes and
    properties the data's own schema triples describe). Inferred triples go to ``target``
    (default: ``graph`` itself; required when ``graph`` is None), except those the graphs read already hold
    (a union default graph would otherwise repeat them). Running it twice adds nothing.
    """
    if graph is None and target is None:
        raise ValueError("entail_rdfs over every graph needs a target graph")
    target = graph if target is None else target
    schema = [(q.subject, q.predicate, q.object) for p in (RDFS_SUBPROPERTYOF, RDFS_SUBCLASSOF, RDFS_DOMAIN, RDFS_RANGE)
              for q in _quads(store, None, p, None, graph, exclude)]
    stated = {t[0] for t in schema}  # the closure is stored for the data's own classes and properties only
    if axioms:
        schema += geosparql_axioms()
    sub_p, sub_c, dom, rng = defaultdict(set), defaultdict(set), defaultdict(set), defaultdict(set)
    for s, p, o in schema:
        {RDFS_SUBPROPERTYOF.value: sub_p, RDFS_SUBCLASSOF.value: sub_c, RDFS_DOMAIN.value: dom,
         RDFS_RANGE.value: rng}[p.value][s].add(o)
    sup_p, sup_c = _closure(sub_p), _closure(sub_c)
    new = set()
    for p, supers in sup_p.items():
        if p in stated:
            new.update((p, RDFS_SUBPROPERTYOF, s) for s in supers)
    for c, supers in sup_c.items():
        if c in stated:
            new.update((c, RDFS_SUBCLASSOF, s) for s in supers)
    # rdfs7: property inheritance
    for p, supers in sup_p.items():
        for q in _quads(store, None, p, None, graph, exclude):
            new.update((q.subject, s, q.object) for s in supers)
    if domain_range:
        for p in set(dom) | set(rng):
            props = [p] + [x for x, sups in sup_p.items() if p in sups]
            for pp in props:
                for q in _quads(store, None, pp, None, graph, exclude):
                    new.update((q.subject, RDF_TYPE, c) for c in dom.get(p, ()))
                    if not isinstance(q.object, Literal):
                        new.update((q.object, RDF_TYPE, c) for c in rng.get(p, ()))
    # rdfs9: class membership, over asserted and just-inferred types
    types = [(q.subject, q.object) for q in _quads(store, None, RDF_TYPE, None, graph, exclude)]
    types += [(s, o) for s, p, o in new if p == RDF_TYPE]
    for s, c in types:
        new.update((s, RDF_TYPE, sup) for sup in sup_c.get(c, ()))
    quads = [Quad(s, p, o, target) for s, p, o in new
             if not _quads(store, s, p, o, graph, exclude) and Quad(s, p, o, target) not in store]
    store.extend(quads)  # one transaction: an on-disk store takes hundreds of thousands at once
    return len(quads)


def _geometry_of(store: Store, node, graph, exclude=()):
    for p in SERIALIZATIONS:
        for q in _quads(store, node, p, None, graph, exclude):
            try:
                return read_literal(q.object).topo
            except GeometryLiteralError:
                continue
    return None


def spatial_objects(store: Store, graph=DefaultGraph(), *, exclude=()) -> dict:
    """Return {node: CRS84 shapely geometry} for every geometry with a readable literal and every feature
    with a default geometry (``geo:hasDefaultGeometry``, after entailment; else its only ``geo:hasGeometry``).

    ``graph`` None reads every graph except those in ``exclude``. Unreadable literals are skipped (the
    geometry then has no relations); a geometry with several serializations takes the first readable one in
    the order of :data:`SERIALIZATIONS`.
    """
    geoms = {}
    for p in SERIALIZATIONS:
        for q in _quads(store, None, p, None, graph, exclude):
            if q.subject not in geoms:
                g = _geometry_of(store, q.subject, graph, exclude)
                if g is not None:
                    geoms[q.subject] = g
    out = dict(geoms)
    for prop in (HAS_DEFAULT_GEOMETRY, HAS_GEOMETRY):
        for q in _quads(store, None, prop, None, graph, exclude):
            if q.subject not in out and q.object in geoms:
                if prop == HAS_GEOMETRY and len({x.object for x in _quads(store, q.subject, prop, None, graph,
                                                                            exclude)}) > 1:
                    continue
                out[q.subject] = geoms[q.object]
    return out


def _is_region(g) -> bool:
    return not g.is_empty and g.geom_type in ("Polygon", "MultiPolygon")


def _holds(name: str, a, b, matrix: str, regions_only: bool = True) -> bool:
    if regions_only and name.startswith("rcc8") and not (_is_region(a) and _is_region(b)):
        return False
    if a.is_empty or b.is_empty:
        if name in ("sfEquals", "ehEquals", "rcc8eq"):
            return a.is_empty and b.is_empty
        return name in ("sfDisjoint", "ehDisjoint", "rcc8dc")
    if name in SF_PREDICATES:
        return bool(SF_PREDICATES[name](a, b))
    patterns = EH_PATTERNS.get(name) or RCC8_PATTERNS[name]
    return any(matches(matrix, p) for p in patterns)


_DISJOINT = ("sfDisjoint", "ehDisjoint", "rcc8dc")


def materialize_relations(store: Store, graph=DefaultGraph(), *, families=("sf", "eh", "rcc8"), target=None,
                          subjects=None, include_disjoint: bool = True, rcc8_regions_only: bool = True,
                          exclude=(), objects: dict | None = None) -> int:
    """Return how many relation triples were added between the spatial objects of ``graph`` (into ``target``).

    Every ordered pair of spatial objects (:func:`spatial_objects`, a node with itself included) is related by
    every relation of the chosen families that holds (``geo:sfWithin``, ``geo:ehMeet``, ``geo:rcc8po`` ...),
    computed exactly as the ``geof:`` functions compute it. Only the pairs whose geometries intersect (found
    with an STR-tree) or are both empty can hold a relation other than disjointness, so only they are tested;
    ``include_disjoint=False`` skips the three disjointness relations, which otherwise add a triple for almost
    every pair (the cost is then quadratic). RCC8 is a calculus of regions: by default its relations are
    materialized only between two non-empty (multi)polygons (the ``geof:rcc8*`` functions themselves answer
    the DE-9IM test for any geometries). ``graph`` None reads every graph except those in ``exclude`` and
    needs a ``target``; a triple the graphs read already hold is not added again. ``objects``: the
    :func:`spatial_objects` of the same graphs, when the caller has already read them.
    """
    if graph is None and target is None:
        raise ValueError("materialize_relations over every graph needs a target graph")
    target = graph if target is None else target
    names = [n for n in (*SF_PREDICATES, *EH_PATTERNS, *RCC8_PATTERNS)
             if n.startswith(tuple(families)) and (include_disjoint or n not in _DISJOINT)]
    objs = spatial_objects(store, graph, exclude=exclude) if objects is None else objects
    nodes = list(objs)
    geoms = np.array([objs[n] for n in nodes], dtype=object)
    wanted = None if subjects is None else set(subjects)
    empty = np.flatnonzero(shapely.is_empty(geoms)) if len(nodes) else np.zeros(0, dtype=int)
    tree = shapely.STRtree(geoms)
    left, right = tree.query(geoms, predicate="intersects") if len(nodes) else (np.zeros(0, int), np.zeros(0, int))
    pairs = set(zip(left.tolist(), right.tolist())) | {(i, j) for i in empty.tolist() for j in empty.tolist()}
    if include_disjoint:
        pairs |= {(i, j) for i in range(len(nodes)) for j in range(len(nodes))}
    added = 0
    relations = {n: NamedNode(GEO + n) for n in names}
    for i, j in sorted(pairs):
        s, o = nodes[i], nodes[j]
        if wanted is not None and s not in wanted:
            continue
        a, b = geoms[i], geoms[j]
        matrix = shapely.relate(a, b) if not (a.is_empty or b.is_empty) else ""
        for n in names:
            if _holds(n, a, b, matrix, rcc8_regions_only):
                p = relations[n]
                if not _quads(store, s, p, o, graph, exclude) and Quad(s, p, o, target) not in store:
                    store.add(Quad(s, p, o, target))
                    added += 1
    return added
