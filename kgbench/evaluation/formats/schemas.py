"""JSON schema fragments of answer values (answers of models and gold answers)."""

from __future__ import annotations



from kgbench.evaluation.formats.coercers import _PRECISIONS



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
