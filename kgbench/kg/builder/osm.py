"""Named OpenStreetMap features from a PBF extract as entity records (points, lines and polygons)."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Collection
from pathlib import Path

import osmium
import shapely
from shapely.ops import linemerge

from kgbench.kg.builder.osm_coverage import SourceFileError, extract_box, set_insets
from kgbench.kg.builder.osm_names import (english_labels, feature_category, feature_name, merge_namesakes,
                                   qualify_by_surroundings)
from kgbench.kg.builder.records import EntityRecord

__all__ = ["read_osm", "category_of", "linear_category", "SourceFileError", "SQUARE_ENDINGS", "PARK_ENDINGS"]

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
#: name endings of Finnish and Swedish squares ("Rautatientori", "Asema-aukio", "Kaivopiha", "Järntorget",
#: "Stora plan") and parks ("Lönnrotin puistikko", "Esplanadinpuisto", "Brunnsparken"); compounds end in them too
SQUARE_ENDINGS = ("tori", "torget", "aukio", "aukea", "piha", "plan", "planen", "plats", "platsen", "square")
PARK_ENDINGS = ("puisto", "puistikko", "park", "parken")
#: name endings of a park alley ("Svante Olssonin puistokuja"): a park path when no way of it carries traffic
PARK_ALLEY_ENDINGS = ("puistokuja",)
#: highway=* values of ways no motor vehicle drives
_PATH_HIGHWAYS = frozenset({"footway", "cycleway", "path", "pedestrian", "steps", "bridleway", "track"})
#: tunnel=* values of a passage through a building at ground level (every other value but "no" is underground)
_BUILDING_PASSAGE = {"building_passage"}
OSM_BASE = "https://www.openstreetmap.org/"
COORD_DECIMALS = 7  # OSM's own precision


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


def linear_category(name: str, ways_tags: list[dict[str, str]], square_names: Collection[str] = (),
                    park_names: Collection[str] = ()) -> str:
    """Return the category of a named linear highway feature: 'road' unless its name or every way says otherwise.

    The rule is decided per name (all ways of one name together), so a merged road is wholly one thing:

    - 'underground passage' when every way is a tunnel (``tunnel`` other than ``no`` or ``building_passage``),
      an indoor ``highway=corridor``, ``indoor=yes`` or below ground level (``level`` < 0), with at least one
      way underground (Hansatunneli, Opintoputki); 'building passage' when every way passes through a
      building at ground level (``tunnel=building_passage``, ``covered=yes``: Aikapiha, Yrjönkäytävä). A
      passage walked under the streets neither meets them nor passes their shops.
    - 'square' when the name ends in a square word (:data:`SQUARE_ENDINGS`: Rautatientori, Asema-aukio) or a
      ``place=square`` feature of the same name is in ``square_names``; 'park path' when it ends in a park
      word (:data:`PARK_ENDINGS`: Lönnrotin puistikko) or is in ``park_names`` (``leisure=park``), or is a
      park alley (:data:`PARK_ALLEY_ENDINGS`) every way of which is a foot or cycle path (Svante Olssonin
      puistokuja; Kaisaniemen puistokuja, which carries traffic, is a road). Mappers
      draw the traffic lanes and paths across a square or park as highway lines carrying its name; a person
      counting streets does not count them. A street whose pedestrian part is a same-name
      ``highway=pedestrian`` area (Aleksanterinkatu, Keskuskatu) stays a road: only place=square and
      leisure=park names count.

    >>> linear_category("Kaivokatu", [{"highway": "secondary"}])
    'road'
    >>> linear_category("Asema-aukio", [{"highway": "secondary"}])
    'square'
    >>> linear_category("Lönnrotin puistikko", [{"highway": "service"}])
    'park path'
    >>> [linear_category(n, [{"highway": h}]) for n, h in (("Svante Olssonin puistokuja", "cycleway"),
    ...                                                   ("Kaisaniemen puistokuja", "unclassified"))]
    ['park path', 'road']
    >>> linear_category("Kompassitaso", [{"highway": "footway"}], {"Kompassitaso"})
    'square'
    >>> linear_category("Hansatunneli", [{"highway": "steps", "tunnel": "yes"}, {"highway": "footway", "tunnel": "yes"}])
    'underground passage'
    >>> linear_category("Baana", [{"highway": "cycleway", "tunnel": "yes", "layer": "-1"}, {"highway": "cycleway"}])
    'road'
    >>> linear_category("Aikapiha", [{"highway": "footway", "tunnel": "building_passage"}])
    'building passage'
    """
    if ways_tags and all(_is_passage(t) for t in ways_tags):
        under = any(t.get("tunnel", "no") not in ("no", *_BUILDING_PASSAGE) or _below_ground(t) for t in ways_tags)
        return "underground passage" if under else "building passage"
    lower = name.lower()
    if lower.endswith(SQUARE_ENDINGS) or name in square_names:
        return "square"
    if lower.endswith(PARK_ENDINGS) or name in park_names:
        return "park path"
    if lower.endswith(PARK_ALLEY_ENDINGS) and ways_tags and all(t.get("highway") in _PATH_HIGHWAYS for t in ways_tags):
        return "park path"
    return "road"


def _is_passage(tags: dict[str, str]) -> bool:
    """Return True for a way walked inside: a tunnel, building passage, corridor, indoor or below-ground way."""
    return (tags.get("tunnel", "no") != "no" or tags.get("highway") == "corridor" or tags.get("indoor") == "yes"
            or tags.get("covered") == "yes" or _below_ground(tags))


def _below_ground(tags: dict[str, str]) -> bool:
    """Return True when a way's ``level`` is below ground (negative), False when absent or unreadable."""
    try:
        return float(tags.get("level", "0").split(";")[0]) < 0
    except ValueError:
        return False


def read_osm(path: str | Path, extract: str, locality: str | None = None,
             box: shapely.Polygon | None = None) -> list[EntityRecord]:
    """Return the named features of one OSM PBF extract as entity records, in a stable order.

    Nodes become points, open ways lines, closed ways and multipolygon relations polygons. Ways of one
    named road (or railway, waterway) are merged into one entity, since a question names the road,
    not an OSM way. Same-name stops and duplicates close together become one entity
    (:func:`~kgbench.kg.builder.osm_names.merge_namesakes`). Qualifiers of a shared name: the category, the
    address street (else the nearest named road), the suburb (else the nearest named neighbourhood),
    and ``extract`` (e.g. 'Helsinki'). ``locality`` (e.g. 'central Helsinki, Finland') becomes every entity's
    kgb:locality, which questions about OSM places state. A named highway line is a road unless
    :func:`linear_category` makes it a square, park path or passage (decided per name, over all its ways);
    each line record keeps its OSM nodes (``EntityRecord.nodes``) for the topology marks of
    :mod:`kgbench.kg.builder.osm_topology`. ``box`` is the extract's coverage box if the caller has read it
    already (:func:`~kgbench.kg.builder.osm_coverage.extract_box`), else it is read from the header.
    Raises :class:`SourceFileError` naming the file if it is missing, not a readable PBF, or has no header box.
    """
    path = Path(path)
    if not path.is_file():
        raise SourceFileError(f"{path}: OSM extract not found")
    wkb = osmium.geom.WKBFactory()
    records: dict[str, EntityRecord] = {}
    linear: dict[tuple[str, str, str], list] = defaultdict(list)
    clipped: set[str] = set()  # source ids of the ways the extract cut
    cut_lines: set[tuple[str, str, str]] = set()  # (class, category, name) of the linear features it cut
    square_names: set[str] = set()  # names of place=square features (any kind): a same-name line is a square
    park_names: set[str] = set()
    try:
        for obj in osmium.FileProcessor(str(path)).with_locations().with_areas():
            tags = {t.k: t.v for t in obj.tags}
            if "name" not in tags:
                continue
            if tags.get("place") == "square":
                square_names.add(tags["name"])
            if tags.get("leisure") == "park":
                park_names.add(tags["name"])
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
                nodes = {n.ref: (n.location.lon, n.location.lat) for n in obj.nodes if n.location.valid()}
                linear[(cls, category, tags["name"])].append((src, tags, geom, tag, nodes))
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
        cat = linear_category(name, [p[1] for p in parts], square_names, park_names) if cls == "Road" else category
        rec = _record(extract, cls, cat, rec_tags, srcs, tags, merged, key=f"osm/{cls.lower()}/{digest}",
                      locality=locality)
        for p in parts:
            rec.nodes.update(p[4])
        if (cls, category, name) in cut_lines:
            clipped.add(rec.key)
        records[rec.key] = rec
    out = merge_namesakes([records[k] for k in sorted(records)])
    qualify_by_surroundings(out)
    set_insets(out, extract_box(path) if box is None else box, clipped)
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
    # the street alone tells most namesakes apart ("Boknäs (Pohjoisesplanadi)"); the house number, without
    # what follows its first comma ("33, pohjakerros/Floor-1" is 33), only two on one street
    street = tags.get("addr:street") or ""
    number = (tags.get("addr:housenumber") or "").split(",")[0].strip()
    qualifiers = [("category", category), ("street", street),
                  ("neighbourhood", tags.get("addr:suburb") or tags.get("addr:district") or ""), ("extract", extract)]
    if street and number:
        qualifiers.append(("detail", f"{street} {number}"))
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
