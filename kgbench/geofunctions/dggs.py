"""GeoSPARQL 1.1 DGGS literals (``geo:dggsLiteral``) of H3 cells: reading them as CRS84 geometries, writing them.

The lexical form kgbench reads and writes is the one of GeoSPARQL 1.1's DGGS serialization example and of its
1.1 test suite (``geof:asDGGS(?g, "https://h3geo.org/res/7")``): the IRI of the DGGS in angle brackets, as WKT
names its CRS, then the list of cell ids::

    <https://h3geo.org/res/7> CELLLIST('871fb4662ffffff', '871fb4663ffffff')

Read: the prefix ``<https://h3geo.org/res/N>`` (``http:`` too) names H3 at resolution N (0..15), and every
cell must then be of resolution N; without a prefix the literal is H3 and each id carries its own resolution
(cells of several resolutions may be mixed). The list is ``CELLLIST(...)``, ``CELLIST(...)`` (the spelling of
the GeoSPARQL 1.1 example), ``CELL(...)`` (one cell) or bare ids; ids may be quoted (``'`` or ``"``) and are
separated by commas and/or white space; case is ignored. An empty literal (or an empty list) is the empty
geometry (GeoSPARQL 1.1 Req 36). Anything else (another DGGS IRI, an id that is not a valid H3 cell, a cell of
the wrong resolution) is a :class:`~kgbench.geofunctions.literals.GeometryLiteralError` naming the literal.

A cell stands for its area: the geometry of a literal is the union of its cells (a Polygon or MultiPolygon in
CRS84, whose CRS ``geof:getSRID`` then answers), traced by h3 as outline loops so that neighbours leave no
sliver between them. H3 cell edges are great-circle arcs; they are densified (a point at least every 0.02
degree of arc, ~2.2 km, and every 0.25 degree of longitude, which near a pole a short arc sweeps) so that the
straight lon/lat edges kgbench's relations read stay within ~10 cm x tan(latitude) of the arcs; coordinates are
rounded to 1e-9 degree (0.1 mm), so that two literals of neighbouring cells touch exactly. A region crossing the
antimeridian is cut there (valid in lon/lat, never a band around the world), and one holding a pole is closed
over it: its outline then runs along the antimeridian up to the pole's line (lat +-90) and along that line (the
res-0 cells 8001fffffffffff and 80f3fffffffffff and their centre children hold the poles). In lon/lat a pole is
a line and the antimeridian an edge: a point there lies on the boundary of the cell, which sfIntersects it but
does not sfContain it; perimeters include the cut edges. A geometry computed from DGGS input (a buffer, an
intersection) is written back as WKT (:func:`kgbench.geofunctions.writers.geometry_literal`).

Write: :func:`dggs_literal` (cells) and :func:`geof_as_dggs` (``geof:asDGGS``, any geometry at a resolution).
"""

from __future__ import annotations

import math
import re

import h3
import numpy as np
import shapely
import shapely.affinity
import shapely.geometry
from pyoxigraph import Literal, NamedNode
from shapely.geometry.base import BaseGeometry

from kgbench.geofunctions.literals import DGGS_LITERAL, GeometryLiteralError, read_literal
from kgbench.geofunctions.registry import GeoFunction
from kgbench.geofunctions.terms import as_int
from kgbench.ontologies import GEOF as GEOF_NS

__all__ = ["H3_IRI", "h3_iri", "parse_cells", "cells_geometry", "cell_geometry", "read_dggs", "dggs_literal",
           "geometry_cells", "geof_as_dggs", "FUNCTIONS"]

GEOF = GEOF_NS.base
#: the IRI of H3 at a resolution is this prefix followed by the resolution (0..15)
H3_IRI = "https://h3geo.org/res/"
_IRI = re.compile(r"^https?://h3geo\.org/res/(\d{1,2})/?$", re.IGNORECASE)
_PREFIX = re.compile(r"^\s*<([^>]*)>\s*")
_LIST = re.compile(r"^(CELLLIST|CELLIST|CELL)\s*\((.*)\)$", re.IGNORECASE | re.DOTALL)
_SEP = re.compile(r"[\s,]+")
_HEX = re.compile(r"^[0-9a-f]{15,16}$")
#: the longest arc (degrees) between two vertices of a cell boundary after densification
_STEP_DEG = 0.02
#: the most longitude (degrees) such an arc may sweep
_STEP_LNG = 0.25
#: decimals (of a degree: 1e-9 is 0.1 mm) that boundary coordinates are rounded to
_DIGITS = 9
_WORLD = shapely.geometry.box(-180.0, -90.0, 180.0, 90.0)


def h3_iri(res: int) -> str:
    """Return the IRI naming H3 at resolution ``res`` (0..15), the prefix of a DGGS literal.

    >>> h3_iri(7)
    'https://h3geo.org/res/7'
    """
    if not 0 <= res <= 15:
        raise ValueError(f"H3 resolutions are 0..15, got {res}")
    return f"{H3_IRI}{res}"


def _short(text: str) -> str:
    t = text.strip()
    return repr(t if len(t) <= 80 else t[:77] + "...")


def parse_cells(text: str) -> tuple[int | None, list[str]]:
    """Return (the resolution the literal's IRI names, or None without one; its H3 cell ids) of a DGGS literal.

    The ids come back lower-case, in the literal's order, duplicates kept. An empty literal gives no cells.
    Raises :class:`GeometryLiteralError` naming the literal for an IRI that is not H3's, an invalid cell id,
    or a cell whose resolution is not the IRI's.

    >>> parse_cells("<https://h3geo.org/res/5> CELLLIST('851fb467fffffff', '851fb463fffffff')")
    (5, ['851fb467fffffff', '851fb463fffffff'])
    >>> parse_cells("851FB467FFFFFFF 861fb4667ffffff")
    (None, ['851fb467fffffff', '861fb4667ffffff'])
    >>> parse_cells("<https://example.org/dggs/rHEALPix> CELLLIST(R0 R1)")
    Traceback (most recent call last):
    ...
    kgbench.geofunctions.literals.GeometryLiteralError: unknown DGGS <https://example.org/dggs/rHEALPix> in ...
    """
    body, res = text.strip(), None
    m = _PREFIX.match(body)
    if m:
        iri, body = m.group(1).strip(), body[m.end():].strip()
        r = _IRI.match(iri)
        if r is None or int(r.group(1)) > 15:
            raise GeometryLiteralError(
                f"unknown DGGS <{iri}> in {_short(text)}: kgbench reads H3 cells, named <{H3_IRI}N> (N = 0..15)")
        res = int(r.group(1))
    m = _LIST.match(body)
    if m:
        keyword, body = m.group(1).upper(), m.group(2)
    else:
        keyword = None
        if "(" in body or ")" in body:
            raise GeometryLiteralError(f"malformed DGGS literal {_short(text)}: expected CELLLIST(...), CELL(...) "
                                       "or a list of H3 cell ids")
    cells = []
    for item in _SEP.split(body.strip()):
        if not item:
            continue
        ident = item.strip("'\"").lower()
        if not (_HEX.match(ident) and h3.is_valid_cell(ident)):
            raise GeometryLiteralError(f"invalid H3 cell id {item!r} in DGGS literal {_short(text)}")
        if res is not None and h3.get_resolution(ident) != res:
            raise GeometryLiteralError(f"H3 cell {ident} has resolution {h3.get_resolution(ident)}, not the "
                                       f"{res} of <{h3_iri(res)}>, in DGGS literal {_short(text)}")
        cells.append(ident)
    if keyword == "CELL" and len(cells) != 1:
        raise GeometryLiteralError(f"malformed DGGS literal {_short(text)}: CELL(...) holds one cell, "
                                   f"got {len(cells)}")
    return res, cells


# -- cells to geometries ---------------------------------------------------------------------------------

def _xyz(lat, lng):
    la, lo = np.radians(lat), np.radians(lng)
    return np.stack([np.cos(la) * np.cos(lo), np.cos(la) * np.sin(lo), np.sin(la)], axis=-1)


def _densified(loop) -> tuple[np.ndarray, np.ndarray]:
    """Return (lat, lng) arrays of a closed loop of (lat, lng) vertices with points added on the great-circle
    arcs between them: none longer than ``_STEP_DEG`` of arc, nor than ``_STEP_LNG`` of longitude (near a pole
    a short arc sweeps many degrees of longitude, where a straight lon/lat edge would stray from it).

    Every arc is computed from its smaller end and every value rounded to ``_DIGITS`` decimals, so two cells
    that share an edge get the very same points along it (and touch, rather than overlap by 1e-15 degree)."""
    b = np.round(np.asarray(loop, dtype=float), _DIGITS)
    nxt = np.roll(b, -1, axis=0)
    a_pts, b_pts = _xyz(b[:, 0], b[:, 1]), _xyz(nxt[:, 0], nxt[:, 1])
    omega = np.arccos(np.clip((a_pts * b_pts).sum(axis=1), -1.0, 1.0))
    dlng = np.abs((nxt[:, 1] - b[:, 1] + 180.0) % 360.0 - 180.0)
    counts = np.maximum.reduce([np.ones(len(b)), np.ceil(np.degrees(omega) / _STEP_DEG),
                                np.ceil(dlng / _STEP_LNG)]).astype(int)
    lat, lng = [], []
    for i, n in enumerate(counts):
        lat.append(b[i:i + 1, 0])
        lng.append(b[i:i + 1, 1])
        if n > 1:
            flip = tuple(b[i]) > tuple(nxt[i])
            p, q = (b_pts[i], a_pts[i]) if flip else (a_pts[i], b_pts[i])
            t = (np.arange(1, n) / n)[:, None]
            w = omega[i]
            mid = (np.sin((1 - t) * w) * p + np.sin(t * w) * q) / np.sin(w)
            mid = mid[::-1] if flip else mid
            lat.append(np.round(np.degrees(np.arctan2(mid[:, 2], np.hypot(mid[:, 0], mid[:, 1]))), _DIGITS))
            lng.append(np.round(np.degrees(np.arctan2(mid[:, 1], mid[:, 0])), _DIGITS))
    return np.concatenate(lat), np.concatenate(lng)


def _snap(geom: BaseGeometry) -> BaseGeometry:
    return shapely.transform(geom, lambda xy: np.clip(np.round(xy, _DIGITS), [-180.0, -90.0], [180.0, 90.0]))


def _with_crossings(x: np.ndarray, lng: np.ndarray, lat: np.ndarray, end: float):
    """Return (x, lat) of a path of unwrapped longitudes ``x`` (``lng`` + 360 m), which closes at (end, lat[0]),
    with a vertex inserted exactly where it crosses an antimeridian (180 + 360 m), so that cutting there adds
    no computed point. Its latitude comes from the two ends' own longitudes, east end first, so that the cells
    on both sides of the crossing get the same one."""
    x2, lng2, lat2 = np.append(x, end), np.append(lng, lng[0]), np.append(lat, lat[0])
    k = np.floor((x2 - 180.0) / 360.0)
    cross = np.nonzero(k[1:] != k[:-1])[0]
    if not len(cross):
        return x, lat
    b = 180.0 + 360.0 * np.maximum(k[cross], k[cross + 1])
    east_first = lng2[cross] > 0
    e, w = np.where(east_first, cross, cross + 1), np.where(east_first, cross + 1, cross)
    to_east, to_west = 180.0 - lng2[e], lng2[w] + 180.0
    t = to_east / (to_east + to_west)
    yb = np.round(lat2[e] + t * (lat2[w] - lat2[e]), _DIGITS)
    return np.insert(x, cross + 1, b), np.insert(lat, cross + 1, yb)


def _into_range(poly: BaseGeometry) -> BaseGeometry:
    """Return a polygon with unwrapped longitudes cut at the antimeridian(s), each piece moved into [-180, 180]."""
    minx, _, maxx, _ = poly.bounds
    if minx >= -180.0 and maxx <= 180.0:
        return poly
    out = []
    for k in range(math.floor((minx + 180.0) / 360.0), math.ceil((maxx + 180.0) / 360.0)):
        x0 = -180.0 + 360.0 * k
        piece = shapely.clip_by_rect(poly, x0, -90.0, x0 + 360.0, 90.0)  # fast; the cut lines are vertices
        if not piece.is_valid:
            piece = shapely.intersection(poly, shapely.geometry.box(x0, -90.0, x0 + 360.0, 90.0))
        for part in shapely.get_parts(piece):
            if part.geom_type == "Polygon" and part.area > 0:
                out.append(_snap(shapely.affinity.translate(part, -360.0 * k)))
    return shapely.union_all(out)


def _at_poles(lat: np.ndarray, lng: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the loop with each vertex that is a pole (whose longitude means nothing) drawn as the stretch of
    the pole's line between the meridians of the edges that meet there (the res-15 cell 8ff29380e0d0cc4 has the
    south pole for a vertex)."""
    poles = np.nonzero(np.abs(lat) == 90.0)[0]
    if not len(poles):
        return lat, lng
    out_lat, out_lng, n = [], [], len(lat)
    for i in range(n):
        if abs(lat[i]) == 90.0:
            out_lat += [lat[i], lat[i]]
            out_lng += [lng[(i - 1) % n], lng[(i + 1) % n]]
        else:
            out_lat.append(lat[i])
            out_lng.append(lng[i])
    return np.array(out_lat), np.array(out_lng)


def _loop_side(loop) -> BaseGeometry:
    """Return the side of a loop on the sphere that does not hold the north pole, as a CRS84 geometry.

    A loop that goes once round a pole (in longitude) is closed over the south pole, along an antimeridian;
    any other loop is the bounded polygon it draws once its longitudes are unwrapped, cut at the antimeridian."""
    lat, lng = _at_poles(*_densified(loop))
    raw = np.diff(np.append(lng, lng[0]))
    jumps = np.round((((raw + 180.0) % 360.0 - 180.0) - raw) / 360.0)  # whole turns added to go the short way
    winding = 360.0 * float(jumps.sum())
    x = lng + 360.0 * np.concatenate([[0.0], np.cumsum(jumps[:-1])])
    x, y = _with_crossings(x, lng, lat, lng[0] + winding)
    if not winding:
        return _into_range(shapely.geometry.Polygon(np.column_stack([x, y])))
    s = int(np.nonzero((x - 180.0) % 360.0 == 0.0)[0][0])  # start on an antimeridian crossing
    xs = np.concatenate([x[s:], x[:s + 1] + winding])
    ys = np.concatenate([y[s:], y[:s + 1]])
    ring = np.vstack([np.column_stack([xs, ys]), [[xs[-1], -90.0], [xs[0], -90.0]]])
    return _into_range(shapely.geometry.Polygon(ring))


def _same_resolution(cells: list[str]) -> BaseGeometry:
    """Return the region of cells of one resolution: h3 traces its outline loops (shells and holes alike), and
    the region is the even-odd combination of the loops' sides away from the north pole, complemented when
    the north pole's own cell is in the set."""
    shape = h3.cells_to_h3shape(cells, tight=False)
    region = None
    for poly in shape.polys:
        for loop in (poly.outer, *poly.holes):
            side = _loop_side(loop)
            region = side if region is None else shapely.symmetric_difference(region, side)
    # the pole's own cell holds it inside (no H3 cell has the north pole for a vertex)
    if h3.latlng_to_cell(90.0, 0.0, h3.get_resolution(cells[0])) in cells:
        region = shapely.difference(_WORLD, region)
    return region


def cells_geometry(cells) -> BaseGeometry:
    """Return the union of the boundaries of H3 cells as one CRS84 geometry (Polygon or MultiPolygon).

    Edges are densified along their great-circle arcs, a region crossing the antimeridian is cut there, one
    holding a pole is closed over it (see the module's docstring). No cells give an empty GeometryCollection;
    duplicates and cells of several resolutions are allowed; an invalid id raises ValueError.

    >>> g = cells_geometry(h3.grid_disk("851fb467fffffff", 1))
    >>> g.geom_type, len(g.interiors), g.is_valid
    ('Polygon', 0, True)
    >>> g = cells_geometry(["8001fffffffffff"])  # the res-0 cell holding the north pole
    >>> g.geom_type, g.is_valid, g.bounds[0], g.bounds[2], g.bounds[3]
    ('Polygon', True, -180.0, 180.0, 90.0)
    >>> cells_geometry(["827eb7fffffffff"]).geom_type  # a res-2 cell on the antimeridian: two pieces
    'MultiPolygon'
    """
    unique = sorted({str(c).lower() for c in cells})
    if not unique:
        return shapely.geometry.GeometryCollection()
    for c in unique:
        if not h3.is_valid_cell(c):
            raise ValueError(f"not an H3 cell: {c!r}")
    by_res: dict[int, list[str]] = {}
    for c in unique:
        by_res.setdefault(h3.get_resolution(c), []).append(c)
    parts = [_same_resolution(group) for group in by_res.values()]
    region = parts[0] if len(parts) == 1 else shapely.union_all(parts)
    return shapely.normalize(region)


def cell_geometry(cell: str) -> BaseGeometry:
    """Return the boundary of one H3 cell as a CRS84 Polygon (a MultiPolygon when it crosses the antimeridian).

    The same as ``cells_geometry([cell])``.

    >>> cell_geometry("851fb467fffffff").geom_type
    'Polygon'
    """
    return cells_geometry([cell])


def read_dggs(text: str) -> BaseGeometry:
    """Return the CRS84 geometry of a DGGS literal's lexical form: the union of its cells (see :func:`parse_cells`).

    >>> read_dggs("<https://h3geo.org/res/5> CELL('851fb467fffffff')").geom_type
    'Polygon'
    >>> read_dggs("").is_empty
    True
    """
    _, cells = parse_cells(text)
    return cells_geometry(cells)


# -- geometries to cells ---------------------------------------------------------------------------------

def dggs_literal(cells, res: int | None = None) -> Literal:
    """Return a geo:dggsLiteral of H3 cells: ``<https://h3geo.org/res/N> CELLLIST('id', ...)``, ids sorted.

    The prefix names the cells' resolution (``res``, which they must all have, else the one they share); cells
    of mixed resolutions are written without a prefix. No cells give the empty literal (the empty geometry).

    >>> dggs_literal(["851fb463fffffff", "851fb467fffffff"]).value
    "<https://h3geo.org/res/5> CELLLIST('851fb463fffffff', '851fb467fffffff')"
    >>> dggs_literal([], 5).value
    ''
    """
    unique = sorted({str(c).lower() for c in cells})
    if not unique:
        return Literal("", datatype=DGGS_LITERAL)
    found = {h3.get_resolution(c) for c in unique}
    if res is not None and found != {res}:
        raise ValueError(f"cells of resolution {sorted(found)} cannot be written under <{h3_iri(res)}>")
    if res is None and len(found) == 1:
        res = found.pop()
    body = "CELLLIST(" + ", ".join(f"'{c}'" for c in unique) + ")"
    return Literal(body if res is None else f"<{h3_iri(res)}> {body}", datatype=DGGS_LITERAL)


def _strips(poly: BaseGeometry) -> list[BaseGeometry]:
    """Return a polygon cut into pieces at most 90 degrees wide (h3 reads a wider one as crossing the antimeridian)."""
    minx, _, maxx, _ = poly.bounds
    if maxx - minx < 90.0:
        return [poly]
    out = []
    for x0 in np.arange(-180.0, 180.0, 90.0):
        piece = shapely.intersection(poly, shapely.geometry.box(x0, -90.0, x0 + 90.0, 90.0))
        out += [p for p in shapely.get_parts(piece) if p.geom_type == "Polygon" and not p.is_empty]
    return out


def _h3shape(poly: BaseGeometry):
    ext = [(y, x) for x, y in poly.exterior.coords[:-1]]
    holes = [[(y, x) for x, y in r.coords[:-1]] for r in poly.interiors]
    return h3.LatLngPoly(ext, *holes)


def _line_cells(line: BaseGeometry, res: int) -> set[str]:
    step = math.degrees(h3.average_hexagon_edge_length(res, unit="km") / 6371.0072) / 3.0
    xy = np.asarray(line.coords)[:, :2]
    out = {h3.latlng_to_cell(y, x, res) for x, y in xy}
    for (x1, y1), (x2, y2) in zip(xy[:-1], xy[1:]):
        n = max(1, math.ceil(math.hypot(x2 - x1, y2 - y1) / step))
        for t in np.arange(1, n) / n:
            out.add(h3.latlng_to_cell(y1 + t * (y2 - y1), x1 + t * (x2 - x1), res))
    return out


def geometry_cells(geom: BaseGeometry, res: int) -> set[str]:
    """Return the H3 cells at resolution ``res`` that stand for a CRS84 geometry (what ``geof:asDGGS`` writes).

    "Covering" here is centre containment, h3's ``polygon_to_cells`` mode: a polygon gives every cell whose
    centre lies in it (so the cells' area approximates the polygon's, and the boundary of a set of cells gives
    back exactly that set), and a polygon too small to hold any cell centre gives the cell of its
    representative point, so no non-empty geometry becomes an empty list. A point gives the cell containing
    it; a line the cells containing its vertices and points along it every third of an edge length (a cell
    whose corner it clips by less than that may be missed); a collection the union of its members' cells;
    an empty geometry no cells.

    >>> sorted(geometry_cells(shapely.geometry.Point(24.94, 60.17), 5))
    ['851126d3fffffff']
    >>> geometry_cells(cell_geometry("851126d3fffffff"), 5)
    {'851126d3fffffff'}
    """
    if not 0 <= res <= 15:
        raise ValueError(f"H3 resolutions are 0..15, got {res}")
    out: set[str] = set()
    for part in shapely.get_parts(shapely.get_parts(geom)):  # MultiX and collections into their members
        if part.is_empty:
            continue
        t = part.geom_type
        if t == "Point":
            out.add(h3.latlng_to_cell(part.y, part.x, res))
        elif t in ("LineString", "LinearRing"):
            out |= _line_cells(part, res)
        elif t == "Polygon":
            found = set()
            for strip in _strips(part):
                found.update(h3.polygon_to_cells(_h3shape(strip), res))
            if not found:
                p = part.representative_point()
                found.add(h3.latlng_to_cell(p.y, p.x, res))
            out |= found
        else:
            out |= geometry_cells(part, res)
    return out


def _resolution(term) -> int:
    """Return the H3 resolution an argument names: an integer, or the IRI <https://h3geo.org/res/N>."""
    if isinstance(term, NamedNode) or (isinstance(term, Literal) and _IRI.match(term.value.strip())):
        iri = term.value.strip()
        m = _IRI.match(iri)
        if m is None:
            raise ValueError(f"unknown DGGS <{iri}>: kgbench writes H3 cells, named <{H3_IRI}N> (N = 0..15)")
        res = int(m.group(1))
    else:
        res = as_int(term)
    if not 0 <= res <= 15:
        raise ValueError(f"H3 resolutions are 0..15, got {res}")
    return res


def geof_as_dggs(g, res):
    """Return the geometry as a geo:dggsLiteral of the H3 cells at resolution ``res`` that stand for it.

    ``res`` is an integer 0..15 or the IRI of H3 at that resolution (``<https://h3geo.org/res/N>``, as an IRI
    or a string: GeoSPARQL 1.1 passes the DGGS as the second argument). Which cells: centre containment for
    polygons, the containing cell for points, the cells crossed for lines (:func:`geometry_cells`). An empty
    geometry gives the empty literal; a resolution out of range or another DGGS is an error.

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> geof_as_dggs(Literal("POINT(24.94 60.17)", datatype=WKT_LITERAL), Literal("https://h3geo.org/res/5")).value
    "<https://h3geo.org/res/5> CELLLIST('851126d3fffffff')"
    """
    r = _resolution(res)
    return dggs_literal(geometry_cells(read_literal(g).geom, r), r)


FUNCTIONS = [GeoFunction(GEOF + "asDGGS", geof_as_dggs)]
