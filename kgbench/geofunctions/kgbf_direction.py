"""kgbench's direction and distance functions: distance on a sphere, bearings, compass bins, directional
distances, relative polar position, side of a route, position along a line, distance to a boundary, Hausdorff.

Directions are azimuths in degrees clockwise from true north, on WGS84 (pyproj's inverse geodesic). A
location is a point; any other geometry stands for its centroid (local equidistant projection).
"""

from __future__ import annotations

import math

import shapely
from pyoxigraph import Literal, NamedNode

from kgbench.geofunctions.construct import local_projection
from kgbench.geofunctions.kgbf_grid import location
from kgbench.geofunctions.literals import derived, parse_geometry
from kgbench.geofunctions.metric import WGS84, geodesic_distance_m
from kgbench.geofunctions.registry import GeoFunction
from kgbench.geofunctions.terms import as_float, as_int, boolean, double, string
from kgbench.geofunctions.units import length_factor
from kgbench.ontologies import KGBF as KGBF_NS

__all__ = ["KGBF", "POSTGIS_SPHERE_RADIUS_M", "sphere_distance_m", "bearing_deg", "compass_point", "FUNCTIONS"]

KGBF = KGBF_NS.base
#: the sphere radius of PostGIS's ST_DistanceSphere, in metres
POSTGIS_SPHERE_RADIUS_M = 6370986.0
_COMPASS16 = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
_NAMED = {"north": 0.0, "east": 90.0, "south": 180.0, "west": 270.0, "northeast": 45.0, "southeast": 135.0,
          "southwest": 225.0, "northwest": 315.0, **{c.lower(): 22.5 * i for i, c in enumerate(_COMPASS16)}}

_EX = ("    >>> from kgbench.geofunctions.literals import WKT_LITERAL\n"
       "    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)\n")


def sphere_distance_m(lon1: float, lat1: float, lon2: float, lat2: float, radius: float = POSTGIS_SPHERE_RADIUS_M) -> float:
    """Return the great-circle distance in metres between two (lon, lat) points on a sphere of ``radius`` metres.

    Haversine formula, stable for small and antipodal-free distances.

    >>> round(sphere_distance_m(0, 0, 0, 1, 6371000.0), 3)
    111194.927
    """
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * radius * math.asin(min(1.0, math.sqrt(h)))


def bearing_deg(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Return the initial azimuth from ``a`` to ``b`` (lon, lat) on WGS84, degrees clockwise from north in [0, 360).

    Equal points raise ValueError (no direction).
    """
    if a == b:
        raise ValueError("no direction between two equal locations")
    az = WGS84.inv(a[0], a[1], b[0], b[1])[0]
    return az % 360.0


def compass_point(azimuth: float, points: int = 8) -> str:
    """Return the compass point (4, 8 or 16 bins) of an azimuth in degrees; bins are centred on their direction.

    >>> compass_point(44.9, 4), compass_point(44.9, 8), compass_point(44.9, 16)
    ('N', 'NE', 'NE')
    """
    if points not in (4, 8, 16):
        raise ValueError(f"compass bins must be 4, 8 or 16, got {points}")
    step = 360.0 / points
    i = int(((azimuth % 360.0) + step / 2) // step) % points
    return _COMPASS16[i * (16 // points)]


def _direction(term) -> float:
    if isinstance(term, Literal) and term.datatype.value.endswith(("#string", "#langString")):
        key = term.value.strip().lower()
        if key not in _NAMED:
            raise ValueError(f"unknown direction {term.value!r}")
        return _NAMED[key]
    return as_float(term) % 360.0


def kgbf_sphere_distance(a, b, radius=None):
    """Return the great-circle distance in metres between two locations on a sphere (default PostGIS's 6370986 m).

    Like PostGIS ST_DistanceSphere for points; other geometries stand for their centroids.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> round(float(kgbf_sphere_distance(P(0, 0), P(0, 1)).value), 3)
    111194.682
    """
    (x1, y1), (x2, y2) = location(a), location(b)
    r = POSTGIS_SPHERE_RADIUS_M if radius is None else as_float(radius)
    if r <= 0:
        raise ValueError(f"sphere radius must be positive, got {r}")
    return double(sphere_distance_m(x1, y1, x2, y2, r))


def kgbf_bearing(a, b):
    """Return the initial WGS84 azimuth from the first location to the second, degrees clockwise from north [0, 360).

    Equal locations are an error (no direction).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> float(kgbf_bearing(P(0, 0), P(1, 0)).value)
    90.0
    """
    return double(bearing_deg(location(a), location(b)))


def kgbf_compass(a, b, points=None):
    """Return the compass point (N, NE, ...; 4, 8 (default) or 16 bins) of the direction from the first location to the second.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> kgbf_compass(P(0, 0), P(-1, -1)).value
    'SW'
    """
    n = 8 if points is None else as_int(points)
    return string(compass_point(bearing_deg(location(a), location(b)), n))


def kgbf_compass_bin(azimuth, points=None):
    """Return the compass point (4, 8 (default) or 16 bins) of an azimuth given in degrees.

    >>> from kgbench.geofunctions.terms import double, integer
    >>> kgbf_compass_bin(double(200.0), integer(16)).value
    'SSW'
    """
    n = 8 if points is None else as_int(points)
    return string(compass_point(as_float(azimuth), n))


def kgbf_is_direction_of(a, b, direction):
    """Return xsd:boolean: whether the first location lies in ``direction`` (a name such as "east", "NE", or
    degrees) of the second, that is within 45 degrees either side of it as seen from the second.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> kgbf_is_direction_of(P(1, 0.2), P(0, 0), Literal("east")).value
    'true'
    """
    az = bearing_deg(location(b), location(a))
    diff = (az - _direction(direction) + 180.0) % 360.0 - 180.0
    return boolean(abs(diff) < 45.0)


def kgbf_directional_distance(a, b, direction, unit):
    """Return how far the first location is from the second in ``direction`` (signed, in ``unit``).

    The geodesic distance from the second to the first times the cosine of the angle between its azimuth
    and the direction: "how far west is A from B" is negative when A is east of B.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> from pyoxigraph import NamedNode
    >>> km = NamedNode("http://www.opengis.net/def/uom/OGC/1.0/kilometre")
    >>> round(float(kgbf_directional_distance(P(-1, 0), P(0, 0), Literal("west"), km).value), 3)
    111.319
    """
    pb, pa = location(b), location(a)
    if pa == pb:
        return double(0.0)
    az, _, d = WGS84.inv(pb[0], pb[1], pa[0], pa[1])
    return double(d * math.cos(math.radians(az - _direction(direction))) / length_factor(unit))


def kgbf_polar_angle(a, b):
    """Return the angle of the first location in the polar frame of the second: azimuth from the second, degrees from north.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> float(kgbf_polar_angle(P(0, 1), P(0, 0)).value)
    0.0
    """
    return double(bearing_deg(location(b), location(a)))


def kgbf_polar_distance(a, b):
    """Return the radius of the first location in the polar frame of the second: geodesic distance in metres.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> round(float(kgbf_polar_distance(P(0, 1), P(0, 0)).value))
    110574
    """
    (x1, y1), (x2, y2) = location(b), location(a)
    return double(WGS84.inv(x1, y1, x2, y2)[2])


def kgbf_relative_position(a, b):
    """Return the polar position of the first location in the frame of the second as "<azimuth deg> <metres>".

    Azimuth rounded to 0.1 degree and distance to the metre; an xsd:string.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> kgbf_relative_position(P(1, 0), P(0, 0)).value
    '90.0 111319'
    """
    (x1, y1), (x2, y2) = location(b), location(a)
    az, _, d = WGS84.inv(x1, y1, x2, y2)
    return string(f"{az % 360.0:.1f} {d:.0f}")


def kgbf_side_of_route(p, start, end):
    """Return "left", "right" or "on": the side of the location relative to the geodesic route start -> end.

    Decided by the sign of the difference of the azimuths start -> end and start -> location (within 1e-9
    degree: "on"). A location equal to the start is "on".

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> kgbf_side_of_route(P(0.5, 1), P(0, 0), P(1, 0)).value
    'left'
    """
    s, e, q = location(start), location(end), location(p)
    if q == s:
        return string("on")
    diff = (bearing_deg(s, q) - bearing_deg(s, e) + 180.0) % 360.0 - 180.0
    return string("on" if abs(diff) < 1e-9 or abs(abs(diff) - 180.0) < 1e-9 else ("right" if diff > 0 else "left"))


def kgbf_side_of_line(p, line):
    """Return "left", "right" or "on": the side of the location relative to a line string, by its nearest segment.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> kgbf_side_of_line(P(1, -1), Literal("LINESTRING(0 0,1 0,2 0)", datatype=WKT_LITERAL)).value
    'right'
    """
    ln = parse_geometry(line)
    if ln.geom_type != "LineString" or ln.is_empty:
        raise ValueError(f"a route must be a LineString, got {ln.geom_type}")
    q = location(p)
    fwd, _ = local_projection(ln)
    lq, lp = fwd(ln), fwd(shapely.geometry.Point(q))
    c = list(lq.coords)
    best = min(range(len(c) - 1), key=lambda i: shapely.geometry.LineString(c[i:i + 2]).distance(lp))
    (x1, y1), (x2, y2) = c[best][:2], c[best + 1][:2]
    cross = (x2 - x1) * (lp.y - y1) - (y2 - y1) * (lp.x - x1)
    return string("on" if abs(cross) < 1e-6 else ("left" if cross > 0 else "right"))


def kgbf_line_locate(line, p):
    """Return the fraction (0 at the start, 1 at the end) of the line's length at the point nearest the location.

    Measured in a local equidistant frame. Compare two fractions to say which location is further along
    (downstream, for a waterway digitized in its flow direction).

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> round(float(kgbf_line_locate(Literal("LINESTRING(0 0,2 0)", datatype=WKT_LITERAL), P(0.5, 1)).value), 3)
    0.25
    """
    ln = parse_geometry(line)
    if ln.is_empty or ln.geom_type not in ("LineString", "MultiLineString"):
        raise ValueError(f"expected a line, got {ln.geom_type}")
    fwd, _ = local_projection(ln)
    return double(round(fwd(ln).line_locate_point(fwd(shapely.geometry.Point(location(p))), normalized=True), 12))


def kgbf_boundary_distance(a, b, unit):
    """Return the minimum geodesic distance from the first geometry to the boundary of the second, in ``unit``.

    0 when the first touches or crosses that boundary; a point inside a polygon gets its distance to the edge.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> from pyoxigraph import NamedNode
    >>> km = NamedNode("http://www.opengis.net/def/uom/OGC/1.0/kilometre")
    >>> sq = Literal("POLYGON((-1 -1,1 -1,1 1,-1 1,-1 -1))", datatype=WKT_LITERAL)
    >>> round(float(kgbf_boundary_distance(P(0, 0), sq, km).value), 1)
    110.6
    """
    ga, gb = parse_geometry(a), parse_geometry(b)
    return double(geodesic_distance_m(ga, derived(gb, "boundary", _prepared_boundary)) / length_factor(unit))


def _prepared_boundary(g):
    """Return the boundary of ``g``, prepared (it is tested against many points)."""
    out = g.boundary
    if not out.is_empty:
        shapely.prepare(out)
    return out


def kgbf_hausdorff_distance(a, b, unit):
    """Return the Hausdorff distance between two geometries in ``unit``, in a local equidistant frame.

    Edges are densified to a twentieth of their length first, so the maximum is not limited to vertices.

    >>> from kgbench.geofunctions.literals import WKT_LITERAL
    >>> P = lambda x, y: Literal(f'POINT({x} {y})', datatype=WKT_LITERAL)
    >>> from pyoxigraph import NamedNode
    >>> m = NamedNode("http://www.opengis.net/def/uom/OGC/1.0/metre")
    >>> round(float(kgbf_hausdorff_distance(P(0, 0), Literal("LINESTRING(0 0,0 0.01)", datatype=WKT_LITERAL), m).value))
    1106
    """
    ga, gb = parse_geometry(a), parse_geometry(b)
    if ga.is_empty or gb.is_empty:
        raise ValueError("the Hausdorff distance to an empty geometry is undefined")
    fwd, _ = local_projection(shapely.geometry.GeometryCollection([ga, gb]))
    return double(shapely.hausdorff_distance(fwd(ga), fwd(gb), densify=0.05) / length_factor(unit))


FUNCTIONS = [
    GeoFunction(KGBF + "sphereDistance", kgbf_sphere_distance),
    GeoFunction(KGBF + "bearing", kgbf_bearing),
    GeoFunction(KGBF + "compass", kgbf_compass),
    GeoFunction(KGBF + "compassBin", kgbf_compass_bin),
    GeoFunction(KGBF + "isDirectionOf", kgbf_is_direction_of),
    GeoFunction(KGBF + "directionalDistance", kgbf_directional_distance),
    GeoFunction(KGBF + "polarAngle", kgbf_polar_angle),
    GeoFunction(KGBF + "polarDistance", kgbf_polar_distance),
    GeoFunction(KGBF + "relativePosition", kgbf_relative_position),
    GeoFunction(KGBF + "sideOfRoute", kgbf_side_of_route),
    GeoFunction(KGBF + "sideOfLine", kgbf_side_of_line),
    GeoFunction(KGBF + "lineLocate", kgbf_line_locate),
    GeoFunction(KGBF + "boundaryDistance", kgbf_boundary_distance),
    GeoFunction(KGBF + "hausdorffDistance", kgbf_hausdorff_distance),
]

import shapely.geometry  # noqa: E402
