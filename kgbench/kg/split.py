"""The part of a query a plain SPARQL server can answer: the retrievals that fetch every triple the query reads.

A SPARQL server lacks kgbench's geo functions, so :class:`~kgbench.kg.endpoint.EndpointKG` runs a query in two
steps: the server answers *retrievals* (plain SELECTs over its triple patterns, restricted by whatever the
server can evaluate), and the query itself then runs here, with kgbench's functions, over the quads the
retrievals returned. :func:`plan_retrievals` writes the retrievals of a query.

Why the answer is the same as over the whole graph: every operator of the SPARQL algebra is a function of the
solutions of the query's basic graph patterns. The retrievals fetch, for each group of triple patterns, every
quad of every solution that can reach the answer, in its own named graph (so the union default graph repeats a
triple present in two graphs as it does on the server). A retrieval may be restricted only where no solution it
drops could reach the answer:

- by the VALUES blocks and the FILTERs of its own group that use only functions the server has, over
  variables the group's triple patterns always bind;
- by a *relaxation* of what its solutions are joined with (the group's other triple patterns, VALUES, nested
  groups and subqueries without aggregates, limits or offsets): everything of it dropped but triple patterns,
  VALUES and such filters, which can only admit more solutions; only its fragments connected to the
  retrieval, and only when they bring a VALUES block (the query's bindings), since a restriction without them
  costs the server more than it saves. An OPTIONAL or MINUS group is restricted by what precedes it only; a
  group under EXISTS, a UNION branch or a nested group by all of its group; a subquery by nothing (its
  aggregates and limits see all of its solutions).

Property paths are read as their triples: a sequence as triple patterns through fresh variables, a step
``P?`` as both the path with and without it (GeoSPARQL's ``geo:hasGeometry?/geo:asWKT``); another path
fetches every triple of each property it names. ``SERVICE``, ``FROM``, negated property sets, blank-node
property lists and collections raise :class:`SplitError`, as does DESCRIBE.

>>> rs = plan_retrievals('SELECT ?n WHERE { ?e kgb:category "museum" ; kgb:canonicalName ?n }')
>>> len(rs), len(rs[0].patterns)
(1, 2)
>>> print(rs[0].text.split("WHERE")[1].strip())  # doctest: +NORMALIZE_WHITESPACE
{ GRAPH ?kgbsg_1 { ?e kgb:category "museum" } GRAPH ?kgbsg_2 { ?e kgb:canonicalName ?n } }
"""

from __future__ import annotations

import dataclasses
import itertools
import re

from pyoxigraph import NamedNode, RdfFormat, parse

from kgbench.kg.sparql_syntax import (Group, Query, SparqlStructureError, Token, expand_name, parse_query,
                                      path_iris, projected, prologue_prefixes, read_group, split_at,
                                      tokenize)
from kgbench.ontologies import PREFIXES

__all__ = ["Retrieval", "SplitError", "plan_retrievals"]

_RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
_AGGREGATES = {"COUNT", "SUM", "MIN", "MAX", "AVG", "SAMPLE", "GROUP_CONCAT"}
_FRESH = "kgbs"


class SplitError(ValueError):
    """A query whose triple patterns cannot be fetched from a plain SPARQL server (the message says what)."""


@dataclasses.dataclass(frozen=True)
class Retrieval:
    """One SELECT for the server (``text``) and the quad patterns each of its rows instantiates.

    A pattern is (subject, predicate, object, graph), then, for a branch of a UNION, the variable only that
    branch binds: each a variable name as ``"?x"`` or an RDF term; graph None is the default graph. A row
    instantiates a pattern when it binds all of its variables.
    """

    text: str
    patterns: tuple


@dataclasses.dataclass
class _TP:
    """A triple pattern as the server sees it: alternatives (UNION) of sequences of (s, p, o) texts."""

    alternatives: list[list[tuple[str, str, str]]]
    graph: str | None  # the GRAPH term's text, or None (default graph)
    variables: frozenset[str]


class _Planner:
    def __init__(self, q: Query, text: str, named: bool, server_functions: frozenset[str]):
        self.q, self.t, self.text = q, q.tokens, text
        self.prefixes = {**PREFIXES, **prologue_prefixes(q.tokens)}
        self.named, self.server_functions = named, server_functions
        self.taken = {t.text[1:] for t in q.tokens if t.kind == "var"}
        self.n = 0
        self.out: dict[str, Retrieval] = {}
        self.prologue = text[:q.tokens[q.select_first - 1].start]
        self._terms: dict[str, object] = {}

    # ---- small pieces -------------------------------------------------------------------------------------
    def fresh(self, kind: str) -> str:
        while True:
            self.n += 1
            name = f"{_FRESH}{kind}_{self.n}"
            if name not in self.taken:
                return "?" + name

    def span(self, a: int, b: int) -> str:
        return self.text[self.t[a].start:self.t[b].end]

    def term(self, text: str):
        """Return the RDF term a constant's text denotes (parsed as Turtle with the query's prefixes)."""
        if text not in self._terms:
            if text == "a":
                self._terms[text] = NamedNode(_RDF_TYPE)
            else:
                doc = "".join(f"@prefix {p}: <{iri}> .\n" for p, iri in self.prefixes.items())
                try:
                    quad = next(iter(parse(doc + f"<urn:kgb:s> <urn:kgb:p> {text} .", RdfFormat.TURTLE)))
                except (SyntaxError, StopIteration):
                    raise SplitError(f"cannot read the constant {text!r} of a triple pattern") from None
                self._terms[text] = quad.object
        return self._terms[text]

    def pattern_term(self, text: str):
        return text if text.startswith(("?", "$")) else self.term(text)

    # ---- triple blocks ------------------------------------------------------------------------------------
    def node(self, a: int, b: int) -> str:
        if a != b:
            if self.t[a].kind == "string" and b == a + 1 and self.t[b].kind == "lang":
                return self.span(a, b)
            if self.t[a].kind == "string" and b == a + 2 and self.t[a + 1].text == "^^":
                return self.span(a, b)
            if self.t[a].text in "-+" and b == a + 1 and self.t[b].kind == "number":
                return self.span(a, b)
            if self.t[a].text == "[" and b == a + 1 and self.t[b].text == "]":
                return self.fresh("b")
            raise SplitError(f"a blank-node property list or collection at offset {self.t[a].start}: not "
                             f"supported over an endpoint")
        tok = self.t[a]
        if tok.kind == "var":
            return "?" + tok.text[1:]
        if tok.kind in ("iri", "pname", "string", "number") or tok.upper in ("TRUE", "FALSE"):
            return tok.text
        raise SplitError(f"unexpected {tok.text!r} in a triple pattern at offset {tok.start}")

    def block(self, first: int, last: int, graph: str | None) -> list[_TP]:
        """Return the triple patterns of a triple block (``s p o ; p o , o .``)."""
        out = []
        for a, b in split_at(self.t, first, last, "."):
            head = a
            if self.t[a].text == "[":
                raise SplitError(f"a blank-node property list at offset {self.t[a].start}: not supported over "
                                 f"an endpoint")
            s = self.node(head, head)
            for pa, pb in split_at(self.t, head + 1, b, ";"):
                verb_end = pa
                while verb_end <= pb and not self._verb_done(verb_end, pa):
                    verb_end += 1
                verb = self.t[pa:verb_end]
                for oa, ob in split_at(self.t, verb_end, pb, ","):
                    out += self.triple(s, verb, self.node(oa, ob), graph)
        return out

    def _verb_done(self, k: int, start: int) -> bool:
        """True when token k starts the object (the verb ends before it)."""
        if k == start:
            return False
        prev, tok = self.t[k - 1], self.t[k]
        if prev.text in ("/", "|", "^", "(", "!"):
            return False
        if tok.text in ("/", "|", "?", "*", "+", ")"):
            return False
        return True

    def triple(self, s: str, verb: list[Token], o: str, graph: str | None) -> list[_TP]:
        if len(verb) == 1 and (verb[0].kind in ("iri", "pname", "var") or verb[0].text == "a"):
            p = "?" + verb[0].text[1:] if verb[0].kind == "var" else verb[0].text
            return [self.tp([[(s, p, o)]], graph)]
        if len(verb) == 2 and verb[0].text == "^" and verb[1].kind in ("iri", "pname"):
            return [self.tp([[(o, verb[1].text, s)]], graph)]
        steps = path_iris(verb, self.prefixes)
        if steps != [None]:
            optional = [k for k, st in enumerate(steps) if st.endswith("?")]
            if len(optional) < len(steps):  # at least one step always taken
                alternatives = []
                for keep in itertools.product((True, False), repeat=len(optional)):
                    taken = [f"<{st.rstrip('?')}>" for k, st in enumerate(steps)
                             if not st.endswith("?") or keep[optional.index(k)]]
                    nodes = [s] + [self.fresh("p") for _ in taken[:-1]] + [o]
                    alternatives.append([(nodes[i], p, nodes[i + 1]) for i, p in enumerate(taken)])
                return [self.tp(alternatives, graph)]
        if any(t.text == "!" for t in verb):
            raise SplitError("a negated property set (!p) in a path: not supported over an endpoint")
        # another path: fetch every triple of each property it names; the path is then evaluated here
        out = []
        for tok in verb:
            if tok.kind in ("iri", "pname") or tok.text == "a":
                iri = _RDF_TYPE if tok.text == "a" else expand_name(tok, self.prefixes)
                if iri is None:
                    raise SplitError(f"unknown prefix in {tok.text!r}")
                self.emit([self.tp([[("?s", f"<{iri}>", "?o")]], graph)], [], [])
        return out

    def tp(self, alternatives, graph) -> _TP:
        names = {x[1:] for alt in alternatives for trip in alt for x in trip if x.startswith("?")}
        if graph and graph.startswith("?"):
            names.add(graph[1:])
        return _TP(alternatives, graph, frozenset(names))

    # ---- rendering ----------------------------------------------------------------------------------------
    def render(self, tp: _TP, patterns: list | None) -> str:
        """Return the server text of a triple pattern (collecting its quad patterns into ``patterns``)."""
        branches = []
        for alt in tp.alternatives:
            parts, marker = [], None
            if len(tp.alternatives) > 1:  # a row of one branch must not instantiate another's patterns
                marker = self.fresh("a")
                parts.append(f"BIND(true AS {marker})")
            for s, p, o in alt:
                if tp.graph is None and not self.named:
                    g, text = None, f"{s} {p} {o}"
                else:
                    g = tp.graph or self.fresh("g")
                    text = f"GRAPH {g} {{ {s} {p} {o} }}"
                parts.append(text)
                if patterns is not None:
                    patterns.append(tuple(self.pattern_term(x) for x in (s, p, o)) +
                                    (None if g is None else self.pattern_term(g),) + ((marker,) if marker else ()))
            branches.append(" ".join(parts))
        return branches[0] if len(branches) == 1 else " UNION ".join(f"{{ {b} }}" for b in branches)

    def safe_filter(self, first: int, last: int) -> bool:
        """True when the server can evaluate the FILTER at tokens first..last."""
        for k in range(first, last + 1):
            tok = self.t[k]
            if tok.kind == "name" and tok.upper == "EXISTS":
                return False
            if tok.kind in ("iri", "pname") and k + 1 <= last and self.t[k + 1].text == "(":
                if expand_name(tok, self.prefixes) not in self.server_functions:
                    return False
        return True

    # ---- groups -------------------------------------------------------------------------------------------
    def relax(self, g: Group, graph: str | None, upto: int | None = None) -> list[tuple[str, frozenset]]:
        """Return the (text, variables) fragments of a relaxation of the group (its elements before ``upto``)."""
        frags, certain, filters = [], set(), []
        for k, el in enumerate(g.elements):
            if upto is not None and k >= upto:
                break
            if el.kind == "triples":
                for tp in self.block(el.first, el.last, graph):
                    frags.append((self.render(tp, None), tp.variables))
                    certain |= tp.variables
            elif el.kind == "values":
                frags.append((self.span(el.first, el.last), el.variables))
                if not any(t.upper == "UNDEF" for t in self.t[el.first:el.last + 1]):
                    certain |= el.variables
            elif el.kind == "filter" and self.safe_filter(el.first, el.last):
                filters.append(el)
            elif el.kind in ("graph", "group") and el.group is not None:
                # a nested group's relaxation joins in as its fragments (its triple patterns carry their GRAPH,
                # its filters bind only variables it always binds): the retrieval takes the connected ones only
                term = self.span(el.first + 1, el.first + 1) if el.kind == "graph" else graph
                inner = self.relax(el.group, term)
                frags += inner
                certain |= {x for text, v in inner if not text.startswith("FILTER") for x in v}
            elif el.kind == "subquery" and self.relaxable(el.subquery):
                inner = self.relax(el.subquery.where, graph)
                names = projected(el.subquery)
                if (inner and names and _connected(inner)
                        and all(not self.t[i].text == "(" for i in range(el.subquery.select_first,
                                                                         el.subquery.select_last + 1))):
                    frags.append((f"{{ SELECT DISTINCT {' '.join('?' + n for n in sorted(names))} WHERE {{ "
                                  + " ".join(f[0] for f in inner) + " } }", names))
        for el in filters:
            if el.variables <= certain:
                frags.append((self.span(el.first, el.last), el.variables))
        return frags

    def relaxable(self, q: Query) -> bool:
        return not (q.group_by or q.having or q.limit is not None or q.offset is not None or any(
            t.kind == "name" and t.upper in _AGGREGATES for t in self.t[q.select_first:q.select_last + 1]))

    def group(self, g: Group, graph: str | None, restrict: list[tuple[str, frozenset]]):
        """Emit the retrievals of a group's triple patterns and recurse into its inner patterns."""
        tps, values, filters = [], [], []
        for el in g.elements:
            if el.kind == "triples":
                tps += self.block(el.first, el.last, graph)
            elif el.kind == "values":
                values.append((self.span(el.first, el.last), el.variables))
            elif el.kind == "filter" and self.safe_filter(el.first, el.last):
                filters.append((self.span(el.first, el.last), el.variables))
            elif el.kind == "service":
                raise SplitError("SERVICE: a query sent to an endpoint cannot call another service")
        self.emit(tps, values, filters, restrict)
        whole = self.relax(g, graph)
        for k, el in enumerate(g.elements):
            if el.kind in ("optional", "minus"):
                self.group(el.group, graph, restrict + self.relax(g, graph, upto=k))
            elif el.kind == "group" and el.group is not None:
                self.group(el.group, graph, restrict + whole)
            elif el.kind == "group":
                for branch in el.union:
                    self.group(branch, graph, restrict + whole)
            elif el.kind == "graph":
                self.group(el.group, self.span(el.first + 1, el.first + 1), restrict + whole)
            elif el.kind == "subquery":
                self.query(el.subquery, graph)
            elif el.kind in ("filter", "bind"):
                self.exists(el.first, el.last, graph, restrict + whole)

    def exists(self, first: int, last: int, graph: str | None, restrict) -> None:
        """Emit the retrievals of every ``EXISTS { }`` group in tokens first..last (a FILTER, a BIND, a
        projection), each restricted by ``restrict``; groups nested in those are reached through them."""
        k = first
        while k <= last:
            if self.t[k].kind == "name" and self.t[k].upper == "EXISTS" and k + 1 <= last and self.t[k + 1].text == "{":
                inner = read_group(self.t, k + 1)
                self.group(inner, graph, restrict)
                k = inner.close + 1
            else:
                k += 1

    def query(self, q: Query, graph: str | None, restrict=()) -> None:
        """Emit the retrievals of a query or subquery: its WHERE group, and EXISTS groups in its projection
        and HAVING (restricted by nothing: they see every solution)."""
        self.group(q.where, graph, list(restrict))
        self.exists(q.select_first, q.select_last, graph, [])
        self.exists(q.where.close + 1, min(q.end, len(self.t) - 1), graph, [])

    def emit(self, tps: list[_TP], values, filters, restrict=()):
        """Add one retrieval per connected component of the triple patterns."""
        comps: list[tuple[list[_TP], set]] = []
        for tp in tps:
            joined = [c for c in comps if c[1] & tp.variables]
            merged = ([tp], set(tp.variables))
            for c in joined:
                merged[0][:0] = c[0]
                merged[1].update(c[1])
                comps.remove(c)
            comps.append(merged)
        for members, names in comps:
            patterns: list = []
            body = [self.render(tp, patterns) for tp in members]
            certain = set(names)
            for text, v in values:
                if v & names:
                    body.insert(0, text)
                    certain |= v
            body += [text for text, v in filters if v <= certain]
            own = {f"GRAPH {tp.graph} {{ {s} {p} {o} }}" if tp.graph else f"{s} {p} {o}"
                   for tp in members for alt in tp.alternatives for s, p, o in alt}
            body += _restriction(restrict, certain, own)
            heads = sorted({x[1:] for pat in patterns for x in pat if isinstance(x, str)})
            text = (self.prologue + f"SELECT DISTINCT {' '.join('?' + h for h in heads) or '*'} WHERE {{ "
                    + " ".join(body) + " }")
            self.out.setdefault(text, Retrieval(text, tuple(patterns)))


def _own(text: str, own: set) -> bool:
    """True when a restricting fragment is one of the retrieval's own triple patterns (in a graph of its own)."""
    if text in own:
        return True
    m = re.fullmatch(rf"GRAPH \?{_FRESH}g_\d+ \{{ (.*) \}}", text)
    return bool(m) and "GRAPH" not in m.group(1) and m.group(1) in own


def _connected(frags) -> bool:
    """True when the pattern fragments of a relaxation share variables as one component (no cross product)."""
    parts = [set(v) for text, v in frags if not text.startswith("FILTER")]
    if not parts:
        return False
    seen, grown = set(parts[0]), True
    while grown:
        grown = False
        for v in parts:
            if v & seen and not v <= seen:
                seen |= v
                grown = True
    return all(v <= seen for v in parts)


def _restriction(restrict, bound: set, own: set = frozenset()) -> list[str]:
    """Return the restricting fragments joined to a retrieval binding ``bound``: the patterns connected to it
    (growing what is bound), then the filters over what is bound only (a filter on an unbound variable fails).

    A triple pattern the retrieval has itself (``own``, as ``s p o`` or ``GRAPH g { s p o }``) in a graph of its
    own restricts nothing. Only fragments that bring bindings (a VALUES block) are worth joining: the server
    starts from them; joined in without them, the rest of the query can multiply the rows the server enumerates
    (every city of two neighbouring countries paired) for no fewer triples, so none are returned then."""
    bound, out = set(bound), []
    left = [f for f in dict.fromkeys(restrict) if not _own(f[0], own)]
    grown = True
    while grown:
        grown = False
        for frag in list(left):
            text, v = frag
            if not text.startswith("FILTER") and v & bound:
                out.append(text)
                bound |= v
                left.remove(frag)
                grown = True
    if not any(text.startswith("VALUES") for text in out):
        return []
    return out + [text for text, v in left if text.startswith("FILTER") and v <= bound]


def plan_retrievals(text: str, *, named_graphs: bool = True, values: str | None = None,
                    server_functions: frozenset[str] = frozenset()) -> list[Retrieval]:
    """Return the retrievals that fetch every quad the query ``text`` reads (see the module docstring).

    ``named_graphs``: the server holds its data in named graphs (each retrieval then asks for the graph of
    every triple) rather than in its default graph. ``values`` is a VALUES block that restricts the outermost
    group (bindings the caller passes beside the text). ``server_functions`` are the function IRIs the server
    evaluates (its GeoSPARQL functions, say): filters calling only those, and SPARQL's built-ins, run there.
    A query this reader cannot follow raises :class:`SplitError`.

    >>> rs = plan_retrievals("SELECT * WHERE { ?a kgb:p ?x . ?b kgb:q ?y FILTER(?x < 3) }")
    >>> [r.text.count("FILTER") for r in rs]
    [1, 0]
    """
    try:
        if any(t.kind == "name" and t.upper == "DESCRIBE" for t in tokenize(text)):
            raise SplitError("DESCRIBE: not supported over an endpoint (use CONSTRUCT)")
        q = parse_query(text)
    except SparqlStructureError as exc:
        raise SplitError(f"cannot split the query for an endpoint: {exc}") from None
    if any(t.kind == "name" and t.upper == "FROM" for t in q.tokens[:q.where.open]):
        raise SplitError("FROM / FROM NAMED: not supported over an endpoint (use GRAPH in the pattern)")
    planner = _Planner(q, text, named_graphs, frozenset(server_functions))
    restrict = []
    if values:
        names = frozenset(v[1:] for v in values.replace("(", " ").replace(")", " ").split() if v.startswith("?"))
        restrict.append((values, names))
    planner.query(q, None, restrict)
    return list(planner.out.values())
