"""Source profiles of ``kgbench kg ingest``: how WorldKG, KnowWhereGraph, OSMH3KG or any GeoSPARQL graph maps to
kgbench's common entity shape (class, category, name, geometry, source link).

Each profile names the predicates it reads (every other statement is skipped and counted) and decides, from an
entity's ``rdf:type`` values, its kgbench class and category or why it is not an entity. The shapes follow the
sources' published schemas: WorldKG's ``CreateTriples.py`` and ontology (github.com/alishiba14/WorldKG-Knowledge-
Graph), the KnowWhereGraph ontology (stko-kwg.geog.ucsb.edu/lod/ontology, its Widoco pages and the KWG-lite
construct queries), and the OSMH3KG paper (Böckling, Paulheim, Detzler, GeoLD 2024). Where a source does not
publish a term, a comment says what is assumed.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable
from pathlib import Path

__all__ = ["Profile", "ProfileError", "PROFILES", "profile", "camel_words", "WKG", "WKGS", "KWG_ONT", "KWGR",
           "OSMH3", "H3R"]

RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
GEO = "http://www.opengis.net/ont/geosparql#"
HAS_GEOMETRY, AS_WKT = GEO + "hasGeometry", GEO + "asWKT"
WKG, WKGS = "http://www.worldkg.org/resource/", "http://www.worldkg.org/schema/"
KWG_ONT, KWGR = "http://stko-kwg.geog.ucsb.edu/lod/ontology/", "http://stko-kwg.geog.ucsb.edu/lod/resource/"
SOSA, TIME = "http://www.w3.org/ns/sosa/", "http://www.w3.org/2006/time#"
# OSMH3KG publishes no namespace in its paper; ASSUMED: OSM elements keep OSM's own IRIs
# (https://www.openstreetmap.org/node|way|relation/<id>), H3 cells live under H3R, the ontology under OSMH3, and an
# element's tags are literals of OSMH3 + "tag_<key>" (the paper's "key-value pair per map feature").
OSMH3 = "https://w3id.org/osmh3kg/ontology#"
H3R = "https://w3id.org/osmh3kg/h3/"
OSM_ELEMENT = "https://www.openstreetmap.org/"


class ProfileError(ValueError):
    """An unknown profile or a mapping file that cannot be used; the message names the file and the key."""


#: the characters an entity key does not keep (each becomes "_")
_UNSAFE = re.compile(r"[^A-Za-z0-9._~/-]")

#: a class decision: (kgbench class, category) for an entity, or a string saying why the subject is skipped
Decision = tuple[str, str] | str


def camel_words(local: str) -> list[str]:
    """Return the lower-case words of a CamelCase (or snake_case) local name.

    >>> camel_words("AmenitySchool"), camel_words("ManMadeTower"), camel_words("AdministrativeRegion_2")
    (['amenity', 'school'], ['man', 'made', 'tower'], ['administrative', 'region', '2'])
    """
    return [w.lower() for w in re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+", local)]


@dataclasses.dataclass(frozen=True)
class Profile:
    """How one source graph maps to entities: which predicates to read and how types become classes."""

    name: str
    #: the predicates read from the dump (every other statement is skipped, counted by predicate namespace)
    keep: frozenset[str]
    #: predicates from an entity to its geometry node (the node carries geo:asWKT), tried in order
    geometry_links: tuple[str, ...]
    label_predicates: tuple[str, ...]
    #: the class decision from an entity's statements (predicate IRI -> object values)
    classify: Callable[[dict[str, list[str]]], Decision]
    #: predicates whose IRI objects are links back to the source record (besides the entity IRI itself)
    source_links: tuple[str, ...] = ()
    population: str | None = None
    #: predicate to the larger area an entity is part of (written as kgb:partOf when both are entities)
    part_of: str | None = None
    #: the subject IRI prefix whose remainder is the entity's key below kgbench's entity namespace
    base: str = ""
    #: a second, multi-hop reader of further statements: (lookup(subject, predicate) -> objects, props) -> extras
    extras: Callable | None = None
    mapping_file: str | None = None

    def key(self, iri: str) -> str:
        """Return the entity key (``<profile>/<local id>``) of a subject IRI."""
        local = iri[len(self.base):] if self.base and iri.startswith(self.base) else iri.split("://", 1)[-1]
        return f"{self.name}/{_UNSAFE.sub('_', local)}"


# ---------------------------------------------------------------------------------------------- WorldKG
#: the OSM keys WorldKG class names start with (wkgs:AmenitySchool: key amenity, value school); the category
#: is the value's words
_OSM_KEYS = ("amenity", "tourism", "shop", "leisure", "historic", "man made", "natural", "building", "highway",
             "railway", "craft", "office", "sport", "emergency", "healthcare", "aeroway", "waterway", "public transport",
             "landuse", "place", "power", "military", "barrier", "geological")
_PLACES = {"city": "city", "town": "town", "village": "village", "hamlet": "hamlet", "capital": "capital city",
           "suburb": "suburb", "neighbourhood": "neighbourhood", "locality": "locality", "isolated dwelling":
           "isolated dwelling"}


@functools.lru_cache(maxsize=1 << 16)  # a dump has a few thousand classes: each is read once, not per entity
def _worldkg_type(t: str) -> tuple[str | None, str] | None:
    """Return (OSM key or None, value words) of a WorldKG class IRI, or None for a type outside wkgs:."""
    if not t.startswith(WKGS):
        return None
    text = " ".join(camel_words(t[len(WKGS):]))
    key = next((k for k in _OSM_KEYS if text == k or text.startswith(k + " ")), None)
    return key, text[len(key):].strip() if key else text


def _worldkg_classify(types: list[str]) -> Decision:
    best = None
    for t in types:
        kv = _worldkg_type(t)
        if kv is None:
            continue
        key, value = kv
        if not value:  # wkgs:Amenity (a tag value "yes"): keep looking for the specific class
            best = best or ("PointOfInterest", key)
            continue
        if value in _PLACES or (key == "place" and value):
            return "PopulatedPlace", _PLACES.get(value, value)
        return "PointOfInterest", value
    return best or "no WorldKG class (wkgs:) among its types"


def _worldkg() -> Profile:
    return Profile(
        name="worldkg", base=WKG, classify=lambda props: _worldkg_classify(props.get(RDF_TYPE, [])),
        keep=frozenset({RDF_TYPE, RDFS_LABEL, WKGS + "spatialObject", AS_WKT, WKGS + "osmLink",
                        WKGS + "wikidata", WKGS + "population"}),
        geometry_links=(WKGS + "spatialObject",), label_predicates=(RDFS_LABEL,),
        source_links=(WKGS + "osmLink", WKGS + "wikidata"), population=WKGS + "population")


# ---------------------------------------------------------------------------------------------- KnowWhereGraph
#: KWG hazard classes (subclasses of kwg-ont:Hazard in the KWG ontology) -> category
_KWG_HAZARDS = {"Hazard": "hazard", "EarthquakeEvent": "earthquake", "Earthquake": "earthquake",
                "NIFCFire": "wildfire", "MTBSFire": "wildfire", "Fire": "wildfire", "Wildfire": "wildfire",
                "HurricaneEvent": "hurricane", "Hurricane": "hurricane", "FloodEvent": "flood", "Flood": "flood",
                "TornadoEvent": "tornado", "DroughtEvent": "drought", "HeatEvent": "heat wave"}


def _kwg_classify(types: list[str]) -> Decision:
    locals_ = [t[len(KWG_ONT):] for t in types if t.startswith(KWG_ONT)]
    for loc in locals_:
        if loc == "AdministrativeRegion_1":
            return "AdminArea", "first-level administrative region"
        if loc == "AdministrativeRegion_2":
            return "AdminArea", "second-level administrative region"
        if loc == "AdministrativeRegion_3":
            return "AdminArea", "third-level administrative region"
    for loc in locals_:
        if loc in _KWG_HAZARDS and loc != "Hazard":
            return "Event", _KWG_HAZARDS[loc]
    if "Hazard" in locals_:
        return "Event", "hazard"
    if any(loc.startswith("S2Cell") for loc in locals_):
        return "grid cell (S2): kgbench computes its own H3 cells"
    if any(t.startswith(SOSA) for t in types):
        return "observation (SOSA): read as part of its feature of interest"
    if any(t.startswith(TIME) for t in types):
        return "time entity (OWL-Time): read as part of its hazard"
    return "no mapped KnowWhereGraph class (administrative region or hazard) among its types"


def _kwg_extras(lookup, props) -> list[tuple[str, object]]:
    """Return a hazard's start and end (kwg-ont:hasTemporalScope -> time:hasBeginning/hasEnd -> time:inXSDDateTime)
    and its magnitude (a SOSA observation of it whose observed property's IRI names a magnitude; ASSUMED: KWG
    publishes magnitude observations as sosa:observedProperty kwgr:earthquakeObservableProperty.magnitude...)."""
    import datetime as dt

    out: list[tuple[str, object]] = []
    for scope in props.get(KWG_ONT + "hasTemporalScope", []):
        for edge, prop in ((TIME + "hasBeginning", "startTime"), (TIME + "hasEnd", "endTime")):
            for instant in lookup(scope, edge)[:1]:
                for stamp in lookup(instant, TIME + "inXSDDateTime")[:1]:
                    try:
                        out.append((prop, dt.datetime.fromisoformat(stamp.replace("Z", "+00:00"))))
                    except ValueError:
                        pass
    for obs in props.get(SOSA + "isFeatureOfInterestOf", []):
        if any("magnitude" in p.lower() for p in lookup(obs, SOSA + "observedProperty")):
            for value in lookup(obs, SOSA + "hasSimpleResult")[:1]:
                try:
                    out.append(("magnitude", float(value)))
                except ValueError:
                    pass
    return out


def _kwg() -> Profile:
    return Profile(
        name="kwg", base=KWGR, classify=lambda props: _kwg_classify(props.get(RDF_TYPE, [])), extras=_kwg_extras,
        keep=frozenset({RDF_TYPE, RDFS_LABEL, HAS_GEOMETRY, AS_WKT, KWG_ONT + "administrativePartOf",
                        KWG_ONT + "hasTemporalScope", TIME + "hasBeginning", TIME + "hasEnd",
                        TIME + "inXSDDateTime", SOSA + "isFeatureOfInterestOf", SOSA + "observedProperty",
                        SOSA + "hasSimpleResult"}),
        geometry_links=(HAS_GEOMETRY,), label_predicates=(RDFS_LABEL,),
        part_of=KWG_ONT + "administrativePartOf")


# ---------------------------------------------------------------------------------------------- OSMH3KG
#: OSM tag keys whose value is an element's category, in order of preference (as kgbench's own OSM reader)
_TAG_KEYS = ("amenity", "tourism", "shop", "leisure", "historic", "highway", "railway", "waterway", "building",
             "landuse", "natural", "place")
_TAG_CLASS = {"highway": "Road", "railway": "Railway", "waterway": "Waterway", "building": "Building",
              "landuse": "LandUse", "place": "PopulatedPlace"}


def _osmh3_classify(props: dict[str, list[str]]) -> Decision:
    types = props.get(RDF_TYPE, [])
    if any(t.startswith(H3R) or t == OSMH3 + "H3Cell" for t in types):
        return "grid cell (H3): kgbench computes its own H3 cells and adjacency"
    for key in _TAG_KEYS:
        for v in props.get(OSMH3 + "tag_" + key, []):
            if v:
                cat = (v if v != "yes" else key).replace("_", " ")
                return _TAG_CLASS.get(key, "PointOfInterest"), cat
    return "OSM element with no mapped tag (amenity, tourism, shop, highway, building, landuse, ...)"


def _osmh3() -> Profile:
    tag_preds = frozenset(OSMH3 + "tag_" + k for k in (*_TAG_KEYS, "name"))
    return Profile(
        name="osmh3kg", base=OSM_ELEMENT, classify=_osmh3_classify,
        keep=frozenset({RDF_TYPE, RDFS_LABEL, HAS_GEOMETRY, AS_WKT}) | tag_preds,
        geometry_links=(HAS_GEOMETRY,), label_predicates=(RDFS_LABEL, OSMH3 + "tag_name"))


# ---------------------------------------------------------------------------------------------- generic
_MAPPING_KEYS = ("label", "category")
_KGB_CLASSES = ("PointOfInterest", "PopulatedPlace", "Road", "Railway", "Waterway", "Building", "LandUse",
                "AdminArea", "Country", "Event")


def _generic(mapping: str | Path | None) -> Profile:
    import yaml

    if mapping is None:
        raise ProfileError("profile generic needs --mapping FILE (a YAML file naming the label and category "
                           "predicates)")
    path = Path(mapping)
    try:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ProfileError(f"{path}: mapping file not found") from None
    except yaml.YAMLError as exc:
        raise ProfileError(f"{path}: not YAML: {exc}".replace("\n", " ")) from None
    if not isinstance(doc, dict):
        raise ProfileError(f"{path}: a mapping file is a YAML mapping (label:, category:, ...)")
    for k in _MAPPING_KEYS:
        if not isinstance(doc.get(k), str) or "://" not in doc[k]:
            raise ProfileError(f"{path}: missing key {k!r} (the full IRI of the {k} predicate)")
    cls = doc.get("class", "PointOfInterest")
    if cls not in _KGB_CLASSES:
        raise ProfileError(f"{path}: class {cls!r} is not a kgbench class ({', '.join(_KGB_CLASSES)})")
    geom = doc.get("geometry", HAS_GEOMETRY)
    category_pred = doc["category"]

    def classify(props: dict[str, list[str]]) -> Decision:
        cats = props.get(category_pred)
        if cats and "://" in cats[0]:  # a class IRI: its local name's words
            return cls, " ".join(camel_words(re.split(r"[/#]", cats[0])[-1]))
        return (cls, cats[0].strip().lower()) if cats else f"no category ({category_pred})"

    return Profile(name="generic", classify=classify, base=str(doc.get("base", "")),
                   keep=frozenset({doc["label"], category_pred, geom, AS_WKT, RDF_TYPE}),
                   geometry_links=(geom,), label_predicates=(doc["label"],), mapping_file=str(path),
                   extras=None, source_links=(), population=doc.get("population"))


#: the profile names ``kgbench kg ingest --profile`` takes
PROFILES = ("worldkg", "kwg", "osmh3kg", "generic")


def profile(name: str, mapping: str | Path | None = None) -> Profile:
    """Return the named source profile (``generic`` reads its predicates from the YAML ``mapping`` file).

    An unknown name, or a mapping file that is missing, is not YAML or lacks a key, raises ProfileError
    naming it.

    >>> profile("worldkg").classify({RDF_TYPE: ["http://www.worldkg.org/schema/AmenitySchool"]})
    ('PointOfInterest', 'school')
    >>> profile("nosuch")
    Traceback (most recent call last):
    ...
    kgbench.kg.ingest.profiles.ProfileError: unknown profile 'nosuch' (known: worldkg, kwg, osmh3kg, generic)
    """
    if name == "worldkg":
        return _worldkg()
    if name == "kwg":
        return _kwg()
    if name == "osmh3kg":
        return _osmh3()
    if name == "generic":
        return _generic(mapping)
    raise ProfileError(f"unknown profile {name!r} (known: {', '.join(PROFILES)})")
