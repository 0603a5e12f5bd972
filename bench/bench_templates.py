"""Print the wall-clock time of generating one item of each template (``generate(tid, n=1)``) on the snapshot.

Usage: ``python bench/bench_templates.py [TEMPLATE_ID ...]`` (default: every satisfiable template). One process,
one core; the candidate query of a template dominates, so this ranks the templates whose sampling is slow (and
is about what ``kgbench templates list`` spends checking satisfiability).
"""

from __future__ import annotations

import sys
import time

from kgbench.generator.generate import GenerationReport
from kgbench.release.checked import generate
from kgbench.kg.store import open_kg
from kgbench.queries.template import load_template, template_ids


def main(ids: list[str]) -> None:
    kg = open_kg()
    total = 0.0
    rows = []
    for tid in ids or template_ids():
        if load_template(tid).unsatisfiable:
            continue
        start = time.perf_counter()
        items = generate(tid, kg, n=1, report=GenerationReport(tid))
        took = time.perf_counter() - start
        total += took
        rows.append((took, tid, len(items)))
        print(f"{tid:4} {took:7.1f} s  items={len(items)}", flush=True)
    print(f"total {total:.0f} s; slowest: " + ", ".join(f"{t} {s:.0f} s" for s, t, _ in sorted(rows)[::-1][:8]))


if __name__ == "__main__":
    main(sys.argv[1:])
