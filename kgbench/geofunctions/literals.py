"""Turning RDF geometry literals into shapely geometries in CRS84 (longitude, latitude), and back, with a bounded cache.

Read: geo:wktLiteral (an optional leading ``<crs-iri>``; CRS84 by default; EPSG:4326 is latitude first; any other
CRS pyproj knows is transformed to CRS84), geo:geoJSONLiteral (always CRS84), geo:gmlLiteral (GML 3 ``posList``/
``pos`` and GML 2 ``coordinates``, the ``srsName`` honoured), geo:kmlLiteral and geo:dggsLiteral (H3 cells, read
as the union of their boundaries: :mod:`kgbench.geofunctions.dggs`). An empty literal is an empty geometry, as
GeoSPARQL 1.1 says. Writing them: :mod:`kgbench.geofunctions.writers` (DGGS: :mod:`kgbench.geofunctions.dggs`).
"""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import functools
import json
import re
import threading
import xml.etree.ElementTree as ET
from collections import OrderedDict
from typing import NamedTuple

import shapely
import shapely.geometry
import shapely.ops
from pyoxigraph import Literal, NamedNode
from shapely.geometry.base import BaseGeometry

from kgbench.geofunctions.validity import coordinate_problem, geojson_rings, invalid_polygon, unclosed_ring
from kgbench.ontologies import GEO as GEO_NS, GML_XMLNS

__all__ = [
    "WKT_LITERAL", "GEOJSON_LITERAL", "GML_LITERAL", "KML_LITERAL", "DGGS_LITERAL", "CRS84", "EPSG4326", "GeoValue",
    "parse_geometry", "read_literal", "GeometryLiteralError", "parse_cache",
    "to_crs84", "from_crs84", "canonical_crs", "transform_xy", "PARSE_CACHE_SIZE", "cache_enabled", "derived",
]

GEO = GEO_NS.base
WKT_LITERAL = NamedNode(GEO + "wktLiteral")
GEOJSON_LITERAL = NamedNode(GEO + "geoJSONLiteral")
GML_LITERAL = NamedNode(GEO + "gmlLiteral")
KML_LITERAL = NamedNode(GEO + "kmlLiteral")
DGGS_LITERAL = NamedNode(GEO + "dggsLiteral")
CRS84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84"
EPSG4326 = "http://www.opengis.net/def/crs/EPSG/0/4326"
GML_NS = GML_XMLNS
_KIND = {WKT_LITERAL.value: "wkt", GEOJSON_LITERAL.value: "geojson", GML_LITERAL.value: "gml",
         KML_LITERAL.value: "kml", DGGS_LITERAL.value: "dggs"}
_CRS_PREFIX = re.compile(r"^\s*<([^>]*)>\s*")
_EPSG = re.compile(r"(?:EPSG/\d+/|EPSG:+)(\d+)$", re.IGNORECASE)

#: how many distinct literals the parse cache keeps
PARSE_CACHE_SIZE = 65536
_CACHE_ON: contextvars.ContextVar[bool] = contextvars.ContextVar("kgbench_parse_cache", default=True)


class GeometryLiteralError(ValueError):
    """A literal that is not a geometry kgbench can read; the message names the literal and the problem."""


@dataclasses.dataclass(frozen=True, slots=True)
class GeoValue:
    """A parsed geometry literal: the geometry in CRS84, the literal's CRS IRI, its serialization kind, and
    ``valid``: the same geometry made valid (GEOS make_valid; the geometry itself when already valid), which
    the topological relations use so that a degenerate or self-intersecting input cannot be both disjoint
    from and intersecting another geometry."""

    geom: BaseGeometry
    crs: str = CRS84
    kind: str = "wkt"
    valid: BaseGeometry | None = None
    vertices: int = 0
    #: the geometry to use for topological tests (``valid`` if set, else ``geom``)
    topo: BaseGeometry | None = dataclasses.field(default=None, compare=False)

    def __post_init__(self):
        if self.topo is None:
            object.__setattr__(self, "topo", self.geom if self.valid is None else self.valid)


@contextlib.contextmanager
def parse_cache(enabled: bool):
    """Return a context in which the literal parse cache is used (``True``) or bypassed (``False``).

    The setting is a context variable, so it only affects the current thread / task.

    >>> with parse_cache(False):
    ...     parse_geometry(Literal("POINT(1 2)", datatype=WKT_LITERAL)).y
    2.0
    """
    token = _CACHE_ON.set(enabled)
    try:
        yield
    finally:
        _CACHE_ON.reset(token)


def cache_enabled() -> bool:
    """Return whether the parse cache is in use in the current context (see :func:`parse_cache`)."""
    return _CACHE_ON.get()


def read_literal(term) -> GeoValue:
    """Return the :class:`GeoValue` (CRS84 geometry, CRS IRI, kind) of a geometry literal term.

    Raises :class:`GeometryLiteralError` naming the literal for a non-literal, a datatype that is not one of
    the five geometry literal types, malformed text, an unknown CRS or DGGS, or an invalid H3 cell id. A DGGS
    literal's value has CRS84 as its CRS and ``kind`` ``"dggs"``.

    >>> v = read_literal(Literal("<http://www.opengis.net/def/crs/EPSG/0/4326> POINT(60.17 24.94)", datatype=WKT_LITERAL))
    >>> (v.geom.x, v.geom.y, v.crs.endswith("4326"), v.kind)
    (24.94, 60.17, True, 'wkt')
    """
    try:
        kind = _KIND.get(term.datatype.value)
    except AttributeError:
        raise GeometryLiteralError(f"not a geometry literal: {term!r}") from None
    if kind is None:
        raise GeometryLiteralError(
            f"literal {term.value[:60]!r} has datatype <{term.datatype.value}>, not a GeoSPARQL geometry literal")
    if _CACHE_ON.get():
        return _read_cached(kind, term.value)
    return _read(kind, term.value)


def parse_geometry(term) -> BaseGeometry:
    """Return the shapely geometry of a geometry literal term, in CRS84 longitude/latitude order.

    A leading ``<crs-iri>`` is honoured: CRS84 (the default) is taken as is, EPSG:4326 swaps the axes
    (latitude first), other CRSs are transformed with pyproj. Raises :class:`GeometryLiteralError` naming
    the literal for anything else: a non-literal, a wrong datatype, malformed WKT.

    >>> parse_geometry(Literal("POINT(24.94 60.17)", datatype=WKT_LITERAL)).x
    24.94
    >>> parse_geometry(Literal("<http://www.opengis.net/def/crs/EPSG/0/4326> POINT(60.17 24.94)", datatype=WKT_LITERAL)).x
    24.94
    >>> parse_geometry(Literal("POINT(1", datatype=WKT_LITERAL))
    Traceback (most recent call last):
    ...
    kgbench.geofunctions.literals.GeometryLiteralError: malformed WKT 'POINT(1': ...
    """
    return read_literal(term).geom


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int
    currsize: int


class _ParseCache:
    """A bounded LRU map (kind, literal text) -> GeoValue that never hashes a whole long literal.

    pyoxigraph hands a function a fresh ``str`` for every call, so a plain dict would re-hash a 10 kB polygon
    literal each time (3 us). Keys here are the length and the last 64 characters (short literals: the text);
    the full text is then compared with ``==`` (a memcmp) against the few entries sharing that key.
    """

    def __init__(self, maxsize: int):
        self.maxsize = maxsize
        self._map: OrderedDict = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def __call__(self, kind: str, text: str) -> GeoValue:
        n = len(text)
        key = (kind, text) if n <= 96 else (kind, n, text[-64:])
        bucket = self._map.get(key)
        if bucket is not None:
            for t, v in bucket:
                if t == text:
                    self.hits += 1
                    try:
                        self._map.move_to_end(key)
                    except KeyError:  # evicted by another thread meanwhile
                        pass
                    return v
        value = _read(kind, text)
        g = value.topo
        if g.geom_type != "Point" and not g.is_empty and shapely.get_num_coordinates(g) >= 8:
            shapely.prepare(g)  # literals that come back from the cache are tested again: index them once
        with self._lock:
            self.misses += 1
            self._map.setdefault(key, []).append((text, value))
            self._map.move_to_end(key)
            while len(self._map) > self.maxsize:
                self._map.popitem(last=False)
        return value

    def cache_clear(self) -> None:
        with self._lock:
            self._map.clear()
            self.hits = self.misses = 0

    def cache_info(self) -> CacheInfo:
        return CacheInfo(self.hits, self.misses, self.maxsize, len(self._map))


_read_cached = _ParseCache(PARSE_CACHE_SIZE)


class _Derived:
    """A bounded LRU map (geometry, name) -> a value computed from the geometry (its boundary, a segment index).

    Keyed by the geometry's identity, so it pays off for the geometries the parse cache hands out again and
    again (a state outline tested against thousands of points); each entry holds its geometry, so an id is
    never reused while its entry lives.
    """

    def __init__(self, maxsize: int):
        self.maxsize = maxsize
        self._map: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, geom: BaseGeometry, name: str, make):
        if not _CACHE_ON.get():
            return make(geom)
        key = (id(geom), name)
        with self._lock:
            hit = self._map.get(key)
            if hit is not None and hit[0] is geom:
                self._map.move_to_end(key)
                return hit[1]
        value = make(geom)
        with self._lock:
            self._map[key] = (geom, value)
            self._map.move_to_end(key)
            while len(self._map) > self.maxsize:
                self._map.popitem(last=False)
        return value


#: derived(geom, name, make) -> make(geom), remembered for the most recently used geometries
derived = _Derived(1024)


def _read(kind: str, text: str) -> GeoValue:
    if kind == "wkt":
        crs, geom = _read_wkt(text)
    elif kind == "geojson":
        crs, geom = CRS84, _read_geojson(text)
    elif kind == "dggs":
        from kgbench.geofunctions.dggs import read_dggs  # dggs imports this module

        crs, geom = CRS84, read_dggs(text)
    else:
        crs, geom = _read_xml(text, kind)
    geom = to_crs84(geom, crs)
    problem = coordinate_problem(geom)
    if problem:
        raise GeometryLiteralError(f"coordinates out of range in {_short(text)}: {problem}")
    valid = geom
    if not geom.is_empty and not geom.is_valid:
        problem = invalid_polygon(geom)
        if problem:
            raise GeometryLiteralError(f"invalid polygon {_short(text)}: {problem}")
        valid = shapely.make_valid(geom)  # degenerate linework (a zero-length line): tested as repaired
    return GeoValue(geom, crs, kind, valid, int(shapely.get_num_coordinates(valid)))


def _short(text: str) -> str:
    t = text.strip()
    return repr(t if len(t) <= 80 else t[:77] + "...")


def _check_rings(rings, text: str, kind: str) -> None:
    problem = unclosed_ring(rings)
    if problem:
        raise GeometryLiteralError(f"invalid polygon {_short(text)}: {problem} in {kind.upper()}")


def _read_wkt(text: str) -> tuple[str, BaseGeometry]:
    crs = CRS84
    body = text.strip()
    m = _CRS_PREFIX.match(body)
    if m:
        crs, body = m.group(1).strip(), body[m.end():]
    if not body:
        return crs, shapely.geometry.GeometryCollection()
    try:
        geom = shapely.from_wkt(body)
    except Exception as exc:  # shapely raises GEOSException with a long message
        raise GeometryLiteralError(f"malformed WKT {text.strip()[:80]!r}: {str(exc).splitlines()[0]}") from None
    return crs, geom


def _read_geojson(text: str) -> BaseGeometry:
    if not text.strip():
        return shapely.geometry.GeometryCollection()
    try:
        obj = json.loads(text)
        if obj.get("type") == "Feature":
            obj = obj["geometry"]
        rings = list(geojson_rings(obj))
    except Exception as exc:  # noqa: BLE001 - any decoding problem is a malformed literal
        raise GeometryLiteralError(f"malformed GeoJSON {text.strip()[:80]!r}: {exc}") from None
    _check_rings(rings, text, "geojson")  # shapely would close them silently
    try:
        return shapely.geometry.shape(obj)
    except Exception as exc:  # noqa: BLE001 - any decoding problem is a malformed literal
        raise GeometryLiteralError(f"malformed GeoJSON {text.strip()[:80]!r}: {exc}") from None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _coords(el, kind: str) -> list[tuple[float, ...]]:
    """Return the coordinate tuples below one GML/KML element (posList, pos, coordinates)."""
    for child in el.iter():
        name = _local(child.tag)
        if name in ("posList", "pos"):
            nums = [float(v) for v in (child.text or "").split()]
            dim = int(child.get("srsDimension") or 2)
            return [tuple(nums[i:i + dim]) for i in range(0, len(nums) - dim + 1, dim)]
        if name == "coordinates":
            pts = (child.text or "").split()
            return [tuple(float(c) for c in p.split(",")) for p in pts]
    return []


def _xml_geom(el, kind: str) -> BaseGeometry:
    name = _local(el.tag)
    g = shapely.geometry
    if name == "Point":
        c = _coords(el, kind)
        return g.Point(c[0]) if c else g.Point()
    if name in ("LineString", "LinearRing", "Curve"):
        c = _coords(el, kind)
        return g.LineString(c) if c else g.LineString()
    if name in ("Polygon", "Surface"):
        outer, inner = None, []
        for child in el:
            cname = _local(child.tag)
            if cname in ("exterior", "outerBoundaryIs"):
                outer = _coords(child, kind)
            elif cname in ("interior", "innerBoundaryIs"):
                inner.append(_coords(child, kind))
        if outer is None:
            outer = _coords(el, kind)
        _check_rings([outer or [], *inner], ET.tostring(el, encoding="unicode"), kind)  # shapely closes them
        return g.Polygon(outer, inner) if outer else g.Polygon()
    if name == "Envelope":
        lo = hi = None
        for child in el:
            if _local(child.tag) == "lowerCorner":
                lo = [float(v) for v in child.text.split()]
            elif _local(child.tag) == "upperCorner":
                hi = [float(v) for v in child.text.split()]
        return g.box(lo[0], lo[1], hi[0], hi[1])
    parts = [_xml_geom(m, kind) for c in el for m in (c if _local(c.tag).endswith("Member")
                                                        or _local(c.tag).endswith("Members") else [c])]
    if name in ("MultiPoint",):
        return g.MultiPoint([p for p in parts if not p.is_empty])
    if name in ("MultiCurve", "MultiLineString"):
        return g.MultiLineString([p for p in parts if not p.is_empty])
    if name in ("MultiSurface", "MultiPolygon"):
        return g.MultiPolygon([p for p in parts if not p.is_empty])
    if name in ("MultiGeometry", "GeometryCollection", "Placemark", "kml", "Document"):
        return g.GeometryCollection([p for p in parts if p is not None])
    raise GeometryLiteralError(f"unsupported {kind.upper()} element <{name}>")


def _read_xml(text: str, kind: str) -> tuple[str, BaseGeometry]:
    if not text.strip():
        return CRS84, shapely.geometry.GeometryCollection()
    try:
        root = ET.fromstring(text.strip())
    except ET.ParseError as exc:
        raise GeometryLiteralError(f"malformed {kind.upper()} {text.strip()[:80]!r}: {exc}") from None
    crs = root.get("srsName") or CRS84
    if kind == "gml" and crs == CRS84 and root.get("srsName") is None:
        crs = CRS84
    try:
        return crs, _xml_geom(root, kind)
    except GeometryLiteralError:
        raise
    except Exception as exc:  # noqa: BLE001
        raise GeometryLiteralError(f"malformed {kind.upper()} {text.strip()[:80]!r}: {exc}") from None


# -- coordinate reference systems -------------------------------------------------------------------------

def canonical_crs(crs: str) -> str:
    c = crs.strip().rstrip("/")
    if c in (CRS84, "http://www.opengis.net/def/crs/OGC/1.3/CRS84", "urn:ogc:def:crs:OGC:1.3:CRS84",
             "http://www.opengis.net/def/crs/OGC/0/CRS84", "CRS84", "OGC:CRS84"):
        return CRS84
    return c


@functools.lru_cache(maxsize=256)
def _transformer(src: str, dst: str):
    from pyproj import CRS, Transformer

    def crs_of(iri: str):
        if iri == CRS84:
            return CRS.from_user_input("OGC:CRS84")
        m = _EPSG.search(iri)
        if m:
            return CRS.from_epsg(int(m.group(1)))
        try:
            return CRS.from_user_input(iri)
        except Exception:  # noqa: BLE001
            raise GeometryLiteralError(f"unsupported CRS <{iri}>") from None

    return Transformer.from_crs(crs_of(src), crs_of(dst))


def transform_xy(geom: BaseGeometry, fn) -> BaseGeometry:
    """Return ``geom`` with ``fn(x_array, y_array) -> (x_array, y_array)`` applied to its coordinates (Z kept).

    >>> transform_xy(shapely.from_wkt("POINT Z (1 2 3)"), lambda x, y: (y, x)).wkt
    'POINT Z (2 1 3)'
    """
    if geom.has_z:
        return shapely.transform(geom, lambda x, y, z: (*fn(x, y), z), include_z=True, interleaved=False)
    return shapely.transform(geom, fn, interleaved=False)


def _swap(x, y):
    return y, x


def to_crs84(geom: BaseGeometry, crs: str) -> BaseGeometry:
    """Return ``geom`` (coordinates in ``crs``, in that CRS's own axis order) transformed to CRS84.

    >>> to_crs84(shapely.geometry.Point(60.0, 25.0), EPSG4326).coords[0]
    (25.0, 60.0)
    """
    c = canonical_crs(crs)
    if c == CRS84 or geom.is_empty:
        return geom
    if _EPSG.search(c) and _EPSG.search(c).group(1) == "4326":
        return transform_xy(geom, _swap)
    t = _transformer(c, CRS84)
    return transform_xy(geom, t.transform)


def from_crs84(geom: BaseGeometry, crs: str) -> BaseGeometry:
    """Return the CRS84 geometry ``geom`` expressed in ``crs`` (that CRS's own axis order)."""
    c = canonical_crs(crs)
    if c == CRS84 or geom.is_empty:
        return geom
    if _EPSG.search(c) and _EPSG.search(c).group(1) == "4326":
        return transform_xy(geom, _swap)
    t = _transformer(CRS84, c)
    return transform_xy(geom, t.transform)
