"""A scene as a GeoJSON FeatureCollection (RFC 7946), and the check that one is valid.

:func:`scene_geojson` writes one Feature per task feature: ``id`` the anonymous id, ``properties`` only
``role``, ``name`` (absent when hidden) and ``category`` (when the question names it), the geometry's
coordinates exactly as the gold WKT has them (CRS84 longitude, latitude, RFC 7946 section 4), with

- polygon rings oriented by the right-hand rule (exterior counterclockwise, holes clockwise; section 3.1.6):
  reversing a ring changes no coordinate;
- a line or polygon that crosses the antimeridian cut in two along it (section 3.1.9): a segment whose
  longitudes jump by more than 180 degrees is taken as the short way across longitude 180, and the parts
  each side are written as a Multi* geometry, the cut's new vertices at +-180;
- no ``crs`` member (section 4) and a ``bbox`` (section 5) whose west is greater than its east when the
  scene crosses the antimeridian (section 5.2).

:func:`validate_geojson` checks a document against ``rfc7946.schema.json`` (a JSON Schema written from the
RFC, beside this module) and what a schema cannot say: closed rings and their orientation.
"""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

import shapely
import shapely.affinity
from shapely.geometry import mapping
from shapely.geometry.base import BaseGeometry

from kgbench.evaluation.scenes.model import Scene

__all__ = ["scene_geojson", "geojson_geometry", "validate_geojson", "GEOJSON_SCHEMA", "GeoJSONError"]

#: the JSON Schema of an RFC 7946 FeatureCollection (path)
GEOJSON_SCHEMA = Path(__file__).with_name("rfc7946.schema.json")


class GeoJSONError(ValueError):
    """A GeoJSON document that RFC 7946 does not allow."""


def _crosses(coords) -> bool:
    """Return True if consecutive longitudes of a coordinate sequence jump by more than 180 degrees."""
    return any(abs(b[0] - a[0]) > 180 for a, b in zip(coords, coords[1:]))


def _unwrap(geom: BaseGeometry) -> BaseGeometry:
    """Return the geometry with each ring's or line's longitudes made continuous (a jump of more than 180
    degrees is taken across the antimeridian), so that it may run past 180."""
    def fix(coords):
        out, shift = [], 0.0
        for n, (x, y, *z) in enumerate(coords):
            if n:
                prev = coords[n - 1][0]
                if x - prev > 180:
                    shift -= 360
                elif prev - x > 180:
                    shift += 360
            out.append((x + shift, y, *z))
        if out and min(c[0] for c in out) < -180:
            out = [(x + 360, y, *z) for x, y, *z in out]
        return out

    kind = geom.geom_type
    if kind == "LineString":
        return shapely.LineString(fix(list(geom.coords)))
    if kind == "Polygon":
        return shapely.Polygon(fix(list(geom.exterior.coords)), [fix(list(r.coords)) for r in geom.interiors])
    return geom


def _cut(geom: BaseGeometry) -> BaseGeometry:
    """Return a line or polygon crossing the antimeridian as the parts each side of it (longitudes in
    [-180, 180]); any other geometry unchanged."""
    if geom.geom_type in ("MultiLineString", "MultiPolygon", "GeometryCollection"):
        parts = [_cut(g) for g in geom.geoms]
        flat = [q for p in parts for q in (p.geoms if p.geom_type.startswith("Multi") else [p])]
        if len(flat) == len(geom.geoms):
            return geom
        return type(geom)(flat) if geom.geom_type != "GeometryCollection" else shapely.GeometryCollection(flat)
    rings = [geom.coords] if geom.geom_type == "LineString" else (
        [geom.exterior.coords, *[r.coords for r in geom.interiors]] if geom.geom_type == "Polygon" else [])
    if not any(_crosses(list(r)) for r in rings):
        return geom
    whole = _unwrap(geom)
    west, east = shapely.box(-540, -90, 180, 90), shapely.box(180, -90, 540, 90)
    pieces = [whole.intersection(west), shapely.affinity.translate(whole.intersection(east), -360)]
    flat = []
    for p in pieces:
        flat.extend(p.geoms if hasattr(p, "geoms") else [p])
    keep = "LineString" if geom.geom_type == "LineString" else "Polygon"
    flat = [p for p in flat if p.geom_type == keep and not p.is_empty]
    return shapely.MultiLineString(flat) if keep == "LineString" else shapely.MultiPolygon(flat)


def geojson_geometry(geom: BaseGeometry) -> dict:
    """Return the RFC 7946 geometry object of a CRS84 shapely geometry: rings by the right-hand rule, cut at the
    antimeridian, coordinates otherwise as they are.

    >>> geojson_geometry(shapely.from_wkt("POLYGON ((0 0, 0 1, 1 1, 0 0))"))["coordinates"]
    [[[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [0.0, 0.0]]]
    >>> geojson_geometry(shapely.from_wkt("LINESTRING (170 0, -170 0)"))["type"]
    'MultiLineString'
    """
    geom = _cut(geom)
    if geom.geom_type in ("Polygon", "MultiPolygon", "GeometryCollection"):
        geom = shapely.orient_polygons(geom, exterior_cw=False)
    return json.loads(json.dumps(mapping(geom)))  # tuples -> lists


def _bbox(geoms: list[BaseGeometry]) -> list[float] | None:
    """Return the [west, south, east, north] of geometries, west > east when the shortest box crosses 180."""
    if not geoms:
        return None
    minx, miny, maxx, maxy = shapely.total_bounds(geoms)
    xs = sorted({c[0] for g in geoms for c in shapely.get_coordinates(g)})
    gaps = [(b - a, b, a) for a, b in zip(xs, xs[1:])] + [(xs[0] + 360 - xs[-1], xs[0], xs[-1])]
    width, west, east = max(gaps)
    if width > 360 - (maxx - minx) and west > east:  # the widest empty span is the one across 180
        return [float(west), float(miny), float(east), float(maxy)]
    return [float(minx), float(miny), float(maxx), float(maxy)]


def scene_geojson(scene: Scene) -> dict:
    """Return the scene as an RFC 7946 FeatureCollection (a JSON-ready dict; see the module docstring).

    >>> from kgbench.evaluation.scenes.model import SceneFeature
    >>> s = Scene("x", (SceneFeature("A", "A", "Kallio", None, shapely.Point(24.95, 60.18)),))
    >>> fc = scene_geojson(s)
    >>> fc["features"][0]["id"], fc["features"][0]["properties"], fc["features"][0]["geometry"]["coordinates"]
    ('A', {'role': 'A', 'name': 'Kallio'}, [24.95, 60.18])
    """
    features = []
    for f in scene.features:
        props = {"role": f.role}
        if f.name:
            props["name"] = f.name
        if f.category:
            props["category"] = f.category
        features.append({"type": "Feature", "id": f.id, "geometry": geojson_geometry(f.geometry),
                         "properties": props})
    out = {"type": "FeatureCollection", "features": features}
    box = _bbox([f.geometry for f in scene.features if not f.geometry.is_empty])
    if box is not None:
        out["bbox"] = box
    return out


@functools.cache
def _validator():
    import jsonschema

    schema = json.loads(GEOJSON_SCHEMA.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def _rings(geometry: dict):
    kind = geometry["type"]
    if kind == "Polygon":
        yield geometry["coordinates"]
    elif kind == "MultiPolygon":
        yield from geometry["coordinates"]
    elif kind == "GeometryCollection":
        for g in geometry["geometries"]:
            yield from _rings(g)


def _signed_area(ring) -> float:
    return sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:])) / 2


def validate_geojson(doc) -> None:
    """Return None if ``doc`` is an RFC 7946 FeatureCollection; else raise :class:`GeoJSONError` naming the problem.

    Beyond the schema: every linear ring is closed (section 3.1.6) and follows the right-hand rule (exterior
    counterclockwise, holes clockwise; a ring of zero area passes).

    >>> validate_geojson({"type": "FeatureCollection", "features": []})
    >>> validate_geojson({"type": "FeatureCollection", "features": [], "crs": {}})
    Traceback (most recent call last):
    ...
    kgbench.evaluation.scenes.geojson.GeoJSONError: not RFC 7946 GeoJSON at $: {'type': 'FeatureCollection', 'features': [], 'crs': {}} should not be valid under {'required': ['crs']}
    """
    errors = sorted(_validator().iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        where = "$" + "".join(f"[{p!r}]" if isinstance(p, str) else f"[{p}]" for p in e.absolute_path)
        raise GeoJSONError(f"not RFC 7946 GeoJSON at {where}: {e.message}")
    for n, feature in enumerate(doc["features"]):
        if feature["geometry"] is None:
            continue
        for polygon in _rings(feature["geometry"]):
            for k, ring in enumerate(polygon):
                if ring[0] != ring[-1]:
                    raise GeoJSONError(f"feature {n}: a linear ring is not closed (RFC 7946 3.1.6)")
                area = _signed_area(ring)
                if (area < 0 if k == 0 else area > 0) and not math.isclose(area, 0, abs_tol=1e-18):
                    side = "exterior ring is clockwise" if k == 0 else "hole is counterclockwise"
                    raise GeoJSONError(f"feature {n}: a polygon's {side} (RFC 7946 3.1.6: the right-hand rule)")
