"""Distances, lengths, perimeters and areas on the WGS84 ellipsoid (``geof:distance`` ... ``geof:metricPerimeter``).

Every measure is geodesic: point-to-point distances use the exact inverse geodesic of pyproj (Karney), areas and
lengths use pyproj's geodesic polygon and line integrals, so for measures an edge between two vertices is the
geodesic between them (topological relations, by contrast, read edges as straight lines in longitude/latitude, as
GeoSPARQL does for CRS84). Geometries crossing the antimeridian are not split.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from pyproj import Geod
from shapely.geometry.base import BaseGeometry

from kgbench.geofunctions.literals import parse_geometry
from kgbench.geofunctions.registry import GeoFunction
from kgbench.geofunctions.terms import double
from kgbench.geofunctions.units import UOM, area_factor, length_factor

__all__ = [
    "GEOF", "KGBF", "UOM", "WGS84", "geodesic_distance_m", "nearest_geodesic_points", "length_m", "area_m2",
    "perimeter_m", "FUNCTIONS", "unit_factor",
]

GEOF = "http://www.opengis.net/def/function/geosparql/"
KGBF = "https://w3id.org/kgbench/function#"
WGS84 = Geod(ellps="WGS84")
_INV = WGS84.inv
_A = 6378137.0
_E2 = 6.69437999014e-3

#: kept for the callers of the first contract: metres per unit of length
unit_factor = length_factor


def _local_scale(lat: float) -> tuple[float, float]:
    """Return metres per degree of longitude and of latitude at ``lat`` on WGS84."""
    s = math.sin(math.radians(lat))
    w = math.sqrt(1.0 - _E2 * s * s)
    n = _A / w
    m = _A * (1.0 - _E2) / (w ** 3)
    return n * math.cos(math.radians(lat)) * math.pi / 180.0, m * math.pi / 180.0


def _segments(geom: BaseGeometry) -> np.ndarray:
    """Return an (n, 4) array of the segments (x1, y1, x2, y2) of a geometry; a point is a zero-length segment."""
    out = []
    for part in shapely.get_parts(shapely.get_parts(geom)):
        t = part.geom_type
        if t == "Point":
            out.append(np.array([[part.x, part.y, part.x, part.y]]))
        elif t in ("LineString", "LinearRing"):
            c = np.asarray(part.coords)[:, :2]
            out.append(np.hstack([c[:-1], c[1:]]) if len(c) > 1 else np.hstack([c, c]))
        elif t == "Polygon":
            for ring in (part.exterior, *part.interiors):
                c = np.asarray(ring.coords)[:, :2]
                out.append(np.hstack([c[:-1], c[1:]]))
        else:
            out.append(_segments(part))
    return np.vstack(out) if out else np.zeros((0, 4))


def _near_segments(segs: np.ndarray, point, kx: float, ky: float, keep: int = 4) -> np.ndarray:
    """Return the few segments nearest to ``point`` in the local metric frame (ties within 1% kept)."""
    lines = shapely.linestrings(np.stack([segs[:, [0, 1]] * (kx, ky), segs[:, [2, 3]] * (kx, ky)], axis=1))
    d = shapely.distance(lines, shapely.geometry.Point(point[0] * kx, point[1] * ky))
    order = np.argsort(d, kind="stable")[:keep]
    best = d[order[0]]
    return segs[[i for i in order if d[i] <= best * 1.01 + 1.0]]


def _golden(f, lo: float = 0.0, hi: float = 1.0, iters: int = 40) -> float:
    """Return the argument in [lo, hi] minimizing the unimodal function ``f`` (golden-section search)."""
    g = (math.sqrt(5) - 1) / 2
    a, b = lo, hi
    c, d = b - g * (b - a), a + g * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(iters):
        if fc <= fd:
            b, d, fd = d, c, fc
            c = b - g * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + g * (b - a)
            fd = f(d)
    best = min((f(a), a), (fc, c), (fd, d), (f(b), b))
    return best[1]


def _min_between(sa: np.ndarray, sb: np.ndarray) -> tuple[float, tuple, tuple]:
    """Return (metres, point on sa, point on sb) minimizing the geodesic distance between two segments.

    Two segments that do not cross are nearest at an end point of one of them, so the minimum is the least
    of the four end-point-to-segment minima (each a golden-section search along the segment).
    """
    def on(seg, u):
        return seg[0] + u * (seg[2] - seg[0]), seg[1] + u * (seg[3] - seg[1])

    def dist(p, q):
        return _INV(p[0], p[1], q[0], q[1])[2]

    best = None
    for seg, other, flip in ((sb, sa, False), (sa, sb, True)):
        for end in ((other[0], other[1]), (other[2], other[3])):
            if seg[0] == seg[2] and seg[1] == seg[3]:
                q = (seg[0], seg[1])
            else:
                q = on(seg, _golden(lambda u: dist(end, on(seg, u))))
            d = dist(end, q)
            if best is None or d < best[0]:
                best = (d, q, end) if flip else (d, end, q)
    return best


def nearest_geodesic_points(a: BaseGeometry, b: BaseGeometry) -> tuple[tuple[float, float], tuple[float, float]]:
    """Return the pair of (lon, lat) points, one on ``a`` and one on ``b``, nearest on the WGS84 ellipsoid.

    Edges are straight lines in longitude/latitude (as for the topological relations). The nearest pair is
    first searched in a local metric frame (metres per degree of longitude and latitude at the pair's
    latitude); then, over the few edges of each geometry nearest to that pair, the geodesic distance
    between a point of one edge and a point of the other is minimized (from each edge's end points along the
    other edge, by golden-section search).
    """
    with np.errstate(divide="ignore", invalid="ignore"):  # GEOS warns on zero-length segments
        pa, pb = shapely.ops.nearest_points(a, b)
    kx, ky = _local_scale((pa.y + pb.y) / 2.0)
    sa = shapely.affinity.scale(a, kx, ky, origin=(0, 0))
    sb = shapely.affinity.scale(b, kx, ky, origin=(0, 0))
    with np.errstate(divide="ignore", invalid="ignore"):
        qa, qb = shapely.ops.nearest_points(sa, sb)
    pa, pb = (qa.x / kx, qa.y / ky), (qb.x / kx, qb.y / ky)
    if a.geom_type == "Point" or b.geom_type == "Point":
        cand_a = _segments(a) if a.geom_type == "Point" else _near_segments(_segments(a), pb, kx, ky)
        cand_b = _segments(b) if b.geom_type == "Point" else _near_segments(_segments(b), pa, kx, ky)
    else:
        cand_a = _near_segments(_segments(a), pb, kx, ky)
        cand_b = _near_segments(_segments(b), pa, kx, ky)
    best = (WGS84.inv(pa[0], pa[1], pb[0], pb[1])[2], pa, pb)
    for s1 in cand_a:
        for s2 in cand_b:
            r = _min_between(s1, s2)
            if r[0] < best[0]:
                best = r
    return best[1], best[2]


def geodesic_distance_m(a: BaseGeometry, b: BaseGeometry) -> float:
    """Return the minimum WGS84 geodesic distance in metres between two CRS84 shapely geometries.

    Two points: the exact inverse geodesic. Geometries that intersect: 0. Otherwise the geodesic between
    the nearest pair of points (:func:`nearest_geodesic_points`). An empty geometry raises ValueError.

    >>> from shapely.geometry import Point
    >>> round(geodesic_distance_m(Point(0, 0), Point(1, 0)))
    111319
    """
    if a.geom_type == "Point" and b.geom_type == "Point" and not (a.is_empty or b.is_empty):
        return _INV(a.x, a.y, b.x, b.y)[2]
    if a.is_empty or b.is_empty:
        raise ValueError("distance to an empty geometry is undefined")
    if a.intersects(b):
        return 0.0
    (x1, y1), (x2, y2) = nearest_geodesic_points(a, b)
    return WGS84.inv(x1, y1, x2, y2)[2]


def _rings(geom: BaseGeometry):
    """Yield (exterior, interiors) of every polygon in ``geom``."""
    for p in getattr(geom, "geoms", [geom]):
        if p.geom_type == "Polygon" and not p.is_empty:
            yield p.exterior, list(p.interiors)
        elif p.geom_type in ("MultiPolygon", "GeometryCollection"):
            yield from _rings(p)


def _ring_area(ring) -> float:
    xs, ys = ring.xy
    return abs(WGS84.polygon_area_perimeter(xs, ys)[0])


def area_m2(geom: BaseGeometry) -> float:
    """Return the geodesic area in square metres on WGS84 of the polygons in ``geom`` (holes subtracted).

    Points and lines have area 0. An empty geometry has area 0.

    >>> from shapely.geometry import box
    >>> round(area_m2(box(0, 0, 1, 1)) / 1e6)
    12309
    """
    return sum(_ring_area(ext) - sum(_ring_area(h) for h in holes) for ext, holes in _rings(geom))


def _line_length(line) -> float:
    xs, ys = line.xy
    return WGS84.line_length(xs, ys) if len(xs) > 1 else 0.0


def perimeter_m(geom: BaseGeometry) -> float:
    """Return the geodesic length in metres of the boundary of the polygons in ``geom`` (holes included); 0 for others."""
    return sum(_line_length(ext) + sum(_line_length(h) for h in holes) for ext, holes in _rings(geom))


def length_m(geom: BaseGeometry) -> float:
    """Return the geodesic length in metres of ``geom``: lines their length, polygons their perimeter, points 0."""
    t = geom.geom_type
    if geom.is_empty or t in ("Point", "MultiPoint"):
        return 0.0
    if t in ("LineString", "LinearRing"):
        return _line_length(geom)
    if t == "Polygon":
        return perimeter_m(geom)
    return sum(length_m(g) for g in geom.geoms)


def geof_distance(a, b, unit):
    """Return the minimum geodesic distance between two geometries on WGS84, in ``unit`` (xsd:double).

    0 when they intersect; an empty geometry or an unknown unit is an error.

    >>> from pyoxigraph import Literal, NamedNode
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> hel = Literal("POINT(24.9384 60.1699)", datatype=WKT_LITERAL)
    >>> tku = Literal("POINT(22.2666 60.4518)", datatype=WKT_LITERAL)
    >>> km = float(geof_distance(hel, tku, NamedNode(UOM + "kilometre")).value)
    >>> round(km, 1)
    151.0
    """
    metres = geodesic_distance_m(parse_geometry(a), parse_geometry(b))
    return double(metres / length_factor(unit))


def geof_metric_distance(a, b):
    """Return the minimum geodesic distance between two geometries on WGS84, in metres (xsd:double).

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> round(float(geof_metric_distance(Literal("POINT(0 0)", datatype=WKT_LITERAL), Literal("POINT(0 1)", datatype=WKT_LITERAL)).value))
    110574
    """
    return double(geodesic_distance_m(parse_geometry(a), parse_geometry(b)))


def geof_area(g, unit):
    """Return the geodesic area of a geometry on WGS84 in ``unit`` (an area unit: a length unit is an error).

    >>> from pyoxigraph import Literal, NamedNode
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> w = Literal("POLYGON((0 0,1 0,1 1,0 1,0 0))", datatype=WKT_LITERAL)
    >>> round(float(geof_area(w, NamedNode(UOM + "squareKilometre")).value))
    12309
    """
    return double(area_m2(parse_geometry(g)) / area_factor(unit))


def geof_metric_area(g):
    """Return the geodesic area of a geometry on WGS84 in square metres (0 for points and lines).

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> float(geof_metric_area(Literal("LINESTRING(0 0,1 1)", datatype=WKT_LITERAL)).value)
    0.0
    """
    return double(area_m2(parse_geometry(g)))


def geof_length(g, unit):
    """Return the geodesic length of a geometry on WGS84 in ``unit`` (polygons: their perimeter; points: 0).

    >>> from pyoxigraph import Literal, NamedNode
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> round(float(geof_length(Literal("LINESTRING(0 0,1 0)", datatype=WKT_LITERAL), NamedNode(UOM + "metre")).value))
    111319
    """
    return double(length_m(parse_geometry(g)) / length_factor(unit))


def geof_metric_length(g):
    """Return the geodesic length of a geometry on WGS84 in metres (polygons: their perimeter; points: 0).

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> round(float(geof_metric_length(Literal("LINESTRING(0 0,0 1)", datatype=WKT_LITERAL)).value))
    110574
    """
    return double(length_m(parse_geometry(g)))


def geof_perimeter(g, unit):
    """Return the geodesic perimeter (boundary length, holes included) of the polygons of a geometry in ``unit``.

    Points and lines have perimeter 0.

    >>> from pyoxigraph import Literal, NamedNode
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> round(float(geof_perimeter(Literal("POLYGON((0 0,1 0,1 1,0 1,0 0))", datatype=WKT_LITERAL), NamedNode(UOM + "kilometre")).value))
    444
    """
    return double(perimeter_m(parse_geometry(g)) / length_factor(unit))


def geof_metric_perimeter(g):
    """Return the geodesic perimeter of the polygons of a geometry in metres (0 for points and lines).

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> round(float(geof_metric_perimeter(Literal("POLYGON((0 0,1 0,1 1,0 1,0 0))", datatype=WKT_LITERAL)).value) / 1000)
    444
    """
    return double(perimeter_m(parse_geometry(g)))


FUNCTIONS = [
    GeoFunction(GEOF + "distance", geof_distance),
    GeoFunction(GEOF + "metricDistance", geof_metric_distance),
    GeoFunction(GEOF + "area", geof_area),
    GeoFunction(GEOF + "metricArea", geof_metric_area),
    GeoFunction(GEOF + "length", geof_length),
    GeoFunction(GEOF + "metricLength", geof_metric_length),
    GeoFunction(GEOF + "perimeter", geof_perimeter),
    GeoFunction(GEOF + "metricPerimeter", geof_metric_perimeter),
]

import shapely.affinity  # noqa: E402
import shapely.geometry  # noqa: E402
import shapely.ops  # noqa: E402
