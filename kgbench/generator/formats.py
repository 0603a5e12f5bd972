"""The fifteen answer formats of ``spec/scoring.md``: their names, typed values and JSON schemas.

Every benchmark item names one format in ``answer_format`` (the canonical names below, exactly as in the
spec's table). For each format this module holds

- a *coercer* that reads a value of the format, tolerantly (numbers written as strings, units, aliases of
  labels) and returns its canonical Python value, or raises :class:`AnswerValueError`;
- the JSON schema of a model's answer object ``{"answer": ..., "unit": ...}`` (``answer`` null means no
  answer), which prompts use to constrain model output;
- the JSON schema of the gold ``answer`` value stored in an item, and a partial item schema.

Canonical values (what coercers return):

=================================  =====================================================================
format                             canonical value
=================================  =====================================================================
Boolean / ternary                  ``"true"``, ``"false"`` or ``"plausibly"``
Entity name (single)               the name, stripped (compare with :func:`name_key`)
Predefined / cardinal direction    a label: ``N NNE NE ... NNW``, ``left``/``right``/``on``, ``upstream``/``downstream``
Set enumeration                    a tuple of names, duplicates (by :func:`name_key`) dropped
H3 / S2 cell index                 :class:`GridCell` (``system`` ``"h3"`` or ``"s2"``, lowercase index / token)
Geohash                            the lowercase geohash
Composite (H3 + S2)                :class:`CompositeCell`
Distance                           kilometres (float)
Area                               square kilometres (float)
Count                              a number (int when integral)
Ratio (dimensionless)              a float (``"45%"`` reads as 0.45)
Point coordinates                  :class:`LatLon` (WGS84 degrees)
Polar (angle, distance)            :class:`Polar` (degrees in [0, 360), kilometres)
Polygon / bounding box             a shapely (multi)polygon in CRS84 longitude/latitude
Date                               :class:`DateValue` (a day and its precision)
=================================  =====================================================================
"""

from __future__ import annotations

import calendar
import datetime as _dt
import json
import math
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

import h3
import jsonschema
import s2sphere
import shapely
from shapely.geometry import box, shape
from shapely.geometry.base import BaseGeometry

__all__ = [
    "AnswerFormat", "AnswerValueError", "GoldAnswerError", "GoldAnswer", "FORMATS", "FORMAT_NAMES",
    "get_format", "name_key", "GridCell", "CompositeCell", "LatLon", "Polar", "DateValue",
    "DISTANCE_UNITS", "AREA_UNITS", "COMPASS_8", "COMPASS_16", "DIRECTION_LABELS", "REFUSAL_PHRASES",
    "is_refusal_text", "parse_number", "validate_gold",
]

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class AnswerValueError(ValueError):
    """A value that cannot be read as a value of the answer format; the message says why."""


class GoldAnswerError(ValueError):
    """An item's gold answer that does not fit its format; the message names the problem."""


# --------------------------------------------------------------------------------------------- values


class GridCell(NamedTuple):
    """A discrete global grid cell: ``system`` is ``"h3"`` or ``"s2"``; ``cell`` the lowercase H3 index or S2 token."""

    system: str
    cell: str


class CompositeCell(NamedTuple):
    """The same location as an H3 index and an S2 token (both lowercase)."""

    h3: str
    s2: str


class LatLon(NamedTuple):
    """A WGS84 point, latitude first, in decimal degrees."""

    lat: float
    lon: float


class Polar(NamedTuple):
    """A polar position: ``angle`` in degrees normalized to [0, 360), ``distance`` in kilometres."""

    angle: float
    distance: float


class DateValue(NamedTuple):
    """A calendar day and the precision it is known to: ``"day"``, ``"month"`` or ``"year"``."""

    day: _dt.date
    precision: str


# --------------------------------------------------------------------------------------------- names

_STROKE_LETTERS = str.maketrans({
    "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "Ð": "d", "ħ": "h", "Ħ": "h",
    "ı": "i", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "þ": "th", "Þ": "th", "ŧ": "t", "Ŧ": "t",
    "‘": "'", "’": "'", "ʼ": "'", "`": "'", "“": '"', "”": '"',
})
_QUOTES = "\"'«»"


def name_key(name: str) -> str:
    """Return the comparison key of an entity name: case, whitespace and diacritics folded away.

    Letters with diacritics lose them (``é`` -> ``e``), stroked and ligature letters are spelled out
    (``ø`` -> ``o``, ``æ`` -> ``ae``), case is folded (``ß`` -> ``ss``), runs of whitespace become one space,
    and surrounding whitespace and quotes are dropped. Other punctuation is kept: ``"Saint-Denis"`` and
    ``"Saint Denis"`` stay different.

    >>> name_key("  Øyer   Kommune ")
    'oyer kommune'
    >>> name_key("Pedasí") == name_key('"PEDASI"')
    True
    """
    text = unicodedata.normalize("NFKC", str(name)).translate(_STROKE_LETTERS)
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    text = " ".join(text.casefold().split())
    return text.strip(_QUOTES).strip()


# --------------------------------------------------------------------------------------------- refusals

#: answer strings (compared after :func:`name_key` and trailing-punctuation removal) that mean "no answer"
REFUSAL_PHRASES = frozenset({
    "", "null", "none", "nil", "n/a", "na", "unknown", "no answer", "refuse", "refused", "refusal",
    "i refuse", "cannot answer", "can't answer", "cannot be answered", "unanswerable", "not answerable",
    "i cannot answer", "i can't answer", "unable to answer", "i am unable to answer", "i don't know",
    "i do not know", "don't know", "not applicable", "false premise", "no such entity",
    "insufficient information", "not enough information", "undetermined", "cannot determine",
    "cannot be determined",
})


def is_refusal_text(text: str) -> bool:
    """Return True if a whole answer string is an explicit refusal (see :data:`REFUSAL_PHRASES`).

    Only the whole string counts: ``"unknown"`` is a refusal, ``"Unknown Pleasures Bar"`` is not.

    >>> is_refusal_text("  Unknown. "), is_refusal_text("N/A"), is_refusal_text("Unknown Pleasures Bar")
    (True, True, False)
    """
    return name_key(text).rstrip(".!").strip() in REFUSAL_PHRASES


# --------------------------------------------------------------------------------------------- numbers and units

#: kilometres per distance unit
DISTANCE_UNITS = {"km": 1.0, "m": 0.001, "mi": 1.609344}
#: square kilometres per area unit
AREA_UNITS = {"km2": 1.0, "m2": 1e-6, "mi2": 1.609344 ** 2, "ha": 0.01}

_END = r"(?![a-z0-9²])"
_SQ = r"(?:2|\^2|²|\s*squared)"
_UNIT_PATTERNS: dict[str, list[tuple[str, re.Pattern]]] = {
    "distance": [
        ("km", re.compile(r"(?:km|kms|kilomet(?:er|re)s?)" + _END)),
        ("mi", re.compile(r"(?:mi|miles?|statute\s+miles?)" + _END)),
        ("m", re.compile(r"(?:m|meters?|metres?|mtrs?)" + _END)),
    ],
    "area": [
        ("km2", re.compile(r"(?:(?:km|kilomet(?:er|re)s?)" + _SQ + r"|sq\.?\s*(?:km|kilomet(?:er|re)s?)"
                           r"|square\s+kilomet(?:er|re)s?)" + _END)),
        ("mi2", re.compile(r"(?:(?:mi|miles?)" + _SQ + r"|sq\.?\s*(?:mi|miles?)|square\s+miles?)" + _END)),
        ("m2", re.compile(r"(?:(?:m|meters?|metres?)" + _SQ + r"|sq\.?\s*(?:m|meters?|metres?)"
                          r"|square\s+met(?:er|re)s?)" + _END)),
        ("ha", re.compile(r"(?:ha|hectares?)" + _END)),
    ],
}

_GROUP_SEP = "[,\u00a0\u202f\u2009 ]"
_NUMBER = re.compile(
    r"(?<![\w.])[-+]?(?:(?:\d{1,3}(?:" + _GROUP_SEP + r"\d{3}(?!\d))+|\d+)(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
)
_WORD_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}


def parse_number(value: Any) -> tuple[float, str]:
    """Return ``(number, tail)`` read from a JSON number or a string holding exactly one number.

    ``tail`` is the lowercased text after the number (the unit, if any), stripped of spaces; it is ``""``
    for JSON numbers. Thousands separators (``1,234,567``, ``1 234``) are understood; a decimal comma is not
    (``"12,5"`` holds two numbers). Words from zero to twenty are numbers. Booleans, NaN, infinities,
    strings with no number or with two numbers raise :class:`AnswerValueError`.

    >>> parse_number("≈ 1,234.5 km")
    (1234.5, 'km')
    >>> parse_number(7)
    (7.0, '')
    >>> parse_number("between 3 and 4")
    Traceback (most recent call last):
    ...
    kgbench.generator.formats.AnswerValueError: 'between 3 and 4' holds 2 numbers, expected one
    """
    if isinstance(value, bool) or value is None:
        raise AnswerValueError(f"{value!r} is not a number")
    if isinstance(value, (int, float)):
        number = float(value)
        tail = ""
    elif isinstance(value, str):
        text = value.replace("\u2212", "-").replace("\u2013", "-").strip()
        found = list(_NUMBER.finditer(text))
        if not found:
            word = name_key(text).rstrip(".")
            if word in _WORD_NUMBERS:
                return float(_WORD_NUMBERS[word]), ""
            raise AnswerValueError(f"{value!r} holds no number")
        if len(found) > 1:
            raise AnswerValueError(f"{value!r} holds {len(found)} numbers, expected one")
        token = re.sub(_GROUP_SEP, "", found[0].group())
        number = float(token)
        tail = text[found[0].end():].strip().lower()
    else:
        raise AnswerValueError(f"{value!r} is not a number")
    if not math.isfinite(number):
        raise AnswerValueError(f"{value!r} is not a finite number")
    return number, tail


def _unit_from_text(kind: str, text: str, *, whole: bool) -> str | None:
    """Return the canonical unit a text starts with (or is, when ``whole``), None for no unit text."""
    text = text.strip().lower().rstrip(".").strip()
    if not text or (not whole and not (text[0].isalpha() or text[0] in "²")):
        return None
    for unit, pattern in _UNIT_PATTERNS[kind]:
        m = pattern.match(text)
        if m and (not whole or m.end() == len(text)):
            return unit
    raise AnswerValueError(f"unknown {kind} unit {text!r}")


def _quantity(value: Any, unit: Any, kind: str, table: dict[str, float], default: str) -> float:
    """Return a quantity in the canonical unit; the unit written after the number beats the ``unit`` argument."""
    number, tail = parse_number(value)
    inline = _unit_from_text(kind, tail, whole=False)
    if inline is None and unit is not None:
        if not isinstance(unit, str):
            raise AnswerValueError(f"unit {unit!r} is not a string")
        inline = _unit_from_text(kind, unit, whole=True)
    return number * table[inline or default]


# --------------------------------------------------------------------------------------------- coercers


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


# --------------------------------------------------------------------------------------------- schemas


def _nullable(schema: dict) -> dict:
    return {"anyOf": [schema, {"type": "null"}]}


_NUMBER_SCHEMA = {"type": "number"}
_NAME_SCHEMA = {"type": "string", "minLength": 1}
_H3_PATTERN = "^[0-9a-fA-F]{15}$"
_S2_PATTERN = "^([0-9a-fA-F]{1,16}|[0-9]{17,20})$"
_WKT_PATTERN = r"^\s*(<[^>]*>\s*)?(POLYGON|MULTIPOLYGON|polygon|multipolygon|Polygon|MultiPolygon)\b"
_GEOHASH_PATTERN = "^[0-9bcdefghjkmnpqrstuvwxyzBCDEFGHJKMNPQRSTUVWXYZ]{1,12}$"
_DATE_PATTERN = r"^\d{4}(-\d{2}(-\d{2})?)?$"

_LATLON_OBJECT = {
    "type": "object",
    "description": "WGS84 decimal degrees: lat is the latitude (-90..90, north positive), "
                   "lon the longitude (-180..180, east positive)",
    "properties": {"lat": {"type": "number", "minimum": -90, "maximum": 90},
                   "lon": {"type": "number", "minimum": -180, "maximum": 180}},
    "required": ["lat", "lon"],
    "additionalProperties": False,
}
_LATLON_PAIR = {
    "type": "array",
    "description": "[latitude, longitude] in WGS84 decimal degrees: LATITUDE FIRST, then longitude",
    "prefixItems": [{"type": "number", "minimum": -90, "maximum": 90},
                    {"type": "number", "minimum": -180, "maximum": 180}],
    "minItems": 2,
    "maxItems": 2,
}
_POLAR_OBJECT = {
    "type": "object",
    "description": "angle: azimuth in degrees clockwise from north (0-360) at the reference entity; "
                   "distance: in the answer's unit",
    "properties": {"angle": {"type": "number"}, "distance": {"type": "number", "minimum": 0}},
    "required": ["angle", "distance"],
    "additionalProperties": False,
}
_COMPOSITE_OBJECT = {
    "type": "object",
    "description": "the same location's H3 cell index (15 hex digits) and S2 cell token",
    "properties": {"h3": {"type": "string", "pattern": _H3_PATTERN},
                   "s2": {"type": "string", "pattern": _S2_PATTERN}},
    "required": ["h3", "s2"],
    "additionalProperties": False,
}
_DATE_OBJECT = {
    "type": "object",
    "properties": {"date": {"type": "string", "pattern": _DATE_PATTERN + "|^\\d{4}-\\d{2}-\\d{2}T"},
                   "precision": {"enum": list(_PRECISIONS)}},
    "required": ["date", "precision"],
    "additionalProperties": False,
}


# --------------------------------------------------------------------------------------------- formats


@dataclass(frozen=True)
class AnswerFormat:
    """One answer format of ``spec/scoring.md``: canonical ``name``, short ``slug``, reader and schemas.

    ``units`` are the unit strings a model's answer may carry (empty: the unit must be null; for the cell
    format the unit names the grid system). ``coerce`` reads a value tolerantly; :meth:`answer_schema` and
    :meth:`gold_schema` give the JSON schemas.
    """

    name: str
    slug: str
    description: str
    coerce: Callable[..., Any] = field(repr=False)
    answer_value_schema: dict = field(repr=False)
    gold_value_schema: dict = field(repr=False)
    units: tuple[str, ...] = ()
    unit_required: bool = False

    def answer_schema(self, *, reasoning: bool = False, item: dict | None = None) -> dict:
        """Return the JSON schema of a model's answer object ``{"answer": ..., "unit": ...}``.

        ``answer`` may always be null (no answer, a refusal). ``unit`` is required and is null for formats
        without units. ``reasoning=True`` (condition T2) adds a required ``reasoning`` string placed before the
        answer. With an ``item``, a direction answer is narrowed to the label family of its gold answer
        (left/right, upstream/downstream, or the compass).

        >>> s = get_format("Distance").answer_schema()
        >>> s["required"], s["properties"]["unit"]["enum"]
        (['answer', 'unit'], ['km', 'm', 'mi'])
        """
        value = self.answer_value_schema
        if item is not None and self.slug == "direction":
            value = {**value, "enum": _direction_family(item)}
        unit: dict
        if self.units:
            unit = {"enum": list(self.units)} if self.unit_required else {"enum": [*self.units, None]}
        else:
            unit = {"type": "null"}
        properties: dict[str, Any] = {}
        if reasoning:
            properties["reasoning"] = {"type": "string"}
        properties["answer"] = _nullable(value)
        properties["unit"] = unit
        return {
            "$schema": SCHEMA_DIALECT,
            "title": f"{self.name} answer",
            "description": self.description,
            "type": "object",
            "properties": properties,
            "required": list(properties),
            "additionalProperties": False,
        }

    def gold_schema(self) -> dict:
        """Return the JSON schema of the gold ``answer`` value an item of this format stores.

        >>> get_format("Count").gold_schema()["type"]
        'number'
        """
        return {"$schema": SCHEMA_DIALECT, "title": f"{self.name} gold answer", **self.gold_value_schema}

    def item_schema(self) -> dict:
        """Return a partial item schema: ``answer_format``, ``answer``, ``unit``, ``acceptable``, ``false_premise``.

        Other item keys are allowed. A false-premise item may have a null answer.

        >>> get_format("Geohash").item_schema()["properties"]["answer_format"]
        {'const': 'Geohash'}
        """
        gold = self.gold_value_schema
        alternative = gold
        if self.slug == "set":
            alternative = {"anyOf": [gold, {"type": "object", "additionalProperties": {
                "type": "array", "items": _NAME_SCHEMA}}]}
        if self.units:
            unit = {"enum": [*self.units, None]}
        else:
            unit = {"type": "null"}
        return {
            "$schema": SCHEMA_DIALECT,
            "title": f"{self.name} item",
            "type": "object",
            "properties": {
                "answer_format": {"const": self.name},
                "unit": unit,
                "acceptable": {"type": "array", "items": alternative},
                "false_premise": {"type": "boolean"},
            },
            "required": ["answer_format", "answer"],
            "if": {"properties": {"false_premise": {"const": True}}, "required": ["false_premise"]},
            "then": {"properties": {"answer": {"anyOf": [gold, {"type": "null"}]}}},
            "else": {"properties": {"answer": gold}},
        }


def _direction_family(item: dict) -> list:
    """Return the labels (and null) a direction item's answer is drawn from, judged by its gold answer."""
    try:
        gold = _coerce_direction(item.get("answer"))
    except AnswerValueError:
        return [*COMPASS_8, *_SIDES, *_FLOW, None]
    if gold in _SIDES:
        return [*_SIDES, None]
    if gold in _FLOW:
        return [*_FLOW, None]
    return [*(COMPASS_8 if gold in COMPASS_8 else COMPASS_16), None]


def _fmt(name, slug, description, coerce, answer, gold, units=(), unit_required=False) -> AnswerFormat:
    return AnswerFormat(name, slug, description, coerce, answer, gold, tuple(units), unit_required)


_FORMAT_LIST = [
    _fmt("Boolean / ternary", "boolean",
         'One of "true", "false" or "plausibly".', _coerce_boolean,
         {"enum": ["true", "false", "plausibly"]},
         {"anyOf": [{"type": "boolean"}, {"enum": ["true", "false", "plausibly"]}]}),
    _fmt("Entity name (single)", "entity",
         "The name of one entity.", _coerce_entity, _NAME_SCHEMA, _NAME_SCHEMA),
    _fmt("Predefined / cardinal direction", "direction",
         "One label: a compass direction (N, NE, E, SE, S, SW, W, NW), left/right/on (the route) or "
         "upstream/downstream.",
         _coerce_direction,
         {"enum": [*COMPASS_8, *_SIDES, *_FLOW]},
         {"enum": list(DIRECTION_LABELS)}),
    _fmt("Set enumeration", "set",
         "A list of entity names; [] when there are none.", _coerce_set,
         {"type": "array", "items": _NAME_SCHEMA},
         {"type": "array", "items": _NAME_SCHEMA}),
    _fmt("H3 / S2 cell index", "cell",
         'One grid cell: an H3 cell index (15 hex digits) or an S2 cell token; unit names the grid, "h3" or "s2".',
         _coerce_cell,
         {"type": "string", "pattern": f"{_H3_PATTERN}|{_S2_PATTERN}"},
         {"type": "string", "pattern": "^((h3|s2):)?([0-9a-fA-F]{1,16}|[0-9]{17,20})$"},
         units=("h3", "s2")),
    _fmt("Geohash", "geohash", "A geohash string.", _coerce_geohash,
         {"type": "string", "pattern": _GEOHASH_PATTERN}, {"type": "string", "pattern": _GEOHASH_PATTERN}),
    _fmt("Composite (H3 + S2)", "h3_s2", 'An object {"h3": H3 cell index, "s2": S2 cell token}.',
         _coerce_composite, _COMPOSITE_OBJECT, _COMPOSITE_OBJECT),
    _fmt("Distance", "distance", "A distance as a number, in the unit given in unit.", _coerce_distance,
         _NUMBER_SCHEMA, _NUMBER_SCHEMA, units=DISTANCE_UNITS, unit_required=True),
    _fmt("Area", "area", "An area as a number, in the unit given in unit.", _coerce_area,
         _NUMBER_SCHEMA, _NUMBER_SCHEMA, units=AREA_UNITS, unit_required=True),
    _fmt("Count", "count", "A whole number.", _coerce_count,
         {"type": "integer", "minimum": 0}, {"type": "number"}),
    _fmt("Ratio (dimensionless)", "ratio", "A dimensionless number.", _coerce_ratio,
         _NUMBER_SCHEMA, _NUMBER_SCHEMA),
    _fmt("Point coordinates", "point",
         'A point in WGS84 decimal degrees: {"lat": latitude, "lon": longitude} or [latitude, longitude] '
         "(latitude first).", _coerce_point,
         {"anyOf": [_LATLON_OBJECT, _LATLON_PAIR]},
         {"anyOf": [_LATLON_OBJECT, {"type": "string", "pattern": r"^\s*(<[^>]*>\s*)?(POINT|Point|point)\b"}]}),
    _fmt("Polar (angle, distance)", "polar",
         'An object {"angle": azimuth in degrees clockwise from north, "distance": number}; the distance is '
         "in the unit given in unit.",
         _coerce_polar, _POLAR_OBJECT,
         {"anyOf": [_POLAR_OBJECT, {"type": "string", "pattern": r"^\s*[-+]?\d+(\.\d+)?\s+\d+(\.\d+)?\s*$"}]},
         units=DISTANCE_UNITS, unit_required=True),
    _fmt("Polygon / bounding box", "polygon",
         "A polygon or bounding box as WKT in longitude/latitude order (CRS84), e.g. "
         "POLYGON((west south, east south, east north, west north, west south)).",
         _coerce_polygon, {"type": "string", "pattern": _WKT_PATTERN},
         {"type": "string", "pattern": _WKT_PATTERN}),
    _fmt("Date", "date", "A date as YYYY-MM-DD (YYYY-MM or YYYY when only the month or year is known).",
         _coerce_date, {"type": "string", "pattern": _DATE_PATTERN},
         {"anyOf": [{"type": "string", "pattern": _DATE_PATTERN}, _DATE_OBJECT]}),
]

#: the formats by canonical name (the spelling of spec/scoring.md, as items store it in ``answer_format``)
FORMATS: dict[str, AnswerFormat] = {f.name: f for f in _FORMAT_LIST}
#: the canonical names in the order of the spec's table
FORMAT_NAMES: tuple[str, ...] = tuple(FORMATS)
_LOOKUP = {**{f.slug: f for f in _FORMAT_LIST}, **FORMATS,
           "Boolean / ternary (true / false / plausibly)": FORMATS["Boolean / ternary"]}


def get_format(name: str) -> AnswerFormat:
    """Return the answer format with this canonical name or slug (``"Distance"``, ``"distance"``).

    The spec table's long label ``"Boolean / ternary (true / false / plausibly)"`` is accepted too.
    Anything else raises ``KeyError`` listing the valid names.

    >>> get_format("H3 / S2 cell index").slug, get_format("h3_s2").name
    ('cell', 'Composite (H3 + S2)')
    """
    if isinstance(name, AnswerFormat):
        return name
    try:
        return _LOOKUP[name]
    except (KeyError, TypeError):
        raise KeyError(f"unknown answer format {name!r}; expected one of {list(FORMAT_NAMES)}") from None


# --------------------------------------------------------------------------------------------- gold answers


@dataclass(frozen=True)
class GoldAnswer:
    """A validated gold answer: the format, every acceptable value (the answer first) and set-member aliases.

    ``aliases`` maps :func:`name_key` of an alias to the key of the gold member it stands for (sets only).
    """

    format: AnswerFormat
    candidates: tuple
    aliases: dict = field(default_factory=dict)


_VALIDATORS: dict[str, Any] = {}


def _gold_validator(fmt: AnswerFormat):
    """Return the (cached) jsonschema validator of a format's gold value schema."""
    if fmt.slug not in _VALIDATORS:
        _VALIDATORS[fmt.slug] = jsonschema.Draft202012Validator(fmt.gold_value_schema)
    return _VALIDATORS[fmt.slug]


def _gold_value(fmt: AnswerFormat, answer: Any, unit: Any) -> Any:
    error = jsonschema.exceptions.best_match(_gold_validator(fmt).iter_errors(answer))
    if error is not None:
        raise GoldAnswerError(f"{fmt.name} gold answer {answer!r} does not fit its schema: {error.message}")
    if fmt.units and unit is not None and unit not in fmt.units:
        raise GoldAnswerError(f"{fmt.name} gold unit {unit!r} is not one of {list(fmt.units)}")
    if not fmt.units and unit is not None:
        raise GoldAnswerError(f"{fmt.name} gold answers carry no unit, got {unit!r}")
    try:
        value = fmt.coerce(answer, unit)
    except AnswerValueError as exc:
        raise GoldAnswerError(f"{fmt.name} gold answer: {exc}") from None
    if fmt.slug == "polygon" and (value.geom_type not in ("Polygon", "MultiPolygon") or value.area <= 0):
        raise GoldAnswerError(f"{fmt.name} gold answer is a {value.geom_type} without area, not a polygon")
    if fmt.slug == "polygon":
        minx, miny, maxx, maxy = value.bounds
        if not (-180 <= minx and maxx <= 180 and -90 <= miny and maxy <= 90):
            raise GoldAnswerError(f"{fmt.name} gold answer is outside longitude/latitude bounds")
    return value


def validate_gold(answer_format: str, answer: Any, unit: Any = None, acceptable: Any = None) -> GoldAnswer:
    """Return the validated :class:`GoldAnswer` of an item; raise :class:`GoldAnswerError` if it does not fit.

    The answer must satisfy the format's gold schema and read as a value of the format; so must each
    entry of ``acceptable`` (alternative correct answers: ties, aliases), which share the answer's unit.
    For a set, an ``acceptable`` entry is either an alternative complete set (a list) or a dict mapping
    a gold member to a list of its aliases.

    >>> g = validate_gold("Distance", 1500, "m")
    >>> g.candidates
    (1.5,)
    >>> validate_gold("Entity name (single)", "Turku", acceptable=["Åbo"]).candidates
    ('Turku', 'Åbo')
    >>> validate_gold("Count", "three")
    Traceback (most recent call last):
    ...
    kgbench.generator.formats.GoldAnswerError: Count gold answer 'three' does not fit its schema: ...
    """
    fmt = get_format(answer_format)
    candidates = [_gold_value(fmt, answer, unit)]
    aliases: dict[str, str] = {}
    if acceptable is None:
        acceptable = []
    if not isinstance(acceptable, list):
        raise GoldAnswerError(f"acceptable must be a list, got {type(acceptable).__name__}")
    for alternative in acceptable:
        if fmt.slug == "set" and isinstance(alternative, dict):
            for member, names in alternative.items():
                if not isinstance(names, list) or not all(isinstance(n, str) and name_key(n) for n in names):
                    raise GoldAnswerError(f"aliases of {member!r} must be a list of names, got {names!r}")
                for alias in names:
                    aliases[name_key(alias)] = name_key(member)
            continue
        if fmt.slug == "entity" and isinstance(alternative, list):
            candidates.extend(_gold_value(fmt, a, unit) for a in alternative)
            continue
        candidates.append(_gold_value(fmt, alternative, unit))
    return GoldAnswer(fmt, tuple(candidates), aliases)
