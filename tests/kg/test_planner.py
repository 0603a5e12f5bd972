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


def _same(kg: KG, query: str, *, must_plan: bool = True, must_join: bool = False, failures: bool = False):
    """Assert the planned and the pair-by-pair answers are the same rows; return the planned result.

    ``must_plan``: the planner answered (the spatial join computed it, or the query was rewritten);
    ``must_join``: the spatial join (:mod:`kgbench.kg.join_eval`) computed it; ``failures``: the warnings
    (geo-function failures) need only be the same, not absent.
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
    assert planned.warnings == plain.warnings
    assert failures or planned.warnings == []
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


@pytest.mark.slow  # 15-20 s: run by CI's slow step (the suite keeps under 15 minutes)
def test_snapshot_places_within_5_and_50_km_and_nearest_match_pair_by_pair(kg):

    refs = " ".join(f"<https://w3id.org/kgbench/entity/geonames/{i}>" for i in (658225, 2643743))
    body = (f"VALUES ?a {{ {refs} }} ?a geo:hasGeometry/geo:asWKT ?wa . "
            "?b a kgb:PopulatedPlace ; geo:hasGeometry/geo:asWKT ?wb .")
    for km in (5, 50):
        r = _same(kg, f"SELECT ?a ?b WHERE {{ {body} FILTER(geof:distance(?wa, ?wb, uom:kilometre) <= {km}) }}",
                  must_join=True)
        assert len(r.rows) > 2
    r = _same(kg, f"SELECT ?a (MIN(geof:distance(?wa, ?wb, uom:metre)) AS ?d) WHERE {{ {body} FILTER(?a != ?b) }} "
                  "GROUP BY ?a", must_join=True)
    assert len(r.rows) == 2
    # the bench's nearest place (bench/bench_spatial.py): MIN per place joined back, ties kept
    graph = "GRAPH <https://w3id.org/kgbench/graph/geonames> { ?b a kgb:PopulatedPlace } ?b geo:hasGeometry/geo:asWKT ?wb ."
    r = _same(kg, f"""SELECT ?a ?b ?d WHERE {{
      {{ SELECT ?a (MIN(geof:distance(?wa, ?wb, uom:metre)) AS ?d) WHERE {{
          VALUES ?a {{ {refs} }} ?a geo:hasGeometry/geo:asWKT ?wa . {graph} FILTER(?b != ?a) }} GROUP BY ?a }}
      ?a geo:hasGeometry/geo:asWKT ?wa . {graph}
      FILTER(?b != ?a && geof:distance(?wa, ?wb, uom:metre) = ?d) }}""", must_join=True)
    assert len(r.rows) >= 2


# --- the spatial join (kgbench.kg.join_eval): computed whole, compared with the pair-by-pair evaluation ---

lon_edge = st.one_of(st.floats(-180, 180), st.floats(179.0, 180.0), st.floats(-180.0, -179.0),
                     st.sampled_from([180.0, -180.0, 0.0]))
lat_edge = st.one_of(st.floats(-90, 90), st.floats(89.0, 90.0), st.floats(-90.0, -89.0),
                     st.sampled_from([90.0, -90.0, 0.0]))


@st.composite
def clusters(draw, max_size: int = 24, spread: float = 3.0) -> list[tuple[float, float]]:
    """Return points around a centre anywhere (the antimeridian and the poles included), with duplicates
    and points mirrored across the centre's meridian (exact ties in distance)."""
    cx, cy = draw(lon_edge), draw(lat_edge)
    pts: list[tuple[float, float]] = []
    for _ in range(draw(st.integers(1, max_size))):
        how = draw(st.sampled_from(["new", "new", "new", "copy", "mirror"])) if pts else "new"
        if how == "copy":
            pts.append(draw(st.sampled_from(pts)))
            continue
        if how == "mirror":
            x, y = draw(st.sampled_from(pts))
            pts.append((cx - (x - cx), y) if abs(cx - (x - cx)) <= 180 else (x, y))
            continue
        x = cx + draw(st.floats(-spread, spread))
        x = x - 360 if x > 180 else x + 360 if x < -180 else x
        pts.append((x, max(-90.0, min(90.0, cy + draw(st.floats(-spread, spread))))))
    return pts


def _quads(places: list[tuple[str, str]], refs: int, extra: str = "") -> KG:
    """Return a KG: places p0.. (WKT each) typed ex:Place in the named graph ex:g, the first ``refs`` tagged
    ex:ref, every third with a second geometry node holding the same literal, every fifth with a second
    geometry of its own (the point or polygon a little to the north)."""
    from pyoxigraph import RdfFormat
    from shapely import affinity, wkt as wkt_io

    lines = []
    for i, wkt in enumerate(w for _, w in places):
        f = f"<{EX}p{i}>"
        lines.append(f"{f} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{EX}Place> <{EX}g> .")
        shapes = [wkt] * (2 if i % 3 == 2 else 1)
        if i % 5 == 4:
            g = wkt_io.loads(wkt)
            shapes.append(affinity.translate(g, 0, 0.01 if g.bounds[3] <= 89.99 else -0.01).wkt)
        for k, w in enumerate(shapes):
            lines += [f"{f} <{GEO}hasGeometry> <{EX}p{i}-g{k}> .",
                      f'<{EX}p{i}-g{k}> <{GEO}asWKT> "{w}"^^<{GEO}wktLiteral> .']
        if i < refs:
            lines.append(f"{f} <{EX}tag> <{EX}ref> .")
    return KG.from_text("\n".join(lines) + "\n" + extra, fmt=RdfFormat.N_QUADS)


def _wkt_points(pts) -> list[tuple[str, str]]:
    return [(f"p{i}", f"POINT({x!r} {y!r})") for i, (x, y) in enumerate(pts)]


REF = "?a ex:tag ex:ref ; geo:hasGeometry/geo:asWKT ?wa ."
PLACE = "GRAPH ex:g { ?b a ex:Place } ?b geo:hasGeometry/geo:asWKT ?wb ."
NEAREST = PREFIX + f"""SELECT ?a ?b ?d WHERE {{
  {{ SELECT ?a (MIN(geof:distance(?wa, ?wb, uom:metre)) AS ?d) WHERE {{ {REF} {PLACE} FILTER(?b != ?a) }} GROUP BY ?a }}
  ?a geo:hasGeometry/geo:asWKT ?wa . {PLACE}
  FILTER(?b != ?a && geof:distance(?wa, ?wb, uom:metre) = ?d)
}}"""


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(clusters(), st.integers(1, 5), st.sampled_from([0.5, 20.0, 150.0, 600.0, 25000.0]))
def test_join_radius_forms_match_pair_by_pair(pts, refs, km):
    kg = _quads(_wkt_points(pts), refs)
    for test in (f"geof:distance(?wa, ?wb, uom:kilometre) <= {km}",
                 f"{int(km * 1000)} > geof:distance(?wb, ?wa, uom:metre)",  # the driver as second argument
                 f"geof:distance(?wa, ?wb, uom:mile) < {km / 1.609344:.4f}",  # a decimal bound
                 "geof:distance(?wa, ?wb, uom:metre) = 0"):  # duplicates only
        _same(kg, PREFIX + f"SELECT ?a ?b WHERE {{ {REF} {PLACE} FILTER(?b != ?a && {test}) }}", must_join=True)
    # projected geometry literals, an unbound variable, sameTerm, DISTINCT
    _same(kg, PREFIX + f"SELECT ?wb ?zz ?a WHERE {{ {REF} {PLACE} FILTER(!sameTerm(?a, ?b)) "
                       f"FILTER(geof:distance(?wa, ?wb, uom:kilometre) <= {km}) }}", must_join=True)
    _same(kg, PREFIX + f"SELECT DISTINCT ?b WHERE {{ {REF} {PLACE} FILTER(geof:distance(?wa, ?wb, uom:kilometre) "
                       f"<= {km}) }}", must_join=True)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(clusters(spread=20.0), st.integers(1, 5))
def test_join_nearest_with_ties_and_min_per_group_match_pair_by_pair(pts, refs):
    kg = _quads(_wkt_points(pts), refs)
    _same(kg, NEAREST, must_join=True)
    _same(kg, PREFIX + f"SELECT ?a (MIN(geof:distance(?wb, ?wa, uom:kilometre)) AS ?m) WHERE {{ {REF} {PLACE} "
                       f"FILTER(?a != ?b) }} GROUP BY ?a", must_join=True)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(clusters(max_size=12, spread=8.0), st.lists(st.tuples(st.floats(0.01, 4.0), st.floats(0.01, 4.0)),
                                                   min_size=1, max_size=6), st.integers(1, 4))
def test_join_nearest_among_polygons_and_points_matches_pair_by_pair(pts, sizes, refs):
    places = _wkt_points(pts)
    for i, (w, h) in enumerate(sizes):  # boxes around some of the points (the references among them)
        x, y = pts[i % len(pts)]
        x0, x1 = max(-180.0, x - w), min(180.0, x + w)
        y0, y1 = max(-90.0, y - h), min(90.0, y + h)
        places.append((f"z{i}", f"POLYGON(({x0!r} {y0!r}, {x1!r} {y0!r}, {x1!r} {y1!r}, {x0!r} {y1!r}, {x0!r} {y0!r}))"))
    places = places[-refs:] + places[:-refs]  # polygons among the references too
    kg = _quads(places, refs)
    _same(kg, NEAREST, must_join=True)
    _same(kg, PREFIX + f"SELECT ?a ?b WHERE {{ {REF} {PLACE} FILTER(?b != ?a && "
                       f"geof:distance(?wa, ?wb, uom:kilometre) <= 300) }}", must_join=True)


numbers = st.one_of(st.integers(0, 3000).map(lambda v: f'"{v}"^^<http://www.w3.org/2001/XMLSchema#integer>'),
                    st.decimals(0, 3000, places=3).map(lambda v: f'"{v}"^^<http://www.w3.org/2001/XMLSchema#decimal>'),
                    st.floats(0, 3000).map(lambda v: f'"{v!r}"^^<http://www.w3.org/2001/XMLSchema#double>'))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(clusters(max_size=15, spread=10.0), st.lists(numbers, min_size=1, max_size=4))
def test_join_radius_bound_by_a_variable_of_the_driver_matches_pair_by_pair(pts, radii):
    extra = "\n".join(f"<{EX}p{i}> <{EX}radius> {r} ." for i, r in enumerate(radii))
    kg = _quads(_wkt_points(pts), len(radii), extra)
    _same(kg, PREFIX + f"SELECT ?a ?b ?r WHERE {{ {REF} ?a ex:radius ?r . {PLACE} "
                       f"FILTER(geof:distance(?wa, ?wb, uom:kilometre) <= ?r) }}", must_join=True)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(clusters(max_size=10), st.booleans())
def test_join_with_empty_geometry_literals_matches_pair_by_pair(pts, among_places):
    empty = f'<{EX}e> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{EX}{"Place" if among_places else "Other"}> <{EX}g> .\n' \
            f'<{EX}e> <{GEO}hasGeometry> <{EX}e-g> .\n<{EX}e-g> <{GEO}asWKT> "POINT EMPTY"^^<{GEO}wktLiteral> .'
    kg = _quads(_wkt_points(pts), 2, empty)
    for q in (NEAREST, PREFIX + f"SELECT ?a ?b WHERE {{ {REF} {PLACE} FILTER(geof:distance(?wa, ?wb, uom:kilometre) <= 100) }}"):
        r = _same(kg, q, must_plan=not among_places, must_join=not among_places, failures=among_places)
        assert bool(r.warnings) == among_places


def test_join_bounds_at_the_exact_distance_are_compared_as_oxigraph_compares_them():
    from pyproj import Geod

    pts = [(0.0, 0.0), (1.0, 0.0), (-1.0, 0.0), (0.3, 0.7), (-170.25, 45.125)]
    kg = _quads(_wkt_points(pts), 1)
    geod = Geod(ellps="WGS84")
    for x, y in pts[1:]:
        d = geod.inv(0.0, 0.0, x, y)[2]
        near = [repr(d), f"{d:.12f}", f"{d:.9f}", f"{d:.17g}", f"{d:.3f}", repr(d / 1000) + "e3"]
        for bound in near + [str(int(d)), str(int(d) + 1)]:
            for op in ("<", "<=", "="):
                _same(kg, PREFIX + f"SELECT ?a ?b WHERE {{ {REF} {PLACE} FILTER(geof:distance(?wa, ?wb, uom:metre) "
                                   f"{op} {bound}) }}", must_join=True)
    extra = "\n".join(f'<{EX}p0> <{EX}radius> "{geod.inv(0.0, 0.0, x, y)[2]:.11f}"^^'
                       f'<http://www.w3.org/2001/XMLSchema#decimal> .' for x, y in pts[1:])
    kg = _quads(_wkt_points(pts), 1, extra)
    _same(kg, PREFIX + f"SELECT ?a ?b ?r WHERE {{ {REF} ?a ex:radius ?r . {PLACE} "
                       f"FILTER(geof:distance(?wa, ?wb, uom:metre) <= ?r) }}", must_join=True)


def test_join_leaves_other_forms_and_other_distance_functions_alone():
    from kgbench.geofunctions import default_registry
    from kgbench.geofunctions.registry import GeoFunction, Registry
    from kgbench.kg import join_eval

    kg = _quads(_wkt_points([(0.0, 0.0), (0.01, 0.0), (0.0, 0.02), (1.0, 1.0)]), 2)
    within = "FILTER(geof:distance(?wa, ?wb, uom:kilometre) <= 5)"
    for q in (f"SELECT * WHERE {{ {REF} {PLACE} {within} }}",
              f"SELECT ?a ?b WHERE {{ {REF} {PLACE} OPTIONAL {{ ?b ex:tag ?t }} {within} }}",
              f"SELECT ?a ?b WHERE {{ {REF} {PLACE} BIND(1 AS ?one) {within} }}",
              f"SELECT ?a ?b WHERE {{ {REF} {PLACE} {within} }} ORDER BY ?b",
              f"SELECT ?a ?b WHERE {{ {REF} {PLACE} {within} FILTER(geof:distance(?wa, ?wb, uom:metre) > 1) }}",
              f"SELECT ?a ?b WHERE {{ {REF} {PLACE} ?c a ex:Place . {within} }}",
              f"SELECT ?a ?b WHERE {{ {REF} {PLACE} {within} FILTER(RAND() < 2) }}",
              f"SELECT ?a ?b WHERE {{ ?a ex:tag _:t . _:t ex:x ?b . {REF} {PLACE} {within} }}"):
        assert join_eval.answer(PREFIX + q, parse_query(PREFIX + q), kg.spatial_index(), kg.query) is None, q
        _same(kg, PREFIX + q, must_plan=False)
    base = default_registry()
    other = Registry([GeoFunction(f.iri, lambda a, b, u, f=f: f.impl(a, b, u)) if f.name == "distance" else f
                      for f in base])
    kg2 = KG(kg.store, registry=other)
    joined = []
    original = planner.answer_join
    planner.answer_join = lambda *a: joined.append(1) or original(*a)
    try:
        kg2.query(PREFIX + f"SELECT ?a ?b WHERE {{ {REF} {PLACE} {within} }}")
    finally:
        planner.answer_join = original
    assert not joined, "a registry with another geof:distance must not be computed by the join"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False) | st.floats(0, 1e-3) | st.floats(1e15, 1e25),
                min_size=1, max_size=30))
def test_double_lexical_is_oxigraphs(values):
    from pyoxigraph import Literal, NamedNode, Store

    from kgbench.kg.join_geometry import XSD_DOUBLE, double_lexical

    f = NamedNode(EX + "v")
    fn = {f: lambda i: Literal(repr(values[int(i.value)]), datatype=XSD_DOUBLE)}
    rows = list(Store().query(f"SELECT ?i ?d WHERE {{ VALUES ?i {{ {' '.join(map(str, range(len(values))))} }} "
                              f"BIND(<{f.value}>(?i) AS ?d) }}", custom_functions=fn))
    for row in rows:
        assert double_lexical(values[int(row["i"].value)]) == row["d"].value


@settings(max_examples=60, deadline=None)
@given(st.tuples(lon_edge, lat_edge), st.floats(0, 2_000_000))
def test_cap_boxes_array_cover_the_geodesic_disc(centre, metres):
    import numpy as np
    from pyproj import Geod

    from kgbench.kg.spatial_index import cap_boxes_array

    g = Geod(ellps="WGS84")
    slack = metres * 1e-9 + 1e-6  # within_pairs' slack: fwd rounds too
    owner, boxes = cap_boxes_array(np.array([[centre[0], centre[1], centre[0], centre[1]]]), np.array([metres + slack]))
    assert set(owner.tolist()) == {0}
    for az in range(0, 360, 10):
        lon, lat, _ = g.fwd(centre[0], centre[1], az, metres)
        assert any(b[0] <= lon <= b[2] and b[1] <= lat <= b[3] for b in boxes), (az, lon, lat, boxes)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(lon_edge, lat_edge), max_size=8))
def test_index_reads_plain_wkt_in_bulk_exactly_as_read_literal(pts):
    import shapely
    from pyoxigraph import Literal

    from kgbench.geofunctions.literals import WKT_LITERAL, read_literal
    from kgbench.kg.spatial_index import _plain_wkt

    texts = [f"POINT({x!r} {y!r})" for x, y in pts] + [
        " POINT (1 2) ", "POINT EMPTY", "", "POINT(200 1)", "POINT(1", "POINT Z (1 2 3)", "POINT(nan 1)",
        "<http://www.opengis.net/def/crs/EPSG/0/4326> POINT(1 2)", "POLYGON((0 0,1 1,1 0,0 1,0 0))",
        "LINESTRING(0 0, 0 0)", "MULTIPOINT((1 2),(1 2))", "POLYGON((0 0,1 0,1 1,0 0))"]
    lits = [Literal(t, datatype=WKT_LITERAL) for t in texts]
    for lit, geom in zip(lits, _plain_wkt(lits)):
        if geom is None:
            continue
        v = read_literal(lit)  # a literal read in bulk is one read_literal reads, valid and non-empty
        assert shapely.to_wkb(v.geom) == shapely.to_wkb(geom) and v.topo is v.geom and not geom.is_empty
    assert [g is None for g in _plain_wkt(lits)][len(pts):] == [False, True, True, True, True, False, True, True,
                                                                True, True, False, False]


def test_join_keeps_no_tree_part_across_entailment_switches_or_inferences():
    # ex:Town rdfs:subClassOf ex:Place: with entailment on, towns are places too, so the searched part differs
    pts = [(0.0, 0.0), (0.01, 0.0), (0.02, 0.0), (0.03, 0.0)]
    towns = "\n".join(f"<{EX}t{i}> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{EX}Town> <{EX}g> .\n"
                      f"<{EX}t{i}> <{GEO}hasGeometry> <{EX}t{i}-g> .\n"
                      f'<{EX}t{i}-g> <{GEO}asWKT> "POINT({x!r} {y + 0.001!r})"^^<{GEO}wktLiteral> .'
                      for i, (x, y) in enumerate(pts))
    sub = f"<{EX}Town> <http://www.w3.org/2000/01/rdf-schema#subClassOf> <{EX}Place> <{EX}g> ."
    kg = _quads(_wkt_points(pts), 1, towns + "\n" + sub)
    q = PREFIX + f"SELECT ?a ?b WHERE {{ {REF} ?b a ex:Place ; geo:hasGeometry/geo:asWKT ?wb . " \
                 f"FILTER(?a != ?b && geof:distance(?wa, ?wb, uom:kilometre) <= 5) }}"
    counts = []
    for entailment in (False, True, False, True):
        planned, plain = kg.query(q, entailment=entailment), kg.query(q, entailment=entailment, plan=False)
        assert sorted(map(repr, planned.rows)) == sorted(map(repr, plain.rows))
        counts.append(len(planned.rows))
    assert counts == [4, 8, 4, 8]  # p2 twice (two geometry nodes), the towns only with entailment
