"""Gold triples of items in three surface forms (N-Triples, structured JSON, prose) and as N-Quads for auditors."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

from pyoxigraph import Literal, NamedNode, Quad, RdfFormat, parse

from kgbench.generator.items import Item
from kgbench.fileio import atomic_write
from kgbench.ontologies import GEO, ITEM, KGB

__all__ = ["gold_triples_of", "gold_as", "export_gold_nquads", "item_graph", "GoldTriplesError", "GOLD_FORMATS"]

GOLD_FORMATS = ("nt", "json", "text")
ITEM_GRAPH_BASE = ITEM.base
_NAME = KGB.canonicalName.value
_HAS_GEOMETRY = GEO.hasGeometry.value
_AS_WKT = GEO.asWKT.value


class GoldTriplesError(ValueError):
    """Gold triples that are not valid N-Triples (the message names the items and the parse errors)."""


def item_graph(item_id: str) -> NamedNode:
    """Return the IRI of the named graph that holds one item's gold triples.

    >>> item_graph("A1-abc").value
    'https://w3id.org/kgbench/item/A1-abc'
    """
    return NamedNode(ITEM_GRAPH_BASE + item_id)


def gold_triples_of(item: Item) -> list:
    """Return the item's gold triples as pyoxigraph Triples (parsed from its N-Triples text)."""
    return [q.triple for q in parse(item.gold_triples, RdfFormat.N_TRIPLES)]


def gold_as(item: Item, fmt: str = "nt") -> str:
    """Return an item's gold triples as N-Triples ('nt'), structured JSON ('json') or English prose ('text')."""
    if fmt == "nt":
        return item.gold_triples
    triples = gold_triples_of(item)
    if fmt == "json":
        subjects: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
        for t in triples:
            subjects[t.subject.value][t.predicate.value].append(_json_value(t.object))
        return json.dumps({"item": item.id, "question": item.question,
                           "subjects": {s: dict(p) for s, p in sorted(subjects.items())}}, indent=2, ensure_ascii=False)
    if fmt == "text":
        return verbalize(triples)
    raise ValueError(f"unknown gold format {fmt!r}: choose one of {', '.join(GOLD_FORMATS)}")


def _json_value(term):
    if isinstance(term, Literal):
        out = {"value": term.value}
        if term.language:
            out["language"] = term.language
        elif not term.datatype.value.endswith("#string"):
            out["datatype"] = term.datatype.value
        return out
    return {"iri": term.value}


def verbalize(triples: Iterable) -> str:
    """Return short English sentences stating the triples, with names instead of IRIs.

    >>> from pyoxigraph import Triple
    >>> e, g = NamedNode("http://ex.org/e"), NamedNode("http://ex.org/e/g")
    >>> ts = [Triple(e, NamedNode(_NAME), Literal("Kamppi")), Triple(e, NamedNode(_HAS_GEOMETRY), g),
    ...       Triple(g, NamedNode(_AS_WKT), Literal("POINT (24.93 60.17)"))]
    >>> print(verbalize(ts))
    Kamppi has the geometry POINT (24.93 60.17) (WKT, longitude latitude, WGS84).
    """
    triples = list(triples)
    names = {t.subject.value: t.object.value for t in triples if t.predicate.value == _NAME}
    wkt = {t.subject.value: t.object.value for t in triples if t.predicate.value == _AS_WKT}
    geom_of = {t.object.value: t.subject.value for t in triples if t.predicate.value == _HAS_GEOMETRY}
    lines = []
    for t in sorted(triples, key=lambda t: (str(t.subject), str(t.predicate), str(t.object))):
        p = t.predicate.value
        if p == _NAME:
            continue
        if p == _HAS_GEOMETRY:
            subject = names.get(t.subject.value, t.subject.value)
            shape = wkt.get(t.object.value)
            if shape:
                lines.append(f"{subject} has the geometry {shape} (WKT, longitude latitude, WGS84).")
            continue
        if p == _AS_WKT and t.subject.value in geom_of:
            continue
        subject = names.get(t.subject.value, names.get(geom_of.get(t.subject.value, ""), t.subject.value))
        obj = names.get(t.object.value, t.object.value) if isinstance(t.object, NamedNode) else t.object.value
        lines.append(f"{subject} {_phrase(p)} {obj}.")
    return "\n".join(lines)


def _phrase(predicate_iri: str) -> str:
    local = predicate_iri.rsplit("#", 1)[-1].rsplit("/", 1)[-1]
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in local).strip()
    return {"type": "is a", "label": "is labelled"}.get(words, f"has {words}")


def export_gold_nquads(items: Iterable[Item], path: str | Path) -> int:
    """Return the number of quads written: every item's gold triples as N-Quads, one named graph per item.

    Every item's gold triples are parsed first; if any item's do not parse (or its id makes no IRI),
    :class:`GoldTriplesError` names each such item with its parse error and nothing is written. The quads
    are serialized from the parsed terms, so the file is valid N-Quads; it is written atomically.
    """
    quads: list[Quad] = []
    bad: list[str] = []
    for it in items:
        try:
            graph = item_graph(it.id)
            quads.extend(Quad(t.subject, t.predicate, t.object, graph) for t in gold_triples_of(it))
        except (SyntaxError, ValueError, TypeError) as exc:
            bad.append(f"item {it.id}: {' '.join(str(exc).split())}")
    if bad:
        more = f" (and {len(bad) - 10} more)" if len(bad) > 10 else ""
        raise GoldTriplesError(f"gold triples that are not valid N-Triples, nothing written: {'; '.join(bad[:10])}{more}")
    with atomic_write(path) as f:
        for q in quads:
            f.write(f"{q} .\n")
    return len(quads)
