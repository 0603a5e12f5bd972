"""GeoSPARQL's query rewrite extension where relation triples cannot be stored: the property as its function.

On a store kgbench opens read-only (the bundled snapshot), ``?a geo:sfWithin ?b`` cannot be answered from
inferred triples as on data loaded in memory (:mod:`kgbench.kg.inference`): materializing every relation of
84,190 spatial objects would store some ten million triples. GeoSPARQL 1.1's rewrite rule says what the
triple means instead: the (default) geometries of the two spatial objects are related by the function of
the same name. :func:`rewrite_relations` turns each such triple pattern into that test, in place, in the
same group:

    ?a geo:sfWithin ?b
    =>  ?a geo:hasGeometry?/geo:asWKT ?kgbrw_1 . ?b geo:hasGeometry?/geo:asWKT ?kgbrw_2 .
        FILTER(geof:sfWithin(?kgbrw_1, ?kgbrw_2))

The path reaches a geometry's own WKT literal (zero steps) and a feature's geometry's (one step), so both
ends may be features or geometries, a node related to itself included, as the inferred triples relate them.
The spatial planner then answers the FILTER through the spatial index (:mod:`kgbench.kg.planner`); the
disjointness relations, which hold for nearly every pair, are tested pair by pair. RCC8 relations hold
between regions only (non-empty polygons and multipolygons), as when they are inferred.

The rewrite is exact only when every spatial object reaches at most one WKT literal that way and nothing
else (no ``geo:hasDefaultGeometry``, no GML, GeoJSON, KML or DGGS serialization) could give an object another
geometry: :func:`rewrite_applies` checks that on the store's spatial index. The bundled snapshot has one
geometry per feature and one WKT literal per geometry.

A relation property the rewrite cannot place (in a property path, a blank-node property list, inside
GRAPH, SERVICE or FILTER EXISTS) is left as written and named in a warning; the fresh variables
(``?kgbrw_N``) are dropped from ``SELECT *`` results by the caller (:data:`FRESH`).

>>> text, left = rewrite_relations("SELECT ?a WHERE { ?a geo:sfWithin <http://x/b> }")
>>> print(text.replace("http://www.opengis.net/ont/geosparql", "GEO").replace("http://www.opengis.net/def/function/geosparql/", "F#"))
SELECT ?a WHERE { ?a <GEO#hasGeometry>?/<GEO#asWKT> ?kgbrw_1 .
<http://x/b> <GEO#hasGeometry>?/<GEO#asWKT> ?kgbrw_2 .
FILTER(<F#sfWithin>(?kgbrw_1, ?kgbrw_2)) }
>>> left
[]
"""

from __future__ import annotations

from kgbench.geofunctions.relations import EH_PATTERNS, RCC8_PATTERNS, SF_PREDICATES
from kgbench.kg.sparql_syntax import (Element, Group, SparqlStructureError, Token, expand_name, parse_query,
                                      prologue_prefixes, split_at, tokenize)
from kgbench.ontologies import GEO, GEOF, PREFIXES, SF

__all__ = ["rewrite_relations", "rewrite_applies", "relation_name", "drop_fresh", "FRESH", "RELATION_NAMES"]

#: the prefix of the variables the rewrite introduces
FRESH = "kgbrw_"
RELATION_NAMES = frozenset((*SF_PREDICATES, *EH_PATTERNS, *RCC8_PATTERNS))
# full IRIs: the query's own prologue may bind geo:, geof: or sf: to something else
_PATH = f"<{GEO.base}hasGeometry>?/<{GEO.base}asWKT>"
_REGION = (f"(STR(<{GEOF.base}geometryType>(?{{v}})) IN (\"{SF.base}Polygon\", \"{SF.base}MultiPolygon\") && "
           f"!<{GEOF.base}isEmpty>(?{{v}}))")
_NODE_KINDS = ("var", "iri", "pname")


def rewrite_applies(index) -> str | None:
    """Return why the rewrite would not be exact on the store of this spatial index, or None when it is.

    ``index`` is a :class:`~kgbench.kg.spatial_index.SpatialIndex`: each subject must reach at most one WKT
    literal through ``geo:hasGeometry?/geo:asWKT`` and no other serialization or default-geometry link may
    give it another geometry (``geo:hasSerialization`` pointing at the same literals is fine).
    """
    wkt, ser = GEO.base + "asWKT", GEO.base + "hasSerialization"
    for key in index.paths:
        steps = key.split()
        if steps[-1] not in (wkt, ser):
            return f"the store has {steps[-1].rsplit('#', 1)[-1]} geometry literals"
        if steps[0] == GEO.base + "hasDefaultGeometry":
            return "the store links features through geo:hasDefaultGeometry"
    reached: dict = {}
    for key in (wkt, GEO.base + "hasGeometry " + wkt):
        for entry, subjects in index.paths.get(key, {}).items():
            for s in subjects:
                if reached.setdefault(s, entry) != entry:
                    return f"{s} reaches more than one WKT literal"
    for key in (ser, GEO.base + "hasGeometry " + ser):
        for entry, subjects in index.paths.get(key, {}).items():
            if any(reached.get(s, entry) != entry for s in subjects):
                return "a geo:hasSerialization literal differs from the geo:asWKT literal of the same node"
    return None


def rewrite_relations(text: str) -> tuple[str, list[str]]:
    """Return (the query with its relation-property triples rewritten as geof: filters, the relations left).

    The relations left (``geo:`` names) are those the rewrite could not place (see the module docstring); a
    text the reader cannot follow is returned unchanged with every relation it names left.

    >>> text = rewrite_relations("ASK { <http://x/a> ^geo:rcc8ntpp ?b ; a geo:Feature }")[0]
    >>> text = text.replace("http://www.opengis.net/def/function/geosparql/", "F#")
    >>> print(text.replace("http://www.opengis.net/ont/", "").replace("<geosparql#hasGeometry>?/<geosparql#asWKT>", "P"))
    ASK { ?b P ?kgbrw_1 .
    <http://x/a> P ?kgbrw_2 .
    FILTER(<F#rcc8ntpp>(?kgbrw_1, ?kgbrw_2) && (STR(<F#geometryType>(?kgbrw_1)) IN ("sf#Polygon", "sf#MultiPolygon") && !<F#isEmpty>(?kgbrw_1)) && (STR(<F#geometryType>(?kgbrw_2)) IN ("sf#Polygon", "sf#MultiPolygon") && !<F#isEmpty>(?kgbrw_2))) .
    <http://x/a> a geo:Feature }
    >>> rewrite_relations("SELECT * { GRAPH ?g { ?a geo:sfTouches ?b } }")[1]
    ['sfTouches']
    """
    try:
        query = parse_query(text)
    except SparqlStructureError:
        return text, sorted({n for n in RELATION_NAMES if n in text})
    tokens = query.tokens
    prefixes = {**PREFIXES, **prologue_prefixes(tokens)}
    rel_at = {k: name for k, t in enumerate(tokens) if (name := relation_name(t, prefixes))}
    if not rel_at:
        return text, []
    taken = {t.text[1:] for t in tokens if t.kind == "var"}
    fresh = _Fresh(taken)
    edits: list[tuple[int, int, str]] = []  # (start offset, end offset, replacement)
    done: set[int] = set()
    for el in _triple_blocks(query.where):
        if any(el.first <= k <= el.last for k in rel_at):
            new = _rewrite_block(tokens, text, el, rel_at, fresh)
            if new is not None:
                edits.append((tokens[el.first].start, tokens[el.last].end, new))
                done |= {k for k in rel_at if el.first <= k <= el.last}
    out, at = [], 0
    for start, end, new in sorted(edits):
        out += [text[at:start], new]
        at = end
    out.append(text[at:])
    return "".join(out), sorted({rel_at[k] for k in rel_at if k not in done})


class _Fresh:
    def __init__(self, taken: set[str]):
        self.taken, self.n = taken, 0

    def __call__(self) -> str:
        while True:
            self.n += 1
            if FRESH + str(self.n) not in self.taken:
                return FRESH + str(self.n)


def relation_name(t: Token, prefixes: dict) -> str | None:
    """Return the GeoSPARQL relation a token names as a ``geo:`` property (``'sfWithin'``), or None.

    >>> relation_name(tokenize("geo:sfWithin")[0], PREFIXES), relation_name(tokenize("geof:sfWithin")[0], PREFIXES)
    ('sfWithin', None)
    """
    if t.kind not in ("iri", "pname"):
        return None
    iri = expand_name(t, prefixes)
    name = iri[len(GEO.base):] if iri and iri.startswith(GEO.base) else None
    return name if name in RELATION_NAMES else None


def _triple_blocks(g: Group):
    """Yield the triple blocks of a group and of the groups its answers are joined from (not GRAPH/SERVICE)."""
    for el in g.elements:
        if el.kind == "triples":
            yield el
        elif el.kind in ("optional", "minus") or (el.kind == "group" and el.group is not None):
            yield from _triple_blocks(el.group)
        elif el.kind == "group":
            for branch in el.union:
                yield from _triple_blocks(branch)
        elif el.kind == "subquery":
            yield from _triple_blocks(el.subquery.where)


def _rewrite_block(tokens: list[Token], text: str, el: Element, rel_at: dict, fresh: _Fresh) -> str | None:
    """Return the block's text with its relation triples rewritten, or None if one cannot be."""
    subject = tokens[el.first]
    if subject.kind not in _NODE_KINDS:
        return None
    paths, filters, rest = [], [], []
    for first, last in split_at(tokens, el.first + 1, el.last, ";"):
        chunk = text[tokens[first].start:tokens[last].end]
        if not any(first <= k <= last for k in rel_at):
            rest.append(f"{subject.text} {chunk}")
            continue
        inverse = tokens[first].text == "^"
        verb = first + inverse
        if verb not in rel_at:
            return None  # a relation inside a longer path
        name = rel_at[verb]
        objects = split_at(tokens, verb + 1, last, ",")
        if any(a != b or tokens[a].kind not in _NODE_KINDS for a, b in objects):
            return None
        for a, _ in objects:
            s, o = (tokens[a].text, subject.text) if inverse else (subject.text, tokens[a].text)
            ws, wo = fresh(), fresh()
            paths += [f"{s} {_PATH} ?{ws}", f"{o} {_PATH} ?{wo}"]
            test = f"<{GEOF.base}{name}>(?{ws}, ?{wo})"
            if name in RCC8_PATTERNS:
                test += " && " + " && ".join(_REGION.format(v=v) for v in (ws, wo))
            filters.append(f"FILTER({test})")
    return " .\n".join(paths + filters + rest)


def drop_fresh(result, original: str):
    """Return ``result`` without the variables the rewrite of ``original`` added (``SELECT *`` projects them).

    Each fresh variable holds the one literal its spatial object reaches, so no two rows differ only there.
    """
    if result.kind != "select" or not any(v.startswith(FRESH) for v in result.variables):
        return result
    users = {t.text[1:] for t in tokenize(original) if t.kind == "var"}
    fresh = [v for v in result.variables if v.startswith(FRESH) and v not in users]
    if not fresh:
        return result
    keep = [i for i, v in enumerate(result.variables) if v not in fresh]
    result.variables = [result.variables[i] for i in keep]
    result.rows = [tuple(row[i] for i in keep) for row in result.rows]
    return result
