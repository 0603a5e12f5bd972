"""Shared helpers for the geofunctions tests: literals, a SPARQL runner with kgbench's functions bound."""

from __future__ import annotations

import pytest
from pyoxigraph import Literal, NamedNode, Store

from kgbench.geofunctions import default_registry
from kgbench.geofunctions.literals import WKT_LITERAL

GEOF = "http://www.opengis.net/def/function/geosparql/"
KGBF = "https://w3id.org/kgbench/function#"
UOM = "http://www.opengis.net/def/uom/OGC/1.0/"
XSD = "http://www.w3.org/2001/XMLSchema#"


def wkt(text: str) -> Literal:
    return Literal(text, datatype=WKT_LITERAL)


def num(v) -> Literal:
    return Literal(repr(float(v)), datatype=NamedNode(XSD + "double"))


def call(iri: str, *args):
    """Call a registered function directly (unwrapped): exceptions propagate."""
    return default_registry()[iri].impl(*args)


def sparql(query: str, store: Store | None = None, strict: bool = True):
    """Run a SELECT with kgbench's functions; return (rows as dicts of terms, binding)."""
    store = store or Store()
    b = default_registry().bind()
    res = store.query(query, custom_functions=b.functions, custom_aggregate_functions=b.aggregates)
    variables = [v.value for v in res.variables]
    rows = [{v: s[v] for v in variables} for s in res]
    b.check(strict)
    return rows, b


