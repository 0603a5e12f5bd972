"""Shapes on the longitude/latitude world: valid, of one dimension, cut at the antimeridian.

Helpers of the source importers (:mod:`~kgbench.kg.builder.earthquakes`, :mod:`~kgbench.kg.builder.storms`,
:mod:`~kgbench.kg.builder.us_admin`), whose geometries are CRS84 longitude/latitude, valid (shapely
``make_valid``, the part of the input's own dimension kept) and within [-180, 180] (a shape drawn across
180 degrees with continuous longitudes becomes a multi-part geometry).

>>> wrap_world(shapely.LineString([(170, 0), (190, 0)])).wkt
'MULTILINESTRING ((-180 0, -170 0), (170 0, 180 0))'
>>> unwrap([170.0, -170.0, -160.0]), norm_lon(190.0)
([170.0, 190.0, 200.0], -170.0)
"""

from __future__ import annotations

import shapely
import shapely.affinity
from shapely.geometry import MultiLineString, MultiPolygon

__all__ = ["polygonal", "lineal", "valid", "wrap_world", "norm_lon", "unwrap"]


def polygonal(geom):
    """Return the polygonal part of ``geom`` (a Polygon if one, else a MultiPolygon)."""
    if geom.geom_type in ("Polygon", "MultiPolygon"):
        return geom
    parts = [p for g in shapely.get_parts(geom) for p in (g.geoms if g.geom_type == "MultiPolygon" else [g])
             if p.geom_type == "Polygon" and not p.is_empty]
    return parts[0] if len(parts) == 1 else MultiPolygon(parts)


def lineal(geom):
    """Return the lineal part of ``geom`` (a Point stays a Point; a LineString if one, else a MultiLineString)."""
    if geom.geom_type in ("LineString", "MultiLineString", "Point"):
        return geom
    parts = [p for g in shapely.get_parts(geom) for p in (g.geoms if g.geom_type == "MultiLineString" else [g])
             if p.geom_type == "LineString" and not p.is_empty]
    return parts[0] if len(parts) == 1 else MultiLineString(parts)


def valid(geom):
    """Return ``geom`` valid, keeping the part of its own dimension."""
    if geom.is_valid:
        return geom
    fixed = shapely.make_valid(geom)
    return polygonal(fixed) if geom.geom_type in ("Polygon", "MultiPolygon") else lineal(fixed)


def wrap_world(geom):
    """Cut a geometry drawn with continuous longitudes (possibly beyond +-180) into the [-180, 180] world."""
    minx, _, maxx, _ = geom.bounds
    if -180.0 <= minx and maxx <= 180.0:
        return geom
    pieces = []
    for shift in (-720.0, -360.0, 0.0, 360.0, 720.0):
        part = geom.intersection(shapely.box(-180.0 - shift, -90.0, 180.0 - shift, 90.0))
        if not part.is_empty:
            pieces.append(shapely.affinity.translate(part, xoff=shift))
    merged = shapely.unary_union(pieces)
    return polygonal(merged) if geom.geom_type in ("Polygon", "MultiPolygon") else lineal(shapely.line_merge(merged))


def norm_lon(lon: float) -> float:
    """Return the longitude in [-180, 180]."""
    return lon if -180.0 <= lon <= 180.0 else ((lon + 180.0) % 360.0) - 180.0


def unwrap(lons: list[float]) -> list[float]:
    """Make a sequence of longitudes continuous (a jump of more than 180 degrees crosses the antimeridian)."""
    out = [lons[0]]
    for x in lons[1:]:
        while x - out[-1] > 180.0:
            x -= 360.0
        while out[-1] - x > 180.0:
            x += 360.0
        out.append(x)
    return out
