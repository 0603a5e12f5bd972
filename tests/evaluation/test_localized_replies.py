"""Replies in an item's language score: its Boolean and direction words, its decimal comma, its names."""

from __future__ import annotations

import pytest

from kgbench.evaluation.scoring import score_item
from kgbench.languages import LANGUAGE_CODES, get_language

TRANSLATED = [c for c in LANGUAGE_CODES if c != "eng"]


def _item(code, fmt, answer, **kw):
    return {"id": f"x-{code}", "language": code, "answer_format": fmt, "answer": answer, **kw}


@pytest.mark.parametrize("code", TRANSLATED)
def test_boolean_words_of_the_language_score(code):
    lang = get_language(code)
    for label in ("true", "false", "plausibly"):
        for word in lang.answer_words[label]:
            assert score_item(_item(code, "Boolean / ternary", label), {"answer": word}).E == 1, (label, word)
            wrong = "false" if label != "false" else "true"
            assert score_item(_item(code, "Boolean / ternary", wrong), {"answer": word}).E == 0, (label, word)
    # English words are understood in every language
    assert score_item(_item(code, "Boolean / ternary", "true"), {"answer": "yes"}).E == 1


@pytest.mark.parametrize("code", TRANSLATED)
def test_direction_words_of_the_language_score(code):
    lang = get_language(code)
    for label in ("N", "NE", "E", "SE", "S", "SW", "W", "NW", "left", "right", "upstream"):
        for word in lang.direction_words[label]:
            assert score_item(_item(code, "Predefined / cardinal direction", label), {"answer": word}).E == 1, \
                (label, word)
    assert score_item(_item(code, "Predefined / cardinal direction", "NE"), {"answer": "NE"}).E == 1


@pytest.mark.parametrize("code", TRANSLATED)
def test_numbers_written_the_languages_way_score(code):
    lang = get_language(code)
    item = _item(code, "Distance", 12.5, unit="km")
    written = "12,5" if lang.decimal_comma else "12.5"
    assert score_item(item, {"answer": written, "unit": "km"}).E == 1
    assert score_item(item, {"answer": 12.5, "unit": "km"}).E == 1
    if lang.decimal_comma:
        big = _item(code, "Area", 1234.5, unit="km2")
        assert score_item(big, {"answer": "1.234,5", "unit": "km2"}).E == 1


def test_a_decimal_comma_is_not_read_in_english():
    assert score_item(_item("eng", "Distance", 12.5, unit="km"), {"answer": "12,5", "unit": "km"}).E == 0


def test_localized_entity_names_score_through_acceptable():
    item = _item("fra", "Entity name (single)", "Germany", acceptable=["Allemagne"])
    assert score_item(item, {"answer": "Allemagne"}).E == 1
    item = _item("fra", "Set enumeration", ["Germany", "Finland"], acceptable=[{"Germany": ["Allemagne"]}])
    assert score_item(item, {"answer": ["Allemagne", "Finland"]}).E == 1


@pytest.mark.parametrize("code", TRANSLATED)
def test_prompts_are_in_the_items_language(code):
    from kgbench.evaluation.prompts import render
    from kgbench.generator.items import Item

    lang = get_language(code)
    it = Item("A1-x-" + code, "A1", 1, "A1-1", "A1-1.v1", code, "?", "Distance", 2.1, "km", [], False, None, {}, {},
              "", "", "osm", {}, "snap")
    for condition in ("T1", "T2", "T1-oracle-nt", "T3a"):
        p = render(it, condition)
        text = "\n".join(m["content"] for m in p.messages)
        assert lang.texts["unit.km"] in text
        assert lang.texts["format.distance"].format() in text
        assert "Answer format (" not in text or lang.texts["prompt.format"].startswith("Answer format")
