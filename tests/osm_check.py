"""Independent measures for the OSM topology checks: pyproj distances and meeting places (no kgbench code).

Distances are taken in a local azimuthal equidistant frame centred between the two geometries (pyproj):
over a few hundred metres that differs from the WGS84 geodesic by far less than a millimetre.
"""

from __future__ import annotations

import itertools

import pyproj
import shapely


def metres(a, b) -> float:
    """Return the distance in metres between two lon/lat geometries, in an equidistant frame centred between them."""
    c = shapely.union(a, b).centroid
    aeqd = pyproj.Transformer.from_crs("EPSG:4326", f"+proj=aeqd +lat_0={c.y} +lon_0={c.x} +datum=WGS84",
                                       always_xy=True).transform
    return shapely.transform(a, aeqd, interleaved=False).distance(shapely.transform(b, aeqd, interleaved=False))


def meeting_places(a, b) -> list:
    """Return the separate places where a and b meet: the parts of their intersection, touching ones merged."""
    inter = a.intersection(b)
    places = [] if inter.is_empty else list(shapely.get_parts(inter))
    merged = True
    while merged:
        merged = False
        for i, j in itertools.combinations(range(len(places)), 2):
            if places[i].distance(places[j]) < 1e-12:
                places[i] = places[i].union(places[j])
                del places[j]
                merged = True
                break
    return places


def closest_places_m(a, b) -> float | None:
    """Return the distance in metres between the two closest separate meeting places of a and b, or None."""
    places = meeting_places(a, b)
    return min((metres(p, q) for p, q in itertools.combinations(places, 2)), default=None)
