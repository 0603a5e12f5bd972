"""Answers a question gives away: coordinates in a question or a gold name, and answers readable from the question.

Generation drops such items (:func:`leaks`); the release audit (:mod:`kgbench.release.audit_checks`) runs the
same checks over a whole release. They look at items only: no store, no template files, no scoring.
"""

from __future__ import annotations

import re
from typing import Any

from kgbench.generator.items import Item
from kgbench.generator.names import name_key

__all__ = ["has_coordinates", "coordinate_texts", "gold_names", "leaks", "REGION_CATEGORY", "ENTITY_NAME",
           "SET_ENUMERATION"]

#: the answer formats (canonical names, as items store them) whose answers are entity names
ENTITY_NAME = "Entity name (single)"
SET_ENUMERATION = "Set enumeration"
#: a decimal latitude/longitude pair, a degree sign with a hemisphere, a lat/lon keyword with a number, WKT
_COORDINATES = re.compile(r"""
      [-+]?\d{1,3}\.\d{2,}\s*°?\s*[NSns]?\s*[,;/]\s*[-+]?\d{1,3}\.\d{2,}
    | \d{1,3}(?:\.\d+)?\s*°\s*[NSEWnsew]\b
    | \b(?:lat|latitude|lon|lng|longitude)\b\s*[:=]?\s*[-+]?\d{1,3}\.\d+
    | \b(?:POINT|POLYGON|LINESTRING)\s*\(
""", re.VERBOSE | re.IGNORECASE)
#: in a name, any decimal number with three or more decimals reads as a coordinate
_NAME_DECIMAL = re.compile(r"[-+]?\d{1,3}\.\d{3,}")
#: entity categories that are regions (the "asked region" of a containment question)
REGION_CATEGORY = re.compile(r"country|state|county|province|region|admin|municipal|district|parish|borough|"
                             r"territor|neighbourhood|suburb|city|town|island", re.IGNORECASE)
_QUALIFIER = re.compile(r"\(([^()]+)\)\s*$|,\s*([^,]+)$")


def has_coordinates(text: str, *, name: bool = False) -> bool:
    """Return True when a text holds coordinates (a decimal lat/lon pair, degrees with a hemisphere, WKT).

    In a ``name`` any number with three or more decimals also counts.

    >>> has_coordinates("Danville (United States of America, 37.6456, -84.7722)")
    True
    >>> has_coordinates("How far is it, in km, from Kamppi to 2.5 km north of Kallio?")
    False
    >>> has_coordinates("Station 60.170", name=True), has_coordinates("60.17° N")
    (True, True)
    """
    return bool(_COORDINATES.search(text) or (name and _NAME_DECIMAL.search(text)))


def gold_names(item: Item) -> list[str]:
    """Return every name an item shows or expects: its entities' names and its entity or set answers (acceptables too)."""
    names = [str(e.get("name", "")) for e in (item.entities or {}).values() if isinstance(e, dict)]
    values: list[Any] = [item.answer, *(item.acceptable or [])]
    fmt = item.answer_format
    for v in values:
        if fmt == ENTITY_NAME and isinstance(v, str):
            names.append(v)
        elif fmt == SET_ENUMERATION and isinstance(v, list):
            names += [str(x) for x in v]
        elif fmt == SET_ENUMERATION and isinstance(v, dict):
            names += [str(k) for k in v] + [str(a) for al in v.values() for a in (al or [])]
    return names


def coordinate_texts(item: Item) -> list[str]:
    """Return the question (if it holds coordinates) and every gold name that holds coordinates."""
    out = [item.question] if has_coordinates(item.question) else []
    return out + [n for n in gold_names(item) if has_coordinates(n, name=True)]


def _word_in(needle: str, haystack: str) -> bool:
    needle, haystack = name_key(needle), name_key(haystack)
    return len(needle) >= 3 and re.search(r"(?<!\w)" + re.escape(needle) + r"(?!\w)", haystack) is not None


def _qualifier(name: str) -> str | None:
    m = _QUALIFIER.search(name)
    return (m.group(1) or m.group(2)).strip() if m else None


def leaks(item: Item, region_names: dict[str, set[str]]) -> list[str]:
    """Return why an item's answer can be read from its question (empty when it cannot).

    - ``answer``: an entity answer (or a set member) that is not one of the named options appears in the
      question;
    - ``region``: the name of a region the question asks about appears inside another entity's name;
    - ``false premise``: a false-premise item whose entity name carries a qualifier that names a region of the
      asked kind other than the asked one ("Blaine County, Idaho" asked as in Montana).

    ``region_names`` maps a region category to the name keys of every entity of it in the release.
    """
    found = []
    entities = [e for e in (item.entities or {}).values() if isinstance(e, dict) and e.get("name")]
    role_names = {name_key(e["name"]) for e in entities}
    answers: list[str] = []
    if not item.false_premise and item.answer_format == ENTITY_NAME and isinstance(item.answer, str):
        answers = [item.answer]
    elif not item.false_premise and item.answer_format == SET_ENUMERATION and isinstance(item.answer, list):
        answers = [str(a) for a in item.answer]
    if any(name_key(a) not in role_names and _word_in(a, item.question) for a in answers):
        found.append("answer")
    regions = [e for e in entities if REGION_CATEGORY.search(str(e.get("category", "")))]
    for r in regions:
        if any(e is not r and name_key(e["name"]) != name_key(r["name"]) and _word_in(r["name"], e["name"])
               for e in entities):
            found.append("region")
            break
    if item.false_premise:
        for e in entities:
            q = _qualifier(str(e["name"]))
            if q is None:
                continue
            for r in regions:
                kind = str(r.get("category", ""))
                if r is not e and name_key(q) != name_key(r["name"]) and name_key(q) in region_names.get(kind, ()):
                    found.append("false premise")
                    break
            if found and found[-1] == "false premise":
                break
    return found
