"""Numbers and units read from answers ("1,234.5 km", "twelve", "3 mi")."""

from __future__ import annotations

import math
import re
from typing import Any


from kgbench.evaluation.formats.values import AnswerValueError
from kgbench.evaluation.formats.text import name_key


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
    kgbench.evaluation.formats.AnswerValueError: 'between 3 and 4' holds 2 numbers, expected one
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
