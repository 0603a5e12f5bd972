"""How an item shows itself in a notebook: a card with its question, answer, entities, gold triples and query."""

from __future__ import annotations

import json
from html import escape

from pyoxigraph import RdfFormat, parse

__all__ = ["item_card", "answer_text", "gold_count"]

_STYLE = ("<style>.kgb-card{border:1px solid #ccc;border-radius:6px;padding:8px 12px;max-width:60em;"
          "font-family:sans-serif}.kgb-card .q{font-size:115%;margin:4px 0}.kgb-card .meta{color:#666;"
          "font-size:85%}.kgb-card td,.kgb-card th{text-align:left;padding:1px 8px;vertical-align:top}"
          ".kgb-card pre{white-space:pre-wrap;font-size:85%;max-height:24em;overflow:auto}</style>")


def answer_text(item, limit: int = 300) -> str:
    """Return an item's answer as text: the value (JSON for lists and objects, cut at ``limit``) and its unit.

    >>> from types import SimpleNamespace as NS
    >>> answer_text(NS(answer=12.5, unit="km", false_premise=False)), answer_text(NS(answer=["a", "b"], unit=None, false_premise=False))
    ('12.5 km', '["a", "b"]')
    >>> answer_text(NS(answer=None, unit=None, false_premise=True))
    'none (false premise: the question should be rejected)'
    """
    if item.false_premise:
        return "none (false premise: the question should be rejected)"
    value = item.answer if isinstance(item.answer, str) else json.dumps(item.answer, ensure_ascii=False)
    if len(value) > limit:
        value = f"{value[:limit]}… ({len(value):,} chars)"
    return f"{value} {item.unit}" if item.unit else value


def gold_count(item) -> int:
    """Return the number of the item's gold triples (parsed as N-Triples; text that does not parse counts 0).

    >>> from types import SimpleNamespace as NS
    >>> gold_count(NS(gold_triples='<http://x/a> <http://x/p> "1" .\\n<http://x/a> <http://x/p> "2" .\\n'))
    2
    """
    try:
        return sum(1 for _ in parse(item.gold_triples or "", RdfFormat.N_TRIPLES))
    except SyntaxError:
        return 0


def item_card(item) -> str:
    """Return an item as an HTML card: template id, question, answer with its format, entities, gold triples, query.

    Every text is escaped; the SPARQL and the gold triples are collapsed (``<details>``).

    >>> from kgbench.generator.items import Item
    >>> it = Item("A1-x", "A1", 1, "A1-1", "v1", "eng", "How far is <b>?", "Distance", 2.0, "km", [], False,
    ...           None, {"A": {"iri": "http://x/a", "name": "A & B"}}, {}, "SELECT *", "", "osm", {}, "s")
    >>> html = item_card(it)
    >>> "How far is &lt;b&gt;?" in html, "A &amp; B" in html, "2.0 km" in html, "0 gold triples" in html
    (True, True, True, True)
    """
    rows = []
    for role, ent in (item.entities or {}).items():
        ent = dict(ent) if isinstance(ent, dict) else {"name": str(ent)}
        iri = ent.pop("iri", "")
        name = ent.pop("name", "")
        rest = ", ".join(f"{k}: {v}" for k, v in ent.items())
        link = f'<a href="{escape(iri)}" title="{escape(iri)}">{escape("/".join(iri.split("/")[-2:]))}</a>' if iri else ""
        rows.append(f"<tr><th>{escape(str(role))}</th><td>{escape(str(name))}</td><td>{link}</td>"
                    f"<td class='meta'>{escape(rest)}</td></tr>")
    n = gold_count(item)
    fp = " · <b>false premise</b>" if item.false_premise else ""
    return "".join([
        _STYLE, '<div class="kgb-card">',
        f'<div class="meta">{escape(item.id)} · template <b>{escape(item.template_id)}</b> '
        f"({escape(item.sub_template_id)}, {escape(item.variant_id)}) · {escape(item.language)} · "
        f"{escape(str(item.kg))}{fp}</div>",
        f'<div class="q">{escape(item.question)}</div>',
        f"<div><b>Answer</b> ({escape(item.answer_format)}): <code>{escape(answer_text(item))}</code></div>",
        f"<table>{''.join(rows)}</table>" if rows else "",
        f"<details><summary>{n} gold triple{'' if n == 1 else 's'}</summary>"
        f"<pre>{escape(_cut(item.gold_triples or '', 20000))}</pre></details>",
        f"<details><summary>SPARQL</summary><pre>{escape(item.sparql or '')}</pre></details>",
        "</div>",
    ])


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else f"{text[:limit]}\n… ({len(text):,} characters in all)"
