"""Generating the whole benchmark: every template over the snapshot, optionally in parallel, into one release."""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
from collections.abc import Callable

from kgbench.generator.generate import GenerationReport, generate
from kgbench.generator.items import Item
from kgbench.queries.template import load_template, template_ids

__all__ = ["generate_all", "BenchmarkRun", "SPEC_IDS"]

#: every template id of spec/templates.tsv, in its order
SPEC_IDS = tuple(
    f"{fam}{i}" for fam, n in (("A", 9), ("B", 3), ("C", 11), ("D", 4), ("E", 5), ("F", 4), ("G", 3), ("H", 3),
                               ("I", 5), ("J", 4), ("K", 5), ("L", 5), ("M", 2), ("N", 2))
    for i in range(1, n + 1))


@dataclasses.dataclass
class BenchmarkRun:
    """Return the outcome of generating every template: items in spec order, reports, unsatisfiable ids with reasons."""

    items: list[Item]
    reports: list[GenerationReport]
    unsatisfiable: dict[str, str]


_WORKER_KG = None


def _init_worker(cache) -> None:
    global _WORKER_KG  # one read-only store per worker process, opened once
    from kgbench.kg.store import open_kg

    _WORKER_KG = open_kg(cache=cache)


def _run_one(tid: str, seed: int, per_stratum: int, kg=None):
    report = GenerationReport(tid)
    try:
        items = generate(tid, kg if kg is not None else _WORKER_KG, seed=seed, per_stratum=per_stratum, report=report)
    except Exception as exc:  # noqa: BLE001 - one broken template must not lose the others' items
        report.discarded[f"error: {type(exc).__name__}: {exc}"] += 1
        items = []
    return tid, items, report


def generate_all(kg=None, *, cache=None, seed: int = 0, per_stratum: int = 30, jobs: int = 1,
                 ids: list[str] | None = None, progress: Callable[[str, int, int], None] | None = None) -> BenchmarkRun:
    """Return items of every template (default: all of spec/templates.tsv), reproducible for a seed.

    With ``jobs`` > 1 templates run in worker processes, each with its own read-only view of the
    on-disk store; the result does not depend on ``jobs``. A spec id without a template file, a
    template marked unsatisfiable, and one that yields no item are listed in ``unsatisfiable`` with
    the reason.
    """
    wanted = list(ids) if ids else list(SPEC_IDS)
    have = set(template_ids())
    unsatisfiable: dict[str, str] = {}
    runnable = []
    for tid in wanted:
        if tid not in have:
            unsatisfiable[tid] = "no template file"
            continue
        why = load_template(tid).unsatisfiable
        if why:
            unsatisfiable[tid] = why
            continue
        runnable.append(tid)
    results: dict[str, tuple[list[Item], GenerationReport]] = {}
    if jobs > 1 and len(runnable) > 1:
        with cf.ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(cache,)) as pool:
            futures = [pool.submit(_run_one, tid, seed, per_stratum) for tid in runnable]
            for fut in cf.as_completed(futures):
                tid, items, report = fut.result()
                results[tid] = (items, report)
                if progress:
                    progress(tid, len(results), len(runnable))
    else:
        if kg is None:
            from kgbench.kg.store import open_kg

            kg = open_kg(cache=cache)
        for tid in runnable:
            _, items, report = _run_one(tid, seed, per_stratum, kg)
            results[tid] = (items, report)
            if progress:
                progress(tid, len(results), len(runnable))
    items: list[Item] = []
    reports: list[GenerationReport] = []
    for tid in runnable:
        its, rep = results[tid]
        items += its
        reports.append(rep)
        if not its:
            reasons = ", ".join(f"{k} ({v})" for k, v in rep.discarded.most_common(3)) or "no candidate tuples"
            unsatisfiable[tid] = f"no item on this snapshot: {reasons}"
    return BenchmarkRun(items, reports, unsatisfiable)
