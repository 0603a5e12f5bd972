"""The benchmark's templates on a real Dask cluster (a LocalCluster of worker processes started here): the same
release as one process, and the same in local worker processes (kgbench.release.workers)."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from kgbench.cli import main
from kgbench.release.benchmark import generate_all
from kgbench.release.workers import ClusterError, workers

IDS = ["A1", "N2"]  # one with a perturbation (false premises), one without; quick ones


def _lines(run) -> list[str]:
    return [it.to_json() for it in run.items]


@pytest.fixture(scope="module")
def alone(kg):
    return generate_all(kg, ids=IDS, per_stratum=1, seed=0)


@pytest.mark.slow
def test_a_dask_cluster_gives_the_release_of_one_process(alone, kg, cache):
    distributed = pytest.importorskip("distributed") if not __import__("os").environ.get("CI") else __import__("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as lc:
        run = generate_all(cache=cache, ids=IDS, per_stratum=1, seed=0, cluster=lc.scheduler_address)
        # the work ran on the cluster's workers, each of which opened the shared store itself
        with distributed.Client(lc.scheduler_address) as client:
            opened = client.run(lambda: sorted(__import__("kgbench.release.workers", fromlist=["x"])._KG))
    assert _lines(run) == _lines(alone) and run.unsatisfiable == alone.unsatisfiable
    assert any(opened.values()), opened


@pytest.mark.slow
def test_local_worker_processes_give_the_release_of_one_process(alone, cache):
    assert _lines(generate_all(cache=cache, ids=IDS, per_stratum=1, seed=0, jobs=2)) == _lines(alone)


def test_an_unreachable_scheduler_is_one_clear_error():
    t = time.monotonic()
    with pytest.raises(ClusterError, match="tcp://127.0.0.1:9: cannot reach the Dask scheduler"):
        with workers(cluster="tcp://127.0.0.1:9", connect_timeout=2):
            pass
    assert time.monotonic() - t < 15


@pytest.mark.parametrize("args, message", [
    (["--template", "A1", "--cluster", "tcp://h:1"], "--cluster goes with --all"),
    (["--all", "--out", "x", "--cluster", "ray://h:10001"], "not a Dask scheduler address"),
])
def test_the_cli_refuses_a_cluster_it_cannot_use(args, message):
    r = CliRunner().invoke(main, ["generate", *args])
    assert r.exit_code == 2 and message in r.output
