"""Writing CRS84 shapely geometries as RDF geometry literals: WKT, GeoJSON, GML and KML, in any CRS pyproj knows.

The reading side, and the CRS handling both share, is :mod:`kgbench.geofunctions.literals`. DGGS literals (sets
of H3 cells) are written by :mod:`kgbench.geofunctions.dggs` (``geof:asDGGS``, which needs a resolution).
"""

from __future__ import annotations

import json

import shapely
import shapely.geometry
from pyoxigraph import Literal
from shapely.geometry.base import BaseGeometry

from kgbench.geofunctions.literals import (
    CRS84, GEOJSON_LITERAL, GML_LITERAL, GML_NS, KML_LITERAL, WKT_LITERAL, GeometryLiteralError, canonical_crs,
    from_crs84,
)

__all__ = ["wkt_literal", "geometry_literal"]


def _num(v: float) -> str:
    r = repr(float(v))
    return r[:-2] if r.endswith(".0") else r


def wkt_literal(geom: BaseGeometry, precision: int | None = None, crs: str = CRS84) -> Literal:
    """Return a geo:wktLiteral term for a CRS84 shapely geometry (a CRS prefix only when ``crs`` is not CRS84).

    >>> from shapely.geometry import Point
    >>> wkt_literal(Point(24.5, 60.25)).value
    'POINT (24.5 60.25)'
    >>> from kgbench.geofunctions.literals import EPSG4326
    >>> wkt_literal(Point(24.5, 60.25), crs=EPSG4326).value
    '<http://www.opengis.net/def/crs/EPSG/0/4326> POINT (60.25 24.5)'
    """
    c = canonical_crs(crs)
    g = from_crs84(geom, c)
    text = shapely.to_wkt(g, rounding_precision=-1 if precision is None else precision, trim=True)
    if c != CRS84:
        text = f"<{c}> {text}"
    return Literal(text, datatype=WKT_LITERAL)


def _pos(coords) -> str:
    return " ".join(" ".join(_num(v) for v in c) for c in coords)


def _gml(geom: BaseGeometry, root: bool, crs: str) -> str:
    attrs = f' xmlns:gml="{GML_NS}" srsName="{crs}"' if root else ""
    t = geom.geom_type
    if t == "Point":
        inner = "" if geom.is_empty else f"<gml:pos>{_pos(geom.coords)}</gml:pos>"
        return f"<gml:Point{attrs}>{inner}</gml:Point>"
    if t in ("LineString", "LinearRing"):
        return f"<gml:{t}{attrs}><gml:posList>{_pos(geom.coords)}</gml:posList></gml:{t}>"
    if t == "Polygon":
        if geom.is_empty:
            return f"<gml:Polygon{attrs}></gml:Polygon>"
        ring = lambda r: f"<gml:LinearRing><gml:posList>{_pos(r.coords)}</gml:posList></gml:LinearRing>"  # noqa: E731
        body = f"<gml:exterior>{ring(geom.exterior)}</gml:exterior>"
        body += "".join(f"<gml:interior>{ring(i)}</gml:interior>" for i in geom.interiors)
        return f"<gml:Polygon{attrs}>{body}</gml:Polygon>"
    names = {"MultiPoint": ("MultiPoint", "pointMember"), "MultiLineString": ("MultiCurve", "curveMember"),
             "MultiPolygon": ("MultiSurface", "surfaceMember"),
             "GeometryCollection": ("MultiGeometry", "geometryMember")}
    outer, member = names[t]
    body = "".join(f"<gml:{member}>{_gml(p, False, crs)}</gml:{member}>" for p in geom.geoms)
    return f"<gml:{outer}{attrs}>{body}</gml:{outer}>"


def _kml(geom: BaseGeometry) -> str:
    t = geom.geom_type
    co = lambda cs: " ".join(",".join(_num(v) for v in c) for c in cs)  # noqa: E731
    if t == "Point":
        return f"<Point><coordinates>{co(geom.coords)}</coordinates></Point>"
    if t in ("LineString", "LinearRing"):
        return f"<{t}><coordinates>{co(geom.coords)}</coordinates></{t}>"
    if t == "Polygon":
        ring = lambda r: f"<LinearRing><coordinates>{co(r.coords)}</coordinates></LinearRing>"  # noqa: E731
        body = f"<outerBoundaryIs>{ring(geom.exterior)}</outerBoundaryIs>" if not geom.is_empty else ""
        body += "".join(f"<innerBoundaryIs>{ring(i)}</innerBoundaryIs>" for i in geom.interiors)
        return f"<Polygon>{body}</Polygon>"
    return "<MultiGeometry>" + "".join(_kml(p) for p in geom.geoms) + "</MultiGeometry>"


def geometry_literal(geom: BaseGeometry, kind: str = "wkt", crs: str = CRS84) -> Literal:
    """Return a geometry literal of ``kind`` (wkt, geojson, gml, kml) for a CRS84 geometry, written in ``crs``.

    GeoJSON and KML are always CRS84 (their specifications allow nothing else); GML carries ``srsName``.
    ``dggs`` gives WKT: a geometry computed from DGGS cells (a buffer, an intersection, a centroid) is no set of
    cells, and choosing cells for it takes a resolution (``geof:asDGGS``).

    >>> from shapely.geometry import Point
    >>> geometry_literal(Point(1, 2), "geojson").value
    '{"type": "Point", "coordinates": [1.0, 2.0]}'
    >>> geometry_literal(Point(1, 2), "dggs").value
    'POINT (1 2)'
    >>> geometry_literal(Point(1, 2), "gml").value
    '<gml:Point xmlns:gml="http://www.opengis.net/ont/gml" srsName="http://www.opengis.net/def/crs/OGC/1.3/CRS84"><gml:pos>1 2</gml:pos></gml:Point>'
    """
    if kind in ("wkt", "dggs"):
        return wkt_literal(geom, crs=crs)
    if kind == "geojson":
        obj = shapely.geometry.mapping(geom) if not geom.is_empty else {"type": geom.geom_type, "coordinates": []}
        return Literal(json.dumps(_listify(obj)), datatype=GEOJSON_LITERAL)
    if kind == "gml":
        c = canonical_crs(crs)
        return Literal(_gml(from_crs84(geom, c), True, c), datatype=GML_LITERAL)
    if kind == "kml":
        return Literal(_kml(geom), datatype=KML_LITERAL)
    raise GeometryLiteralError(f"unknown geometry serialization {kind!r}")


def _listify(obj):
    if isinstance(obj, dict):
        return {k: _listify(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_listify(v) for v in obj]
    return obj
