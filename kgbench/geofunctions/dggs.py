"""``geof:asDGGS``: the H3 cells covering any geometry at a resolution, as a GeoSPARQL 1.1 DGGS literal.

Reading and writing the literals themselves: :mod:`kgbench.geofunctions.dggs_cells`.
"""

from __future__ import annotations

import math

import h3
import numpy as np
import shapely
import shapely.affinity
import shapely.geometry
from pyoxigraph import Literal, NamedNode
from shapely.geometry.base import BaseGeometry

from kgbench.geofunctions.dggs_cells import H3_IRI, _IRI, dggs_literal
from kgbench.geofunctions.literals import read_literal
from kgbench.geofunctions.registry import GeoFunction
from kgbench.geofunctions.terms import as_int
from kgbench.ontologies import GEOF as GEOF_NS

__all__ = ["geometry_cells", "geof_as_dggs", "FUNCTIONS"]

GEOF = GEOF_NS.base


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
    >>> from kgbench.geofunctions.dggs_cells import cell_geometry
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
