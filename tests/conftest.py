"""Shared fixtures: one snapshot built from the real bundled sources into a fresh cache per test session."""

from __future__ import annotations

import pytest

REPO = __import__("pathlib").Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def cache(tmp_path_factory):
    """Return a fresh cache folder for this session (never the user's own cache)."""
    return tmp_path_factory.mktemp("kgbench-cache")


@pytest.fixture(scope="session")
def snapshot(cache):
    from kgbench.kg.builder.snapshot import build_snapshot

    return build_snapshot(cache)


@pytest.fixture(scope="session")
def kg(cache, snapshot):
    from kgbench.kg.store import open_kg

    return open_kg(cache=cache)


@pytest.fixture(scope="session")
def a1_items(kg):
    from kgbench.generator.generate import GenerationReport
    from kgbench.release.checked import generate

    report = GenerationReport("A1")
    items = generate("A1", kg, seed=0, per_stratum=6, report=report)
    return items, report


@pytest.fixture(scope="session")
def made(cache, kg):
    """Return ``made(tid) -> (items, report)``: generate(tid, seed=0, per_stratum=2), once per test session.

    The first call makes every template, two at a time in worker processes (each opens the session's store
    read-only), so the modules that read generated items (the template contract, the baselines, the audit, the
    context budget) share one generation; ``made.prefetch(ids)`` does the same for a list of ids.
    """
    from kgbench.release.benchmark import generate_each
    from kgbench.generator.generate import GenerationReport
    from kgbench.release.checked import generate
    from kgbench.queries.template import template_ids

    memo = {}

    def get(tid):
        if not memo:
            prefetch(template_ids())  # the first use makes every template: most modules read several
        if tid not in memo:
            report = GenerationReport(tid)
            memo[tid] = (generate(tid, kg, seed=0, per_stratum=2, report=report), report)
        return memo[tid]

    def prefetch(ids):
        memo.update(generate_each([t for t in ids if t not in memo], cache=cache, jobs=2, seed=0, per_stratum=2))

    get.prefetch = prefetch
    return get
