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

from kgbench.geofunctions.literals import derived, parse_geometry
from kgbench.geofunctions.registry import GeoFunction
from kgbench.geofunctions.terms import double
from kgbench.geofunctions.units import UOM, area_factor, length_factor
from kgbench.ontologies import GEOF as GEOF_NS, KGBF as KGBF_NS

__all__ = [
    "GEOF", "KGBF", "UOM", "WGS84", "geodesic_distance_m", "nearest_geodesic_points", "length_m", "area_m2",
    "perimeter_m", "FUNCTIONS", "unit_factor",
]

GEOF = GEOF_NS.base
KGBF = KGBF_NS.base
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


_G = (math.sqrt(5) - 1) / 2


def _golden_lanes(f, n: int, iters: int = 40) -> np.ndarray:
    """Return, for each of ``n`` lanes, the argument in [0, 1] minimizing the unimodal ``f`` (golden-section search).

    ``f`` maps an array of ``n`` arguments to ``n`` values, so every step of all the searches is one call (one
    array call of pyproj's inverse geodesic instead of a call per point); each lane follows exactly the steps of
    a scalar golden-section search, ties going to the left point, and the result is the least of the end points
    and the two inner points (equal values: the smaller argument).
    """
    a, b = np.zeros(n), np.ones(n)
    c, d = b - _G * (b - a), a + _G * (b - a)
    fc, fd = f(c), f(d)
    for _ in range(iters):
        left = fc <= fd
        b = np.where(left, d, b)
        a = np.where(left, a, c)
        new = np.where(left, b - _G * (b - a), a + _G * (b - a))
        fnew = f(new)
        c, d = np.where(left, new, d), np.where(left, c, new)
        fc, fd = np.where(left, fnew, fd), np.where(left, fc, fnew)
    best_f, best_u = f(a), a
    for fu, u in ((fc, c), (fd, d), (f(b), b)):
        better = (fu < best_f) | ((fu == best_f) & (u < best_u))
        best_f, best_u = np.where(better, fu, best_f), np.where(better, u, best_u)
    return best_u


def _nearest_between(pairs, best: tuple[float, tuple, tuple]) -> tuple[float, tuple, tuple]:
    """Return (metres, point on the first, point on the second) of the nearest of segment ``pairs``, or ``best``.

    Two segments that do not cross are nearest at an end point of one of them, so each pair's minimum is the
    least of the four end-point-to-segment minima (golden-section searches along the segment, all run at
    once). Lanes are taken in order (the first of equal minima wins) and replace ``best`` only when nearer.
    """
    ends, segs, flips = [], [], []
    for sa, sb in pairs:
        for seg, other, flip in ((sb, sa, False), (sa, sb, True)):
            for end in ((other[0], other[1]), (other[2], other[3])):
                ends.append(end)
                segs.append(seg)
                flips.append(flip)
    if not ends:
        return best
    e, sg = np.array(ends, dtype=float), np.array(segs, dtype=float)
    degenerate = (sg[:, 0] == sg[:, 2]) & (sg[:, 1] == sg[:, 3])
    u = np.zeros(len(e))
    live = np.flatnonzero(~degenerate)
    if len(live):
        el, sl = e[live], sg[live]

        def f(v):
            return _INV(el[:, 0], el[:, 1], sl[:, 0] + v * (sl[:, 2] - sl[:, 0]),
                        sl[:, 1] + v * (sl[:, 3] - sl[:, 1]))[2]

        u[live] = _golden_lanes(f, len(live))
    qx = np.where(degenerate, sg[:, 0], sg[:, 0] + u * (sg[:, 2] - sg[:, 0]))
    qy = np.where(degenerate, sg[:, 1], sg[:, 1] + u * (sg[:, 3] - sg[:, 1]))
    dist = np.asarray(_INV(e[:, 0], e[:, 1], qx, qy)[2])
    i = int(np.argmin(dist))  # the first of equal minima
    if not dist[i] < best[0]:
        return best
    end, q = (float(e[i, 0]), float(e[i, 1])), (float(qx[i]), float(qy[i]))
    return (float(dist[i]), q, end) if flips[i] else (float(dist[i]), end, q)


def nearest_geodesic_points(a: BaseGeometry, b: BaseGeometry) -> tuple[tuple[float, float], tuple[float, float]]:
    """Return the pair of (lon, lat) points, one on ``a`` and one on ``b``, nearest on the WGS84 ellipsoid.

    Edges are straight lines in longitude/latitude (as for the topological relations). The nearest pair is
    first searched in a local metric frame (metres per degree of longitude and latitude at the pair's
    latitude); then, over the few edges of each geometry nearest to that pair, the geodesic distance
    between a point of one edge and a point of the other is minimized (from each edge's end points along the
    other edge, by golden-section search).
    """
    for p, g, flip in ((a, b, False), (b, a, True)):
        if p.geom_type == "Point" and g.geom_type != "Point" and shapely.get_num_coordinates(g) > _INDEXED:
            pa, pb = _point_to_indexed(p, g)
            return (pb, pa) if flip else (pa, pb)
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
    best = _nearest_between([(s1, s2) for s1 in cand_a for s2 in cand_b],
                            (WGS84.inv(pa[0], pa[1], pb[0], pb[1])[2], pa, pb))
    return best[1], best[2]


#: geometries with more vertices than this get a segment index (an R-tree), remembered with the geometry
_INDEXED = 256


class _SegmentIndex:
    """The segments of a geometry (:func:`_segments`) with an R-tree over them in longitude/latitude."""

    def __init__(self, geom: BaseGeometry):
        self.segs = _segments(geom)
        with np.errstate(divide="ignore", invalid="ignore"):
            self.tree = shapely.STRtree(shapely.linestrings(np.stack([self.segs[:, [0, 1]], self.segs[:, [2, 3]]],
                                                                     axis=1)))


def _point_to_indexed(p, g: BaseGeometry) -> tuple[tuple[float, float], tuple[float, float]]:
    """Return :func:`nearest_geodesic_points` of a point and a large geometry it does not touch, by R-tree.

    The same search as for any pair, over the segments an R-tree finds instead of all of them: the nearest
    segment in degrees bounds the distance in the local metric frame, and every segment within that bound
    (times the 1% tie margin, plus 1 m) of the point lies in the box the tree is asked for. A point inside a
    polygon is 0 m from it: answered without the index.
    """
    if g.intersects(p):
        return (p.x, p.y), (p.x, p.y)
    idx = derived(g, "segment index", _SegmentIndex)
    px, py = p.x, p.y
    with np.errstate(divide="ignore", invalid="ignore"):
        first = idx.tree.geometries[int(idx.tree.query_nearest(p)[0])]
        q = shapely.ops.nearest_points(p, first)[1]
    kx, ky = _local_scale((py + q.y) / 2.0)
    r = math.hypot((q.x - px) * kx, (q.y - py) * ky) * 1.01 + 1.0
    near = np.sort(idx.tree.query(shapely.box(px - r / kx, py - r / ky, px + r / kx, py + r / ky)))
    cand = _near_segments(idx.segs[near], (px, py), kx, ky)  # nearest first
    with np.errstate(divide="ignore", invalid="ignore"):
        qb = shapely.ops.nearest_points(shapely.geometry.Point(px * kx, py * ky),
                                        shapely.linestrings([cand[0, :2] * (kx, ky), cand[0, 2:] * (kx, ky)]))[1]
    pb = (qb.x / kx, qb.y / ky)
    point = np.array([px, py, px, py])
    best = _nearest_between([(point, s2) for s2 in cand], (WGS84.inv(px, py, pb[0], pb[1])[2], (px, py), pb))
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
