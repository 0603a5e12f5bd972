"""Canonical names of the default snapshot: no coordinates, unique, full country names, prominence, merged stops."""

from __future__ import annotations

import math
import re
from collections import defaultdict

import pytest

from kgbench.kg.builder import sources
from kgbench.kg.builder.names import NamedEntity, canonical_names

COORD = re.compile(r"-?\d+\.\d{2,}")
PAIR = re.compile(r"-?\d{1,3}\.\d+\s*,\s*-?\d{1,3}\.\d+")
NE_ABBREVIATION = re.compile(r"\b[A-Z][a-z]{0,4}\.(?:\s|$)|\bSt-|U\.[SN]\.")


def _names(kg):
    rows = kg.query("""SELECT ?e ?n ?amb WHERE { ?e kgb:canonicalName ?n OPTIONAL { ?e kgb:ambiguousName ?amb } }""")
    return [(r["e"].value, r["n"].value, "amb" in r) for r in rows]


def _name_of(kg, key):
    r = kg.query(f"SELECT ?n WHERE {{ kgbe:{key} kgb:canonicalName ?n }}")
    return [row["n"].value for row in r]


def test_no_canonical_name_carries_coordinates(kg):
    bad = [n for _, n, _ in _names(kg) if COORD.search(n) or PAIR.search(n)]
    assert bad == []


def test_canonical_names_are_unique_except_among_flagged_namesakes(kg):
    by_name = defaultdict(list)
    for e, n, amb in _names(kg):
        by_name[n].append(amb)
    clashes = {n: f for n, f in by_name.items() if len(f) > 1}
    # a shared name belongs only to entities marked ambiguous (never asked about)
    assert all(all(f) for f in clashes.values()), [n for n, f in clashes.items() if not all(f)][:5]
    flagged = sum(f.count(True) for f in by_name.values())
    assert 0 < flagged < 0.01 * sum(len(f) for f in by_name.values())


def test_country_names_are_written_out(kg):
    r = kg.query("SELECT ?n WHERE { ?e a kgb:Country ; kgb:canonicalName ?n }")
    names = {row["n"].value for row in r}
    assert len(names) == 255
    assert [n for n in names if NE_ABBREVIATION.search(n) or "." in n] == []
    assert {"Democratic Republic of the Congo", "Saint Vincent and the Grenadines", "Bosnia and Herzegovina",
            "Central African Republic", "Solomon Islands"} <= names
    # the source's short form stays a label
    r = kg.query('SELECT ?n WHERE { kgbe:naturalearth\\/COD rdfs:label ?n }')
    assert "Dem. Rep. Congo" in {row["n"].value for row in r}


@pytest.mark.parametrize("key, name", [
    ("usadmin/state/12", "Florida"),        # the state, not Florida in Uruguay, Cuba or Colombia
    ("geonames/2988507", "Paris"),          # Paris, France over Paris, Texas
    ("geonames/658225", "Helsinki"),        # the capital over OSM features named Helsinki
    ("naturalearth/GEO", "Georgia"),        # the country over the US state
    ("usadmin/state/13", "Georgia (U.S. state)"),
])
def test_the_prominent_namesake_keeps_its_bare_name(kg, key, name):
    assert _name_of(kg, key.replace("/", "\\/")) == [name]


def test_obscure_namesakes_are_qualified_by_their_region(kg):
    admin = sources.place_admin()
    places = {p.geonameid: p for p in sources.places()}
    r = kg.query("""SELECT ?e ?n ?b WHERE { GRAPH kgbg:geonames { ?e kgb:canonicalName ?n ; kgb:baseName ?b
                     FILTER(?b IN ("Danville", "Springfield", "Florida", "Portland")) } }""")
    seen = 0
    for row in r:
        gid = int(row["e"].value.rsplit("/", 1)[-1])
        name, bare = row["n"].value, row["b"].value
        assert name.startswith(bare + ", ")
        qualifiers = name[len(bare) + 2:].split(", ")
        admin1 = admin[gid][0]
        country = sources.country_names()[places[gid].country_a3]
        # the qualifier is the place's own admin-1 region or country (from the committed GeoNames tables)
        assert admin1 in qualifiers or country in qualifiers, (name, admin1, country)
        seen += 1
    assert seen >= 15
    assert _name_of(kg, "geonames\\/4289445") == ["Danville, Kentucky"]
    assert _name_of(kg, "geonames\\/4250542") == ["Springfield, Illinois"]


def _metres(a, b):
    (lon1, lat1), (lon2, lat2) = a, b
    x = math.radians(lon2 - lon1) * math.cos(math.radians((lat1 + lat2) / 2))
    return 6371008.8 * math.hypot(x, math.radians(lat2 - lat1))


def test_same_name_stop_platforms_are_one_entity(kg):
    r = kg.query("""SELECT ?e ?b ?w (COUNT(?sid) AS ?ids) WHERE { GRAPH kgbg:osm {
        ?e kgb:category ?c ; geo:hasGeometry/geo:asWKT ?w ; kgb:sourceId ?sid .
        OPTIONAL { ?e kgb:baseName ?bn } ?e kgb:canonicalName ?cn BIND(COALESCE(?bn, ?cn) AS ?b)
        FILTER(?c IN ("tram stop", "bus stop", "platform", "stop position")) } } GROUP BY ?e ?b ?w""")
    stops = defaultdict(list)
    merged = 0
    for row in r:
        w = row["w"].value
        if not w.startswith("POINT"):
            continue
        lon, lat = map(float, w[w.index("(") + 1:w.index(")")].split())
        stops[row["b"].value].append((lon, lat))
        merged += int(row["ids"].value) > 1
    assert merged >= 20
    for name, pts in stops.items():
        for i in range(len(pts)):
            for j in range(i + 1, len(pts)):
                assert _metres(pts[i], pts[j]) > 100, f"two stops {name!r} {_metres(pts[i], pts[j]):.0f} m apart"
    r = kg.query("""SELECT (COUNT(?sid) AS ?k) WHERE { ?e kgb:canonicalName "Kauppatori" ; kgb:sourceId ?sid }""")
    assert int(r.rows[0][0].value) >= 3


@pytest.mark.slow  # 15-20 s: run by CI's slow step (the suite keeps under 15 minutes)
def test_entities_that_cannot_be_named_are_no_role_candidates(kg):
    from kgbench.generator.sampling import role_candidates
    from kgbench.queries.template import Role

    flagged = {r["e"].value for r in kg.query("SELECT ?e WHERE { ?e kgb:ambiguousName true }")}
    assert flagged
    for cls in ("PopulatedPlace", "PointOfInterest", "Building", "Road"):
        iris = {c.iri for c in role_candidates(kg, Role("A", (cls,)))}
        assert iris and not (iris & flagged)


def test_base_name_is_stated_exactly_for_qualified_names(kg):
    r = kg.query("""SELECT (COUNT(?e) AS ?k) WHERE { ?e kgb:canonicalName ?n ; kgb:baseName ?b
                    FILTER(?n = ?b || !STRSTARTS(?n, ?b)) }""")
    assert int(r.rows[0][0].value) == 0


def test_naming_never_falls_back_to_coordinates_or_numbers():
    same = [NamedEntity("Eliel", (("category", "parking"), ("street", ""))) for _ in range(2)]
    n = canonical_names(same + [NamedEntity("Eliel", (("category", "parking"), ("street", "Postikatu")))])
    assert n.names == ["Eliel", "Eliel", "Eliel (Postikatu)"]
    assert n.ambiguous == [True, True, False]


def test_every_place_has_an_admin_row_and_every_country_a_full_name():
    admin = sources.place_admin()
    places = sources.places()
    assert {p.geonameid for p in places} == set(admin)
    with_admin1 = sum(1 for p in places if admin[p.geonameid][0])
    assert with_admin1 >= 0.99 * len(places)
    # places of one GeoNames admin-1 code share one admin-1 name
    by_code = defaultdict(set)
    for p in places:
        if admin[p.geonameid][0]:
            by_code[(p.country_a2, p.admin1)].add(admin[p.geonameid][0])
    assert all(len(v) == 1 for v in by_code.values())
    names = sources.country_names()
    assert {c.iso_a3 for c in sources.countries()} == set(names)
    assert len(set(names.values())) == len(names)


def test_a_damaged_admin_table_is_named_in_the_error(tmp_path, monkeypatch):
    import shutil

    for f in sources.source_files():
        shutil.copy(f.path, tmp_path / f.path.name)
    (tmp_path / "geonames_admin.tsv.gz").write_bytes(b"\x1f\x8bnot gzip")
    monkeypatch.setattr(sources, "SOURCES_DIR", tmp_path)
    sources.clear_cache()
    try:
        with pytest.raises(sources.SourceDataError, match="geonames_admin.tsv.gz"):
            sources.place_admin()
    finally:
        monkeypatch.undo()
        sources.clear_cache()
