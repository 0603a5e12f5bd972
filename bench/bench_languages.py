"""Parallel items: the time to localize a benchmark into the 16 other languages, beside the time to generate it.

    python bench/bench_languages.py [--templates A1,B1,C1,E2,F1,I2,J1,L1] [--per-stratum 2]

Generates the English items of the templates (seed 0) on the bundled snapshot, then localizes them into every
other language (names from the snapshot's labels, questions realized by each language's grammar rules), and
prints both times, the ratio, items per second and, per language, the share of entity mentions localized and
of questions that needed a grammar edit. The localization does no SPARQL work beyond label lookups (memoized
per entity), so the ratio says what ``generate --all --languages all`` adds to ``generate --all``.
"""

from __future__ import annotations

import argparse
import time

from kgbench.generator.localize import localize_items, localized_share
from kgbench.kg.store import open_kg
from kgbench.languages import LANGUAGE_CODES
from kgbench.release.checked import generate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--templates", default="A1,B1,C1,E2,F1,I2,J1,L1")
    ap.add_argument("--per-stratum", type=int, default=2)
    args = ap.parse_args()
    kg = open_kg()
    t0 = time.perf_counter()
    english = [it for tid in args.templates.split(",") for it in generate(tid, kg, seed=0, per_stratum=args.per_stratum)]
    t1 = time.perf_counter()
    items = localize_items(kg, english, LANGUAGE_CODES)
    t2 = time.perf_counter()
    gen, loc = t1 - t0, t2 - t1
    print(f"templates {args.templates}: {len(english)} English items generated in {gen:.1f} s")
    print(f"localized into {len(LANGUAGE_CODES) - 1} languages: {len(items) - len(english)} parallel items in "
          f"{loc:.1f} s ({(len(items) - len(english)) / loc:.0f} items/s)")
    print(f"ratio localization / English generation: {loc / gen:.2f}")
    print("language  items  mentions localized  questions edited")
    for code, row in localized_share(items).items():
        print(f"{code:8}  {row['items']:5}  {100 * row['localized_share']:17.1f}%  {100 * row['edited_share']:15.1f}%")


if __name__ == "__main__":
    main()
