"""Contract tests grouped by signature: every relation against every geometry type and EMPTY, every unary
function against every geometry type, every function over a DGGS literal of H3 cells as over the WKT of their
boundary, and the inputs that must fail loudly (malformed WKT, a plain string, a wrong datatype, an IRI, an
invalid H3 cell id, an unknown DGGS, an unknown unit). Expected relation answers come from GEOS's own DE-9IM pattern
matcher (shapely.relate_pattern), not from kgbench's matcher."""

from __future__ import annotations

import itertools

import h3
import pytest
import shapely
from pyoxigraph import BlankNode, Literal, NamedNode

from kgbench.geofunctions import GeoFunctionError, default_registry
from kgbench.geofunctions.dggs import cells_geometry, dggs_literal
from kgbench.geofunctions.literals import GeometryLiteralError
from kgbench.geofunctions.relations import EH_PATTERNS, RCC8_PATTERNS

from geo_helpers import GEOF, UOM, call, num, wkt

GEOMS = {
    "point": "POINT(1 1)",
    "point_on_edge": "POINT(0 1)",
    "line": "LINESTRING(-1 1,3 1)",
    "line_inside": "LINESTRING(0.5 0.5,1.5 1.5)",
    "polygon": "POLYGON((0 0,2 0,2 2,0 2,0 0))",
    "polygon_overlap": "POLYGON((1 1,3 1,3 3,1 3,1 1))",
    "polygon_inside": "POLYGON((0.5 0.5,1.5 0.5,1.5 1.5,0.5 1.5,0.5 0.5))",
    "polygon_touching": "POLYGON((2 0,4 0,4 2,2 2,2 0))",
    "multipoint": "MULTIPOINT((1 1),(5 5))",
    "multiline": "MULTILINESTRING((0 0,1 1),(5 5,6 6))",
    "multipolygon": "MULTIPOLYGON(((0 0,1 0,1 1,0 1,0 0)),((5 5,6 5,6 6,5 6,5 5)))",
    "collection": "GEOMETRYCOLLECTION(POINT(1 1),LINESTRING(4 4,5 5))",
    "empty_point": "POINT EMPTY",
    "empty_polygon": "POLYGON EMPTY",
    "empty_literal": "",
}
SF = {"sfEquals": "equals", "sfDisjoint": "disjoint", "sfIntersects": "intersects", "sfTouches": "touches",
      "sfWithin": "within", "sfContains": "contains", "sfOverlaps": "overlaps", "sfCrosses": "crosses"}
PAIRS = list(itertools.product(GEOMS, GEOMS))


def _shape(text):
    return shapely.from_wkt(text) if text else shapely.geometry.GeometryCollection()


def _expected(name, a, b):
    ga, gb = _shape(a), _shape(b)
    if ga.is_empty or gb.is_empty:
        if name in ("sfEquals", "ehEquals", "rcc8eq"):
            return ga.is_empty and gb.is_empty
        return name in ("sfDisjoint", "ehDisjoint", "rcc8dc")
    if name in SF:
        return bool(getattr(ga, SF[name])(gb))
    patterns = EH_PATTERNS.get(name) or RCC8_PATTERNS[name]
    return any(shapely.relate_pattern(ga, gb, p) for p in patterns)


@pytest.mark.parametrize("name", [*SF, *EH_PATTERNS, *RCC8_PATTERNS])
def test_relation_against_every_geometry_type(name):
    for a, b in PAIRS:
        got = call(GEOF + name, wkt(GEOMS[a]), wkt(GEOMS[b]))
        assert got.datatype.value.endswith("#boolean"), (name, a, b)
        assert (got.value == "true") == _expected(name, GEOMS[a], GEOMS[b]), (name, a, b)


def test_hand_checked_relations():
    # independent of any library: answers read off the figures
    sq, inner, touch = wkt(GEOMS["polygon"]), wkt(GEOMS["polygon_inside"]), wkt(GEOMS["polygon_touching"])
    assert call(GEOF + "sfContains", sq, inner).value == "true"
    assert call(GEOF + "ehCovers", sq, inner).value == "false"  # Egenhofer covers needs shared boundary
    assert call(GEOF + "rcc8ntppi", sq, inner).value == "true"
    assert call(GEOF + "sfTouches", sq, touch).value == "true"
    assert call(GEOF + "rcc8ec", sq, touch).value == "true"
    assert call(GEOF + "ehMeet", sq, touch).value == "true"
    assert call(GEOF + "sfOverlaps", sq, wkt(GEOMS["polygon_overlap"])).value == "true"
    assert call(GEOF + "sfCrosses", wkt(GEOMS["line"]), sq).value == "true"
    assert call(GEOF + "sfEquals", wkt("LINESTRING EMPTY"), wkt("")).value == "true"


GEO_NS = "http://www.opengis.net/ont/geosparql#"
BAD_TERMS = {
    "malformed": wkt("POLYGON((0 0,1 1"),
    "plain string": Literal("POINT(1 1)"),
    "wrong datatype": Literal("POINT(1 1)", datatype=NamedNode("http://example.org/notGeometry")),
    "iri": NamedNode("http://example.org/x"),
    "blank node": BlankNode(),
    "bad GeoJSON": Literal("{", datatype=NamedNode("http://www.opengis.net/ont/geosparql#geoJSONLiteral")),
    "bad GML": Literal("<gml:Point", datatype=NamedNode("http://www.opengis.net/ont/geosparql#gmlLiteral")),
    "unknown CRS": wkt("<http://example.org/crs/nope> POINT(1 1)"),
    "invalid H3 cell": Literal("CELLLIST('8a1fb46622dfffz')", datatype=NamedNode(GEO_NS + "dggsLiteral")),
    "unknown DGGS": Literal("<http://example.org/dggs/rHEALPix> CELLLIST(R0)", datatype=NamedNode(GEO_NS + "dggsLiteral")),
}


#: H3 cells round (1 1) at two resolutions, and the same region as WKT: every relation answers alike for both
_CELLS = [h3.latlng_to_cell(1.0, 1.0, 3), h3.latlng_to_cell(0.2, 1.9, 4)]
DGGS = dggs_literal(_CELLS)
DGGS_AS_WKT = wkt(cells_geometry(_CELLS).wkt)


@pytest.mark.parametrize("name", [*SF, *EH_PATTERNS, *RCC8_PATTERNS])
def test_relation_reads_dggs_literals_as_the_cells_boundaries(name):
    for key, text in GEOMS.items():
        for a, b, a_wkt, b_wkt in ((DGGS, wkt(text), DGGS_AS_WKT, wkt(text)), (wkt(text), DGGS, wkt(text), DGGS_AS_WKT)):
            assert call(GEOF + name, a, b).value == call(GEOF + name, a_wkt, b_wkt).value, (name, key)
    assert call(GEOF + name, DGGS, DGGS).value == call(GEOF + name, DGGS_AS_WKT, DGGS_AS_WKT).value


@pytest.mark.parametrize("bad", list(BAD_TERMS))
@pytest.mark.parametrize("name", [*SF, *EH_PATTERNS, *RCC8_PATTERNS])
def test_relation_rejects_non_geometries(name, bad):
    with pytest.raises(GeometryLiteralError):
        call(GEOF + name, BAD_TERMS[bad], wkt("POINT(1 1)"))
    with pytest.raises(GeometryLiteralError):
        call(GEOF + name, wkt("POINT(1 1)"), BAD_TERMS[bad])


UNARY = ["convexHull", "envelope", "boundary", "centroid", "getSRID", "geometryType", "dimension",
         "coordinateDimension", "spatialDimension", "numGeometries", "isEmpty", "isSimple", "is3D", "isMeasured",
         "asWKT", "asGeoJSON", "asGML", "asKML", "metricArea", "metricLength", "metricPerimeter", "minX", "maxY",
         "boundingCircle", "concaveHull"]


@pytest.mark.parametrize("name", UNARY)
def test_unary_functions_answer_or_fail_loudly(name):
    for key, text in GEOMS.items():
        try:
            out = call(GEOF + name, wkt(text))
        except (ValueError, GeometryLiteralError) as exc:
            assert (key.startswith("empty") and name in ("minX", "maxY")) or \
                (key == "collection" and name == "boundary"), (name, key, exc)
            continue
        assert isinstance(out, Literal), (name, key)
    assert isinstance(call(GEOF + name, DGGS), Literal), (name, "dggs")
    with pytest.raises(GeometryLiteralError):
        call(GEOF + name, BAD_TERMS["malformed"])
    with pytest.raises(GeometryLiteralError):
        call(GEOF + name, BAD_TERMS["plain string"])
    with pytest.raises(GeometryLiteralError):
        call(GEOF + name, BAD_TERMS["invalid H3 cell"])


def test_unknown_unit_is_an_error_naming_it():
    furlong = NamedNode(UOM + "furlong")
    for name in ("distance", "length", "perimeter", "buffer"):
        args = (wkt("POINT(0 0)"), wkt("POINT(1 1)"), furlong) if name == "distance" else \
            (wkt("POINT(0 0)"), num(1), furlong) if name == "buffer" else (wkt("LINESTRING(0 0,1 1)"), furlong)
        with pytest.raises(ValueError, match="furlong"):
            call(GEOF + name, *args)
    with pytest.raises(ValueError, match="furlong"):
        call(GEOF + "area", wkt("POLYGON((0 0,1 0,1 1,0 0))"), furlong)


def test_failures_are_counted_and_strict_mode_raises():
    from pyoxigraph import Store

    q = f"""SELECT ?d WHERE {{ VALUES ?w {{ "POINT(0 0)"^^<http://www.opengis.net/ont/geosparql#wktLiteral>
        "not wkt"^^<http://www.opengis.net/ont/geosparql#wktLiteral> "POINT(0 0)" }}
        BIND(<{GEOF}distance>(?w, "POINT(1 0)"^^<http://www.opengis.net/ont/geosparql#wktLiteral>, <{UOM}metre>) AS ?d) }}"""
    b = default_registry().bind()
    rows = list(Store().query(q, custom_functions=b.functions))
    assert sum(r["d"] is not None for r in rows) == 1
    assert b.counts[GEOF + "distance"] == 2
    warnings = b.check(strict=False)
    assert len(warnings) == 1 and "distance" in warnings[0] and "not wkt" in warnings[0]
    with pytest.raises(GeoFunctionError, match="2 geo function call"):
        b.check(strict=True)


def test_every_function_documents_what_it_returns_with_an_example():
    for f in default_registry():
        doc = f.impl.__doc__ or ""
        assert doc.strip().startswith("Return"), f.iri
        assert ">>>" in doc, f.iri


# -- invalid geometry input: every function that reads a geometry gets the same bad inputs -------------------

GML = "http://www.opengis.net/ont/geosparql#gmlLiteral"
GEOJSON = "http://www.opengis.net/ont/geosparql#geoJSONLiteral"
KML = "http://www.opengis.net/ont/geosparql#kmlLiteral"
DGGS_DT = "http://www.opengis.net/ont/geosparql#dggsLiteral"
BAD_GEOMETRIES = {
    "longitude out of range": wkt("POINT(200 10)"),
    "latitude out of range": wkt("POINT(10 95)"),
    "polygon beyond the antimeridian": wkt("POLYGON((170 0,190 0,190 10,170 10,170 0))"),
    "EPSG:4326 latitude out of range": wkt("<http://www.opengis.net/def/crs/EPSG/0/4326> POINT(91 10)"),
    "NaN coordinate": wkt("POINT(NaN 1)"),
    "infinite coordinate": Literal('{"type": "Point", "coordinates": [1e999, 1]}', datatype=NamedNode(GEOJSON)),
    "self-intersecting polygon": wkt("POLYGON((0 0,2 2,2 0,0 2,0 0))"),
    "overlapping multipolygon": wkt("MULTIPOLYGON(((0 0,2 0,2 2,0 2,0 0)),((1 1,3 1,3 3,1 3,1 1)))"),
    "self-intersecting polygon in a collection": wkt("GEOMETRYCOLLECTION(POINT(0 0),POLYGON((0 0,2 2,2 0,0 2,0 0)))"),
    "unclosed ring (WKT)": wkt("POLYGON((0 0,1 0,1 1,0 1))"),
    "unclosed ring (GeoJSON)": Literal('{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}',
                                       datatype=NamedNode(GEOJSON)),
    "unclosed ring (GML)": Literal(f'<gml:Polygon xmlns:gml="{GML.rsplit("#", 1)[0].rsplit("/", 1)[0]}/gml">'
                                   '<gml:exterior><gml:LinearRing><gml:posList>0 0 1 0 1 1 0 1</gml:posList>'
                                   '</gml:LinearRing></gml:exterior></gml:Polygon>', datatype=NamedNode(GML)),
    "unclosed ring (KML)": Literal("<Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,0 1,1 0,1"
                                   "</coordinates></LinearRing></outerBoundaryIs></Polygon>", datatype=NamedNode(KML)),
    "malformed DGGS": Literal("CELLLIST('851fb467fffffff'", datatype=NamedNode(DGGS_DT)),
    "invalid H3 cell id": Literal("<https://h3geo.org/res/5> CELLLIST('851fb467fffffffz')", datatype=NamedNode(DGGS_DT)),
    "unknown DGGS IRI": Literal("<https://example.org/dggs/isea3h> CELLLIST(07)", datatype=NamedNode(DGGS_DT)),
}
#: the good value each parameter (by name) takes when another argument is the bad one
_GEOM_PARAMS = {"a": "POLYGON((0 0,1 0,1 1,0 1,0 0))", "b": "POINT(3 3)", "g": "POLYGON((0 0,1 0,1 1,0 1,0 0))",
                "p": "POINT(0.5 2)", "line": "LINESTRING(0 0,1 1)", "start": "POINT(0 0)", "end": "POINT(1 1)"}
_OTHER = {"unit": NamedNode(UOM + "metre"), "direction": Literal("north"), "pattern": Literal("T********"),
          "points": num(8), "radius": num(1000), "res": num(5), "crs": NamedNode("http://www.opengis.net/def/crs/EPSG/0/3857"),
          "level": num(10), "n": num(1), "precision": num(5), "ratio": num(0.5), "cell_km": num(10),
          "scale_km": num(1), "tolerance_m": num(1000)}
_AREA_UNIT = {"area": NamedNode(UOM + "squareMetre")}
_GOOD_FOR = {"minZ": {"g": "POINT Z (1 1 1)"}, "maxZ": {"g": "POINT Z (1 1 1)"},
             "boundaryDistance": {"b": "POLYGON((2 2,3 2,3 3,2 3,2 2))"}}
_CELL = {"h3Contains": Literal("851fb467fffffff"), "s2Contains": Literal("47a1cbd")}


def _geometry_functions():
    import inspect

    out = []
    for f in default_registry():
        if f.aggregate:
            continue
        params = list(inspect.signature(f.impl).parameters)
        if any(p in _GEOM_PARAMS for p in params):
            out.append((f, params))
    return out


GEOMETRY_FUNCTIONS = _geometry_functions()


def _args(f, params, bad_at=None, bad=None):
    args = []
    for i, p in enumerate(params):
        if i == bad_at:
            args.append(bad)
        elif p in _GEOM_PARAMS:
            args.append(wkt(_GOOD_FOR.get(f.name, {}).get(p, _GEOM_PARAMS[p])))
        elif p == "cell":
            args.append(_CELL[f.name])
        elif p == "unit" and f.name in _AREA_UNIT:
            args.append(_AREA_UNIT[f.name])
        else:
            args.append(_OTHER[p])
    return args


def test_every_geometry_function_is_covered():
    assert len(GEOMETRY_FUNCTIONS) >= 90  # every scalar function that reads a geometry (98 today)


@pytest.mark.parametrize("f,params", GEOMETRY_FUNCTIONS, ids=[f.name for f, _ in GEOMETRY_FUNCTIONS])
def test_every_function_rejects_invalid_geometries(f, params):
    good = f.impl(*_args(f, params))  # the good call answers (so the failures below are the bad input's)
    assert good is None or isinstance(good, (Literal, NamedNode))
    for i, p in enumerate(params):
        if p not in _GEOM_PARAMS:
            continue
        for problem, bad in BAD_GEOMETRIES.items():
            with pytest.raises(GeometryLiteralError) as info:
                f.impl(*_args(f, params, i, bad))
            msg = str(info.value)
            assert ("out of range" in msg or "invalid polygon" in msg or "malformed" in msg
                    or "invalid H3 cell id" in msg or "unknown DGGS" in msg), (f.name, problem, msg)


@pytest.mark.parametrize("agg", [f for f in default_registry() if f.aggregate], ids=lambda f: f.name)
def test_every_aggregate_rejects_invalid_geometries(agg):
    for problem, bad in BAD_GEOMETRIES.items():
        acc = agg.impl()
        acc.accumulate(wkt("POINT(1 1)"))
        with pytest.raises(GeometryLiteralError):
            acc.accumulate(bad)
            acc.finish()


@pytest.mark.parametrize("name,args,words", [
    ("area", (wkt("POLYGON((0 0,1 0,1 1,0 1,0 0))"), NamedNode(UOM + "metre")), "unit of length, not of area"),
    ("area", (wkt("POLYGON((0 0,1 0,1 1,0 1,0 0))"), NamedNode(UOM + "degree")), "unit of angle, not of area"),
    ("distance", (wkt("POINT(0 0)"), wkt("POINT(1 1)"), NamedNode(UOM + "squareMetre")), "unit of area, not of length"),
    ("length", (wkt("LINESTRING(0 0,1 1)"), NamedNode(UOM + "hectare")), "unit of area, not of length"),
    ("perimeter", (wkt("POLYGON((0 0,1 0,1 1,0 1,0 0))"), NamedNode(UOM + "acre")), "unit of area, not of length"),
    ("buffer", (wkt("POINT(0 0)"), num(1), NamedNode(UOM + "squareKilometre")), "unit of area, not of length"),
    ("buffer", (wkt("POINT(0 0)"), num(1e12), NamedNode(UOM + "metre")), "half the Earth's circumference"),
    ("buffer", (wkt("POINT(0 0)"), num(-3e7), NamedNode(UOM + "metre")), "half the Earth's circumference"),
    ("buffer", (wkt("POINT(0 0)"), num(200), NamedNode(UOM + "degree")), "half the Earth's circumference"),
    ("buffer", (wkt("POINT(0 0)"), Literal("INF", datatype=NamedNode("http://www.w3.org/2001/XMLSchema#double")),
                NamedNode(UOM + "metre")), "not a finite number"),
    ("metricBuffer", (wkt("POINT(0 0)"), num(1e12)), "half the Earth's circumference"),
])
def test_wrong_unit_kinds_and_absurd_radii_are_errors(name, args, words):
    iri = GEOF + name
    with pytest.raises(ValueError, match=words.replace("(", r"\(")):
        call(iri, *args)


def test_bad_geometries_are_counted_failures_naming_function_argument_and_problem():
    from pyoxigraph import Store

    wl = "<http://www.opengis.net/ont/geosparql#wktLiteral>"
    q = f"""SELECT ?d ?a ?b WHERE {{
        VALUES ?w {{ "POINT(200 10)"^^{wl} "POLYGON((0 0,2 2,2 0,0 2,0 0))"^^{wl} }}
        BIND(<{GEOF}distance>(?w, "POINT(1 0)"^^{wl}, <{UOM}metre>) AS ?d)
        BIND(<{GEOF}area>("POLYGON((0 0,1 0,1 1,0 1,0 0))"^^{wl}, <{UOM}metre>) AS ?a)
        BIND(<{GEOF}buffer>("POINT(0 0)"^^{wl}, 1e12, <{UOM}metre>) AS ?b) }}"""
    b = default_registry().bind()
    rows = list(Store().query(q, custom_functions=b.functions))
    assert all(r[v] is None for r in rows for v in ("d", "a", "b"))  # never NaN, never a silent 0
    text = "\n".join(b.check(strict=False))
    assert "distance" in text and "POINT(200 10)" in text and "out of range" in text
    assert "area" in text and "unit of length, not of area" in text
    assert "buffer" in text and "half the Earth" in text
    assert b.counts[GEOF + "distance"] == 2
    with pytest.raises(GeoFunctionError):
        b.check(strict=True)
