"""The evaluation conditions as objects: each renders its own prompt and says what running it needs."""

from __future__ import annotations

import pytest

from kgbench.evaluation.conditions import (AGENT_CONDITIONS, CONDITION_OBJECTS, CONDITIONS, KG_TOOLS, Condition,
                                           get_condition)
from kgbench.evaluation.prompts import message_text, render
from kgbench.generator.items import Item

GOLD = ('<https://w3id.org/kgbench/entity/osm/n1> <http://www.w3.org/2000/01/rdf-schema#label> "Kamppi" .\n'
        '<https://w3id.org/kgbench/entity/osm/n2> <http://www.w3.org/2000/01/rdf-schema#label> "Kallio" .\n')
ITEM = Item("A1-x", "A1", 1, "A1-1", "v1", "eng", "How far is Kamppi from Kallio?", "Distance", 2.1, "km", [],
            False, None, {}, {}, "", GOLD, "osm", {}, "snap")


#: the conditions whose prompts render from the item alone (the others read the KG: see test_mcq.py)
ITEM_ONLY = [c for c, o in CONDITION_OBJECTS.items() if not (o.mcq or o.context)]


def test_the_spec_conditions_in_order_and_what_they_need():
    assert CONDITIONS == ("T1", "T2", "T1-oracle-nt", "T1-oracle-json", "T1-oracle-verbalized", "T3-oracle", "T3a",
                          "T1-context", "T1-mcq", "T1-mcq-context", "T1-geojson", "T1-map", "T1-geojson-map")
    assert [c for c, o in CONDITION_OBJECTS.items() if o.mcq] == ["T1-mcq", "T1-mcq-context"]
    assert [c for c, o in CONDITION_OBJECTS.items() if o.context] == ["T1-context", "T1-mcq-context"]
    assert AGENT_CONDITIONS == ("T3-oracle", "T3a")
    assert [c for c, o in CONDITION_OBJECTS.items() if o.oracle] == [
        "T1-oracle-nt", "T1-oracle-json", "T1-oracle-verbalized", "T3-oracle"]
    assert [c for c, o in CONDITION_OBJECTS.items() if o.needs_kg] == ["T3a"]
    assert [c for c, o in CONDITION_OBJECTS.items() if o.reasoning] == ["T2"]
    assert [c for c, o in CONDITION_OBJECTS.items() if o.scene] == ["T1-geojson", "T1-map", "T1-geojson-map"]
    assert [c for c, o in CONDITION_OBJECTS.items() if o.image] == ["T1-map", "T1-geojson-map"]


@pytest.mark.parametrize("name", ITEM_ONLY)
def test_each_condition_renders_the_question_and_shows_gold_only_when_oracle(name):
    cond = get_condition(name)
    prompt = render(ITEM, name, context_budget=None)
    system, user = (message_text(m["content"]) for m in prompt.messages)
    assert "How far is Kamppi from Kallio?" in user and system
    assert ("Kamppi" in user.replace(ITEM.question, "")) == cond.oracle, user
    assert bool(prompt.metadata.get("agent")) == cond.agent
    assert ("reasoning" in prompt.schema["properties"]) == cond.reasoning
    if cond.agent:
        assert "final_answer" in system
        assert prompt.metadata["tools"] == (list(KG_TOOLS) if cond.needs_kg else [])
        assert ("GOLD_TRIPLES" in prompt.metadata.get("sandbox_globals", {})) == cond.oracle
    else:
        assert 'Reply with one JSON object' in user and "kilometres" in user


def test_an_unknown_condition_is_named_in_the_error():
    with pytest.raises(ValueError, match="unknown condition 'T9'; expected one of T1, T2"):
        render(ITEM, "T9")
    assert get_condition(CONDITION_OBJECTS["T1"]) is CONDITION_OBJECTS["T1"]
    assert isinstance(get_condition("T3a"), Condition)


def test_the_cli_offers_every_condition_and_no_other():
    """`kgbench prompts render --condition` spells the names out (the CLI stays cheap to import): they must be
    the condition objects' names."""
    from kgbench.cli import main

    option = next(p for p in main.commands["prompts"].commands["render"].params if p.name == "condition")
    assert tuple(option.type.choices) == CONDITIONS
