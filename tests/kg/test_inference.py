"""GeoSPARQL RDFS entailment and relation-property inference in KG.query (kgbench.kg.inference)."""

from __future__ import annotations

import pytest
import shapely
from hypothesis import given, settings, strategies as st
from hypothesis_budget import examples

from kgbench.kg import inference
from kgbench.kg.store import KG

GEO = "http://www.opengis.net/ont/geosparql#"
WKT = f"<{GEO}wktLiteral>"
EX = "http://example.org/"

SCHEMA = f"""
<{EX}School> <http://www.w3.org/2000/01/rdf-schema#subClassOf> <{GEO}Feature> .
<{EX}hasOutline> <http://www.w3.org/2000/01/rdf-schema#subPropertyOf> <{GEO}hasDefaultGeometry> .
<{EX}s> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{EX}School> .
<{EX}s> <{EX}hasOutline> <{EX}g> .
<{EX}g> <{GEO}asWKT> "POLYGON((0 0,4 0,4 4,0 4,0 0))"^^{WKT} .
<{EX}p> <{GEO}asWKT> "POINT(1 1)"^^{WKT} .
<{EX}q> <{GEO}asWKT> "POINT(9 9)"^^{WKT} .
<{EX}t> <{GEO}hasDefaultGeometry> <{EX}g> .
"""


def _set(result, *names):
    return {tuple(str(row[n]) for n in names) for row in result}


def test_rdfs_entailment_by_default_and_off_on_request():
    kg = KG.from_text(SCHEMA)
    # s by its class, t by the domain of geo:hasDefaultGeometry's super-property geo:hasGeometry
    assert _set(kg.query("SELECT ?f { ?f a geo:Feature }"), "f") == {(f"<{EX}s>",), (f"<{EX}t>",)}
    # sub-property chain to geo:hasGeometry (GeoSPARQL axiom), range: geo:Geometry
    assert _set(kg.query(f"SELECT ?g {{ <{EX}s> geo:hasGeometry ?g }}"), "g") == {(f"<{EX}g>",)}
    assert kg.query(f"ASK {{ <{EX}g> a geo:Geometry }}").boolean
    assert kg.query(f"ASK {{ <{EX}g> a geo:SpatialObject }}").boolean
    assert not kg.query("SELECT ?f { ?f a geo:Feature }", entailment=False).rows
    assert not KG.from_text(SCHEMA, entailment=False).query(f"ASK {{ <{EX}s> geo:hasGeometry ?g }}").boolean


def test_entailed_triples_are_not_repeated_under_the_union_graph():
    kg = KG.from_text(SCHEMA + f"<{EX}s> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{GEO}Feature> .\n")
    assert len(kg.query("SELECT ?f { ?f a geo:Feature }").rows) == 2


def test_relation_properties_are_inferred_for_features_and_geometries():
    kg = KG.from_text(SCHEMA)
    within = _set(kg.query("SELECT ?a ?b { ?a geo:sfWithin ?b }"), "a", "b")
    assert {(f"<{EX}p>", f"<{EX}g>"), (f"<{EX}p>", f"<{EX}t>")} <= within  # a geometry, a feature
    # relations are computed from the data as asserted: s reaches g only through an entailed sub-property
    assert (f"<{EX}q>", f"<{EX}g>") not in within and (f"<{EX}p>", f"<{EX}s>") not in within
    assert not kg.query("SELECT ?a ?b { ?a geo:sfWithin ?b }", rewrite=False).rows
    assert kg.query(f"ASK {{ <{EX}q> geo:sfDisjoint <{EX}t> }}").boolean
    assert kg.query(f"ASK {{ <{EX}g> geo:rcc8eq <{EX}t> }}").boolean  # regions only, both polygons
    assert not kg.query(f"ASK {{ <{EX}p> geo:rcc8ntpp <{EX}t> }}").boolean


def test_asserted_relation_triples_are_not_doubled():
    kg = KG.from_text(SCHEMA + f"<{EX}p> <{GEO}sfWithin> <{EX}g> .\n")
    rows = kg.query(f"SELECT * {{ <{EX}p> geo:sfWithin <{EX}g> }}").rows
    assert len(rows) == 1


def test_functions_of_the_same_name_do_not_trigger_inference():
    assert inference.relation_families("SELECT * { FILTER(geof:sfWithin(?a, ?b)) }") == (set(), set())
    assert inference.relation_families(
        "PREFIX g: <http://www.opengis.net/ont/geosparql#> ASK { ?a g:rcc8po ?b }") == ({"rcc8"}, {"rcc8po"})


def test_disjointness_on_a_large_store_warns(monkeypatch):
    monkeypatch.setattr(inference, "DISJOINT_PAIR_LIMIT", 4)
    kg = KG.from_text(SCHEMA)
    r = kg.query(f"ASK {{ <{EX}q> geo:sfDisjoint <{EX}g> }}")
    assert not r.boolean and any("disjointness is not inferred" in w for w in r.warnings)
    assert kg.query(f"ASK {{ <{EX}p> geo:sfWithin <{EX}g> }}").boolean


def test_read_only_stores_the_rewrite_cannot_serve_exactly_warn():
    kg = KG(KG.from_text(SCHEMA, entailment=False).store)  # not built from data by kgbench: not writable
    assert not kg.query("SELECT ?f { ?f a geo:Feature }").rows  # no entailed graph was loaded with it
    r = kg.query("SELECT ?a { ?a geo:sfWithin ?b }")  # geo:hasDefaultGeometry: its own rule, not rewritten
    assert not r.rows and any("not inferred on this read-only store" in w and "hasDefaultGeometry" in w
                              for w in r.warnings)
    assert not kg.query("SELECT ?a { ?a geo:sfWithin ?b }", rewrite=False).warnings


coordinate = st.integers(-4, 4)
box = st.tuples(coordinate, coordinate, st.integers(0, 3), st.integers(0, 3))


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.one_of(box, st.tuples(coordinate, coordinate)), min_size=1, max_size=8))
def test_inferred_relations_equal_every_pair_tested(shapes):
    geoms, lines = [], []
    for i, s in enumerate(shapes):
        g = shapely.box(s[0], s[1], s[0] + s[2], s[1] + s[3]) if len(s) == 4 else shapely.Point(s)
        geoms.append(g)
        lines.append(f'<{EX}g{i}> <{GEO}asWKT> "{g.wkt}"^^{WKT} .')
    kg = KG.from_text("\n".join(lines))
    for name in ("sfWithin", "sfIntersects", "sfTouches", "sfOverlaps", "ehMeet", "ehCovers", "rcc8ec", "rcc8dc"):
        got = _set(kg.query(f"SELECT ?a ?b {{ ?a geo:{name} ?b }}"), "a", "b")
        # the contract: a relation triple is inferred exactly where the geof: function holds, pair by pair
        want = _set(kg.query(f"SELECT ?a ?b {{ ?a geo:asWKT ?wa . ?b geo:asWKT ?wb FILTER(geof:{name}(?wa, ?wb)) }}",
                             plan=False), "a", "b")
        if name.startswith("rcc8"):  # a calculus of regions: inferred between polygons only
            regions = {f"<{EX}g{i}>" for i, g in enumerate(geoms) if g.geom_type == "Polygon" and g.area > 0}
            want = {(a, b) for a, b in want if a in regions and b in regions}
        assert got == want, name


def test_cli_switches(tmp_path):
    from click.testing import CliRunner

    from kgbench.cli import main

    f = tmp_path / "d.nt"
    f.write_text(SCHEMA)
    q = "SELECT ?f WHERE { ?f a geo:Feature }"
    on = CliRunner().invoke(main, ["sparql", "--data", str(f), "--format", "csv", q])
    off = CliRunner().invoke(main, ["sparql", "--data", str(f), "--format", "csv", "--no-entailment", q])
    assert on.exit_code == 0 and f"{EX}s" in on.stdout
    assert off.exit_code == 0 and f"{EX}s" not in off.stdout
    q = f"ASK {{ <{EX}p> geo:sfWithin <{EX}t> }}"
    on = CliRunner().invoke(main, ["sparql", "--data", str(f), "--format", "json", q])
    off = CliRunner().invoke(main, ["sparql", "--data", str(f), "--format", "json", "--no-rewrite", q])
    assert '"boolean": true' in on.stdout.replace('":true', '": true')
    assert '"boolean": false' in off.stdout.replace('":false', '": false')


@pytest.mark.parametrize("flag", ["entailment", "rewrite"])
def test_kg_level_switches(flag):
    kg = KG.from_text(SCHEMA, **{flag: False})
    q = "ASK { ?f a geo:Feature }" if flag == "entailment" else f"ASK {{ <{EX}p> geo:sfWithin <{EX}g> }}"
    assert not kg.query(q).boolean and kg.query(q, **{flag: True}).boolean
