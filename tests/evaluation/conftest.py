"""Fixtures of the evaluation tests: the real bubblewrap sandbox (T3/T3a agents run model code in it)."""

from __future__ import annotations

import os

import pytest

from kgbench.evaluation.sandbox import Sandbox, SandboxLimits, SandboxUnavailable


@pytest.fixture(scope="session")
def sandbox_limits():
    """Return the limits the sandbox tests run under (the defaults, a shorter wall clock)."""
    return SandboxLimits(wall_seconds=20)


@pytest.fixture(scope="session")
def box(sandbox_limits):
    """Return a real bubblewrap :class:`Sandbox`; CI (``CI`` set) fails when it cannot run, elsewhere it skips."""
    try:
        return Sandbox(sandbox_limits)
    except SandboxUnavailable as exc:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the sandbox tests, but: {exc}")
        pytest.skip(f"bubblewrap cannot run here (install the Debian package 'bubblewrap'): {exc}")


@pytest.fixture(scope="session")
def harness_items(made, tmp_path_factory):
    """Return ``(items, path)``: the harness tests' dozen generated items (tests/evaluation/harness_case.py) and
    their JSONL file."""
    from harness_case import pick_items

    from kgbench.generator.items import write_jsonl

    items = pick_items(made)
    path = tmp_path_factory.mktemp("harness") / "items.jsonl"
    write_jsonl(items, path)
    return items, path
