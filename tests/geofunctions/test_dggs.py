"""GeoSPARQL 1.1 DGGS literals of H3 cells, against computations that do not go through kgbench: h3's own cell
areas and point-to-cell assignment, pyproj geodesics on h3's own boundaries, the cells h3 gives back."""

from __future__ import annotations

import math

import h3
import numpy as np
import pytest
import shapely
from hypothesis import assume, given, settings
from hypothesis_budget import examples
from hypothesis import strategies as st
from pyoxigraph import Literal, NamedNode
from pyproj import Geod

from geo_helpers import GEOF, UOM, call, num, sparql, wkt
from kgbench.geofunctions import GeoFunctionError, default_registry
from kgbench.geofunctions.dggs import geometry_cells
from kgbench.geofunctions.dggs_cells import cells_geometry, dggs_literal, parse_cells
from kgbench.geofunctions.literals import DGGS_LITERAL, GeometryLiteralError, read_literal

#: h3 computes areas on a sphere of this radius (its authalic Earth radius), edges being great-circle arcs
H3_SPHERE = Geod(a=6371007.180918475, b=6371007.180918475)
WGS84 = Geod(ellps="WGS84")
M, M2 = NamedNode(UOM + "metre"), NamedNode(UOM + "squareMetre")
NORTH, SOUTH = "8001fffffffffff", "80f3fffffffffff"  # the res-0 cells holding the poles
ANTIMERIDIAN = h3.latlng_to_cell(0.0, 180.0, 2)  # 827eb7fffffffff: a res-2 cell on the antimeridian


def dggs(text: str) -> Literal:
    return Literal(text, datatype=DGGS_LITERAL)


def cell_lit(*cells: str) -> Literal:
    return dggs_literal(cells)


def _true(term) -> bool:
    assert term.datatype.value.endswith("#boolean")
    return term.value == "true"


def _geodesic_area_km2(geom, geod) -> float:
    return sum(abs(geod.geometry_area_perimeter(p)[0]) for p in shapely.get_parts(geom)) / 1e6


CELLS = [
    NORTH, SOUTH, ANTIMERIDIAN,
    h3.latlng_to_cell(60.17, 24.94, 0), h3.latlng_to_cell(60.17, 24.94, 5), h3.latlng_to_cell(60.17, 24.94, 9),
    h3.latlng_to_cell(-33.9, 151.2, 3), h3.latlng_to_cell(0.0, 0.0, 7), h3.latlng_to_cell(90.0, 0.0, 4),
    h3.latlng_to_cell(-90.0, 0.0, 8), h3.latlng_to_cell(-16.0, -179.99, 6), h3.latlng_to_cell(71.0, 180.0, 1),
    h3.get_pentagons(3)[0], h3.get_pentagons(6)[5],
]


# -- areas ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cell", CELLS)
def test_cell_area_matches_h3(cell):
    geom = read_literal(cell_lit(cell)).geom
    assert geom.is_valid and geom.geom_type in ("Polygon", "MultiPolygon")
    want = h3.cell_area(cell, unit="km^2")
    # on h3's sphere, the geodesic area of kgbench's boundary is h3's area (the vertices lie on h3's arcs)
    assert _geodesic_area_km2(geom, H3_SPHERE) == pytest.approx(want, rel=1e-4)
    # geof:area measures on WGS84: the ellipsoid's area differs from the authalic sphere's by < 1 %
    got = float(call(GEOF + "area", cell_lit(cell), M2).value) / 1e6
    assert got == pytest.approx(_geodesic_area_km2(geom, WGS84), rel=1e-9)
    assert got == pytest.approx(want, rel=0.01)


@pytest.mark.parametrize("res,k", [(0, 1), (1, 2), (3, 3), (5, 4), (9, 3)])
def test_a_disk_of_cells_is_one_polygon_with_their_total_area(res, k):
    disk = h3.grid_disk(h3.latlng_to_cell(10.0, -40.0, res), k)  # res 0-3: crosses icosahedron faces
    geom = read_literal(cell_lit(*disk)).geom
    assert geom.geom_type == "Polygon" and not geom.interiors and geom.is_valid
    total = sum(h3.cell_area(c, unit="km^2") for c in disk)
    assert _geodesic_area_km2(geom, H3_SPHERE) == pytest.approx(total, rel=1e-6)


def test_cells_of_several_resolutions_unite():
    parent = h3.latlng_to_cell(60.17, 24.94, 5)
    far = h3.latlng_to_cell(-33.9, 151.2, 7)
    text = f"{parent} {h3.cell_to_center_child(parent, 6)} {far}"  # a bare list: each id its own resolution
    geom = read_literal(dggs(text)).geom
    assert geom.is_valid and geom.geom_type == "MultiPolygon"
    want = h3.cell_area(parent, unit="km^2") + h3.cell_area(far, unit="km^2")  # the centre child lies inside
    assert _geodesic_area_km2(geom, H3_SPHERE) == pytest.approx(want, rel=1e-6)
    with pytest.raises(ValueError, match="resolution"):
        dggs_literal([parent, far], 5)
    assert dggs_literal([parent, far]).value == f"CELLLIST('{parent}', '{far}')"  # no single DGGS IRI fits


# -- containment ----------------------------------------------------------------------------------------

@settings(max_examples=examples(300), deadline=None)
@given(lat=st.floats(-90.0, 90.0), lng=st.floats(-180.0, 180.0), res=st.integers(0, 12),
       dx=st.floats(-1.0, 1.0), dy=st.floats(-1.0, 1.0))
def test_sf_contains_agrees_with_h3s_point_to_cell(lat, lng, res, dx, dy):
    cell = h3.latlng_to_cell(lat, lng, res)
    # a second point within about two cell widths of the first: inside the cell or in a neighbour
    size = math.degrees(h3.average_hexagon_edge_length(res, unit="km") / 6371.0) * 2.0
    qlat = min(90.0, max(-90.0, lat + dy * size))
    qlng = (lng + dx * size / max(0.01, math.cos(math.radians(qlat))) + 180.0) % 360.0 - 180.0
    geom = read_literal(cell_lit(cell)).geom
    # on the boundary (a pole's line, the antimeridian cut, an edge) a point is not contained: skip a hair's
    # breadth there, where straight lon/lat edges and h3's great-circle arcs part by millimetres
    assume(geom.boundary.distance(shapely.Point(qlng, qlat)) > 1e-7)
    got = _true(call(GEOF + "sfContains", cell_lit(cell), wkt(f"POINT({qlng!r} {qlat!r})")))
    assert got == (h3.latlng_to_cell(qlat, qlng, res) == cell)


@pytest.mark.parametrize("res", range(16))
def test_polar_cells_hold_their_pole(res):
    for pole in (90.0, -90.0):
        cell = h3.latlng_to_cell(pole, 0.0, res)
        assert {h3.latlng_to_cell(pole, lng, res) for lng in range(-180, 181, 45)} == {cell}
        lit = cell_lit(cell)
        geom = read_literal(lit).geom
        assert geom.is_valid and pole in (geom.bounds[1], geom.bounds[3])
        vertex = any(abs(lat) == 90.0 for lat, _ in h3.cell_to_boundary(cell))  # only 8ff29380e0d0cc4
        if not vertex:  # the pole inside: closed over it, one polygon as wide as the world, no band
            assert geom.geom_type == "Polygon" and geom.bounds[0] == -180.0 and geom.bounds[2] == 180.0
        # in lon/lat the pole is the line lat = +-90, the polygon's edge: it intersects the cell ...
        centre_lng = h3.cell_to_latlng(cell)[1]  # a point of the pole's line inside the wedge of a vertex
        assert _true(call(GEOF + "sfIntersects", lit, wkt(f"POINT({centre_lng!r} {pole})")))
        # ... and the points round it, at every longitude, are inside (h3 computes latitudes near a pole with an
        # arcsine, good to ~1e-6 degree: so not next to a vertex there, where h3's own answers are unsure)
        near = pole - math.copysign(1e-4 * 0.5 ** (res / 2), pole)
        for lng in np.linspace(-179.5, 179.5, 13).tolist() if not vertex else []:
            assert h3.latlng_to_cell(near, lng, res) == cell
            assert _true(call(GEOF + "sfContains", lit, wkt(f"POINT({lng!r} {near!r})"))), (res, pole, lng)
        # pyproj sums the area of a ring round a pole against the whole Earth's: ~0.1 m2 of rounding
        assert h3.cell_area(cell, unit="km^2") == pytest.approx(_geodesic_area_km2(geom, H3_SPHERE), rel=1e-4,
                                                                abs=1e-7)


def test_a_ring_of_cells_round_the_pole_is_a_band_with_the_rings_area():
    centre = h3.latlng_to_cell(90.0, 0.0, 2)
    ring = set(h3.grid_disk(centre, 3)) - set(h3.grid_disk(centre, 1))
    geom = read_literal(cell_lit(*ring)).geom
    assert geom.is_valid and geom.bounds[0] == -180.0 and geom.bounds[2] == 180.0 and geom.bounds[3] < 90.0
    assert not _true(call(GEOF + "sfIntersects", cell_lit(*ring), wkt("POINT(0 90)")))
    total = sum(h3.cell_area(c, unit="km^2") for c in ring)
    assert _geodesic_area_km2(geom, H3_SPHERE) == pytest.approx(total, rel=1e-6)


# -- the antimeridian -----------------------------------------------------------------------------------

def test_an_antimeridian_cell_is_cut_there_not_a_band_round_the_world():
    lit = cell_lit(ANTIMERIDIAN)
    geom = read_literal(lit).geom
    assert geom.is_valid and geom.geom_type == "MultiPolygon"
    west, east = sorted(geom.geoms, key=lambda p: p.bounds[0])
    assert west.bounds[0] == -180.0 and west.bounds[2] < -170.0  # each piece a few degrees wide, on its side
    assert east.bounds[2] == 180.0 and east.bounds[0] > 170.0
    assert h3.cell_area(ANTIMERIDIAN, unit="km^2") == pytest.approx(_geodesic_area_km2(geom, H3_SPHERE), rel=1e-6)
    assert float(call(GEOF + "area", lit, M2).value) / 1e6 == pytest.approx(
        h3.cell_area(ANTIMERIDIAN, unit="km^2"), rel=0.01)
    for lng in (179.5, -179.5):  # both sides are inside, as h3 says
        assert h3.latlng_to_cell(0.0, lng, 2) == ANTIMERIDIAN
        assert _true(call(GEOF + "sfContains", lit, wkt(f"POINT({lng} 0)")))
    assert not _true(call(GEOF + "sfContains", lit, wkt("POINT(0 0)")))
    assert _true(call(GEOF + "sfIntersects", lit, wkt("POINT(180 0)")))  # on the cut: the boundary


# -- distances ------------------------------------------------------------------------------------------

def _boundary_distance_m(a: str, b: str, per_edge: int = 200) -> float:
    """The least WGS84 geodesic distance between points spaced along the edges of h3's two boundaries."""
    def points(cell):
        ring = h3.cell_to_boundary(cell)
        out = []
        for (la1, lo1), (la2, lo2) in zip(ring, ring[1:] + ring[:1]):
            out += [(lo1, la1)] + WGS84.npts(lo1, la1, lo2, la2, per_edge)
        return np.array(out)

    pa, pb = points(a), points(b)
    lon1, lat1 = np.repeat(pa[:, 0], len(pb)), np.repeat(pa[:, 1], len(pb))
    lon2, lat2 = np.tile(pb[:, 0], len(pa)), np.tile(pb[:, 1], len(pa))
    return float(WGS84.inv(lon1, lat1, lon2, lat2)[2].min())


@pytest.mark.parametrize("origin,res,steps", [((60.17, 24.94), 5, 3), ((-33.9, 151.2), 6, 2),
                                              ((5.0, 179.9), 4, 2), ((80.0, 100.0), 4, 3)])
def test_distance_between_cells_matches_pyproj_on_their_boundaries(origin, res, steps):
    a = h3.latlng_to_cell(*origin, res)
    b = sorted(h3.grid_ring(a, steps))[0]
    got = float(call(GEOF + "distance", cell_lit(a), cell_lit(b), M).value)
    assert got == pytest.approx(_boundary_distance_m(a, b), rel=2e-3)
    neighbour = sorted(h3.grid_ring(a, 1))[0]
    assert float(call(GEOF + "distance", cell_lit(a), cell_lit(neighbour), M).value) == 0.0
    assert _true(call(GEOF + "sfTouches", cell_lit(a), cell_lit(neighbour)))


def test_cells_across_the_antimeridian_touch_and_measure_across_it():
    pairs = [(w, e) for w in {h3.latlng_to_cell(lat, -179.9, 3) for lat in range(-60, 61, 5)}
             for e in h3.grid_ring(w, 1) if h3.cell_to_latlng(e)[1] > 0]
    west, east = sorted(pairs)[0]
    assert _true(call(GEOF + "sfTouches", cell_lit(west), cell_lit(east)))
    far = next(c for c in h3.grid_ring(west, 3) if h3.cell_to_latlng(c)[1] > 0)
    got = float(call(GEOF + "distance", cell_lit(west), cell_lit(far), M).value)
    assert got == pytest.approx(_boundary_distance_m(west, far), rel=2e-3) and got < 300e3


# -- writing: geof:asDGGS -------------------------------------------------------------------------------

@settings(max_examples=examples(150), deadline=None)
@given(lat=st.floats(-90.0, 90.0), lng=st.floats(-180.0, 180.0), res=st.integers(0, 15), k=st.integers(0, 2))
def test_as_dggs_gives_a_cell_set_back_from_its_boundary(lat, lng, res, k):
    cells = set(h3.grid_disk(h3.latlng_to_cell(lat, lng, res), k if res > 1 else 0))
    for source in (cell_lit(*cells), call(GEOF + "asWKT", cell_lit(*cells))):  # from DGGS, and from its WKT
        out = call(GEOF + "asDGGS", source, num(res))
        assert out.datatype == DGGS_LITERAL
        assert parse_cells(out.value) == (res, sorted(cells))


@pytest.mark.parametrize("cell", CELLS)
def test_as_dggs_round_trips_every_kind_of_cell(cell):
    res = h3.get_resolution(cell)
    assert parse_cells(call(GEOF + "asDGGS", cell_lit(cell), num(res)).value) == (res, [cell])


def test_as_dggs_of_points_lines_polygons_and_empty():
    assert call(GEOF + "asDGGS", wkt("POINT(24.94 60.17)"), num(9)).value == \
        f"<https://h3geo.org/res/9> CELLLIST('{h3.latlng_to_cell(60.17, 24.94, 9)}')"
    _, cells = parse_cells(call(GEOF + "asDGGS", wkt("LINESTRING(24 60, 25 60.5)"), num(6)).value)
    assert {h3.latlng_to_cell(60, 24, 6), h3.latlng_to_cell(60.5, 25, 6)} <= set(cells)
    line, width = shapely.LineString([(24, 60), (25, 60.5)]), math.degrees(h3.average_hexagon_edge_length(6) / 6371.0)
    assert len(cells) > 5 and all(line.distance(shapely.Point(h3.cell_to_latlng(c)[::-1])) < 2 * width for c in cells)
    # a polygon: the cells whose centres it holds, as h3 itself finds them
    box = shapely.box(24.0, 60.0, 25.0, 60.5)
    want = set(h3.polygon_to_cells(h3.LatLngPoly([(y, x) for x, y in box.exterior.coords[:-1]]), 6))
    assert set(parse_cells(call(GEOF + "asDGGS", wkt(box.wkt), num(6)).value)[1]) == want
    tiny = wkt("POLYGON((24.9 60.1, 24.9001 60.1, 24.9001 60.1001, 24.9 60.1))")  # no cell centre inside
    assert parse_cells(call(GEOF + "asDGGS", tiny, num(3)).value)[1] == [h3.latlng_to_cell(60.1, 24.9, 3)]
    assert call(GEOF + "asDGGS", wkt("POLYGON EMPTY"), num(3)).value == ""
    # the resolution may be given as the DGGS IRI, as GeoSPARQL 1.1's test suite passes it
    for res in (NamedNode("https://h3geo.org/res/7"), Literal("https://h3geo.org/res/7")):
        assert call(GEOF + "asDGGS", wkt("POINT(1 2)"), res).value.startswith("<https://h3geo.org/res/7> CELLLIST('87")
    for bad, words in ((num(16), "0..15"), (num(2.5), "integer"), (NamedNode("https://example.org/dggs"), "unknown DGGS")):
        with pytest.raises(ValueError, match=words):
            call(GEOF + "asDGGS", wkt("POINT(1 2)"), bad)


def test_a_polygon_wider_than_half_the_world_is_read_by_h3_the_right_way_round():
    band = shapely.box(-170.0, 10.0, 170.0, 12.0)  # h3 would take a 340-degree-wide polygon for a transmeridian one
    cells = geometry_cells(band, 2)
    assert cells and all(10.0 <= h3.cell_to_latlng(c)[0] <= 12.0 for c in cells)
    assert all(abs(h3.cell_to_latlng(c)[1]) <= 170.0 for c in cells)


# -- the lexical form -----------------------------------------------------------------------------------

SPEC_EXAMPLE = ("<https://h3geo.org/res/7> CELLIST( '87f15d9acffffff', '87f143749ffffff', '87f15d9a1ffffff', "
                "'87f143296ffffff' )")


@pytest.mark.parametrize("text,res,cells", [
    (SPEC_EXAMPLE, 7, ["87f15d9acffffff", "87f143749ffffff", "87f15d9a1ffffff", "87f143296ffffff"]),
    ("<https://h3geo.org/res/5> CELLLIST('851fb467fffffff', '851fb463fffffff')", 5, ["851fb467fffffff", "851fb463fffffff"]),
    ("<http://h3geo.org/res/5> cell(\"851fb467fffffff\")", 5, ["851fb467fffffff"]),
    ("<https://h3geo.org/res/10> CELLLIST(8a1fb46622dffff 8a1fb46622d7fff)", 10, ["8a1fb46622dffff", "8a1fb46622d7fff"]),
    ("851fb467fffffff, 861fb4667ffffff\n8001fffffffffff", None, ["851fb467fffffff", "861fb4667ffffff", NORTH]),
    ("CELLLIST()", None, []),
    ("", None, []),
])
def test_the_forms_read(text, res, cells):
    assert parse_cells(text) == (res, cells)
    geom = read_literal(dggs(text)).geom
    assert geom.equals(cells_geometry(cells)) if cells else geom.is_empty


BAD_LITERALS = {
    "invalid H3 cell id": ("<https://h3geo.org/res/10> CELLLIST('8a1fb46622dfffz')", "invalid H3 cell id"),
    "not a cell (an H3 edge)": ("115283473fffffff", "invalid H3 cell id"),
    "unknown DGGS": ("<https://example.org/dggs/rHEALPix> CELLLIST(R0 R1)", "unknown DGGS"),
    "resolution beyond 15": ("<https://h3geo.org/res/16> CELLLIST('8a1fb46622dffff')", "unknown DGGS"),
    "cell of another resolution": ("<https://h3geo.org/res/9> CELLLIST('8a1fb46622dffff')", "resolution 10, not the 9"),
    "two cells in CELL": ("CELL('8a1fb46622dffff' '8a1fb46622d7fff')", "holds one cell"),
    "unbalanced list": ("CELLLIST('8a1fb46622dffff'", "malformed DGGS literal"),
}


@pytest.mark.parametrize("name", list(BAD_LITERALS))
def test_bad_literals_are_errors_naming_literal_and_problem(name):
    text, words = BAD_LITERALS[name]
    with pytest.raises(GeometryLiteralError, match=words) as info:
        read_literal(dggs(text))
    assert text[:40] in str(info.value)


def test_bad_literals_are_counted_failures_through_sparql():
    dl = f"<{DGGS_LITERAL.value}>"
    values = " ".join(f'"{t}"^^{dl}' for t, _ in BAD_LITERALS.values() if '"' not in t)
    q = f"""SELECT ?a WHERE {{ VALUES ?d {{ "<https://h3geo.org/res/5> CELLLIST('851fb467fffffff')"^^{dl} {values} }}
            BIND(<{GEOF}area>(?d, <{M2.value}>) AS ?a) }}"""
    rows, b = sparql(q, strict=False)
    assert sum(r["a"] is not None for r in rows) == 1
    assert b.counts[GEOF + "area"] == len(BAD_LITERALS)
    text = "\n".join(b.warnings())
    assert "invalid H3 cell id" in text and "8a1fb46622dfffz" in text
    with pytest.raises(GeoFunctionError):
        b.check(strict=True)


def test_dggs_geometries_in_a_kg_answer_relation_queries_planned_or_not():
    from kgbench.kg.store import KG

    ex, geo = "http://example.org/", "http://www.opengis.net/ont/geosparql#"
    hel = h3.latlng_to_cell(60.17, 24.94, 7)
    nt = "\n".join([
        f'<{ex}cell> <{geo}asDGGS> "<https://h3geo.org/res/7> CELLLIST(\'{hel}\')"^^<{DGGS_LITERAL.value}> .',
        f'<{ex}bad> <{geo}asDGGS> "CELLLIST(\'nonsense\')"^^<{DGGS_LITERAL.value}> .',
        f'<{ex}in> <{geo}asWKT> "POINT(24.94 60.17)"^^<{geo}wktLiteral> .',
        f'<{ex}out> <{geo}asWKT> "POINT(25.5 60.5)"^^<{geo}wktLiteral> .',
    ])
    kg = KG.from_text(nt)
    q = f"""SELECT ?p WHERE {{ <{ex}cell> geo:asDGGS ?c . ?p geo:asWKT ?w . FILTER(geof:sfContains(?c, ?w)) }}"""
    for plan in (True, False):
        res = kg.query(q, plan=plan)
        assert [r["p"].value for r in res] == [ex + "in"], plan
    res = kg.query(f"SELECT ?a WHERE {{ ?s geo:asDGGS ?c BIND(geof:area(?c, uom:squareMetre) AS ?a) }}")
    assert ["a" in r for r in res].count(True) == 1
    assert res.warnings and "nonsense" in res.warnings[0]


def test_asdggs_is_registered_and_documented():
    f = default_registry()[GEOF + "asDGGS"]
    assert f.doc.startswith("Return") and ">>>" in f.impl.__doc__
