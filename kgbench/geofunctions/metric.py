"""Distances on the WGS84 ellipsoid and on a sphere."""

from __future__ import annotations

import math

from pyoxigraph import Literal, NamedNode
from pyproj import Geod

from kgbench.geofunctions.literals import parse_geometry
from kgbench.geofunctions.registry import GeoFunction

GEOF = "http://www.opengis.net/def/function/geosparql/"
KGBF = "https://w3id.org/kgbench/function#"
UOM = "http://www.opengis.net/def/uom/OGC/1.0/"
XSD_DOUBLE = NamedNode("http://www.w3.org/2001/XMLSchema#double")
WGS84 = Geod(ellps="WGS84")

#: metres per unit, for the OGC uom: IRIs kgbench understands
UNITS_M = {
    UOM + "metre": 1.0, UOM + "meter": 1.0, UOM + "kilometre": 1000.0, UOM + "kilometer": 1000.0,
    UOM + "mile": 1609.344, UOM + "statuteMile": 1609.344, UOM + "nauticalMile": 1852.0,
    UOM + "foot": 0.3048, UOM + "yard": 0.9144,
}


def unit_factor(unit) -> float:
    """Return metres per one of ``unit`` (a uom: IRI term); an unknown unit raises ValueError naming it."""
    iri = getattr(unit, "value", str(unit))
    try:
        return UNITS_M[iri]
    except KeyError:
        raise ValueError(f"unknown unit of length <{iri}>") from None


def geodesic_distance_m(a, b) -> float:
    """Return the minimum WGS84 geodesic distance in metres between two CRS84 shapely geometries.

    Points use the exact inverse geodesic; other geometries are reduced to their nearest pair of points
    first (planar nearest points in lon/lat, then the geodesic between them), 0 when they intersect.
    """
    if a.intersects(b):
        return 0.0
    from shapely.ops import nearest_points

    pa, pb = nearest_points(a, b)
    return WGS84.inv(pa.x, pa.y, pb.x, pb.y)[2]


def geof_distance(a, b, unit):
    """Return the minimum geodesic distance between two geometries on WGS84, in ``unit`` (xsd:double).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> hel = Literal("POINT(24.9384 60.1699)", datatype=WKT_LITERAL)
    >>> tku = Literal("POINT(22.2666 60.4518)", datatype=WKT_LITERAL)
    >>> km = float(geof_distance(hel, tku, NamedNode(UOM + "kilometre")).value)
    >>> round(km, 1)
    151.0
    """
    metres = geodesic_distance_m(parse_geometry(a), parse_geometry(b))
    return Literal(repr(metres / unit_factor(unit)), datatype=XSD_DOUBLE)


FUNCTIONS = [GeoFunction(GEOF + "distance", geof_distance)]
