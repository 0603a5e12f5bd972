"""Relation properties on the bundled snapshot: the property form, the geof: filter form, pair by pair.

Run: python bench/bench_relations.py [--repeat 3] [--cache-dir DIR]

GeoSPARQL's query rewrite extension lets a user write ``?x geo:sfWithin ?c`` where the data asserts no
relation triples. On the snapshot (read-only) kgbench rewrites the triple in place into the ``geof:`` test it
stands for (kgbench.kg.relation_rewrite), which the spatial planner answers through its index. This script
times, side by side in one run, for each query: the property form as a user writes it, the same question in
the filter form over the WKT literals (planned), and the filter form evaluated pair by pair (plan=False, what
Oxigraph alone would do), and checks that all three give the same rows. Exit status 1 on any difference.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

FIN = "<https://w3id.org/kgbench/entity/naturalearth/FIN>"
LUX = "<https://w3id.org/kgbench/entity/naturalearth/LUX>"
#: (name, property form, filter form): the same answer by the rule of GeoSPARQL 1.1's rewrite extension
QUERIES = [
    ("capitals within Finland",
     'SELECT ?x WHERE { ?x kgb:category "capital city" ; geo:sfWithin ?c . ?c a kgb:Country ; '
     'kgb:canonicalName "Finland" }',
     'SELECT ?x WHERE { ?x kgb:category "capital city" ; geo:hasGeometry/geo:asWKT ?w . ?c a kgb:Country ; '
     'kgb:canonicalName "Finland" ; geo:hasGeometry/geo:asWKT ?cw FILTER(geof:sfWithin(?w, ?cw)) }'),
    ("populated places within Luxembourg",
     f"SELECT ?x WHERE {{ ?x a kgb:PopulatedPlace ; geo:sfWithin {LUX} }}",
     f"SELECT ?x WHERE {{ ?x a kgb:PopulatedPlace ; geo:hasGeometry/geo:asWKT ?w . {LUX} geo:hasGeometry/geo:asWKT ?cw "
     f"FILTER(geof:sfWithin(?w, ?cw)) }}"),
    ("countries touching Finland",
     f"SELECT ?c WHERE {{ ?c a kgb:Country ; geo:sfTouches {FIN} }}",
     f"SELECT ?c WHERE {{ ?c a kgb:Country ; geo:hasGeometry/geo:asWKT ?w . {FIN} geo:hasGeometry/geo:asWKT ?fw "
     f"FILTER(geof:sfTouches(?w, ?fw)) }}"),
    ("every spatial object within Finland (features and geometries)",
     f"SELECT (COUNT(*) AS ?n) WHERE {{ ?x geo:sfWithin {FIN} }}",
     f"SELECT (COUNT(*) AS ?n) WHERE {{ ?x geo:hasGeometry?/geo:asWKT ?w . {FIN} geo:hasGeometry/geo:asWKT ?fw "
     f"FILTER(geof:sfWithin(?w, ?fw)) }}"),
]


def timed(run, repeat: int):
    times, out = [], None
    for _ in range(repeat):
        t = time.perf_counter()
        out = run()
        times.append(time.perf_counter() - t)
    return times, out


def rows(result) -> set:
    return {tuple(str(t) for t in row) for row in result.rows}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of each form (best and median shown)")
    ap.add_argument("--cache-dir", default=None, help="kgbench cache with the default snapshot (built if absent)")
    args = ap.parse_args(argv)
    from kgbench.kg.store import open_kg

    kg = open_kg(cache=args.cache_dir)
    kg.query(QUERIES[0][1])  # the index is read and the store's shape checked once, not inside a timing
    bad = 0
    print(f"{'query':<64} {'property form':>16} {'filter, planned':>16} {'pair by pair':>16}  same")
    for name, prop, filt in QUERIES:
        forms = [(lambda q=prop: kg.query(q)), (lambda q=filt: kg.query(q)), (lambda q=filt: kg.query(q, plan=False))]
        results = [timed(f, args.repeat) for f in forms]
        same = len({frozenset(rows(r)) for _, r in results}) == 1
        bad += not same
        cells = [f"{min(t):.3f}/{statistics.median(t):.3f} s" for t, _ in results]
        print(f"{name:<64} {cells[0]:>16} {cells[1]:>16} {cells[2]:>16}  {'yes' if same else 'NO'} "
              f"({len(results[0][1].rows)} rows)")
    print("times: best/median of", args.repeat, "runs")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
