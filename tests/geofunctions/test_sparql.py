"""The functions inside SPARQL: aggregates over groups, fresh bindings per query, the parse cache switch."""

from __future__ import annotations

import shapely
from pyoxigraph import Literal, NamedNode, Quad, Store

from geo_helpers import GEOF, KGBF, sparql
from kgbench.geofunctions import default_registry, parse_cache
from kgbench.geofunctions.literals import WKT_LITERAL, _read_cached, parse_geometry

EX = "http://example.org/"
AS_WKT = NamedNode("http://www.opengis.net/ont/geosparql#asWKT")


def _store():
    s = Store()
    pts = {"a1": "POINT(0 0)", "a2": "POINT(2 0)", "a3": "POINT(1 3)", "b1": "POINT(10 10)", "b2": "POINT(11 10)"}
    for k, w in pts.items():
        s.add(Quad(NamedNode(EX + k), AS_WKT, Literal(w, datatype=WKT_LITERAL)))
        s.add(Quad(NamedNode(EX + k), NamedNode(EX + "group"), Literal(k[0])))
    return s


def test_aggregates_per_group():
    q = f"""SELECT ?g (<{GEOF}aggBoundingBox>(?w) AS ?box) (<{GEOF}aggConvexHull>(?w) AS ?hull)
                   (<{GEOF}aggCentroid>(?w) AS ?c) (<{GEOF}aggUnion>(?w) AS ?u) (<{KGBF}aggMedoid>(?w) AS ?m)
            WHERE {{ ?s <{AS_WKT.value}> ?w ; <{EX}group> ?g }} GROUP BY ?g ORDER BY ?g"""
    rows, b = sparql(q, _store())
    assert b.failure_count == 0
    a, bb = rows
    assert shapely.from_wkt(a["box"].value).bounds == (0.0, 0.0, 2.0, 3.0)
    assert shapely.from_wkt(a["hull"].value).area == 3.0  # triangle (0 0)(2 0)(1 3)
    assert shapely.from_wkt(a["u"].value).geom_type == "MultiPoint"
    assert shapely.from_wkt(bb["box"].value).bounds == (10.0, 10.0, 11.0, 10.0)
    c = shapely.from_wkt(bb["c"].value)
    assert abs(c.x - 10.5) < 1e-3 and abs(c.y - 10.0) < 1e-3
    assert a["m"].value in ("POINT (1 3)", "POINT (0 0)", "POINT (2 0)")


def test_bindings_are_fresh_per_query():
    reg = default_registry()
    b1, b2 = reg.bind(), reg.bind()
    assert b1.functions is not b2.functions and b1.counts is not b2.counts
    b1.functions[NamedNode(GEOF + "distance")](Literal("x"), Literal("y"), Literal("z"))
    assert b1.failure_count == 1 and b2.failure_count == 0


def test_parse_cache_can_be_bypassed():
    lit = Literal("POLYGON((0 0,1 0,1 1,0 0))", datatype=WKT_LITERAL)
    _read_cached.cache_clear()
    parse_geometry(lit)
    parse_geometry(lit)
    assert _read_cached.cache_info().hits == 1
    with parse_cache(False):
        g1, g2 = parse_geometry(lit), parse_geometry(lit)
    assert g1 is not g2 and g1.equals(g2)
    assert _read_cached.cache_info().hits == 1
    assert _read_cached.cache_info().maxsize > 0  # bounded


def test_output_keeps_the_serialization_of_the_first_argument():
    gml = ('"<gml:Point xmlns:gml=\\"http://www.opengis.net/ont/gml\\" srsName=\\"http://www.opengis.net/def/crs/'
           'OGC/1.3/CRS84\\"><gml:pos>1 2</gml:pos></gml:Point>"^^<http://www.opengis.net/ont/geosparql#gmlLiteral>')
    q = f"""SELECT ?u ?j WHERE {{ BIND(<{GEOF}union>({gml}, "POINT(3 4)"^^<{WKT_LITERAL.value}>) AS ?u)
            BIND(<{GEOF}asGeoJSON>({gml}) AS ?j) }}"""
    rows, _ = sparql(q)
    assert rows[0]["u"].datatype.value.endswith("gmlLiteral")
    assert parse_geometry(rows[0]["u"]).equals(shapely.from_wkt("MULTIPOINT((1 2),(3 4))"))
    assert rows[0]["j"].value == '{"type": "Point", "coordinates": [1.0, 2.0]}'
