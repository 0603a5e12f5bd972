"""The answer formats as objects: one per format, each with its reader, schemas, comparison and prompt wording.

An :class:`AnswerFormat` reads a value (:meth:`~AnswerFormat.parse`), gives the JSON schemas of a model's answer
and of a gold answer, compares a prediction with a gold value under its tolerance (:meth:`~AnswerFormat.compare`)
and says in a prompt which unit to answer in (:meth:`~AnswerFormat.unit_clause`) and anything else the model
must know (:meth:`~AnswerFormat.prompt_lines`). Scoring, prompts and gold validation ask the format; none of
them switches on a format's name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import jsonschema

from kgbench.evaluation.formats.compare import (Comparison, banded, compare_cell, compare_composite, compare_date,
                                                compare_polar, compare_polygon, compare_set, exact, read_cell)
from kgbench.evaluation.formats.values import AnswerValueError, GoldAnswerError, SCHEMA_DIALECT
from kgbench.evaluation.formats.text import name_key
from kgbench.evaluation.formats.numbers import AREA_UNITS, DISTANCE_UNITS, UNIT_WORDS
from kgbench.evaluation.formats.coercers import (
    COMPASS_16, COMPASS_8, DIRECTION_LABELS, _FLOW, _SIDES, _coerce_area, _coerce_boolean, _coerce_cell,
    _coerce_composite, _coerce_count, _coerce_date, _coerce_direction, _coerce_distance, _coerce_entity,
    _coerce_geohash, _coerce_point, _coerce_polar, _coerce_polygon, _coerce_ratio, _coerce_set,
)
from kgbench.evaluation.formats.schemas import (
    _COMPOSITE_OBJECT, _DATE_OBJECT, _DATE_PATTERN, _GEOHASH_PATTERN, _H3_PATTERN, _LATLON_OBJECT,
    _LATLON_PAIR, _NAME_SCHEMA, _NUMBER_SCHEMA, _POLAR_OBJECT, _S2_PATTERN, _WKT_PATTERN, _nullable,
)
from kgbench.generator.tolerances import (POINT_TOLERANCE_KM, area_tolerance, count_tolerance, distance_tolerance,
                                          geodesic_km, ratio_tolerance)


@dataclass(frozen=True)
class AnswerFormat:
    """One answer format of ``spec/scoring.md``: canonical ``name``, short ``slug``, reader, schemas and rules.

    ``units`` are the unit strings a model's answer may carry (empty: the unit must be null; for the cell
    format the unit names the grid system). ``coerce`` reads a value tolerantly; :meth:`answer_schema` and
    :meth:`gold_schema` give the JSON schemas. This base class is an exact format (Boolean / ternary,
    Geohash): canonical values compare equal or not; the subclasses below override what differs.
    """

    name: str
    slug: str
    description: str
    coerce: Callable[..., Any] = field(repr=False)
    answer_value_schema: dict = field(repr=False)
    gold_value_schema: dict = field(repr=False)
    units: tuple[str, ...] = ()
    unit_required: bool = False

    # ------------------------------------------------------------------------------------ reading and scoring

    def parse(self, answer: Any, unit: Any = None) -> Any:
        """Return a model's answer read as a value of this format; raise AnswerValueError when it is not one.

        >>> get_format("Distance").parse("1,250 m", "km")
        1.25
        """
        return self.coerce(answer, unit)

    def compare(self, pred: Any, gold: Any, aliases: dict | None = None) -> Comparison:
        """Return the :class:`~kgbench.evaluation.formats.compare.Comparison` of a parsed prediction with one
        gold value (``aliases``: set-member aliases of the gold answer).

        >>> get_format("Boolean / ternary").compare("true", "true").E
        1
        """
        return exact(pred == gold)

    def check_gold(self, value: Any) -> None:
        """Raise :class:`GoldAnswerError` when a read gold value cannot be a gold answer of this format."""

    def alternatives(self, alternative: Any, unit: Any) -> tuple[list, dict]:
        """Return (gold values, alias key -> member key) one ``acceptable`` entry of an item stands for."""
        return [_gold_value(self, alternative, unit)], {}

    # ------------------------------------------------------------------------------------ prompt wording

    def unit_clause(self, unit: str | None = None) -> str:
        """Return the sentence that tells a model which unit to answer in (``unit``: the item's gold unit).

        >>> get_format("Geohash").unit_clause()
        '"unit" must be null.'
        """
        return '"unit" must be null.'

    def prompt_lines(self, schema: dict) -> list[str]:
        """Return the lines a prompt adds after the unit clause for this format (none by default)."""
        return []

    def _answer_value(self, item: dict | None) -> dict:
        return self.answer_value_schema

    # ------------------------------------------------------------------------------------ schemas
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
        value = self._answer_value(item)
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
        alternative = self._alternative_schema()
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

    def _alternative_schema(self) -> dict:
        return self.gold_value_schema


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


@dataclass(frozen=True)
class EntityFormat(AnswerFormat):
    """Entity name (single): names compare by :func:`name_key`; an acceptable entry may list several names."""

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return exact(name_key(pred) == name_key(gold))

    def alternatives(self, alternative, unit):
        if isinstance(alternative, list):
            return [_gold_value(self, a, unit) for a in alternative], {}
        return super().alternatives(alternative, unit)


@dataclass(frozen=True)
class SetFormat(AnswerFormat):
    """Set enumeration: Jaccard over name keys; an acceptable entry is a whole set or member -> aliases."""

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return compare_set(pred, gold, aliases or {})

    def alternatives(self, alternative, unit):
        if not isinstance(alternative, dict):
            return super().alternatives(alternative, unit)
        aliases = {}
        for member, names in alternative.items():
            if not isinstance(names, list) or not all(isinstance(n, str) and name_key(n) for n in names):
                raise GoldAnswerError(f"aliases of {member!r} must be a list of names, got {names!r}")
            for alias in names:
                aliases[name_key(alias)] = name_key(member)
        return [], aliases

    def _alternative_schema(self) -> dict:
        return {"anyOf": [self.gold_value_schema, {"type": "object", "additionalProperties": {
            "type": "array", "items": _NAME_SCHEMA}}]}


@dataclass(frozen=True)
class DirectionFormat(AnswerFormat):
    """Direction labels: exact; an item's answer schema is narrowed to its gold's label family, which the
    prompt lists."""

    def prompt_lines(self, schema: dict) -> list[str]:
        labels = [x for x in schema["properties"]["answer"]["anyOf"][0].get("enum", []) if x is not None]
        return ["Allowed labels: " + ", ".join(labels) + "."]

    def _answer_value(self, item):
        if item is None:
            return self.answer_value_schema
        return {**self.answer_value_schema, "enum": _direction_family(item)}


@dataclass(frozen=True)
class CellFormat(AnswerFormat):
    """H3 / S2 cell index: a prediction is read every way it can be (H3 index, S2 tokens); an H3 gold is
    matched by the cell or a descendant."""

    def parse(self, answer, unit=None):
        return read_cell(answer, unit)

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return compare_cell(pred, gold)

    def unit_clause(self, unit=None) -> str:
        return 'Set "unit" to the grid system: "h3" or "s2".'


@dataclass(frozen=True)
class CompositeFormat(AnswerFormat):
    """Composite (H3 + S2): half a point off per wrong cell."""

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return compare_composite(pred, gold)


@dataclass(frozen=True)
class NumberFormat(AnswerFormat):
    """A number compared within ``tolerance(gold)`` (Count, Ratio; Distance and Area add units).

    ``canonical_unit`` is the unit the coerced value is in; ``clause`` the unit sentence of a unitless number.
    """

    tolerance: Callable[[float], float] = field(default=count_tolerance, repr=False)
    canonical_unit: str | None = None
    clause: str = '"unit" must be null.'

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return banded(abs(pred - gold), self.tolerance(gold))

    def unit_clause(self, unit=None) -> str:
        return self.clause


def _quantity_clause(fmt, unit: str | None) -> str:
    unit = unit if unit in fmt.unit_table else fmt.canonical_unit
    others = ", ".join(f'"{u}"' for u in fmt.unit_table if u != unit)
    return f'Give {fmt.quantity} in {UNIT_WORDS[unit]} and set "unit" to "{unit}" (also accepted: {others}).'


@dataclass(frozen=True)
class QuantityFormat(NumberFormat):
    """A number with a unit (Distance, Area): the prompt asks for the item's unit and names the others."""

    unit_table: dict = field(default_factory=dict, repr=False)
    quantity: str = "the number"

    def unit_clause(self, unit=None) -> str:
        return _quantity_clause(self, unit)


@dataclass(frozen=True)
class PointFormat(AnswerFormat):
    """Point coordinates: geodesic distance within :data:`~kgbench.generator.tolerances.POINT_TOLERANCE_KM`."""

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return banded(geodesic_km(pred.lat, pred.lon, gold.lat, gold.lon), POINT_TOLERANCE_KM)


@dataclass(frozen=True)
class PolarFormat(AnswerFormat):
    """Polar (angle, distance): angle within 5 degrees and radius within the distance tolerance; the prompt
    asks for the distance in the item's unit."""

    canonical_unit: str = "km"
    unit_table: dict = field(default_factory=lambda: dict(DISTANCE_UNITS), repr=False)
    quantity: str = "the distance"

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return compare_polar(pred, gold)

    def unit_clause(self, unit=None) -> str:
        return _quantity_clause(self, unit)


@dataclass(frozen=True)
class PolygonFormat(AnswerFormat):
    """Polygon / bounding box: IoU; a gold must be an areal geometry within longitude/latitude bounds."""

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return compare_polygon(pred, gold)

    def check_gold(self, value) -> None:
        if value.geom_type not in ("Polygon", "MultiPolygon") or value.area <= 0:
            raise GoldAnswerError(f"{self.name} gold answer is a {value.geom_type} without area, not a polygon")
        minx, miny, maxx, maxy = value.bounds
        if not (-180 <= minx and maxx <= 180 and -90 <= miny and maxy <= 90):
            raise GoldAnswerError(f"{self.name} gold answer is outside longitude/latitude bounds")


@dataclass(frozen=True)
class DateFormat(AnswerFormat):
    """Date: days apart within the tolerance of the gold's precision."""

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return compare_date(pred, gold)


_FORMAT_LIST = [
    AnswerFormat("Boolean / ternary", "boolean", 'One of "true", "false" or "plausibly".', _coerce_boolean,
                 {"enum": ["true", "false", "plausibly"]},
                 {"anyOf": [{"type": "boolean"}, {"enum": ["true", "false", "plausibly"]}]}),
    EntityFormat("Entity name (single)", "entity", "The name of one entity.", _coerce_entity, _NAME_SCHEMA,
                 _NAME_SCHEMA),
    DirectionFormat("Predefined / cardinal direction", "direction",
                    "One label: a compass direction (N, NE, E, SE, S, SW, W, NW), left/right/on (the route) or "
                    "upstream/downstream.",
                    _coerce_direction, {"enum": [*COMPASS_8, *_SIDES, *_FLOW]}, {"enum": list(DIRECTION_LABELS)}),
    SetFormat("Set enumeration", "set", "A list of entity names; [] when there are none.", _coerce_set,
              {"type": "array", "items": _NAME_SCHEMA}, {"type": "array", "items": _NAME_SCHEMA}),
    CellFormat("H3 / S2 cell index", "cell",
               'One grid cell: an H3 cell index (15 hex digits) or an S2 cell token; unit names the grid, "h3" or '
               '"s2".', _coerce_cell,
               {"type": "string", "pattern": f"{_H3_PATTERN}|{_S2_PATTERN}"},
               {"type": "string", "pattern": "^((h3|s2):)?([0-9a-fA-F]{1,16}|[0-9]{17,20})$"}, units=("h3", "s2")),
    AnswerFormat("Geohash", "geohash", "A geohash string.", _coerce_geohash,
                 {"type": "string", "pattern": _GEOHASH_PATTERN}, {"type": "string", "pattern": _GEOHASH_PATTERN}),
    CompositeFormat("Composite (H3 + S2)", "h3_s2", 'An object {"h3": H3 cell index, "s2": S2 cell token}.',
                    _coerce_composite, _COMPOSITE_OBJECT, _COMPOSITE_OBJECT),
    QuantityFormat("Distance", "distance", "A distance as a number, in the unit given in unit.", _coerce_distance,
                   _NUMBER_SCHEMA, _NUMBER_SCHEMA, units=tuple(DISTANCE_UNITS), unit_required=True,
                   tolerance=distance_tolerance, canonical_unit="km", unit_table=DISTANCE_UNITS),
    QuantityFormat("Area", "area", "An area as a number, in the unit given in unit.", _coerce_area,
                   _NUMBER_SCHEMA, _NUMBER_SCHEMA, units=tuple(AREA_UNITS), unit_required=True,
                   tolerance=area_tolerance, canonical_unit="km2", unit_table=AREA_UNITS),
    NumberFormat("Count", "count", "A whole number.", _coerce_count, {"type": "integer", "minimum": 0},
                 {"type": "number"}, tolerance=count_tolerance, clause='Give a whole number; "unit" must be null.'),
    NumberFormat("Ratio (dimensionless)", "ratio", "A dimensionless number.", _coerce_ratio, _NUMBER_SCHEMA,
                 _NUMBER_SCHEMA, tolerance=ratio_tolerance,
                 clause='Give a plain number without a percent sign (0.25 for 25 %); "unit" must be null.'),
    PointFormat("Point coordinates", "point",
                'A point in WGS84 decimal degrees: {"lat": latitude, "lon": longitude} or [latitude, longitude] '
                "(latitude first).", _coerce_point,
                {"anyOf": [_LATLON_OBJECT, _LATLON_PAIR]},
                {"anyOf": [_LATLON_OBJECT, {"type": "string", "pattern": r"^\s*(<[^>]*>\s*)?(POINT|Point|point)\b"}]}),
    PolarFormat("Polar (angle, distance)", "polar",
                'An object {"angle": azimuth in degrees clockwise from north, "distance": number}; the distance is '
                "in the unit given in unit.",
                _coerce_polar, _POLAR_OBJECT,
                {"anyOf": [_POLAR_OBJECT, {"type": "string", "pattern": r"^\s*[-+]?\d+(\.\d+)?\s+\d+(\.\d+)?\s*$"}]},
                units=tuple(DISTANCE_UNITS), unit_required=True),
    PolygonFormat("Polygon / bounding box", "polygon",
                  "A polygon or bounding box as WKT in longitude/latitude order (CRS84), e.g. "
                  "POLYGON((west south, east south, east north, west north, west south)).",
                  _coerce_polygon, {"type": "string", "pattern": _WKT_PATTERN},
                  {"type": "string", "pattern": _WKT_PATTERN}),
    DateFormat("Date", "date", "A date as YYYY-MM-DD (YYYY-MM or YYYY when only the month or year is known).",
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
    fmt.check_gold(value)
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
    kgbench.evaluation.formats.GoldAnswerError: Count gold answer 'three' does not fit its schema: ...
    """
    fmt = get_format(answer_format)
    candidates = [_gold_value(fmt, answer, unit)]
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
