"""The exact arithmetic of the spatial joins: geometry columns, candidate pairs, geodesic distances, xsd:double forms.

Everything here reproduces what the pair-by-pair evaluation computes, value for value:

- :func:`distances` is ``geof:distance`` in metres: pyproj's inverse geodesic on arrays for two points (the
  same C routine, argument order and float64 values as the scalar call in
  :func:`kgbench.geofunctions.metric.geodesic_distance_m`), and that very function for any other pair;
- :func:`double_lexical` is the lexical form Oxigraph gives an xsd:double (Rust's shortest round-trip
  digits, never an exponent), so a computed distance literal is the term the query would return;
- :func:`engine_compare` leaves a comparison whose bound Oxigraph might convert differently (an
  xsd:decimal within 1e-12 of the value) to Oxigraph itself.

The candidate searches (:func:`within_pairs`, :func:`nearest_pairs`) only prune: every pair whose distance
can pass is among them (the boxes of :func:`kgbench.kg.spatial_index.cap_boxes_array` cover the geodesic disc with a 1% margin).
"""

from __future__ import annotations

import math
from decimal import Decimal

import numpy as np
import shapely
from pyoxigraph import Literal, NamedNode, Store

from kgbench.geofunctions.literals import GeometryLiteralError, read_literal
from kgbench.geofunctions.metric import WGS84, geodesic_distance_m
from kgbench.kg.spatial_index import SpatialIndex, cap_boxes_array

__all__ = ["Unsupported", "Geometries", "Side", "within_pairs", "nearest_pairs", "distances",
           "expand", "double_lexical", "double_literal", "engine_compare"]

XSD_DOUBLE = NamedNode("http://www.w3.org/2001/XMLSchema#double")
#: absolute and relative slack (metres) added to every search radius: the exact test decides
_SLACK_M, _SLACK = 1e-6, 1e-9


class Unsupported(Exception):
    """The data or the query needs something the fast path does not reproduce exactly: run it as written."""


class Geometries:
    """The distinct geometry literals of one column and their geometries (points also as coordinates).

    ``gid[i]`` is the geometry of row ``i``. A value that is not a readable, non-empty geometry literal
    (the pair-by-pair evaluation would count a failure) raises :class:`Unsupported`.
    """

    def __init__(self, column: list, index: SpatialIndex):
        ids: dict = {}
        gid = np.empty(len(column), dtype=np.int64)
        for i, lit in enumerate(column):
            g = ids.get(lit)
            if g is None:
                if not isinstance(lit, Literal):
                    raise Unsupported("a geometry value that is not a literal")
                g = ids[lit] = len(ids)
            gid[i] = g
        self.literals = list(ids)
        self.gid = gid
        n = len(self.literals)
        self.is_point = np.zeros(n, dtype=bool)
        self.x, self.y = np.full(n, np.nan), np.full(n, np.nan)
        self._shapes: list = [None] * n
        pos, ipt = index.position, index.is_point
        for g, lit in enumerate(self.literals):
            e = pos.get(lit)
            if e is not None and ipt[e]:
                self.is_point[g], self.x[g], self.y[g] = True, index.x[e], index.y[e]
                continue
            geom = self.shape(g)
            if geom.geom_type == "Point":
                self.is_point[g], self.x[g], self.y[g] = True, geom.x, geom.y

    def __len__(self) -> int:
        return len(self.literals)

    def shape(self, g: int):
        """Return the geometry of entry ``g`` exactly as ``geof:distance`` reads it (the parse cache's)."""
        if self._shapes[g] is None:
            try:
                geom = read_literal(self.literals[g]).geom
            except GeometryLiteralError:
                raise Unsupported("an unreadable geometry literal") from None
            if geom.is_empty:
                raise Unsupported("an empty geometry")
            self._shapes[g] = geom
        return self._shapes[g]

    def shapes(self, which: np.ndarray | None = None) -> np.ndarray:
        """Return the geometries of the entries ``which`` (all by default); points are made from coordinates."""
        which = np.arange(len(self)) if which is None else which
        out = np.empty(len(which), dtype=object)
        pts = self.is_point[which]
        if pts.any():
            out[pts] = shapely.points(self.x[which[pts]], self.y[which[pts]])
        for k in np.flatnonzero(~pts):
            out[k] = self.shape(int(which[k]))
        return out

    def bounds(self, which: np.ndarray) -> np.ndarray:
        """Return the (n, 4) bounds of the entries ``which``."""
        out = np.column_stack([self.x[which], self.y[which], self.x[which], self.y[which]])
        for k in np.flatnonzero(~self.is_point[which]):
            out[k] = self.shape(int(which[k])).bounds
        return out


class Side:
    """The rows of one part of a join with the geometry column ``geom`` read, rows grouped by geometry."""

    def __init__(self, variables: list[str], rows: list[tuple], geom: str, index: SpatialIndex):
        self.variables, self.rows = variables, rows
        self.col = {v: i for i, v in enumerate(variables)}
        self.geoms = Geometries([r[self.col[geom]] for r in rows], index)
        order = np.argsort(self.geoms.gid, kind="stable")
        self.order = order
        self.count = np.bincount(self.geoms.gid, minlength=len(self.geoms))
        self.start = np.concatenate([[0], np.cumsum(self.count)[:-1]]).astype(np.int64)
        self._tree = None
        self._ids: dict = {}

    @property
    def tree(self) -> shapely.STRtree:
        """Return an STRtree over the side's distinct geometries (built once)."""
        if self._tree is None:
            self._tree = shapely.STRtree(self.geoms.shapes())
        return self._tree

    def term_ids(self, var: str) -> tuple[dict, np.ndarray, bool]:
        """Return ({term: id}, id per row (-1 where unbound), whether a literal is among them) of column ``var``."""
        if var not in self._ids:
            ids: dict = {}
            c = self.col[var]
            arr = np.array([-1 if r[c] is None else ids.setdefault(r[c], len(ids)) for r in self.rows], dtype=np.int64)
            self._ids[var] = (ids, arr, any(isinstance(term, Literal) for term in ids))
        return self._ids[var]


def within_pairs(geoms: Geometries, which: np.ndarray, metres: np.ndarray, tree: shapely.STRtree,
                 n_tree: int) -> tuple[np.ndarray, np.ndarray]:
    """Return (k, h): every pair of key ``k`` (entry ``which[k]`` of ``geoms``, radius ``metres[k]``) and tree
    entry ``h`` whose envelope meets the cap boxes of that radius (each pair once, sorted)."""
    if not len(which) or not n_tree:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    radius = metres * (1 + _SLACK) + _SLACK_M
    owner, boxes = cap_boxes_array(geoms.bounds(which), radius)
    if not len(boxes):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    hits = tree.query(shapely.box(boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]))
    code = np.unique(owner[hits[0]].astype(np.int64) * n_tree + hits[1])
    return code // n_tree, code % n_tree


def nearest_pairs(geoms: Geometries, which: np.ndarray, tree: shapely.STRtree) -> tuple[np.ndarray, np.ndarray]:
    """Return (k, h): for each key, the tree entries nearest in longitude/latitude, the equal ones included
    and, separately, the nearest unequal ones (a first bound for the exact geodesic search)."""
    if not len(which) or not len(tree):
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    shapes = geoms.shapes(which)
    hits = np.concatenate([tree.query_nearest(shapes, all_matches=True),
                           tree.query_nearest(shapes, all_matches=True, exclusive=True)], axis=1)
    code = np.unique(hits[0].astype(np.int64) * len(tree) + hits[1])
    return code // len(tree), code % len(tree)


def distances(a: Geometries, ai: np.ndarray, b: Geometries, bi: np.ndarray, check=None) -> np.ndarray:
    """Return geof:distance in metres of each pair (entry ``ai[k]`` of ``a``, first argument; ``bi[k]`` of ``b``).

    A result that is not finite (the pair-by-pair evaluation would count a failure) raises Unsupported;
    ``check`` is called every 64 pairs that are not two points (it may raise, a time-out).
    """
    out = np.empty(len(ai))
    both = a.is_point[ai] & b.is_point[bi]
    if both.any():
        out[both] = WGS84.inv(a.x[ai[both]], a.y[ai[both]], b.x[bi[both]], b.y[bi[both]])[2]
    for n, k in enumerate(np.flatnonzero(~both)):
        if check is not None and n % 64 == 63:
            check()
        out[k] = geodesic_distance_m(a.shape(int(ai[k])), b.shape(int(bi[k])))
    if not np.isfinite(out).all():
        raise Unsupported("a distance that is not a finite number")
    return out


def expand(k: np.ndarray, h: np.ndarray, d_rows: tuple, t: Side) -> tuple[np.ndarray, np.ndarray]:
    """Return (driver row, tree row) of every row pair behind the key pairs (k, h).

    ``d_rows`` = (order, start, count) of the driver rows per key; ``t`` groups the tree rows per entry.
    """
    d_order, d_start, d_count = d_rows
    dn, tn = d_count[k], t.count[h]
    total = dn * tn
    if not len(total) or not total.sum():
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    rep = np.repeat(np.arange(len(k)), total)
    offset = np.arange(int(total.sum())) - np.repeat(np.cumsum(total) - total, total)
    di = d_order[d_start[k][rep] + offset // tn[rep]]
    tj = t.order[t.start[h][rep] + offset % tn[rep]]
    return di, tj


def double_lexical(v: float) -> str:
    """Return Oxigraph's lexical form of the xsd:double ``v``: shortest round-trip digits, no exponent.

    >>> [double_lexical(v) for v in (1e-05, 100000.0, 1234.5, -0.0, 1e16)]
    ['0.00001', '100000', '1234.5', '-0', '10000000000000000']
    """
    if math.isnan(v):
        return "NaN"
    if math.isinf(v):
        return "INF" if v > 0 else "-INF"
    r = repr(float(v))
    if "e" in r:
        r = format(Decimal(r), "f")
    return r[:-2] if r.endswith(".0") else r


def double_literal(v: float) -> Literal:
    """Return the xsd:double literal Oxigraph returns for the value ``v``."""
    return Literal(double_lexical(v), datatype=XSD_DOUBLE)


_ENGINE: list = []


def engine_compare(v: float, op: str, bound: str) -> bool:
    """Return Oxigraph's answer to ``v op bound`` (``bound`` a SPARQL number or term as text)."""
    if not _ENGINE:
        _ENGINE.append(Store())
    q = f'ASK {{ FILTER("{repr(float(v))}"^^<{XSD_DOUBLE.value}> {op} {bound}) }}'
    return bool(_ENGINE[0].query(q))
