"""Generating the whole benchmark: every template over the snapshot, optionally in parallel, into one release."""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import hashlib
import math
from collections import Counter
from collections.abc import Callable, Sequence

from kgbench.generator.balance import balance_items
from kgbench.generator.generate import (FALSE_PREMISE_SHARE, GenerationReport, false_premises_wanted,
                                        merge_false_premises)
from kgbench.generator.items import Item
from kgbench.generator.localize import localize_items
from kgbench.release.checked import false_premise_items, generate
from kgbench.kg.remote import RemoteEndpointError
from kgbench.release.checkpoint import Checkpoint
from kgbench.release.workers import worker_kg, workers
from kgbench.release.policy import (BOOSTED_FAMILIES, MAX_THINNING, cap_countries, drop_repeated_pairs, protected,
                                      protected_kinds, thin_for_shares)
from kgbench.queries.template import load_template, template_ids

__all__ = ["generate_all", "generate_each", "false_premise_quota", "BenchmarkRun", "SPEC_IDS", "extra_template_ids",
           "release_ids"]

#: every template id of spec/templates.tsv, in its order
SPEC_IDS = tuple(
    f"{fam}{i}" for fam, n in (("A", 9), ("B", 3), ("C", 11), ("D", 4), ("E", 5), ("F", 4), ("G", 3), ("H", 3),
                               ("I", 5), ("J", 4), ("K", 5), ("L", 5), ("M", 2), ("N", 2))
    for i in range(1, n + 1))


def extra_template_ids() -> list[str]:
    """Return the shipped template ids beyond the specification's 65, in id order (issue 16: C12, the relation
    that no specified template asked; kgbench/queries/relations.yaml says which relation each one asks).

    >>> "C12" in extra_template_ids() and "A1" not in extra_template_ids()
    True
    """
    return [t for t in template_ids() if t not in SPEC_IDS]


def release_ids() -> list[str]:
    """Return the ids a whole release generates: every id of spec/templates.tsv, then every shipped template beyond it.

    >>> ids = release_ids(); ids[:2], ids.index("C12") > ids.index("N2")
    (['A1', 'A2'], True)
    """
    return [*SPEC_IDS, *extra_template_ids()]


@dataclasses.dataclass
class BenchmarkRun:
    """Return the outcome of generating every template: items in spec order, reports, unsatisfiable ids with reasons."""

    items: list[Item]
    reports: list[GenerationReport]
    unsatisfiable: dict[str, str]
    #: what the whole-benchmark policy dropped (kgbench.release.policy): by step, and per country
    policy: dict = dataclasses.field(default_factory=dict)


#: per_stratum multiplier for the families the share rule raises and for templates with a Set answer
SHARE_BOOST = 3
#: at most this many turns of share thinning and country capping (they settle in two or three)
POLICY_ROUNDS = 6
#: false premises are at most this share of a template's items (refusing all of them scores at most this)
MAX_FALSE_PREMISE_SHARE = 1 / 4


def template_per_stratum(tid: str, per_stratum: int) -> int:
    """Return the tuples per stratum cell a template draws: ``per_stratum``, times SHARE_BOOST for E, F and Set.

    The share rule (kgbench.release.policy) wants the Administrative-hierarchy and Comparison families and
    Set enumeration items closer to the reference benchmark's shares: their templates draw more per cell.
    """
    t = load_template(tid)
    boosted = t.family in BOOSTED_FAMILIES or "Set enumeration" in t.answer_formats
    return per_stratum * SHARE_BOOST if boosted else per_stratum


def _task_key(args: tuple) -> str:
    """Return what a task depends on beyond the run's inputs: its arguments and its template file's digest."""
    return repr(args) + hashlib.sha256(load_template(args[0]).path.read_bytes()).hexdigest()


def _run_one(tid: str, seed: int, per_stratum: int, kg=None, where=()):
    """Return (tid, true-premise items, report) of one template (over ``kg``, else the worker's KG of ``where``,
    :func:`~kgbench.release.workers.worker_kg`'s arguments).

    A template's own failure is reported as a discard; a failure of the endpoint or of the way to it ends the
    run (it can be resumed), never a release silently missing the template."""
    report = GenerationReport(tid)
    try:
        items = generate(tid, kg if kg is not None else worker_kg(*where), seed=seed,
                         per_stratum=template_per_stratum(tid, per_stratum), report=report, false_premise_share=0.0)
    except RemoteEndpointError:
        raise
    except Exception as exc:  # noqa: BLE001 - one broken template must not lose the others' items
        report.discarded[f"error: {type(exc).__name__}: {exc}"] += 1
        items = []
    return tid, items, report


def _run_each(tid: str, kwargs: dict, where=()):
    """Return (tid, items, report) of :func:`generate` in a worker process."""
    report = GenerationReport(tid)
    return tid, generate(tid, worker_kg(*where), report=report, **kwargs), report


def generate_each(ids: list[str], *, cache=None, jobs: int = 2, cluster: str | None = None, snapshot=None,
                  endpoint: str | None = None, **kwargs) -> dict[str, tuple[list[Item], GenerationReport]]:
    """Return template id -> (items, report) of :func:`generate` for each id, ``jobs`` templates at a time.

    Each template as :func:`generate` makes it alone (``kwargs`` passed on: ``seed``, ``per_stratum``, ``n``, ...),
    with no benchmark policy; the worker processes open the store of ``cache`` read-only (or the SPARQL server
    at ``endpoint``, ``snapshot`` naming what it holds). An error in one
    template is raised, naming it.

    >>> generate_each([])
    {}
    """
    if not ids:
        return {}
    out = {}
    where = (cache, snapshot, endpoint)
    with workers(jobs, cache, cluster, snapshot=snapshot, endpoint=endpoint) as pool:
        if pool is None:
            return {tid: _run_each(tid, kwargs, where)[1:] for tid in ids}
        futures = {pool.submit(_run_each, tid, kwargs, where): tid for tid in ids}
        for fut in cf.as_completed(futures):
            try:
                tid, items, report = fut.result()
            except Exception as exc:
                raise RuntimeError(f"generating {futures[fut]}: {type(exc).__name__}: {exc}") from exc
            out[tid] = (items, report)
    return {tid: out[tid] for tid in ids}


def _run_fp(tid: str, want: int, seed: int, kg=None, where=()):
    """Return (tid, false-premise items, report) of one template (failures as in :func:`_run_one`)."""
    report = GenerationReport(tid)
    try:
        items = false_premise_items(tid, kg if kg is not None else worker_kg(*where), want=want, seed=seed,
                                    report=report)
    except RemoteEndpointError:
        raise
    except Exception as exc:  # noqa: BLE001
        report.discarded[f"false premise: error: {type(exc).__name__}: {exc}"] += 1
        items = []
    return tid, items, report


def false_premise_quota(true_counts: dict[str, int], perturbable: set[str],
                        share: float = FALSE_PREMISE_SHARE) -> dict[str, int]:
    """Return how many false-premise items each perturbable template gives so they are ``share`` of the benchmark.

    The benchmark-wide number (``share`` of true + false items) is spread over the templates that define a
    perturbation in proportion to their true items, at least one each and at most :func:`false_premise_cap` of
    them (refusing every item of a template scores at most that share of it).

    >>> false_premise_quota({"A": 60, "B": 30, "C": 10}, {"A", "C"}, 0.08)
    {'A': 8, 'C': 1}
    >>> false_premise_quota({"A": 60, "B": 300}, {"A"}, 0.08)  # A alone would be 31 of 91: capped at 20 of 80
    {'A': 20}
    """
    pool = sum(n for t, n in true_counts.items() if t in perturbable and n)
    want = false_premises_wanted(sum(true_counts.values()), share)
    if not pool or not want:
        return {}
    ratio = want / pool
    return {t: min(false_premise_cap(n), max(1, round(n * ratio)))
            for t, n in true_counts.items() if t in perturbable and n}


def false_premise_cap(true_items: int) -> int:
    """Return the most false premises a template with ``true_items`` true-premise items gets (at least 1).

    :data:`MAX_FALSE_PREMISE_SHARE` of its items at most, so a model that refuses every item of a template
    scores at most that share of it (the reference design has about 8% false premises overall).

    >>> false_premise_cap(60), false_premise_cap(4), false_premise_cap(0)
    (20, 1, 1)
    """
    return max(1, math.floor(true_items * MAX_FALSE_PREMISE_SHARE / (1 - MAX_FALSE_PREMISE_SHARE)))


def _fp_rounds(want: dict[str, int], fps: dict, caps: dict[str, int]):
    """Yield the false-premise requests: the quotas, then once more for the shortfall of thin templates.

    After the first round (results land in ``fps``), what templates with too few perturbable tuples could
    not give is asked again of the templates that met their quota, in proportion to it (each still at most
    its cap, ``caps``: :func:`false_premise_cap` of its true items).
    """
    yield dict(want)
    short = sum(n - len(fps[t][0]) for t, n in want.items() if t in fps)
    full = {t: n for t, n in want.items() if t in fps and len(fps[t][0]) >= n}
    if short <= 0 or not full:
        return
    total = sum(full.values())
    more = {t: min(caps[t], n + max(1, round(short * n / total))) for t, n in full.items()}
    yield {t: n for t, n in more.items() if n > want[t]}


def generate_all(kg=None, *, cache=None, seed: int = 0, per_stratum: int = 30, jobs: int = 1,
                 ids: list[str] | None = None, progress: Callable[[str, int, int], None] | None = None,
                 false_premise_share: float = FALSE_PREMISE_SHARE, languages: Sequence[str] = ("eng",),
                 cluster: str | None = None, snapshot=None, endpoint: str | None = None,
                 checkpoint: Checkpoint | None = None) -> BenchmarkRun:
    """Return items of every template (default: :func:`release_ids`, spec/templates.tsv's and those beyond it), reproducible for a seed.

    Two passes: the true-premise items of every template, then false-premise items from the templates
    that define a perturbation, as many as make them ``false_premise_share`` of the whole benchmark
    (:func:`false_premise_quota`; fewer where the snapshot has too few perturbable tuples). With ``jobs``
    > 1 templates run in worker processes, each with its own read-only view of the on-disk store, and with
    ``cluster`` (a Dask scheduler address) on that cluster's workers (:mod:`kgbench.release.workers`); the
    result depends on neither. ``snapshot`` (a folder ``kgbench kg ingest`` wrote; default the bundled one) is
    the snapshot they open; ``endpoint`` a SPARQL server holding it instead (:class:`~kgbench.kg.endpoint.EndpointKG`).
    ``checkpoint`` (:mod:`kgbench.release.checkpoint`) keeps each finished task and gives back those a run
    with the same inputs finished before, so an interrupted run resumes. A failure of the endpoint ends the run
    (RemoteEndpointError) rather than lose templates. A spec id without a template file, a template marked
    unsatisfiable, and one that yields no item are listed in ``unsatisfiable`` with the reason.
    """
    wanted = list(ids) if ids else release_ids()
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
    fps: dict[str, tuple[list[Item], GenerationReport]] = {}
    perturbable = {tid for tid in runnable if load_template(tid).false_premise}

    def quota():
        counts = {tid: len(results[tid][0]) for tid in runnable}
        return false_premise_quota(counts, perturbable, false_premise_share) if false_premise_share > 0 else {}

    steps = len(runnable) + len(perturbable)
    where = (cache, snapshot, endpoint)
    parallel = (jobs > 1 or cluster) and len(runnable) > 1
    with workers(jobs if parallel else 1, cache, cluster if parallel else None, snapshot=snapshot,
                 endpoint=endpoint) as pool:
        def run(fn, tasks, keep, name):
            """Run ``fn`` over ``tasks`` (its leading arguments), here or on the pool; each result (tid, items,
            report) goes to ``keep`` and to the checkpoint; tasks the checkpoint holds are read back instead."""
            nonlocal kg
            todo = []
            keys = {args: (name(args), _task_key(args)) for args in tasks} if checkpoint else {}
            for args in tasks:
                done = checkpoint.get(*keys[args]) if checkpoint else None
                if done is None:
                    todo.append(args)
                else:
                    keep(args[0], *done)
            if pool is None and todo and kg is None:
                from kgbench.kg.opening import open_kg

                kg = open_kg(cache=cache, snapshot=snapshot, endpoint=endpoint)
            by_tid = {args[0]: args for args in todo}
            if pool is None:
                results_ = (fn(*args, kg) for args in todo)
            else:
                results_ = (f.result() for f in cf.as_completed([pool.submit(fn, *args, None, where) for args in todo]))
            for tid, items, report in results_:
                if checkpoint:
                    task, extra = keys[by_tid[tid]]
                    checkpoint.put(task, (items, report), extra)
                keep(tid, items, report)

        def keep_true(tid, items, report):
            results[tid] = (items, report)
            if progress:
                progress(tid, len(results), steps)

        run(_run_one, [(tid, seed, per_stratum) for tid in runnable], keep_true, lambda args: args[0])
        policy = _apply_policy(results, runnable, false_premise_share)
        want = quota()

        def keep_fp(tid, items, report):
            fps[tid] = (items, report)
            if progress:
                progress(f"{tid} (false premises)", len(results) + len(fps), len(results) + len(want))

        for round_ in _fp_rounds(want, fps, {t: false_premise_cap(len(results[t][0])) for t in want}):
            run(_run_fp, [(tid, n, seed) for tid, n in round_.items()], keep_fp, lambda args: f"{args[0]} fp {args[1]}")
    items: list[Item] = []
    reports: list[GenerationReport] = []
    for tid in runnable:
        its, rep = results[tid]
        if tid in fps:
            fp_items, fp_rep = fps[tid]
            its = merge_false_premises(its, fp_items)
            rep.false_premise = fp_rep.false_premise
            rep.discarded.update(fp_rep.discarded)
        items += its
        reports.append(rep)
    # the false premises count towards the whole benchmark too: cap the countries once more, then rebalance
    before = Counter((it.template_id, it.false_premise) for it in items)
    items, dropped = cap_countries(items)
    after = Counter((it.template_id, it.false_premise) for it in items)
    for rep in reports:
        for fp, key in ((False, "benchmark policy: country cap (with the false premises)"),
                        (True, "false premise: benchmark policy: country cap")):
            lost = before[rep.template_id, fp] - after[rep.template_id, fp]
            if lost:
                rep.discarded[key] += lost
    for c, n in dropped.items():
        policy["country cap"][c] = policy["country cap"].get(c, 0) + n
    trimmed: Counter = Counter()
    items = balance_items(items, trimmed)
    policy["balance"] = policy.get("balance", 0) + sum(trimmed.values())
    per_template = Counter(it.template_id for it in items)
    fp_per_template = Counter(it.template_id for it in items if it.false_premise)
    for rep in reports:
        rep.items = per_template[rep.template_id]
        rep.false_premise = fp_per_template[rep.template_id]
        rep.balance_dropped += trimmed[rep.template_id]
        if not rep.items:
            reasons = ", ".join(f"{k} ({v})" for k, v in rep.discarded.most_common(3)) or "no candidate tuples"
            unsatisfiable[rep.template_id] = f"no item on this snapshot: {reasons}"
    if tuple(languages) != ("eng",):
        if kg is None:
            from kgbench.kg.opening import open_kg

            kg = open_kg(cache=cache, snapshot=snapshot, endpoint=endpoint)
        items = localize_items(kg, items, languages)
    return BenchmarkRun(items, reports, unsatisfiable, policy)


def _is_country(entity: dict) -> bool:
    return entity.get("category") == "country"


def _apply_policy(results: dict, runnable: list[str], reserve: float = 0.0) -> dict:
    """Return what the whole-benchmark policy dropped from the true-premise items; ``results`` is updated in place.

    Repeated country pairs, then the share floors and the per-country cap in turns until neither drops an item
    (``reserve``: the share the false premises will add), then each template's answer balance again (the
    thinning may have unbalanced a sub-template).
    """
    items = [it for tid in runnable for it in results[tid][0]]

    def run(name, step):
        nonlocal items
        before = Counter(it.template_id for it in items)
        items, what = step(items)
        after = Counter(it.template_id for it in items)
        for tid in before:
            if before[tid] > after[tid]:
                results[tid][1].discarded[f"benchmark policy: {name}"] += before[tid] - after[tid]
        return what

    pairs = run("repeated country pair", lambda its: drop_repeated_pairs(its, _is_country))
    kinds = protected_kinds(items, reserve)
    budget = math.floor(MAX_THINNING * sum(not protected(it, kinds) for it in items))
    thinned, capped = 0, Counter()
    for _ in range(POLICY_ROUNDS):
        dropped = run("thinned for the family shares",
                      lambda its: thin_for_shares(its, reserve=reserve, budget=budget - thinned))
        thinned += dropped
        cut = run("country cap", cap_countries)
        capped.update(cut)
        if not dropped and not cut:
            break
    steps = [pairs, thinned, capped]
    pairs, thinned, capped = steps
    trimmed: Counter = Counter()
    items = balance_items(items, trimmed)
    by_tid: dict[str, list[Item]] = {tid: [] for tid in runnable}
    for it in items:
        by_tid[it.template_id].append(it)
    for tid in runnable:
        report = results[tid][1]
        report.balance_dropped += trimmed[tid]
        if trimmed[tid]:
            report.discarded["balance: trimmed after the benchmark policy"] += trimmed[tid]
        results[tid] = (by_tid[tid], report)
    return {"repeated country pairs": pairs, "thinned for shares": thinned, "country cap": dict(capped),
            "balance": sum(trimmed.values())}
