"""Event importers (USGS feeds, storm tracks) and the US administrative layer (kgbench.kg.builder.earthquakes, .storms, .us_admin)."""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import json
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
import shapely
from pyproj import Geod
from shapely.geometry import Point

from kgbench.kg.builder import earthquakes, sources, us_admin
from kgbench.kg.builder import storms as hurdat2
from kgbench.kg.builder.sources import SourceDataError
from kgbench.kg.builder.sources import events as ev_sources
from kgbench.ontologies import KGB

GEOD = Geod(ellps="WGS84")
NM = 1852.0
SOURCES_MD = Path(sources.__file__).parent / "SOURCES.md"
FILES = ("usgs_earthquakes.geojson.gz", "hurdat2_storms.tsv.gz", "us_states_counties.tsv.gz")


@pytest.fixture(scope="module")
def quakes():
    return earthquakes.read_usgs_geojson()


@pytest.fixture(scope="module")
def storms():
    return {r.key: r for r in hurdat2.read_storm_tracks()}


@pytest.fixture(scope="module")
def admin():
    return {r.key: r for r in us_admin.read_us_admin()}


# ----------------------------------------------------------------------------- earthquakes


def test_earthquake_counts_and_shape(quakes):
    assert len(quakes) == 1707
    assert Counter(r.category for r in quakes) == {"earthquake": 1679, "explosion": 15, "quarry blast": 13}
    assert len({r.key for r in quakes}) == 1707
    r = quakes[0]
    assert (r.key, r.graph, r.cls, r.name) == ("usgs/ci37868143", "usgs", "Event", "earthquake ci37868143")
    extra = dict(r.extra)
    assert extra["catalogId"] == "ci37868143" and extra["magnitude"] == 2.0 and extra["depthKm"] == 26.49
    assert extra["startTime"] == dt.datetime(2018, 2, 7, 1, 26, 13, 840000, tzinfo=dt.timezone.utc)
    assert extra["placeDescription"] == "4km W of Castaic, CA"
    assert all(p in KGB for rec in quakes for p, _ in rec.extra)


def test_earthquakes_equal_the_feed(quakes):
    # read the committed file independently of the importer
    feed = json.loads(gzip.decompress((sources.SOURCES_DIR / FILES[0]).read_bytes()))
    assert feed["metadata"]["count"] == len(feed["features"]) == len(quakes)
    for f, r in zip(feed["features"], quakes):
        lon, lat, depth = f["geometry"]["coordinates"]
        assert r.key == "usgs/" + f["id"]
        assert (r.geometry.x, r.geometry.y) == (lon, lat)
        extra = dict(r.extra)
        assert extra["depthKm"] == depth
        assert extra["startTime"].timestamp() * 1000 == pytest.approx(f["properties"]["time"], abs=0.5)
        assert extra.get("magnitude") == (None if f["properties"]["mag"] is None else float(f["properties"]["mag"]))
    times = [dict(r.extra)["startTime"] for r in quakes]
    assert min(times).date() == dt.date(2018, 1, 31) and max(times).date() == dt.date(2018, 2, 7)


SNIPPET = {
    "type": "FeatureCollection",
    "metadata": {"count": 2},
    "features": [
        {"type": "Feature", "id": "us1000abcd",
         "geometry": {"type": "Point", "coordinates": [179.9, -17.5, 550.2]},
         "properties": {"mag": 5.4, "place": "100km E of Somewhere, Fiji", "time": 1600000000000,
                        "type": "earthquake", "magType": "mww", "ids": ",us1000abcd,pt2020x,",
                        "url": "https://earthquake.usgs.gov/earthquakes/eventpage/us1000abcd",
                        "title": "M 5.4 - 100km E of Somewhere, Fiji"}},
        {"type": "Feature", "id": "uu60260077",
         "geometry": {"type": "Point", "coordinates": [-112.1, 40.5, -0.5]},
         "properties": {"mag": None, "place": None, "time": 1600000001000, "type": "quarry blast"}},
    ],
}


def test_importer_on_a_hand_made_feed(tmp_path):
    for src in (SNIPPET, json.dumps(SNIPPET)):
        recs = earthquakes.read_usgs_geojson(src)
        assert [r.key for r in recs] == ["usgs/us1000abcd", "usgs/uu60260077"]
    path = tmp_path / "feed.geojson.gz"
    path.write_bytes(gzip.compress(json.dumps(SNIPPET).encode()))
    a, b = earthquakes.read_usgs_geojson(path)
    assert a.name == "earthquake us1000abcd" and a.labels == [("M 5.4 - 100km E of Somewhere, Fiji", "en")]
    assert a.source_ids == ["us1000abcd", "pt2020x"] and a.geometry.equals(Point(179.9, -17.5))
    assert dict(a.extra)["startTime"] == dt.datetime(2020, 9, 13, 12, 26, 40, tzinfo=dt.timezone.utc)
    assert dict(a.extra)["magnitudeType"] == "mww" and dict(a.extra)["depthKm"] == 550.2
    assert b.category == "quarry blast" and b.name == "quarry blast uu60260077"
    assert "magnitude" not in dict(b.extra) and "placeDescription" not in dict(b.extra)
    assert dict(b.extra)["depthKm"] == -0.5
    # a single Feature (a USGS detail feed) is accepted too
    assert earthquakes.read_usgs_geojson(SNIPPET["features"][1])[0].key == "usgs/uu60260077"


def test_importer_errors_name_the_input(tmp_path):
    with pytest.raises(SourceDataError, match=r"nothere\.geojson: file not found"):
        earthquakes.read_usgs_geojson(tmp_path / "nothere.geojson")
    bad = tmp_path / "bad.geojson"
    bad.write_text("{not json")
    with pytest.raises(SourceDataError, match=r"bad\.geojson: not JSON"):
        earthquakes.read_usgs_geojson(bad)
    broken = json.loads(json.dumps(SNIPPET))
    broken["features"][1]["geometry"] = {"type": "Polygon", "coordinates": []}
    with pytest.raises(SourceDataError, match="uu60260077: geometry is not a GeoJSON Point"):
        earthquakes.read_usgs_geojson(broken)
    broken["features"][1] = dict(SNIPPET["features"][0])
    with pytest.raises(SourceDataError, match="duplicate id us1000abcd"):
        earthquakes.read_usgs_geojson(broken)


# ----------------------------------------------------------------------------- storms


def test_storm_counts_names_and_years(storms):
    tracks = [r for r in storms.values() if r.category == "storm track"]
    fields = [r for r in storms.values() if r.category == "storm wind field"]
    assert len(tracks) == 654 and len(fields) == 306
    years = Counter(dict(r.extra)["startTime"].year for r in tracks)
    assert min(years) == 1975 and max(years) == 2022 and len(years) == 48
    assert len({r.name for r in storms.values()}) == len(storms)
    k = storms["hurdat2/katrina-2005"]
    assert k.name == "Hurricane Katrina (2005)" and k.geometry.geom_type == "LineString"
    extra = dict(k.extra)
    assert extra["startTime"] == dt.datetime(2005, 8, 23, 18, tzinfo=dt.timezone.utc)
    assert extra["endTime"] == dt.datetime(2005, 8, 31, 6, tzinfo=dt.timezone.utc)
    assert (extra["maxWindKt"], extra["minPressureMb"], extra["stormStatus"]) == (150, 902, "hurricane")
    wf = storms["hurdat2/katrina-2005/wind-field"]
    assert wf.name == "wind field of Hurricane Katrina (2005)"
    assert dict(wf.extra)["affectedAreaOf"].value.endswith("/entity/hurdat2/katrina-2005")
    # Zeta formed on 30 December 2005 and lasted into January 2006: one storm, of 2005
    assert dict(storms["hurdat2/zeta-2005"].extra)["endTime"].year == 2006
    assert "hurdat2/zeta-2006" not in storms
    # no radii before 2004: no wind field
    assert all(dict(r.extra)["startTime"].year >= 2004 for r in fields)
    assert all(p in KGB for r in storms.values() for p, _ in r.extra)


def test_wind_fields_contain_their_windy_fixes(storms):
    by_slug = {s.name + str(s.year): s for s in hurdat2.storms_from_table()}
    checked = 0
    for r in storms.values():
        if r.category != "storm wind field":
            continue
        assert r.geometry.is_valid and r.geometry.geom_type in ("Polygon", "MultiPolygon")
        minx, miny, maxx, maxy = r.geometry.bounds
        assert -180 <= minx <= maxx <= 180 and -90 <= miny <= maxy <= 90
        track_key = r.key.removesuffix("/wind-field")
        storm = next(s for s in by_slug.values()
                     if track_key.endswith("/" + (s.storm_id.lower() or f"{s.name.lower()}-{s.year}")))
        pts = [Point(f.lon, f.lat) for f in storm.fixes if f.r34_nmi and max(f.r34_nmi) > 0]
        assert pts and all(shapely.contains_xy(r.geometry, [p.x for p in pts], [p.y for p in pts]))
        checked += 1
    assert checked == 306


def test_footprint_radius_matches_geodesic_distance():
    lon, lat, r = -89.6, 28.2, 175.0  # Katrina, 29 Aug 2005 06Z, diameter 350 nmi
    fp = hurdat2.quadrant_footprint(lon, lat, (r, r, r, r))
    for az in range(0, 360, 15):
        # the boundary along this azimuth: where the ray from the centre leaves the footprint
        x, y, _ = GEOD.fwd(lon, lat, az + 2.5, 2 * r * NM)
        edge = shapely.LineString([(lon, lat), (x, y)]).intersection(fp.exterior)
        bx, by = (edge.coords[0] if edge.geom_type == "Point" else shapely.get_parts(edge)[0].coords[0])
        _, _, d = GEOD.inv(lon, lat, bx, by)
        assert d == pytest.approx(r * NM, rel=0.01)


def test_quadrants_are_asymmetric_from_hurdat2_text():
    text = (
        "AL992099,            TESTSTORM,      3,\n"
        "20990901, 0000,  , TS, 25.0N,  70.0W,  50,  995,  100,   50,    0,   30,    0,    0,    0,    0,"
        "    0,    0,    0,    0, -999,\n"
        "20990901, 0600, L, HU, 25.5N,  71.0W,  65,  990,  100,   50,    0,   30,   40,    0,    0,    0,"
        "    0,    0,    0,    0, -999,\n"
        "20990901, 1200,  , TD, 26.0N,  72.0W,  30, 1000, -999, -999, -999, -999, -999, -999, -999, -999,"
        " -999, -999, -999, -999, -999,\n"
    )
    (storm,) = hurdat2.read_hurdat2(text)
    assert (storm.storm_id, storm.name, storm.year, len(storm.fixes)) == ("AL992099", "Teststorm", 2099, 3)
    assert storm.fixes[0].r34_nmi == (100.0, 50.0, 0.0, 30.0) and storm.fixes[2].r34_nmi is None
    assert storm.fixes[1].status == "hurricane" and storm.fixes[0].lon == -70.0
    fp = hurdat2.quadrant_footprint(-70.0, 25.0, (100, 50, 0, 30))

    def at(az, nmi):
        x, y, _ = GEOD.fwd(-70.0, 25.0, az, nmi * NM)
        return Point(x, y)

    assert fp.contains(at(45, 99)) and not fp.contains(at(45, 101))
    assert fp.contains(at(135, 49)) and not fp.contains(at(135, 51))
    assert not fp.contains(at(225, 5))  # SW radius 0
    assert fp.contains(at(315, 29.5)) and not fp.contains(at(315, 31))
    track, field = hurdat2.read_storm_tracks([storm])
    assert track.key == "hurdat2/al992099" and track.name == "Hurricane Teststorm (2099)"
    assert dict(field.extra)["endTime"] == dt.datetime(2099, 9, 1, 6, tzinfo=dt.timezone.utc)


def test_storm_across_the_antimeridian_is_cut():
    t0 = dt.datetime(2020, 1, 1, tzinfo=dt.timezone.utc)
    fixes = tuple(hurdat2.StormFix(t0 + dt.timedelta(hours=6 * i), lon, 15.0, "tropical storm", 40, 1000,
                                  (60.0, 60.0, 60.0, 60.0)) for i, lon in enumerate((178.0, 179.5, -179.0, -177.5)))
    track, field = hurdat2.read_storm_tracks([hurdat2.Storm("WP012020", "Test", 2020, fixes)])
    for g in (track.geometry, field.geometry):
        minx, _, maxx, _ = g.bounds
        assert minx >= -180 and maxx <= 180 and g.geom_type.startswith("Multi")
    assert field.geometry.contains(Point(179.99, 15.0)) and field.geometry.contains(Point(-179.99, 15.0))
    assert not field.geometry.contains(Point(0.0, 15.0))


def test_katrina_wind_field_covers_where_it_struck(storms):
    wf = storms["hurdat2/katrina-2005/wind-field"].geometry
    assert wf.contains(Point(-90.0715, 29.9511))  # New Orleans
    assert wf.contains(Point(-80.1918, 25.7617))  # Miami (first landfall, 25 Aug)
    assert not wf.contains(Point(-74.0060, 40.7128))  # New York


# ----------------------------------------------------------------------------- US states and counties


def test_admin_counts_and_categories(admin):
    cats = Counter(r.category for r in admin.values())
    assert cats == {"state": 50, "federal district": 1, "territory": 5, "county": 3231}
    fl = admin["usadmin/state/12"]
    assert fl.name == "Florida" and ("FL", None) in fl.labels and dict(fl.extra)["fips"] == "12"
    lee = admin["usadmin/county/12071"]
    assert lee.name == "Lee County, Florida" and dict(lee.extra)["fips"] == "12071"
    assert admin["usadmin/county/22071"].name == "Orleans Parish, Louisiana"
    assert admin["usadmin/county/51760"].name == "Richmond city, Virginia"
    assert admin["usadmin/county/46102"].name == "Oglala Lakota County, South Dakota"
    assert admin["usadmin/state/72"].country_hint == "PRI" and lee.country_hint == "USA"
    assert len({r.name for r in admin.values() if r.category == "county"}) == 3231
    assert all(r.geometry.is_valid and r.geometry.geom_type in ("Polygon", "MultiPolygon") for r in admin.values())


def test_every_county_is_part_of_the_state_its_fips_prefix_names(admin):
    for r in admin.values():
        if r.category != "county":
            continue
        fips = dict(r.extra)["fips"]
        parent = dict(r.extra)["partOf"].value
        assert parent.endswith(f"/entity/usadmin/state/{fips[:2]}")
        assert r.qualifiers == [("admin1", admin[f"usadmin/state/{fips[:2]}"].name)]


@pytest.mark.parametrize("fips,lon,lat", [
    ("12086", -80.1918, 25.7617),  # Miami, Miami-Dade County
    ("17031", -87.6298, 41.8781),  # Chicago, Cook County
    ("48201", -95.3698, 29.7604),  # Houston, Harris County
    ("22071", -90.0715, 29.9511),  # New Orleans, Orleans Parish
    ("06037", -118.2437, 34.0522),  # Los Angeles
    ("02020", -149.9003, 61.2181),  # Anchorage
])
def test_counties_contain_known_cities(admin, fips, lon, lat):
    assert admin[f"usadmin/county/{fips}"].geometry.contains(Point(lon, lat))
    assert admin[f"usadmin/state/{fips[:2]}"].geometry.contains(Point(lon, lat))
    others = [k for k, r in admin.items() if r.category == "county" and k.split("/")[-1] != fips
              and r.geometry.contains(Point(lon, lat))]
    assert others == []


def test_aleutians_stay_in_range(admin):
    ak = admin["usadmin/state/02"].geometry
    assert -180 <= ak.bounds[0] and ak.bounds[2] <= 180
    assert ak.contains(Point(173.2, 52.9))  # Attu Island, west of 180
    assert not ak.contains(Point(0.0, 60.0))


# ----------------------------------------------------------------------------- files, checksums, errors


def test_sha256_in_sources_md_and_manifest_entries():
    text = SOURCES_MD.read_text(encoding="utf-8")
    files = ev_sources.source_files()
    assert [f.path.name for f in files] == list(FILES)
    for f in files:
        actual = hashlib.sha256(f.path.read_bytes()).hexdigest()
        assert f.sha256 == actual and f.licence and f.attribution
        assert re.search(rf"`{re.escape(f.path.name)}`.*`{actual}`", text), f.path.name
        assert f.path.stat().st_size < 8_000_000


@pytest.fixture
def tmp_sources(tmp_path, monkeypatch):
    for name in FILES:
        shutil.copy(sources.SOURCES_DIR / name, tmp_path / name)
    monkeypatch.setattr(sources, "SOURCES_DIR", tmp_path)
    ev_sources.clear_cache()
    yield tmp_path
    ev_sources.clear_cache()


@pytest.mark.parametrize("fname,load", [
    ("usgs_earthquakes.geojson.gz", lambda: earthquakes.read_usgs_geojson()),
    ("hurdat2_storms.tsv.gz", ev_sources.storm_rows),
    ("us_states_counties.tsv.gz", ev_sources.us_admin_areas),
])
def test_missing_or_corrupt_file_is_named(tmp_sources, fname, load):
    path = tmp_sources / fname
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(SourceDataError, match=rf"{re.escape(fname)}: bad gzip data"):
        load()
    ev_sources.clear_cache()
    path.unlink()
    with pytest.raises(SourceDataError, match=rf"{re.escape(fname)}: file not found"):
        load()
    with pytest.raises(SourceDataError, match=rf"{re.escape(fname)}: file not found"):
        ev_sources.source_files()


def test_bad_value_names_file_and_line(tmp_sources):
    path = tmp_sources / "hurdat2_storms.tsv.gz"
    lines = gzip.decompress(path.read_bytes()).decode().split("\n")
    lines[2] = lines[2].replace("\t28.5\t", "\tnorth\t", 1)
    path.write_bytes(gzip.compress("\n".join(lines).encode()))
    with pytest.raises(SourceDataError, match=r"hurdat2_storms\.tsv\.gz: line 3: bad lat value 'north'"):
        ev_sources.storm_rows()


def _raw_atcf_runs():
    """(ATCF id, first year) of every unnamed storm of the committed table, read with gzip + csv only."""
    import csv

    path = Path(sources.__file__).parent / "hurdat2_storms.tsv.gz"
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    seen = {}
    for r in rows:
        if re.fullmatch(r"[A-Za-z]{2}\d{6}", r["name"]):
            seen.setdefault(r["name"].upper(), int(r["year"]))
    return sorted(seen.items())


_WORDS = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve",
          "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen", "Twenty"]


@pytest.mark.parametrize("atcf,year", _raw_atcf_runs())
def test_unnamed_storm_is_named_by_its_number_and_year(storms, atcf, year):
    track = storms[f"hurdat2/{atcf.lower()}"]
    word = _WORDS[int(atcf[2:4]) - 1]
    assert re.fullmatch(rf"(Hurricane|Tropical Storm|Tropical Depression|Subtropical Storm|Subtropical "
                        rf"Depression|Extratropical|Storm) {word} \({year}\)", track.name), track.name
    assert int(atcf[4:]) == year and atcf not in track.name
    assert not any(re.search(r"[A-Za-z]{2}\d{6}", lab) for lab, _ in track.labels)


def test_no_storm_name_carries_an_atcf_id(storms):
    assert len(_raw_atcf_runs()) >= 30
    assert not [r.name for r in storms.values() if re.search(r"[A-Za-z]{2}\d{6}", r.name)]
    assert storms["hurdat2/al061995"].name == "Tropical Depression Six (1995)"


def test_unnamed_hurdat2_header_and_number_words():
    text = ("AL231997,              UNNAMED,      1,\n"
            "19970901, 0000,  , TD, 25.0N,  70.0W,  25, 1010, -999, -999, -999, -999, -999, -999, -999, -999,"
            " -999, -999, -999, -999,\n")
    (storm,) = hurdat2.read_hurdat2(text)
    (track,) = hurdat2.read_storm_tracks([storm])
    assert track.name == "Tropical Depression Twenty-Three (1997)" and track.key == "hurdat2/al231997"
    for bad in ("AL001995", "A1061995", "", "AL06199"):
        with pytest.raises(ValueError, match="ATCF storm id"):
            hurdat2.atcf_number_name(bad)
