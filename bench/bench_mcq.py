"""Rendering time and memory of T1, T1-mcq and T1-mcq-context on the same generated dataset, side by side.

Generates a dataset from the default snapshot (the templates below, one entity-name and one set template among
them, with their false premises), then renders it under each condition with
:func:`kgbench.evaluation.prompts.render_dataset` in this one process: wall time, items per second, and the peak
of Python allocations during the rendering (tracemalloc), the multiple-choice conditions building their
:class:`~kgbench.evaluation.places.PlaceIndex` of the KG inside the timing (as ``kgbench prompts render`` does),
then once more with an index already read, geometries included (the warm figures).

    python bench/bench_mcq.py [--templates A1,A4,A5,B1,C1,F1,K5,M2,H3] [--per-stratum 2] [--options 4]
"""

from __future__ import annotations

import argparse
import gc
import time
import tracemalloc

from kgbench.evaluation.places import PlaceIndex
from kgbench.evaluation.prompts import render_dataset
from kgbench.kg.opening import open_kg
from kgbench.release.checked import generate

DEFAULT = "A1,A4,A5,B1,C1,F1,K5,M2,H3"


def measure(items, condition: str, n_options: int, kg) -> tuple[float, float]:
    """Return (seconds, peak MiB of Python allocations) of rendering the items under one condition."""
    gc.collect()
    tracemalloc.start()
    t = time.perf_counter()
    render_dataset(items, condition, n_options=n_options, kg=kg)
    seconds = time.perf_counter() - t
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return seconds, peak


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--templates", default=DEFAULT)
    ap.add_argument("--per-stratum", type=int, default=2)
    ap.add_argument("--options", type=int, default=4)
    args = ap.parse_args()
    kg = open_kg()
    t = time.perf_counter()
    items = [it for tid in args.templates.split(",") for it in generate(tid, kg, seed=0, per_stratum=args.per_stratum)]
    print(f"dataset: {len(items)} items of {args.templates} ({sum(it.false_premise for it in items)} false "
          f"premises), generated in {time.perf_counter() - t:.1f} s")
    rows = [("T1", *measure(items, "T1", args.options, None))]
    for condition in ("T1-mcq", "T1-mcq-context"):  # a fresh index: read from the KG inside the timing
        rows.append((condition + " (index built)", *measure(items, condition, args.options, PlaceIndex(kg))))
    warm = PlaceIndex(kg)
    measure(items, "T1-mcq-context", args.options, warm)  # reads the index and every geometry the prompts use
    for condition in ("T1-mcq", "T1-mcq-context"):
        rows.append((condition + " (index warm)", *measure(items, condition, args.options, warm)))
    base = rows[0][1]
    print(f"{'condition':<30} {'seconds':>8} {'items/s':>9} {'x T1':>7} {'peak MiB':>9}")
    for name, seconds, peak in rows:
        print(f"{name:<30} {seconds:>8.2f} {len(items) / seconds:>9.0f} {seconds / base:>7.1f} {peak:>9.1f}")


if __name__ == "__main__":
    main()
