"""Prompts for every condition: format and unit clauses, the gold triples' surface forms, the verbalizer."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest
from pyoxigraph import Literal, NamedNode, Triple

from kgbench.evaluation.formats import get_format
from kgbench.generator.gold import describe_wkt, gold_as, gold_triples_of, verbalize_gold
from kgbench.generator.items import Item, write_jsonl
from kgbench.evaluation.prompts import (
    AGENT_CONDITIONS, CONDITIONS, KG_TOOLS, get_condition, message_text, read_prompts, render, render_dataset,
    render_prompts,
    unit_clause,
)

E = "https://w3id.org/kgbench/entity/"
KGB = "https://w3id.org/kgbench/ontology#"
GEO = "http://www.opengis.net/ont/geosparql#"
CRS = "<http://www.opengis.net/def/crs/OGC/1.3/CRS84> "
GOLD = "\n".join([
    f'<{E}fi> <{KGB}canonicalName> "Finland" .',
    f'<{E}fi> <http://www.w3.org/2000/01/rdf-schema#label> "Suomi"@fi .',
    f"<{E}fi> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <{KGB}Country> .",
    f"<{E}fi> <{KGB}neighbour> <{E}se> .",
    f'<{E}se> <{KGB}canonicalName> "Sweden" .',
    f'<{E}fi> <{KGB}population> "5500000"^^<http://www.w3.org/2001/XMLSchema#integer> .',
    f"<{E}fi> <{GEO}hasGeometry> <{E}fi/geom> .",
    f'<{E}fi/geom> <{GEO}asWKT> "{CRS}POLYGON ((20 60, 30 60, 30 70, 20 70, 20 60))"^^<{GEO}wktLiteral> .',
    f'<{E}quake> <{KGB}canonicalName> "M 4.5 near Turku" .',
    f'<{E}quake> <{KGB}depthKm> "10.5"^^<http://www.w3.org/2001/XMLSchema#double> .',
    f'<{E}quake> <{KGB}startTime> "2018-05-01T10:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime> .',
    f'<{E}storm> <{KGB}maxWindKt> "120"^^<http://www.w3.org/2001/XMLSchema#integer> .',
    f'<{E}storm> <{KGB}someNewThing> "42" .',
]) + "\n"


def make_item(fmt="Distance", answer=12.5, unit="km", **kw) -> Item:
    base = dict(id="A1-abc", template_id="A1", template_version=1, sub_template_id="A1.1", variant_id="v1",
                language="eng", question="How far apart are the two countries?", answer_format=fmt, answer=answer,
                unit=unit, acceptable=[], false_premise=False, perturbation=None, entities={}, bindings={},
                sparql="SELECT ...", gold_triples=GOLD, kg="naturalearth", stratum={}, snapshot="snap")
    base.update(kw)
    return Item(**base)


ITEMS = [make_item(), make_item("Area", 3.5, "mi2"), make_item("Count", 4, None),
         make_item("Predefined / cardinal direction", "NE", None), make_item("Set enumeration", ["A", "B"], None),
         make_item("Boolean / ternary", True, None)]


@pytest.mark.parametrize("condition", [c for c in CONDITIONS if not (get_condition(c).mcq or get_condition(c).context)])
@pytest.mark.parametrize("item", ITEMS, ids=lambda it: get_format(it.answer_format).slug)
def test_every_condition_states_format_and_schema(condition, item):
    p = render(item, condition)
    assert [m["role"] for m in p.messages] == ["system", "user"]
    assert p.id == item.id and p.metadata["answer_format"] == item.answer_format
    expected = get_format(item.answer_format).answer_schema(reasoning=condition == "T2", item=item.to_dict())
    assert p.schema == expected
    text = message_text(p.messages[0]["content"]) + "\n" + message_text(p.messages[1]["content"])
    assert item.question in text
    assert json.dumps(p.schema, ensure_ascii=False) in text  # the schema is stated where the answer is asked
    assert unit_clause(item.answer_format, item.unit) in text
    assert "null" in text
    has_gold = condition.startswith("T1-oracle") or condition == "T3-oracle"
    assert ("Finland" in message_text(p.messages[1]["content"])) == has_gold
    assert p.metadata.get("agent", False) == (condition in AGENT_CONDITIONS)


def test_unit_clauses_name_the_items_unit():
    assert '"mi2"' in unit_clause("Area", "mi2") and "square miles" in unit_clause("Area", "mi2")
    assert '"km"' in unit_clause("Distance", None)
    assert '"km"' in unit_clause("Polar (angle, distance)", "km")
    assert "null" in unit_clause("Entity name (single)")
    assert '"h3"' in unit_clause("H3 / S2 cell index")


def test_t2_asks_for_reasoning_first_and_schema_accepts_it():
    p = render(make_item(), "T2")
    assert list(p.schema["properties"]) == ["reasoning", "answer", "unit"]
    jsonschema.validate({"reasoning": "r", "answer": 3.0, "unit": "km"}, p.schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"answer": 3.0, "unit": "km"}, p.schema)
    assert "reasoning" in p.messages[1]["content"]


def test_direction_prompt_lists_the_gold_family():
    p = render(make_item("Predefined / cardinal direction", "left", None), "T1")
    assert "Allowed labels: left, right, on." in p.messages[1]["content"]


def test_oracle_surfaces():
    item = make_item()
    nt = render(item, "T1-oracle-nt").messages[1]["content"]
    assert GOLD.strip() in nt
    js = render(item, "T1-oracle-json").messages[1]["content"]
    block = js.split("```\n")[1]
    assert json.loads(block)["subjects"][E + "fi"][KGB + "canonicalName"] == [{"value": "Finland"}]
    prose = render(item, "T1-oracle-verbalized").messages[1]["content"]
    facts = prose.split("\n\nQuestion:")[0]
    assert "http" not in facts.replace(CRS.strip(), "")  # no IRIs but the WKT's own CRS
    assert "Finland borders Sweden." in facts


def test_agent_prompts():
    item = make_item()
    t3 = render(item, "T3-oracle")
    assert t3.metadata["sandbox_globals"] == {"GOLD_TRIPLES": GOLD} and t3.metadata["tools"] == []
    assert "final_answer" in t3.messages[0]["content"] and "find_entity" not in t3.messages[0]["content"]
    t3a = render(item, "T3a")
    assert t3a.metadata["tools"] == list(KG_TOOLS)
    assert all(sig in t3a.messages[0]["content"] for sig in KG_TOOLS.values())
    assert "Finland" not in t3a.messages[1]["content"]


def test_verbalizer_uses_labels_units_and_keeps_every_value():
    item = make_item()
    text = verbalize_gold(item)
    assert "Finland has a population of 5500000 people." in text
    assert "M 4.5 near Turku has a depth of 10.5 km." in text
    assert "M 4.5 near Turku began at 2018-05-01T10:00:00Z (UTC)." in text
    assert "has a maximum sustained wind of 120 knots." in text
    assert 'Finland is also called "Suomi" (language tag fi).' in text
    assert "Finland is a country." in text
    assert "some new thing 42" in text
    assert "The geometry of Finland is a polygon with 4 distinct vertices spanning longitude 20 to 30" in text
    for t in gold_triples_of(item):  # faithful: every literal value is stated verbatim
        if isinstance(t.object, Literal):
            assert t.object.value in text, t.object.value
    assert not re.search(r"https?://w3id", text)
    assert text.count("\n") + 1 == len(text.splitlines()) == 9


def test_the_auditor_sees_the_sentences_the_model_was_given(tmp_path):
    """`kgbench gold --format text` prints the very prose of the T1-oracle-verbalized prompt (one verbalizer)."""
    from click.testing import CliRunner

    from kgbench.cli import main

    item = make_item()
    write_jsonl([item], tmp_path / "items.jsonl")
    shown = CliRunner().invoke(main, ["gold", item.id, "--dataset", str(tmp_path / "items.jsonl"), "--format", "text"])
    assert shown.exit_code == 0, shown.output
    prose = gold_as(item, "text")
    assert prose.strip() and prose.strip() in shown.output
    prompt = render(item, "T1-oracle-verbalized")
    assert prose in "\n".join(m["content"] for m in prompt.messages)


def test_describe_wkt_kinds():
    assert describe_wkt(CRS + "POINT (1.5 -2)").startswith("a point at longitude 1.5, latitude -2")
    assert "a line with 3 distinct vertices" in describe_wkt("LINESTRING (0 0, 1 1, 2 0)")
    assert "in 2 parts" in describe_wkt("MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((5 5, 6 5, 6 6, 5 5)))")
    assert describe_wkt("NOT WKT").startswith("the geometry with WKT NOT WKT")
    e = NamedNode("http://ex.org/x")
    unnamed = verbalize_gold([Triple(e, NamedNode(KGB + "category"), Literal("cafe"))])
    assert unnamed == 'The entity x is in the category "cafe".'


def test_render_prompts_round_trip(tmp_path):
    write_jsonl(ITEMS[:3], tmp_path / "items.jsonl")
    written = render_prompts(tmp_path / "items.jsonl", "T1-oracle-verbalized", tmp_path / "p.jsonl")
    back = read_prompts(tmp_path / "p.jsonl")
    assert [p.to_dict() for p in back] == written
    assert written == render_dataset(ITEMS[:3], "T1-oracle-verbalized")  # deterministic
    assert written[0]["prompt_hash"] == back[0].hash
    assert render(make_item(question="Other?"), "T1").hash != render(make_item(), "T1").hash
    assert render_prompts(tmp_path / "items.jsonl", "T1") and not (tmp_path / "none.jsonl").exists()


def test_unknown_condition_raises():
    with pytest.raises(ValueError, match="T1-oracle-nt"):
        render(make_item(), "T4")
