"""Tropical cyclones as entity records: storm tracks and the areas their winds swept (template family I).

:func:`read_storm_tracks` returns, graph ``hurdat2``, per storm a track (a LineString through its best-track
fixes, category ``storm track``) and, when wind radii are known, the area its tropical-storm-force winds
(34 kt and more) swept (category ``storm wind field``), as :class:`~kgbench.kg.builder.records.EntityRecord` s.
Storms come from :func:`read_hurdat2` (NOAA's HURDAT2 text format, with per-quadrant radii) or, by default,
from the committed dplyr ``storms`` table (:func:`storms_from_table`). Geometries are CRS84
longitude/latitude, valid and cut at the antimeridian (:mod:`~kgbench.kg.builder.world_geometry`).

>>> field = wind_field([StormFix(None, -60.0, 20.0, "hurricane", r34_nmi=(50, 50, 50, 50))])
>>> round(field.bounds[2] - (-60.0), 2), round(field.bounds[3] - 20.0, 2)   # 92.6 km east and north, in degrees
(0.88, 0.84)
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import gzip
import re
import zlib
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import shapely
from pyoxigraph import NamedNode
from pyproj import Geod
from shapely.geometry import LineString, Point, Polygon

from kgbench.kg.builder.records import EntityRecord
from kgbench.kg.builder.sources import SourceDataError
from kgbench.kg.builder.sources import events as event_tables
from kgbench.kg.builder.world_geometry import norm_lon, polygonal, unwrap, valid, wrap_world
from kgbench.ontologies import ENTITY

__all__ = [
    "read_hurdat2", "read_storm_tracks", "storms_from_table", "Storm", "StormFix", "quadrant_footprint",
    "wind_field", "atcf_number_name", "NAUTICAL_MILE_M", "HURDAT2_STATUS",
]

NAUTICAL_MILE_M = 1852.0
GEOD = Geod(ellps="WGS84")
#: angular step of the arcs that approximate a quadrant of a wind field (the chord of a 5-degree arc
#: stays within 0.1 % of the radius)
ARC_STEP_DEG = 5.0

#: HURDAT2 system status codes -> the words dplyr's storms table uses
HURDAT2_STATUS = {
    "HU": "hurricane", "TS": "tropical storm", "TD": "tropical depression", "EX": "extratropical",
    "SD": "subtropical depression", "SS": "subtropical storm", "LO": "other low", "WV": "tropical wave",
    "DB": "disturbance",
}
#: the storm's kind in its name: its most intense status, in this order
_KIND_ORDER = ("hurricane", "tropical storm", "subtropical storm", "tropical depression", "subtropical depression")


@dataclasses.dataclass(frozen=True)
class StormFix:
    """One best-track position of a storm."""

    time: _dt.datetime  #: UTC
    lon: float
    lat: float
    status: str  #: a HURDAT2_STATUS word ("hurricane", ...)
    wind_kt: int | None = None
    pressure_mb: int | None = None
    #: radii of 34-kt winds in the NE, SE, SW and NW quadrants, nautical miles; None: unknown
    r34_nmi: tuple[float, float, float, float] | None = None


@dataclasses.dataclass(frozen=True)
class Storm:
    """A tropical cyclone: its identifier, name, year (of its first fix) and fixes in time order."""

    storm_id: str  #: ATCF id ("AL122005"), or "" when the source has none
    name: str  #: "Katrina"; an unnamed storm's name is its ATCF id
    year: int
    fixes: tuple[StormFix, ...]


def read_hurdat2(path_or_text) -> list[Storm]:
    """Return the storms of a file in NOAA's HURDAT2 format (Atlantic or Northeast/Central Pacific).

    Header lines ``AL122005, KATRINA, 34,`` are followed by that many data lines ``20050823, 1800, ,
    TD, 23.1N, 75.1W, 30, 1008, <34-kt NE, SE, SW, NW>, <50-kt x4>, <64-kt x4>[, RMW]``; -999 / -99
    mean missing. ``path_or_text`` is a path (optionally gzipped) or the text itself.
    """
    if isinstance(path_or_text, str) and "\n" in path_or_text:
        text, where = path_or_text, "<HURDAT2 text>"
    else:
        path = Path(path_or_text)
        where = str(path)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            raise SourceDataError(f"{where}: file not found") from None
        if raw[:2] == b"\x1f\x8b":
            try:
                raw = gzip.decompress(raw)
            except (OSError, EOFError, zlib.error) as exc:
                raise SourceDataError(f"{where}: bad gzip data ({exc})") from None
        text = raw.decode("utf-8", errors="replace")
    lines = [ln for ln in text.splitlines() if ln.strip()]
    storms: list[Storm] = []
    i = 0
    while i < len(lines):
        head = [c.strip() for c in lines[i].split(",")]
        if len(head) < 3 or not re.fullmatch(r"[A-Z]{2}\d{6}", head[0]) or not head[2].isdigit():
            raise SourceDataError(f"{where}: line {i + 1}: expected a storm header, found {lines[i][:60]!r}")
        sid, raw_name, n = head[0], head[1], int(head[2])
        fixes = []
        for j in range(i + 1, i + 1 + n):
            if j >= len(lines):
                raise SourceDataError(f"{where}: storm {sid}: {n} fixes announced, file ends after {j - i - 1}")
            f = [c.strip() for c in lines[j].split(",")]
            try:
                t = _dt.datetime.strptime(f[0] + f[1], "%Y%m%d%H%M").replace(tzinfo=_dt.timezone.utc)
                lat = float(f[4][:-1]) * (1 if f[4][-1] == "N" else -1)
                lon = float(f[5][:-1]) * (1 if f[5][-1] == "E" else -1)
                nums = [int(v) for v in f[6:16]]
            except (ValueError, IndexError):
                raise SourceDataError(f"{where}: line {j + 1}: unreadable fix {lines[j][:80]!r}") from None
            wind = nums[0] if nums[0] >= 0 else None
            pres = nums[1] if nums[1] >= 0 else None
            r34 = tuple(float(v) for v in nums[2:6])
            fixes.append(StormFix(t, lon, lat, HURDAT2_STATUS.get(f[3], f[3].lower()), wind, pres,
                                  r34 if all(v >= 0 for v in r34) else None))
        name = sid if raw_name.upper() == "UNNAMED" else raw_name.title()
        storms.append(Storm(sid, name, int(sid[4:]), tuple(fixes)))
        i += 1 + n
    return storms


def storms_from_table(rows=None) -> list[Storm]:
    """Return the storms of dplyr's storms table (default: the committed one), one per run of rows with one name.

    The table has no per-quadrant radii, only ``tropicalstorm_force_diameter`` = max(NE34 + SW34, NW34 +
    SE34). Each fix's 34-kt radii are therefore taken as half that diameter in all four quadrants: a
    circle as wide as the storm's widest 34-kt extent. (Unknown before 2004: no radii, no wind field.)
    """
    if rows is None:
        rows = event_tables.storm_rows()
    storms: list[Storm] = []
    run: list = []

    def close():
        if run:
            fixes = []
            for r in run:
                t = _dt.datetime(r.year, r.month, r.day, r.hour, tzinfo=_dt.timezone.utc)
                half = None if r.ts_diameter_nmi is None else r.ts_diameter_nmi / 2.0
                fixes.append(StormFix(t, r.lon, r.lat, r.status, r.wind_kt, r.pressure_mb,
                                      None if half is None else (half, half, half, half)))
            name = run[0].name
            sid = name.upper() if re.fullmatch(r"[A-Za-z]{2}\d{6}", name) else ""
            name = sid or name
            storms.append(Storm(sid, name, run[0].year, tuple(fixes)))

    for r in rows:
        if run and r.name != run[-1].name:
            close()
            run = []
        run.append(r)
    close()
    return storms


def quadrant_footprint(lon: float, lat: float, r34_nmi, step_deg: float = ARC_STEP_DEG) -> Polygon | None:
    """Return the area within the 34-kt radii of one fix, or None when every radius is zero.

    Each quadrant (NE: azimuths 0-90, SE: 90-180, SW: 180-270, NW: 270-360) is a geodesic sector of its
    radius (nautical miles) on the WGS84 ellipsoid: arc points every ``step_deg`` degrees by pyproj
    ``Geod.fwd``, joined by straight edges in longitude/latitude. Longitudes stay continuous around
    ``lon`` (they may pass +-180; :func:`wind_field` cuts the result).
    """
    radii = [max(0.0, float(r)) for r in r34_nmi]
    if max(radii) <= 0.0:
        return None
    n = max(1, int(round(90.0 / step_deg)))
    az, dist = [], []
    for q, r in enumerate(radii):
        for k in range(n + 1):
            az.append(q * 90.0 + k * 90.0 / n)
            dist.append(r * NAUTICAL_MILE_M)
    az_a, dist_a = np.array(az), np.array(dist)
    xs, ys, _ = GEOD.fwd(np.full(len(az), lon), np.full(len(az), lat), az_a, dist_a)
    xs = np.where(dist_a == 0.0, lon, xs)
    ys = np.where(dist_a == 0.0, lat, ys)
    xs = [x - 360.0 * round((x - lon) / 360.0) for x in xs.tolist()]
    ring = [(x, y) for x, y in zip(xs, ys.tolist())]
    return valid(Polygon(ring))


def wind_field(fixes: Iterable[StormFix], step_deg: float = ARC_STEP_DEG):
    """Return the area swept by a storm's 34-kt winds, or None when no fix has a nonzero radius.

    The footprint of every fix with known radii (:func:`quadrant_footprint`), and between two
    consecutive such fixes that both have winds of 34 kt the convex hull of their two footprints
    (the field moving along the track in between; fixes of unknown radii are skipped, a fix with
    all radii zero breaks the sweep), unioned, made valid and cut at the antimeridian.
    """
    known = [f for f in fixes if f.r34_nmi is not None]
    if not known:
        return None
    lons = unwrap([f.lon for f in known])
    prints = [quadrant_footprint(x, f.lat, f.r34_nmi, step_deg) for x, f in zip(lons, known)]
    parts = [p for p in prints if p is not None]
    if not parts:
        return None
    for a, b in zip(prints, prints[1:]):
        if a is not None and b is not None:
            parts.append(shapely.union(a, b).convex_hull)
    area = valid(polygonal(shapely.unary_union(parts)))
    return valid(wrap_world(area))


def _track(fixes: tuple[StormFix, ...]):
    lons = unwrap([f.lon for f in fixes])
    pts = [(x, f.lat) for x, f in zip(lons, fixes)]
    if len(set(pts)) < 2:
        return Point(norm_lon(pts[0][0]), pts[0][1])
    return valid(wrap_world(LineString(pts)))


_UNITS = ("", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve",
          "Thirteen", "Fourteen", "Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen")
_TENS = ("", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety")


def atcf_number_name(storm_id: str) -> str:
    """Return the storm number of an ATCF id as an English number word: "AL061995" -> "Six".

    The number is the id's two digits after the basin letters (01-99); numbers from 21 on are hyphenated
    ("Twenty-One"). Raises ValueError for an id that is not two letters, two digits (not 00) and a year.

    >>> atcf_number_name("AL061995"), atcf_number_name("AL202011"), atcf_number_name("EP231997")
    ('Six', 'Twenty', 'Twenty-Three')
    """
    if not re.fullmatch(r"[A-Za-z]{2}\d{6}", storm_id or "") or storm_id[2:4] == "00":
        raise ValueError(f"ATCF storm id {storm_id!r}: expected two basin letters, a storm number 01-99 and a "
                         "year (AL061995)")
    n = int(storm_id[2:4])
    if n < 20:
        return _UNITS[n]
    return _TENS[n // 10] + (f"-{_UNITS[n % 10]}" if n % 10 else "")


def _storm_kind(fixes) -> str:
    seen = {f.status for f in fixes}
    for kind in _KIND_ORDER:
        if kind in seen:
            return kind
    return "storm"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def read_storm_tracks(storms: Iterable[Storm] | None = None, *, graph: str = "hurdat2",
                      step_deg: float = ARC_STEP_DEG) -> list[EntityRecord]:
    """Return per storm a track record and, when its 34-kt radii are known, a wind-field record.

    ``storms``: from :func:`read_hurdat2` or :func:`storms_from_table`; None: the committed table.

    Names: ``"<Kind> <Name> (<year>)"`` with the storm's most intense status as kind, e.g. "Hurricane
    Katrina (2005)", "Tropical Storm Allison (2001)"; an unnamed storm is named by the number of its ATCF id
    as the National Hurricane Center numbers depressions (:func:`atcf_number_name`): AL022003 is "Tropical
    Depression Two (2003)", the same style as the depressions HURDAT2 itself names "SIX". The wind field is "wind field of <that name>" (questions put "the" before it).

    Track (category ``storm track``): a LineString through the fixes (a Point if it never moved);
    extra startTime, endTime (first and last fix, UTC), maxWindKt, minPressureMb, stormStatus (the
    most intense status). Wind field (category ``storm wind field``): :func:`wind_field`; extra
    startTime, endTime (first and last fix with 34-kt winds), affectedAreaOf -> the track entity.
    Keys: ``hurdat2/<atcf id>`` or, without one, ``hurdat2/<name>-<year>``; the wind field's key adds
    ``/wind-field``.
    """
    if storms is None:
        storms = storms_from_table()
    out: list[EntityRecord] = []
    for s in storms:
        if not s.fixes:
            continue
        fixes = tuple(sorted(s.fixes, key=lambda f: f.time))
        kind = _storm_kind(fixes)
        unnamed = bool(s.storm_id) and s.name == s.storm_id
        display = f"{kind.title()} {atcf_number_name(s.storm_id) if unnamed else s.name} ({s.year})"
        slug = _slug(s.storm_id) if s.storm_id else f"{_slug(s.name)}-{s.year}"
        key = f"{graph}/{slug}"
        winds = [f.wind_kt for f in fixes if f.wind_kt is not None]
        pressures = [f.pressure_mb for f in fixes if f.pressure_mb is not None]
        extra: list[tuple[str, object]] = [("startTime", fixes[0].time), ("endTime", fixes[-1].time)]
        if winds:
            extra.append(("maxWindKt", max(winds)))
        if pressures:
            extra.append(("minPressureMb", min(pressures)))
        extra.append(("stormStatus", kind))
        labels = [(display, "en")] + ([] if unnamed else [(s.name, None)])
        sid = s.storm_id or f"{s.name} {s.year}"
        out.append(EntityRecord(
            key=key, graph=graph, cls="Event", category="storm track", name=display, geometry=_track(fixes),
            labels=labels, source_ids=[sid], qualifiers=[("detail", str(s.year))], extra=extra))
        field = wind_field(fixes, step_deg)
        if field is None or field.is_empty:
            continue
        windy = [f for f in fixes if f.r34_nmi is not None and max(f.r34_nmi) > 0]
        out.append(EntityRecord(
            key=f"{key}/wind-field", graph=graph, cls="Event", category="storm wind field",
            name=f"wind field of {display}", geometry=field, labels=[(f"wind field of {display}", "en")],
            source_ids=[sid], qualifiers=[("detail", str(s.year))],
            extra=[("startTime", windy[0].time), ("endTime", windy[-1].time),
                   ("affectedAreaOf", NamedNode(ENTITY.term(key).value))]))
    return out
