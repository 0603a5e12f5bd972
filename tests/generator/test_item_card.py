"""An item shows itself in a notebook as a card: template, question, answer and format, entities, gold count, query."""

from __future__ import annotations

import dataclasses

from kgbench.generator.gold import gold_triples_of


def test_a_real_item_card_states_what_an_auditor_reads_first(a1_items):
    item = a1_items[0][0]
    html = item._repr_html_()
    assert f"template <b>{item.template_id}</b>" in html and item.question in html
    assert f"<b>Answer</b> ({item.answer_format}): <code>{item.answer} km</code>" in html
    for ent in item.entities.values():
        assert ent["name"] in html and ent["iri"] in html
    assert f"<summary>{len(gold_triples_of(item))} gold triples</summary>" in html
    assert "<details><summary>SPARQL</summary>" in html and "geof:distance" in html


def test_the_card_escapes_every_text():
    from kgbench.generator.items import Item

    item = Item("A1-x", "A1", 1, "A1-1", "A1-1.v1", "eng", 'Is <img src=x onerror="alert(1)"> near?',
                "Boolean / ternary", "true", None, [], True, None,
                {"A": {"iri": "http://ex.org/a", "name": "<b>bold</b>"}}, {}, "SELECT * { ?s ?p '<x>' }", "",
                "osm", {}, "s")
    html = item._repr_html_()
    assert "<img" not in html and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html
    assert "<b>bold</b>" not in html and "&lt;b&gt;bold&lt;/b&gt;" in html and "&#x27;&lt;x&gt;&#x27;" in html
    assert "false premise" in html and "0 gold triples" in html
    plain = dataclasses.replace(item, false_premise=False, answer=["a", "b"])._repr_html_()
    assert '<code>[&quot;a&quot;, &quot;b&quot;]</code>' in plain
