"""Checks of a template file beyond its schema: duplicate YAML keys, non-finite numbers, unit IRIs, read-only SPARQL.

Every check returns a list of problems, each ``"field <path>: <what>"``, so that one run reports all of a
file's problems; :func:`kgbench.queries.template.load_template_file` raises them together.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

import yaml

from kgbench.geofunctions.units import AREA_M2, LENGTH_M, QUDT, UOM

__all__ = ["UniqueKeyLoader", "load_yaml", "non_finite_fields", "unknown_units", "forbidden_clauses",
           "KNOWN_UNITS", "FORBIDDEN_KEYWORDS"]

#: every unit IRI the geo functions know (lengths and areas)
KNOWN_UNITS = frozenset(LENGTH_M) | frozenset(AREA_M2)
#: SPARQL keywords a template may not use: templates are read-only, local SELECT / CONSTRUCT / ASK queries
FORBIDDEN_KEYWORDS = ("SERVICE", "LOAD", "INSERT", "DELETE", "CLEAR", "DROP", "CREATE", "ADD", "MOVE", "COPY",
                      "DESCRIBE")


class UniqueKeyLoader(yaml.SafeLoader):
    """A safe YAML loader that raises ``yaml.constructor.ConstructorError`` on a key repeated in one mapping."""

    def construct_mapping(self, node, deep=False):
        seen: dict[Any, Any] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                first = seen.setdefault(key, key_node.start_mark)
            except TypeError:
                continue  # an unhashable key: the base class reports it
            if first is not key_node.start_mark:
                raise yaml.constructor.ConstructorError(
                    "while reading a mapping", node.start_mark,
                    f"duplicate key {key!r} (first at line {first.line + 1})", key_node.start_mark)
        return super().construct_mapping(node, deep=deep)


def load_yaml(text: str) -> Any:
    """Return the YAML document in ``text``, refusing duplicate keys (``yaml.YAMLError`` names the line).

    >>> load_yaml("a: 1\\nb: 2")
    {'a': 1, 'b': 2}
    >>> load_yaml("a: 1\\na: 2")
    Traceback (most recent call last):
    yaml.constructor.ConstructorError: ... duplicate key 'a' (first at line 1) ...
    """
    return yaml.load(text, Loader=UniqueKeyLoader)  # noqa: S506 - UniqueKeyLoader is a SafeLoader


def _walk(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    stack = [(path, value)]
    while stack:
        where, v = stack.pop()
        yield where, v
        if isinstance(v, dict):
            stack.extend((f"{where}/{k}" if where else str(k), x) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((f"{where}/{i}" if where else str(i), x) for i, x in enumerate(v))


def non_finite_fields(data: Any) -> list[str]:
    """Return a problem for every NaN or infinite number in the document (bounds, parameters, sampling...).

    >>> non_finite_fields({"sampling": {"max_km": float("inf")}, "ok": 1.5})
    ['field sampling/max_km: inf is not a finite number']
    """
    return sorted(f"field {where}: {v!r} is not a finite number" for where, v in _walk(data)
                  if isinstance(v, float) and not math.isfinite(v))


_TOKENS = re.compile(r'(<[^<>"{}|^`\\\s]*>)|"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"'
                     r'|\'(?:[^\'\\\n]|\\.)*\'|#[^\n]*')
_UNIT = re.compile(rf"<((?:{re.escape(UOM)}|{re.escape(QUDT)})[^>\s]*)>|(?<![\w?$:])uom:([A-Za-z_][\w-]*)")


def _mask(text: str, iris: bool = False) -> str:
    """Return SPARQL text with string literals and comments blanked, and IRIs too when ``iris``.

    >>> _mask('?a <http://x/#y> "s # t" # note', iris=False)
    '?a <http://x/#y>                      '
    """
    def blank(m):
        return m.group(0) if m.group(1) and not iris else " " * len(m.group(0))
    return _TOKENS.sub(blank, text)


def unknown_units(field: str, text: str, sparql: bool = True) -> list[str]:
    """Return a problem for each unit IRI (``uom:x``, ``<...uom/OGC/1.0/x>``, a QUDT unit) the geo functions do not know.

    >>> unknown_units("query/answer", "BIND(geof:distance(?a, ?b, uom:kilometre) AS ?d)")
    []
    >>> unknown_units("query/answer", "BIND(geof:distance(?a, ?b, uom:furlong) AS ?d)")
    ['field query/answer: unknown unit <http://www.opengis.net/def/uom/OGC/1.0/furlong>']

    ``sparql=False`` reads a plain value (a parameter): a bare unit IRI counts there too.
    """
    if not sparql and text.strip().startswith((UOM, QUDT)):
        text = f"<{text.strip()}>"
    out = []
    for m in _UNIT.finditer(_mask(text) if sparql else text):
        iri = m.group(1) or UOM + m.group(2)
        if iri not in KNOWN_UNITS:
            out.append(f"field {field}: unknown unit <{iri}>")
    return out


_KEYWORDS = re.compile(rf"(?<![\w?$:<#-])({'|'.join(FORBIDDEN_KEYWORDS)})(?![\w:-])", re.IGNORECASE)


def forbidden_clauses(field: str, text: str) -> list[str]:
    """Return a problem for each SERVICE, update (LOAD, INSERT, DELETE, CLEAR, DROP...) or DESCRIBE keyword.

    Strings, comments and IRIs are ignored, and so are variables and prefixed names (``?service``).

    >>> forbidden_clauses("query/answer", "SELECT ?service WHERE { SERVICE <http://x/sparql> { ?a ?b ?c } }")
    ['field query/answer: SERVICE is not allowed (templates are read-only local SELECT, CONSTRUCT or ASK queries)']
    """
    masked = _mask(text, iris=True)
    return [f"field {field}: {m.group(1).upper()} is not allowed (templates are read-only local SELECT, "
            "CONSTRUCT or ASK queries)" for m in _KEYWORDS.finditer(masked)]
