"""Tolerances and geometric measures of ``spec/scoring.md``: the distance ``d`` and tolerance ``tau`` per format.

Shared by the scorer (:mod:`kgbench.evaluation.scoring`) and the release audit (:mod:`kgbench.release.audit`).
"""

from __future__ import annotations

import functools

import h3
import numpy as np
import pyproj
import shapely

__all__ = [
    "distance_tolerance", "area_tolerance", "count_tolerance", "ratio_tolerance", "angle_difference",
    "geodesic_km", "iou", "h3_matches", "POINT_TOLERANCE_KM", "ANGLE_TOLERANCE_DEG", "DATE_TOLERANCE_DAYS",
    "IOU_THRESHOLD", "RATIO_ZERO_TOLERANCE",
]

#: tolerance of the Point coordinates format: max(5, 0.05 * 200) km
POINT_TOLERANCE_KM = max(5.0, 0.05 * 200.0)
#: angular tolerance of the Polar format, degrees
ANGLE_TOLERANCE_DEG = 5.0
#: date tolerance by the gold's precision, days
DATE_TOLERANCE_DAYS = {"day": 1, "month": 15, "year": 365}
#: a polygon answer is exact when IoU >= this
IOU_THRESHOLD = 0.5
#: the Ratio tolerance floor, so that a gold ratio of 0 is matched only by 0 (up to float noise)
RATIO_ZERO_TOLERANCE = 1e-9


def distance_tolerance(gold_km: float) -> float:
    """Return the Distance tolerance in km: max(delta, 0.05 * |gold|).

    delta is 0.5 km when |gold| < 50 km, 5 km when 50 <= |gold| < 500 km, 10 km when |gold| >= 500 km.

    >>> distance_tolerance(10), distance_tolerance(49.9), distance_tolerance(50), distance_tolerance(500)
    (0.5, 2.495, 5.0, 25.0)
    """
    g = abs(gold_km)
    delta = 0.5 if g < 50 else 5.0 if g < 500 else 10.0
    return max(delta, 0.05 * g)


def area_tolerance(gold_km2: float) -> float:
    """Return the Area tolerance in km2: max(delta, 0.05 * |gold|).

    delta is 0.25 km2 when |gold| < 2,500, 25 km2 when 2,500 <= |gold| < 250,000, 100 km2 above.

    >>> area_tolerance(1), area_tolerance(2500), area_tolerance(250000)
    (0.25, 125.0, 12500.0)
    """
    g = abs(gold_km2)
    delta = 0.25 if g < 2500 else 25.0 if g < 250000 else 100.0
    return max(delta, 0.05 * g)


def count_tolerance(gold: float) -> float:
    """Return the Count tolerance max(1, 0.05 * |gold|): small counts must be exact.

    >>> count_tolerance(7), count_tolerance(400)
    (1.0, 20.0)
    """
    return max(1.0, 0.05 * abs(gold))


def ratio_tolerance(gold: float) -> float:
    """Return the Ratio tolerance 0.05 * |gold|, floored at :data:`RATIO_ZERO_TOLERANCE`.

    The spec's tau is 0 for a gold ratio of 0, which no answer could beat (E needs d < tau); the floor makes
    a gold 0 exactly matched by an answer within 1e-9 of 0, and any visible error scores e = 1.

    >>> ratio_tolerance(2.0), ratio_tolerance(0)
    (0.1, 1e-09)
    """
    return max(0.05 * abs(gold), RATIO_ZERO_TOLERANCE)


def angle_difference(a: float, b: float) -> float:
    """Return the smallest absolute difference between two angles in degrees, in [0, 180].

    >>> angle_difference(358, 2), angle_difference(90, 270)
    (4.0, 180.0)
    """
    diff = abs(a - b) % 360.0
    return min(diff, 360.0 - diff)


@functools.lru_cache(maxsize=1)
def _geod() -> pyproj.Geod:
    return pyproj.Geod(ellps="WGS84")


def geodesic_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Return the WGS84 geodesic distance between two points in km.

    >>> round(geodesic_km(0, 0, 0, 1), 3)
    111.319
    """
    return _geod().inv(lon1, lat1, lon2, lat2)[2] / 1000.0


@functools.lru_cache(maxsize=1)
def _to_equal_area() -> pyproj.Transformer:
    return pyproj.Transformer.from_crs("OGC:CRS84", "EPSG:6933", always_xy=True)


def _project(geom):
    def transform(coords: np.ndarray) -> np.ndarray:
        x, y = _to_equal_area().transform(coords[:, 0], coords[:, 1])
        return np.column_stack([x, y])

    projected = shapely.transform(geom, transform)
    return projected if projected.is_valid else shapely.make_valid(projected)


def iou(a, b) -> float:
    """Return the intersection over union of two CRS84 geometries, areas taken in EPSG:6933 (equal-area).

    Invalid geometries are repaired first; lines and points have no area, so a non-polygonal geometry has
    IoU 0 with anything. Two geometries without area have IoU 0.

    >>> from shapely.geometry import box
    >>> round(iou(box(0, 0, 2, 1), box(1, 0, 3, 1)), 6)
    0.333333
    """
    pa, pb = _project(a), _project(b)
    inter = pa.intersection(pb).area
    union = pa.area + pb.area - inter
    return inter / union if union > 0 else 0.0


def h3_matches(predicted: str, gold: str) -> bool:
    """Return True when a predicted H3 cell answers a gold H3 cell: the same cell, or a finer one inside it.

    A finer predicted cell scores when its ancestor at the gold's resolution is the gold cell. A coarser cell
    never scores, even when the gold lies inside it (it has no ancestor at the gold's resolution): answering
    the resolution-0 parent of every gold would otherwise be right every time (``spec/scoring.md``).

    >>> gold = h3.latlng_to_cell(60.17, 24.94, 7)
    >>> h3_matches(gold, gold), h3_matches(h3.cell_to_children(gold, 9)[0], gold)
    (True, True)
    >>> h3_matches(h3.cell_to_parent(gold, 0), gold), h3_matches(h3.cell_to_parent(gold, 6), gold)
    (False, False)
    """
    gold_res = h3.get_resolution(gold)
    if h3.get_resolution(predicted) < gold_res:
        return False
    return h3.cell_to_parent(predicted, gold_res) == gold
