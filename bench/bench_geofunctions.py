"""Benchmark kgbench's geo functions inside SPARQL against the same computation in plain Python over fetched rows,
and the literal parse cache on and off on a polygon-heavy query.

Usage: ``python bench/bench_geofunctions.py [--scale 1.0] [--repeat 3]``. Prints one line per case: calls,
calls per second in-query and in plain Python, and the ratio (in-query time / plain time; target <= 2), then
the parse-cache speed-up (target >= 3). Timings are the best of ``--repeat`` runs after one warm-up run.

The plain-Python path runs a SPARQL query that fetches the literals, then calls the same kgbench functions
(``parse_geometry`` with its cache, ``geodesic_distance_m``, shapely predicates) in a Python loop, so the ratio
measures what running inside the query costs: pyoxigraph's calls into Python, term conversion, the failure
-counting wrapper and typed-literal results.
"""

from __future__ import annotations

import argparse
import math
import random
import time

import shapely
from pyoxigraph import Literal, NamedNode, Quad, Store

from kgbench.geofunctions import default_registry, parse_cache
from kgbench.geofunctions.literals import WKT_LITERAL, _read_cached, parse_geometry
from kgbench.geofunctions.metric import geodesic_distance_m

GEO = "http://www.opengis.net/ont/geosparql#"
GEOF = "http://www.opengis.net/def/function/geosparql/"
UOM = "http://www.opengis.net/def/uom/OGC/1.0/"
EX = "http://example.org/"


def _polygon(rng: random.Random, cx: float, cy: float, r: float, n: int) -> str:
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        rr = r * (0.7 + 0.3 * rng.random())
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return shapely.Polygon(pts).wkt


def build_store(n_points: int, n_polygons: int, vertices: int, seed: int = 1) -> tuple[Store, str]:
    """Return a store of random points and polygons around Helsinki, and the WKT of a query polygon."""
    rng = random.Random(seed)
    s = Store()
    quads = []
    for i in range(n_points):
        w = f"POINT({24.5 + rng.random()} {60.0 + 0.5 * rng.random()})"
        quads.append(Quad(NamedNode(f"{EX}p{i}"), NamedNode(EX + "pt"), Literal(w, datatype=WKT_LITERAL)))
    for i in range(n_polygons):
        w = _polygon(rng, 24.5 + rng.random(), 60.0 + 0.5 * rng.random(), 0.02 + 0.05 * rng.random(), vertices)
        quads.append(Quad(NamedNode(f"{EX}a{i}"), NamedNode(EX + "area"), Literal(w, datatype=WKT_LITERAL)))
    s.extend(quads)
    return s, _polygon(rng, 25.0, 60.25, 0.2, vertices)


def _best(fn, repeat: int) -> float:
    fn()
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def _in_query(store: Store, q: str):
    def run():
        b = default_registry().bind()
        n = sum(1 for _ in store.query(q, custom_functions=b.functions, custom_aggregate_functions=b.aggregates))
        assert b.failure_count == 0, b.warnings()
        return n
    return run


def _plain(store: Store, q: str, compute):
    def run():
        return sum(1 for r in store.query(q) if compute(r) is not None)
    return run


def cases(store: Store, qpoly: str):
    """Yield (name, calls, in-query SPARQL, fetch SPARQL, per-row Python computation)."""
    n_pts = sum(1 for _ in store.quads_for_pattern(None, NamedNode(EX + "pt"), None))
    n_areas = sum(1 for _ in store.quads_for_pattern(None, NamedNode(EX + "area"), None))
    ref = '"POINT(24.94 60.17)"^^<' + GEO + 'wktLiteral>'
    ref_g = parse_geometry(Literal("POINT(24.94 60.17)", datatype=WKT_LITERAL))
    poly = f'"{qpoly}"^^<{GEO}wktLiteral>'
    poly_g = parse_geometry(Literal(qpoly, datatype=WKT_LITERAL))
    shapely.prepare(poly_g)
    yield ("point distance", n_pts,
           f"SELECT ?d WHERE {{ ?s <{EX}pt> ?w BIND(<{GEOF}distance>(?w, {ref}, <{UOM}metre>) AS ?d) }}",
           f"SELECT ?w WHERE {{ ?s <{EX}pt> ?w }}",
           lambda r: geodesic_distance_m(parse_geometry(r["w"]), ref_g))
    yield ("point in polygon", n_pts,
           f"SELECT ?s WHERE {{ ?s <{EX}pt> ?w FILTER(<{GEOF}sfWithin>(?w, {poly})) }}",
           f"SELECT ?s ?w WHERE {{ ?s <{EX}pt> ?w }}",
           lambda r: r["s"] if poly_g.contains(parse_geometry(r["w"])) else None)
    yield ("polygon relation (sfIntersects, all pairs)", n_areas * n_areas,
           f"SELECT ?a ?b WHERE {{ ?a <{EX}area> ?wa . ?b <{EX}area> ?wb FILTER(<{GEOF}sfIntersects>(?wa, ?wb)) }}",
           f"SELECT ?a ?b ?wa ?wb WHERE {{ ?a <{EX}area> ?wa . ?b <{EX}area> ?wb }}",
           lambda r: r["a"] if _intersects(parse_geometry(r["wa"]), parse_geometry(r["wb"])) else None)


def _intersects(a, b) -> bool:
    if not shapely.is_prepared(a):
        shapely.prepare(a)
    return bool(shapely.intersects(a, b))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0, help="multiply the data sizes")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    n_points, n_polys, verts = int(5000 * args.scale), int(80 * math.sqrt(args.scale)), 300
    store, qpoly = build_store(n_points, n_polys, verts)
    print(f"data: {n_points} points, {n_polys} polygons of {verts} vertices; best of {args.repeat} runs")
    print(f"{'case':45s} {'calls':>7s} {'in-query/s':>11s} {'plain/s':>11s} {'ratio':>6s}")
    for name, calls, q_in, q_fetch, compute in cases(store, qpoly):
        t_in = _best(_in_query(store, q_in), args.repeat)
        t_plain = _best(_plain(store, q_fetch, compute), args.repeat)
        print(f"{name:45s} {calls:7d} {calls / t_in:11.0f} {calls / t_plain:11.0f} {t_in / t_plain:6.2f}")
    # the parse cache on and off: polygon-pair relations parse each polygon literal n times without it
    q = (f"SELECT ?a ?b WHERE {{ ?a <{EX}area> ?wa . ?b <{EX}area> ?wb "
         f"FILTER(<{GEOF}sfIntersects>(?wa, ?wb) && <{GEOF}metricArea>(?wa) > 0) }}")
    _read_cached.cache_clear()
    t_on = _best(_in_query(store, q), args.repeat)
    with parse_cache(False):
        t_off = _best(_in_query(store, q), args.repeat)
    print(f"parse cache on a polygon-heavy query ({n_polys * n_polys} pairs): on {t_on:.3f} s, off {t_off:.3f} s, "
          f"speed-up {t_off / t_on:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
