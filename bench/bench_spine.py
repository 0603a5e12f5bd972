"""Spine benchmark: snapshot build time, load throughput against `oxigraph load`, A1 items per second.

Run: python bench/bench_spine.py [--items 300]   (about a minute on 2 cores)
Prints one table; the load ratio is measured side by side in this one run, on the same file.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pyoxigraph import NamedNode, RdfFormat, Store


def _oxigraph_exe() -> str:
    exe = shutil.which("oxigraph") or os.path.join(os.path.dirname(sys.executable), "oxigraph")
    if not os.path.exists(exe):
        sys.exit("the oxigraph command is not installed: pip install oxigraph (or pip install -e '.[bench]')")
    return exe


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--items", type=int, default=300, help="A1 items to generate for the rate")
    args = ap.parse_args(argv)

    from kgbench.release.checked import generate
    from kgbench.kg.builder.snapshot import build_snapshot
    from kgbench.kg.store import load_store, open_kg

    tmp = Path(tempfile.mkdtemp(prefix="kgbench-bench-"))
    try:
        t0 = time.perf_counter()
        snap = build_snapshot(tmp)
        t_build = time.perf_counter() - t0
        t0 = time.perf_counter()
        load_store(snap, tmp)
        t_load_all = time.perf_counter() - t0
        triples = sum(g["triples"] for g in snap.manifest["graphs"].values())

        # load throughput on the largest graph file, ours (pyoxigraph bulk_load) vs the oxigraph CLI, alternated
        graph = max(snap.manifest["graphs"].values(), key=lambda g: g["triples"])
        nt = snap.path / graph["file"]
        ours, theirs = [], []
        for rep in range(3):
            d1 = tmp / f"ours{rep}"
            t0 = time.perf_counter()
            s = Store(str(d1))
            s.bulk_load(path=str(nt), format=RdfFormat.N_TRIPLES, to_graph=NamedNode(graph["iri"]))
            s.flush()
            del s
            ours.append(time.perf_counter() - t0)
            d2 = tmp / f"cli{rep}"
            t0 = time.perf_counter()
            subprocess.run([_oxigraph_exe(), "load", "--location", str(d2), "--file", str(nt), "--graph",
                            graph["iri"]], check=True, capture_output=True)
            theirs.append(time.perf_counter() - t0)
            shutil.rmtree(d1)
            shutil.rmtree(d2)
        rate_ours = graph["triples"] / min(ours)
        rate_cli = graph["triples"] / min(theirs)

        kg = open_kg(cache=tmp)
        generate("A1", kg, n=5, seed=99)  # warm: role candidates are computed once per KG
        t0 = time.perf_counter()
        items = generate("A1", kg, n=args.items, seed=1)
        t_gen = time.perf_counter() - t0
        cold = open_kg(cache=tmp)
        t0 = time.perf_counter()
        generate("A1", cold, n=args.items, seed=2)
        t_gen_cold = time.perf_counter() - t0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print(f"{'measure':52} {'value':>14}")
    print(f"{'snapshot build (fresh cache)':52} {t_build:>12.1f} s")
    print(f"{'store load, all graphs (' + format(triples, ',') + ' triples)':52} {t_load_all:>12.1f} s")
    print(f"{'build + load (target < 60 s)':52} {t_build + t_load_all:>12.1f} s")
    print(f"{'load rate, ours (' + graph['file'] + ', best of 3)':52} {rate_ours:>10,.0f} t/s")
    print(f"{'load rate, oxigraph load (same file, best of 3)':52} {rate_cli:>10,.0f} t/s")
    print(f"{'ratio ours / oxigraph load (target >= 0.80)':52} {rate_ours / rate_cli:>14.2f}")
    print(f"{'A1 items/s, warm KG (' + str(len(items)) + ' items)':52} {len(items) / t_gen:>14.1f}")
    print(f"{'A1 items/s incl. role candidates (cold KG)':52} {args.items / t_gen_cold:>14.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
