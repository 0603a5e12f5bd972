"""The spatial planner: plain GeoSPARQL distance, relation and nearest-neighbour queries answered through the index.

Oxigraph evaluates ``?a ... ?wa . ?b ... ?wb . FILTER(geof:distance(?wa, ?wb, uom:kilometre) <= 5)`` by
comparing every pair. Before it runs, :func:`run_planned` looks for these forms in every group of the
query (the WHERE clause, nested groups, UNION branches and subqueries; not inside OPTIONAL, MINUS, GRAPH or
SERVICE):

- a FILTER conjunct ``geof:distance(?x, ?y, unit) < | <= | = bound`` (a number, or a variable bound on ?x's
  side), either way round;
- a FILTER conjunct calling a relation that implies the geometries meet (``geof:sfWithin``,
  ``geof:sfIntersects``, ``geof:ehCovers``, ``geof:rcc8po`` ...; not the disjointness relations);
- ``ORDER BY geof:distance(?x, ?y, unit)`` (or a variable BIND or SELECT gives that value) with LIMIT;
- ``MIN(geof:distance(?x, ?y, unit))`` per group when the groups are those of ?x's subjects.

It applies when ?x and ?y lie in separate parts of the group (no shared variable joins them) and ?y is the
object of a triple ``?s P ?y`` whose path the :class:`~kgbench.kg.spatial_index.SpatialIndex` knows (``P``,
``geo:hasGeometry/P`` or ``geo:hasDefaultGeometry/P``, P a serialization property). ?x's part is evaluated
alone (a small query of its own elements), the index proposes the ?y subjects near each ?x, and the group
gets a VALUES block of those (?x subject, ?y subject) pairs. The FILTER, ORDER BY and MIN stay as written:
the index only prunes, the exact geodesic or topological test in the query decides. A nearest-neighbour
search widens its radius (10 km, x4 each round) until the LIMIT is filled by candidates within the radius,
or every group has a row, so anything outside is strictly farther; ties inside the radius are all there.

Before any of that, a query that is a whole *spatial join* (two independent parts, one distance test or
a MIN(geof:distance) per group, term tests such as ``?a != ?b`` across; :mod:`kgbench.kg.join_form`) is
computed by :mod:`kgbench.kg.join_eval` without the rewrite: each part queried once, candidates from an
STRtree, each distance computed as ``geof:distance`` computes it, the rows built directly. It checks every
geometry it reads and returns None for anything it does not reproduce exactly; the forms above then apply.

Anything else (and any store holding unreadable or empty geometry literals, whose pair-by-pair failures
must be reported) is left to Oxigraph as written: :func:`run_planned` then returns None.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable

import numpy as np
import shapely
from pyoxigraph import Literal, NamedNode

from kgbench.geofunctions.literals import GeometryLiteralError, read_literal
from kgbench.geofunctions.metric import WGS84, geof_distance, geodesic_distance_m
from kgbench.geofunctions.registry import Registry
from kgbench.geofunctions.relations import EH_PATTERNS, RCC8_PATTERNS, SF_PREDICATES
from kgbench.geofunctions.units import length_factor
from kgbench.kg.join_eval import answer as answer_join
from kgbench.kg.results import QueryResult
from kgbench.kg.spatial_index import SpatialIndex, path_key
from kgbench.kg.sparql_syntax import (Element, Group, Query, SparqlStructureError, expand_name, parse_query,
                                      path_iris, prologue_prefixes, projected, split_at as _split, strip_parens as _strip)
from kgbench.ontologies import GEOF, PREFIXES

__all__ = ["run_planned", "mentions_spatial"]

DISTANCE = GEOF.base + "distance"
MEETING = {GEOF.base + n for n in (*SF_PREDICATES, *EH_PATTERNS, *RCC8_PATTERNS)
           if n not in ("sfDisjoint", "ehDisjoint", "rcc8dc")}
_FIRST_RADIUS_M = 10_000.0
_WIDEN = 4.0
_WORLD_M = 20_100_000.0  # more than half the meridian: every geodesic is shorter
_MAX_DRIVER_ROWS = 200_000
_SLACK = 1e-9  # relative: the index keeps candidates this much beyond the radius (the query decides)


def mentions_spatial(text: str) -> bool:
    """Return whether a query text may hold a form the planner handles (a cheap test before parsing).

    >>> mentions_spatial("SELECT * { ?a ?p ?o }"), mentions_spatial("FILTER(geof:sfWithin(?a, ?b))")
    (False, True)
    """
    return "distance" in text or "sf" in text or "eh" in text or "rcc8" in text


@dataclasses.dataclass
class _Spatial:
    """One spatial test between two geometry variables: 'distance' (unit, bound) or 'meet' (a relation)."""

    kind: str
    x: str
    y: str
    unit: str = ""
    bound: float | str | None = None


@dataclasses.dataclass
class _Side:
    subject: str | None  # the variable of the subject reaching the geometry, if any
    key: str | None  # the index path of that triple
    part: list[int]  # element indices of the group's part holding the variable


class _Planner:
    def __init__(self, text: str, query: Query, index: SpatialIndex, run: Callable[[str], QueryResult],
                 check: Callable[[], None]):
        self.text, self.q, self.index, self.run, self.check = text, query, index, run, check
        self.tokens = query.tokens
        self.prefixes = {**PREFIXES, **prologue_prefixes(self.tokens)}
        first_form = next(i for i, t in enumerate(self.tokens) if t.kind == "name" and t.upper in
                          ("SELECT", "ASK", "CONSTRUCT", "DESCRIBE"))
        self.prologue = text[:self.tokens[first_form].start]
        self.edits: list[tuple[int, str]] = []  # (character offset, text inserted there)
        self.warnings: list[str] = []
        self.used = False

    # -- text -------------------------------------------------------------------------------------------
    def span(self, first: int, last: int) -> str:
        """Return the text of tokens [first, last] with the edits made inside it."""
        a, b = self.tokens[first].start, self.tokens[last].end
        out, at = [], a
        for pos, ins in sorted(self.edits, key=lambda e: e[0]):
            if a < pos <= b:
                out += [self.text[at:pos], ins]
                at = pos
        return "".join(out) + self.text[at:b]

    def query_text(self, q: Query) -> str:
        """Return the standalone text of query or subquery ``q`` (with the prologue and the edits so far)."""
        if q is self.q:
            return self.text[:self.tokens[0].start] + self.span(0, len(self.tokens) - 1) + self.text[self.tokens[-1].end:]
        return self.prologue + self.span(q.select_first - 1, q.end)

    # -- reading ----------------------------------------------------------------------------------------
    def call(self, first: int, last: int) -> _Spatial | None:
        """Return the spatial test of the call spanning tokens [first, last], or None."""
        t = self.tokens
        if last - first not in (5, 7) or not (t[first + 1].text == "(" and t[last].text == ")"):
            return None
        fn = expand_name(t[first], self.prefixes)
        a, b = t[first + 2], t[first + 4]
        if a.kind != "var" or b.kind != "var" or t[first + 3].text != "," or a.text == b.text:
            return None
        if fn == DISTANCE and last - first == 7 and t[first + 5].text == ",":
            unit = expand_name(t[first + 6], self.prefixes)
            return _Spatial("distance", a.text[1:], b.text[1:], unit=unit) if unit else None
        if fn in MEETING and last - first == 5:
            return _Spatial("meet", a.text[1:], b.text[1:])
        return None

    def conjuncts(self, el: Element) -> list[tuple[int, int]]:
        """Return the [first, last] spans of the top-level && conjuncts of a FILTER."""
        t = self.tokens
        first, last = el.first + 1, el.last
        if t[first].text == "(":
            first, last = first + 1, last - 1
        out = _split(t, first, last, "&&")
        return [_strip(t, a, b) for a, b in out]

    def filter_tests(self, el: Element) -> list[_Spatial]:
        t, out = self.tokens, []
        for a, b in self.conjuncts(el):
            s = self.call(a, b)
            if s is not None and s.kind == "meet":
                out.append(s)
                continue
            for op_at, call_span, bound_at, ops in ((b - 1, (a, b - 2), b, ("<", "<=", "=")),
                                                     (a + 1, (a + 2, b), a, (">", ">=", "="))):
                if op_at <= a or op_at >= b or t[op_at].text not in ops:
                    continue
                s = self.call(*call_span)
                bt = t[bound_at]
                if s is None or s.kind != "distance" or bt.kind not in ("number", "var"):
                    continue
                s.bound = float(bt.text) if bt.kind == "number" else bt.text[1:]
                out.append(s)
        return out

    def binding(self, el: Element, var: str) -> tuple[str | None, str | None] | None:
        """Return (subject variable, index path) of a triple in ``el`` with ``?var`` as object, or None."""
        t = self.tokens
        if el.kind != "triples" or t[el.first].kind not in ("var", "iri", "pname"):
            return None
        subject = t[el.first].text[1:] if t[el.first].kind == "var" else None
        for chunk in _split(t, el.first + 1, el.last, ";"):
            segs = _split(t, chunk[0], chunk[1], ",")
            verb = list(range(segs[0][0], segs[0][1]))
            objects = [segs[0][1]] + [s[0] for s in segs[1:] if s[0] == s[1]]
            if not any(t[o].kind == "var" and t[o].text[1:] == var for o in objects):
                continue
            return subject, path_key(path_iris([t[k] for k in verb], self.prefixes))
        return None

    # -- planning -----------------------------------------------------------------------------------------
    def parts(self, g: Group) -> list[list[int]]:
        """Return the group's required elements split into parts that share no variable."""
        # BIND and FILTER do not join parts: they only extend or restrict the solutions of what precedes them
        req = [i for i, e in enumerate(g.elements) if e.kind in ("triples", "values", "group", "subquery")]
        parts: list[tuple[set, list[int]]] = []
        for i in req:
            vs = set(g.elements[i].variables)
            joined = [p for p in parts if p[0] & vs]
            for p in joined:
                parts.remove(p)
                vs |= p[0]
            parts.append((vs, sorted([i] + [k for p in joined for k in p[1]])))
        return [p[1] for p in parts]

    def side(self, g: Group, parts: list[list[int]], var: str) -> _Side | None:
        part = next((p for p in parts if any(var in g.elements[i].variables for i in p)), None)
        if part is None:
            return None
        found = [b for i in part if (b := self.binding(g.elements[i], var)) is not None]
        if found:
            b = max(found, key=lambda f: f[1] is not None and f[0] is not None)
            return _Side(b[0], b[1], part)
        if any(g.elements[i].kind == "values" and var in g.elements[i].variables for i in part):
            return _Side(None, None, part)
        return None

    def drive(self, g: Group, s: _Spatial) -> list[tuple[_Side, _Side, str, str]]:
        """Return the (driver side, indexed side, driver variable, indexed variable) a test may use, best first."""
        parts = self.parts(g)
        sx, sy = self.side(g, parts, s.x), self.side(g, parts, s.y)
        if sx is None or sy is None or sx.part == sy.part:
            return []
        options = [(sx, sy, s.x, s.y), (sy, sx, s.y, s.x)]
        if isinstance(s.bound, str):  # the bound must come with the driver
            options = [o for o in options if any(s.bound in g.elements[i].variables for i in o[0].part)]
        weight = lambda o: sum(g.elements[i].kind in ("values", "subquery") for i in o[0].part)  # noqa: E731
        return [o for o in sorted(options, key=weight, reverse=True)
                if o[1].key is not None and o[1].subject is not None and self.index.has_path(o[1].key)]

    def driver_rows(self, g: Group, side: _Side, var: str, bound: str | None,
                    limit: int = _MAX_DRIVER_ROWS + 1) -> list[tuple] | None:
        """Return the distinct (subject, geometry literal, bound) rows of the driver's part (at most ``limit``),
        or None when there are more than the planner drives."""
        els = g.elements
        part_vars = set().union(*(els[i].variables for i in side.part))
        keep = [i for i, e in enumerate(els) if i in side.part or (e.kind in ("filter", "bind") and e.variables <= part_vars)]
        names = [n for n in (side.subject, var, bound) if n]
        body = " .\n".join(self.span(els[i].first, els[i].last) for i in keep)
        text = f"{self.prologue}SELECT DISTINCT {' '.join('?' + n for n in names)} WHERE {{\n{body}\n}} LIMIT {int(limit)}"
        res = self.run(text)
        self.warnings += res.warnings
        if len(res.rows) > _MAX_DRIVER_ROWS:
            return None
        rows = []
        for row in res.rows:
            d = dict(zip(res.variables, row))
            rows.append((d.get(side.subject) if side.subject else None, d.get(var), d.get(bound) if bound else None))
        return rows

    def candidates(self, s: _Spatial, x, key: str, radius_m: float | None, exact: str) -> np.ndarray | None:
        """Return the index entries near literal ``x`` for test ``s`` (within ``radius_m`` for a distance).

        ``exact``: '' keeps every entry the index proposes; 'points' drops points farther than the radius;
        'all' drops every entry farther (a nearest-neighbour search needs the candidates to be exactly those).
        """
        try:
            v = read_literal(x)
        except GeometryLiteralError:
            return None
        if v.geom.is_empty:
            return None
        if s.kind == "meet":
            return self.index.intersecting(v.topo if not v.topo.is_empty else v.geom, key)
        hits = self.index.within_distance(v.geom, radius_m, key)
        if not exact or not len(hits):
            return hits
        limit = radius_m * (1 + _SLACK) + 1e-6
        pts = self.index.is_point[hits]
        keep = np.ones(len(hits), dtype=bool)
        if v.geom.geom_type == "Point" and pts.any():
            i = hits[pts]
            d = WGS84.inv(np.full(len(i), v.geom.x), np.full(len(i), v.geom.y), self.index.x[i], self.index.y[i])[2]
            keep[pts] = d <= limit
        if exact == "all":  # a nearest-neighbour radius: every candidate must lie within it
            for k in np.flatnonzero(~pts if v.geom.geom_type == "Point" else np.ones(len(hits), dtype=bool)):
                keep[k] = geodesic_distance_m(v.geom, self.index.geoms[hits[k]]) <= limit
        return hits[keep]

    def pairs_estimate(self, rows: list[tuple], key: str) -> int:
        """Return how many index entries on path ``key`` the envelopes of the rows' literals meet (unknown: 1 each)."""
        at = [self.index.position.get(r[1]) for r in rows]
        known = np.array([i for i in at if i is not None], dtype=int)
        if not len(known):
            return len(rows)
        b = self.index.boxes[known]
        hits = self.index.tree.query(shapely.box(b[:, 0], b[:, 1], b[:, 2], b[:, 3]))[1]
        return int(self.index.mask(key)[hits].sum()) + sum(i is None for i in at)

    def values(self, rows: list[tuple], dvar: str | None, ivar: str) -> str | None:
        """Return a VALUES block of (driver subject, indexed subject) rows, or None (a blank node in them)."""
        seen, lines = set(), []
        for k, r in enumerate(rows):
            if not k % 4096:
                self.check()
            if r in seen:
                continue
            seen.add(r)
            if any(not isinstance(term, NamedNode) for term in r):
                return None
            lines.append("(" + " ".join(str(term) for term in r) + ")")
        head = f"(?{dvar} ?{ivar})" if dvar else f"(?{ivar})"
        return f"VALUES {head} {{\n" + "\n".join(lines) + "\n}\n"

    def prune(self, g: Group, s: _Spatial, radius_of: Callable | None = None) -> dict | None:
        """Add the VALUES block of candidate pairs for test ``s`` to group ``g``; return the plan's state."""
        options = self.drive(g, s)
        if not options:
            return None
        bound = s.bound if isinstance(s.bound, str) else None
        # the side giving the fewest candidate pairs drives: for a relation, the index hits of each side's
        # envelopes are counted; for a distance, the side with fewer rows (read only up to the other's count)
        found = []
        for o in options:
            limit = min((len(r) for _, r in found), default=_MAX_DRIVER_ROWS + 1) if s.kind == "distance" \
                else _MAX_DRIVER_ROWS + 1
            rows = self.driver_rows(g, o[0], o[2], bound, limit=limit)
            if rows is not None and (s.kind == "meet" or not found or len(rows) < limit):
                found.append((o, rows))
        if not found:
            return None
        cost = (lambda f: self.pairs_estimate(f[1], f[0][1].key)) if s.kind == "meet" else (lambda f: len(f[1]))
        chosen, rows = min(found, key=cost)
        dside, iside, dvar, ivar = chosen
        if dside.subject is None and len({r[1] for r in rows}) > 1:
            return None
        try:
            factor = length_factor(NamedNode(s.unit)) if s.kind == "distance" else 1.0
        except ValueError:
            return None
        state = {"g": g, "s": s, "rows": rows, "dside": dside, "iside": iside, "ivar": ivar, "factor": factor,
                 "edit": None}
        if not self.fill(state, radius_of):
            return None
        return state

    def fill(self, st: dict, radius_of: Callable | None) -> bool:
        """(Re)write the VALUES block of a plan, with radii from ``radius_of(driver subject)`` if given."""
        s, idx = st["s"], self.index
        pairs = []
        for subj, x, b in st["rows"]:
            self.check()
            if x is None or not isinstance(x, Literal):
                continue
            if radius_of is not None:
                radius = radius_of(subj)
            elif s.kind == "distance":
                if b is None and isinstance(s.bound, str):
                    continue
                try:
                    radius = float(b.value if b is not None else s.bound) * st["factor"]
                except (TypeError, ValueError):
                    continue
            else:
                radius = None
            hits = self.candidates(s, x, st["iside"].key, radius, exact="all" if radius_of is not None else
                                   "points" if s.kind == "distance" else "")
            if hits is None:
                return False
            for h in hits:
                for node in idx.subjects(st["iside"].key, int(h)):
                    pairs.append((subj, node) if st["dside"].subject else (node,))
        block = self.values(pairs, st["dside"].subject, st["iside"].subject)
        if block is None:
            return False
        if st["edit"] is not None:
            self.edits.remove(st["edit"])
        st["edit"] = (self.tokens[st["g"].open].end, "\n" + block)
        self.edits.append(st["edit"])
        self.used = True
        return True

    def plan_group(self, g: Group) -> None:
        for el in g.elements:
            if el.kind == "subquery":
                self.plan_query(el.subquery)
            elif el.kind == "group":
                for branch in el.union or [el.group]:
                    self.plan_group(branch)
        for el in g.elements:
            if el.kind == "filter":
                for s in self.filter_tests(el):
                    if self.prune(g, s) is not None:
                        break

    def plan_query(self, q: Query) -> QueryResult | None:
        """Plan the groups of ``q``, then its nearest-neighbour form; return its result if that ran it."""
        self.plan_group(q.where)
        s = self.ordered_distance(q)
        if s is not None and q.limit is not None and not q.group_by:
            return self.nearest(q, s, lambda res: len(res.rows) >= q.limit)
        s = self.min_distance(q)
        if s is not None:
            return self.nearest(q, s, None)
        return None

    def distance_of(self, q: Query, first: int, last: int) -> _Spatial | None:
        """Return the distance test a span names: a call, or a variable that BIND or SELECT binds to one."""
        t = self.tokens
        if first == last and t[first].kind == "var":
            name = t[first].text
            for k in range(8, len(t) - 1):
                if t[k].upper == "AS" and t[k + 1].text == name:
                    s = self.call(k - 8, k - 1)
                    return s if s is not None and s.kind == "distance" else None
            return None
        return self.call(first, last)

    def ordered_distance(self, q: Query) -> _Spatial | None:
        if not q.order_by:
            return None
        first, last = q.order_by[0]
        t = self.tokens
        if t[first].upper == "DESC":
            return None
        if t[first].upper == "ASC":
            first, last = first + 2, last - 1
        return self.distance_of(q, *_strip(t, first, last))

    def min_distance(self, q: Query) -> _Spatial | None:
        if not q.group_by or q.having:
            return None
        t = self.tokens
        for k in range(q.select_first, q.select_last):
            if t[k].upper == "MIN" and t[k + 1].text == "(":
                close = next(j for j in range(k + 1, q.select_last + 1) if t[j].text == ")" and
                             sum(1 if u.text == "(" else -1 if u.text == ")" else 0 for u in t[k + 1:j + 1]) == 0)
                s = self.call(k + 2, close - 1)
                if s is not None and s.kind == "distance":
                    return s
        return None

    def nearest(self, q: Query, s: _Spatial, enough: Callable | None) -> QueryResult | None:
        """Widen the radius of a nearest-neighbour form until it is exact; return the result if ``q`` is the query."""
        radius = {}
        st = self.prune(q.where, s, radius_of=lambda subj: radius.get(subj, _FIRST_RADIUS_M))
        if st is None:
            return None
        if enough is None:  # MIN per group: every driver subject must head a group
            var = st["dside"].subject
            if var is None or var not in projected(q):
                self.edits.remove(st["edit"])
                return None
        while True:
            res = self.run(self.query_text(q))
            if enough is not None:
                missing = set() if enough(res) else {r[0] for r in st["rows"]}
            else:
                col = res.variables.index(st["dside"].subject)
                missing = {r[0] for r in st["rows"]} - {row[col] for row in res.rows}
            missing = {m for m in missing if radius.get(m, _FIRST_RADIUS_M) < _WORLD_M}
            if not missing:
                break
            for m in missing:
                radius[m] = radius.get(m, _FIRST_RADIUS_M) * _WIDEN
            self.fill(st, lambda subj: radius.get(subj, _FIRST_RADIUS_M))
        if q is self.q:
            res.warnings = self.warnings + res.warnings
            return res
        return None


def run_planned(text: str, index: SpatialIndex, run: Callable[[str], QueryResult],
                check: Callable[[], None] | None = None, registry: Registry | None = None,
                scope: Hashable = None) -> QueryResult | None:
    """Return the result of ``text`` evaluated through the spatial index, or None when no form applies.

    ``run`` evaluates a query text as written (Oxigraph, the geo functions bound); the planner calls it for
    the driver parts and the rewritten query. None: the query holds no form the planner handles, or its
    store holds geometry literals it cannot index (unreadable or empty) and the query is not a spatial join,
    so the caller runs it as written. ``check`` is called often while the planner gathers candidates in
    Python (a few milliseconds apart), so that it can stop the planning by raising (a time-out); what it
    raises propagates. A spatial join (:mod:`kgbench.kg.join_form`) is computed whole by
    :func:`kgbench.kg.join_eval.answer` when ``registry`` (the functions ``run`` binds; None: the default)
    computes geof:distance with kgbench's own function; every other form gets candidate pairs in a VALUES
    block, the test left to ``run``. ``scope`` names the data and dataset ``run`` sees (the join keeps a
    part's rows per index and scope).
    """
    check = check or (lambda: None)
    try:
        q = parse_query(text)
        own = registry is None or (DISTANCE in registry and registry[DISTANCE].impl is geof_distance)
        planned = lambda t: (run_planned(t, index, run, check, registry, scope)  # noqa: E731
                             if mentions_spatial(t) else None) or run(t)
        joined = answer_join(text, q, index, run, planned, check, scope) if own else None  # it checks each geometry
    except (SparqlStructureError, IndexError, StopIteration):
        return None
    if joined is not None:
        return joined
    if index.unreadable or index.empty:
        return None
    p = _Planner(text, q, index, run, check)
    try:
        res = p.plan_query(q)
    except (SparqlStructureError, IndexError, StopIteration):
        return None
    if res is not None:
        return res
    if not p.used:
        return None
    res = run(p.query_text(q))
    res.warnings = p.warnings + res.warnings
    return res
