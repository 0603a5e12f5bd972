"""Coercers: read a value of each format tolerantly and return its canonical Python value."""

from __future__ import annotations

import calendar
import datetime as _dt
import json
import re
from typing import Any

import h3
import s2sphere
import shapely
from shapely.geometry import box, shape
from shapely.geometry.base import BaseGeometry

from kgbench.evaluation.formats.values import AnswerValueError, CompositeCell, DateValue, GridCell, LatLon, Polar
from kgbench.evaluation.formats.text import name_key
from kgbench.evaluation.formats.numbers import AREA_UNITS, DISTANCE_UNITS, _quantity, parse_number



def _maybe_json(value: Any) -> Any:
    """Return the JSON value a string holds when it looks like a JSON array/object, else the value itself."""
    if isinstance(value, str) and value.strip()[:1] in ("[", "{"):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def _coerce_boolean(value: Any, unit: Any = None) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        word = name_key(value).rstrip(".!")
        if word in ("true", "yes", "y", "t"):
            return "true"
        if word in ("false", "no", "n", "f"):
            return "false"
        if word in ("plausibly", "plausible"):
            return "plausibly"
    raise AnswerValueError(f"{value!r} is not true, false or plausibly")


def _coerce_entity(value: Any, unit: Any = None) -> str:
    if isinstance(value, list) and len(value) == 1:
        value = value[0]
    if isinstance(value, dict) and isinstance(value.get("name"), str):
        value = value["name"]
    if not isinstance(value, str) or not name_key(value):
        raise AnswerValueError(f"{value!r} is not an entity name")
    return value.strip()


#: the 8-point compass, clockwise from north
COMPASS_8 = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
#: the 16-point compass, clockwise from north
COMPASS_16 = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
_SIDES = ("left", "right", "on")
_FLOW = ("upstream", "downstream")
#: every label a Predefined / cardinal direction answer can take
DIRECTION_LABELS = COMPASS_16 + _SIDES + _FLOW


def _coerce_direction(value: Any, unit: Any = None) -> str:
    if not isinstance(value, str):
        raise AnswerValueError(f"{value!r} is not a direction label")
    word = re.sub(r"[^a-z]", "", name_key(value))
    if word in ("on", "ontheroute", "onroute", "ontheline"):
        return "on"
    word = re.sub(r"^(?:tothe|onthe|the|to|on)", "", word)
    word = re.sub(r"(?:handside|hand|side|wards|ward|of)$", "", word)
    if word in _SIDES or word in _FLOW:
        return word
    for full, short in (("north", "n"), ("south", "s"), ("east", "e"), ("west", "w")):
        word = word.replace(full, short)
    if word.upper() in COMPASS_16:
        return word.upper()
    raise AnswerValueError(f"{value!r} is not a direction label")


def _coerce_set(value: Any, unit: Any = None) -> tuple[str, ...]:
    value = _maybe_json(value)
    if isinstance(value, str):
        raise AnswerValueError(f"{value!r} is a string, not a list of names")
    if not isinstance(value, (list, tuple)):
        raise AnswerValueError(f"{value!r} is not a list of names")
    seen: dict[str, str] = {}
    for member in value:
        name = _coerce_entity(member)
        seen.setdefault(name_key(name), name)
    return tuple(seen.values())


def _h3_index(value: Any) -> str | None:
    """Return the lowercase H3 cell index a value denotes, or None if it is not a valid H3 cell."""
    if isinstance(value, int) and not isinstance(value, bool):
        try:
            value = h3.int_to_str(value)
        except (ValueError, TypeError, OverflowError):
            return None
    if not isinstance(value, str):
        return None
    text = value.strip().lower()
    text = text[2:] if text.startswith("0x") else text
    if not re.fullmatch(r"[0-9a-f]{15,16}", text):
        return None
    try:
        return text if h3.is_valid_cell(text) else None
    except (ValueError, TypeError, OverflowError):
        return None


def _s2_tokens(value: Any) -> set[str]:
    """Return every S2 token a value can denote (a token, a decimal id, a hex id); empty if none is valid.

    Up to 16 hex digits are a token, even when they are all decimal digits (``"47761234"`` is the level-12
    token, not the decimal id 47,761,234): tokens are the short form, and a decimal id is written in full,
    17 to 20 digits, as S2 libraries print it. An int is always an id.
    """
    ids: list[int] = []
    if isinstance(value, int) and not isinstance(value, bool):
        ids.append(value)
    elif isinstance(value, str):
        text = value.strip().lower()
        if text.startswith("0x") and re.fullmatch(r"[0-9a-f]{1,16}", text[2:]):
            ids.append(int(text[2:], 16))
        elif re.fullmatch(r"\d{17,20}", text):
            ids.append(int(text))
        elif re.fullmatch(r"[0-9a-f]{1,16}", text):
            ids.append(int(text.ljust(16, "0"), 16))
    tokens = set()
    for i in ids:
        if 0 < i < 2 ** 64 and s2sphere.CellId(i).is_valid():
            tokens.add(s2sphere.CellId(i).to_token().lower())
    return tokens


def _split_system(value: Any, unit: Any) -> tuple[str | None, Any]:
    """Return (declared grid system or None, value without an ``h3:``/``s2:`` prefix)."""
    system = None
    if isinstance(unit, str) and unit.strip().lower() in ("h3", "s2"):
        system = unit.strip().lower()
    if isinstance(value, dict) and len(value) == 1:
        (key, inner), = value.items()
        if str(key).lower() in ("h3", "s2"):
            return str(key).lower(), inner
    if isinstance(value, str):
        m = re.match(r"\s*(h3|s2)\s*[:=]\s*(.*)$", value, re.IGNORECASE | re.DOTALL)
        if m:
            return m.group(1).lower(), m.group(2)
    return system, value


def _coerce_cell(value: Any, unit: Any = None) -> GridCell:
    """Gold and unambiguous reading of a cell: a declared system wins, else a valid H3 index is H3, else S2."""
    system, value = _split_system(value, unit)
    if system in (None, "h3"):
        index = _h3_index(value)
        if index is not None:
            return GridCell("h3", index)
        if system == "h3":
            raise AnswerValueError(f"{value!r} is not a valid H3 cell index")
    tokens = _s2_tokens(value)
    if tokens:
        return GridCell("s2", tokens.pop())
    raise AnswerValueError(f"{value!r} is not a valid H3 index or S2 cell")


_GEOHASH = re.compile(r"[0-9bcdefghjkmnpqrstuvwxyz]{1,12}")


def _coerce_geohash(value: Any, unit: Any = None) -> str:
    text = value.strip().lower() if isinstance(value, str) else None
    if text is None or not _GEOHASH.fullmatch(text):
        raise AnswerValueError(f"{value!r} is not a geohash (base-32 alphabet, 1-12 characters)")
    return text


def _coerce_composite(value: Any, unit: Any = None) -> CompositeCell:
    value = _maybe_json(value)
    if isinstance(value, str):
        parts = [p for p in re.split(r"[\s,;/|+]+", value.strip()) if p]
        if len(parts) == 4 and parts[0].lower().rstrip(":=") == "h3" and parts[2].lower().rstrip(":=") == "s2":
            parts = [parts[1], parts[3]]
        value = parts
    if isinstance(value, dict):
        lowered = {str(k).lower().replace("_cell", "").replace("_index", "").replace("_token", ""): v
                   for k, v in value.items()}
        if "h3" not in lowered or "s2" not in lowered:
            raise AnswerValueError(f"{value!r} lacks an h3 or an s2 component")
        h3_part, s2_part = lowered["h3"], lowered["s2"]
    elif isinstance(value, (list, tuple)) and len(value) == 2:
        h3_part, s2_part = value
    else:
        raise AnswerValueError(f"{value!r} is not an H3 + S2 pair")
    index = _h3_index(h3_part)
    tokens = _s2_tokens(s2_part)
    if index is None:
        raise AnswerValueError(f"{h3_part!r} is not a valid H3 cell index")
    if len(tokens) != 1:
        raise AnswerValueError(f"{s2_part!r} is not one valid S2 cell")
    return CompositeCell(index, tokens.pop())


def _coerce_distance(value: Any, unit: Any = None) -> float:
    return _quantity(value, unit, "distance", DISTANCE_UNITS, "km")


def _coerce_area(value: Any, unit: Any = None) -> float:
    return _quantity(value, unit, "area", AREA_UNITS, "km2")


def _coerce_count(value: Any, unit: Any = None) -> float | int:
    number, _ = parse_number(value)
    return int(number) if number.is_integer() else number


def _coerce_ratio(value: Any, unit: Any = None) -> float:
    number, tail = parse_number(value)
    if tail.startswith("%") or (isinstance(unit, str) and unit.strip() in ("%", "percent")):
        return number / 100.0
    return number


_COORD = re.compile(r"([-+]?\d+(?:\.\d+)?)\s*°?\s*([nsew])?(?![a-z])", re.IGNORECASE)


def _check_latlon(lat: float, lon: float, original: Any) -> LatLon:
    if not (-90.0 <= lat <= 90.0 and -180.0 <= lon <= 180.0):
        raise AnswerValueError(f"{original!r} is outside latitude [-90, 90] / longitude [-180, 180]")
    return LatLon(lat, lon)


def _coerce_point(value: Any, unit: Any = None) -> LatLon:
    original = value
    value = _maybe_json(value)
    if isinstance(value, dict):
        keys = {str(k).lower(): v for k, v in value.items()}
        lat = next((keys[k] for k in ("lat", "latitude", "y") if k in keys), None)
        lon = next((keys[k] for k in ("lon", "lng", "long", "longitude", "x") if k in keys), None)
        if lat is None or lon is None:
            raise AnswerValueError(f"{original!r} lacks lat or lon")
        return _check_latlon(parse_number(lat)[0], parse_number(lon)[0], original)
    if isinstance(value, (list, tuple)):
        if len(value) != 2:
            raise AnswerValueError(f"{original!r} is not a [latitude, longitude] pair")
        return _check_latlon(parse_number(value[0])[0], parse_number(value[1])[0], original)
    if isinstance(value, str):
        text = value.strip()
        if re.match(r"(?i)\s*(<[^>]*>\s*)?point", text):
            geom = _read_wkt(text)
            if geom.geom_type != "Point" or geom.is_empty:
                raise AnswerValueError(f"{original!r} is not a single point")
            return _check_latlon(geom.y, geom.x, original)
        found = _COORD.findall(text)
        if len(found) != 2:
            raise AnswerValueError(f"{original!r} is not 'latitude, longitude'")
        (a, ha), (b, hb) = found
        a, b = float(a), float(b)
        if ha or hb:
            if not (ha and hb):
                raise AnswerValueError(f"{original!r} gives a hemisphere for one coordinate only")
            ha, hb = ha.upper(), hb.upper()
            if ha in "EW" and hb in "NS":
                (a, ha), (b, hb) = (b, hb), (a, ha)
            if not (ha in "NS" and hb in "EW"):
                raise AnswerValueError(f"{original!r} has no latitude and longitude hemisphere pair")
            a = -abs(a) if ha == "S" else a
            b = -abs(b) if hb == "W" else b
        return _check_latlon(a, b, original)
    raise AnswerValueError(f"{original!r} is not a point")


_POLAR_TEXT = re.compile(r"\s*([-+]?\d+(?:\.\d+)?)\s*(?:°|deg(?:rees?)?)?\s*[,;/]?\s+(\S.*?)\s*")
_ANGLE_KEYS = ("angle", "bearing", "azimuth", "theta", "direction", "angle_deg", "degrees")
_RADIUS_KEYS = ("distance", "r", "radius", "range", "dist")


def _coerce_polar(value: Any, unit: Any = None) -> Polar:
    original = value
    value = _maybe_json(value)
    if isinstance(value, dict):
        keys = {str(k).lower(): v for k, v in value.items()}
        angle = next((keys[k] for k in _ANGLE_KEYS if k in keys), None)
        radius = next((keys[k] for k in _RADIUS_KEYS if k in keys), None)
        unit = keys.get("unit", unit)
    elif isinstance(value, (list, tuple)) and len(value) == 2:
        angle, radius = value
    elif isinstance(value, str) and (m := _POLAR_TEXT.fullmatch(value)):
        angle, radius = m.group(1), m.group(2)
    else:
        raise AnswerValueError(f"{original!r} is not an (angle, distance) pair")
    if angle is None or radius is None:
        raise AnswerValueError(f"{original!r} lacks an angle or a distance")
    degrees, tail = parse_number(angle)
    if tail and not re.fullmatch(r"(°|deg|degrees?)\.?", tail):
        raise AnswerValueError(f"angle {angle!r} is not in degrees")
    return Polar(degrees % 360.0, _coerce_distance(radius, unit))


_CRS_PREFIX = re.compile(r"\s*<([^>]*)>\s*")


def _read_wkt(text: str) -> BaseGeometry:
    """Return the shapely geometry of a CRS84 WKT string (an optional ``<CRS84 IRI>`` prefix is allowed)."""
    m = _CRS_PREFIX.match(text)
    if m:
        if not m.group(1).rstrip("/").endswith("CRS84"):
            raise AnswerValueError(f"unsupported CRS <{m.group(1)}>; answers are CRS84 longitude/latitude")
        text = text[m.end():]
    try:
        return shapely.from_wkt(text)
    except Exception:  # shapely raises GEOSException
        raise AnswerValueError(f"malformed WKT {text[:80]!r}") from None


_BBOX_KEYS = (("west", "south", "east", "north"), ("min_lon", "min_lat", "max_lon", "max_lat"),
              ("minlon", "minlat", "maxlon", "maxlat"), ("minx", "miny", "maxx", "maxy"),
              ("min_x", "min_y", "max_x", "max_y"))


def _bbox(west: Any, south: Any, east: Any, north: Any, original: Any) -> BaseGeometry:
    w, s, e, n = (parse_number(v)[0] for v in (west, south, east, north))
    if not (w < e and s < n):
        raise AnswerValueError(f"{original!r} is not a bounding box with west < east and south < north")
    _check_latlon(s, w, original)
    _check_latlon(n, e, original)
    return box(w, s, e, n)


def _coerce_polygon(value: Any, unit: Any = None) -> BaseGeometry:
    original = value
    value = _maybe_json(value)
    if isinstance(value, str):
        geom = _read_wkt(value)
    elif isinstance(value, dict) and "type" in value and "coordinates" in value:
        try:
            geom = shape(value)
        except Exception:
            raise AnswerValueError(f"{original!r} is not a GeoJSON geometry") from None
    elif isinstance(value, dict):
        keys = {str(k).lower(): v for k, v in value.items()}
        for names in _BBOX_KEYS:
            if all(k in keys for k in names):
                return _bbox(*(keys[k] for k in names), original)
        raise AnswerValueError(f"{original!r} has no west/south/east/north keys")
    elif isinstance(value, (list, tuple)) and len(value) == 4:
        return _bbox(*value, original)
    else:
        raise AnswerValueError(f"{original!r} is not a WKT polygon or bounding box")
    if geom.is_empty:
        raise AnswerValueError(f"{original!r} is an empty geometry")
    return geom


_MONTHS = {name.lower(): i for i, name in enumerate(calendar.month_name) if name}
_MONTHS.update({name.lower(): i for i, name in enumerate(calendar.month_abbr) if name})
_PRECISIONS = ("day", "month", "year")


def _period_middle(year: int, month: int | None) -> _dt.date:
    """Return the middle day (index n // 2 of the n days) of a month, or of a year when month is None."""
    if month is None:
        return _dt.date(year, 1, 1) + _dt.timedelta(days=(366 if calendar.isleap(year) else 365) // 2)
    return _dt.date(year, month, 1) + _dt.timedelta(days=calendar.monthrange(year, month)[1] // 2)


def _parse_date_text(text: str) -> DateValue:
    t = text.strip().rstrip(".")
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
            return DateValue(_dt.date.fromisoformat(t), "day")
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}.*", t):
            moment = _dt.datetime.fromisoformat(t.replace("Z", "+00:00"))
            if moment.tzinfo is not None:
                moment = moment.astimezone(_dt.timezone.utc)
            return DateValue(moment.date(), "day")
        if re.fullmatch(r"\d{4}-\d{2}", t):
            return DateValue(_period_middle(int(t[:4]), int(t[5:])), "month")
        if re.fullmatch(r"\d{4}", t):
            return DateValue(_period_middle(int(t), None), "year")
        words = re.findall(r"[a-z]+|\d+", t.lower())
        months = [w for w in words if w in _MONTHS]
        numbers = [int(w) for w in words if w.isdigit()]
        rest = [w for w in words if not w.isdigit() and w not in _MONTHS and w not in ("of", "the", "st", "nd",
                                                                                       "rd", "th")]
        if len(months) == 1 and not rest:
            month = _MONTHS[months[0]]
            years = [n for n in numbers if n > 31]
            days = [n for n in numbers if n <= 31]
            if len(years) == 1 and len(days) == 1 and len(numbers) == 2:
                return DateValue(_dt.date(years[0], month, days[0]), "day")
            if len(years) == 1 and len(numbers) == 1:
                return DateValue(_period_middle(years[0], month), "month")
    except ValueError:
        pass
    raise AnswerValueError(f"{text!r} is not a date (YYYY-MM-DD, YYYY-MM or YYYY)")


def _coerce_date(value: Any, unit: Any = None) -> DateValue:
    precision = None
    if isinstance(value, dict):
        precision = value.get("precision")
        value = value.get("date", value.get("value"))
    if isinstance(value, _dt.datetime):
        parsed = DateValue(value.date(), "day")
    elif isinstance(value, _dt.date):
        parsed = DateValue(value, "day")
    elif isinstance(value, str):
        parsed = _parse_date_text(value)
    else:
        raise AnswerValueError(f"{value!r} is not a date")
    if precision is not None:
        if precision not in _PRECISIONS:
            raise AnswerValueError(f"precision {precision!r} is not one of {_PRECISIONS}")
        parsed = DateValue(parsed.day, precision)
    return parsed
