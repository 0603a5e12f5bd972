"""Remote generation: over a real Oxigraph server holding the snapshot, the same seed gives the same items."""

from __future__ import annotations

import pytest

from kgbench.kg.endpoint import EndpointKG

pytestmark = pytest.mark.server

#: one template (a set answer; the CLI test generates A2, a distance, over the endpoint) whose remote generation
#: takes about two seconds; every template runs in the slow test below (the suite keeps under 15 minutes)
QUICK = ["D3"]


@pytest.fixture(scope="module")
def remote(snapshot_endpoint, kg):
    return EndpointKG(snapshot_endpoint, snapshot=kg.snapshot)


def _json(items):
    return [it.to_json() for it in items]


@pytest.mark.parametrize("tid", QUICK)
def test_remote_generation_gives_the_embedded_items(made, remote, tid):
    from kgbench.generator.generate import GenerationReport
    from kgbench.release.checked import generate

    embedded, _ = made(tid)
    report = GenerationReport(tid)
    items = generate(tid, remote, seed=0, per_stratum=2, report=report)
    assert embedded, f"{tid} makes no item on the snapshot: nothing to compare"
    assert _json(items) == _json(embedded)


@pytest.mark.slow
def test_every_template_generates_the_same_items_over_the_endpoint(made, snapshot_endpoint, cache, snapshot):
    from kgbench.queries.template import template_ids
    from kgbench.release.benchmark import generate_each

    ids = template_ids()
    made.prefetch(ids)
    remote = generate_each(ids, cache=cache, jobs=2, seed=0, per_stratum=2, snapshot=snapshot.path,
                           endpoint=snapshot_endpoint)
    differ = [tid for tid in ids if _json(remote[tid][0]) != _json(made(tid)[0])]
    assert not differ, f"remote items differ from the embedded ones for {differ}"
    assert sum(len(remote[tid][0]) for tid in ids) > 500
