"""The benchmark's templates in one process, in N local worker processes and on a Dask cluster, side by side.

Run: python bench/bench_workers.py [--jobs 2] [--per-stratum 5] [--ids A1,A5,...] [--cache-dir DIR]

Each way generates the same templates (kgbench.release.benchmark.generate_all, seed 0) from the default
snapshot's store (built and loaded beforehand, so only generation is timed) and the release's items are
compared line by line: they must be identical. The Dask run starts a LocalCluster of ``--jobs`` worker
processes (one thread each) here, as a user points ``--cluster`` at a real one; its start-up is timed apart.
Exit status 1 if any way gives other items.
"""

from __future__ import annotations

import argparse
import sys
import time

#: quick templates of several families (the whole benchmark: bench/bench_generate_all.py)
IDS = "A1,A2,A5,B1,C1,C4,D1,E1,H2,I1,K1,N2"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (local and on the cluster); default 2")
    ap.add_argument("--per-stratum", type=int, default=5)
    ap.add_argument("--ids", default=IDS, help=f"templates, comma-separated (default {IDS})")
    ap.add_argument("--cache-dir", default=None)
    args = ap.parse_args(argv)
    from kgbench.kg.store import open_kg
    from kgbench.release.benchmark import generate_all

    ids = args.ids.split(",")
    open_kg(cache=args.cache_dir)  # build and load first: not timed
    kw = dict(cache=args.cache_dir, ids=ids, per_stratum=args.per_stratum, seed=0)
    rows, lines = [], {}
    for name, extra in (("1 process", {}), (f"{args.jobs} local processes", {"jobs": args.jobs})):
        t = time.perf_counter()
        run = generate_all(**kw, **extra)
        rows.append((name, time.perf_counter() - t))
        lines[name] = [it.to_json() for it in run.items]
    try:
        import distributed
    except ImportError:
        print("Dask is not installed (pip install 'kgbench[cluster]'): its run is skipped")
        distributed = None
    if distributed is not None:
        t = time.perf_counter()
        with distributed.LocalCluster(n_workers=args.jobs, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as lc:
            started = time.perf_counter() - t
            t = time.perf_counter()
            run = generate_all(**kw, cluster=lc.scheduler_address)
            name = f"Dask LocalCluster, {args.jobs} workers"
            rows.append((name, time.perf_counter() - t))
            lines[name] = [it.to_json() for it in run.items]
        print(f"(the Dask cluster took {started:.1f} s to start; not counted)")
    base = rows[0][1]
    first = lines[rows[0][0]]
    bad = 0
    print(f"{len(ids)} templates, {args.per_stratum} per stratum, {len(first)} items")
    for name, secs in rows:
        same = lines[name] == first
        bad += not same
        print(f"{name:<34} {secs:7.1f} s   speed-up {base / secs:4.2f}x   identical: {'yes' if same else 'NO'}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
