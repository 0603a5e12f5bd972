"""Contract tests grouped by signature: every relation against every geometry type and EMPTY, every unary
function against every geometry type, and the inputs that must fail loudly (malformed WKT, a plain string, a
wrong datatype, an IRI, an unknown unit). Expected relation answers come from GEOS's own DE-9IM pattern
matcher (shapely.relate_pattern), not from kgbench's matcher."""

from __future__ import annotations

import itertools

import pytest
import shapely
from pyoxigraph import BlankNode, Literal, NamedNode

from kgbench.geofunctions import GeoFunctionError, default_registry
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


BAD_TERMS = {
    "malformed": wkt("POLYGON((0 0,1 1"),
    "plain string": Literal("POINT(1 1)"),
    "wrong datatype": Literal("POINT(1 1)", datatype=NamedNode("http://example.org/notGeometry")),
    "iri": NamedNode("http://example.org/x"),
    "blank node": BlankNode(),
    "bad GeoJSON": Literal("{", datatype=NamedNode("http://www.opengis.net/ont/geosparql#geoJSONLiteral")),
    "bad GML": Literal("<gml:Point", datatype=NamedNode("http://www.opengis.net/ont/geosparql#gmlLiteral")),
    "unknown CRS": wkt("<http://example.org/crs/nope> POINT(1 1)"),
}


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
    with pytest.raises(GeometryLiteralError):
        call(GEOF + name, BAD_TERMS["malformed"])
    with pytest.raises(GeometryLiteralError):
        call(GEOF + name, BAD_TERMS["plain string"])


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
