"""Independent recomputation of templates C4, C5, C6, E3 and E5 from gold triples (shapely; not kgbench's functions).

Each function reads only the item's gold triples (names, categories, geometries, populations, kgb:partOf) and
recomputes the answer with shapely's GEOS predicates on CRS84 coordinates.
"""

from __future__ import annotations

from collections import defaultdict

import shapely
from pyoxigraph import RdfFormat, parse

AS_WKT = "http://www.opengis.net/ont/geosparql#asWKT"
HAS_GEOMETRY = "http://www.opengis.net/ont/geosparql#hasGeometry"
KGB = "https://w3id.org/kgbench/ontology#"


class Gold:
    """The gold triples of one item, indexed: geometries, names, categories and other kgb: properties."""

    def __init__(self, item):
        self.triples = [q.triple for q in parse(item.gold_triples, RdfFormat.N_TRIPLES)]
        wkt = {t.subject.value: t.object.value for t in self.triples if t.predicate.value == AS_WKT}
        self.geom = {t.subject.value: shapely.from_wkt(wkt[t.object.value]) for t in self.triples
                     if t.predicate.value == HAS_GEOMETRY and t.object.value in wkt}
        self.props = defaultdict(lambda: defaultdict(set))
        for t in self.triples:
            self.props[t.subject.value][t.predicate.value].add(t.object.value)
        self.item = item

    def role(self, r):
        return self.item.entities[r]["iri"]

    def g(self, r):
        return self.geom[self.role(r)]

    def one(self, iri, prop):
        vals = self.props[iri][KGB + prop]
        return next(iter(vals)) if vals else None

    def name(self, iri):
        return self.one(iri, "canonicalName")

    def with_category(self, cats):
        """Return the entities (with geometry) whose kgb:category is one of cats."""
        cats = {cats} if isinstance(cats, str) else set(cats)
        return [e for e in self.geom if self.props[e][KGB + "category"] & cats]


def _intersecting(g: Gold, category: str, role: str) -> set[str]:
    """Return the names of the entities of a category (other than the role's entity) whose geometry meets it."""
    target = g.role(role)
    return {g.name(e) for e in g.with_category(category) if e != target and g.geom[e].intersects(g.geom[target])}


def c5(item):
    g = Gold(item)
    assert sorted(_intersecting(g, item.bindings["A"], "B")) == item.answer


RECOMPUTE = {"C5": c5}


def c4(item):
    g = Gold(item)
    assert len(_intersecting(g, item.bindings["A"], "B")) == item.answer


RECOMPUTE["C4"] = c4


def c6(item):
    g = Gold(item)
    c = g.g("C")
    want = {g.name(e) for e in g.with_category(item.bindings["A"])
            if e not in (g.role("B"), g.role("C")) and g.geom[e].intersects(g.g("B")) and not g.geom[e].intersects(c)}
    assert sorted(want) == item.answer


RECOMPUTE["C6"] = c6


def e3(item):
    g = Gold(item)
    block = g.g("A")
    cats = {item.bindings[r] for r in ("X", "Y", "Z")}
    assert len([e for e in g.with_category(cats) if g.geom[e].within(block)]) == item.answer


RECOMPUTE["E3"] = e3


def e5(item):
    g = Gold(item)
    state, county = g.g("C"), g.g("A")
    cities = [e for e in g.with_category(item.bindings["B"])
              if int(g.one(e, "population")) >= 100000 and g.geom[e].within(state)]
    top = max(cities, key=lambda e: int(g.one(e, "population")))
    want = county.contains(g.geom[top])
    assert item.answer == ("true" if want else "false")


RECOMPUTE["E5"] = e5
