"""Where OpenStreetMap roads meet: near misses, grade separations and split junctions, as pair marks.

OSM mappers draw a junction by sharing a node. Three kinds of road pairs have a planar topology that is not
what a person on the street sees, and topology templates (C2-C6) never ask about them; the snapshot links
each pair (both ways) so a candidate query can leave them out with one triple pattern instead of a pairwise
geometry join. Tolerances and pair counts are recorded in the snapshot manifest.

- ``kgb:nearMiss``: the lines come within :data:`NEAR_MISS_M` of each other without sharing a point (a road
  that stops a few metres short of another, two carriageways drawn side by side): a person would call it a
  junction, the geometry says they do not meet.
- ``kgb:gradeSeparated``: the lines cross or touch in the plane somewhere farther than :data:`SNAP_M` from
  every node the two roads share (one passes over the other on a bridge, or under it in a tunnel or
  cutting: the Baana cycle corridor below the street bridges): GeoSPARQL says they intersect, in the world
  they do not meet there.
- ``kgb:splitJunction``: the lines meet in two or more separate places (connected parts of their
  intersection) of which two lie within :data:`SPLIT_JUNCTION_M` of each other (a forked street end or a
  dual carriageway meeting a street): one junction to a person, several to the overlay, so "in how many
  places do they meet" (C3) has no single answer.
- ``kgb:meetsAtArea``: one road comes within :data:`NEAR_MISS_M` of a ``highway=pedestrian`` area that
  carries the other road's name (Keskuskatu, Aleksanterinkatu: the pedestrian stretch of the street is
  drawn as an area, not as a line). Where the street is an area its centre line is missing, so whether and
  where the two meet is not in the line geometry. Such a road itself is marked ``kgb:partlyArea true``:
  its line is not the whole street, so nothing measured from it alone (what it passes within some metres,
  which roads meet it) is asked.
"""

from __future__ import annotations

import shapely
from shapely.strtree import STRtree

from kgbench.geofunctions.kgbf_shape import connected_groups
from kgbench.geofunctions.metric import geodesic_distance_m
from kgbench.kg.builder.records import EntityRecord
from kgbench.ontologies import ENTITY

__all__ = ["NEAR_MISS_M", "SNAP_M", "SPLIT_JUNCTION_M", "near_miss_pairs", "grade_separated_pairs",
           "split_junction_pairs", "area_meeting_pairs", "mark_road_pairs"]

#: two roads whose geometries come within this many metres (WGS84 geodesic) without meeting are a near miss
NEAR_MISS_M = 15.0
#: an intersection part farther than this (metres, geodesic) from every shared OSM node is not a junction
SNAP_M = 1.0
#: two separate meeting places of one road pair this close (metres, geodesic) are one junction to a person
SPLIT_JUNCTION_M = 30.0
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


def _intersecting_pairs(geoms: list) -> list[tuple[int, int]]:
    """Return the index pairs (i < j) of geometries that intersect, sorted."""
    if len(geoms) < 2:
        return []
    left, right = STRtree(geoms).query(geoms, predicate="intersects")
    return sorted({(min(i, j), max(i, j)) for i, j in zip(left.tolist(), right.tolist()) if i != j})


def grade_separated_pairs(geoms: list, nodes: list[dict[int, tuple[float, float]]],
                          snap_m: float = SNAP_M, pairs: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Return the index pairs (i < j) of lines that intersect somewhere farther than ``snap_m`` from a shared node.

    ``nodes[i]`` maps the OSM node ids of line i to their (lon, lat). A pair that shares no node at all and
    still intersects crosses on different levels (bridge, tunnel) or was drawn without a junction node;
    a pair that shares a node but also crosses elsewhere (meets at one end, passes over or under further on)
    is marked too, since its planar intersection is not where it meets. ``pairs``: the intersecting index
    pairs when the caller has found them already (else they are found here).

    >>> a = shapely.from_wkt("LINESTRING (0 0, 2 0)")
    >>> b = shapely.from_wkt("LINESTRING (1 -1, 1 1)")     # crosses a at (1 0), no node there: a bridge
    >>> c = shapely.from_wkt("LINESTRING (2 0, 2 1)")      # meets a at its end node 2
    >>> grade_separated_pairs([a, b, c], [{1: (0, 0), 2: (2, 0)}, {3: (1, -1), 4: (1, 1)}, {2: (2, 0), 5: (2, 1)}])
    [(0, 1)]
    """
    out = []
    for i, j in _intersecting_pairs(geoms) if pairs is None else pairs:
        shared = [nodes[i][n] for n in nodes[i].keys() & nodes[j].keys()]
        if not shared:
            out.append((i, j))
            continue
        at = shapely.MultiPoint(shared)
        parts = shapely.get_parts(shapely.intersection(geoms[i], geoms[j]))
        if any(geodesic_distance_m(p, at) > snap_m for p in parts):
            out.append((i, j))
    return out


def split_junction_pairs(geoms: list, within_m: float = SPLIT_JUNCTION_M,
                         pairs: list[tuple[int, int]] | None = None) -> list[tuple[int, int]]:
    """Return the index pairs (i < j) of lines that meet in two separate places within ``within_m`` of each other.

    A place is a connected part of the intersection (as ``kgbf:intersectionPoints`` counts them:
    :func:`kgbench.geofunctions.kgbf_shape.connected_groups`); distances are WGS84 geodesic. ``pairs``: the
    intersecting index pairs, as for :func:`grade_separated_pairs`.

    >>> fork = shapely.from_wkt("MULTILINESTRING ((24.9 60.17, 24.9 60.1698), (24.9003 60.17, 24.9003 60.1698))")
    >>> street = shapely.from_wkt("LINESTRING (24.899 60.1698, 24.901 60.1698)")  # both branches end on it, 17 m apart
    >>> loop = shapely.from_wkt("LINESTRING (24.9 60.1698, 24.9 60.168, 24.91 60.168, 24.91 60.1698)")
    >>> split_junction_pairs([fork, street]), split_junction_pairs([street, loop])
    ([(0, 1)], [])
    """
    out = []
    for i, j in _intersecting_pairs(geoms) if pairs is None else pairs:
        parts = list(shapely.get_parts(shapely.intersection(geoms[i], geoms[j])))
        places = [shapely.union_all([parts[k] for k in g]) for g in connected_groups(parts)]
        if any(geodesic_distance_m(places[a], places[b]) <= within_m
               for a in range(len(places)) for b in range(a + 1, len(places))):
            out.append((i, j))
    return out


def area_meeting_pairs(geoms: list, areas: list[list], tolerance_m: float = NEAR_MISS_M) -> list[tuple[int, int]]:
    """Return the index pairs (i < j) where one line comes within ``tolerance_m`` of an area drawn for the other.

    ``areas[i]`` are the polygons that carry line i's name (its pedestrian stretch drawn as an area), often
    none. Distances are WGS84 geodesic; a line is never paired with itself.

    >>> street = shapely.from_wkt("LINESTRING (24.90 60.17, 24.901 60.17)")       # ends where its area begins
    >>> area = shapely.from_wkt("POLYGON ((24.901 60.1699, 24.903 60.1699, 24.903 60.1701, 24.901 60.1701, 24.901 60.1699))")
    >>> cross = shapely.from_wkt("LINESTRING (24.902 60.169, 24.902 60.1699)")    # ends on the area's edge
    >>> far = shapely.from_wkt("LINESTRING (24.91 60.169, 24.91 60.171)")
    >>> area_meeting_pairs([street, cross, far], [[area], [], []])
    [(0, 1)]
    """
    out = set()
    for i, polys in enumerate(areas):
        if not polys:
            continue
        zone = shapely.union_all(polys)
        near = STRtree(geoms).query(zone, predicate="dwithin", distance=_SEARCH_DEGREES)
        out |= {(min(i, j), max(i, j)) for j in near.tolist()
                if j != i and geodesic_distance_m(geoms[j], zone) <= tolerance_m}
    return sorted(out)


def _link(roads: list[EntityRecord], pairs: list[tuple[int, int]], prop: str) -> None:
    for i, j in pairs:
        roads[i].extra.append((prop, ENTITY.term(roads[j].key)))
        roads[j].extra.append((prop, ENTITY.term(roads[i].key)))


def _pedestrian_areas(records: list[EntityRecord], roads: list[EntityRecord]) -> list[list]:
    """Return, per road, the polygons of the ``highway=pedestrian`` areas of its name within NEAR_MISS_M of it."""
    by_name: dict[str, list] = {}
    for r in records:
        if r.graph == "osm" and "highway=pedestrian" in r.tags and r.geometry.geom_type in ("Polygon", "MultiPolygon"):
            by_name.setdefault(r.name, []).append(r.geometry)
    return [[a for a in by_name.get(road.name, []) if geodesic_distance_m(road.geometry, a) <= NEAR_MISS_M]
            for road in roads]


def mark_road_pairs(records: list[EntityRecord]) -> dict[str, int]:
    """Return the number of OSM road pairs of each mark, linking each pair by it (both ways) in ``extra``.

    Marks: ``nearMiss`` (:func:`near_miss_pairs`), ``gradeSeparated`` (:func:`grade_separated_pairs`, on
    the records' ``nodes``), ``splitJunction`` (:func:`split_junction_pairs`) and ``meetsAtArea``
    (:func:`area_meeting_pairs`); a road with a same-name pedestrian area gets ``partlyArea`` true, counted
    as ``partlyArea``. Only records of category 'road' take part (squares, park paths and passages are not
    roads). The intersecting pairs are found once, for both marks that need them.
    """
    roads = [r for r in records if r.graph == "osm" and r.category == "road"]
    geoms = [r.geometry for r in roads]
    crossing = _intersecting_pairs(geoms)
    areas = _pedestrian_areas(records, roads)
    found = {"nearMiss": near_miss_pairs(geoms),
             "gradeSeparated": grade_separated_pairs(geoms, [r.nodes for r in roads], pairs=crossing),
             "splitJunction": split_junction_pairs(geoms, pairs=crossing),
             "meetsAtArea": area_meeting_pairs(geoms, areas)}
    for prop, pairs in found.items():
        _link(roads, pairs, prop)
    partly = [r for r, polys in zip(roads, areas) if polys]
    for r in partly:
        r.extra.append(("partlyArea", True))
    return {prop: len(pairs) for prop, pairs in found.items()} | {"partlyArea": len(partly)}
