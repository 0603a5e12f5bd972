"""Geometry accessors (``geof:getSRID`` ... ``geof:maxZ``) and serialization converters (``geof:asWKT`` ...).

Coordinates answered by minX..maxZ are in the literal's own CRS (CRS84: longitude for X, latitude for Y).
"""

from __future__ import annotations

import shapely
from shapely.geometry.base import BaseGeometry

from kgbench.geofunctions.literals import CRS84, from_crs84, read_literal
from kgbench.geofunctions.writers import geometry_literal
from kgbench.geofunctions.registry import GeoFunction
from kgbench.geofunctions.terms import any_uri, as_int, boolean, double, integer
from kgbench.ontologies import GEOF as GEOF_NS, SF as SF_NS

__all__ = ["FUNCTIONS", "SF"]

GEOF = GEOF_NS.base
SF = SF_NS.base
_DIM = {"Point": 0, "MultiPoint": 0, "LineString": 1, "LinearRing": 1, "MultiLineString": 1, "Polygon": 2,
        "MultiPolygon": 2}

_EX = ("    >>> from pyoxigraph import Literal\n"
       "    >>> from kgbench.geofunctions.literals import WKT_LITERAL\n"
       "    >>> w = Literal('POLYGON Z((0 0 1,2 0 1,2 3 5,0 0 1))', datatype=WKT_LITERAL)\n")


def _doc(first: str, call: str, result: str, body: str = "") -> str:
    return f"{first}\n\n{('    ' + body + chr(10) + chr(10)) if body else ''}{_EX}    >>> {call}.value\n    {result!r}\n"


def geof_get_srid(g):
    """Return the CRS IRI of a geometry literal as xsd:anyURI (CRS84 when the literal names none).

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> geof_get_srid(Literal('<http://www.opengis.net/def/crs/EPSG/0/4326> POINT(1 2)', datatype=WKT_LITERAL)).value
    'http://www.opengis.net/def/crs/EPSG/0/4326'
    """
    return any_uri(read_literal(g).crs)


def geof_geometry_type(g):
    """Return the Simple Features type of the geometry as the IRI of its sf: class, in an xsd:anyURI literal.

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> geof_geometry_type(Literal('MULTIPOINT((1 2))', datatype=WKT_LITERAL)).value
    'http://www.opengis.net/ont/sf#MultiPoint'
    """
    t = read_literal(g).geom.geom_type
    return any_uri(SF + t)


def _dimension(geom: BaseGeometry) -> int:
    if geom.geom_type == "GeometryCollection":
        return max((_dimension(p) for p in geom.geoms), default=0)
    return _DIM[geom.geom_type]


def geof_dimension(g):
    """Return the topological dimension (0 points, 1 curves, 2 surfaces; a collection: its highest) as xsd:integer.

    An empty geometry has the dimension of its type (``LINESTRING EMPTY`` is 1; an empty collection 0).

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> geof_dimension(Literal('LINESTRING EMPTY', datatype=WKT_LITERAL)).value
    '1'
    """
    return integer(_dimension(read_literal(g).geom))


def _has_m(geom: BaseGeometry) -> bool:
    return bool(shapely.has_m(geom)) if hasattr(shapely, "has_m") else False


geof_coordinate_dimension = lambda g: integer(  # noqa: E731
    2 + bool(read_literal(g).geom.has_z) + _has_m(read_literal(g).geom))
geof_coordinate_dimension.__doc__ = _doc(
    "Return the number of coordinate values per position (2, 3 with Z or M, 4 with both) as xsd:integer.",
    "geof_coordinate_dimension(w)", "3")
geof_spatial_dimension = lambda g: integer(2 + bool(read_literal(g).geom.has_z))  # noqa: E731
geof_spatial_dimension.__doc__ = _doc(
    "Return the number of spatial coordinates per position (2, or 3 with Z; M is not spatial) as xsd:integer.",
    "geof_spatial_dimension(w)", "3")


def geof_num_geometries(g):
    """Return the number of member geometries (1 for a non-empty single geometry, 0 for EMPTY) as xsd:integer.

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> geof_num_geometries(Literal('MULTIPOINT((1 2),(3 4))', datatype=WKT_LITERAL)).value
    '2'
    """
    return integer(shapely.get_num_geometries(read_literal(g).geom))


def geof_geometry_n(g, n):
    """Return the n-th member geometry (1-based, as in Simple Features) in the same serialization.

    A single geometry is its own first member; ``n`` out of range is an error.

    >>> from pyoxigraph import Literal, NamedNode
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> geof_geometry_n(Literal('MULTIPOINT((1 2),(3 4))', datatype=WKT_LITERAL), Literal('2', datatype=NamedNode('http://www.w3.org/2001/XMLSchema#integer'))).value
    'POINT (3 4)'
    """
    v = read_literal(g)
    k = as_int(n)
    count = shapely.get_num_geometries(v.geom)
    if not 1 <= k <= count:
        raise ValueError(f"geometryN index {k} out of range 1..{count}")
    return geometry_literal(shapely.get_geometry(v.geom, k - 1), v.kind, v.crs)


def geof_is_empty(g):
    """Return xsd:boolean: whether the geometry has no points (an empty literal is an empty geometry).

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> geof_is_empty(Literal('', datatype=WKT_LITERAL)).value
    'true'
    """
    return boolean(read_literal(g).geom.is_empty)


def geof_is_simple(g):
    """Return xsd:boolean: whether the geometry has no anomalous self-intersection (Simple Features ``isSimple``).

    >>> from pyoxigraph import Literal
    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> geof_is_simple(Literal('LINESTRING(0 0,2 2,2 0,0 2)', datatype=WKT_LITERAL)).value
    'false'
    """
    return boolean(read_literal(g).geom.is_simple)


geof_is_3d = lambda g: boolean(read_literal(g).geom.has_z)  # noqa: E731
geof_is_3d.__doc__ = _doc("Return xsd:boolean: whether the geometry has Z coordinates.", "geof_is_3d(w)", "true")
geof_is_measured = lambda g: boolean(_has_m(read_literal(g).geom))  # noqa: E731
geof_is_measured.__doc__ = _doc("Return xsd:boolean: whether the geometry has M (measure) values.",
                                "geof_is_measured(w)", "false")


def _extreme(axis: int, fn):
    def impl(g):
        v = read_literal(g)
        geom = from_crs84(v.geom, v.crs)
        if geom.is_empty:
            raise ValueError("an empty geometry has no coordinates")
        coords = shapely.get_coordinates(geom, include_z=True)
        vals = coords[:, axis]
        if axis == 2 and not geom.has_z:
            raise ValueError("the geometry has no Z coordinate")
        return double(float(fn(vals)))

    return impl


_AXES = [("minX", 0, min, "0.0"), ("maxX", 0, max, "2.0"), ("minY", 1, min, "0.0"), ("maxY", 1, max, "3.0"),
         ("minZ", 2, min, "1.0"), ("maxZ", 2, max, "5.0")]
_EXTREMES = {}
for _name, _axis, _fn, _res in _AXES:
    _f = _extreme(_axis, _fn)
    _f.__name__ = _f.__qualname__ = "geof_" + _name
    _f.__doc__ = _doc(
        f"Return the {'smallest' if _fn is min else 'largest'} {'XYZ'[_axis]} coordinate of the geometry, in its "
        "own CRS, as xsd:double.", f"geof_{_name}(w)", _res,
        "EMPTY is an error, and so is a Z extreme of a 2D geometry.")
    _EXTREMES[_name] = _f
    globals()["geof_" + _name] = _f


def _converter(kind: str, result: str):
    def impl(g):
        v = read_literal(g)
        return geometry_literal(v.geom, kind, v.crs if kind in ("wkt", "gml") else CRS84)

    impl.__name__ = impl.__qualname__ = "geof_as_" + kind
    impl.__doc__ = (f"Return the geometry re-serialized as a geo:{kind}Literal (any input serialization, same CRS"
                    f" where the target format can carry one).\n\n"
                    "    >>> from pyoxigraph import Literal\n"
                    "    >>> from kgbench.geofunctions.literals import WKT_LITERAL\n"
                    f"    >>> geof_as_{kind}(Literal('POINT(1 2)', datatype=WKT_LITERAL)).value\n    {result!r}\n")
    return impl


geof_as_wkt = _converter("wkt", "POINT (1 2)")
geof_as_geojson = _converter("geojson", '{"type": "Point", "coordinates": [1.0, 2.0]}')
geof_as_gml = _converter("gml", '<gml:Point xmlns:gml="http://www.opengis.net/ont/gml" '
                                'srsName="http://www.opengis.net/def/crs/OGC/1.3/CRS84"><gml:pos>1 2</gml:pos></gml:Point>')
geof_as_kml = _converter("kml", "<Point><coordinates>1,2</coordinates></Point>")

for _f in (geof_coordinate_dimension, geof_spatial_dimension, geof_is_3d, geof_is_measured):
    _f.__qualname__ = _f.__name__ = [k for k, v in dict(globals()).items() if v is _f and k.startswith("geof_")][0]

FUNCTIONS = [
    GeoFunction(GEOF + "getSRID", geof_get_srid),
    GeoFunction(GEOF + "geometryType", geof_geometry_type),
    GeoFunction(GEOF + "dimension", geof_dimension),
    GeoFunction(GEOF + "coordinateDimension", geof_coordinate_dimension),
    GeoFunction(GEOF + "spatialDimension", geof_spatial_dimension),
    GeoFunction(GEOF + "numGeometries", geof_num_geometries),
    GeoFunction(GEOF + "geometryN", geof_geometry_n),
    GeoFunction(GEOF + "isEmpty", geof_is_empty),
    GeoFunction(GEOF + "isSimple", geof_is_simple),
    GeoFunction(GEOF + "is3D", geof_is_3d),
    GeoFunction(GEOF + "isMeasured", geof_is_measured),
    *(GeoFunction(GEOF + n, f) for n, f in _EXTREMES.items()),
    GeoFunction(GEOF + "asWKT", geof_as_wkt),
    GeoFunction(GEOF + "asGeoJSON", geof_as_geojson),
    GeoFunction(GEOF + "asGML", geof_as_gml),
    GeoFunction(GEOF + "asKML", geof_as_kml),
]
