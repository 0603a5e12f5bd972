"""The spatial planner answers every indexed form exactly as the pair-by-pair evaluation does.

Each query runs twice on the same KG, planned (through the index) and with ``plan=False`` (Oxigraph compares
every pair), and the rows must be the same multiset; a separate check confirms the planner did rewrite it
(so a silent fallback cannot pass as a success). Data: random points and polygons from hypothesis, points at
the antimeridian and the poles, exact ties, and the bundled snapshot.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from kgbench.kg import planner
from kgbench.kg.sparql_syntax import SparqlStructureError, parse_query, tokenize
from kgbench.kg.spatial_index import cap_boxes
from kgbench.kg.store import KG

GEO = "http://www.opengis.net/ont/geosparql#"
EX = "http://example.org/"
PREFIX = f"PREFIX ex: <{EX}>\n"


def _nt(features: list[tuple[str, str, str]]) -> str:
    """Return N-Triples: each (name, class, WKT) as a feature with a geometry node and a WKT literal."""
    lines = []
    for name, cls, wkt in features:
        f, g = f"<{EX}{name}>", f"<{EX}{name}-geom>"
        lines += [f"{f} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{EX}{cls}> .",
                  f"{f} <{GEO}hasGeometry> {g} .",
                  f'{g} <{GEO}asWKT> "{wkt}"^^<{GEO}wktLiteral> .']
    return "\n".join(lines)


def _same(kg: KG, query: str, *, must_plan: bool = True, must_join: bool = False):
    """Assert the planned and the pair-by-pair answers are the same rows; return the planned result.

    ``must_plan``: the planner answered (the spatial join computed it, or the query was rewritten);
    ``must_join``: the spatial join (:mod:`kgbench.kg.join_eval`) computed it.
    """
    calls, joined = [], []
    original, original_join = planner._Planner.plan_query, planner.answer_join

    def spy(self, q):
        out = original(self, q)
        calls.append(self.used)
        return out

    def spy_join(*args):
        out = original_join(*args)
        joined.append(out is not None)
        return out

    planner._Planner.plan_query, planner.answer_join = spy, spy_join
    try:
        planned = kg.query(query)
    finally:
        planner._Planner.plan_query, planner.answer_join = original, original_join
    plain = kg.query(query, plan=False)
    assert planned.variables == plain.variables
    assert sorted(map(repr, planned.rows)) == sorted(map(repr, plain.rows))
    assert planned.warnings == plain.warnings == []
    if must_plan:
        assert (joined and joined[0]) or (calls and calls[0]), "the planner did not rewrite the query"
    if must_join:
        assert joined and joined[0], "the spatial join did not compute the query"
    return planned


def _points(draw_lons, draw_lats):
    return [(f"p{i}", "Place", f"POINT({x!r} {y!r})") for i, (x, y) in enumerate(zip(draw_lons, draw_lats))]


coords = st.tuples(st.floats(-180, 180, allow_nan=False), st.floats(-89.9, 89.9, allow_nan=False))


def _distance_queries(radius_km: float, ref: str) -> list[str]:
    body = (f"?a ex:tag ex:ref . ?a geo:hasGeometry/geo:asWKT ?wa . "
            f"?b a ex:Place ; geo:hasGeometry/geo:asWKT ?wb .")
    return [
        PREFIX + f"SELECT ?a ?b WHERE {{ {body} FILTER(geof:distance(?wa, ?wb, uom:kilometre) <= {radius_km}) }}",
        PREFIX + f"SELECT ?a ?b WHERE {{ {body} FILTER({radius_km * 1000} > geof:distance(?wa, ?wb, uom:metre)) }}",
        PREFIX + f"SELECT ?b WHERE {{ {body} FILTER(?a != ?b) BIND(geof:distance(?wa, ?wb, uom:metre) AS ?d) }}"
                 f" ORDER BY ?d ?b LIMIT 3",
        PREFIX + f"SELECT ?b (geof:distance(?wa, ?wb, uom:metre) AS ?d) WHERE {{ {body} }}"
                 f" ORDER BY ASC(geof:distance(?wa, ?wb, uom:metre)) ?b LIMIT 2 OFFSET 1",
    ]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(coords, min_size=1, max_size=40), coords, st.sampled_from([1.0, 50.0, 800.0, 5000.0]))
def test_random_points_distance_and_nearest_forms_match_pair_by_pair(pts, ref, radius_km):
    data = _points([p[0] for p in pts], [p[1] for p in pts]) + [("r", "Ref", f"POINT({ref[0]!r} {ref[1]!r})")]
    kg = KG.from_text(_nt(data) + f"\n<{EX}r> <{EX}tag> <{EX}ref> .")
    for q in _distance_queries(radius_km, "r"):
        _same(kg, q)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(coords, st.floats(0.01, 3.0)), min_size=1, max_size=15), st.lists(coords, min_size=1, max_size=15))
def test_random_polygons_relations_and_distances_match_pair_by_pair(boxes, pts):
    polys = []
    for i, ((x, y), h) in enumerate(boxes):
        x0, y0 = max(-180.0, x - h), max(-89.9, y - h)
        x1, y1 = min(180.0, x + h), min(89.9, y + h)
        polys.append((f"z{i}", "Zone", f"POLYGON(({x0!r} {y0!r}, {x1!r} {y0!r}, {x1!r} {y1!r}, {x0!r} {y1!r}, {x0!r} {y0!r}))"))
    kg = KG.from_text(_nt(polys + _points([p[0] for p in pts], [p[1] for p in pts])))
    body = "?a a ex:Place ; geo:hasGeometry/geo:asWKT ?wa . ?z a ex:Zone ; geo:hasGeometry/geo:asWKT ?wz ."
    for fn in ("sfWithin", "sfIntersects", "sfTouches", "ehCoveredBy"):
        _same(kg, PREFIX + f"SELECT ?a ?z WHERE {{ {body} FILTER(geof:{fn}(?wa, ?wz)) }}")
    _same(kg, PREFIX + f"SELECT ?z ?a WHERE {{ {body} FILTER(geof:sfContains(?wz, ?wa)) }}")
    _same(kg, PREFIX + f"SELECT ?a ?z WHERE {{ {body} FILTER(geof:distance(?wa, ?wz, uom:kilometre) < 100) }}")
    _same(kg, PREFIX + f"SELECT ?a (MIN(geof:distance(?wa, ?wz, uom:metre)) AS ?m) WHERE {{ {body} }} GROUP BY ?a")


def test_antimeridian_and_pole_neighbours_are_found():
    data = [("east", "Place", "POINT(179.99 10)"), ("west", "Place", "POINT(-179.99 10)"),
            ("far", "Place", "POINT(170 10)"), ("n1", "Place", "POINT(0 89.99)"), ("n2", "Place", "POINT(180 89.99)"),
            ("r", "Ref", "POINT(179.999 10)")]
    kg = KG.from_text(_nt(data) + f"\n<{EX}r> <{EX}tag> <{EX}ref> .\n<{EX}n1> <{EX}tag> <{EX}pole> .")
    r = _same(kg, _distance_queries(5.0, "r")[0])
    assert {row[1].value.rsplit("/", 1)[1] for row in r.rows} == {"east", "west"}
    q = PREFIX + ("SELECT ?b WHERE { ?a ex:tag ex:pole ; geo:hasGeometry/geo:asWKT ?wa . ?b a ex:Place ; "
                  "geo:hasGeometry/geo:asWKT ?wb . FILTER(geof:distance(?wa, ?wb, uom:kilometre) <= 5) }")
    assert {row[0].value.rsplit("/", 1)[1] for row in _same(kg, q).rows} == {"n1", "n2"}


def test_nearest_neighbour_ties_are_all_reported():
    # four places exactly 1 degree of longitude or latitude... at the equator, east and west tie exactly
    data = [("e", "Place", "POINT(1 0)"), ("w", "Place", "POINT(-1 0)"), ("n", "Place", "POINT(0 3)"),
            ("r", "Ref", "POINT(0 0)")]
    kg = KG.from_text(_nt(data) + f"\n<{EX}r> <{EX}tag> <{EX}ref> .")
    q = PREFIX + ("SELECT ?a ?b ?d WHERE { ?a ex:tag ex:ref ; geo:hasGeometry/geo:asWKT ?wa . "
                  "{ SELECT ?a (MIN(geof:distance(?wa, ?wb, uom:metre)) AS ?d) WHERE { ?a ex:tag ex:ref ; "
                  "geo:hasGeometry/geo:asWKT ?wa . ?b a ex:Place ; geo:hasGeometry/geo:asWKT ?wb } GROUP BY ?a } "
                  "?b a ex:Place ; geo:hasGeometry/geo:asWKT ?wb . FILTER(geof:distance(?wa, ?wb, uom:metre) = ?d) }")
    r = _same(kg, q)
    assert sorted(row[1].value[-1] for row in r.rows) == ["e", "w"]
    assert math.isclose(float(r.rows[0][2].value), 111319.49, abs_tol=0.01)


def test_stores_with_empty_or_unreadable_geometries_are_left_to_pair_by_pair_so_failures_are_reported():
    data = [("a", "Place", "POINT(1 0)"), ("b", "Place", "POINT EMPTY"), ("r", "Ref", "POINT(0 0)")]
    kg = KG.from_text(_nt(data) + f"\n<{EX}r> <{EX}tag> <{EX}ref> .")
    r = kg.query(_distance_queries(500.0, "r")[0])
    assert len(r.rows) == 1 and any("empty" in w for w in r.warnings)


def test_queries_without_a_spatial_form_are_not_rewritten():
    kg = KG.from_text(_nt([("a", "Place", "POINT(1 0)")]))
    assert planner.run_planned("SELECT * WHERE { ?s ?p ?o }", kg.spatial_index(), kg.query) is None
    # ?x and ?y joined through ?c: nothing to prune without evaluating both, left as written
    q = PREFIX + ("SELECT * WHERE { ?a ex:in ?c ; geo:hasGeometry/geo:asWKT ?wa . ?b ex:in ?c ; "
                  "geo:hasGeometry/geo:asWKT ?wb . FILTER(geof:distance(?wa, ?wb, uom:metre) < 5) }")
    assert planner.run_planned(q, kg.spatial_index(), lambda t: kg.query(t, plan=False)) is None


def test_cap_boxes_cover_the_geodesic_disc():
    from pyproj import Geod

    g = Geod(ellps="WGS84")
    for lat in (0.0, 45.0, 80.0, -89.0):
        for az in range(0, 360, 15):
            lon2, lat2, _ = g.fwd(179.5, lat, az, 300_000)
            assert any(b[0] <= lon2 <= b[2] and b[1] <= lat2 <= b[3] for b in cap_boxes((179.5, lat, 179.5, lat), 300_000))


def test_reader_errors_and_tokens():
    assert [t.kind for t in tokenize('"a\\"b" ?x')] == ["string", "var"]
    with pytest.raises(SparqlStructureError):
        parse_query("SELECT ?x WHERE { ?x ?p ?o ")


def test_snapshot_places_within_5_and_50_km_and_nearest_match_pair_by_pair(kg):

    refs = " ".join(f"<https://w3id.org/kgbench/entity/geonames/{i}>" for i in (658225, 2643743))
    body = (f"VALUES ?a {{ {refs} }} ?a geo:hasGeometry/geo:asWKT ?wa . "
            "?b a kgb:PopulatedPlace ; geo:hasGeometry/geo:asWKT ?wb .")
    for km in (5, 50):
        r = _same(kg, f"SELECT ?a ?b WHERE {{ {body} FILTER(geof:distance(?wa, ?wb, uom:kilometre) <= {km}) }}")
        assert len(r.rows) > 2
    r = _same(kg, f"SELECT ?a (MIN(geof:distance(?wa, ?wb, uom:metre)) AS ?d) WHERE {{ {body} FILTER(?a != ?b) }} "
                  "GROUP BY ?a")
    assert len(r.rows) == 2
