"""Turning RDF geometry literals into shapely geometries in CRS84 (longitude, latitude), with a bounded cache."""

from __future__ import annotations

import functools
import re

import shapely
from pyoxigraph import Literal, NamedNode
from shapely.geometry.base import BaseGeometry

__all__ = ["WKT_LITERAL", "CRS84", "parse_geometry", "wkt_literal", "GeometryLiteralError"]

WKT_LITERAL = NamedNode("http://www.opengis.net/ont/geosparql#wktLiteral")
CRS84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84"
_CRS_PREFIX = re.compile(r"^\s*<([^>]*)>\s*")

#: how many distinct literals the parse cache keeps
PARSE_CACHE_SIZE = 65536


class GeometryLiteralError(ValueError):
    """A literal that is not a geometry kgbench can read; the message names the literal and the problem."""


def parse_geometry(term) -> BaseGeometry:
    """Return the shapely geometry of a geo:wktLiteral term, in CRS84 longitude/latitude order.

    A leading ``<crs-iri>`` is honoured: CRS84 (the default) is taken as is, EPSG:4326 swaps the axes
    (latitude first). Raises :class:`GeometryLiteralError` naming the literal for anything else:
    a non-literal, a wrong datatype, malformed WKT.

    >>> parse_geometry(Literal("POINT(24.94 60.17)", datatype=WKT_LITERAL)).x
    24.94
    >>> parse_geometry(Literal("<http://www.opengis.net/def/crs/EPSG/0/4326> POINT(60.17 24.94)", datatype=WKT_LITERAL)).x
    24.94
    >>> parse_geometry(Literal("POINT(1", datatype=WKT_LITERAL))
    Traceback (most recent call last):
    ...
    kgbench.geofunctions.literals.GeometryLiteralError: malformed WKT 'POINT(1': ...
    """
    if not isinstance(term, Literal):
        raise GeometryLiteralError(f"not a geometry literal: {term!r}")
    if term.datatype != WKT_LITERAL:
        raise GeometryLiteralError(f"literal {term.value!r} has datatype <{term.datatype.value}>, not geo:wktLiteral")
    return _parse_wkt(term.value)


@functools.lru_cache(maxsize=PARSE_CACHE_SIZE)
def _parse_wkt(text: str) -> BaseGeometry:
    crs = CRS84
    m = _CRS_PREFIX.match(text)
    body = text
    if m:
        crs, body = m.group(1), text[m.end():]
    try:
        geom = shapely.from_wkt(body)
    except Exception as exc:  # shapely raises GEOSException with a long message
        raise GeometryLiteralError(f"malformed WKT {text!r}: {str(exc).splitlines()[0]}") from None
    if crs.rstrip("/") in (CRS84, "http://www.opengis.net/def/crs/OGC/1.3/CRS84"):
        return geom
    if crs.rstrip("/").endswith("EPSG/0/4326"):
        return shapely.ops.transform(lambda x, y, *z: (y, x, *z), geom)
    raise GeometryLiteralError(f"unsupported CRS <{crs}> in {text[:60]!r}")


def wkt_literal(geom: BaseGeometry, precision: int | None = None) -> Literal:
    """Return a geo:wktLiteral term for a CRS84 shapely geometry (no CRS prefix: CRS84 is the default).

    >>> from shapely.geometry import Point
    >>> wkt_literal(Point(24.5, 60.25)).value
    'POINT (24.5 60.25)'
    """
    text = shapely.to_wkt(geom, rounding_precision=-1 if precision is None else precision, trim=True)
    return Literal(text, datatype=WKT_LITERAL)


import shapely.ops  # noqa: E402  (used lazily above; imported here to keep the module import cheap to read)
