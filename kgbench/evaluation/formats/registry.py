"""The fifteen answer formats of the spec, one object each, their lookup and gold-answer validation.

An :class:`~kgbench.evaluation.formats.base.AnswerFormat` reads a value (:meth:`~AnswerFormat.parse`), gives the
JSON schemas of a model's answer and of a gold answer, compares a prediction with a gold value under its tolerance
(:meth:`~AnswerFormat.compare`) and says in a prompt which unit to answer in (:meth:`~AnswerFormat.unit_clause`)
and anything else the model must know (:meth:`~AnswerFormat.prompt_lines`). Scoring, prompts and gold validation
ask the format; none of them switches on a format's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kgbench.evaluation.formats.base import AnswerFormat
from kgbench.languages import ENGLISH_TEXTS
from kgbench.evaluation.formats.coercers import (
    COMPASS_8, DIRECTION_LABELS, _FLOW, _SIDES, _coerce_area, _coerce_boolean, _coerce_cell, _coerce_composite,
    _coerce_count, _coerce_date, _coerce_direction, _coerce_distance, _coerce_entity, _coerce_geohash,
    _coerce_point, _coerce_polar, _coerce_polygon, _coerce_ratio, _coerce_set,
)
from kgbench.evaluation.formats.kinds import (  # noqa: F401 - re-exported: the kinds of format
    CellFormat, CompositeFormat, DateFormat, DirectionFormat, EntityFormat, GeohashFormat, LabelFormat, NumberFormat,
    PointFormat, PolarFormat,
    PolygonFormat, QuantityFormat, SetFormat,
)
from kgbench.evaluation.formats.numbers import AREA_UNITS, DISTANCE_UNITS
from kgbench.evaluation.formats.schemas import (
    _COMPOSITE_OBJECT, _DATE_OBJECT, _DATE_PATTERN, _GEOHASH_PATTERN, _H3_PATTERN, _LATLON_OBJECT,
    _LATLON_PAIR, _NAME_SCHEMA, _NUMBER_SCHEMA, _POLAR_OBJECT, _S2_PATTERN, _WKT_PATTERN,
)
from kgbench.evaluation.formats.values import GoldAnswerError
from kgbench.generator.tolerances import area_tolerance, count_tolerance, distance_tolerance, ratio_tolerance


def _en(slug: str) -> str:
    """Return a format's English description (its one home is kgbench.languages.texts)."""
    return ENGLISH_TEXTS[f"format.{slug}"].format()


_FORMAT_LIST = [
    LabelFormat("Boolean / ternary", "boolean", _en("boolean"), _coerce_boolean,
                 {"enum": ["true", "false", "plausibly"]},
                 {"anyOf": [{"type": "boolean"}, {"enum": ["true", "false", "plausibly"]}]}),
    EntityFormat("Entity name (single)", "entity", _en("entity"), _coerce_entity, _NAME_SCHEMA, _NAME_SCHEMA),
    DirectionFormat("Predefined / cardinal direction", "direction", _en("direction"),
                    _coerce_direction, {"enum": [*COMPASS_8, *_SIDES, *_FLOW]}, {"enum": list(DIRECTION_LABELS)}),
    SetFormat("Set enumeration", "set", _en("set"), _coerce_set,
              {"type": "array", "items": _NAME_SCHEMA}, {"type": "array", "items": _NAME_SCHEMA}),
    CellFormat("H3 / S2 cell index", "cell", _en("cell"), _coerce_cell,
               {"type": "string", "pattern": f"{_H3_PATTERN}|{_S2_PATTERN}"},
               {"type": "string", "pattern": "^((h3|s2):)?([0-9a-fA-F]{1,16}|[0-9]{17,20})$"}, units=("h3", "s2")),
    GeohashFormat("Geohash", "geohash", _en("geohash"), _coerce_geohash,
                 {"type": "string", "pattern": _GEOHASH_PATTERN}, {"type": "string", "pattern": _GEOHASH_PATTERN}),
    CompositeFormat("Composite (H3 + S2)", "h3_s2", _en("h3_s2"), _coerce_composite, _COMPOSITE_OBJECT,
                    _COMPOSITE_OBJECT),
    QuantityFormat("Distance", "distance", _en("distance"), _coerce_distance,
                   _NUMBER_SCHEMA, _NUMBER_SCHEMA, units=tuple(DISTANCE_UNITS), unit_required=True,
                   tolerance=distance_tolerance, canonical_unit="km", unit_table=DISTANCE_UNITS),
    QuantityFormat("Area", "area", _en("area"), _coerce_area,
                   _NUMBER_SCHEMA, _NUMBER_SCHEMA, units=tuple(AREA_UNITS), unit_required=True,
                   tolerance=area_tolerance, canonical_unit="km2", unit_table=AREA_UNITS),
    NumberFormat("Count", "count", _en("count"), _coerce_count, {"type": "integer", "minimum": 0},
                 {"type": "number"}, tolerance=count_tolerance, clause="unit.count"),
    NumberFormat("Ratio (dimensionless)", "ratio", _en("ratio"), _coerce_ratio, _NUMBER_SCHEMA,
                 _NUMBER_SCHEMA, tolerance=ratio_tolerance, clause="unit.ratio"),
    PointFormat("Point coordinates", "point", _en("point"), _coerce_point,
                {"anyOf": [_LATLON_OBJECT, _LATLON_PAIR]},
                {"anyOf": [_LATLON_OBJECT, {"type": "string", "pattern": r"^\s*(<[^>]*>\s*)?(POINT|Point|point)\b"}]}),
    PolarFormat("Polar (angle, distance)", "polar", _en("polar"),
                _coerce_polar, _POLAR_OBJECT,
                {"anyOf": [_POLAR_OBJECT, {"type": "string", "pattern": r"^\s*[-+]?\d+(\.\d+)?\s+\d+(\.\d+)?\s*$"}]},
                units=tuple(DISTANCE_UNITS), unit_required=True),
    PolygonFormat("Polygon / bounding box", "polygon", _en("polygon"),
                  _coerce_polygon, {"type": "string", "pattern": _WKT_PATTERN},
                  {"type": "string", "pattern": _WKT_PATTERN}),
    DateFormat("Date", "date", _en("date"),
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


# --------------------------------------------------------------------------------------------- gold answers


@dataclass(frozen=True)
class GoldAnswer:
    """A validated gold answer: the format, every acceptable value (the answer first) and set-member aliases.

    ``aliases`` maps :func:`name_key` of an alias to the key of the gold member it stands for (sets only).
    """

    format: AnswerFormat
    candidates: tuple
    aliases: dict = field(default_factory=dict)


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
    kgbench.evaluation.formats.GoldAnswerError: Count gold answer 'three' does not fit its schema: ...
    """
    fmt = get_format(answer_format)
    candidates = [fmt.read_gold(answer, unit)]
    aliases: dict[str, str] = {}
    if acceptable is None:
        acceptable = []
    if not isinstance(acceptable, list):
        raise GoldAnswerError(f"acceptable must be a list, got {type(acceptable).__name__}")
    for alternative in acceptable:
        values, more = fmt.alternatives(alternative, unit)
        candidates.extend(values)
        aliases.update(more)
    return GoldAnswer(fmt, tuple(candidates), aliases)
