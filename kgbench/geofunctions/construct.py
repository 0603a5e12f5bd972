"""Geometry constructors: buffer, hulls, envelope, boundary, bounding circle, centroid, overlay and transform.

A result is written in the serialization (WKT, GeoJSON, GML, KML) and CRS of the first geometry argument, so
``geof:union`` of two GML literals is GML. Overlays (intersection, union, difference, symDifference), hulls,
envelope and boundary are planar in CRS84 longitude/latitude, as GeoSPARQL reads CRS84. Metric constructions
(buffer in metres, centroid) are made in a local projection around the geometry and returned in CRS84.
"""

from __future__ import annotations

import functools
import math

import shapely
import shapely.geometry
import shapely.ops
from shapely.geometry.base import BaseGeometry

from kgbench.geofunctions.literals import read_literal, transform_xy
from kgbench.geofunctions.writers import geometry_literal
from kgbench.geofunctions.registry import GeoFunction
from kgbench.geofunctions.terms import as_float, as_iri
from kgbench.geofunctions.units import MEAN_RADIUS_M, is_angular, length_factor
from kgbench.ontologies import GEOF as GEOF_NS, UOM

__all__ = ["local_projection", "metric_buffer", "check_buffer_radius", "MAX_BUFFER_M", "geodesic_centroid", "FUNCTIONS"]

GEOF = GEOF_NS.base


@functools.lru_cache(maxsize=512)
def _aeqd(lon: float, lat: float):
    from pyproj import Transformer

    proj = f"+proj=aeqd +lat_0={lat} +lon_0={lon} +datum=WGS84 +units=m +no_defs"
    fwd = Transformer.from_crs("OGC:CRS84", proj, always_xy=True)
    inv = Transformer.from_crs(proj, "OGC:CRS84", always_xy=True)
    return fwd, inv


def local_projection(geom: BaseGeometry):
    """Return (forward, inverse) functions between CRS84 and an azimuthal equidistant frame in metres.

    The frame is centred on the geometry's bounding-box centre (rounded to 0.01 degree so that transformers
    are reused); distances from the centre are exact, others are distorted by well under 0.1% within 200 km.
    """
    minx, miny, maxx, maxy = geom.bounds
    fwd, inv = _aeqd(round((minx + maxx) / 2, 2), round((miny + maxy) / 2, 2))
    return (lambda g: transform_xy(g, fwd.transform)), (lambda g: transform_xy(g, inv.transform))


def metric_buffer(geom: BaseGeometry, metres: float, quad_segs: int = 16) -> BaseGeometry:
    """Return the buffer of a CRS84 geometry by ``metres`` built in a local equidistant projection, in CRS84.

    A radius (either sign) of more than half the Earth's circumference (:data:`MAX_BUFFER_M`), or one that is
    not finite, raises ValueError: no geometry on the globe answers it.

    >>> from shapely.geometry import Point
    >>> b = metric_buffer(Point(0, 0), 1000)
    >>> round(b.bounds[3] * 110574)
    1000
    >>> metric_buffer(Point(0, 0), 1e12)
    Traceback (most recent call last):
    ...
    ValueError: buffer radius 1e+12 m is beyond half the Earth's circumference (20015115 m)
    """
    check_buffer_radius(metres)
    if geom.is_empty:
        return geom
    fwd, inv = local_projection(geom)
    return inv(fwd(geom).buffer(metres, quad_segs=quad_segs))


#: the largest buffer radius in metres: half the circumference of the mean sphere
MAX_BUFFER_M = math.pi * MEAN_RADIUS_M


def check_buffer_radius(metres: float) -> None:
    """Return None when ``metres`` is a usable buffer radius; NaN, infinity or beyond ``MAX_BUFFER_M`` raise ValueError."""
    if not math.isfinite(metres):
        raise ValueError(f"buffer radius {metres} is not a finite number")
    if abs(metres) > MAX_BUFFER_M:
        raise ValueError(f"buffer radius {metres:g} m is beyond half the Earth's circumference ({MAX_BUFFER_M:.0f} m)")


def geodesic_centroid(geom: BaseGeometry) -> BaseGeometry:
    """Return the centroid of a CRS84 geometry computed in a local equidistant projection (a CRS84 point).

    The centroid is of the highest-dimension parts (areas, else lines, else points), as GEOS defines it.
    An empty geometry gives an empty point.
    """
    if geom.is_empty:
        return shapely.geometry.Point()
    if geom.geom_type == "Point":
        return geom
    fwd, inv = local_projection(geom)
    return inv(fwd(geom).centroid)


def _out(geom: BaseGeometry, like):
    return geometry_literal(geom, like.kind, like.crs)


def geof_buffer(g, radius, unit):
    """Return the geometry of all points within ``radius`` ``unit`` of the geometry (same serialization).

    Linear units build the buffer in metres in a local equidistant projection; angular units (degree,
    radian) buffer planar in longitude/latitude. A negative radius shrinks polygons; an unknown unit is an error.

    >>> from pyoxigraph import Literal, NamedNode
    >>> from kgbench.geofunctions.literals import WKT_LITERAL, parse_geometry
    >>> b = geof_buffer(Literal("POINT(0 0)", datatype=WKT_LITERAL), Literal("1", datatype=NamedNode("http://www.w3.org/2001/XMLSchema#double")), NamedNode("http://www.opengis.net/def/uom/OGC/1.0/kilometre"))
    >>> round(parse_geometry(b).bounds[2] * 111319.5)
    1000
    """
    v = read_literal(g)
    r = as_float(radius)
    if is_angular(unit):
        deg = r * length_factor(unit) / length_factor(UOM.degree.value)
        check_buffer_radius(deg * length_factor(UOM.degree.value))
        return _out(v.geom.buffer(deg), v)
    return _out(metric_buffer(v.geom, r * length_factor(unit)), v)


def geof_metric_buffer(g, radius):
    """Return the buffer of the geometry by ``radius`` metres (local equidistant projection), same serialization.

    >>> from pyoxigraph import Literal, NamedNode
    >>> from kgbench.geofunctions.literals import WKT_LITERAL, parse_geometry
    >>> b = geof_metric_buffer(Literal("POINT(0 0)", datatype=WKT_LITERAL), Literal("500", datatype=NamedNode("http://www.w3.org/2001/XMLSchema#integer")))
    >>> round(parse_geometry(b).bounds[3] * 110574)
    500
    """
    v = read_literal(g)
    return _out(metric_buffer(v.geom, as_float(radius)), v)


def _unary(name: str, op, doc: str, example: str):
    def impl(g):
        v = read_literal(g)
        return _out(op(v.geom), v)

    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = doc + (
        "\n\n    >>> from pyoxigraph import Literal\n    >>> from kgbench.geofunctions.literals import WKT_LITERAL\n"
        f"    >>> r = {name}(Literal('LINESTRING(0 0,2 0,2 2)', datatype=WKT_LITERAL))\n")
    if example.startswith("ROUND: "):
        impl.__doc__ += ("    >>> g = shapely.from_wkt(r.value)\n"
                         "    >>> _rounded(g)\n    " + example[len("ROUND: "):] + "\n")
    else:
        impl.__doc__ += f"    >>> r.value\n    {example!r}\n"
    return impl


def _rounded(g: BaseGeometry):
    """Return a short rounded summary of a point (its coordinates) or polygon (centre and radius)."""
    if g.geom_type == "Point":
        return (round(g.x, 3), round(g.y, 3))
    c = g.centroid
    r = max(c.distance(shapely.geometry.Point(p)) for p in g.exterior.coords)
    return ((round(c.x, 3), round(c.y, 3)), round(r, 3))


def _binary(name: str, op, doc: str, example: str):
    def impl(a, b):
        va, vb = read_literal(a), read_literal(b)
        return _out(op(va.geom, vb.geom), va)

    impl.__name__ = impl.__qualname__ = name
    impl.__doc__ = doc + (
        "\n\n    >>> from pyoxigraph import Literal\n    >>> from kgbench.geofunctions.literals import WKT_LITERAL\n"
        "    >>> a = Literal('POLYGON((0 0,2 0,2 2,0 2,0 0))', datatype=WKT_LITERAL)\n"
        "    >>> b = Literal('POLYGON((1 0,3 0,3 2,1 2,1 0))', datatype=WKT_LITERAL)\n"
        f"    >>> shapely.normalize(shapely.from_wkt({name}(a, b).value)).wkt\n    {example!r}\n")
    return impl


def _envelope(g: BaseGeometry) -> BaseGeometry:
    return g if g.is_empty else shapely.envelope(g)


def _bounding_circle(g: BaseGeometry) -> BaseGeometry:
    return g if g.is_empty else shapely.minimum_bounding_circle(g)


geof_convex_hull = _unary("geof_convex_hull", lambda g: g.convex_hull,
                          "Return the planar convex hull of the geometry (same serialization); EMPTY gives EMPTY.",
                          "POLYGON ((0 0, 2 2, 2 0, 0 0))")
geof_envelope = _unary("geof_envelope", _envelope,
                       "Return the longitude/latitude bounding box of the geometry as a polygon (a point or line when degenerate).",
                       "POLYGON ((0 0, 2 0, 2 2, 0 2, 0 0))")
def _boundary(g: BaseGeometry) -> BaseGeometry:
    if g.is_empty:
        return g
    if g.geom_type == "GeometryCollection":
        raise ValueError("the boundary of a heterogeneous GeometryCollection is undefined (Simple Features)")
    return g.boundary


geof_boundary = _unary("geof_boundary", _boundary,
                       "Return the topological boundary of the geometry (polygon: its rings; line: its end points; "
                       "point: EMPTY); a GeometryCollection is an error.",
                       "MULTIPOINT ((0 0), (2 2))")
geof_bounding_circle = _unary(
    "geof_bounding_circle", _bounding_circle,
    "Return the smallest planar circle (a polygon) in longitude/latitude that encloses the geometry.",
    "ROUND: ((1.0, 1.0), 1.414)")
geof_centroid = _unary("geof_centroid", geodesic_centroid,
                       "Return the centroid of the geometry as a point, computed in a local equidistant projection.",
                       "ROUND: (1.498, 0.498)")


def geof_concave_hull(g, ratio=None):
    """Return a concave hull of the geometry's vertices (GEOS, ``ratio`` in [0, 1], default 0.3; 1 is the convex hull).

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> geof_concave_hull(Literal('MULTIPOINT((0 0),(2 0),(2 2))', datatype=WKT_LITERAL)).value
    'POLYGON ((0 0, 2 2, 2 0, 0 0))'
    """
    v = read_literal(g)
    r = 0.3 if ratio is None else as_float(ratio)
    if not 0.0 <= r <= 1.0:
        raise ValueError(f"concave hull ratio must be in [0, 1], got {r}")
    return _out(shapely.concave_hull(v.geom, ratio=r), v)


geof_intersection = _binary("geof_intersection", shapely.intersection,
                            "Return the planar intersection of two geometries (serialization of the first).",
                            "POLYGON ((1 0, 1 2, 2 2, 2 0, 1 0))")
geof_union = _binary("geof_union", shapely.union, "Return the planar union of two geometries (serialization of the first).",
                     "POLYGON ((0 0, 0 2, 1 2, 2 2, 3 2, 3 0, 2 0, 1 0, 0 0))")
geof_difference = _binary("geof_difference", shapely.difference,
                          "Return the part of the first geometry not in the second (planar; serialization of the first).",
                          "POLYGON ((0 0, 0 2, 1 2, 1 0, 0 0))")
geof_sym_difference = _binary("geof_sym_difference", shapely.symmetric_difference,
                              "Return the parts of either geometry not in the other (planar; serialization of the first).",
                              "MULTIPOLYGON (((2 0, 2 2, 3 2, 3 0, 2 0)), ((0 0, 0 2, 1 2, 1 0, 0 0)))")


def geof_transform(g, crs):
    """Return the geometry as a WKT literal in the CRS named by ``crs`` (an IRI such as EPSG:3857's), prefixed by it.

    >>> from pyoxigraph import Literal, NamedNode
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> geof_transform(Literal('POINT(10 50)', datatype=WKT_LITERAL), NamedNode('http://www.opengis.net/def/crs/EPSG/0/4326')).value
    '<http://www.opengis.net/def/crs/EPSG/0/4326> POINT (50 10)'
    """
    v = read_literal(g)
    return geometry_literal(v.geom, v.kind if v.kind in ("wkt", "gml") else "wkt", as_iri(crs))


FUNCTIONS = [
    GeoFunction(GEOF + "buffer", geof_buffer),
    GeoFunction(GEOF + "metricBuffer", geof_metric_buffer),
    GeoFunction(GEOF + "convexHull", geof_convex_hull),
    GeoFunction(GEOF + "concaveHull", geof_concave_hull),
    GeoFunction(GEOF + "envelope", geof_envelope),
    GeoFunction(GEOF + "boundary", geof_boundary),
    GeoFunction(GEOF + "boundingCircle", geof_bounding_circle),
    GeoFunction(GEOF + "centroid", geof_centroid),
    GeoFunction(GEOF + "intersection", geof_intersection),
    GeoFunction(GEOF + "union", geof_union),
    GeoFunction(GEOF + "difference", geof_difference),
    GeoFunction(GEOF + "symDifference", geof_sym_difference),
    GeoFunction(GEOF + "transform", geof_transform),
]
