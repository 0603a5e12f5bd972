"""Time of `kgbench audit` on a release: the figures without prompts, and the oracle-prompt fitting (rule 10).

Fitting an item's gold to the context budget simplifies its large geometries; it is by far the slowest part of
the audit. This script times, side by side in one run, the fitting of the same items in one process and in
``--jobs`` worker processes, the templates whose items take longest, and the audit without prompts.

    python bench/bench_audit.py RELEASE [--jobs 2] [--sample 400]

``--sample`` fits that many items (every template's share, the largest golds included) for the side-by-side
timing; the per-template figures use the same sample.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict

from kgbench.release.audit import audit_items, load_release, prompt_sizes
from kgbench.evaluation.prompts import fit_item_gold


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("release")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--sample", type=int, default=400)
    args = ap.parse_args()
    large, small = load_release(args.release)
    t0 = time.perf_counter()
    report = audit_items(large, small, prompts=False)
    no_prompts = time.perf_counter() - t0
    rng = random.Random(0)
    sample = rng.sample(large, min(args.sample, len(large)))
    by_template: dict[str, list[float]] = defaultdict(list)
    t0 = time.perf_counter()
    for it in sample:
        t1 = time.perf_counter()
        fit_item_gold(it, 32_000)
        by_template[it.template_id].append(time.perf_counter() - t1)
    one = time.perf_counter() - t0
    t0 = time.perf_counter()
    prompt_sizes(sample, 32_000, jobs=args.jobs)
    many = time.perf_counter() - t0
    print(f"release: {len(large)} items; audit without prompts {no_prompts:.1f} s "
          f"({len(report.violations)} violations)")
    print(f"prompt fitting of {len(sample)} sampled items: 1 process {one:.1f} s, {args.jobs} processes {many:.1f} s "
          f"(x{one / many:.2f}); whole release estimated {one / len(sample) * len(large) / args.jobs:.0f} s "
          f"with {args.jobs}")
    print("slowest templates (mean s an item in the sample):")
    for tid, ts in sorted(by_template.items(), key=lambda kv: -sum(kv[1]) / len(kv[1]))[:8]:
        print(f"  {tid:4} {sum(ts) / len(ts):6.2f} s  ({len(ts)} items)")


if __name__ == "__main__":
    main()
