"""Naming OSM features: one entity per same-name stop, and the nearest road and neighbourhood as qualifiers."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter, defaultdict

import shapely
from shapely.strtree import STRtree

from kgbench.kg.osm_coverage import local_metres
from kgbench.kg.records import EntityRecord

__all__ = ["STOP_CATEGORIES", "STOP_MERGE_M", "DUPLICATE_MERGE_M", "STREET_RADIUS_M", "NEIGHBOURHOOD_RADIUS_M",
           "merge_namesakes", "qualify_by_surroundings"]

#: categories of the points that stand for one public-transport stop (its platforms, poles, stop positions),
#: most telling first: a merged stop takes the most frequent of its members' categories, ties in this order
STOP_CATEGORIES = ("tram stop", "bus stop", "platform", "stop position")
#: same-name stop points this close (metres, single linkage) are one stop
STOP_MERGE_M = 100.0
#: same-name, same-category points this close are one feature (e.g. the statues of one artwork, twin entrances)
DUPLICATE_MERGE_M = 30.0
#: a feature without addr:street is qualified by the nearest named road within this distance
STREET_RADIUS_M = 60.0
#: ... and by the nearest named suburb, quarter or neighbourhood place within this distance
NEIGHBOURHOOD_RADIUS_M = 1500.0
_NEIGHBOURHOODS = {"suburb", "quarter", "neighbourhood"}


def _clusters(points: list[tuple[float, float]], radius: float) -> list[list[int]]:
    """Return index groups linked by chains of points at most ``radius`` apart (single linkage), in index order."""
    parent = list(range(len(points)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            if math.dist(points[i], points[j]) <= radius:
                parent[find(j)] = find(i)
    groups: dict[int, list[int]] = defaultdict(list)
    for i in range(len(points)):
        groups[find(i)].append(i)
    return sorted(groups.values())


def _merge(members: list[EntityRecord]) -> EntityRecord:
    """Return one record standing for same-name points: the first's key, their centroid, all their ids."""
    first = members[0]
    counts = Counter(m.category for m in members)
    order = {c: k for k, c in enumerate(STOP_CATEGORIES)}
    category = sorted(counts, key=lambda c: (-counts[c], order.get(c, 99), c))[0]
    centroid = shapely.set_precision(shapely.MultiPoint([m.geometry for m in members]).centroid, 1e-7)
    quals: dict[str, str] = {}
    for m in members:
        for lv, v in m.qualifiers:
            if v or lv not in quals:
                quals[lv] = quals.get(lv) or v
    quals["category"] = category
    return dataclasses.replace(
        first, category=category, geometry=centroid,
        labels=list(dict.fromkeys(lab for m in members for lab in m.labels)),
        source_ids=[s for m in members for s in m.source_ids],
        source_iris=[s for m in members for s in m.source_iris],
        tags=sorted({t for m in members for t in m.tags}), qualifiers=list(quals.items()))


def merge_namesakes(records: list[EntityRecord]) -> list[EntityRecord]:
    """Return the records with same-name stop points within 100 m, and same-name same-category points within 30 m, merged.

    A merged entity keeps the key of its first member (by key), lies at the members' centroid and
    lists every member's OSM id. Lines and polygons are never merged. Order: by key.

    >>> from shapely import Point
    >>> stop = lambda k, cat, lon: EntityRecord(k, "osm", "PointOfInterest", cat, "Kauppatori", Point(lon, 60.1674),
    ...                                         source_ids=[k])
    >>> out = merge_namesakes([stop("a", "tram stop", 24.9517), stop("b", "bus stop", 24.9523),
    ...                        stop("c", "tram stop", 24.9600)])
    >>> [(r.key, r.category, r.source_ids) for r in out]
    [('a', 'tram stop', ['a', 'b']), ('c', 'tram stop', ['c'])]
    """
    if not records:
        return []
    lat0 = sum(shapely.get_y(r.geometry.centroid) for r in records) / len(records)
    buckets: dict[tuple, list[EntityRecord]] = defaultdict(list)
    for r in records:
        if r.geometry.geom_type != "Point":
            continue
        if r.category in STOP_CATEGORIES:
            buckets[(r.name, "stop", STOP_MERGE_M)].append(r)
        else:
            buckets[(r.name, r.category, DUPLICATE_MERGE_M)].append(r)
    replaced: dict[str, EntityRecord | None] = {}
    for (_, _, radius), members in buckets.items():
        if len(members) < 2:
            continue
        members.sort(key=lambda r: r.key)
        pts = [local_metres(r.geometry.x, r.geometry.y, lat0) for r in members]
        for group in _clusters(pts, radius):
            if len(group) < 2:
                continue
            merged = _merge([members[i] for i in group])
            replaced[merged.key] = merged
            for i in group[1:]:
                replaced[members[i].key] = None
    out = [replaced.get(r.key, r) for r in records]
    return sorted((r for r in out if r is not None), key=lambda r: r.key)


def qualify_by_surroundings(records: list[EntityRecord]) -> None:
    """Add, in place, the nearest named road (within 60 m) and neighbourhood (within 1.5 km) as qualifiers.

    Only where the feature's own tags gave none (addr:street, addr:suburb); a road is never its own
    street, a neighbourhood never its own neighbourhood.
    """
    if not records:
        return
    lat0 = sum(shapely.get_y(r.geometry.centroid) for r in records) / len(records)

    def metric(geom):
        return shapely.transform(geom, lambda xy: [(local_metres(x, y, lat0)) for x, y in xy])

    roads = [r for r in records if r.cls == "Road" and r.category == "road"]
    hoods = [r for r in records if r.cls == "PopulatedPlace" and r.category in _NEIGHBOURHOODS
             and r.geometry.geom_type == "Point"]
    road_tree = STRtree([metric(r.geometry) for r in roads]) if roads else None
    hood_tree = STRtree([metric(r.geometry) for r in hoods]) if hoods else None
    for r in records:
        levels = dict(r.qualifiers)
        here = None
        if not levels.get("street") and road_tree is not None and r.cls != "Road":
            here = metric(r.geometry)
            name = _nearest_name(road_tree, roads, here, STREET_RADIUS_M, r.name)
            if name:
                levels["street"] = name
        if not levels.get("neighbourhood") and hood_tree is not None:
            here = here if here is not None else metric(r.geometry)
            name = _nearest_name(hood_tree, hoods, here, NEIGHBOURHOOD_RADIUS_M, r.name)
            if name:
                levels["neighbourhood"] = name
        r.qualifiers = [(lv, levels.get(lv, "")) for lv in ("category", "street", "neighbourhood", "extract")]


def _nearest_name(tree: STRtree, recs: list[EntityRecord], geom, radius: float, own: str) -> str | None:
    """Return the name of the nearest record within ``radius`` whose name is not ``own`` (ties: by key), or None."""
    idx = tree.query(geom, predicate="dwithin", distance=radius)
    if not len(idx):
        return None
    geoms = tree.geometries
    best = sorted((shapely.distance(geoms[i], geom), recs[i].key, recs[i].name) for i in idx if recs[i].name != own)
    return best[0][2] if best else None
