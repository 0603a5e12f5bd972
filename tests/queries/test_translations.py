"""Every variant of every template in every language: the English placeholders, the language's script and
forms, and a realization with names of every kind its roles admit; `templates validate` refuses bad ones."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from click.testing import CliRunner

from kgbench.cli import main
from kgbench.languages import LANGUAGE_CODES, Name, get_language, placeholders, script_problem
from kgbench.queries.template import load_template, template_ids, validate_templates

TRANSLATED = [c for c in LANGUAGE_CODES if c != "eng"]
_KIND_OF_CLASS = {"Country": "country", "AdminArea": "region", "PopulatedPlace": "place", "Event": "event"}


def _samples(lang) -> dict[str, list[Name]]:
    t = lang.texts
    return {
        "country": [Name("France", "country", "FRA"), Name("États-Unis", "country", "USA"),
                    Name("Angola", "country", "AGO"), Name("Bahamas", "country", "BHS")],
        "region": [Name("Texas", "region", "US-TX"), Name("Ohio", "region", "US-OH")],
        "place": [Name("Oulu", "place"), Name("Austin, Texas", "place"), Name("Ankara", "place")],
        "feature": [Name("Mannerheimintie", "feature", "road"), Name("Hesburger (Kasarmikatu)", "feature", "fast food")],
        "event": [Name(t["event.Hurricane"].format(name="Katrina", year=2005), "event", "Hurricane"),
                  Name(t["event.earthquake"].format(id="us1000ce18"), "event", "earthquake")],
    }


def _names(template, text: str, lang, i: int) -> dict[str, Name]:
    samples = _samples(lang)
    names = {}
    for ph, _ in placeholders(text):
        base = ph[:-4] if ph.endswith("_one") else ph
        role = template.roles.get(base)
        if role is not None and role.kind == "category":
            cat = role.categories[0] if role.categories else "cafe"
            one, many = lang.categories[cat]
            names[ph] = Name(one, "category_one", cat) if ph != base else Name(many, "category", cat)
        elif role is not None:
            kinds = list(dict.fromkeys(_KIND_OF_CLASS.get(c, "feature") for c in role.classes))
            pool = [n for k in kinds for n in samples[k]]
            names[ph] = pool[i % len(pool)]
        elif ph == "direction":
            d = ("north", "east", "south", "west")[i % 4]
            names[ph] = Name(lang.compass[d], "direction", d)
        elif ph == "period":
            names[ph] = Name(lang.period("2018-02-01", "2018-02-07") if i % 2 else lang.period("1988-07", "1988-07"),
                             "period")
        elif ph in template.parameters and template.parameters[ph].get("type") == "number" or ph.endswith(
                ("_km", "_m", "_res", "_level")) or ph in ("value", "resolution", "value_1", "value_2"):
            names[ph] = Name(lang.number(0.2 if i % 2 else 5), "number")
        else:
            words = [v for k, v in lang.texts.items() if k.startswith("word.")]
            names[ph] = Name(words[i % len(words)], "word")
    return names


@pytest.mark.parametrize("tid", template_ids())
def test_every_variant_is_translated_into_every_language_and_realizes(tid):
    template = load_template(tid)
    for sub in template.sub_templates:
        for variant in sub.variants:
            english = Counter(n for n, _ in placeholders(variant.text))
            assert set(variant.translations) == set(TRANSLATED), (sub.id, variant.id)
            for code in TRANSLATED:
                lang = get_language(code)
                text = variant.text_in(code)
                assert Counter(n for n, _ in placeholders(text)) == english, (sub.id, variant.id, code)
                assert script_problem(code, text) is None, (sub.id, variant.id, code)
                assert all(not spec or spec in lang.forms for _, spec in placeholders(text))
                for i in range(4):
                    names = _names(template, text, lang, i)
                    realized = lang.realize(text, names)
                    assert realized.text.strip() and not re.search(r"\{[A-Za-z_]+(:[^{}]*)?\}", realized.text), \
                        (sub.id, variant.id, code, realized.text)
                    assert realized.edits, (sub.id, variant.id, code)


def test_translations_keep_the_numbers_of_the_english_wording():
    """A threshold, a cone or a resolution written in the English text appears in every translation."""
    missing = []
    for tid in template_ids():
        for sub in load_template(tid).sub_templates:
            for v in sub.variants:
                numbers = set(re.findall(r"(?<![\w{])\d+(?:\.\d+)?(?![\w}])", re.sub(r"\{[^{}]*\}", "", v.text)))
                for code in TRANSLATED:
                    text = v.text_in(code).replace(",", ".")
                    digits = set(re.findall(r"\d+(?:\.\d+)?", re.sub(r"\{[^{}]*\}", "", text)))
                    lost = {n for n in numbers if n not in digits and n.replace(".", ",") not in text}
                    if lost:
                        missing.append((sub.id, v.id, code, sorted(lost)))
    assert len(missing) <= 0.01 * sum(len(s.variants) for t in template_ids()
                                      for s in load_template(t).sub_templates) * len(TRANSLATED), missing[:20]


def _broken(tmp_path, old: str, new: str) -> list[str]:
    text = load_template("A1").path.read_text(encoding="utf-8")
    assert old in text, old
    (tmp_path / "A1.yaml").write_text(text.replace(old, new, 1), encoding="utf-8")
    return validate_templates([tmp_path])


def test_validate_refuses_a_translation_with_other_placeholders(tmp_path):
    v1 = load_template("A1").sub_templates[0].variants[0]
    fra = v1.translations["fra"]
    problems = _broken(tmp_path, fra, fra.replace("{B}", "{C}", 1))
    assert any("variants/0/translations/fra: placeholders" in p for p in problems), problems


def test_validate_refuses_a_missing_language(tmp_path):
    v1 = load_template("A1").sub_templates[0].variants[0]
    line = f"          kat: {__import__('json').dumps(v1.translations['kat'], ensure_ascii=False)}\n"
    problems = _broken(tmp_path, line, "")
    assert any("variants/0/translations: no translation into kat" in p for p in problems), problems


def test_validate_refuses_the_wrong_script(tmp_path):
    v1 = load_template("A1").sub_templates[0].variants[0]
    problems = _broken(tmp_path, v1.translations["rus"], "How far is {A} from {B}?")
    assert any("translations/rus: rus text must be mostly Cyrillic" in p for p in problems), problems
    r = CliRunner().invoke(main, ["templates", "validate", str(tmp_path)])
    assert r.exit_code == 1 and "Cyrillic" in r.stderr


def test_validate_refuses_japanese_without_kana_and_chinese_with_it(tmp_path):
    v1 = load_template("A1").sub_templates[0].variants[0]
    text = load_template("A1").path.read_text(encoding="utf-8")
    text = text.replace(v1.translations["jpn"], v1.translations["zho"], 1)
    (tmp_path / "A1.yaml").write_text(text, encoding="utf-8")
    problems = validate_templates([tmp_path])
    assert any("translations/jpn: jpn text has no kana" in p for p in problems), problems
