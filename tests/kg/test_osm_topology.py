"""Road near misses in the snapshot (kgb:nearMiss), checked against an independent distance.

The independent distance projects both roads into an azimuthal equidistant frame centred between them (pyproj)
and takes shapely's planar distance there: over a few hundred metres that differs from the WGS84 geodesic by
far less than a millimetre, and it shares no code with kgbench's geodesic distance.
"""

from __future__ import annotations

import itertools

import pyproj
import pytest
import shapely

from kgbench.kg.builder.osm_topology import NEAR_MISS_M, near_miss_pairs

ROADS = """SELECT ?r ?w WHERE { GRAPH <https://w3id.org/kgbench/graph/osm> {
  ?r <https://w3id.org/kgbench/ontology#category> "road" ;
     <http://www.opengis.net/ont/geosparql#hasGeometry>/<http://www.opengis.net/ont/geosparql#asWKT> ?w } }"""
LINKS = "SELECT ?a ?b WHERE { ?a <https://w3id.org/kgbench/ontology#nearMiss> ?b }"


def _metres(a, b) -> float:
    c = shapely.union(a, b).centroid
    aeqd = pyproj.Transformer.from_crs("EPSG:4326", f"+proj=aeqd +lat_0={c.y} +lon_0={c.x} +datum=WGS84",
                                       always_xy=True).transform
    return shapely.transform(a, aeqd, interleaved=False).distance(shapely.transform(b, aeqd, interleaved=False))


@pytest.fixture(scope="module")
def roads(kg):
    return {row["r"].value: shapely.from_wkt(row["w"].value.split("> ", 1)[-1]) for row in kg.query(ROADS)}


def test_every_link_is_a_near_miss_and_every_near_miss_is_linked(kg, roads, snapshot):
    links = {(row["a"].value, row["b"].value) for row in kg.query(LINKS)}
    assert links, "the extracts have road near misses"
    assert all((b, a) in links for a, b in links), "links are stated both ways"
    assert snapshot.manifest["parameters"]["osm_near_miss_m"] == NEAR_MISS_M
    assert snapshot.manifest["parameters"]["osm_near_miss_pairs"] == len(links) // 2
    close = 0
    for (ia, a), (ib, b) in itertools.combinations(sorted(roads.items()), 2):
        if a.distance(b) > 0.001:  # degrees: farther than ~50 m, not a candidate
            continue
        close += 1
        near = not a.intersects(b) and _metres(a, b) <= NEAR_MISS_M
        assert near == ((ia, ib) in links), (ia, ib, _metres(a, b))
    assert close > len(links)  # the check saw pairs that meet or lie farther apart, not only the links


def test_near_miss_pairs_on_crafted_lines():
    base = shapely.from_wkt("LINESTRING (24.90 60.17, 24.91 60.17)")
    gap = shapely.from_wkt("LINESTRING (24.91022 60.17, 24.92 60.17)")   # 12.3 m short of base's end
    far = shapely.from_wkt("LINESTRING (24.91030 60.17, 24.92 60.171)")  # 16.7 m short
    assert 12.0 < _metres(base, gap) < 13.0 and 16.0 < _metres(base, far) < 17.0 and NEAR_MISS_M == 15
    assert near_miss_pairs([base, gap, far]) == [(0, 1)]
    assert near_miss_pairs([base]) == []
