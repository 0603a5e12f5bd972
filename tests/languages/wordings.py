"""What the per-language tests read: the wordings of the template files and the names of the bundled sources.

``english()`` lists every template with its variants' English text, ``translations(code)`` maps each variant id
(``A1-1.v1``) to its wording in a language, and ``table(name)`` gives, as tab-separated text, the category
strings (with their English singular and plural), the Natural Earth countries and the US states with their
CLDR / iso-codes names per language: the tables the translations were written against.
"""

from __future__ import annotations

import functools
import gettext

from kgbench.languages import LANGUAGE_CODES, get_language
from kgbench.queries.template import load_template, template_ids

TRANSLATED = [c for c in LANGUAGE_CODES if c != "eng"]


@functools.lru_cache(maxsize=1)
def english() -> list[dict]:
    """Return every template as {id, roles, sub_templates: [{id, parameters, variants: {variant id: text}}]}."""
    out = []
    for tid in template_ids():
        t = load_template(tid)
        out.append({"id": tid, "roles": {r: {"classes": list(role.classes), "kind": role.kind,
                                              "categories": list(role.categories)} for r, role in t.roles.items()},
                    "sub_templates": [{"id": st.id, "parameters": dict(st.parameters),
                                       "variants": {f"{st.id}.{v.id}": v.text for v in st.variants}}
                                      for st in t.sub_templates]})
    return out


@functools.lru_cache(maxsize=None)
def translations(code: str) -> dict[str, str]:
    """Return variant id -> wording in the language ``code``, from the template files."""
    return {f"{st.id}.{v.id}": v.text_in(code) for tid in template_ids()
            for st in load_template(tid).sub_templates for v in st.variants}


@functools.lru_cache(maxsize=None)
def table(name: str) -> str:
    """Return ``categories.tsv``, ``countries.tsv`` or ``us_states.tsv`` as tab-separated text with a header."""
    if name == "categories.tsv":
        from kgbench.generator.roles import plural, singular
        cats = sorted(get_language("fra").categories)
        return "category\tenglish_singular\tenglish_plural\n" + "".join(
            f"{c}\t{singular(c)}\t{plural(c)}\n" for c in cats)
    if name == "countries.tsv":
        from kgbench.kg.builder import sources
        from kgbench.kg.builder.localized_names import country_labels
        names = sources.country_names()
        lines = ["iso3\tenglish\t" + "\t".join(TRANSLATED)]
        for c in sources.countries():
            labels = {tag: n for n, tag in country_labels(c.iso_a3)}
            lines.append("\t".join([c.iso_a3, names.get(c.iso_a3, c.name),
                                    *(labels.get(get_language(code).bcp47, "") for code in TRANSLATED)]))
        return "\n".join(lines) + "\n"
    if name == "us_states.tsv":
        import pycountry
        lines = ["code\tenglish\t" + "\t".join(TRANSLATED)]
        for s in sorted(pycountry.subdivisions.get(country_code="US"), key=lambda s: s.code):
            if s.type not in ("State", "District"):
                continue
            row = [s.code, s.name]
            for code in TRANSLATED:
                try:
                    row.append(gettext.translation("iso3166-2", pycountry.LOCALES_DIR,
                                                   languages=[get_language(code).bcp47]).gettext(s.name))
                except FileNotFoundError:
                    row.append("")
            lines.append("\t".join(row))
        return "\n".join(lines) + "\n"
    raise KeyError(name)
