"""Relation properties on a read-only store, rewritten as geof: tests (kgbench.kg.relation_rewrite).

The contract: on a store in the bundled snapshot's shape (features with one geometry, one WKT literal each),
a query naming ``geo:sfWithin`` & co. answers exactly what the same data loaded in memory answers, where the
relation triples are inferred into a graph (kgbench.kg.inference), planned or pair by pair.
"""

from __future__ import annotations

import pytest
import shapely
from hypothesis import given, settings, strategies as st
from hypothesis_budget import examples
from pyoxigraph import RdfFormat, Store

from kgbench.kg.relation_rewrite import RELATION_NAMES, rewrite_relations
from kgbench.kg.store import KG

GEO = "http://www.opengis.net/ont/geosparql#"
WKT = f"<{GEO}wktLiteral>"
EX = "http://example.org/"


def _nt(geoms) -> str:
    """Return N-Triples of one feature per geometry: f{i} geo:hasGeometry g{i}, g{i} geo:asWKT ..."""
    lines = []
    for i, g in enumerate(geoms):
        lines += [f"<{EX}f{i}> <{GEO}hasGeometry> <{EX}g{i}> .", f'<{EX}g{i}> <{GEO}asWKT> "{g.wkt}"^^{WKT} .']
    return "\n".join(lines)


def _both(text: str) -> tuple[KG, KG]:
    """Return (the data in memory, inferred; the same data as a read-only store, rewritten)."""
    memory = KG.from_text(text)
    store = Store()
    store.load(text, RdfFormat.N_TRIPLES)
    return memory, KG(store)


def _set(result) -> set:
    return {tuple(str(t) for t in row) for row in result.rows} if result.kind == "select" else {result.boolean}


coordinate = st.integers(-4, 4)
shape = st.one_of(
    st.tuples(coordinate, coordinate, st.integers(0, 3), st.integers(0, 3)).map(
        lambda s: shapely.box(s[0], s[1], s[0] + s[2], s[1] + s[3])),
    st.tuples(coordinate, coordinate).map(shapely.Point),
    st.tuples(coordinate, coordinate, coordinate, coordinate).map(
        lambda s: shapely.LineString([(s[0], s[1]), (s[2], s[3])]) if s[:2] != s[2:] else shapely.Point(s[:2])),
)


@settings(max_examples=examples(25), deadline=None)
@given(st.lists(shape, min_size=1, max_size=6))
def test_every_relation_equals_the_inferred_triples(geoms):
    memory, rewritten = _both(_nt(geoms))
    for name in sorted(RELATION_NAMES):
        q = f"SELECT ?a ?b {{ ?a geo:{name} ?b }}"
        want = _set(memory.query(q))
        assert _set(rewritten.query(q)) == want, name
        assert _set(rewritten.query(q, plan=False)) == want, name


QUERIES = [
    "SELECT * {{ ?a geo:{r} <{ex}f0> }}",
    "SELECT ?b {{ <{ex}g1> geo:{r} ?b ; geo:asWKT ?w }}",
    "SELECT ?a ?b {{ ?b ^geo:{r} ?a }}",
    "SELECT ?a ?x {{ ?a geo:hasGeometry ?g OPTIONAL {{ ?a geo:{r} ?x . ?x geo:asWKT ?w }} }}",
    "SELECT (COUNT(*) AS ?n) {{ ?a geo:{r} ?b , <{ex}f2> }}",
    "ASK {{ <{ex}f0> geo:{r} <{ex}g0> }}",
    "SELECT ?a {{ {{ ?a geo:{r} <{ex}f1> }} UNION {{ ?a geo:{r} <{ex}f2> }} }}",
]
SCENE = [shapely.box(0, 0, 4, 4), shapely.box(1, 1, 2, 2), shapely.Point(2, 2), shapely.LineString([(0, 0), (6, 6)]),
         shapely.Point(9, 9), shapely.box(4, 0, 6, 4)]


@pytest.mark.parametrize("template", QUERIES)
@pytest.mark.parametrize("relation", ["sfWithin", "sfIntersects", "sfTouches", "ehCovers", "rcc8ntpp", "rcc8ec",
                                      "sfDisjoint"])
def test_query_shapes_equal_the_inferred_triples(template, relation):
    memory, rewritten = _both(_nt(SCENE))
    q = template.format(r=relation, ex=EX)
    got = rewritten.query(q)
    assert _set(got) == _set(memory.query(q)) and not got.warnings
    if got.kind == "select":  # the rewrite's own variables never show, SELECT * included
        assert not any(v.startswith("kgbrw_") for v in got.variables)


def test_a_variable_of_the_users_named_like_the_fresh_ones_is_kept():
    _, rewritten = _both(_nt(SCENE))
    r = rewritten.query(f"SELECT * {{ ?kgbrw_1 geo:sfWithin <{EX}f0> }}")
    assert r.variables == ["kgbrw_1"] and (f"<{EX}f1>",) in _set(r)


def test_a_prologue_rebinding_geo_prefixes_does_not_change_the_rewrite():
    _, rewritten = _both(_nt(SCENE))
    q = (f"PREFIX g: <{GEO}> PREFIX geo: <http://example.org/other#> PREFIX geof: <http://example.org/f#> "
         f"SELECT ?a {{ ?a g:sfWithin <{EX}f0> }}")
    assert (f"<{EX}f1>",) in _set(rewritten.query(q))


@pytest.mark.parametrize("extra, why", [
    (f"<{EX}g0> <{GEO}asWKT> \"POINT(7 7)\"^^{WKT} .", "more than one WKT literal"),
    (f"<{EX}f0> <{GEO}hasGeometry> <{EX}g1> .", "more than one WKT literal"),
    (f"<{EX}f9> <{GEO}hasDefaultGeometry> <{EX}g1> .", "hasDefaultGeometry"),
    (f"<{EX}g9> <{GEO}asGeoJSON> \"{{\\\"type\\\":\\\"Point\\\",\\\"coordinates\\\":[1,1]}}\"^^<{GEO}geoJSONLiteral> .",
     "asGeoJSON"),
    (f"<{EX}f1> <{GEO}sfWithin> <{EX}f4> .", "asserts geo:sfWithin"),
])
def test_stores_of_another_shape_are_not_rewritten_and_say_why(extra, why):
    _, rewritten = _both(_nt(SCENE) + "\n" + extra)
    r = rewritten.query(f"SELECT ?a {{ ?a geo:sfWithin <{EX}f0> }}")
    assert any("not inferred on this read-only store" in w and why in w for w in r.warnings), r.warnings


def test_relations_the_rewrite_cannot_place_are_named():
    _, rewritten = _both(_nt(SCENE))
    r = rewritten.query(f"SELECT ?a {{ GRAPH ?x {{ ?a geo:sfTouches <{EX}f0> }} }}")
    assert any("geo:sfTouches: not rewritten" in w for w in r.warnings)
    assert rewrite_relations(f"SELECT ?a {{ ?a geo:sfWithin+ <{EX}f0> }}")[1] == ["sfWithin"]
    assert rewrite_relations(f"SELECT ?a {{ [ geo:sfWithin ?a ] }}")[1] == ["sfWithin"]
    assert rewrite_relations("SELECT ?a { FILTER(geof:sfWithin(?a, ?b)) }") == (
        "SELECT ?a { FILTER(geof:sfWithin(?a, ?b)) }", [])


def test_switching_the_rewrite_off_answers_the_asserted_triples_only():
    _, rewritten = _both(_nt(SCENE))
    q = f"ASK {{ <{EX}f1> geo:sfWithin <{EX}f0> }}"
    assert rewritten.query(q).boolean and not rewritten.query(q, rewrite=False).boolean
