"""Named OpenStreetMap features from a PBF extract as entity records (points, lines and polygons)."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from pathlib import Path

import osmium
import shapely
from shapely.ops import linemerge

from kgbench.kg.osm_coverage import extract_box, set_insets
from kgbench.kg.osm_names import (english_labels, feature_category, feature_name, merge_namesakes,
                                   qualify_by_surroundings)
from kgbench.kg.records import EntityRecord

__all__ = ["read_osm", "category_of", "SourceFileError"]

#: tag keys that make a named feature a point of interest, in priority order
POI_KEYS = ("amenity", "shop", "tourism", "leisure", "historic", "office", "craft", "healthcare",
            "public_transport", "emergency", "man_made", "natural")
#: keys whose value reads as an adjective before the key ("clothes shop", "government office")
SUFFIXED_KEYS = {"shop", "office", "craft"}
ROAD_VALUES = {"motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential",
               "living_street", "pedestrian", "service", "road", "footway", "cycleway", "path", "steps",
               "track", "motorway_link", "trunk_link", "primary_link", "secondary_link", "tertiary_link"}
RAIL_VALUES = {"rail": "railway", "tram": "tram line", "subway": "metro line", "light_rail": "light rail line",
               "narrow_gauge": "railway", "funicular": "funicular"}
OSM_BASE = "https://www.openstreetmap.org/"
COORD_DECIMALS = 7  # OSM's own precision


class SourceFileError(ValueError):
    """A source file that is missing or cannot be read; the message names the file and the problem."""


def _words(value: str) -> str:
    return value.replace("_", " ").replace(";", ", ").strip().lower()


def category_of(tags: dict[str, str], kind: str) -> tuple[str, str, str] | None:
    """Return ``(class, category, tag)`` for a feature's tags and kind ('node', 'line', 'area'), or None.

    >>> category_of({"amenity": "cafe"}, "node")
    ('PointOfInterest', 'cafe', 'amenity=cafe')
    >>> category_of({"shop": "clothes"}, "node")
    ('PointOfInterest', 'clothes shop', 'shop=clothes')
    >>> category_of({"highway": "residential"}, "line")
    ('Road', 'road', 'highway=residential')
    >>> category_of({"building": "yes"}, "area")
    ('Building', 'building', 'building=yes')
    >>> category_of({"highway": "traffic_signals"}, "node") is None
    True
    """
    for key in POI_KEYS:
        value = tags.get(key)
        if value and value != "no":
            if value == "yes":
                return "PointOfInterest", key.replace("_", " "), f"{key}=yes"
            cat = f"{_words(value)} {key}" if key in SUFFIXED_KEYS else _words(value)
            return "PointOfInterest", cat, f"{key}={value}"
    hw, rw, ww = tags.get("highway"), tags.get("railway"), tags.get("waterway")
    if hw:
        if kind == "line" and hw in ROAD_VALUES:
            return "Road", "road", f"highway={hw}"
        if kind == "area" and hw == "pedestrian":
            return "Road", "square", "highway=pedestrian"
        if kind == "node" and hw == "bus_stop":
            return "PointOfInterest", "bus stop", "highway=bus_stop"
        return None
    if rw:
        if kind == "line" and rw in RAIL_VALUES:
            return "Railway", RAIL_VALUES[rw], f"railway={rw}"
        if kind == "node" and rw in ("station", "tram_stop", "halt", "subway_entrance"):
            return "PointOfInterest", _words(rw), f"railway={rw}"
        return None
    if ww and kind == "line":
        return "Waterway", _words(ww), f"waterway={ww}"
    if tags.get("place"):
        return "PopulatedPlace", _words(tags["place"]), f"place={tags['place']}"
    if tags.get("building") and kind == "area":
        b = tags["building"]
        return "Building", "building" if b == "yes" else f"{_words(b)} building", f"building={b}"
    if tags.get("landuse") and kind == "area":
        return "LandUse", f"{_words(tags['landuse'])} area", f"landuse={tags['landuse']}"
    return None


def read_osm(path: str | Path, extract: str, locality: str | None = None) -> list[EntityRecord]:
    """Return the named features of one OSM PBF extract as entity records, in a stable order.

    Nodes become points, open ways lines, closed ways and multipolygon relations polygons. Ways of one
    named road (or railway, waterway) are merged into one entity, since a question names the road,
    not an OSM way. Same-name stops and duplicates close together become one entity
    (:func:`~kgbench.kg.osm_names.merge_namesakes`). Qualifiers of a shared name: the category, the
    address street (else the nearest named road), the suburb (else the nearest named neighbourhood),
    and ``extract`` (e.g. 'Helsinki'). ``locality`` (e.g. 'central Helsinki, Finland') becomes every entity's
    kgb:locality, which questions about OSM places state.
    Raises :class:`SourceFileError` naming the file if it is missing or not a readable PBF.
    """
    path = Path(path)
    if not path.is_file():
        raise SourceFileError(f"{path}: OSM extract not found")
    wkb = osmium.geom.WKBFactory()
    records: dict[str, EntityRecord] = {}
    linear: dict[tuple[str, str, str], list] = defaultdict(list)
    clipped: set[str] = set()  # source ids of the ways the extract cut
    cut_lines: set[tuple[str, str, str]] = set()  # (class, category, name) of the linear features it cut
    try:
        for obj in osmium.FileProcessor(str(path)).with_locations().with_areas():
            tags = {t.k: t.v for t in obj.tags}
            if "name" not in tags:
                continue
            if obj.is_area():
                kind, src = "area", ("way" if obj.from_way() else "relation", obj.orig_id())
            elif obj.is_node():
                kind, src = "node", ("node", obj.id)
            elif obj.is_way():
                if obj.is_closed() and _is_area_way(tags):
                    continue  # the area object of this way carries it
                kind, src = "line", ("way", obj.id)
            else:
                continue
            found = category_of(tags, kind)
            if found is None:
                continue
            cls, category, tag = found
            try:
                if kind == "node":
                    geom = shapely.from_wkb(wkb.create_point(obj))
                elif kind == "line" and not all(n.location.valid() for n in obj.nodes):
                    # a road, railway or river the extract cut: keep what it holds, and remember the cut
                    if cls in ("Road", "Railway", "Waterway"):
                        cut_lines.add((cls, category, tags["name"]))
                    clipped.add(f"{src[0]}/{src[1]}")
                    geom = _inside_part(obj)
                    if geom is None:
                        continue
                elif kind == "line":
                    geom = shapely.from_wkb(wkb.create_linestring(obj))
                else:
                    geom = shapely.from_wkb(wkb.create_multipolygon(obj))
            except (RuntimeError, osmium.InvalidLocationError):
                continue  # an area the extract cut: no complete geometry
            geom = shapely.set_precision(geom, 10 ** -COORD_DECIMALS)
            if geom.is_empty:
                continue
            if kind == "area" and len(geom.geoms) == 1:
                geom = geom.geoms[0]
            if cls in ("Road", "Railway", "Waterway") and kind == "line":
                linear[(cls, category, tags["name"])].append((src, tags, geom, tag))
                continue
            rec = _record(extract, cls, category, [tag], [src], tags, geom, locality=locality)
            # a closed way may come as a line and again as an area: the area (seen last) wins
            records[rec.key] = rec
    except RuntimeError as exc:
        raise SourceFileError(f"{path}: not a readable OSM PBF file ({exc})") from None
    for (cls, category, name), parts in sorted(linear.items()):
        parts.sort(key=lambda p: p[0])
        merged = linemerge([p[2] for p in parts])
        tags = _merged_tags([p[1] for p in parts])
        srcs = [p[0] for p in parts]
        rec_tags = sorted({p[3] for p in parts})
        digest = hashlib.sha1(f"{extract}|{cls}|{name}".encode()).hexdigest()[:12]
        rec = _record(extract, cls, category, rec_tags, srcs, tags, merged, key=f"osm/{cls.lower()}/{digest}",
                      locality=locality)
        if (cls, category, name) in cut_lines:
            clipped.add(rec.key)
        records[rec.key] = rec
    out = merge_namesakes([records[k] for k in sorted(records)])
    qualify_by_surroundings(out)
    set_insets(out, extract_box(path), clipped)
    return out


def _inside_part(way) -> shapely.LineString | shapely.MultiLineString | None:
    """Return the runs of a cut way's nodes that the extract holds (two or more each), or None if there is none."""
    runs, run = [], []
    for n in way.nodes:
        if n.location.valid():
            run.append((n.location.lon, n.location.lat))
        else:
            runs.append(run)
            run = []
    runs.append(run)
    parts = [shapely.LineString(r) for r in runs if len(r) >= 2]
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else shapely.MultiLineString(parts)


def _is_area_way(tags: dict[str, str]) -> bool:
    if tags.get("area") == "yes":
        return True
    if tags.get("area") == "no":
        return False
    return any(k in tags for k in ("building", "landuse", "amenity", "leisure", "shop", "tourism", "place",
                                   "office", "historic", "natural")) and "highway" not in tags


def _merged_tags(all_tags: list[dict[str, str]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for t in all_tags:
        for k, v in t.items():
            out.setdefault(k, v)
    return out


def _record(extract, cls, category, tag, srcs, tags, geom, key=None, locality=None) -> EntityRecord:
    kind, oid = srcs[0]
    category = feature_category(category, tags)
    labels = [(tags["name"], None)] + sorted(
        (v, k[5:]) for k, v in tags.items() if k.startswith("name:") and _is_lang(k[5:])) + english_labels(tags, category)
    street = tags.get("addr:street")
    if street and tags.get("addr:housenumber"):
        street = f"{street} {tags['addr:housenumber']}"
    qualifiers = [("category", category), ("street", street or ""),
                  ("neighbourhood", tags.get("addr:suburb") or tags.get("addr:district") or ""), ("extract", extract)]
    own = feature_name(tags, category)
    qualifiers = [(lv, q) for lv, q in qualifiers if q != own]
    return EntityRecord(
        key=key or f"osm/{kind}/{oid}", graph="osm", cls=cls, category=category,
        name=own, geometry=geom, labels=labels,
        source_ids=[f"{k}/{i}" for k, i in srcs], source_iris=[f"{OSM_BASE}{k}/{i}" for k, i in srcs],
        qualifiers=qualifiers, tags=list(tag), country_hint=None,
        extra=[("locality", locality)] if locality else [])


def _is_lang(code: str) -> bool:
    """Return True for a BCP 47-looking language code (``fi``, ``zh-Hans``), False for ``name:prefix``."""
    parts = code.split("-")
    return 2 <= len(parts[0]) <= 3 and parts[0].isalpha() and parts[0].islower() and all(
        p.isalnum() and 1 <= len(p) <= 8 for p in parts[1:])
