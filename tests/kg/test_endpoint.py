"""EndpointKG: a real Oxigraph server holding the snapshot answers every query as the embedded store does."""

from __future__ import annotations

import socket
import time

import pytest
from pyoxigraph import Literal, NamedNode

from kgbench.kg.endpoint import EndpointKG
from kgbench.kg.interrupt import QueryTimeout
from kgbench.kg.remote import RemoteEndpointError
from kgbench.kg.split import SplitError

pytestmark = pytest.mark.server

KGB = "https://w3id.org/kgbench/ontology#"

#: queries as users and templates write them: geo functions in filters and projections, the spatial planner's
#: forms, relation properties (rewritten), paths, OPTIONAL, NOT EXISTS, aggregates, subqueries, bindings
QUERIES = [
    ("SELECT ?n ?w WHERE { ?e kgb:category 'capital city' ; kgb:canonicalName ?n ; geo:hasGeometry/geo:asWKT ?w }", None),
    ("SELECT ?n (geof:distance(?wa, ?wb, uom:metre) AS ?m) WHERE { ?a kgb:canonicalName 'Helsinki Cathedral' ; "
     "geo:hasGeometry/geo:asWKT ?wa . ?b kgb:category 'museum' ; kgb:canonicalName ?n ; geo:hasGeometry/geo:asWKT ?wb "
     "FILTER(geof:distance(?wa, ?wb, uom:metre) < 1500) }", None),
    ("SELECT ?n WHERE { ?c kgb:category 'country' ; kgb:canonicalName 'Finland' ; geo:hasGeometry/geo:asWKT ?cw . "
     "?e kgb:category 'capital city' ; kgb:canonicalName ?n ; geo:hasGeometry/geo:asWKT ?w "
     "FILTER(geof:sfWithin(?w, ?cw)) }", None),
    ("SELECT ?n WHERE { ?e kgb:category 'capital city' ; kgb:canonicalName ?n . ?e geo:sfWithin ?c . "
     "?c kgb:category 'country' ; kgb:canonicalName 'Norway' }", None),
    ("SELECT ?cat (COUNT(?e) AS ?k) WHERE { ?e kgb:category ?cat ; kgb:country 'FIN' } GROUP BY ?cat ORDER BY DESC(?k) ?cat LIMIT 8", None),
    ("SELECT ?n ?pop WHERE { ?e kgb:category 'capital city' ; kgb:canonicalName ?n OPTIONAL { ?e kgb:population ?pop } "
     "FILTER NOT EXISTS { ?e kgb:country 'FIN' } } ORDER BY ?n LIMIT 30", None),
    ("SELECT ?n ?area WHERE { ?e kgb:canonicalName ?n ; geo:hasGeometry/geo:asWKT ?w . "
     "BIND(geof:area(?w, uom:squareKilometre) AS ?area) }", {"e": "capital"}),
    ("SELECT ?cell WHERE { ?e geo:hasGeometry/geo:asWKT ?w . BIND(kgbf:h3Cell(?w, 7) AS ?cell) }", {"e": "capital"}),
    ("SELECT ?e (MAX(?p) AS ?m) WHERE { { SELECT ?e ?p WHERE { ?e kgb:category 'capital city' ; kgb:population ?p } } } "
     "GROUP BY ?e ORDER BY DESC(?m) LIMIT 3", None),
    ("ASK { ?e kgb:canonicalName 'Helsinki Cathedral' }", None),
    ("CONSTRUCT { ?e kgb:canonicalName ?n } WHERE { ?e kgb:category 'capital city' ; kgb:canonicalName ?n }", None),
]


@pytest.fixture(scope="module")
def remote(snapshot_endpoint, kg):
    return EndpointKG(snapshot_endpoint, snapshot=kg.snapshot)


def _bindings(kg, spec):
    if spec is None:
        return None
    row = kg.query("SELECT ?e WHERE { ?e kgb:category 'capital city' ; kgb:canonicalName 'Helsinki' }").rows
    return {"e": row[0][0]}


def _same(a, b):
    if a.kind == "select":
        return a.variables == b.variables and sorted(map(str, a.rows)) == sorted(map(str, b.rows))
    if a.kind == "ask":
        return a.boolean == b.boolean
    return sorted(map(str, a.triples)) == sorted(map(str, b.triples))


@pytest.mark.parametrize("k", range(len(QUERIES)))
def test_the_server_answers_as_the_embedded_store(kg, remote, k):
    text, spec = QUERIES[k]
    bindings = _bindings(kg, spec)
    here, there = kg.query(text, bindings=bindings), remote.query(text, bindings=bindings)
    assert _same(here, there), (here.rows[:5] if here.kind == "select" else here, there)
    assert here.kind != "select" or here.rows  # each query has an answer to compare
    assert here.warnings == there.warnings


def test_ordered_results_keep_their_order(kg, remote):
    q = "SELECT ?n ?p WHERE { ?e kgb:category 'capital city' ; kgb:canonicalName ?n ; kgb:population ?p } ORDER BY DESC(?p) ?n LIMIT 10"
    assert kg.query(q).rows == remote.query(q).rows


def test_a_repeated_retrieval_comes_from_the_cache(snapshot_endpoint, kg):
    r = EndpointKG(snapshot_endpoint, snapshot=kg.snapshot)
    q = "SELECT ?n WHERE { ?e kgb:category 'museum' ; kgb:canonicalName ?n }"
    first = r.query(q)
    sent = r.stats["requests"]
    assert r.query(q).rows == first.rows
    assert r.stats["requests"] == sent and r.stats["cache hits"] >= 1


def test_bindings_restrict_what_the_server_sends(snapshot_endpoint, kg):
    r = EndpointKG(snapshot_endpoint, snapshot=kg.snapshot)
    q = "SELECT ?n WHERE { ?e kgb:canonicalName ?n }"
    one = r.query(q, bindings={"e": _bindings(kg, "capital")["e"]})
    assert len(one.rows) == 1 and r.stats["quads"] < 10


def test_geo_function_failures_are_counted_as_warnings(kg, remote):
    q = "SELECT ?a WHERE { ?e kgb:category 'capital city' ; kgb:canonicalName 'Helsinki' BIND(geof:area(\"POLYGON((0 0\"^^geo:wktLiteral) AS ?a) }"
    here, there = kg.query(q), remote.query(q)
    assert there.warnings and here.warnings == there.warnings


def test_an_endpoint_kg_is_a_knowledge_graph(remote):
    from kgbench.kg.graph import KnowledgeGraph

    assert isinstance(remote, KnowledgeGraph)


def test_item_ids_name_the_snapshot(kg, remote, snapshot_endpoint):
    assert remote.snapshot_id == kg.snapshot_id
    assert EndpointKG(snapshot_endpoint).snapshot_id == f"remote:{snapshot_endpoint}"


def test_a_query_the_reader_cannot_split_says_why(remote):
    with pytest.raises(SplitError, match="SERVICE"):
        remote.query("SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }")


def test_a_time_out_bounds_the_whole_query(remote):
    q = ("SELECT (COUNT(*) AS ?n) WHERE { ?a geo:hasGeometry/geo:asWKT ?wa . ?b geo:hasGeometry/geo:asWKT ?wb "
         "FILTER(geof:sfTouches(?wa, ?wb)) }")
    started = time.monotonic()
    with pytest.raises(QueryTimeout, match="0.5 s"):
        remote.query(q, timeout=0.5, plan=False)
    assert time.monotonic() - started < 5


def test_an_unreachable_endpoint_is_one_clear_error():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{s.getsockname()[1]}/query"  # bound, never listening
        started = time.monotonic()
        with pytest.raises(RemoteEndpointError, match="refused") as info:
            EndpointKG(url, retries=2, backoff=0.1).query("SELECT * WHERE { ?s ?p ?o }")
    assert url in str(info.value) and "gave up after 3 attempts" in str(info.value)
    assert time.monotonic() - started >= 0.3  # 0.1 + 0.2 s of back-off between the three attempts


def test_literal_and_iri_bindings_reach_the_server(kg, remote):
    q = "SELECT ?e WHERE { ?e kgb:canonicalName ?n ; kgb:category ?c }"
    b = {"n": Literal("Helsinki"), "c": Literal("capital city")}
    assert _same(kg.query(q, bindings=b), remote.query(q, bindings=b))
    assert remote.query("ASK { ?e a ?t }", bindings={"t": NamedNode(KGB + "Entity")}).boolean
