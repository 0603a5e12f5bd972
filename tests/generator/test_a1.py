"""Template A1 end to end: answers recomputed from gold triples alone with pyproj, strata, reproducibility."""

from __future__ import annotations

import json

import pytest
from pyoxigraph import RdfFormat, parse
from pyproj import Geod

from kgbench import generate  # with the evaluation checks, as released

from kgbench.generator.generate import GenerationReport
from kgbench.generator.gold import export_gold_nquads, gold_as
from kgbench.generator.items import read_jsonl, write_jsonl
from kgbench.kg.store import KG

GEOD = Geod(ellps="WGS84")
AS_WKT = "http://www.opengis.net/ont/geosparql#asWKT"
HAS_GEOMETRY = "http://www.opengis.net/ont/geosparql#hasGeometry"
DESIGN_KEYS = ["id", "template_id", "sub_template_id", "variant_id", "language", "question", "answer_format",
               "answer", "unit", "acceptable", "false_premise", "perturbation", "entities", "bindings", "sparql",
               "gold_triples", "kg", "stratum", "snapshot"]


def _recompute_km(item) -> float:
    """The A1 answer from the item's gold triples alone: pyproj's WGS84 inverse geodesic between the two points."""
    triples = [q.triple for q in parse(item.gold_triples, RdfFormat.N_TRIPLES)]
    geom = {t.subject.value: t.object.value for t in triples if t.predicate.value == HAS_GEOMETRY}
    wkt = {t.subject.value: t.object.value for t in triples if t.predicate.value == AS_WKT}
    pts = []
    for role in ("A", "B"):
        text = wkt[geom[item.entities[role]["iri"]]]
        lon, lat = map(float, text[text.index("(") + 1:text.index(")")].split())
        pts.append((lon, lat))
    return GEOD.inv(pts[0][0], pts[0][1], pts[1][0], pts[1][1])[2] / 1000.0


def test_every_answer_is_recomputed_from_gold_triples_with_pyproj(a1_items):
    items, _ = a1_items
    assert len(items) >= 60
    for it in items:
        want = _recompute_km(it)
        assert it.answer == pytest.approx(want, rel=0.005), it.question
        assert it.answer == pytest.approx(want, rel=1e-9)  # in fact: the same geodesic, to the last digits


def test_items_have_design_keys_and_consistent_fields(a1_items):
    items, _ = a1_items
    for it in items:
        d = it.to_dict()
        assert all(k in d for k in DESIGN_KEYS)
        assert it.answer_format == "Distance" and it.unit == "km" and it.language == "eng"
        assert it.entities["A"]["name"] in it.question and it.entities["B"]["name"] in it.question
        assert it.entities["A"]["iri"] != it.entities["B"]["iri"]
        assert set(it.stratum) == {"country", "income_tier", "density_tier"}
        assert it.stratum["income_tier"] == it.entities["A"]["income_tier"]
        assert "{" not in it.question


def test_default_run_spans_strata_and_scales(a1_items):
    items, report = a1_items
    assert len({it.stratum["income_tier"] for it in items} - {"NA"}) >= 3
    assert len({it.stratum["density_tier"] for it in items}) == 3
    assert {it.scale for it in items} == {"urban", "regional", "national"}
    for it in items:
        lo, hi = {"urban": (0, 26), "regional": (24, 302), "national": (298, 3010)}[it.scale]
        assert lo <= it.answer <= hi, (it.scale, it.answer)
    assert len({it.variant_id for it in items}) >= 3
    assert report.items == len(items) and not report.warnings


def test_recorded_sparql_runs_on_its_own_and_gives_the_answer(kg, a1_items):
    items, _ = a1_items
    for it in items[:10]:
        r = kg.store.query(it.sparql, use_default_graph_as_union=True,
                           custom_functions=kg.registry.bind().functions)
        (row,) = list(r)
        assert float(row["answer"].value) == it.answer


def test_generation_is_reproducible_and_seed_sensitive(kg):
    a = [it.to_json() for it in generate("A1", kg, n=12, seed=7)]
    b = [it.to_json() for it in generate("A1", kg, n=12, seed=7)]
    c = [it.to_json() for it in generate("A1", kg, n=12, seed=8)]
    assert a == b and len(a) == 12
    assert a != c


def test_items_round_trip_through_jsonl_and_gold_exports(a1_items, tmp_path):
    items, _ = a1_items
    path = tmp_path / "items.jsonl"
    assert write_jsonl(items, path) == len(items)
    back = read_jsonl(path)
    assert [b.to_json() for b in back] == [i.to_json() for i in items]
    it = back[0]
    doc = json.loads(gold_as(it, "json"))
    assert it.entities["A"]["iri"] in doc["subjects"]
    text = gold_as(it, "text")
    assert it.entities["A"]["name"] in text and "POINT" in text
    nq = tmp_path / "gold.nq"
    n = export_gold_nquads(back, nq)
    import rdflib  # a second, independent N-Quads parser agrees on graphs and quads

    ds = rdflib.Dataset()
    ds.parse(nq, format="nquads")
    assert len(ds) == n and len([g for g in ds.graphs() if str(g.identifier).startswith("https://w3id.org/kgbench/item/")]) == len(items)
    audit = KG.from_files([nq], entailment=False, rewrite=False)
    per_graph = audit.query("SELECT ?g (COUNT(*) AS ?n) WHERE { GRAPH ?g { ?s ?p ?o } } GROUP BY ?g")
    assert len(per_graph) == len(items) and sum(int(r["n"].value) for r in per_graph) == n
    # an auditor recomputes one answer from its named graph alone
    g = f"https://w3id.org/kgbench/item/{it.id}"
    r = audit.query(f"""SELECT ?d WHERE {{ GRAPH <{g}> {{ ?a geo:hasGeometry/geo:asWKT ?wa .
        ?b geo:hasGeometry/geo:asWKT ?wb . FILTER(STR(?a) < STR(?b)) }}
        BIND(geof:distance(?wa, ?wb, uom:kilometre) AS ?d) }}""")
    assert float(r.rows[0][0].value) == pytest.approx(it.answer, rel=1e-12)


def test_bad_dataset_lines_are_named(tmp_path):
    from kgbench.generator.items import DatasetError

    p = tmp_path / "d.jsonl"
    p.write_text('{"id": "x"}\nnot json\n')
    with pytest.raises(DatasetError, match=r"d\.jsonl: line 1"):
        read_jsonl(p)
    with pytest.raises(DatasetError, match="not found"):
        read_jsonl(tmp_path / "none.jsonl")


def test_unknown_template_lists_close_ids(kg):
    from kgbench.queries.template import UnknownTemplateError

    with pytest.raises(UnknownTemplateError, match="did you mean: A1"):
        generate("a1x", kg)
