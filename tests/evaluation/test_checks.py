"""The evaluation's checks that generation runs (a gold of its format, oracle prompts within the budget), and
that the public generate and a release pass them by default."""

from __future__ import annotations

import inspect

import kgbench
from kgbench.evaluation.checks import EVALUATION_CHECKS, gold_fits_format, oracle_prompts_within_budget
from kgbench.generator.items import Item
from kgbench.queries.template import load_template
from kgbench.release import benchmark, checked


def _item(gold_triples: str) -> Item:
    return Item("A1-x", "A1", 1, "A1-1", "v1", "eng", "How far is Kamppi from Kallio?", "Distance", 2.1, "km", [],
                False, None, {}, {}, "", gold_triples, "osm", {}, "snap")


def test_a_gold_that_is_not_of_its_format_is_named_and_rejected():
    assert gold_fits_format("Distance", 2.1, "km", []) is None
    assert gold_fits_format("Distance", 2.1, "furlongs", []) == (
        "invalid Distance answer: Distance gold unit 'furlongs' is not one of ['km', 'm', 'mi']")
    assert gold_fits_format("Set enumeration", ["a"], None, [{"a": "not a list"}]).startswith(
        "invalid Set enumeration answer: aliases of 'a' must be a list")


def test_oracle_prompts_over_the_budget_even_simplified_are_rejected():
    template = load_template("A1")
    small = '<https://w3id.org/kgbench/entity/osm/n1> <http://www.w3.org/2000/01/rdf-schema#label> "Kamppi" .\n'
    assert oracle_prompts_within_budget(template, _item(small)) is None
    # 40,000 labelled entities: no vertex budget can shrink them under 32,000 tokens
    many = "".join(f'<https://w3id.org/kgbench/entity/osm/n{i}> <http://www.w3.org/2000/01/rdf-schema#label> '
                   f'"Place number {i}" .\n' for i in range(40_000))
    assert oracle_prompts_within_budget(template, _item(many)) == (
        "oracle prompt over the default context budget even with simplified geometry")


def test_the_public_generate_and_the_release_pass_the_evaluation_checks_by_default():
    assert kgbench.generate is checked.generate
    for fn in (checked.generate, checked.false_premise_items):
        assert inspect.signature(fn).parameters["checks"].default is EVALUATION_CHECKS
    assert benchmark.generate is checked.generate and benchmark.false_premise_items is checked.false_premise_items
