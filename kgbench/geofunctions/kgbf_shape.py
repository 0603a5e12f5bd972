"""kgbench's shape and centrality functions: compactness, elongation, shape index and fractal dimension of a
boundary at a simplification scale, most central points (medoid, pole of inaccessibility), enclosure, and
counting intersection points.

Areas and perimeters are geodesic on WGS84 (see :mod:`kgbench.geofunctions.metric`); constructions that need a
plane (simplification, minimum rotated rectangle, inscribed circle) use a local equidistant frame in metres.
"""

from __future__ import annotations

import math

import numpy as np
import shapely
import shapely.geometry
from pyoxigraph import Literal

from kgbench.geofunctions.construct import local_projection
from kgbench.geofunctions.literals import parse_geometry, read_literal
from kgbench.geofunctions.writers import geometry_literal
from kgbench.geofunctions.metric import WGS84, area_m2, perimeter_m
from kgbench.geofunctions.registry import GeoFunction
from kgbench.geofunctions.terms import as_float, boolean, double, integer
from kgbench.ontologies import KGBF as KGBF_NS

__all__ = ["KGBF", "polsby_popper", "elongation", "simplified", "medoid", "connected_groups", "FUNCTIONS",
           "AGGREGATES"]

KGBF = KGBF_NS.base


def _areal(term):
    g = parse_geometry(term)
    if g.is_empty or g.geom_type not in ("Polygon", "MultiPolygon"):
        raise ValueError(f"expected a non-empty (multi)polygon, got {'EMPTY' if g.is_empty else g.geom_type}")
    return g


def polsby_popper(geom, holes: bool = True) -> float:
    """Return 4 pi A / P^2 of a polygon (1 for a circle, towards 0 for ragged or thin shapes), geodesic A and P.

    ``holes``: whether P counts the interior rings (an enclave's border: South Africa's around Lesotho);
    A always leaves the holes out.
    """
    outline = geom if holes else shapely.MultiPolygon([shapely.Polygon(q.exterior) for q in _parts(geom)])
    p = perimeter_m(outline)
    return 4 * math.pi * area_m2(geom) / (p * p)


def _parts(geom):
    return [geom] if geom.geom_type == "Polygon" else [q for q in geom.geoms if q.geom_type == "Polygon"]


def elongation(geom) -> float:
    """Return 1 - short side / long side of the minimum rotated rectangle (local frame): 0 for a square, -> 1 thin."""
    fwd, _ = local_projection(geom)
    rect = shapely.minimum_rotated_rectangle(fwd(geom))
    c = np.asarray(rect.exterior.coords)
    sides = np.hypot(*(c[1:3] - c[0:2]).T)
    return 1.0 - float(sides.min() / sides.max()) if sides.max() > 0 else 0.0


def simplified(geom, scale_m: float):
    """Return the polygon simplified (Douglas-Peucker, topology preserving) at ``scale_m`` metres, in CRS84."""
    if scale_m < 0:
        raise ValueError(f"simplification scale must be >= 0, got {scale_m}")
    if scale_m == 0:
        return geom
    fwd, inv = local_projection(geom)
    return inv(fwd(geom).simplify(scale_m, preserve_topology=True))


def kgbf_compactness(g):
    """Return the Polsby-Popper compactness 4 pi A / P^2 of a polygon (geodesic; pi/4 for a square).

    A point, a line or EMPTY is an error.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> sq = Literal("POLYGON((0 0,0.01 0,0.01 0.01,0 0.01,0 0))", datatype=WKT_LITERAL)
    >>> round(float(kgbf_compactness(sq).value), 3)
    0.785
    """
    return double(polsby_popper(_areal(g)))


def kgbf_outer_compactness(g):
    """Return the Polsby-Popper compactness 4 pi A / P^2 of a polygon, P the length of its outer rings only.

    As :func:`kgbf_compactness` but the interior rings (holes: the border around an enclave) do not count
    toward P; A still leaves the holes out. Equal to it for a polygon without holes.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> ring = Literal("POLYGON((0 0,0.02 0,0.02 0.02,0 0.02,0 0),(0.005 0.005,0.015 0.005,0.015 0.015,0.005 0.015,"
    ...                "0.005 0.005))", datatype=WKT_LITERAL)
    >>> round(float(kgbf_outer_compactness(ring).value), 3), round(float(kgbf_compactness(ring).value), 3)
    (0.589, 0.262)
    """
    return double(polsby_popper(_areal(g), holes=False))


def kgbf_elongation(g):
    """Return the elongation 1 - width / length of the polygon's minimum rotated rectangle (0 square, towards 1 thin).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> r = Literal("POLYGON((0 0,0.04 0,0.04 0.01,0 0.01,0 0))", datatype=WKT_LITERAL)
    >>> round(float(kgbf_elongation(r).value), 2)
    0.75
    """
    return double(elongation(_areal(g)))


def kgbf_shape_index(g, scale_km=None):
    """Return the shape index P / (2 sqrt(pi A)) of the polygon simplified at ``scale_km`` km (1 for a circle).

    Geodesic P and A; ``scale_km`` 0 or absent: no simplification.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> sq = Literal("POLYGON((0 0,0.01 0,0.01 0.01,0 0.01,0 0))", datatype=WKT_LITERAL)
    >>> round(float(kgbf_shape_index(sq).value), 3)
    1.128
    """
    geom = simplified(_areal(g), 0.0 if scale_km is None else as_float(scale_km) * 1000.0)
    return double(perimeter_m(geom) / (2 * math.sqrt(math.pi * area_m2(geom))))


def kgbf_fractal_dimension(g, scale_km=None):
    """Return the perimeter-area fractal dimension 2 ln(P / 4) / ln(A) (P in m, A in m^2) of the polygon
    simplified at ``scale_km`` km: near 1 for smooth boundaries, towards 2 for convoluted ones.

    A polygon under 1 m^2 is an error (the logarithm of its area is not positive).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> sq = Literal("POLYGON((0 0,0.01 0,0.01 0.01,0 0.01,0 0))", datatype=WKT_LITERAL)
    >>> round(float(kgbf_fractal_dimension(sq).value), 3)
    1.0
    """
    geom = simplified(_areal(g), 0.0 if scale_km is None else as_float(scale_km) * 1000.0)
    a = area_m2(geom)
    if a <= 1.0:
        raise ValueError("fractal dimension needs an area above 1 square metre")
    return double(2 * math.log(perimeter_m(geom) / 4) / math.log(a))


def medoid(points: list[tuple[float, float]]) -> tuple[float, float]:
    """Return the member of ``points`` (lon, lat) with the least summed geodesic distance to all the others."""
    if not points:
        raise ValueError("the medoid of no points is undefined")
    pts = np.asarray(points, dtype=float)
    n = len(pts)
    best, best_sum = 0, math.inf
    for i in range(n):
        _, _, d = WGS84.inv(np.full(n, pts[i, 0]), np.full(n, pts[i, 1]), pts[:, 0], pts[:, 1])
        s = float(np.sum(d))
        if s < best_sum:
            best, best_sum = i, s
    return tuple(pts[best])


def kgbf_medoid(g):
    """Return the medoid of the geometry's vertices (the vertex with least summed geodesic distance to the
    others) as a point in the same serialization; a polygon's closing vertex counts once.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> kgbf_medoid(Literal("MULTIPOINT((0 0),(1 0),(5 0))", datatype=WKT_LITERAL)).value
    'POINT (1 0)'
    """
    v = read_literal(g)
    if v.geom.is_empty:
        raise ValueError("the medoid of an empty geometry is undefined")
    pts = list(dict.fromkeys(map(tuple, shapely.get_coordinates(v.geom).tolist())))
    return geometry_literal(shapely.geometry.Point(medoid(pts)), v.kind, v.crs)


def kgbf_pole_of_inaccessibility(g, tolerance_m=None):
    """Return the pole of inaccessibility of a polygon (the interior point farthest from its boundary) as a point.

    For a multipolygon, of its largest part. Computed in a local equidistant frame centred on that part, to
    ``tolerance_m`` metres (default: 1/1000 of the part's larger side).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> p = shapely.from_wkt(kgbf_pole_of_inaccessibility(Literal("POLYGON((0 0,0.02 0,0.02 0.01,0 0.01,0 0))", datatype=WKT_LITERAL)).value)
    >>> round(p.y, 4)
    0.005
    """
    v = read_literal(g)
    geom = _areal_geom(v.geom)
    if geom.geom_type == "MultiPolygon":
        # the largest part, then a frame centred on that part: a frame centred on the whole (say a country with
        # far-off islands) distorts the part and moves its pole by kilometres
        whole, _ = local_projection(geom)
        parts = list(geom.geoms)
        geom = parts[max(range(len(parts)), key=lambda i: whole(parts[i]).area)]
    fwd, inv = local_projection(geom)
    local = fwd(geom)
    x0, y0, x1, y1 = local.bounds
    tol = as_float(tolerance_m) if tolerance_m is not None else max(x1 - x0, y1 - y0) / 1000.0
    line = shapely.maximum_inscribed_circle(local, tolerance=tol)
    return geometry_literal(inv(shapely.get_point(line, 0)), v.kind, v.crs)


def _areal_geom(geom):
    if geom.is_empty or geom.geom_type not in ("Polygon", "MultiPolygon"):
        raise ValueError(f"expected a non-empty (multi)polygon, got {'EMPTY' if geom.is_empty else geom.geom_type}")
    return geom


def kgbf_surrounds(a, b):
    """Return xsd:boolean: whether the first geometry (a polygon) completely surrounds the second.

    True when the second lies in the first with its holes filled and meets no interior point of the first:
    an island in a lake, a district enclosed by another one's ring.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> ring = Literal("POLYGON((0 0,3 0,3 3,0 3,0 0),(1 1,2 1,2 2,1 2,1 1))", datatype=WKT_LITERAL)
    >>> kgbf_surrounds(ring, Literal("POLYGON((1 1,2 1,2 2,1 2,1 1))", datatype=WKT_LITERAL)).value
    'true'
    """
    ga, gb = _areal_geom(parse_geometry(a)), parse_geometry(b)
    if gb.is_empty:
        return boolean(False)
    polys = ga.geoms if ga.geom_type == "MultiPolygon" else [ga]
    filled = shapely.union_all([shapely.geometry.Polygon(p.exterior) for p in polys])
    inside = filled.covers(gb)
    m = shapely.relate(ga, gb)
    return boolean(bool(inside) and m[0] == "F" and not ga.covers(gb))


def kgbf_intersection_points(a, b):
    """Return how many separate places two geometries meet in (an xsd:integer): crossing points plus shared
    stretches, each counted once.

    A place is a connected part of the intersection: a shared stretch that the overlay returns in several
    pieces (one per vertex of either line) is one place, and so is a crossing point on it.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> zig = Literal("LINESTRING(0 0,1 2,2 0,3 2)", datatype=WKT_LITERAL)
    >>> kgbf_intersection_points(zig, Literal("LINESTRING(0 1,3 1)", datatype=WKT_LITERAL)).value
    '3'
    >>> a = Literal("LINESTRING(0 0,1 0,2 0,3 0,3 3)", datatype=WKT_LITERAL)  # a stretch shared, then a crossing
    >>> kgbf_intersection_points(a, Literal("LINESTRING(0 0,1.5 0,3 0,4 1,4 2,2 2)", datatype=WKT_LITERAL)).value
    '2'
    """
    inter = shapely.intersection(parse_geometry(a), parse_geometry(b))
    if inter.is_empty:
        return integer(0)
    return integer(connected_parts(shapely.get_parts(inter)))


def connected_parts(parts) -> int:
    """Return how many connected groups the geometries form (two are connected when they intersect).

    >>> connected_parts(shapely.get_parts(shapely.from_wkt("MULTIPOINT((0 0),(1 1))")))
    2
    >>> connected_parts([shapely.from_wkt("LINESTRING(0 0,1 0)"), shapely.from_wkt("POINT(1 0)")])
    1
    """
    return len(connected_groups(parts))


def connected_groups(parts) -> list[list[int]]:
    """Return the connected groups of the geometries as lists of their indices, each sorted, ordered by first index.

    Two geometries are connected when they intersect, and connection is transitive (a chain is one group).
    No geometries give no groups.

    >>> connected_groups([shapely.from_wkt("LINESTRING(0 0,1 0)"), shapely.from_wkt("POINT(5 5)"),
    ...                   shapely.from_wkt("LINESTRING(1 0,2 0)"), shapely.from_wkt("POINT(2 0)")])
    [[0, 2, 3], [1]]
    """
    parts = list(parts)
    root = list(range(len(parts)))

    def find(i: int) -> int:
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    if len(parts) > 1:
        left, right = shapely.STRtree(parts).query(parts, predicate="intersects")
        for i, j in zip(left.tolist(), right.tolist()):
            root[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(parts)):
        groups.setdefault(find(i), []).append(i)
    return sorted(groups.values())


class _MedoidAggregate:
    def __init__(self):
        self.points, self.first = [], None

    def accumulate(self, term):
        v = read_literal(term)
        self.first = self.first or v
        if not v.geom.is_empty:
            c = v.geom if v.geom.geom_type == "Point" else v.geom.centroid
            self.points.append((c.x, c.y))

    def finish(self):
        if not self.points:
            raise ValueError("the medoid of an empty group is undefined")
        return geometry_literal(shapely.geometry.Point(medoid(self.points)), self.first.kind, self.first.crs)


def kgbf_agg_medoid():
    """Return an accumulator whose result is the medoid point of the group's locations (centroids for non-points).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> acc = kgbf_agg_medoid()
    >>> for w in ("POINT(0 0)", "POINT(1 0)", "POINT(5 0)"):
    ...     acc.accumulate(Literal(w, datatype=WKT_LITERAL))
    >>> acc.finish().value
    'POINT (1 0)'
    """
    return _MedoidAggregate()


FUNCTIONS = [
    GeoFunction(KGBF + "compactness", kgbf_compactness),
    GeoFunction(KGBF + "outerCompactness", kgbf_outer_compactness),
    GeoFunction(KGBF + "elongation", kgbf_elongation),
    GeoFunction(KGBF + "shapeIndex", kgbf_shape_index),
    GeoFunction(KGBF + "fractalDimension", kgbf_fractal_dimension),
    GeoFunction(KGBF + "medoid", kgbf_medoid),
    GeoFunction(KGBF + "poleOfInaccessibility", kgbf_pole_of_inaccessibility),
    GeoFunction(KGBF + "surrounds", kgbf_surrounds),
    GeoFunction(KGBF + "intersectionPoints", kgbf_intersection_points),
]
AGGREGATES = [GeoFunction(KGBF + "aggMedoid", kgbf_agg_medoid, aggregate=True)]
