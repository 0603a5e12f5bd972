"""What makes a parsed geometry unusable: coordinates outside CRS84's range, invalid polygons, unclosed rings.

Each check returns a short description of the first problem, or None; :mod:`kgbench.geofunctions.literals`
turns a problem into a GeometryLiteralError naming the literal, which the registry counts as a failure of
the function that read it (an error under ``--strict``). Nothing here repairs a geometry.
"""

from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

__all__ = ["coordinate_problem", "invalid_polygon", "unclosed_ring", "geojson_rings", "GeometryLiteralError"]


class GeometryLiteralError(ValueError):
    """A literal that is not a geometry kgbench can read; the message names the literal and the problem."""



def coordinate_problem(geom: BaseGeometry) -> str | None:
    """Return what is wrong with the first coordinate that is not finite or outside CRS84's range, else None.

    >>> coordinate_problem(shapely.from_wkt("POINT(200 10)"))
    'longitude 200, latitude 10 (CRS84 needs longitude in [-180, 180] and latitude in [-90, 90])'
    >>> coordinate_problem(shapely.from_wkt("LINESTRING(-180 -90, 180 90)")) is None
    True
    """
    xy = shapely.get_coordinates(geom)
    if not len(xy):
        return None
    lon, lat = xy[:, 0], xy[:, 1]
    with np.errstate(invalid="ignore"):
        ok = np.isfinite(xy).all(axis=1) & (np.abs(lon) <= 180.0) & (np.abs(lat) <= 90.0)
    if ok.all():
        return None
    i = int(np.argmin(ok))
    return (f"longitude {lon[i]:g}, latitude {lat[i]:g} "
            "(CRS84 needs longitude in [-180, 180] and latitude in [-90, 90])")


def invalid_polygon(geom: BaseGeometry) -> str | None:
    """Return GEOS's reason why a polygonal part of ``geom`` is invalid (self-intersection...), else None.

    Non-polygonal parts are not judged here (a zero-length line is tested as GEOS repairs it).

    >>> invalid_polygon(shapely.from_wkt("POLYGON((0 0, 2 2, 2 0, 0 2, 0 0))"))
    'Self-intersection[1 1]'
    >>> invalid_polygon(shapely.from_wkt("LINESTRING(0 0, 0 0)")) is None
    True
    """
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        return None if geom.is_valid else shapely.is_valid_reason(geom)
    if geom.geom_type == "GeometryCollection":
        for part in geom.geoms:
            reason = invalid_polygon(part)
            if reason:
                return reason
    return None


def unclosed_ring(rings) -> str | None:
    """Return a description of the first ring (a sequence of coordinate tuples) whose ends differ, else None.

    >>> unclosed_ring([[(0, 0), (1, 0), (1, 1)]])
    'unclosed ring (starts at (0, 0), ends at (1, 1))'
    """
    for ring in rings:
        if len(ring) and tuple(ring[0]) != tuple(ring[-1]):
            return f"unclosed ring (starts at {tuple(ring[0])}, ends at {tuple(ring[-1])})"
    return None


def geojson_rings(obj):
    """Yield every polygon ring of a GeoJSON geometry object (Polygon, MultiPolygon, GeometryCollection).

    >>> len(list(geojson_rings({"type": "MultiPolygon", "coordinates": [[[[0, 0], [1, 0], [0, 1], [0, 0]]]]})))
    1
    """
    t = obj.get("type") if isinstance(obj, dict) else None
    if t == "Polygon":
        yield from obj.get("coordinates") or []
    elif t == "MultiPolygon":
        for poly in obj.get("coordinates") or []:
            yield from poly
    elif t == "GeometryCollection":
        for g in obj.get("geometries") or []:
            yield from geojson_rings(g)
