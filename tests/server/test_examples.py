"""The query page's examples: one per template family, each runs on the snapshot and returns rows."""

from __future__ import annotations

import pytest

from kgbench.generator.items import family_of
from kgbench.queries.template import template_ids
from kgbench.server.examples import examples
from kgbench.server.page import page_config


def test_one_example_per_template_family():
    families = {family_of(t) for t in template_ids()}
    assert [e.family for e in examples()] == sorted(families)
    assert all(e.title and not e.title.startswith("#") for e in examples())


@pytest.mark.parametrize("example", examples(), ids=lambda e: e.family)
def test_example_returns_rows(kg, example):
    # as the page presets it: the standard PREFIX block, then the example
    text = next(x["query"] for x in page_config("sparql")["examples"] if x["family"] == example.family)
    assert text.endswith(example.query) and text.startswith("PREFIX ")
    result = kg.query(text, timeout=60)
    assert result.kind == "select" and len(result) > 0, example.family
    assert not result.warnings, result.warnings
