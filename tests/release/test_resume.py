"""An interrupted whole-benchmark run resumes from its checkpoint without redoing finished templates."""

from __future__ import annotations

import pytest

from kgbench.release.benchmark import generate_all
from kgbench.release.checkpoint import Checkpoint

IDS = ["A2", "B1", "A8"]


def _key(seed=0):
    return {"seed": seed, "per_stratum": 2, "snapshot": "test"}


def _dump(run):
    return [it.to_json() for it in run.items], sorted(map(repr, run.reports)), run.unsatisfiable


@pytest.fixture(scope="module")
def whole(kg):
    return generate_all(kg, ids=IDS, seed=0, per_stratum=2)


def test_an_interrupted_run_resumes_where_it_stopped(kg, whole, tmp_path):
    cp = Checkpoint(tmp_path / "out.partial", _key())
    seen = []

    def stop_after_two(tid, done, total):
        seen.append(tid)
        if done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        generate_all(kg, ids=IDS, seed=0, per_stratum=2, checkpoint=cp, progress=stop_after_two)
    finished = list(seen)
    assert len(finished) == 2

    again = Checkpoint(tmp_path / "out.partial", _key())
    ran = []
    run = generate_all(kg, ids=IDS, seed=0, per_stratum=2, checkpoint=again,
                       progress=lambda tid, done, total: ran.append(tid))
    assert set(again.reused) == set(finished)  # the two finished templates were read back, not run again
    assert _dump(run) == _dump(whole)  # and the release is the uninterrupted run's


def test_another_runs_checkpoint_is_not_used(kg, tmp_path):
    generate_all(kg, ids=["A2"], seed=0, per_stratum=2, checkpoint=Checkpoint(tmp_path / "p", _key(0)))
    other = Checkpoint(tmp_path / "p", _key(1))
    generate_all(kg, ids=["A2"], seed=1, per_stratum=2, checkpoint=other)
    assert other.reused == []


def test_a_damaged_checkpoint_file_is_run_again(kg, tmp_path):
    cp = Checkpoint(tmp_path / "p", _key())
    generate_all(kg, ids=["A2"], seed=0, per_stratum=2, checkpoint=cp)
    for f in (tmp_path / "p").iterdir():
        f.write_bytes(f.read_bytes()[:20])  # a file cut short (a disk filled up)
    again = Checkpoint(tmp_path / "p", _key())
    run = generate_all(kg, ids=["A2"], seed=0, per_stratum=2, checkpoint=again)
    assert again.reused == [] and run.items
