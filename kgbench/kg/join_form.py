"""Reading the spatial joins the planner computes itself out of a SELECT query; nothing is evaluated here.

A group graph pattern is a *spatial join* when

- its elements are triple blocks, VALUES, GRAPH, nested groups (UNIONs too), subqueries and FILTERs (no
  OPTIONAL, MINUS, BIND or SERVICE at its top level), with no blank node label (``_:b`` joins triple
  blocks the way a variable does) and no RAND, NOW, UUID, STRUUID, BNODE or EXISTS anywhere in the query
  (their value depends on how the query is split);
- its required elements fall into exactly two *parts* that share no variable;
- every top-level ``&&`` conjunct of its FILTERs mentions the variables of one part only (it is evaluated
  with that part), or is one of

  - the *distance test* ``geof:distance(?x, ?y, unit) < | <= | = bound`` (either way round; the bound a
    number or a variable of one part), exactly one;
  - a *term test* ``?u != ?v``, ``?u = ?v``, ``sameTerm(?u, ?v)`` or ``!sameTerm(?u, ?v)``, one variable in
    each part.

The two query forms read here (:meth:`FormReader.form`):

- :class:`JoinForm`: ``SELECT [DISTINCT] ?v ... WHERE { spatial join }`` and no solution modifier;
- :class:`MinForm`: ``SELECT ?k ... (MIN(geof:distance(?x, ?y, unit)) AS ?m) WHERE { spatial join without a
  distance test } GROUP BY ?k ...`` (plain variables, every one in the part of ?x or of ?y).

:mod:`kgbench.kg.join_eval` evaluates them; anything else is left to :mod:`kgbench.kg.planner`.

>>> from kgbench.kg.sparql_syntax import parse_query
>>> q = parse_query("SELECT ?a ?b WHERE { ?a <http://x/g> ?wa . ?b <http://x/g> ?wb . "
...                 "FILTER(?a != ?b && geof:distance(?wa, ?wb, uom:metre) <= 10) }")
>>> f = FormReader(q.tokens, {"geof": "http://www.opengis.net/def/function/geosparql/",
...                           "uom": "http://www.opengis.net/def/uom/OGC/1.0/"}).form(q)
>>> f.projection, f.join.distance.op, f.join.distance.bound, [t.equal for t in f.join.terms]
(['a', 'b'], '<=', 10.0, [False])
"""

from __future__ import annotations

import dataclasses

from kgbench.kg.sparql_syntax import Group, Query, Token, expand_name, split_at, strip_parens
from kgbench.ontologies import GEOF

__all__ = ["FormReader", "JoinForm", "MinForm", "Join", "Part", "Distance", "TermTest", "DISTANCE"]

DISTANCE = GEOF.base + "distance"
_REQUIRED = {"triples", "values", "graph", "group", "subquery"}
_VOLATILE = {"RAND", "NOW", "UUID", "STRUUID", "BNODE", "EXISTS"}
_FLIP = {">": "<", ">=": "<=", "=": "="}


@dataclasses.dataclass
class Part:
    """One part of a spatial join: its element indices in the group and the FILTER conjuncts (token spans)
    evaluated with it."""

    elements: list[int]
    variables: frozenset[str]
    filters: list[tuple[int, int]] = dataclasses.field(default_factory=list)


@dataclasses.dataclass
class Distance:
    """``geof:distance(?x, ?y, unit)`` as written; as a test also ``op`` ('<', '<=' or '=', read as
    ``distance op bound``) and ``bound`` (a number, or a variable name) with the bound token's text."""

    x: str
    y: str
    unit: str
    op: str | None = None
    bound: float | str | None = None
    bound_text: str = ""


@dataclasses.dataclass
class TermTest:
    """A term test across the parts: ``equal`` (= or sameTerm) or not, ``same_term`` (sameTerm, which
    compares literals as terms too) or an (in)equality operator (IRIs and blank nodes only)."""

    driver_var: str
    tree_var: str
    equal: bool
    same_term: bool


@dataclasses.dataclass
class Join:
    """A spatial join: the driver part (the side of the distance the candidates are looked up for) and the
    tree part (the side searched), the geometry variable of each, the distance call and the term tests."""

    group: Group
    driver: Part
    tree: Part
    driver_geom: str
    tree_geom: str
    distance: Distance
    terms: list[TermTest]

    @property
    def driver_first(self) -> bool:
        """Return whether the driver's geometry is the first argument of geof:distance."""
        return self.distance.x == self.driver_geom


@dataclasses.dataclass
class JoinForm:
    """``SELECT [DISTINCT] ?v ... WHERE { spatial join }``: the projected variables in order."""

    query: Query
    join: Join
    projection: list[str]
    distinct: bool


@dataclasses.dataclass
class MinForm:
    """``SELECT ?k ... (MIN(geof:distance(...)) AS ?m) WHERE { ... } GROUP BY ?k ...``: group keys,
    projected names in order, and the name the minimum is bound to."""

    query: Query
    join: Join
    keys: list[str]
    projection: list[str]
    target: str


class FormReader:
    """Return the spatial-join form of a query or subquery read from its tokens, or None."""

    def __init__(self, tokens: list[Token], prefixes: dict[str, str]):
        self.tokens, self.prefixes = tokens, prefixes

    def form(self, q: Query) -> JoinForm | MinForm | None:
        """Return the :class:`JoinForm` or :class:`MinForm` of ``q``, or None when it is neither."""
        t = self.tokens
        if q.form != "SELECT" or q.having or q.order_by or q.limit is not None or q.offset is not None:
            return None
        span = t[q.select_first:q.end + 1]
        if any(u.kind == "name" and (u.upper in _VOLATILE or u.text == "_") for u in span):
            return None
        items = self.projection(q)
        if items is None:
            return None
        distinct, items = items
        mins = [it for it in items if isinstance(it, tuple)]
        names = [it[1] if isinstance(it, tuple) else it for it in items]
        if len(set(names)) != len(names):
            return None
        if not q.group_by:
            if mins or q.end != q.where.close:
                return None
            join = self.join(q.where, None)
            return JoinForm(q, join, names, distinct) if join is not None else None
        keys = self.group_keys(q)
        if keys is None or distinct or len(mins) != 1 or any(n not in keys for n in names if n != mins[0][1]):
            return None
        join = self.join(q.where, mins[0][0], keys)
        return MinForm(q, join, keys, names, mins[0][1]) if join is not None else None

    # -- the parts of a query ---------------------------------------------------------------------------
    def projection(self, q: Query) -> tuple[bool, list] | None:
        """Return (DISTINCT, items): variable names, or (Distance, name) for ``(MIN(geof:distance(...)) AS ?m)``."""
        t, k, last = self.tokens, q.select_first, q.select_last
        distinct = k <= last and t[k].upper in ("DISTINCT", "REDUCED")
        if distinct and t[k].upper == "REDUCED":
            return None
        k += distinct
        items: list = []
        while k <= last:
            if t[k].kind == "var":
                items.append(t[k].text[1:])
                k += 1
                continue
            # ( MIN ( fn ( ?x , ?y , unit ) ) AS ?m )
            if k + 14 > last or [u.text for u in (t[k], t[k + 2], t[k + 11], t[k + 14])] != ["(", "(", ")", ")"] \
                    or t[k + 1].upper != "MIN" or t[k + 12].upper != "AS" or t[k + 13].kind != "var":
                return None
            call = self.call(k + 3, k + 10)
            if call is None:
                return None
            items.append((call, t[k + 13].text[1:]))
            k += 15
        return (distinct, items) if items else None

    def group_keys(self, q: Query) -> list[str] | None:
        """Return the GROUP BY variables when they are all the query has after its WHERE group."""
        t, k = self.tokens, q.where.close + 1
        if k + 2 > q.end or t[k].upper != "GROUP" or t[k + 1].upper != "BY":
            return None
        keys = t[k + 2:q.end + 1]
        if not all(u.kind == "var" for u in keys):
            return None
        return [u.text[1:] for u in keys]

    def call(self, first: int, last: int) -> Distance | None:
        """Return the geof:distance call spanning tokens [first, last] (two variables and a unit IRI), or None."""
        t = self.tokens
        if last - first != 7 or [t[first + i].text for i in (1, 3, 5, 7)] != ["(", ",", ",", ")"]:
            return None
        a, b = t[first + 2], t[first + 4]
        if expand_name(t[first], self.prefixes) != DISTANCE or a.kind != "var" or b.kind != "var" or a.text == b.text:
            return None
        unit = expand_name(t[first + 6], self.prefixes)
        return Distance(a.text[1:], b.text[1:], unit) if unit else None

    def conjuncts(self, first: int, last: int) -> list[tuple[int, int]]:
        """Return the [first, last] spans of the top-level && conjuncts of the FILTER spanning [first, last]."""
        t = self.tokens
        a, b = first + 1, last
        if t[a].text == "(":
            a, b = a + 1, b - 1
        return [strip_parens(t, x, y) for x, y in split_at(t, a, b, "&&")]

    def distance_test(self, a: int, b: int) -> Distance | None:
        """Return the distance test spanning [a, b] (``call op bound`` or ``bound op call``), or None."""
        t = self.tokens
        for op_at, call_span, bound_at, ops in ((b - 1, (a, b - 2), b, ("<", "<=", "=")),
                                                 (a + 1, (a + 2, b), a, (">", ">=", "="))):
            if not a < op_at < b or t[op_at].text not in ops or t[bound_at].kind not in ("number", "var"):
                continue
            d = self.call(*call_span)
            if d is None:
                continue
            d.op = _FLIP.get(t[op_at].text, t[op_at].text) if op_at == a + 1 else t[op_at].text
            bt = t[bound_at]
            d.bound, d.bound_text = (float(bt.text), bt.text) if bt.kind == "number" else (bt.text[1:], "")
            return d
        return None

    def term_test(self, a: int, b: int) -> tuple[str, str, bool, bool] | None:
        """Return (u, v, equal, same_term) of ``?u != ?v``, ``?u = ?v``, ``[!]sameTerm(?u, ?v)``, or None."""
        t = self.tokens
        if b - a == 2 and t[a].kind == t[b].kind == "var" and t[a + 1].text in ("=", "!="):
            return t[a].text[1:], t[b].text[1:], t[a + 1].text == "=", False
        negated = t[a].text == "!"
        a += negated
        if b - a == 5 and t[a].upper == "SAMETERM" and [t[a + i].text for i in (1, 3, 5)] == ["(", ",", ")"] \
                and t[a + 2].kind == t[a + 4].kind == "var":
            return t[a + 2].text[1:], t[a + 4].text[1:], not negated, True
        return None

    # -- the join ---------------------------------------------------------------------------------------
    def parts(self, g: Group) -> list[Part] | None:
        """Return the parts of the group's required elements (None if an element is of another kind)."""
        parts: list[Part] = []
        for i, el in enumerate(g.elements):
            if el.kind == "filter":
                continue
            if el.kind not in _REQUIRED:
                return None
            vs, members = set(el.variables), [i]
            for p in [p for p in parts if p.variables & vs]:
                parts.remove(p)
                vs |= p.variables
                members += p.elements
            parts.append(Part(sorted(members), frozenset(vs)))
        return parts

    def join(self, g: Group, call: Distance | None, keys: list[str] | None = None) -> Join | None:
        """Return the spatial join of group ``g``; ``call`` is the MIN's distance (then no distance test)."""
        parts = self.parts(g)
        if parts is None or len(parts) != 2:
            return None
        p0, p1 = parts
        tests, terms = [], []
        for el in g.elements:
            if el.kind != "filter":
                continue
            for a, b in self.conjuncts(el.first, el.last):
                vs = {u.text[1:] for u in self.tokens[a:b + 1] if u.kind == "var"}
                if not vs & p1.variables:
                    p0.filters.append((a, b))
                elif not vs & p0.variables:
                    p1.filters.append((a, b))
                elif (d := self.distance_test(a, b)) is not None:
                    tests.append(d)
                elif (tt := self.term_test(a, b)) is not None:
                    terms.append(tt)
                else:
                    return None
        if call is None and len(tests) != 1 or call is not None and tests:
            return None
        d = call or tests[0]
        side = {v: p for p in (p0, p1) for v in p.variables}
        if d.x not in side or d.y not in side or side[d.x] is side[d.y]:
            return None
        if keys is not None:  # MIN per group: the keys' part drives
            if any(k not in side for k in keys) or len({id(side[k]) for k in keys}) > 1:
                return None
            driver = side[keys[0]] if keys else side[d.x]
        elif isinstance(d.bound, str):  # a variable bound comes with the driver
            if d.bound not in side:
                return None
            driver = side[d.bound]
        else:  # the part holding VALUES or subqueries (the reference places) drives; else ?x's part
            weight = lambda p: sum(g.elements[i].kind in ("values", "subquery") for i in p.elements)  # noqa: E731
            driver = max((side[d.x], side[d.y]), key=weight)
        tree = p1 if driver is p0 else p0
        dgeom, tgeom = (d.x, d.y) if side[d.x] is driver else (d.y, d.x)
        tests_out = []
        for u, v, equal, same in terms:
            if side[u] is tree:
                u, v = v, u
            tests_out.append(TermTest(u, v, equal, same))
        return Join(g, driver, tree, dgeom, tgeom, d, tests_out)
