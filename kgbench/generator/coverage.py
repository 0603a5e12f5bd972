"""Which templates a KG can satisfy: every role has candidates, every vocabulary term and graph a query uses exists."""

from __future__ import annotations

import re

from kgbench.queries.template import load_template, template_ids

__all__ = ["kg_profile", "template_coverage"]

_KGB = "https://w3id.org/kgbench/ontology#"
_GRAPH = "https://w3id.org/kgbench/graph/"


def kg_profile(kg) -> dict:
    """Return what a KG holds that templates ask for: its graphs, (graph, class, geometry type) triples, categories
    and the kgb: properties used.

    >>> from kgbench.kg.store import KG
    >>> p = kg_profile(KG.from_text('<http://e/a> <https://w3id.org/kgbench/ontology#category> "cafe" .'))
    >>> p["categories"], sorted(p["properties"])
    ({'cafe'}, ['category'])
    """
    rows = kg.query("SELECT DISTINCT ?g ?c ?t WHERE { GRAPH ?g { ?e a ?c ; geo:hasGeometry ?gm . ?gm a ?t } "
                    "FILTER(STRSTARTS(STR(?c), STR(kgb:)) && STRSTARTS(STR(?t), 'http://www.opengis.net/ont/sf#')) }",
                    entailment=False, rewrite=False).rows
    shapes = {(g.value.rsplit("/", 1)[-1], c.value[len(_KGB):], t.value.rsplit("#", 1)[-1]) for g, c, t in rows}
    cats = {r[0].value for r in kg.query("SELECT DISTINCT ?v WHERE { ?e kgb:category ?v }", entailment=False,
                                          rewrite=False).rows}
    props = {r[0].value[len(_KGB):] for r in kg.query("SELECT DISTINCT ?p WHERE { ?s ?p ?o }", entailment=False,
                                                       rewrite=False).rows if r[0].value.startswith(_KGB)}
    graphs = {r[0].value.rsplit("/", 1)[-1] for r in kg.query("SELECT DISTINCT ?g WHERE { GRAPH ?g { ?s ?p ?o } }",
                                                               entailment=False, rewrite=False).rows}
    return {"graphs": graphs, "shapes": shapes, "categories": cats, "properties": props}


def _why_not(t, prof: dict) -> str | None:
    text = "\n".join([t.answer_query, *t.gold_queries, repr(t.sampling)])
    for name, role in t.roles.items():
        ok = [(g, c, geom) for g, c, geom in prof["shapes"]
              if c in role.classes and (not role.geometry or geom in role.geometry)
              and (not role.graphs or g in role.graphs)]
        if not ok:
            where = f" in graph {'/'.join(role.graphs)}" if role.graphs else ""
            shape = f" with {'/'.join(role.geometry)} geometry" if role.geometry else ""
            return f"role {name} needs a {' or '.join(role.classes)}{shape}{where}; the KG has none"
        if role.categories and not set(role.categories) & prof["categories"]:
            return f"role {name} needs category {' or '.join(role.categories)}; the KG has none"
    for graph in sorted(set(re.findall(r"kgbg:(\w+)", text)) - prof["graphs"]):
        return f"its queries read graph kgbg:{graph}, which the KG lacks"
    missing = sorted(set(re.findall(r"kgb:([a-z]\w*)", text)) - prof["properties"])
    if missing:
        return f"its queries use {', '.join('kgb:' + m for m in missing)}, which the KG lacks"
    for cat in sorted(set(re.findall(r'kgb:category\s+"([^"]+)"', text)) - prof["categories"]):
        return f"its queries ask for category {cat!r}, which the KG lacks"
    return None


def template_coverage(kg, ids: list[str] | None = None) -> dict[str, str | None]:
    """Return, per template id, None when the KG can satisfy the template, else the reason it cannot.

    A template is satisfiable when each role has candidates of its classes, geometry types and graphs, and
    every graph (``kgbg:``), kgbench property (``kgb:``) and literal category its queries name is in the
    KG. This is necessary, not sufficient: generation may still find no pair at the template's scales (its
    report then says so).
    """
    prof = kg_profile(kg)
    return {tid: _why_not(load_template(tid), prof) for tid in (ids or template_ids())}
