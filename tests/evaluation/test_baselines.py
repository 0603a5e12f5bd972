"""Baselines on a small real dataset: the oracle answers from gold triples alone, the majority answer, a report.

The dataset is generated once for the module from the session's snapshot (tests/conftest.py), two items per
stratum cell, for templates of different answer formats, with and without false-premise items.
"""

from __future__ import annotations

import dataclasses

import pytest

from kgbench.evaluation.baselines import (baseline_predictions, majority_predictions, oracle_answer,
                                         oracle_predictions)
from kgbench.evaluation.evaluate import evaluate

#: template -> answer format (F3 and G2 also draw false-premise items; B2 has none since issue 9: an empty
#: set is a true answer)
TEMPLATES = {"A1": "Distance", "B2": "Set enumeration", "C9": "Boolean / ternary", "N1": "Point coordinates",
             "F3": "Entity name (single)", "G2": "Point coordinates"}
FALSE_PREMISE_TEMPLATES = ("F3", "G2")


@pytest.fixture(scope="module")
def dataset(made):
    return {tid: made(tid)[0] for tid in TEMPLATES}  # seed 0, 2 per stratum, shared with the contract tests


@pytest.fixture(scope="module")
def all_items(dataset):
    return [it for items in dataset.values() for it in items]


@pytest.fixture(scope="module")
def oracle(all_items):
    return oracle_predictions(all_items)


@pytest.fixture(scope="module")
def majority(all_items):
    return majority_predictions(all_items)


def _scores(items, predictions):
    return evaluate([it.to_dict() for it in items], predictions, by=["template_id"])


def test_dataset_has_the_formats_and_false_premises(dataset):
    for tid, fmt in TEMPLATES.items():
        assert dataset[tid], f"{tid}: no items generated"
        assert {it.answer_format for it in dataset[tid]} == {fmt}
    for tid in FALSE_PREMISE_TEMPLATES:
        assert any(it.false_premise for it in dataset[tid]), f"{tid}: no false-premise item"


@pytest.mark.parametrize("tid", list(TEMPLATES))
def test_oracle_is_exact_on_every_true_premise_item(tid, dataset, all_items, oracle):
    result = _scores(all_items, oracle)
    metrics = result.groups["template_id"][tid]
    wrong = [(s.id, s.status, s.note) for it, s in zip(all_items, result.items)
             if it.template_id == tid and not it.false_premise and not s.E]
    assert metrics.n_answerable > 0
    assert metrics.em == 1.0, f"{tid}: the gold triples alone do not reproduce the answer of {wrong}"


@pytest.mark.parametrize("tid", FALSE_PREMISE_TEMPLATES)
def test_oracle_refuses_every_false_premise_item(tid, all_items, oracle):
    result = _scores(all_items, oracle)
    metrics = result.groups["template_id"][tid]
    by_id = {p["id"]: p for p in oracle}
    leaks = [(it.id, by_id[it.id]["answer"]) for it in all_items
             if it.template_id == tid and it.false_premise and by_id[it.id]["answer"] is not None]
    assert metrics.n_false_premise > 0
    assert metrics.negative_rejection_rate == 1.0, (
        f"{tid}: false-premise design leaks: the gold triples of {leaks} still yield an answer")


def test_oracle_never_reads_the_false_premise_flag(dataset):
    item = next(it for it in dataset["A1"] if not it.false_premise)
    flipped = dataclasses.replace(item, false_premise=True, answer=None)
    assert oracle_answer(flipped) == oracle_answer(item)
    assert oracle_answer(item)[0] is not None


@pytest.mark.parametrize("tid", ["A1", "F3", "C9"])
def test_oracle_refuses_when_the_gold_triples_are_gone(tid, dataset):
    # (not B2: an empty set is a true answer there, so no rows is its answer, not a refusal)
    item = next(it for it in dataset[tid] if not it.false_premise)
    answer, note = oracle_answer(dataclasses.replace(item, gold_triples=""))
    assert answer is None and note.startswith("rejected")


def test_majority_answers_each_sub_templates_most_frequent_gold(all_items, majority):
    by_id = {p["id"]: p for p in majority}
    assert len(majority) == len(all_items)
    assert all(p.get("answer") is not None for p in majority), "the majority baseline never refuses"
    for it in all_items:
        pool = [o.answer for o in all_items if o.sub_template_id == it.sub_template_id and not o.false_premise]
        answer = by_id[it.id]["answer"]
        assert by_id[it.id]["unit"] == it.unit
        assert pool.count(answer) == max(pool.count(a) for a in pool)


def test_majority_is_below_the_oracle(all_items, majority, oracle):
    maj, orc = _scores(all_items, majority), _scores(all_items, oracle)
    assert maj.overall.em < orc.overall.em
    for tid in TEMPLATES:
        assert maj.groups["template_id"][tid].em <= orc.groups["template_id"][tid].em, tid
    assert maj.overall.coverage == 1.0 and maj.overall.false_refusal_rate == 0.0


def test_dispatch(all_items, majority):
    assert baseline_predictions(all_items[:3], "majority") == majority_predictions(all_items[:3])
    assert baseline_predictions(all_items[:3], "oracle") == oracle_predictions(all_items[:3])
    with pytest.raises(ValueError, match="unknown baseline"):
        baseline_predictions(all_items, "coin")


def test_report_on_the_baselines(all_items, majority, oracle, tmp_path):
    from kgbench.evaluation.report import build_report, report_table

    runs = [(all_items, oracle, {"model": "oracle", "condition": "gold", "seed": 0}),
            (all_items, majority, {"model": "majority", "condition": "T1", "seed": 0})]
    summary = build_report(runs, tmp_path / "report")
    series = {s["model"]: s for s in summary.data["series"]}
    assert series["oracle"]["overall"]["EM"]["mean"] == 1.0
    assert set(series["oracle"]["groups"]["family"]) == {"A", "B", "C", "F", "G", "N"}
    for tier, cell in series["oracle"]["standardized"]["income_tier"].items():
        assert cell["EM_std"]["mean"] == pytest.approx(1.0), tier
    assert all(p.is_file() for p in summary.figures.values()) and summary.html_path.is_file()
    assert "majority" in report_table(summary)
