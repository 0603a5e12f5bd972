"""SPARQL text helpers: where a query's WHERE clause opens, and role bindings as a VALUES block placed there.

One home for placing bindings: the local store (:meth:`kgbench.kg.store.KG.query`), the remote endpoint
(:meth:`kgbench.kg.remote.RemoteKG.query`) and compiled templates all call :func:`place_bindings`, so a
query sees its bindings the same way on every backend.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from pyoxigraph import BlankNode, Literal, NamedNode

__all__ = ["where_brace", "render_values", "place_bindings"]

_WHERE = re.compile(r"\bWHERE\s*\{", re.IGNORECASE)
_VARIABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def where_brace(text: str) -> int:
    """Return the index just after the ``{`` that opens the query's first WHERE clause (-1 if none).

    Strings and IRIs are masked first, so a 'WHERE {' inside a literal does not count.

    >>> q = 'SELECT ?x WHERE { ?x ?p "WHERE {" }'
    >>> q[:where_brace(q)]
    'SELECT ?x WHERE {'
    >>> where_brace("ASK { ?s ?p ?o }")
    -1
    """
    masked = re.sub(r'"(?:[^"\\]|\\.)*"|<[^>\s]*>', lambda m: " " * len(m.group(0)), text)
    m = _WHERE.search(masked)
    return m.end() if m else -1


def render_values(bindings: Mapping[str, object]) -> str:
    """Return a one-row SPARQL VALUES clause for the bindings, each value serialized as an RDF term.

    A value that is not an RDF term becomes a plain literal of its ``str``. A name that is not a SPARQL
    variable name raises ValueError naming it.

    >>> render_values({"x": Literal('say "hi"')})
    'VALUES (?x) { ("say \\\\"hi\\\\"") }'
    >>> render_values({"x y": 1})
    Traceback (most recent call last):
    ...
    ValueError: not a SPARQL variable name: 'x y'
    """
    names = list(bindings)
    for n in names:
        if not _VARIABLE.fullmatch(n):
            raise ValueError(f"not a SPARQL variable name: {n!r}")
    terms = []
    for n in names:
        v = bindings[n]
        if not isinstance(v, (NamedNode, Literal, BlankNode)):
            v = Literal(v)
        terms.append(str(v))
    return f"VALUES ({' '.join('?' + n for n in names)}) {{ ({' '.join(terms)}) }}"


def place_bindings(text: str, bindings: Mapping[str, object] | None) -> tuple[str, bool]:
    """Return ``(query, placed)``: the query with the bindings in a VALUES block opening its WHERE clause.

    ``placed`` is False, and the text unchanged, when ``bindings`` is None or the query has no explicit
    ``WHERE {`` (the caller then passes them another way: the local store as pyoxigraph substitutions).
    An empty mapping places an empty block (``VALUES () { () }``, one empty row: no effect on the result).
    The block opens the WHERE clause so that the engine starts from the bound terms.

    >>> place_bindings("SELECT ?n WHERE { ?e ?p ?n }", {"e": NamedNode("http://x/a")})
    ('SELECT ?n WHERE {\\n  VALUES (?e) { (<http://x/a>) } ?e ?p ?n }', True)
    >>> place_bindings("ASK { ?s ?p ?o }", {"s": NamedNode("http://x/a")})
    ('ASK { ?s ?p ?o }', False)
    """
    at = where_brace(text) if bindings is not None else -1
    if at < 0:
        return text, False
    return text[:at] + "\n  " + render_values(bindings) + text[at:], True
