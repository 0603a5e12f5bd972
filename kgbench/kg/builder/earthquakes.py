"""Earthquakes and other seismic events from USGS GeoJSON feeds as entity records (template family I).

:func:`read_usgs_geojson` reads any file of the USGS earthquake GeoJSON feed format (summary feeds such as
``all_week.geojson``, or a search result of the FDSN event service with ``format=geojson``), one ``Event``
:class:`~kgbench.kg.builder.records.EntityRecord` per feature, graph ``usgs``. Without an argument: the
committed week of February 2018.

>>> recs = read_usgs_geojson('''{"type": "FeatureCollection", "features": [{"type": "Feature",
...   "id": "ci1", "geometry": {"type": "Point", "coordinates": [-118.5, 34.2, 8.1]},
...   "properties": {"mag": 3.2, "place": "5km N of Somewhere, CA", "time": 1517966773840,
...   "type": "earthquake", "magType": "ml", "title": "M 3.2 - 5km N of Somewhere, CA"}}]}''')
>>> recs[0].key, recs[0].name, recs[0].geometry.wkt
('usgs/ci1', 'earthquake ci1', 'POINT (-118.5 34.2)')
>>> dict(recs[0].extra)["startTime"].isoformat()
'2018-02-07T01:26:13.840000+00:00'
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import re
from pathlib import Path

from shapely.geometry import Point

from kgbench.kg.builder import sources as _sources
from kgbench.kg.builder.records import EntityRecord
from kgbench.kg.builder.sources import SourceDataError
from kgbench.kg.builder.sources import events as event_tables
from kgbench.kg.builder.world_geometry import norm_lon

__all__ = ["read_usgs_geojson"]


def _load_json(path_or_text, what: str) -> tuple[object, str]:
    """Return (parsed JSON, how errors name the input) for a path, JSON text, bytes or an already parsed dict."""
    if isinstance(path_or_text, dict):
        return path_or_text, f"<{what}>"
    if isinstance(path_or_text, bytes):
        raw, where = path_or_text, f"<{what} bytes>"
    elif isinstance(path_or_text, str) and path_or_text.lstrip().startswith("{"):
        raw, where = path_or_text.encode("utf-8"), f"<{what} text>"
    else:
        path = Path(path_or_text)
        where = str(path)
        try:
            return json.loads(_sources.read_text(path, where)), where
        except json.JSONDecodeError as exc:
            raise SourceDataError(f"{where}: not JSON ({exc})") from None
    try:
        return json.loads(_sources.decode_bytes(raw, where)), where
    except json.JSONDecodeError as exc:
        raise SourceDataError(f"{where}: not JSON ({exc})") from None


def _usgs_time(ms, where: str, fid: str) -> _dt.datetime:
    if isinstance(ms, bool) or not isinstance(ms, (int, float)):
        raise SourceDataError(f"{where}: feature {fid}: 'time' is not epoch milliseconds: {ms!r}")
    return _dt.datetime(1970, 1, 1, tzinfo=_dt.timezone.utc) + _dt.timedelta(milliseconds=int(ms))


def read_usgs_geojson(path_or_text=None, *, graph: str = "usgs") -> list[EntityRecord]:
    """Return one ``Event`` record per feature of a USGS earthquake GeoJSON feed.

    ``path_or_text``: a file path (optionally gzipped), the JSON text or bytes, or the parsed dict; None
    reads the committed feed (USGS "all earthquakes, past week", 31 Jan - 7 Feb 2018). A single Feature
    (a USGS detail feed) is accepted too.

    Per event: key ``usgs/<id>``; category the feed's ``type`` ("earthquake", "quarry blast",
    "explosion", ...); name ``"<type> <catalog id>"`` (the id is what identifies an event unambiguously;
    the USGS title "M 2.0 - 4km W of Castaic, CA" is an English label); a Point of the epicentre; the
    other catalog ids of the event as source ids and its USGS event page as source record; ``extra``:
    catalogId, magnitude (float), magnitudeType, startTime (UTC datetime, millisecond precision),
    depthKm (float; USGS gives kilometres, negative above sea level), placeDescription.
    Features without a Point geometry or an id raise :class:`SourceDataError` naming the input.
    """
    if path_or_text is None:
        path_or_text = event_tables.earthquakes_path()
    data, where = _load_json(path_or_text, "USGS GeoJSON")
    if isinstance(data, dict) and data.get("type") == "Feature":
        features = [data]
    elif isinstance(data, dict) and data.get("type") == "FeatureCollection" and isinstance(data.get("features"), list):
        features = data["features"]
    else:
        raise SourceDataError(f"{where}: not a GeoJSON FeatureCollection or Feature")
    out: list[EntityRecord] = []
    seen: set[str] = set()
    for k, feat in enumerate(features):
        if not isinstance(feat, dict):
            raise SourceDataError(f"{where}: feature {k} is not an object")
        fid = feat.get("id")
        if not isinstance(fid, str) or not re.fullmatch(r"[A-Za-z0-9_.-]+", fid):
            raise SourceDataError(f"{where}: feature {k}: missing or unusable id {fid!r}")
        if fid in seen:
            raise SourceDataError(f"{where}: feature {k}: duplicate id {fid}")
        seen.add(fid)
        props = feat.get("properties") or {}
        geom = feat.get("geometry") or {}
        coords = geom.get("coordinates")
        if geom.get("type") != "Point" or not isinstance(coords, list) or len(coords) < 2:
            raise SourceDataError(f"{where}: feature {fid}: geometry is not a GeoJSON Point")
        try:
            lon, lat = float(coords[0]), float(coords[1])
            depth = float(coords[2]) if len(coords) > 2 and coords[2] is not None else None
        except (TypeError, ValueError):
            raise SourceDataError(f"{where}: feature {fid}: non-numeric coordinates {coords!r}") from None
        if not (-90.0 <= lat <= 90.0) or not math.isfinite(lon):
            raise SourceDataError(f"{where}: feature {fid}: coordinates out of range {coords!r}")
        etype = str(props.get("type") or "earthquake").strip().lower()
        extra: list[tuple[str, object]] = [("catalogId", fid)]
        mag = props.get("mag")
        if isinstance(mag, (int, float)) and not isinstance(mag, bool):
            extra.append(("magnitude", float(mag)))
        if props.get("magType"):
            extra.append(("magnitudeType", str(props["magType"])))
        extra.append(("startTime", _usgs_time(props.get("time"), where, fid)))
        if depth is not None:
            extra.append(("depthKm", depth))
        place = props.get("place")
        if place:
            extra.append(("placeDescription", str(place)))
        labels = [(str(props["title"]), "en")] if props.get("title") else []
        other_ids = [i for i in str(props.get("ids") or "").split(",") if i and i != fid]
        url = props.get("url")
        out.append(EntityRecord(
            key=f"usgs/{fid}", graph=graph, cls="Event", category=etype, name=f"{etype} {fid}",
            geometry=Point(norm_lon(lon), lat), labels=labels, source_ids=[fid] + other_ids,
            source_iris=[url] if isinstance(url, str) and url.startswith("http") else [],
            qualifiers=[("detail", str(place))] if place else [], extra=extra))
    return out
