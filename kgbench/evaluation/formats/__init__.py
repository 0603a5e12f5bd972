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

from kgbench.evaluation.formats.values import (
    AnswerValueError, CompositeCell, DateValue, GoldAnswerError, GridCell, LatLon, Polar,
)
from kgbench.evaluation.formats.text import REFUSAL_PHRASES, is_refusal_text, name_key
from kgbench.evaluation.formats.numbers import AREA_UNITS, DISTANCE_UNITS, parse_number
from kgbench.evaluation.formats.coercers import COMPASS_16, COMPASS_8, DIRECTION_LABELS
from kgbench.evaluation.formats.registry import (
    AnswerFormat, CellFormat, CompositeFormat, FORMATS, FORMAT_NAMES, GoldAnswer, NumberFormat, get_format,
    validate_gold,
)

__all__ = [
    "AnswerFormat", "AnswerValueError", "GoldAnswerError", "GoldAnswer", "FORMATS", "FORMAT_NAMES",
    "get_format", "name_key", "GridCell", "CompositeCell", "LatLon", "Polar", "DateValue",
    "DISTANCE_UNITS", "AREA_UNITS", "COMPASS_8", "COMPASS_16", "DIRECTION_LABELS", "REFUSAL_PHRASES",
    "is_refusal_text", "parse_number", "validate_gold", "NumberFormat", "CellFormat", "CompositeFormat",
]
