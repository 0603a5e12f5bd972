"""Naming OSM features: their plain names, one entity per same-name stop, the nearest road and neighbourhood as qualifiers."""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter, defaultdict

import shapely
from shapely.strtree import STRtree

from kgbench.kg.builder.names import country_takes_the
from kgbench.kg.builder.osm_coverage import local_metres
from kgbench.kg.builder.records import EntityRecord
from kgbench.kg.builder.sources import country_names, iso3166

__all__ = ["STOP_CATEGORIES", "STOP_MERGE_M", "DUPLICATE_MERGE_M", "STREET_RADIUS_M", "NEIGHBOURHOOD_RADIUS_M",
           "merge_namesakes", "qualify_by_surroundings", "feature_name", "feature_category", "english_labels",
           "stop_name"]

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
#: words that, in a feature's name, only repeat what the feature is (a brand's ATM named "Otto. automaatti
#: 24 h (ATM)" is the ATM "Otto"), by category
GENERIC_WORDS = {"atm": ("pankkiautomaatti", "automaatti", "atm", "24 h", "24h", "24/7", "24/7h")}
#: a diplomatic mission's name that says it is a consulate (English, Finnish, Swedish, German...)
_CONSULATE = re.compile(r"consulate|konsulaatti|konsulat", re.IGNORECASE)
#: a stop's trailing platform letter ("Hiidenkirnuntie / Lautakatontie E": one side of the road)
_PLATFORM_LETTER = re.compile(r"^(.*\S)\s+[A-Z]$")


def feature_name(tags: dict[str, str], category: str) -> str:
    """Return the name a question uses for an OSM feature: its English name else ``name``, without generic words.

    The English name is ``name:en``, or for an embassy or consulate without one the label made from its
    ``country`` tag (:func:`english_labels`: "Embassy of Denmark" for "Tanskan Suurlähetystö").

    Words that only say what the feature is (:data:`GENERIC_WORDS`) are dropped, and so is a stop's
    platform letter (:func:`stop_name`); a name left empty is the category itself ("ATM"), which
    :func:`kgbench.kg.builder.names.is_generic` keeps out of questions.

    >>> feature_name({"name": "Otto. automaatti 24 h (ATM)"}, "atm"), feature_name({"name": "ATM"}, "atm")
    ('Otto', 'ATM')
    >>> feature_name({"name": "Kansallisteatteri", "name:en": "Finnish National Theatre"}, "theatre")
    'Finnish National Theatre'
    >>> feature_name({"name": "Tanskan Suurlähetystö", "country": "DK"}, "embassy")
    'Embassy of Denmark'
    >>> feature_name({"name": "Tikankatu I"}, "bus stop"), feature_name({"name": "Tikankatu I"}, "cafe")
    ('Tikankatu', 'Tikankatu I')
    """
    english = english_labels(tags, category)
    name = (tags.get("name:en") or (english[0][0] if english else tags["name"])).strip()
    words = GENERIC_WORDS.get(category)
    if words:
        plain = re.sub(r"\(\s*" + re.escape(category) + r"\s*\)", " ", name, flags=re.IGNORECASE)
        for w in words:
            plain = re.sub(r"(?<!\w)" + re.escape(w) + r"(?!\w)", " ", plain, flags=re.IGNORECASE)
        plain = " ".join(plain.split()).strip(" .,;:-")
        name = plain or name.strip(" .")
    return stop_name(name) if category in STOP_CATEGORIES else name


def stop_name(name: str) -> str:
    """Return a stop's name without a trailing platform letter (one letter after a space), else unchanged.

    >>> stop_name("Hiidenkirnuntie / Lautakatontie E"), stop_name("Kauppatori"), stop_name("Linja A")
    ('Hiidenkirnuntie / Lautakatontie', 'Kauppatori', 'Linja')
    """
    m = _PLATFORM_LETTER.match(name)
    return m.group(1) if m else name


def feature_category(category: str, tags: dict[str, str]) -> str:
    """Return the category, with an ``amenity=embassy`` that is a consulate (by its tags or name) a "consulate".

    >>> feature_category("embassy", {"name": "Haitin konsulaatti", "name:en": "Consulate of Haiti"})
    'consulate'
    >>> feature_category("embassy", {"name": "Tanskan Suurlähetystö", "country": "DK"})
    'embassy'
    """
    if category == "embassy" and (tags.get("diplomatic") == "consulate" or any(
            _CONSULATE.search(v) for k, v in tags.items() if k == "name" or k.startswith("name:"))):
        return "consulate"
    return category


def english_labels(tags: dict[str, str], category: str) -> list[tuple[str, str]]:
    """Return ``(English name, "en")`` for a mission with a ``country`` code but no ``name:en``, else [].

    The name is the category and the country's full English name (from the snapshot's own country
    names, :func:`kgbench.kg.builder.sources.country_names`): "Embassy of Denmark", "Consulate of Haiti". An
    unknown code gives nothing.

    >>> english_labels({"name": "Tanskan Suurlähetystö", "country": "DK"}, "embassy")
    [('Embassy of Denmark', 'en')]
    >>> english_labels({"name": "x", "country": "US"}, "embassy"), english_labels({"name": "x", "country": "ZZ"}, "embassy")
    ([('Embassy of the United States of America', 'en')], [])
    >>> english_labels({"name": "x", "name:en": "Royal Thai Embassy", "country": "TH"}, "embassy")
    []
    """
    code = (tags.get("country") or "").strip().upper()
    if category not in ("embassy", "consulate") or "name:en" in tags or not code:
        return []
    a3 = next((row[1] for row in iso3166() if row[0] == code), None)
    country = country_names().get(a3) if a3 else None
    if not country:
        return []
    the = "the " if country_takes_the(country) else ""
    return [(f"{category.capitalize()} of {the}{country}", "en")]


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
    lists every member's OSM id. Lines and polygons are never merged. Order: by key. Stop names that
    differ only in a trailing platform letter are one name (the two sides of a road, "Hiidenkirnuntie /
    Lautakatontie E" and "... P"): such a stop is named without the letter (:func:`stop_name`).

    >>> from shapely import Point
    >>> stop = lambda k, cat, lon: EntityRecord(k, "osm", "PointOfInterest", cat, "Kauppatori", Point(lon, 60.1674),
    ...                                         source_ids=[k])
    >>> out = merge_namesakes([stop("a", "tram stop", 24.9517), stop("b", "bus stop", 24.9523),
    ...                        stop("c", "tram stop", 24.9600)])
    >>> [(r.key, r.category, r.source_ids) for r in out]
    [('a', 'tram stop', ['a', 'b']), ('c', 'tram stop', ['c'])]
    >>> side = lambda k, name, lat: EntityRecord(k, "osm", "PointOfInterest", "bus stop", name, Point(26.8, lat),
    ...                                          source_ids=[k])
    >>> out = merge_namesakes([side("e", "Hiidenkirnuntie / Lautakatontie E", 60.5), side("p", "Hiidenkirnuntie / Lautakatontie P", 60.5003)])
    >>> [(r.name, r.source_ids) for r in out]
    [('Hiidenkirnuntie / Lautakatontie', ['e', 'p'])]
    """
    if not records:
        return []
    lat0 = sum(shapely.get_y(r.geometry.centroid) for r in records) / len(records)
    buckets: dict[tuple, list[EntityRecord]] = defaultdict(list)
    for r in records:
        if r.geometry.geom_type != "Point":
            continue
        if r.category in STOP_CATEGORIES:
            buckets[(stop_name(r.name), "stop", STOP_MERGE_M)].append(r)
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
            merged = dataclasses.replace(_merge([members[i] for i in group]), name=stop_name(members[group[0]].name))
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
