"""Near misses between OpenStreetMap roads: lines that come within a tolerance of each other without meeting.

OSM mappers draw a junction by sharing a node; a road that stops a few metres short of another (a gap in the
digitization, or two carriageways drawn side by side) does not meet it, though a person would call it a
junction. Topology templates (C2-C6) never ask about such a pair: the snapshot links the two roads by
``kgb:nearMiss`` (both ways) so a candidate query can leave them out with one triple pattern instead of a
pairwise distance join. The tolerance is recorded in the snapshot manifest (``osm_near_miss_m``).
"""

from __future__ import annotations

import shapely
from shapely.strtree import STRtree

from kgbench.geofunctions.metric import geodesic_distance_m
from kgbench.kg.records import EntityRecord
from kgbench.ontologies import ENTITY

__all__ = ["NEAR_MISS_M", "near_miss_pairs", "mark_near_misses"]

#: two roads whose geometries come within this many metres (WGS84 geodesic) without meeting are a near miss
NEAR_MISS_M = 15.0
#: a planar search radius in degrees that holds every point within NEAR_MISS_M at the latitudes of the
#: extracts (15 m is 0.00027 degrees of longitude at 60 N, 0.00039 at 70 N): the exact test is geodesic
_SEARCH_DEGREES = 0.0005


def near_miss_pairs(geoms: list, tolerance_m: float = NEAR_MISS_M) -> list[tuple[int, int]]:
    """Return the index pairs (i < j) of geometries that do not intersect but lie within ``tolerance_m`` metres.

    Distances are WGS84 geodesic (:func:`kgbench.geofunctions.metric.geodesic_distance_m`, the one
    ``geof:distance`` uses), so the pairs are exactly those a query
    ``!geof:sfIntersects(?a, ?b) && geof:distance(?a, ?b, uom:metre) <= 15`` finds (within 70 degrees of the
    equator, where the planar search radius is wide enough).

    >>> a = shapely.from_wkt("LINESTRING (24.90 60.17, 24.91 60.17)")
    >>> b = shapely.from_wkt("LINESTRING (24.91003 60.17, 24.92 60.17)")   # starts 1.7 m east of a's end
    >>> c = shapely.from_wkt("LINESTRING (24.91 60.17, 24.91 60.18)")      # shares a's end: a junction
    >>> near_miss_pairs([a, b, c])
    [(0, 1), (1, 2)]
    """
    if len(geoms) < 2:
        return []
    left, right = STRtree(geoms).query(geoms, predicate="dwithin", distance=_SEARCH_DEGREES)
    out = []
    for i, j in sorted({(min(i, j), max(i, j)) for i, j in zip(left.tolist(), right.tolist()) if i != j}):
        if not shapely.intersects(geoms[i], geoms[j]) and geodesic_distance_m(geoms[i], geoms[j]) <= tolerance_m:
            out.append((i, j))
    return out


def mark_near_misses(records: list[EntityRecord], tolerance_m: float = NEAR_MISS_M) -> int:
    """Return how many near-miss pairs were found among the OSM road records, linking each pair by kgb:nearMiss.

    The links go into each record's ``extra`` statements (both directions), in a stable order.
    """
    roads = [r for r in records if r.graph == "osm" and r.category == "road"]
    pairs = near_miss_pairs([r.geometry for r in roads], tolerance_m)
    for i, j in pairs:
        roads[i].extra.append(("nearMiss", ENTITY.term(roads[j].key)))
        roads[j].extra.append(("nearMiss", ENTITY.term(roads[i].key)))
    return len(pairs)
