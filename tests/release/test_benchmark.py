"""The whole-benchmark run: false premises spread to the benchmark-wide share, reproducibility, unsatisfiable ids."""

from __future__ import annotations

from collections import Counter

import pytest

from kgbench.release.benchmark import (MAX_FALSE_PREMISE_SHARE, SPEC_IDS, extra_template_ids, release_ids, false_premise_cap, false_premise_quota,
                                         generate_all)
from kgbench.generator.generate import FALSE_PREMISE_SHARE
from kgbench.queries.template import load_template

#: two templates with a perturbation, two without (quick ones, so the test stays short)
IDS = ["A1", "A5", "H2", "N2"]


@pytest.fixture(scope="module")
def run(kg):
    return generate_all(kg, ids=IDS, per_stratum=2, seed=0)


def test_false_premises_come_only_from_perturbable_templates(run):
    fp = Counter(i.template_id for i in run.items if i.false_premise)
    assert fp, "no false-premise item at all"
    assert set(fp) <= {t for t in IDS if load_template(t).false_premise}
    for it in run.items:
        assert (it.answer is None) == it.false_premise
        assert (it.perturbation is not None) == it.false_premise


def test_false_premises_reach_the_benchmark_share_within_a_quarter_of_each_template(run):
    true = Counter(i.template_id for i in run.items if not i.false_premise)
    fp = Counter(i.template_id for i in run.items if i.false_premise)
    quota = false_premise_quota(dict(true), {t for t in IDS if load_template(t).false_premise})
    shortfall = sum(r.discarded.get("false premise: fewer perturbable tuples than wanted", 0)
                    + r.discarded.get("false premise: benchmark policy: country cap", 0) for r in run.reports)
    # what thin templates could not give, the others made up for (never less than the quotas minus that)
    assert sum(fp.values()) + shortfall >= sum(quota.values())
    assert sum(fp.values()) / len(run.items) <= FALSE_PREMISE_SHARE + 0.01
    # the templates that can be perturbed carry them all, each more than 8% of its own items, but never more than
    # a quarter (refusing every item of a template scores at most that)
    assert fp
    for tid, n in fp.items():
        assert n / (n + true[tid]) > FALSE_PREMISE_SHARE
        assert n <= false_premise_cap(true[tid]) and n / (n + true[tid]) <= MAX_FALSE_PREMISE_SHARE + 1 / (n + true[tid])


def test_reproducible_for_a_seed(kg, run):
    again = generate_all(kg, ids=IDS, per_stratum=2, seed=0)
    assert [i.id for i in again.items] == [i.id for i in run.items]
    assert [i.answer for i in again.items] == [i.answer for i in run.items]


def test_an_id_without_a_template_file_is_listed_with_the_reason(kg):
    out = generate_all(kg, ids=["Z9"], per_stratum=1)
    assert not out.items
    assert out.unsatisfiable == {"Z9": "no template file"}


def test_spec_ids_are_the_65_of_the_spec():
    assert len(SPEC_IDS) == len(set(SPEC_IDS)) == 65


def test_a_release_generates_the_spec_ids_then_every_shipped_template_beyond_them():
    from kgbench.queries.template import template_ids

    extra = extra_template_ids()
    assert "C12" in extra and not set(extra) & set(SPEC_IDS)
    assert release_ids() == [*SPEC_IDS, *extra]
    assert set(release_ids()) == set(template_ids())  # every spec id has its file, and every file is generated
