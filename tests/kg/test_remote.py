"""The scale-out backend: a real Oxigraph SPARQL server over HTTP (started by .ci/run, or here if absent)."""

from __future__ import annotations

import os
import urllib.request

import pytest

from kgbench.kg.remote import EndpointError, RemoteKG
from kgbench.kg.store import QuerySyntaxError

pytestmark = pytest.mark.server

DATA = """
<http://ex.org/hel> <https://w3id.org/kgbench/ontology#canonicalName> "Helsinki" .
<http://ex.org/hel> <http://www.opengis.net/ont/geosparql#hasGeometry> <http://ex.org/hel/g> .
<http://ex.org/hel/g> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(24.9384 60.1699)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .
<http://ex.org/tku> <https://w3id.org/kgbench/ontology#canonicalName> "Turku"@en .
"""


@pytest.fixture(scope="module")
def endpoint(tmp_path_factory, request):
    """Return the base URL of a running Oxigraph server with an empty test graph loaded."""
    url = os.environ.get("KGBENCH_TEST_ENDPOINT")
    proc = None
    if not url:
        url, proc = request.getfixturevalue("oxigraph")("serve", "--location", tmp_path_factory.mktemp("oxi"))
    graph = f"http://ex.org/test-{os.getpid()}"
    req = urllib.request.Request(f"{url}/store?graph={graph}", data=DATA.encode(), method="PUT",
                                 headers={"Content-Type": "application/n-triples"})
    urllib.request.urlopen(req, timeout=10)
    yield url, graph
    urllib.request.urlopen(urllib.request.Request(f"{url}/store?graph={graph}", method="DELETE"), timeout=10)
    if proc:
        proc.terminate()
        proc.wait(10)


def test_select_with_bindings_over_http(endpoint):
    url, graph = endpoint
    kg = RemoteKG(url + "/query")
    q = f"SELECT ?e ?name ?wkt WHERE {{ GRAPH <{graph}> {{ ?e kgb:canonicalName ?name . OPTIONAL {{ ?e geo:hasGeometry/geo:asWKT ?wkt }} }} }} ORDER BY ?name"
    r = kg.query(q)
    assert [row["name"].value for row in r] == ["Helsinki", "Turku"]
    assert r.rows[0][2].datatype.value.endswith("#wktLiteral")
    assert r.rows[1][1].language == "en"
    only = kg.query(q, bindings={"e": __import__("pyoxigraph").NamedNode("http://ex.org/tku")})
    assert [row["name"].value for row in only] == ["Turku"]


def test_ask_and_construct_over_http(endpoint):
    url, graph = endpoint
    kg = RemoteKG(url + "/query")
    assert kg.query(f"ASK {{ GRAPH <{graph}> {{ ?s ?p ?o }} }}").boolean is True
    c = kg.query(f"CONSTRUCT {{ ?s ?p ?o }} WHERE {{ GRAPH <{graph}> {{ ?s ?p ?o }} }}")
    assert len(c) == 4


def test_server_errors_are_named(endpoint):
    url, _ = endpoint
    with pytest.raises(QuerySyntaxError, match=url):
        RemoteKG(url + "/query").query("SELECT ?x WHERE { ?x ?p }")
    with pytest.raises(EndpointError, match="127.0.0.1:9"):
        RemoteKG("http://127.0.0.1:9/query", timeout=2).query("ASK {}")


def test_an_endpoint_kg_infers_relations_only_where_the_rewrite_is_exact(endpoint):
    from kgbench.kg.endpoint import EndpointKG

    url, _ = endpoint
    graph = f"http://ex.org/rewrite-{os.getpid()}"
    geo = "http://www.opengis.net/ont/geosparql#"
    wkt = f"<{geo}wktLiteral>"
    data = (f'<http://ex.org/f> <{geo}hasGeometry> <http://ex.org/f/g> .\n'
            f'<http://ex.org/f/g> <{geo}asWKT> "POLYGON((0 0,2 0,2 2,0 2,0 0))"^^{wkt} .\n'
            f'<http://ex.org/h> <{geo}hasGeometry> <http://ex.org/h/g> .\n'
            f'<http://ex.org/h/g> <{geo}asWKT> "POINT(1 1)"^^{wkt} .\n')

    def put(text):
        urllib.request.urlopen(urllib.request.Request(f"{url}/store?graph={graph}", data=text.encode(), method="PUT",
                                                      headers={"Content-Type": "application/n-triples"}), timeout=10)

    q = "ASK { <http://ex.org/h> geo:sfWithin <http://ex.org/f> }"
    try:
        put(data)
        r = EndpointKG(url + "/query").query(q)
        assert r.boolean is True and r.warnings == []  # inferred from the geometries, as on the snapshot
        put(data + f'<http://ex.org/f> <{geo}hasDefaultGeometry> <http://ex.org/f/g> .\n')
        r = EndpointKG(url + "/query").query(q)
        assert r.boolean is False and "hasDefaultGeometry" in r.warnings[0]
    finally:
        urllib.request.urlopen(urllib.request.Request(f"{url}/store?graph={graph}", method="DELETE"), timeout=10)
