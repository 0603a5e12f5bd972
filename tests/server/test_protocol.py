"""The SPARQL 1.1 Protocol through SPARQLWrapper (and plain HTTP) against a running `kgbench serve`."""

from __future__ import annotations

import csv
import io
import json
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

import pytest
import rdflib
from SPARQLWrapper import CSV, JSON, JSONLD, N3, POST, TSV, TURTLE, XML, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import QueryBadFormed

from tests.server.conftest import MAX_ROWS

KGB = "https://w3id.org/kgbench/ontology#"
HELSINKI = "https://w3id.org/kgbench/entity/geonames/658225"
TALLINN = "https://w3id.org/kgbench/entity/geonames/588409"
NAMES = f"SELECT ?e ?n WHERE {{ VALUES ?e {{ <{HELSINKI}> <{TALLINN}> }} ?e kgb:canonicalName ?n }} ORDER BY ?n"
# 255 countries times every triple, streamed: a time-out stops it at once (the reading of rows checks the stop;
# a COUNT over the same join would run on inside pyoxigraph after its time-out, keeping a core busy)
CROSS = "SELECT ?a ?d WHERE { ?a a kgb:Country . ?c ?q ?d }"


def _client(server, fmt=JSON, method=None):
    sw = SPARQLWrapper(f"{server}/sparql")
    sw.setReturnFormat(fmt)
    if method:
        sw.setMethod(method)
    return sw


def _http(server, query=None, *, params=None, body=None, ctype=None, accept=None, method=None):
    """Return (status, headers, text) of one request (an error status is returned, not raised)."""
    url = f"{server}/sparql"
    if query is not None and body is None:
        params = {"query": query, **(params or {})}
    if params:
        url += "?" + urllib.parse.urlencode(params)
    req = urllib.request.Request(url, data=body, method=method or ("POST" if body is not None else "GET"))
    if ctype:
        req.add_header("Content-Type", ctype)
    if accept:
        req.add_header("Accept", accept)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.headers, r.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers, exc.read().decode("utf-8")


# ---------------------------------------------------------------------------------------------- results
def test_select_json(server):
    sw = _client(server)
    sw.setQuery(NAMES)
    res = sw.queryAndConvert()
    assert res["head"]["vars"] == ["e", "n"]
    assert [(b["e"]["value"], b["n"]["value"]) for b in res["results"]["bindings"]] == [
        (HELSINKI, "Helsinki"), (TALLINN, "Tallinn")]
    assert res["results"]["bindings"][0]["e"]["type"] == "uri"


def test_select_xml(server):
    sw = _client(server, XML)
    sw.setQuery(NAMES)
    doc = sw.queryAndConvert()  # an xml.dom.minidom document
    ns = "http://www.w3.org/2005/sparql-results#"
    lits = [n.firstChild.data for n in doc.getElementsByTagNameNS(ns, "literal")]
    assert lits == ["Helsinki", "Tallinn"]
    assert [n.firstChild.data for n in doc.getElementsByTagNameNS(ns, "uri")] == [HELSINKI, TALLINN]


def test_select_csv_and_tsv(server):
    sw = _client(server, CSV)
    sw.setQuery(NAMES)
    rows = list(csv.reader(io.StringIO(sw.queryAndConvert().decode("utf-8"))))
    assert rows == [["e", "n"], [HELSINKI, "Helsinki"], [TALLINN, "Tallinn"]]
    sw = _client(server, TSV)
    sw.setQuery(NAMES)
    lines = sw.queryAndConvert().decode("utf-8").splitlines()
    assert lines == ["?e\t?n", f'<{HELSINKI}>\t"Helsinki"', f'<{TALLINN}>\t"Tallinn"']


def test_ask(server):
    sw = _client(server)
    sw.setQuery(f"ASK {{ <{HELSINKI}> geo:hasGeometry ?g }}")
    assert sw.queryAndConvert() == {"head": {}, "boolean": True}
    sw.setQuery("ASK { <http://example.org/nothing> ?p ?o }")
    assert sw.queryAndConvert()["boolean"] is False
    status, headers, text = _http(server, "ASK { ?s ?p ?o }", accept="application/sparql-results+xml")
    assert status == 200 and ET.fromstring(text).find("{http://www.w3.org/2005/sparql-results#}boolean").text == "true"


def test_construct_as_turtle_ntriples_and_rdfxml(server):
    q = f"CONSTRUCT {{ ?e rdfs:label ?n }} WHERE {{ VALUES ?e {{ <{HELSINKI}> }} ?e kgb:canonicalName ?n }}"
    for fmt, parse_as in ((TURTLE, "turtle"), (XML, None), (N3, "n3"), (JSONLD, "json-ld")):
        sw = _client(server, fmt)
        sw.setQuery(q)
        g = sw.queryAndConvert()  # an rdflib graph SPARQLWrapper parsed, or the negotiated text's bytes
        if isinstance(g, bytes):
            g = rdflib.Graph().parse(data=g, format=parse_as)
        assert [(str(s), str(o)) for s, p, o in g] == [(HELSINKI, "Helsinki")], fmt
    status, headers, text = _http(server, q, accept="application/n-triples")
    assert status == 200 and headers["Content-Type"].startswith("application/n-triples")
    assert text == f'<{HELSINKI}> <http://www.w3.org/2000/01/rdf-schema#label> "Helsinki" .\n'
    status, headers, text = _http(server, q, params={"format": "turtle"})
    assert headers["Content-Type"].startswith("text/turtle") and "@prefix" in text and '"Helsinki"' in text
    status, headers, text = _http(server, f"DESCRIBE <{HELSINKI}>", accept="text/turtle")
    g = rdflib.Graph().parse(data=text, format="turtle")
    assert status == 200 and (rdflib.URIRef(HELSINKI), rdflib.URIRef(KGB + "canonicalName"),
                              rdflib.Literal("Helsinki")) in g


def test_post_form_and_direct_body(server):
    sw = _client(server, JSON, POST)  # SPARQLWrapper POSTs application/x-www-form-urlencoded
    sw.setQuery(NAMES)
    assert len(sw.queryAndConvert()["results"]["bindings"]) == 2
    status, headers, text = _http(server, body=urllib.parse.urlencode({"query": NAMES}).encode(),
                                  ctype="application/x-www-form-urlencoded", accept="text/csv")
    assert status == 200 and text.splitlines()[1] == f"{HELSINKI},Helsinki"
    status, headers, text = _http(server, body=NAMES.encode(), ctype="application/sparql-query; charset=utf-8",
                                  accept="application/sparql-results+json")
    assert status == 200 and [b["n"]["value"] for b in json.loads(text)["results"]["bindings"]] == [
        "Helsinki", "Tallinn"]


def test_geo_function_and_distance(server):
    sw = _client(server)
    sw.setQuery(f"""SELECT ?cell ?km WHERE {{
      <{HELSINKI}> geo:hasGeometry/geo:asWKT ?wa . <{TALLINN}> geo:hasGeometry/geo:asWKT ?wb .
      BIND(kgbf:h3Cell(?wa, 7) AS ?cell) BIND(geof:distance(?wa, ?wb, uom:kilometre) AS ?km) }}""")
    b = sw.queryAndConvert()["results"]["bindings"][0]
    assert b["cell"]["value"] == "871126d33ffffff"
    assert 80 < float(b["km"]["value"]) < 84  # Helsinki - Tallinn, about 82 km
    # a distance filter: the spatial planner answers it through the index
    sw.setQuery(f"""SELECT ?city WHERE {{
      <{HELSINKI}> geo:hasGeometry/geo:asWKT ?wh .
      ?city a kgb:PopulatedPlace ; geo:hasGeometry/geo:asWKT ?w .
      FILTER(geof:distance(?w, ?wh, uom:kilometre) <= 90) }}""")
    cities = {b["city"]["value"] for b in sw.queryAndConvert()["results"]["bindings"]}
    assert {HELSINKI, TALLINN} <= cities


def test_negotiation_errors(server):
    status, _, text = _http(server, NAMES, accept="image/png")
    assert status == 406 and "image/png" in text and "text/csv" in text
    status, _, text = _http(server, NAMES, params={"format": "csv2"})
    assert status == 406 and "'csv2'" in text


# ---------------------------------------------------------------------------------------------- refusals
@pytest.mark.parametrize("request_kw, named", [
    ({"body": urllib.parse.urlencode({"update": "DROP ALL"}).encode(), "ctype": "application/x-www-form-urlencoded"},
     "SPARQL Update"),
    ({"body": b"INSERT DATA { <http://x/a> <http://x/b> 1 }", "ctype": "application/sparql-update"},
     "SPARQL Update"),
    ({"query": "PREFIX ex: <http://x/>\nDELETE WHERE { ?s ?p ?o }"}, "SPARQL Update (DELETE)"),
    ({"query": "LOAD <http://example.org/data.ttl>"}, "LOAD"),
    ({"query": "SELECT * WHERE { SERVICE <http://example.org/sparql> { ?s ?p ?o } }"},
     "SERVICE (a federated query to http://example.org/sparql)"),
])
def test_refused(server, request_kw, named):
    status, _, text = _http(server, **request_kw)
    assert status == 403
    assert text.startswith(named) and "refused" in text


def test_update_through_sparqlwrapper_is_refused_and_nothing_changes(server):
    sw = _client(server, JSON, POST)
    sw.setQuery(f'INSERT DATA {{ <{HELSINKI}> <http://x/p> "new" }}')  # SPARQLWrapper sends update=...
    with pytest.raises(Exception, match="403"):
        sw.query()
    status, _, text = _http(server, f"ASK {{ <{HELSINKI}> <http://x/p> ?o }}")
    assert json.loads(text)["boolean"] is False


def test_malformed_query(server):
    sw = _client(server)
    sw.setQuery("SELECT ?x WHERE { ?x ?p }")
    with pytest.raises(QueryBadFormed, match="SPARQL syntax error"):
        sw.query()
    status, _, text = _http(server, "SELEKT * WHERE { ?s ?p ?o }")
    assert status == 400 and text.startswith("SPARQL syntax error at 1:1")
    status, _, text = _http(server, params={"nothing": "here"})
    assert status == 400 and text.startswith("no query")


# ---------------------------------------------------------------------------------------------- limits
def test_timeout(server):
    started = time.monotonic()
    status, _, text = _http(server, CROSS, params={"timeout": "0.5"})
    took = time.monotonic() - started
    assert status == 503
    assert "ran longer than 0.5 s and was stopped" in text
    assert took < 10
    status, _, text = _http(server, "ASK {}", params={"timeout": "-1"})
    assert status == 400 and "timeout" in text


def test_row_cap(server):
    q = "SELECT ?e WHERE { ?e a kgb:Entity } LIMIT %d"
    status, headers, text = _http(server, q % MAX_ROWS, accept="text/csv")
    assert status == 200 and len(text.splitlines()) == MAX_ROWS + 1 and headers["X-KGBench-Rows"] == str(MAX_ROWS)
    status, _, text = _http(server, q % (MAX_ROWS + 1))
    assert status == 400
    assert f"the result has {MAX_ROWS + 1} rows, more than this endpoint's cap of {MAX_ROWS}" in text


def test_concurrent_clients(server):
    """Eight clients at once each get their own answers, and a long query does not hold the others up."""
    slow = {}

    def long_query():
        slow["answer"] = _http(server, CROSS, params={"timeout": "3"})

    t = threading.Thread(target=long_query)
    t.start()
    time.sleep(0.2)
    errors, answers, lock = [], {}, threading.Lock()

    def client(i):
        try:
            for j in range(10):
                n = i * 10 + j
                status, _, text = _http(server, f"SELECT ({n} * 2 AS ?x) WHERE {{}}", accept="text/csv")
                with lock:
                    answers[n] = (status, text.splitlines()[1])
        except Exception as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    started = time.monotonic()
    clients = [threading.Thread(target=client, args=(i,)) for i in range(8)]
    for c in clients:
        c.start()
    for c in clients:
        c.join()
    took = time.monotonic() - started
    t.join()
    assert not errors
    assert answers == {n: (200, str(n * 2)) for n in range(80)}
    assert slow["answer"][0] == 503  # the cross join ran out its 3 s
    assert took < 3  # the 80 small queries were answered while it ran


def test_geo_function_failures_come_back_as_warning_headers(server):
    q = 'SELECT (geof:area("POINT(0"^^geo:wktLiteral, uom:metre) AS ?x) WHERE {}'
    status, headers, text = _http(server, q)
    assert status == 200
    assert json.loads(text)["results"]["bindings"] == [{}]  # unbound, as pyoxigraph leaves it, but not silent
    assert int(headers["X-KGBench-Warnings"]) >= 1
    assert "POINT(0" in headers["X-KGBench-Warning"] and "area" in headers["X-KGBench-Warning"]


def test_a_body_over_the_cap_is_413(server):
    from kgbench.server.app import MAX_QUERY_BYTES

    body = b"ASK {} #" + b"x" * MAX_QUERY_BYTES
    status, _, text = _http(server, body=body, ctype="application/sparql-query")
    assert status == 413 and "larger than" in text
