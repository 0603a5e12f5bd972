"""Evaluating the spatial joins of :mod:`kgbench.kg.join_form`: each part once by Oxigraph, the join in arrays.

:func:`answer` runs a :class:`~kgbench.kg.join_form.JoinForm` or :class:`~kgbench.kg.join_form.MinForm`
query without comparing every pair and without Oxigraph calling a geo function per pair:

1. each part is one query of its own elements and FILTER conjuncts (``SELECT`` of the variables the join
   needs, duplicates kept); the tree part (the side searched) is kept per spatial index, keyed by its text
   and the scope the caller names (the dataset switches and what has been inferred into the store so far:
   the only changes a KG's data sees); a subquery that is itself such a form is computed the same way and enters its
   part as a VALUES block of its rows;
2. candidate pairs come from an STRtree over the tree part's distinct geometries (cap boxes of the radius
   for a distance test; for MIN, a first bound from the nearest entries in longitude/latitude, widened
   until some pair passes, then every entry within that bound), so no pair that can pass is missed;
3. each candidate's distance is computed as ``geof:distance`` computes it
   (:func:`~kgbench.kg.join_geometry.distances`) and tested exactly as Oxigraph compares it; term tests
   compare the terms; the rows are built from the two parts' terms, a distance minimum as the literal
   Oxigraph would return.

The answer is the multiset of rows the pair-by-pair evaluation gives. Whatever this path cannot reproduce
exactly (a geometry value that is not a readable, non-empty geometry literal, a part whose query reports
a geo-function failure, a literal in a term test or a DISTINCT row, a blank node to pass on, a bound of
another numeric type) makes :func:`answer` return None, and the query runs as before.
"""

from __future__ import annotations

import operator
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable

import numpy as np
from pyoxigraph import BlankNode, Literal, NamedNode

from kgbench.geofunctions.registry import GeoFunctionError
from kgbench.geofunctions.units import length_factor
from kgbench.kg.join_form import FormReader, Join, JoinForm, MinForm, Part
from kgbench.kg.join_geometry import (Side, Unsupported, distances, double_literal, engine_compare, expand,
                                      nearest_pairs, within_pairs)
from kgbench.kg.results import QueryResult
from kgbench.kg.spatial_index import SpatialIndex
from kgbench.kg.sparql_syntax import Query, prologue_prefixes
from kgbench.ontologies import PREFIXES

__all__ = ["answer"]

_XSD = "http://www.w3.org/2001/XMLSchema#"
_FIRST_RADIUS_M, _WIDEN, _WORLD_M = 10_000.0, 4.0, 20_100_000.0
#: tree parts kept per store (their rows, geometries and STRtree)
_KEEP = 4
_CACHE: "weakref.WeakKeyDictionary[SpatialIndex, OrderedDict]" = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()
_EXACT_INT = 2.0 ** 53


def answer(text: str, q: Query, index: SpatialIndex, run: Callable[[str], QueryResult],
           planned: Callable[[str], QueryResult] | None = None, check: Callable[[], None] | None = None,
           scope: Hashable = None) -> QueryResult | None:
    """Return the result of query ``q`` (read from ``text``) computed as a spatial join, or None.

    None: the query is not one of the forms, or the data needs what this path does not reproduce (see the
    module docstring). ``run`` evaluates a query text as written (Oxigraph with the geo functions);
    ``planned`` (default ``run``) one through the planner, for a part holding a subquery or a nested group
    that may hold a spatial form of its own. ``check`` is called between the steps of the work done here
    (it may raise, a time-out). ``scope`` names the data and the dataset ``run`` sees (the switches in force,
    what has been inferred into the store so far): a tree part's rows are kept per index and scope.
    """
    tokens = q.tokens
    if q.end != len(tokens) - 1:
        return None
    reader = FormReader(tokens, {**PREFIXES, **prologue_prefixes(tokens)})
    form = reader.form(q)
    if form is None:
        return None
    ctx = _Context(text, text[:tokens[q.select_first - 1].start], reader, index, run, planned or run,
                   check or (lambda: None), scope)
    try:
        variables, rows = ctx.evaluate(form)
    except Unsupported:
        return None
    return QueryResult.select(variables, rows)


def _term_text(t) -> str:
    if t is None:
        return "UNDEF"
    if isinstance(t, BlankNode):
        raise Unsupported("a blank node cannot be passed on in a VALUES block")
    return str(t)


class _Context:
    def __init__(self, text: str, prologue: str, reader: FormReader, index: SpatialIndex, run: Callable,
                 planned: Callable, check: Callable[[], None], scope: Hashable):
        self.text, self.prologue, self.reader, self.index = text, prologue, reader, index
        self.run, self.planned, self.check, self.scope = run, planned, check, scope
        self.tokens = reader.tokens

    def evaluate(self, form: JoinForm | MinForm) -> tuple[list[str], list[tuple]]:
        """Return (variables, rows) of a form."""
        return self.join_rows(form) if isinstance(form, JoinForm) else self.min_rows(form)

    # -- the parts ----------------------------------------------------------------------------------------
    def _span(self, first: int, last: int) -> str:
        return self.text[self.tokens[first].start:self.tokens[last].end]

    def part_text(self, j: Join, part: Part, needed: list[str]) -> str:
        """Return the query of one part: its elements (recognized subqueries as VALUES) and its conjuncts."""
        body = []
        for i in part.elements:
            el = j.group.elements[i]
            sub = self.reader.form(el.subquery) if el.kind == "subquery" else None
            if sub is not None:
                variables, rows = self.evaluate(sub)
                lines = "\n".join("(" + " ".join(_term_text(t) for t in row) + ")" for row in rows)
                body.append(f"VALUES ({' '.join('?' + v for v in variables)}) {{\n{lines}\n}}")
            else:
                body.append(self._span(el.first, el.last))
        body += [f"FILTER({self._span(a, b)})" for a, b in part.filters]
        return f"{self.prologue}SELECT {' '.join('?' + v for v in needed)} WHERE {{\n" + " .\n".join(body) + "\n}"

    def side(self, j: Join, part: Part, needed: list[str], geom: str, keep: bool) -> Side:
        """Return the rows of a part (kept per store when ``keep``) with its geometry column read."""
        key = None
        if keep:
            words = []
            for i in part.elements:  # the part's text up to white space and comments
                el = j.group.elements[i]
                words += [t.text for t in self.tokens[el.first:el.last + 1]] + ["."]
            for a, b in part.filters:
                words += ["FILTER", "("] + [t.text for t in self.tokens[a:b + 1]] + [")"]
            key = (self.scope, self.prologue, " ".join(words), tuple(needed))
            with _LOCK:
                kept = _CACHE.setdefault(self.index, OrderedDict())
                if key in kept:
                    kept.move_to_end(key)
                    return kept[key]
        nested = any(j.group.elements[i].kind in ("subquery", "group", "graph") for i in part.elements)
        try:
            res = (self.planned if nested else self.run)(self.part_text(j, part, needed))
        except GeoFunctionError:
            raise Unsupported("a part's query failed") from None
        if res.warnings:
            raise Unsupported("a part's query reported geo-function failures")
        self.check()
        s = Side(res.variables, res.rows, geom, self.index)
        self.check()
        if keep:
            with _LOCK:
                kept[key] = s
                while len(kept) > _KEEP:
                    kept.popitem(last=False)
        return s

    def sides(self, j: Join, driver_needs: set, tree_needs: set) -> tuple[Side, Side]:
        d = self.side(j, j.driver, sorted(driver_needs | {j.driver_geom} | {t.driver_var for t in j.terms}),
                      j.driver_geom, keep=False)
        t = self.side(j, j.tree, sorted(tree_needs | {j.tree_geom} | {t.tree_var for t in j.terms}),
                      j.tree_geom, keep=True)
        return d, t

    # -- pairs --------------------------------------------------------------------------------------------
    def metres(self, j: Join, d: Side, dk: np.ndarray, t: Side, th: np.ndarray) -> np.ndarray:
        """Return geof:distance in metres of driver entries ``dk`` and tree entries ``th``, in the call's order."""
        self.check()
        if j.driver_first:
            return distances(d.geoms, dk, t.geoms, th, self.check)
        return distances(t.geoms, th, d.geoms, dk, self.check)

    def term_mask(self, j: Join, d: Side, t: Side, di: np.ndarray, tj: np.ndarray) -> np.ndarray:
        """Return which row pairs pass every term test."""
        mask = np.ones(len(di), dtype=bool)
        for test in j.terms:
            ids, arr, literal = t.term_ids(test.tree_var)
            c = d.col[test.driver_var]
            values = [r[c] for r in d.rows]
            if literal or any(isinstance(v, Literal) for v in values):
                raise Unsupported("a term test between literals")
            mine = np.array([-1 if v is None else ids.get(v, -2) for v in values], dtype=np.int64)
            a, b = mine[di], arr[tj]
            same = a == b
            mask &= (a != -1) & (b != -1) & (same if test.equal else ~same)
        return mask

    # -- the two forms ------------------------------------------------------------------------------------
    def join_rows(self, form: JoinForm) -> tuple[list[str], list[tuple]]:
        j, dist = form.join, form.join.distance
        proj = form.projection
        bound_var = dist.bound if isinstance(dist.bound, str) else None
        d, t = self.sides(j, {v for v in proj if v in j.driver.variables} | ({bound_var} if bound_var else set()),
                          {v for v in proj if v in j.tree.variables})
        factor = _factor(dist.unit)
        if bound_var is None:  # one radius: candidates per distinct driver geometry
            which = np.arange(len(d.geoms))
            bound = np.full(len(which), dist.bound)
            engine = np.full(len(which), _needs_engine(dist.bound_text))
            texts = [dist.bound_text] * len(which)
            d_rows = (d.order, d.start, d.count)
        else:  # a radius per driver row
            which = d.geoms.gid
            bound, engine, texts = _bounds([r[d.col[bound_var]] for r in d.rows])
            n = len(which)
            d_rows = (np.arange(n), np.arange(n), np.ones(n, dtype=np.int64))
        radius = np.where(np.isnan(bound), -1.0, np.maximum(bound, 0.0) * factor)
        k, h = within_pairs(d.geoms, which, radius, t.tree, len(t.geoms))
        v = self.metres(j, d, which[k], t, h) / factor
        ok = _compare(v, dist.op, bound[k])
        for i in np.flatnonzero(engine[k] & (np.abs(v - bound[k]) <= 1e-12 * np.abs(bound[k]))):
            ok[i] = engine_compare(float(v[i]), dist.op, texts[int(k[i])])
        di, tj = expand(k[ok], h[ok], d_rows, t)
        keep = self.term_mask(j, d, t, di, tj)
        di, tj = di[keep].tolist(), tj[keep].tolist()
        self.check()
        width = len(d.variables)
        where = [d.col[v] if v in d.col else width + t.col[v] if v in t.col else width + len(t.variables)
                 for v in proj]
        get = operator.itemgetter(*where)
        drows, trows, none = d.rows, t.rows, (None,)
        if len(where) == 1:
            rows = [(get(drows[a] + trows[b] + none),) for a, b in zip(di, tj)]
        else:
            rows = [get(drows[a] + trows[b] + none) for a, b in zip(di, tj)]
        if form.distinct:
            if any(isinstance(x, Literal) for r in rows for x in r):
                raise Unsupported("DISTINCT over literals")
            rows = list(dict.fromkeys(rows))
        return proj, rows

    def min_rows(self, form: MinForm) -> tuple[list[str], list[tuple]]:
        j = form.join
        d, t = self.sides(j, set(form.keys), set())
        factor = _factor(j.distance.unit)
        n = len(d.rows)
        d_rows = (d.order, d.start, d.count)
        best = np.full(n, np.inf)

        def passing(k: np.ndarray, h: np.ndarray, which: np.ndarray) -> None:
            m = self.metres(j, d, which[k], t, h)
            ka = np.repeat(np.arange(len(k)), d.count[which[k]] * t.count[h])
            di, tj = expand(which[k], h, d_rows, t)
            keep = self.term_mask(j, d, t, di, tj)
            np.minimum.at(best, di[keep], m[ka[keep]])

        every = np.arange(len(d.geoms))
        passing(*nearest_pairs(d.geoms, every, t.tree), every)
        radius = _FIRST_RADIUS_M
        while np.isinf(best).any():  # no passing pair among the nearest entries: widen until one passes
            pending = np.unique(d.geoms.gid[np.isinf(best)])
            passing(*within_pairs(d.geoms, pending, np.full(len(pending), radius), t.tree, len(t.geoms)), pending)
            if radius >= _WORLD_M:
                break
            radius = min(radius * _WIDEN, _WORLD_M)
        bound = np.full(len(d.geoms), -1.0)  # per geometry: the largest first bound of its rows
        finite = np.isfinite(best)
        np.maximum.at(bound, d.geoms.gid[finite], best[finite])
        found = np.flatnonzero(bound >= 0)
        best[:] = np.inf
        passing(*within_pairs(d.geoms, found, bound[found], t.tree, len(t.geoms)), found)
        groups: dict = {}
        cols = [d.col[k] for k in form.keys]
        for i in np.flatnonzero(np.isfinite(best)).tolist():
            key = tuple(d.rows[i][c] for c in cols)
            groups[key] = min(groups.get(key, np.inf), best[i])
        if any(isinstance(x, Literal) for key in groups for x in key):
            raise Unsupported("literal group keys")
        rows = []
        for key, m in groups.items():
            by = dict(zip(form.keys, key))
            by[form.target] = double_literal(float(m) / factor)
            rows.append(tuple(by[v] for v in form.projection))
        return form.projection, rows


def _factor(unit: str) -> float:
    try:
        return length_factor(NamedNode(unit))
    except ValueError:
        raise Unsupported("an unknown unit") from None


def _needs_engine(number: str) -> bool:
    """Return whether Oxigraph's value of a SPARQL number may differ from Python's float of it."""
    if any(c in number for c in "eE"):
        return False  # a double: both round to nearest
    if "." in number:
        return True  # a decimal
    return abs(int(number)) >= _EXACT_INT


def _bounds(terms: list) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Return (value, whether Oxigraph decides near it, text) of each bound term; NaN where no row can pass."""
    value, engine, texts = np.full(len(terms), np.nan), np.zeros(len(terms), dtype=bool), []
    for i, term in enumerate(terms):
        texts.append(str(term) if term is not None else "")
        if not isinstance(term, Literal):
            continue  # unbound or not a literal: the comparison is an error, the pair does not pass
        dt = term.datatype.value
        try:
            if dt == _XSD + "double":
                value[i] = float(term.value)
            elif dt == _XSD + "integer":
                value[i] = float(int(term.value))
                engine[i] = abs(int(term.value)) >= _EXACT_INT
            elif dt == _XSD + "decimal":
                value[i], engine[i] = float(term.value), True
            else:
                raise Unsupported(f"a bound of datatype <{dt}>")
        except ValueError:
            raise Unsupported("an unreadable numeric bound") from None
    return value, engine, texts


def _compare(v: np.ndarray, op: str, bound: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        return v < bound if op == "<" else v <= bound if op == "<=" else v == bound
