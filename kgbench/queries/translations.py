"""Checks of a variant's translations: every language present, the English placeholders each once, the script.

A translation may give a placeholder a form spec its language declares (``{B:gen}``: the genitive of B);
the placeholder names, counted, must be the English wording's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from kgbench.languages import LANGUAGE_CODES, get_language, placeholders, script_problem

__all__ = ["translation_problems", "TRANSLATED_LANGUAGES"]

#: the languages every variant is translated into (all but English, whose wording is ``text``)
TRANSLATED_LANGUAGES = tuple(c for c in LANGUAGE_CODES if c != "eng")


def translation_problems(where: str, english: str, translations: Mapping[str, str] | None) -> list[str]:
    """Return one line per problem of a variant's translations (empty when they are all right).

    ``where`` names the field ("field sub_templates/0/variants/1/translations"); a missing language, an
    unknown code, placeholders that differ from ``english``'s (names counted), an undeclared form spec and
    text in the wrong script are problems.

    >>> translation_problems("v1", "How far is {A} from {B}?", {"fra": "À quelle distance {A} est-il de {A} ?"})[:2]
    ['v1: no translation into ita', 'v1: no translation into por']
    >>> [p for p in translation_problems("v1", "How far is {A} from {B}?",
    ...     {"fra": "À quelle distance {A} est-il de {A} ?"}) if "fra" in p]
    ["v1/fra: placeholders {A}, {A} differ from the English wording's {A}, {B}"]
    """
    translations = translations or {}
    problems = [f"{where}: no translation into {code}" for code in TRANSLATED_LANGUAGES if code not in translations]
    problems += [f"{where}/{code}: {code!r} is not a language of the benchmark "
                 f"({', '.join(TRANSLATED_LANGUAGES)})" for code in translations if code not in TRANSLATED_LANGUAGES]
    want = Counter(name for name, _ in placeholders(english))
    for code, text in translations.items():
        if code not in TRANSLATED_LANGUAGES:
            continue
        found = placeholders(text)
        if Counter(name for name, _ in found) != want:
            problems.append(f"{where}/{code}: placeholders {_show(n for n, _ in found)} differ from the English "
                            f"wording's {_show(want.elements())}")
        forms = get_language(code).forms
        problems += [f"{where}/{code}: form {{{name}:{spec}}} is not one {code} declares "
                     f"({', '.join(sorted(forms)) or 'none'})" for name, spec in found if spec and spec not in forms]
        bad_script = script_problem(code, text)
        if bad_script:
            problems.append(f"{where}/{code}: {bad_script}")
    return problems


def _show(names) -> str:
    return ", ".join(f"{{{n}}}" for n in sorted(names))
