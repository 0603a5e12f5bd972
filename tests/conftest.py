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
    from kgbench.kg.build import build_snapshot

    return build_snapshot(cache)


@pytest.fixture(scope="session")
def kg(cache, snapshot):
    from kgbench.kg.store import open_kg

    return open_kg(cache=cache)


@pytest.fixture(scope="session")
def a1_items(kg):
    from kgbench.generator.generate import GenerationReport, generate

    report = GenerationReport("A1")
    items = generate("A1", kg, seed=0, per_stratum=6, report=report)
    return items, report
