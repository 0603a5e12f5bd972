"""Independent recomputation of family A answers from gold triples (pyproj geodesics, not kgbench's functions)."""

from __future__ import annotations

import pytest
import shapely
from pyoxigraph import RdfFormat, parse
from pyproj import Geod

GEOD = Geod(ellps="WGS84")
AS_WKT = "http://www.opengis.net/ont/geosparql#asWKT"
HAS_GEOMETRY = "http://www.opengis.net/ont/geosparql#hasGeometry"


def geometries(item) -> dict:
    """Return entity IRI -> shapely geometry from an item's gold triples."""
    triples = [q.triple for q in parse(item.gold_triples, RdfFormat.N_TRIPLES)]
    wkt = {t.subject.value: t.object.value for t in triples if t.predicate.value == AS_WKT}
    return {t.subject.value: shapely.from_wkt(wkt[t.object.value]) for t in triples
            if t.predicate.value == HAS_GEOMETRY and t.object.value in wkt}


def a1(item):
    g = geometries(item)
    a, b = g[item.entities["A"]["iri"]], g[item.entities["B"]["iri"]]
    want = GEOD.inv(a.x, a.y, b.x, b.y)[2] / 1000
    assert item.answer == pytest.approx(want, rel=0.005)


RECOMPUTE = {"A1": a1}
