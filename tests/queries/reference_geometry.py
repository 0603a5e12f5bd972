"""Second formulas for the independent recomputations, written here and sharing nothing with kgbench.geofunctions.

kgbench measures with pyproj's Karney geodesics, GEOS centroids, rectangles and simplification in an azimuthal
equidistant frame centred on the bounding box rounded to 0.01 degree. A recomputation that called the same
routines in the same frame would repeat their mistakes; these use other formulas for the same quantities:

- :func:`vincenty`: distance and initial azimuth on WGS84 by Vincenty's inverse iteration (not Karney's);
- :func:`area_m2`: polygon area by the shoelace formula in a Lambert azimuthal equal-area frame on the
  representative point (not a geodesic polygon area);
- :func:`perimeter_m`: the sum of Vincenty distances along every ring;
- :func:`centroid`: area-, length- or count-weighted centroid by the shoelace moments in an equidistant frame
  on the exact bounding-box centre (not GEOS's centroid);
- :func:`elongation`: the minimum-area rectangle by rotating over the convex hull's edge directions;
- :func:`simplify_dp`: Douglas-Peucker on every ring refusing chords that cross another edge, written out
  (not GEOS's topology-preserving simplifier).

>>> round(vincenty(0.0, 0.0, 1.0, 0.0)[0])   # one degree of the equator
111319
>>> round(vincenty(24.94, 60.17, 24.94, 61.17)[1], 6)   # due north
0.0
"""

from __future__ import annotations

import math

import numpy as np
import shapely
from pyproj import Proj

A_M = 6378137.0
F = 1 / 298.257223563
B_M = A_M * (1 - F)


def vincenty(lon1, lat1, lon2, lat2):
    """Return (distance in metres, initial azimuth in degrees clockwise from north) on WGS84; arrays work too.

    Vincenty's inverse formula (1975), iterated to 1e-12 radians; not meant for nearly antipodal points.
    """
    lon1, lat1, lon2, lat2 = (np.asarray(v, dtype=float) for v in (lon1, lat1, lon2, lat2))
    u1 = np.arctan((1 - F) * np.tan(np.radians(lat1)))
    u2 = np.arctan((1 - F) * np.tan(np.radians(lat2)))
    big_l = np.radians(lon2 - lon1)
    big_l = (big_l + math.pi) % (2 * math.pi) - math.pi
    su1, cu1, su2, cu2 = np.sin(u1), np.cos(u1), np.sin(u2), np.cos(u2)
    lam = big_l.copy()
    for _ in range(200):
        sl, cl = np.sin(lam), np.cos(lam)
        sin_s = np.hypot(cu2 * sl, cu1 * su2 - su1 * cu2 * cl)
        cos_s = su1 * su2 + cu1 * cu2 * cl
        sigma = np.arctan2(sin_s, cos_s)
        with np.errstate(invalid="ignore", divide="ignore"):
            sin_a = np.where(sin_s == 0, 0.0, cu1 * cu2 * sl / np.where(sin_s == 0, 1.0, sin_s))
            cos2_a = 1 - sin_a ** 2
            cos_2sm = np.where(cos2_a == 0, 0.0, cos_s - 2 * su1 * su2 / np.where(cos2_a == 0, 1.0, cos2_a))
        c = F / 16 * cos2_a * (4 + F * (4 - 3 * cos2_a))
        new = big_l + (1 - c) * F * sin_a * (sigma + c * sin_s * (cos_2sm + c * cos_s * (-1 + 2 * cos_2sm ** 2)))
        done = np.all(np.abs(new - lam) < 1e-12)
        lam = new
        if done:
            break
    sl, cl = np.sin(lam), np.cos(lam)
    sin_s = np.hypot(cu2 * sl, cu1 * su2 - su1 * cu2 * cl)
    cos_s = su1 * su2 + cu1 * cu2 * cl
    sigma = np.arctan2(sin_s, cos_s)
    u_sq = cos2_a * (A_M ** 2 - B_M ** 2) / B_M ** 2
    big_a = 1 + u_sq / 16384 * (4096 + u_sq * (-768 + u_sq * (320 - 175 * u_sq)))
    big_b = u_sq / 1024 * (256 + u_sq * (-128 + u_sq * (74 - 47 * u_sq)))
    d_sigma = big_b * sin_s * (cos_2sm + big_b / 4 * (cos_s * (-1 + 2 * cos_2sm ** 2)
                                                       - big_b / 6 * cos_2sm * (-3 + 4 * sin_s ** 2)
                                                       * (-3 + 4 * cos_2sm ** 2)))
    dist = B_M * big_a * (sigma - d_sigma)
    az = np.degrees(np.arctan2(cu2 * sl, cu1 * su2 - su1 * cu2 * cl)) % 360.0
    if dist.ndim == 0:
        return float(dist), float(az)
    return dist, az


def _polygons(g):
    if g.geom_type == "Polygon":
        return [g]
    return [p for part in getattr(g, "geoms", []) for p in _polygons(part)]


def _lines(g):
    if g.geom_type in ("LineString", "LinearRing"):
        return [g]
    return [q for part in getattr(g, "geoms", []) for q in _lines(part)]


def _ring_moments(xy: np.ndarray) -> tuple[float, float, float]:
    """Return (signed area, x moment, y moment) of a closed ring by the shoelace formula."""
    x, y = xy[:, 0], xy[:, 1]
    cross = x[:-1] * y[1:] - x[1:] * y[:-1]
    return cross.sum() / 2, ((x[:-1] + x[1:]) * cross).sum() / 6, ((y[:-1] + y[1:]) * cross).sum() / 6


def _polygon_moments(polys, fwd) -> tuple[float, float, float]:
    """Return (area, x moment, y moment) of polygons in a frame: exteriors count positive, holes negative."""
    area = mx = my = 0.0
    for poly in polys:
        for k, ring in enumerate([poly.exterior, *poly.interiors]):
            x, y = fwd(*np.asarray(ring.coords)[:, :2].T)
            a, sx, sy = _ring_moments(np.column_stack([x, y]))
            sign = (1 if a > 0 else -1) * (1 if k == 0 else -1)
            area, mx, my = area + sign * a, mx + sign * sx, my + sign * sy
    return area, mx, my


def laea(g) -> Proj:
    """Return a Lambert azimuthal equal-area projection on WGS84 centred on the geometry's representative point."""
    c = g.representative_point()
    return Proj(f"+proj=laea +lat_0={c.y} +lon_0={c.x} +datum=WGS84 +units=m +no_defs")


def aeqd(g) -> Proj:
    """Return an azimuthal equidistant projection on WGS84 centred on the exact centre of the bounding box."""
    x0, y0, x1, y1 = g.bounds
    return Proj(f"+proj=aeqd +lat_0={(y0 + y1) / 2} +lon_0={(x0 + x1) / 2} +datum=WGS84 +units=m +no_defs")


def area_m2(g) -> float:
    """Return the area in square metres of the polygons in ``g`` (holes subtracted), shoelace in an equal-area frame.

    >>> round(area_m2(shapely.box(0, 0, 1, 1)) / 1e6)   # edges straight in the frame: 1 km2 short of geodesic edges
    12308
    """
    polys = _polygons(g)
    return _polygon_moments(polys, laea(g))[0] if polys else 0.0


def _ring_length_m(coords) -> float:
    xy = np.asarray(coords)[:, :2]
    return float(vincenty(xy[:-1, 0], xy[:-1, 1], xy[1:, 0], xy[1:, 1])[0].sum()) if len(xy) > 1 else 0.0


def perimeter_m(g, holes: bool = True) -> float:
    """Return the length in metres of every polygon ring in ``g`` (only the exteriors unless ``holes``), by Vincenty."""
    return sum(_ring_length_m(r.coords) for p in _polygons(g)
               for r in ([p.exterior, *p.interiors] if holes else [p.exterior]))


def centroid(g):
    """Return the centroid (a shapely Point, CRS84) of the highest-dimension parts, computed in :func:`aeqd`.

    Areas by their shoelace moments, lines by their segments' midpoints weighted by length, points by their mean.

    >>> p = centroid(shapely.from_wkt("POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0), (0 0, 1 0, 1 1, 0 1, 0 0))"))
    >>> round(p.x, 2), round(p.y, 2)
    (1.17, 1.17)
    """
    if g.geom_type == "Point":
        return g
    proj = aeqd(g)
    polys = _polygons(g)
    if polys:
        area, mx, my = _polygon_moments(polys, proj)
        if area > 0:
            return shapely.Point(*proj(mx / area, my / area, inverse=True))
    lines = _lines(g)
    if lines:
        total = sx = sy = 0.0
        for line in lines:
            x, y = proj(*np.asarray(line.coords)[:, :2].T)
            seg = np.hypot(np.diff(x), np.diff(y))
            total += seg.sum()
            sx += (seg * (x[:-1] + x[1:]) / 2).sum()
            sy += (seg * (y[:-1] + y[1:]) / 2).sum()
        if total > 0:
            return shapely.Point(*proj(sx / total, sy / total, inverse=True))
    x, y = proj(*shapely.get_coordinates(g).T)
    return shapely.Point(*proj(float(np.mean(x)), float(np.mean(y)), inverse=True))


def elongation(g) -> float:
    """Return 1 - short / long side of the minimum-area enclosing rectangle, found over the hull's edge directions.

    >>> round(elongation(shapely.box(24.0, 60.0, 24.2, 60.01)), 2)   # about 11.1 km by 1.1 km
    0.9
    """
    proj = aeqd(g)
    x, y = proj(*shapely.get_coordinates(g).T)
    hull = np.asarray(shapely.MultiPoint(np.column_stack([x, y])).convex_hull.exterior.coords)
    best = None
    for (x0, y0), (x1, y1) in zip(hull[:-1], hull[1:]):
        t = math.atan2(y1 - y0, x1 - x0)
        c, s = math.cos(t), math.sin(t)
        u, v = hull[:, 0] * c + hull[:, 1] * s, -hull[:, 0] * s + hull[:, 1] * c
        w, h = u.max() - u.min(), v.max() - v.min()
        if best is None or w * h < best[0]:
            best = (w * h, w, h)
    _, w, h = best
    return float(1 - min(w, h) / max(w, h)) if max(w, h) > 0 else 0.0


def _dp_keep(xy: np.ndarray, tol: float, blocked) -> np.ndarray:
    """Return the mask of the points Douglas-Peucker keeps on an open polyline (both ends kept).

    ``blocked(i, j)`` says whether the chord from point i to point j may not replace the points between them
    (it would cross another part of the geometry); such a section is split at its farthest point anyway.
    """
    keep = np.zeros(len(xy), dtype=bool)
    keep[0] = keep[-1] = True
    stack = [(0, len(xy) - 1)]
    while stack:
        i, j = stack.pop()
        if j - i < 2:
            continue
        p, q, mid = xy[i], xy[j], xy[i + 1:j]
        d = q - p
        n = math.hypot(*d)
        if n == 0:
            dist = np.hypot(*(mid - p).T)
        else:
            t = np.clip(((mid - p) @ d) / (n * n), 0.0, 1.0)
            dist = np.hypot(*(mid - (p + np.outer(t, d))).T)
        k = int(np.argmax(dist))
        if dist[k] > tol or blocked(i, j):
            keep[i + 1 + k] = True
            stack += [(i, i + 1 + k), (i + 1 + k, j)]
    return keep


def simplify_dp(g, tol_m: float):
    """Return the polygon(s) of ``g`` with every ring simplified by Douglas-Peucker at ``tol_m`` metres in :func:`aeqd`,
    keeping the topology: a chord that would cross another edge of the geometry is refused (the section is split
    further), and every ring keeps at least a triangle (split at its first point and the point farthest from it).

    >>> ring = [(24 + 0.1 * math.cos(a), 60 + 0.05 * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 60)]
    >>> len(simplify_dp(shapely.Polygon(ring), 2000).exterior.coords) < 20
    True
    """
    proj = aeqd(g)
    polys = _polygons(g)
    rings = [[np.column_stack(proj(*np.asarray(r.coords)[:, :2].T)) for r in [p.exterior, *p.interiors]]
             for p in polys]
    flat = [(k, m, xy) for k, rs in enumerate(rings) for m, xy in enumerate(rs)]
    segs, owner = [], []
    for n, (_, _, xy) in enumerate(flat):
        segs += [shapely.LineString(xy[s:s + 2]) for s in range(len(xy) - 1)]
        owner += [(n, s) for s in range(len(xy) - 1)]
    tree = shapely.STRtree(segs)
    out_rings: dict[tuple[int, int], np.ndarray] = {}
    for n, (k, m, xy) in enumerate(flat):
        def blocked(i, j, xy=xy, n=n, offset=0):
            p, q = xy[i + offset], xy[j + offset]
            e = (q - p) * 1e-7
            chord = shapely.LineString([p + e, q - e])
            for c in tree.query(chord, predicate="intersects"):
                ring, s = owner[c]
                if ring != n or not (i + offset <= s < j + offset):
                    return True
            return False

        far = int(np.argmax(np.hypot(*(xy - xy[0]).T)))
        a = _dp_keep(xy[:far + 1], tol_m, blocked)
        b = _dp_keep(xy[far:], tol_m, lambda i, j, f=blocked, far=far: f(i, j, offset=far))
        s = np.vstack([xy[:far + 1][a], xy[far:][b][1:]])
        out_rings[(k, m)] = np.column_stack(proj(s[:, 0], s[:, 1], inverse=True))
    out = [shapely.Polygon(out_rings[(k, 0)], [out_rings[(k, m)] for m in range(1, len(rs))])
           for k, rs in enumerate(rings)]
    return out[0] if len(out) == 1 else shapely.MultiPolygon(out)
