"""The retrievals a query is split into for a plain SPARQL server (kgbench.kg.split): what each fetches."""

from __future__ import annotations

import pytest
from pyoxigraph import NamedNode, Quad, Store

from kgbench.kg.split import SplitError, plan_retrievals
from kgbench.kg.store import KG

EX = "http://ex.org/"
DATA = f"""
<{EX}a> <{EX}p> <{EX}b> <{EX}g1> .
<{EX}b> <{EX}p> <{EX}c> <{EX}g1> .
<{EX}c> <{EX}p> <{EX}d> <{EX}g2> .
<{EX}a> <{EX}name> "A" <{EX}g1> .
<{EX}b> <{EX}name> "B" <{EX}g2> .
<{EX}a> <{EX}n> "3"^^<http://www.w3.org/2001/XMLSchema#integer> <{EX}g1> .
<{EX}b> <{EX}n> "7"^^<http://www.w3.org/2001/XMLSchema#integer> <{EX}g1> .
<{EX}f> <http://www.opengis.net/ont/geosparql#hasGeometry> <{EX}f/g> <{EX}g1> .
<{EX}f/g> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(1 2)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> <{EX}g1> .
<{EX}h> <http://www.opengis.net/ont/geosparql#asWKT> "POINT(3 4)"^^<http://www.opengis.net/ont/geosparql#wktLiteral> <{EX}g2> .
"""


@pytest.fixture(scope="module")
def whole():
    """The data in a store: the 'server'."""
    s = Store()
    s.load(DATA, __import__("pyoxigraph").RdfFormat.N_QUADS)
    return s


def _split_answer(whole: Store, text: str) -> list:
    """Return the rows of ``text`` run over only the quads its retrievals fetch from ``whole``."""
    part = Store()
    for r in plan_retrievals(text):
        res = whole.query(r.text, use_default_graph_as_union=True)
        variables = [v.value for v in res.variables]
        for sol in res:
            row = dict(zip(variables, (sol[v] for v in variables)))
            for pat in r.patterns:
                if len(pat) > 4 and row.get(pat[4][1:]) is None:
                    continue
                terms = [row.get(x[1:]) if isinstance(x, str) else x for x in pat[:4]]
                if all(t is not None for t in terms):
                    part.add(Quad(*terms))
    return sorted(map(str, KG(part).query(text).rows))


QUERIES = [
    f"SELECT ?x ?y WHERE {{ ?x <{EX}p> ?y }}",
    f"SELECT ?x ?nm WHERE {{ ?x <{EX}p> ?y . OPTIONAL {{ ?y <{EX}name> ?nm }} }}",
    f"SELECT ?x WHERE {{ ?x <{EX}p> ?y FILTER NOT EXISTS {{ ?y <{EX}name> ?nm }} }}",
    f"SELECT ?x WHERE {{ ?x <{EX}p> ?y MINUS {{ ?x <{EX}name> 'B' }} }}",
    f"SELECT ?x ?z WHERE {{ ?x <{EX}p>/<{EX}p> ?z }}",
    f"SELECT ?x ?z WHERE {{ ?x <{EX}p>+ ?z }}",
    f"SELECT ?x ?z WHERE {{ ?x ^<{EX}p> ?z }}",
    f"SELECT ?f ?w WHERE {{ ?f <http://www.opengis.net/ont/geosparql#hasGeometry>?/<http://www.opengis.net/ont/geosparql#asWKT> ?w }}",
    f"SELECT ?g ?x WHERE {{ GRAPH ?g {{ ?x <{EX}name> ?n }} }}",
    f"SELECT ?x ?v WHERE {{ ?x <{EX}n> ?v FILTER(?v > 5) }}",
    f"SELECT ?x ?m WHERE {{ ?x <{EX}p> ?y . {{ SELECT ?y (MAX(?v) AS ?m) WHERE {{ ?y <{EX}n> ?v }} GROUP BY ?y }} }}",
    f"SELECT (COUNT(*) AS ?c) WHERE {{ {{ ?x <{EX}name> ?n }} UNION {{ ?x <{EX}n> ?n }} }}",
    f"SELECT ?x WHERE {{ VALUES ?x {{ <{EX}b> }} ?x <{EX}p> ?y ; <{EX}name> ?n }}",
    f"SELECT ?a ?b WHERE {{ ?a <{EX}name> ?na . ?b <{EX}name> ?nb FILTER(?na < ?nb) }}",
    f"SELECT ?x ?f WHERE {{ ?x <{EX}p> ?y BIND(IF(EXISTS {{ ?y <{EX}name> ?nm }}, 1, 0) AS ?f) }}",
    f"SELECT ?x (EXISTS {{ ?x <{EX}n> ?v }} AS ?f) WHERE {{ ?x <{EX}name> ?nm }}",
    f"SELECT ?x WHERE {{ ?x <{EX}p> ?y FILTER(?y = <{EX}b> || EXISTS {{ ?y <{EX}p> ?z FILTER NOT EXISTS {{ ?z <{EX}name> ?q }} }}) }}",
    f"ASK {{ <{EX}a> <{EX}p> <{EX}b> }}",
    f"CONSTRUCT {{ ?x <{EX}q> ?y }} WHERE {{ ?x <{EX}p> ?y }}",
]


@pytest.mark.parametrize("text", QUERIES)
def test_the_retrieved_quads_answer_as_the_whole_graph(whole, text):
    full = KG(whole)
    if text.startswith("ASK"):
        for r in plan_retrievals(text):
            assert whole.query(r.text, use_default_graph_as_union=True)
        assert full.query(text).boolean
        return
    if text.startswith("CONSTRUCT"):
        assert len(full.query(text).triples) == 3
        return
    assert _split_answer(whole, text) == sorted(map(str, full.query(text).rows))


def test_values_and_safe_filters_restrict_the_retrieval():
    rs = plan_retrievals(f"SELECT ?x WHERE {{ VALUES ?x {{ <{EX}b> }} ?x <{EX}p> ?y FILTER(?y != <{EX}c>) "
                         f"FILTER(geof:distance(?x, ?y) < 3) }}")
    assert len(rs) == 1
    text = rs[0].text
    assert "VALUES ?x" in text and "FILTER(?y != " in text
    assert "distance" not in text  # the server lacks kgbench's functions: that filter runs here


def test_a_filter_over_a_variable_the_retrieval_may_leave_unbound_is_not_sent():
    rs = plan_retrievals(f"SELECT * WHERE {{ ?x <{EX}p> ?y OPTIONAL {{ ?y <{EX}n> ?v }} FILTER(!BOUND(?v) || ?v > 1) }}")
    assert all("FILTER" not in r.text for r in rs if "<http://ex.org/p>" in r.text and "<http://ex.org/n>" not in r.text)


def test_unconnected_patterns_are_separate_retrievals():
    rs = plan_retrievals(f"SELECT * WHERE {{ ?a <{EX}name> ?x . ?b <{EX}n> ?y }}")
    assert len(rs) == 2


def test_an_optional_group_is_restricted_by_the_bindings_that_precede_it():
    rs = plan_retrievals(f"SELECT * WHERE {{ VALUES ?a {{ <{EX}a> }} ?a <{EX}name> ?n OPTIONAL {{ ?a <{EX}p> ?b }} }}")
    inner = next(r for r in rs if "<http://ex.org/p>" in r.text)
    assert "VALUES ?a" in inner.text
    after = plan_retrievals(f"SELECT * WHERE {{ ?a <{EX}p> ?b OPTIONAL {{ VALUES ?a {{ <{EX}a> }} ?a <{EX}name> ?n }} }}")
    outer = next(r for r in after if "<http://ex.org/p>" in r.text)
    assert "VALUES" not in outer.text  # what follows an OPTIONAL does not restrict what precedes it


@pytest.mark.parametrize("text,words", [
    ("SELECT * WHERE { SERVICE <http://x/> { ?s ?p ?o } }", "SERVICE"),
    ("SELECT * FROM <http://x/g> WHERE { ?s ?p ?o }", "FROM"),
    ("DESCRIBE <http://x/a>", "DESCRIBE"),
    ("SELECT * WHERE { ?s !<http://x/p> ?o }", "negated property set"),
    ("SELECT * WHERE { ?s <http://x/p> [ <http://x/q> ?o ] }", "blank-node property list"),
    ("SELECT * WHERE { ?s ?p ", "cannot split"),
])
def test_what_cannot_be_split_says_why(text, words):
    with pytest.raises(SplitError, match=words):
        plan_retrievals(text)


def test_a_union_branch_row_does_not_instantiate_the_other_branch():
    rs = plan_retrievals("SELECT ?w WHERE { GRAPH ?g { ?f geo:hasGeometry?/geo:asWKT ?w } }")
    assert len(rs) == 1 and all(len(p) == 5 for p in rs[0].patterns)
    assert rs[0].patterns[0][4] != rs[0].patterns[-1][4]


def test_constants_are_rdf_terms():
    r = plan_retrievals('SELECT * WHERE { ?e kgb:category "museum" }')[0]
    assert r.patterns[0][1] == NamedNode("https://w3id.org/kgbench/ontology#category")


def test_a_restriction_never_joins_in_an_unconnected_pattern():
    # the group relaxation holds ?A's pattern, joined to ?B only through the UNION it leaves out: joining it to
    # ?B's retrieval would be a cross product of every county with every name
    rs = plan_retrievals(f"SELECT * WHERE {{ {{ ?B <{EX}p> ?S . {{ ?B <{EX}q> ?A }} UNION {{ ?S <{EX}r> ?A }} "
                         f"FILTER(?A = ?S || STR(?B) < 'x') ?A <{EX}name> ?n }} }}")
    b_side = next(r for r in rs if f"?B <{EX}p> ?S" in r.text and "UNION" not in r.text
                  and f"<{EX}q>" not in r.text and f"<{EX}r>" not in r.text)
    assert "?A" not in b_side.text


@pytest.mark.parametrize("text", QUERIES[:6])
def test_a_retrieval_does_not_join_its_own_pattern_twice(text):
    for r in plan_retrievals(text):
        triples = [m for m in __import__("re").findall(r"\{ ([^{}]*) \}", r.text)]
        assert len(triples) == len(set(triples)), r.text
