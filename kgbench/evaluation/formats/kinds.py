"""The kinds of answer format that differ from an exact one: how each reads, compares and words its answers.

Each is a subclass of :class:`~kgbench.evaluation.formats.base.AnswerFormat` overriding only what differs: an
entity compares by name key, a set by Jaccard, a number within its tolerance, a cell by containment, a polar
answer by angle and radius, a polygon by IoU, a date by days under its precision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from kgbench.evaluation.formats.base import AnswerFormat
from kgbench.evaluation.formats.coercers import COMPASS_16, COMPASS_8, _FLOW, _SIDES, _coerce_direction
from kgbench.evaluation.formats.compare import (Comparison, banded, compare_cell, compare_composite, compare_date,
                                                compare_polar, compare_polygon, compare_set, exact, read_cell)
from kgbench.evaluation.formats.numbers import DISTANCE_UNITS
from kgbench.languages import ENGLISH_TEXTS
from kgbench.evaluation.formats.schemas import _NAME_SCHEMA
from kgbench.evaluation.formats.text import name_key
from kgbench.evaluation.formats.values import AnswerValueError, GoldAnswerError
from kgbench.generator.tolerances import POINT_TOLERANCE_KM, count_tolerance, geodesic_km

__all__ = ["LabelFormat", "GeohashFormat", "EntityFormat", "SetFormat", "DirectionFormat", "CellFormat", "CompositeFormat", "NumberFormat",
           "QuantityFormat", "PointFormat", "PolarFormat", "PolygonFormat", "DateFormat"]


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
class LabelFormat(AnswerFormat):
    """Boolean / ternary: exact, over a small fixed set of labels (its multiple-choice options are the others)."""


@dataclass(frozen=True)
class GeohashFormat(AnswerFormat):
    """Geohash: exact (its multiple-choice options are the neighbouring geohashes of the same length)."""


@dataclass(frozen=True)
class EntityFormat(AnswerFormat):
    """Entity name (single): names compare by :func:`name_key`; an acceptable entry may list several names."""

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return exact(name_key(pred) == name_key(gold))

    def alternatives(self, alternative, unit):
        if isinstance(alternative, list):
            return [self.read_gold(a, unit) for a in alternative], {}
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

    def prompt_lines(self, schema: dict, texts=None) -> list[str]:
        labels = [x for x in schema["properties"]["answer"]["anyOf"][0].get("enum", []) if x is not None]
        return [(texts or ENGLISH_TEXTS)["prompt.labels"].format(labels=", ".join(labels))]

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

    def unit_clause(self, unit=None, texts=None) -> str:
        return (texts or ENGLISH_TEXTS)["unit.cell"]


@dataclass(frozen=True)
class CompositeFormat(AnswerFormat):
    """Composite (H3 + S2): half a point off per wrong cell."""

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return compare_composite(pred, gold)


@dataclass(frozen=True)
class NumberFormat(AnswerFormat):
    """A number compared within ``tolerance(gold)`` (Count, Ratio; Distance and Area add units).

    ``canonical_unit`` is the unit the coerced value is in; ``clause`` the key (in the prompt texts of
    :mod:`kgbench.languages.texts`) of the unit sentence of a unitless number.
    """

    tolerance: Callable[[float], float] = field(default=count_tolerance, repr=False)
    canonical_unit: str | None = None
    clause: str = "unit.null"

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return banded(abs(pred - gold), self.tolerance(gold))

    def unit_clause(self, unit=None, texts=None) -> str:
        return (texts or ENGLISH_TEXTS)[self.clause]


def _quantity_clause(fmt, unit: str | None, texts=None) -> str:
    texts = texts or ENGLISH_TEXTS
    unit = unit if unit in fmt.unit_table else fmt.canonical_unit
    others = ", ".join(f'"{u}"' for u in fmt.unit_table if u != unit)
    return texts["unit.quantity"].format(quantity=texts[fmt.quantity], unit_words=texts[f"unit.{unit}"], unit=unit,
                                         others=others)


@dataclass(frozen=True)
class QuantityFormat(NumberFormat):
    """A number with a unit (Distance, Area): the prompt asks for the item's unit and names the others."""

    unit_table: dict = field(default_factory=dict, repr=False)
    quantity: str = "quantity.number"

    def unit_clause(self, unit=None, texts=None) -> str:
        return _quantity_clause(self, unit, texts)


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
    quantity: str = "quantity.distance"

    def compare(self, pred, gold, aliases=None) -> Comparison:
        return compare_polar(pred, gold)

    def unit_clause(self, unit=None, texts=None) -> str:
        return _quantity_clause(self, unit, texts)


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

