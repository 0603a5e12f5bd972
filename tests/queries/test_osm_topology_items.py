"""OSM topology and path templates ask only about roads, never a marked pair, and C3 never about one junction twice.

Distances are recomputed in a local azimuthal equidistant frame (pyproj) on shapely geometries read from the
graph or from an item's gold WKT, with the connected places of an intersection merged here by repeated union:
no kgbench geo function is used.
"""

from __future__ import annotations

import pytest
import shapely

from kgbench import generate  # with the evaluation checks, as released

from kgbench.generator.generate import GenerationReport
from kgbench.generator.sampling import query_rows
from kgbench.queries.template import load_template

from gold_view import Gold
from osm_check import closest_places_m, meeting_places

KGB = "https://w3id.org/kgbench/ontology#"
OSM = "https://w3id.org/kgbench/entity/osm/"
FEATURES = f"""SELECT ?e ?cat ?name ?w WHERE {{ GRAPH <https://w3id.org/kgbench/graph/osm> {{
  ?e <{KGB}category> ?cat ; <{KGB}canonicalName> ?name ;
     <http://www.opengis.net/ont/geosparql#hasGeometry>/<http://www.opengis.net/ont/geosparql#asWKT> ?w }} }}"""
#: the road roles of each template (a category role such as C4's A is the literal "road")
ROAD_ROLES = {"C3": ("A", "B"), "C4": ("B",), "C5": ("B",), "C6": ("B", "C"), "D3": ("B",), "D4": ("B",)}


@pytest.fixture(scope="module")
def features(kg):
    """Return OSM entity IRI -> (category, canonical name, shapely geometry)."""
    return {r["e"].value: (r["cat"].value, r["name"].value, shapely.from_wkt(r["w"].value.split("> ", 1)[-1]))
            for r in kg.query(FEATURES)}


@pytest.fixture(scope="module")
def marked(kg):
    rows = kg.query(f"SELECT ?a ?b WHERE {{ ?a <{KGB}gradeSeparated>|<{KGB}nearMiss> ?b }}")
    return {(r["a"].value, r["b"].value) for r in rows}


@pytest.mark.parametrize("tid", sorted(ROAD_ROLES))
def test_candidates_are_roads_and_no_marked_pair(kg, features, marked, tid):
    t = load_template(tid)
    rows = query_rows(kg, t, t.sampling.candidates, "candidates")
    osm = [r for r in rows if any(str(r[role].value).startswith(OSM) for role in ROAD_ROLES[tid])]
    assert osm, f"{tid} has OSM candidates"
    for r in osm:
        iris = [r[role].value for role in ROAD_ROLES[tid]]
        cats = {features[i][0] for i in iris}
        assert cats == {"road"}, (tid, [features[i][1] for i in iris], cats)
        if len(iris) == 2:
            assert (iris[0], iris[1]) not in marked, (tid, [features[i][1] for i in iris])


def test_c3_osm_candidates_never_meet_twice_within_30_m(kg, features):
    t = load_template("C3")
    rows = query_rows(kg, t, t.sampling.candidates, "candidates")
    pairs = {(r["A"].value, r["B"].value) for r in rows if r["A"].value.startswith(OSM)}
    names = {frozenset((features[a][1], features[b][1])): (a, b) for a, b in pairs}
    assert frozenset(("Keskuskatu", "Kaivokatu")) not in names  # its two branches end 20 m apart on Kaivokatu
    loop = names.get(frozenset(("Ailakkitie", "Talvikkitie")))
    assert loop is not None, "a loop street meeting another at both ends, 70 m apart, is still asked"
    assert len(meeting_places(features[loop[0]][2], features[loop[1]][2])) == 2
    multi = 0
    for a, b in pairs:
        closest = closest_places_m(features[a][2], features[b][2])
        assert closest is None or closest > 30.0, (features[a][1], features[b][1], closest)
        multi += closest is not None
    assert multi, "some asked road pairs do meet in several places"


def test_c3_items_over_osm_have_no_two_meeting_places_within_30_m(kg):
    report = GenerationReport("C3")
    items = generate("C3", kg, seed=1, per_stratum=12, report=report)
    osm = [it for it in items if it.kg == "osm"]
    assert osm, dict(report.discarded)
    for it in osm:
        g = Gold(it)
        a, b = g.role(it, "A"), g.role(it, "B")
        places = meeting_places(a, b)
        assert len(places) == it.answer
        closest = closest_places_m(a, b)
        assert closest is None or closest > 30.0, (it.id, it.question, closest)
