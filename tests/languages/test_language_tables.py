"""Every language's tables, checked the same way: metadata, prompt texts, answer words, lexicons, periods."""

from __future__ import annotations

import pytest

from kgbench.languages import (ENGLISH_TEXTS, LANGUAGE_CODES, Name, get_language, script_problem, text_fields)
from kgbench.languages.texts import LOCALITIES

TRANSLATED = [c for c in LANGUAGE_CODES if c != "eng"]
DIRECTIONS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
              "left", "right", "on", "upstream", "downstream")
SCRIPTS = {"rus": "Cyrillic", "bul": "Cyrillic", "kat": "Georgian", "zho": "Han", "jpn": "Kana/Kanji",
           "urd": "Perso-Arabic", "ell": "Greek"}


def test_seventeen_languages_six_families_seven_scripts_three_tiers():
    langs = [get_language(c) for c in LANGUAGE_CODES]
    assert len(langs) == 17 and LANGUAGE_CODES[0] == "eng"
    assert len({lang.family.split(" (")[0] for lang in langs}) == 6
    assert len({lang.script for lang in langs}) == 7
    assert {lang.tier for lang in langs} == {"high", "medium", "low"}
    assert len({lang.bcp47 for lang in langs}) == 17


@pytest.mark.parametrize("code", TRANSLATED)
def test_metadata_and_script(code):
    lang = get_language(code)
    assert lang.code == code
    assert lang.script == SCRIPTS.get(code, "Latin")
    assert lang.locale and lang.bcp47 and lang.english_name


@pytest.mark.parametrize("code", TRANSLATED)
def test_texts_translate_every_english_text_with_its_fields(code):
    texts = get_language(code).texts
    assert set(texts) == set(ENGLISH_TEXTS)
    for key, english in ENGLISH_TEXTS.items():
        assert text_fields(texts[key]) == text_fields(english), key
    # the JSON words a reply must use stay as they are
    for key in ("prompt.null", "unit.null", "unit.cell", "agent.final"):
        for word in ("unit", "answer", "h3", "null", "final_answer"):
            if word in ENGLISH_TEXTS[key]:
                assert word in texts[key], (key, word)
    prose = [texts[k] for k in ("system.parametric", "prompt.question", "agent.role", "format.count")]
    assert all(script_problem(code, t.replace("{question}", "")) is None for t in prose)
    assert all(texts[f"locality.{loc}"] for loc in LOCALITIES)


@pytest.mark.parametrize("code", TRANSLATED)
def test_answer_words_and_directions(code):
    lang = get_language(code)
    assert set(lang.answer_words) == {"true", "false", "plausibly"}
    words = [w for ws in lang.answer_words.values() for w in ws]
    assert all(w == w.lower() for w in words) and len(words) == len(set(words)), "one label per word"
    assert set(DIRECTIONS) <= set(lang.direction_words)
    seen = {}
    for label, ws in lang.direction_words.items():
        for w in ws:
            assert seen.setdefault(w.casefold(), label) == label, f"{w!r} names {seen[w.casefold()]} and {label}"
    assert set(lang.compass) == {"north", "east", "south", "west"}


@pytest.mark.parametrize("code", TRANSLATED)
def test_categories_cover_the_snapshot(code, kg):
    lang = get_language(code)
    categories = {r["c"].value for r in kg.query("SELECT DISTINCT ?c WHERE { ?e kgb:category ?c }")}
    missing = sorted(categories - set(lang.categories))
    assert not missing, f"{code} has no noun for {missing[:10]}"
    for cat in categories:
        one, many = lang.categories[cat]
        assert one and many, cat


@pytest.mark.parametrize("code", TRANSLATED)
def test_periods_and_numbers(code):
    lang = get_language(code)
    for start, end in (("1988-07", "1988-07"), ("2005-07", "2005-10"), ("2018-02-01", "2018-02-07"),
                       ("2018-01-31", "2018-02-07")):
        phrase = lang.period(start, end)
        assert phrase and "{" not in phrase
        assert ("1988" in phrase) or ("2005" in phrase) or ("2018" in phrase)
    assert lang.number(0.25) == ("0,25" if lang.decimal_comma else "0.25")
    assert lang.number(5.0) == "5"


@pytest.mark.parametrize("code", TRANSLATED)
def test_realize_fills_every_placeholder_and_records_edits(code):
    lang = get_language(code)
    r = lang.realize("{A} {B}", {"A": Name("Paris"), "B": Name("Oulu")})
    assert "Paris" in r.text and "Oulu" in r.text and "{" not in r.text
    assert r.edits and all(e.category for e in r.edits)
    with pytest.raises(KeyError):
        lang.realize("{A} {B}", {"A": Name("Paris")})
