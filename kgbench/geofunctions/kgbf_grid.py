"""kgbench's grid functions: geohash, H3 and S2 cells of a location, cell boundaries, containment, common cells,
and the centroid of an area at a grid resolution.

A location is a point; any other geometry stands for its centroid (local equidistant projection). Geohash is
computed here (base-32 bit interleaving); H3 cells come from the ``h3`` library (v4) and S2 cells from
``s2sphere``. Tokens and ids are the libraries' own strings / integers.
"""

from __future__ import annotations

import h3
import numpy as np
import s2sphere
import shapely
import shapely.geometry
from pyoxigraph import Literal

from kgbench.geofunctions.construct import geodesic_centroid, local_projection
from kgbench.geofunctions.literals import parse_geometry, read_literal
from kgbench.geofunctions.writers import geometry_literal, wkt_literal
from kgbench.geofunctions.registry import GeoFunction
from kgbench.geofunctions.terms import as_float, as_int, as_str, boolean, integer, string
from kgbench.ontologies import KGBF as KGBF_NS

__all__ = ["KGBF", "geohash_encode", "geohash_box", "location", "FUNCTIONS"]

KGBF = KGBF_NS.base
_B32 = "0123456789bcdefghjkmnpqrstuvwxyz"


def location(term) -> tuple[float, float]:
    """Return (lon, lat) of a geometry literal: the point itself, else the geometry's centroid; EMPTY raises."""
    g = parse_geometry(term)
    if g.is_empty:
        raise ValueError("an empty geometry has no location")
    p = g if g.geom_type == "Point" else geodesic_centroid(g)
    return p.x, p.y


def geohash_encode(lon: float, lat: float, precision: int) -> str:
    """Return the geohash of (lon, lat) with ``precision`` characters (1..22).

    >>> geohash_encode(-5.6, 42.6, 5)
    'ezs42'
    """
    if not 1 <= precision <= 22:
        raise ValueError(f"geohash precision must be 1..22, got {precision}")
    if not (-180 <= lon <= 180 and -90 <= lat <= 90):
        raise ValueError(f"not a longitude/latitude: ({lon}, {lat})")
    lo_x, hi_x, lo_y, hi_y = -180.0, 180.0, -90.0, 90.0
    chars, bits, ch, even = [], 0, 0, True
    while len(chars) < precision:
        if even:
            mid = (lo_x + hi_x) / 2
            ch = (ch << 1) | (lon >= mid)
            lo_x, hi_x = (mid, hi_x) if lon >= mid else (lo_x, mid)
        else:
            mid = (lo_y + hi_y) / 2
            ch = (ch << 1) | (lat >= mid)
            lo_y, hi_y = (mid, hi_y) if lat >= mid else (lo_y, mid)
        even = not even
        bits += 1
        if bits == 5:
            chars.append(_B32[ch])
            bits, ch = 0, 0
    return "".join(chars)


def geohash_box(code: str) -> tuple[float, float, float, float]:
    """Return the (min lon, min lat, max lon, max lat) box of a geohash; an invalid character raises ValueError.

    >>> geohash_box("ezs42")
    (-5.625, 42.5830078125, -5.5810546875, 42.626953125)
    """
    lo_x, hi_x, lo_y, hi_y = -180.0, 180.0, -90.0, 90.0
    even = True
    for c in code.lower():
        v = _B32.find(c)
        if v < 0 or not code:
            raise ValueError(f"not a geohash: {code!r}")
        for shift in range(4, -1, -1):
            bit = (v >> shift) & 1
            if even:
                mid = (lo_x + hi_x) / 2
                lo_x, hi_x = (mid, hi_x) if bit else (lo_x, mid)
            else:
                mid = (lo_y + hi_y) / 2
                lo_y, hi_y = (mid, hi_y) if bit else (lo_y, mid)
            even = not even
    return lo_x, lo_y, hi_x, hi_y


def kgbf_geohash(g, precision):
    """Return the geohash (xsd:string of ``precision`` characters, 1..22) of the geometry's location.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> from kgbench.geofunctions.terms import integer
    >>> kgbf_geohash(Literal("POINT(-5.6 42.6)", datatype=WKT_LITERAL), integer(5)).value
    'ezs42'
    """
    lon, lat = location(g)
    return string(geohash_encode(lon, lat, as_int(precision)))


def kgbf_geohash_boundary(code):
    """Return the box of a geohash as a WKT polygon (CRS84).

    >>> kgbf_geohash_boundary(Literal("ezs42")).value
    'POLYGON ((-5.5810546875 42.5830078125, -5.5810546875 42.626953125, -5.625 42.626953125, -5.625 42.5830078125, -5.5810546875 42.5830078125))'
    """
    x0, y0, x1, y1 = geohash_box(as_str(code))
    return wkt_literal(shapely.geometry.box(x0, y0, x1, y1))


def _h3_res(res) -> int:
    r = as_int(res)
    if not 0 <= r <= 15:
        raise ValueError(f"H3 resolution must be 0..15, got {r}")
    return r


def kgbf_h3_cell(g, res):
    """Return the H3 cell (v4 hexadecimal string) containing the geometry's location at resolution ``res`` (0..15).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> from kgbench.geofunctions.terms import integer
    >>> kgbf_h3_cell(Literal("POINT(24.9384 60.1699)", datatype=WKT_LITERAL), integer(7)).value
    '871126d33ffffff'
    """
    lon, lat = location(g)
    return string(h3.latlng_to_cell(lat, lon, _h3_res(res)))


def _h3_polygon(cell: str):
    """Return the cell as a CRS84 polygon; coarse cells (resolution < 8) get their great-circle edges densified
    (16 pieces each) so that straight longitude/latitude edges stay close to the cell's true edges.

    A cell across the antimeridian comes back as a MultiPolygon split at longitude 180 (a single ring would
    wrap the other way round the globe and cross itself); a cell around a pole, which no valid CRS84 polygon
    draws, raises ValueError."""
    if not h3.is_valid_cell(cell):
        raise ValueError(f"not an H3 cell: {cell!r}")
    ring = [(lon, lat) for lat, lon in h3.cell_to_boundary(cell)]
    if h3.get_resolution(cell) < 8:
        from kgbench.geofunctions.metric import WGS84

        dense = []
        for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
            dense.append((x1, y1))
            dense.extend(WGS84.npts(x1, y1, x2, y2, 15))
        ring = dense
    poly = shapely.geometry.Polygon(ring)
    if poly.is_valid:
        return poly
    if max(x for x, _ in ring) - min(x for x, _ in ring) > 180:  # across the antimeridian: split it there
        shifted = shapely.geometry.Polygon([(x + 360 if x < 0 else x, y) for x, y in ring])
        if shifted.is_valid:
            east = shifted.intersection(shapely.geometry.box(0, -90, 180, 90))
            west = shapely.transform(shifted.intersection(shapely.geometry.box(180, -90, 360, 90)),
                                     lambda xy: xy - [360, 0])
            parts = [p for g in (east, west) for p in getattr(g, "geoms", [g]) if p.geom_type == "Polygon"]
            return shapely.geometry.MultiPolygon(parts)
    raise ValueError(f"H3 cell {cell} cannot be drawn as a valid CRS84 polygon (it surrounds a pole)")


def kgbf_h3_boundary(cell):
    """Return the boundary polygon of an H3 cell as a WKT literal (CRS84); an invalid cell is an error.

    Cells coarser than resolution 8 have each great-circle edge densified into 16 straight pieces.

    >>> p = shapely.from_wkt(kgbf_h3_boundary(Literal("891126d338fffff")).value)
    >>> (p.geom_type, len(p.exterior.coords))
    ('Polygon', 7)
    """
    return wkt_literal(_h3_polygon(as_str(cell)))


def kgbf_h3_contains(cell, g):
    """Return xsd:boolean: whether the H3 cell contains the geometry (a point: its cell at that resolution is it).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> kgbf_h3_contains(Literal("871126d33ffffff"), Literal("POINT(24.9384 60.1699)", datatype=WKT_LITERAL)).value
    'true'
    """
    c = as_str(cell)
    geom = parse_geometry(g)
    if geom.geom_type == "Point":
        if not h3.is_valid_cell(c):
            raise ValueError(f"not an H3 cell: {c!r}")
        return boolean(h3.latlng_to_cell(geom.y, geom.x, h3.get_resolution(c)) == c)
    return boolean(_h3_polygon(c).covers(geom))


def kgbf_common_h3_cell(a, b, res=None):
    """Return the finest H3 cell containing both locations (or the cell at ``res`` if both share it; else unbound).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> a = Literal("POINT(24.9384 60.1699)", datatype=WKT_LITERAL)
    >>> b = Literal("POINT(24.9390 60.1702)", datatype=WKT_LITERAL)
    >>> h3.get_resolution(kgbf_common_h3_cell(a, b).value) >= 8
    True
    """
    (x1, y1), (x2, y2) = location(a), location(b)
    if res is not None:
        r = _h3_res(res)
        c1, c2 = h3.latlng_to_cell(y1, x1, r), h3.latlng_to_cell(y2, x2, r)
        return string(c1) if c1 == c2 else None
    for r in range(15, -1, -1):
        c1, c2 = h3.latlng_to_cell(y1, x1, r), h3.latlng_to_cell(y2, x2, r)
        if c1 == c2:
            return string(c1)
    return None


def _s2_cell(g, level) -> s2sphere.CellId:
    lv = as_int(level)
    if not 0 <= lv <= 30:
        raise ValueError(f"S2 level must be 0..30, got {lv}")
    lon, lat = location(g)
    return s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(lat, lon)).parent(lv)


def kgbf_s2_token(g, level):
    """Return the S2 cell token (hexadecimal string) containing the geometry's location at ``level`` (0..30).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> from kgbench.geofunctions.terms import integer
    >>> kgbf_s2_token(Literal("POINT(24.9384 60.1699)", datatype=WKT_LITERAL), integer(15)).value
    '46920bccc'
    """
    return string(_s2_cell(g, level).to_token())


def kgbf_s2_cell_id(g, level):
    """Return the 64-bit S2 cell id (an unsigned xsd:integer) containing the geometry's location at ``level``.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> from kgbench.geofunctions.terms import integer
    >>> kgbf_s2_cell_id(Literal("POINT(24.9384 60.1699)", datatype=WKT_LITERAL), integer(15)).value
    '5085139903277170688'
    """
    return integer(_s2_cell(g, level).id())


def _s2_from(cell: str) -> s2sphere.CellId:
    c = cell.strip()
    cid = s2sphere.CellId(int(c)) if c.isdigit() and len(c) > 16 else s2sphere.CellId.from_token(c)
    if not cid.is_valid():
        raise ValueError(f"not an S2 cell token or id: {cell!r}")
    return cid


def _s2_polygon(cid: s2sphere.CellId):
    cell = s2sphere.Cell(cid)
    pts = []
    for i in range(4):
        ll = s2sphere.LatLng.from_point(cell.get_vertex(i))
        pts.append((ll.lng().degrees, ll.lat().degrees))
    return shapely.geometry.Polygon(pts)


def kgbf_s2_boundary(cell):
    """Return the four-vertex polygon of an S2 cell (token or decimal id) as a WKT literal (edges straight in CRS84).

    >>> p = shapely.from_wkt(kgbf_s2_boundary(Literal("46920bccc")).value)
    >>> (p.geom_type, len(p.exterior.coords))
    ('Polygon', 5)
    """
    return wkt_literal(_s2_polygon(_s2_from(as_str(cell))))


def kgbf_s2_contains(cell, g):
    """Return xsd:boolean: whether the S2 cell (token or id) contains the geometry (a point: exactly, by cell id).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> kgbf_s2_contains(Literal("46920bccc"), Literal("POINT(24.9384 60.1699)", datatype=WKT_LITERAL)).value
    'true'
    """
    cid = _s2_from(as_str(cell))
    geom = parse_geometry(g)
    if geom.geom_type == "Point":
        p = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(geom.y, geom.x))
        return boolean(cid.contains(p))
    return boolean(_s2_polygon(cid).covers(geom))


def grid_centroid(geom, cell_m: float):
    """Return the CRS84 centroid of the square cells (side ``cell_m`` metres, local equidistant frame) whose
    centres fall inside ``geom``; when no cell centre does, the cell containing the geometry's centroid."""
    if cell_m <= 0:
        raise ValueError(f"cell size must be positive, got {cell_m}")
    fwd, inv = local_projection(geom)
    local = fwd(geom)
    x0, y0, x1, y1 = local.bounds
    xs = np.arange(np.floor(x0 / cell_m), np.ceil(x1 / cell_m) + 1) * cell_m + cell_m / 2
    ys = np.arange(np.floor(y0 / cell_m), np.ceil(y1 / cell_m) + 1) * cell_m + cell_m / 2
    if len(xs) * len(ys) > 4_000_000:
        raise ValueError(f"{len(xs) * len(ys)} grid cells: resolution too fine for this geometry")
    gx, gy = np.meshgrid(xs, ys)
    inside = shapely.contains_xy(local, gx.ravel(), gy.ravel())
    if inside.any():
        c = shapely.geometry.Point(gx.ravel()[inside].mean(), gy.ravel()[inside].mean())
    else:
        cen = local.centroid
        c = shapely.geometry.Point((np.floor(cen.x / cell_m) + 0.5) * cell_m, (np.floor(cen.y / cell_m) + 0.5) * cell_m)
    return inv(c)


def kgbf_grid_centroid(g, cell_km):
    """Return the centroid (a point, same serialization) of the area at a grid resolution of ``cell_km`` km.

    The area is rasterized to square cells of that side in a local equidistant frame; the result is the
    mean of the centres of the cells inside it (the cell holding the centroid when none is).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> from kgbench.geofunctions.terms import double
    >>> p = shapely.from_wkt(kgbf_grid_centroid(Literal("POLYGON((0 0,1 0,1 1,0 1,0 0))", datatype=WKT_LITERAL), double(10)).value)
    >>> (round(p.x, 2), round(p.y, 2))
    (0.5, 0.5)
    """
    v = read_literal(g)
    return geometry_literal(grid_centroid(v.geom, as_float(cell_km) * 1000.0), v.kind, v.crs)


FUNCTIONS = [
    GeoFunction(KGBF + "geohash", kgbf_geohash),
    GeoFunction(KGBF + "geohashBoundary", kgbf_geohash_boundary),
    GeoFunction(KGBF + "h3Cell", kgbf_h3_cell),
    GeoFunction(KGBF + "h3Boundary", kgbf_h3_boundary),
    GeoFunction(KGBF + "h3Contains", kgbf_h3_contains),
    GeoFunction(KGBF + "commonH3Cell", kgbf_common_h3_cell),
    GeoFunction(KGBF + "s2Token", kgbf_s2_token),
    GeoFunction(KGBF + "s2CellId", kgbf_s2_cell_id),
    GeoFunction(KGBF + "s2Boundary", kgbf_s2_boundary),
    GeoFunction(KGBF + "s2Contains", kgbf_s2_contains),
    GeoFunction(KGBF + "gridCentroid", kgbf_grid_centroid),
]
