"""The committed source data of the bundled snapshot and its loaders (kgbench.kg.builder.sources)."""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import shapely
from shapely.geometry import Point

from kgbench.kg.builder import sources
from kgbench.ontologies.tiers import INCOME_GROUPS

SOURCES_MD = Path(sources.__file__).parent / "SOURCES.md"


@pytest.fixture(scope="module")
def by_a3():
    return {c.iso_a3: c for c in sources.countries()}


@pytest.fixture(scope="module")
def places():
    return sources.places()


# ----------------------------------------------------------------------------- countries


def test_country_counts_and_codes(by_a3):
    cs = sources.countries()
    assert len(cs) == 255
    assert [c.iso_a3 for c in cs] == sorted(by_a3)
    assert all(re.fullmatch(r"[A-Z]{3}", c.iso_a3) for c in cs)
    assert by_a3["FIN"].iso_n3 == "246" and by_a3["FIN"].iso_name == "Finland"
    assert by_a3["XKX"].name == "Kosovo" and by_a3["XKX"].iso_n3 == ""
    assert by_a3["AUS"].iso_n3 == by_a3["XAC"].iso_n3 == "036"  # Ashmore and Cartier Is. share it


def test_every_geometry_valid_polygonal_and_in_range():
    for c in sources.countries():
        g = c.geometry
        assert g.geom_type in ("Polygon", "MultiPolygon"), c.iso_a3
        assert g.is_valid and not g.is_empty and g.area > 0, c.iso_a3
        minx, miny, maxx, maxy = g.bounds
        assert -180 <= minx <= maxx <= 180 and -90 <= miny <= maxy <= 90, c.iso_a3


def test_antimeridian_countries_are_cut_not_smeared(by_a3):
    # world-atlas keeps Russia and Fiji whole across 180 degrees; a planar reading would cover the globe.
    for a3 in ("RUS", "FJI"):
        g = by_a3[a3].geometry
        assert g.bounds[0] == -180 and g.bounds[2] == 180
        assert not g.contains(Point(0, g.representative_point().y))
    assert by_a3["RUS"].geometry.contains(Point(-175.5, 67.0))  # Chukotka, east of the antimeridian
    assert by_a3["ATA"].geometry.contains(Point(0, -89.5))  # closed along the south pole
    assert not by_a3["FJI"].geometry.contains(Point(0, -17.5))


def test_independent_geography_facts(by_a3):
    assert by_a3["FIN"].geometry.contains(Point(24.9384, 60.1699))  # Helsinki
    assert by_a3["FRA"].geometry.contains(Point(2.3522, 48.8566))  # Paris
    assert by_a3["BRA"].geometry.contains(Point(-47.8825, -15.7942))  # Brasilia
    assert "ESP" in by_a3["FRA"].neighbours and "FRA" in by_a3["ESP"].neighbours
    assert by_a3["JPN"].neighbours == ()
    assert by_a3["PRT"].neighbours == ("ESP",)
    assert set(by_a3["FIN"].neighbours) == {"NOR", "RUS", "SWE"}
    assert "VAT" in by_a3["ITA"].neighbours
    assert not by_a3["ITA"].geometry.overlaps(by_a3["VAT"].geometry)


def test_neighbours_are_symmetric(by_a3):
    for a3, c in by_a3.items():
        assert a3 not in c.neighbours
        assert list(c.neighbours) == sorted(c.neighbours)
        for n in c.neighbours:
            assert a3 in by_a3[n].neighbours, (a3, n)


def test_records_are_immutable(by_a3, places):
    with pytest.raises(dataclasses.FrozenInstanceError):
        by_a3["FIN"].name = "x"
    with pytest.raises(dataclasses.FrozenInstanceError):
        places[0].population = 1
    with pytest.raises(TypeError):
        sources.income_tiers()["FIN"] = "LIC"
    assert isinstance(sources.countries(), tuple) and sources.countries() is sources.countries()


# ----------------------------------------------------------------------------- income


def test_income_tiers(by_a3):
    tiers = sources.income_tiers()
    assert Counter(tiers.values()) == {"HIC": 87, "UMC": 54, "LMC": 50, "LIC": 26, "NA": 1}
    assert tiers["FIN"] == "HIC" and by_a3["FIN"].income_tier == "HIC"
    assert tiers["AFG"] == "LIC" and tiers["ETH"] == "LIC"
    assert tiers["CRI"] == "HIC" and tiers["NAM"] == "LMC"  # moved on 1 July 2025
    assert tiers["CPV"] == tiers["WSM"] == "UMC"
    assert tiers["VEN"] == "NA" and by_a3["VEN"].income_tier == "NA"
    assert by_a3["GGY"].income_tier == by_a3["JEY"].income_tier == "HIC"  # via Channel Islands
    assert by_a3["XKX"].income_tier == "UMC"
    assert by_a3["ATA"].income_tier == "NA" and by_a3["XSO"].income_tier == "NA"
    assert {c.income_tier for c in by_a3.values()} <= set(INCOME_GROUPS)


def test_every_classified_economy_has_a_polygon(by_a3):
    missing = set(sources.income_tiers()) - set(by_a3) - {"CHI"}
    assert not missing


# ----------------------------------------------------------------------------- places


def test_places(places, by_a3):
    assert 30000 < len(places) < 40000
    assert len({p.country_a3 for p in places}) >= 200
    assert len({p.geonameid for p in places}) == len(places)
    assert all(-90 <= p.lat <= 90 and -180 <= p.lon <= 180 for p in places)
    assert all(p.country_a3 in by_a3 or p.country_a3 in {"SJM", "MYT", "REU", "GUF", "MTQ", "GLP",
                                                          "CXR", "BES", "TKL", "CCK"} for p in places)
    helsinki = next(p for p in places if p.geonameid == 658225)
    assert (helsinki.name, helsinki.country_a2, helsinki.country_a3) == ("Helsinki", "FI", "FIN")
    assert helsinki.feature_code == "PPLC" and helsinki.population > 500000
    assert by_a3["FIN"].geometry.contains(Point(helsinki.lon, helsinki.lat))
    assert "Helsingfors" in helsinki.alt_names
    assert isinstance(helsinki.alt_names, tuple)
    assert sum(p.feature_code == "PPLC" for p in places) > 200
    assert all(p.ascii_name.isascii() for p in places)


# ----------------------------------------------------------------------------- manifest


def test_sha256_matches_sources_md():
    text = SOURCES_MD.read_text(encoding="utf-8")
    files = sources.source_files()
    assert {f.path.name for f in files} == {
        "naturalearth_countries_10m.tsv.gz", "geonames_places.tsv.gz", "worldbank_income_fy2026.tsv", "iso3166_1.tsv",
        "geonames_admin.tsv.gz", "country_names.tsv"}
    for f in files:
        actual = hashlib.sha256(f.path.read_bytes()).hexdigest()
        assert f.sha256 == actual
        assert re.search(rf"`{re.escape(f.path.name)}`.*`{actual}`", text), f"{f.path.name}: sha256 not in SOURCES.md"
        assert f.licence and f.attribution


# ----------------------------------------------------------------------------- errors


@pytest.fixture
def tmp_sources(tmp_path, monkeypatch):
    for name in ("naturalearth_countries_10m.tsv.gz", "geonames_places.tsv.gz", "worldbank_income_fy2026.tsv",
                 "iso3166_1.tsv"):
        shutil.copy(sources.SOURCES_DIR / name, tmp_path / name)
    monkeypatch.setattr(sources, "SOURCES_DIR", tmp_path)
    sources.clear_cache()
    yield tmp_path
    sources.clear_cache()


def test_missing_file_names_it(tmp_sources):
    (tmp_sources / "geonames_places.tsv.gz").unlink()
    with pytest.raises(sources.SourceDataError, match=r"geonames_places\.tsv\.gz: file not found"):
        sources.places()
    with pytest.raises(sources.SourceDataError, match=r"geonames_places\.tsv\.gz: file not found"):
        sources.source_files()


def test_bad_gzip_names_it(tmp_sources):
    path = tmp_sources / "naturalearth_countries_10m.tsv.gz"
    path.write_bytes(path.read_bytes()[:5000])  # truncated
    with pytest.raises(sources.SourceDataError, match=r"naturalearth_countries_10m\.tsv\.gz: bad gzip data"):
        sources.countries()
    path.write_bytes(b"not gzip at all")
    with pytest.raises(sources.SourceDataError, match=r"naturalearth_countries_10m\.tsv\.gz: bad gzip data"):
        sources.countries()


def test_column_count_error_names_file_and_line(tmp_sources):
    path = tmp_sources / "geonames_places.tsv.gz"
    lines = gzip.decompress(path.read_bytes()).decode("utf-8").split("\n")
    lines[4] = "\t".join(lines[4].split("\t")[:5])
    path.write_bytes(gzip.compress("\n".join(lines).encode("utf-8")))
    with pytest.raises(sources.SourceDataError, match=r"geonames_places\.tsv\.gz: line 5: expected 12 columns, found 5"):
        sources.places()


def test_bad_value_and_header_errors(tmp_sources):
    path = tmp_sources / "worldbank_income_fy2026.tsv"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("\tHIC\t", "\tRICH\t", 1), encoding="utf-8")
    with pytest.raises(sources.SourceDataError, match=r"worldbank_income_fy2026\.tsv: line \d+: bad income_tier value 'RICH'"):
        sources.income_tiers()
    sources.clear_cache()
    path.write_text(text.replace("iso_a3\teconomy", "code\teconomy", 1), encoding="utf-8")
    with pytest.raises(sources.SourceDataError, match=r"worldbank_income_fy2026\.tsv: line \d+: expected header"):
        sources.countries()
