"""GeoSPARQL entailment and relation properties on the bundled snapshot, a store kgbench opens read-only.

The RDFS closure is inferred when the store is loaded (kgbench.kg.store.load_store); relation properties are
rewritten as geof: tests (kgbench.kg.relation_rewrite). Their answers are checked against what the data says
directly (the vocabulary's classes, the literals read by shapely), not against kgbench's own functions.
"""

from __future__ import annotations

import json

import numpy as np
import shapely

from kgbench.kg.inference import ENTAILED_GRAPH

ENT = "https://w3id.org/kgbench/entity/"


def _count(kg, q, **kw) -> int:
    return int(kg.query(q, **kw).rows[0][0].value)


def test_features_and_geometries_are_typed_by_entailment(kg):
    entities = _count(kg, "SELECT (COUNT(DISTINCT ?e) AS ?n) { ?e a kgb:Entity }")
    assert _count(kg, "SELECT (COUNT(*) AS ?n) { ?f a geo:Feature }") == entities  # kgb:Entity ⊑ geo:Feature
    geometries = _count(kg, "SELECT (COUNT(DISTINCT ?g) AS ?n) { ?g geo:asWKT ?w }")
    assert _count(kg, "SELECT (COUNT(*) AS ?n) { ?s a geo:SpatialObject }") == entities + geometries
    # nothing of it is asserted: switched off, the snapshot answers as built
    assert _count(kg, "SELECT (COUNT(*) AS ?n) { ?f a geo:Feature }", entailment=False) == 0


def test_sub_properties_are_entailed(kg):
    # kgb:canonicalName ⊑ rdfs:label: a name the data gives no rdfs:label of its own is a label by entailment
    q = "SELECT ?x ?n { ?x kgb:canonicalName ?n FILTER NOT EXISTS { ?x rdfs:label ?n } } LIMIT 5"
    unlabelled = kg.query(q, entailment=False).rows
    assert unlabelled and not kg.query(q).rows
    for x, n in unlabelled:
        assert kg.query("ASK { ?x rdfs:label ?n }", bindings={"x": x, "n": n}).boolean
        assert not kg.query("ASK { ?x rdfs:label ?n }", bindings={"x": x, "n": n}, entailment=False).boolean


def test_the_store_records_and_verifies_its_entailed_graph(kg, cache):
    from kgbench.kg.store import verify_store

    folder = cache / "stores" / kg.snapshot.id
    n = kg.count_triples()[ENTAILED_GRAPH.value]
    marker = json.loads((folder / "kgbench-store.json").read_text())
    assert n > 0 and marker["entailed"] == n
    assert verify_store(folder, kg.snapshot, full=True) is None
    # a store loaded by a kgbench that did not infer (no count in its marker) is loaded again
    del marker["entailed"]
    (folder / "kgbench-store.json").write_text(json.dumps(marker))
    try:
        assert "entailment count" in verify_store(folder, kg.snapshot)
    finally:
        marker["entailed"] = n
        (folder / "kgbench-store.json").write_text(json.dumps(marker, indent=1, sort_keys=True) + "\n")


def _literals(kg) -> dict:
    """Return {geometry node: shapely geometry} of every WKT literal, read by shapely alone."""
    r = kg.query("SELECT ?g ?w { ?g geo:asWKT ?w }", entailment=False)
    nodes = [row[0] for row in r.rows]
    geoms = shapely.make_valid(shapely.from_wkt(np.array([row[1].value for row in r.rows], dtype=object)))
    return dict(zip(nodes, geoms))


def test_within_a_country_equals_shapely(kg):
    lux = f"<{ENT}naturalearth/LUX>"
    r = kg.query(f"SELECT ?x {{ ?x geo:sfWithin {lux} }}")
    assert not r.warnings
    got = {str(row[0]) for row in r.rows}
    geoms = _literals(kg)
    country = next(g for n, g in geoms.items() if str(n) == f"<{ENT}naturalearth/LUX/geometry>")
    nodes = list(geoms)
    inside = shapely.within(np.array([geoms[n] for n in nodes], dtype=object), country)
    geometry_nodes = {str(n) for n, yes in zip(nodes, inside) if yes}
    features = {str(row[0]) for row in kg.query("SELECT ?f ?g { ?f geo:hasGeometry ?g }", entailment=False).rows
                if str(row[1]) in geometry_nodes}
    assert len(geometry_nodes) > 3 and got == geometry_nodes | features
    # the converse relation, written as an inverse path, answers the same
    assert {str(row[0]) for row in kg.query(f"SELECT ?x {{ ?x ^geo:sfContains {lux} }}").rows} == got


def test_a_join_through_a_relation_property(kg):
    q = ('SELECT ?n WHERE { ?x kgb:category "capital city" ; kgb:canonicalName ?n ; geo:sfWithin ?c . '
         '?c a kgb:Country ; kgb:canonicalName "Finland" }')
    assert [row["n"].value for row in kg.query(q)] == ["Helsinki"]
    r = kg.query('SELECT * WHERE { ?x geo:sfWithin ?c . ?c kgb:canonicalName "Finland" ; a kgb:Country } LIMIT 3')
    assert sorted(r.variables) == ["c", "x"] and len(r.rows) == 3
    assert not kg.query(q, rewrite=False).rows  # no relation triple is asserted in the snapshot
