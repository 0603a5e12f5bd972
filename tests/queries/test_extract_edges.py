"""No OSM item's answer depends on what lies beyond its extract's edge.

For every generated item of the templates that ask what lies within a distance of an OSM entity (or about a
road as a whole), the entity's distance to its extract's box edge is computed independently (pyproj azimuthal
equidistant projection about the entity, the box from the snapshot manifest) and must exceed the distance
the question reaches: the radius, the buffer plus its 10 m near-tie margin, the roughly-closest cut-off, the
k-th nearest member's distance, or 25 m for a road asked about whole.
"""

from __future__ import annotations

import pyproj
import pytest
import shapely

WKT = ("SELECT ?w WHERE { ?e <http://www.opengis.net/ont/geosparql#hasGeometry>/"
       "<http://www.opengis.net/ont/geosparql#asWKT> ?w }")


def _edge_m(geom, box) -> float:
    c = geom.centroid
    aeqd = pyproj.Transformer.from_crs("EPSG:4326", f"+proj=aeqd +lat_0={c.y} +lon_0={c.x} +datum=WGS84",
                                       always_xy=True).transform
    dense = shapely.segmentize(box.exterior, 0.0002)
    return shapely.transform(geom, aeqd, interleaved=False).distance(shapely.transform(dense, aeqd, interleaved=False))


def _reach_m(item, role) -> float:
    """Return how far (metres) from the role's entity the item's answer depends on the data."""
    b, t = item.bindings, item.template_id
    if t in ("B1", "B2", "A7"):
        return 1000 * b["radius_km"]
    if t == "F4":
        return 1000 * b["value"]
    if t in ("D3", "D4"):
        return b["buffer_m"] + 10
    return 25.0  # C2-C6: the road as a whole


CASES = [("B1", "B"), ("B2", "B"), ("F4", "B"), ("D3", "B"), ("D4", "B"), ("C4", "B"), ("C5", "B"), ("C6", "B"),
         ("C6", "C"), ("A7", "B")]


@pytest.fixture(scope="module")
def boxes(snapshot):
    return [shapely.box(*b) for b in snapshot.manifest["parameters"]["osm_extract_boxes"].values()]


def _geometry(kg, iri):
    row = next(iter(kg.query(WKT.replace("?e", f"<{iri}>"))))
    return shapely.from_wkt(row["w"].value.split("> ", 1)[-1])


@pytest.mark.parametrize("tid,role", CASES, ids=[f"{t}-{r}" for t, r in CASES])
def test_the_question_reaches_no_farther_than_the_extract(made, kg, boxes, tid, role):
    items = [it for it in made(tid)[0] if not it.false_premise and "iri" in it.entities.get(role, {})
             and "/osm/" in it.entities[role]["iri"]]
    if not items:
        pytest.fail(f"{tid} made no OSM item to check")
    for it in items:
        geom = _geometry(kg, it.entities[role]["iri"])
        box = next(b for b in boxes if b.buffer(1e-4).contains(geom.centroid))
        assert _edge_m(geom, box) >= 0.99 * _reach_m(it, role), (it.id, it.question)


@pytest.mark.parametrize("tid", ["L4"])
def test_nearest_answers_lie_closer_than_the_extract_edge(made, kg, boxes, tid):
    """L4's cut-off (nearest member + slack) lies closer to B than B's extract edge, so no nearer member can lie
    beyond it (distances over the gold members of the category, pyproj). A8 (k-th nearest) is dropped."""
    from gold_view import GEOD, Gold

    items = [it for it in made(tid)[0] if not it.false_premise]
    assert items, f"{tid} made no item"
    for it in items:
        g, biri = Gold(it), it.entities["B"]["iri"]
        b = _geometry(kg, biri)
        edge = _edge_m(b, next(x for x in boxes if x.buffer(1e-4).contains(b.centroid)))
        dists = sorted(GEOD.inv(b.x, b.y, g.geom[m].x, g.geom[m].y)[2]
                       for m in g.with_category(it.bindings["A"], exclude=(biri,)))
        reach = dists[0] + 1000 * it.bindings["slack_km"]
        assert reach < edge, (it.id, reach, edge)
