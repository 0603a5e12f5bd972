"""What the snapshot calls a road, and which road pairs it marks, checked against the PBF extracts read directly.

Every check here reads the OSM extracts with pyosmium itself (ways, their tags, node ids and node locations),
never through :func:`kgbench.kg.builder.osm.read_osm`, and measures distances in a local azimuthal equidistant frame
(pyproj), which shares no code with kgbench's geodesic distance. The snapshot side is read from the built graph.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict

import osmium
import pytest
import shapely

from kgbench.kg.builder.snapshot import default_inputs

from osm_check import closest_places_m, metres

KGB = "https://w3id.org/kgbench/ontology#"
OSM_ROADS = f"""SELECT ?e ?cat ?sid ?w WHERE {{ GRAPH <https://w3id.org/kgbench/graph/osm> {{
  ?e a <{KGB}Road> ; <{KGB}category> ?cat ; <{KGB}sourceId> ?sid ;
     <http://www.opengis.net/ont/geosparql#hasGeometry>/<http://www.opengis.net/ont/geosparql#asWKT> ?w }} }}"""
#: the square and park words of the rule, written out again for the check (Finnish, Swedish)
SQUARE_OR_PARK = re.compile(r"(tori|torget|aukio|aukea|piha|plan|planen|plats|platsen|square|puisto|puistikko|"
                            r"park|parken)$", re.IGNORECASE)
#: named squares and parks drawn as highway lines that a careful reader found asked as roads
NOT_ROADS = {"Rautatientori", "Asema-aukio", "Elielinaukio", "Mannerheiminaukio", "Kasarmitori",
             "Lönnrotin puistikko", "Hansatunneli", "Opintoputki"}


class _Ways(osmium.SimpleHandler):
    """Named highway ways (tags, node ids, node locations) and place=square / leisure=park names of one PBF."""

    def __init__(self):
        super().__init__()
        self.ways, self.locations, self.square_or_park = {}, {}, set()

    def way(self, w):
        tags = dict(w.tags)
        if "name" in tags and (tags.get("place") == "square" or tags.get("leisure") == "park"):
            self.square_or_park.add(tags["name"])
        if "name" not in tags or "highway" not in tags:
            return
        refs = [n.ref for n in w.nodes]
        self.ways[w.id] = (tags, refs)
        for n in w.nodes:
            if n.location.valid():
                self.locations[n.ref] = (n.location.lon, n.location.lat)

    def relation(self, r):
        tags = dict(r.tags)
        if "name" in tags and (tags.get("place") == "square" or tags.get("leisure") == "park"):
            self.square_or_park.add(tags["name"])


@pytest.fixture(scope="module")
def pbf():
    """Return one _Ways with the named highway ways of every OSM input of the default snapshot."""
    out = _Ways()
    for inp in default_inputs():
        if inp.name.startswith("osm:"):
            h = _Ways()
            h.apply_file(str(inp.path), locations=True)
            out.ways.update(h.ways)
            out.locations.update(h.locations)
            out.square_or_park |= h.square_or_park
    return out


@pytest.fixture(scope="module")
def osm_roads(kg):
    """Return entity IRI -> (category, set of way ids, shapely geometry) for every OSM kgb:Road entity."""
    out = {}
    for row in kg.query(OSM_ROADS):
        e = row["e"].value
        cat, ways, _ = out.get(e, (row["cat"].value, set(), None))
        sid = row["sid"].value
        if sid.startswith("way/"):
            ways.add(int(sid[4:]))
        out[e] = (cat, ways, shapely.from_wkt(row["w"].value.split("> ", 1)[-1]))
    return out


def _roads(osm_roads):
    return {e: v for e, v in osm_roads.items() if v[0] == "road"}


def _is_inside(tags) -> bool:
    return (tags.get("tunnel", "no") != "no" or tags.get("highway") == "corridor" or tags.get("indoor") == "yes"
            or tags.get("covered") == "yes" or tags.get("level", "0").startswith("-"))


def _pair_links(kg, prop):
    rows = kg.query(f"SELECT ?a ?b WHERE {{ ?a <{KGB}{prop}> ?b }}")
    return {(r["a"].value, r["b"].value) for r in rows}


def test_no_road_is_a_square_park_or_passage_by_name(pbf, osm_roads):
    names_by_way = {wid: tags["name"] for wid, (tags, _) in pbf.ways.items()}
    road_names = {names_by_way[w] for cat, ways, _ in _roads(osm_roads).values() for w in ways if w in names_by_way}
    assert "Kaivokatu" in road_names and "Keskuskatu" in road_names and "Baana" in road_names
    bad = {n for n in road_names if SQUARE_OR_PARK.search(n) or n in pbf.square_or_park}
    assert not bad, sorted(bad)
    assert not road_names & NOT_ROADS
    # the features are still in the snapshot, under an honest category
    cats = {names_by_way[w]: cat for cat, ways, _ in osm_roads.values() for w in ways if w in names_by_way}
    assert cats["Asema-aukio"] == "square" and cats["Lönnrotin puistikko"] == "park path"
    assert cats["Hansatunneli"] == "underground passage" and cats["Opintoputki"] == "underground passage"


def test_tunnel_only_lines_are_not_roads(pbf, osm_roads):
    by_name = defaultdict(list)
    for wid, (tags, _) in pbf.ways.items():
        if tags.get("area") != "yes":
            by_name[tags["name"]].append((wid, tags))
    inside_only = {n for n, ws in by_name.items() if all(_is_inside(t) for _, t in ws)}
    assert {"Hansatunneli", "Opintoputki"} <= inside_only
    road_ways = {w for _, ways, _ in _roads(osm_roads).values() for w in ways}
    for name in inside_only:
        assert not road_ways & {wid for wid, _ in by_name[name]}, name
    # a road with some tunnel ways (the Baana cycle corridor) stays a road
    mixed = {n for n, ws in by_name.items() if any(_is_inside(t) for _, t in ws) and n not in inside_only}
    assert "Baana" in mixed


def test_kaivokatu_meets_the_streets_a_person_counts(pbf, osm_roads):
    """Kaivokatu's roads: named road entities sharing an OSM node with it, and their count in the snapshot."""
    roads = _roads(osm_roads)
    nodes = {e: {n for w in ways if w in pbf.ways for n in pbf.ways[w][1]} for e, (_, ways, _) in roads.items()}
    kaivokatu = [e for e, (_, ways, _) in roads.items()
                 if any(pbf.ways.get(w, ({},))[0].get("name") == "Kaivokatu" for w in ways)]
    assert len(kaivokatu) == 1
    k = kaivokatu[0]
    sharing = {e for e in roads if e != k and nodes[e] & nodes[k]}
    crossing = {e for e, (_, _, g) in roads.items() if e != k and g.intersects(roads[k][2])}
    assert sharing == crossing
    assert len(crossing) == 5  # Asema-aukio and Rautatientori (squares) were the 6th and 7th


def test_grade_separated_marks_match_the_shared_nodes(pbf, osm_roads, kg, snapshot):
    roads = _roads(osm_roads)
    nodes = {e: {n for w in ways if w in pbf.ways for n in pbf.ways[w][1]} for e, (_, ways, _) in roads.items()}
    links = _pair_links(kg, "gradeSeparated")
    assert all((b, a) in links for a, b in links)
    assert snapshot.manifest["parameters"]["osm_grade_separated_pairs"] == len(links) // 2
    expected, meeting = set(), 0
    for a, b in itertools.combinations(sorted(roads), 2):
        ga, gb = roads[a][2], roads[b][2]
        if not ga.intersects(gb):
            continue
        meeting += 1
        shared = [pbf.locations[n] for n in nodes[a] & nodes[b] if n in pbf.locations]
        parts = shapely.get_parts(ga.intersection(gb))
        if not shared or any(metres(p, shapely.MultiPoint(shared)) > 1.0 for p in parts):
            expected |= {(a, b), (b, a)}
    assert meeting > 100, "the check saw the extracts' junctions"
    assert links == expected
    for a, b in links:  # a marked pair crosses somewhere no shared node is
        assert a in roads and b in roads


def test_split_junction_marks_match_an_independent_clustering(osm_roads, kg, snapshot):
    roads = _roads(osm_roads)
    links = _pair_links(kg, "splitJunction")
    assert snapshot.manifest["parameters"]["osm_split_junction_pairs"] == len(links) // 2
    expected = set()
    for a, b in itertools.combinations(sorted(roads), 2):
        closest = closest_places_m(roads[a][2], roads[b][2])
        if closest is not None and closest <= 30.0:
            expected |= {(a, b), (b, a)}
    assert expected, "dual carriageways and forked street ends make split junctions in the extracts"
    assert links == expected

