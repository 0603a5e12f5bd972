"""Reports on constructed runs: tier standardization by hand, seed mean/std, files written, HTML, tables."""

from __future__ import annotations

import json
import math
import re

import pytest

from kgbench.generator.items import Item, write_jsonl
from kgbench.evaluation.report import build_report, load_run, report_table, seed_stats


def make_item(i: int, template: str, income: str, density: str, answer=5, false_premise=False, kg="osm") -> Item:
    return Item(id=f"{template}-{i}", template_id=template, template_version=1, sub_template_id=f"{template}-1",
                variant_id=f"{template}-1.v1", language="eng", question="How many?", answer_format="Count",
                answer=None if false_premise else answer, unit=None, acceptable=[], false_premise=false_premise,
                perturbation=None, entities={}, bindings={}, sparql="", gold_triples="", kg=kg,
                stratum={"country": "X", "income_tier": income, "density_tier": density}, snapshot="s")


# (template, income tier, density tier, answered right?)
PLAN = [
    ("A1", "HIC", "low", True), ("A1", "HIC", "low", True), ("A1", "HIC", "high", True), ("B1", "HIC", "high", False),
    ("A1", "LIC", "high", False), ("B1", "LIC", "high", True), ("B1", "LIC", "high", True),
    ("B1", "LIC", "high", False),
]


@pytest.fixture(scope="module")
def dataset():
    items = [make_item(i, t, inc, den) for i, (t, inc, den, _) in enumerate(PLAN)]
    items.append(make_item(99, "B1", "HIC", "low", false_premise=True))
    return items


def predictions(items, right: list[bool]) -> list[dict]:
    out = []
    for it, ok in zip(items, right):
        if it.false_premise:
            out.append({"id": it.id, "answer": None})
        else:
            out.append({"id": it.id, "answer": it.answer if ok else it.answer + 5, "unit": None})
    return out


PLANNED = [ok for *_, ok in PLAN] + [True]


def test_standardized_em_matches_hand_computation(dataset, tmp_path):
    summary = build_report([(dataset, predictions(dataset, PLANNED), {"model": "m", "condition": "T1", "seed": 0})],
                           tmp_path / "r")
    series = summary.data["series"][0]
    income = series["standardized"]["income_tier"]
    # benchmark-wide family mix over answerable items: A 4/8, B 4/8
    # HIC: A 3/3 right, B 0/1 -> crude 3/4, standardized 1 * 0.5 + 0 * 0.5 = 0.5
    # LIC: A 0/1, B 2/3 -> crude 2/4, standardized 0 * 0.5 + 2/3 * 0.5 = 1/3
    assert income["HIC"]["EM"]["mean"] == pytest.approx(0.75)
    assert income["HIC"]["EM_std"]["mean"] == pytest.approx(0.5)
    assert income["LIC"]["EM"]["mean"] == pytest.approx(0.5)
    assert income["LIC"]["EM_std"]["mean"] == pytest.approx(1 / 3)
    assert income["HIC"]["missing_families"] == [] and income["HIC"]["share_covered"] == pytest.approx(1.0)
    # the crude tier EM is the scorer's own group EM
    assert series["groups"]["income_tier"]["HIC"]["EM"]["mean"] == pytest.approx(0.75)
    # density "low" holds family A only: B is documented missing and A's share renormalized to 1
    low = series["standardized"]["density_tier"]["low"]
    assert low["missing_families"] == ["B"]
    assert low["share_covered"] == pytest.approx(0.5)
    assert low["EM_std"]["mean"] == pytest.approx(1.0)
    # the false-premise item counts for negative rejection, not for the family mix
    assert series["overall"]["NRR"]["mean"] == 1.0
    assert series["overall"]["n_answerable"] == 8


def test_seed_mean_and_std_over_two_runs(dataset, tmp_path):
    wrong_half = [ok if i % 2 == 0 else not ok for i, ok in enumerate(PLANNED[:-1])] + [True]
    runs = [
        (dataset, predictions(dataset, [True] * len(PLANNED)), {"model": "m", "condition": "T1", "seed": 0}),
        (dataset, predictions(dataset, wrong_half), {"model": "m", "condition": "T1", "seed": 1}),
        (dataset, predictions(dataset, PLANNED), {"model": "m", "condition": "T2", "seed": 0}),
    ]
    summary = build_report(runs, tmp_path / "r")
    by_series = {(s["model"], s["condition"]): s for s in summary.data["series"]}
    t1 = by_series[("m", "T1")]
    em1 = sum(wrong_half[:-1]) / 8
    assert t1["seeds"] == [0, 1]
    assert t1["overall"]["EM"]["mean"] == pytest.approx((1.0 + em1) / 2)
    assert t1["overall"]["EM"]["std"] == pytest.approx(math.sqrt(((1.0 - em1) ** 2) / 2))
    assert t1["overall"]["EM"]["n"] == 2
    assert by_series[("m", "T2")]["overall"]["EM"]["std"] is None
    assert seed_stats([0.25, 0.75]) == {"mean": 0.5, "std": pytest.approx(math.sqrt(0.125)), "n": 2}
    text = report_table(summary)
    assert "== condition" in text and "±" in text


def test_report_files_and_html_reference_every_png(dataset, tmp_path):
    out = tmp_path / "r"
    summary = build_report([(dataset, predictions(dataset, PLANNED), {"model": "m", "condition": "T1", "seed": 0})],
                           out)
    assert summary.json_path.is_file() and summary.html_path.is_file()
    data = json.loads(summary.json_path.read_text())
    assert data["kind"] == "kgbench-report"
    expected = {"family", "answer_format", "kg", "income_tier", "density_tier", "language", "condition"}
    assert set(summary.figures) == expected
    html = summary.html_path.read_text()
    for name, png in summary.figures.items():
        assert png.is_file() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'href="{png.name}"' in html, name
        assert data["figures"][name] == png.name
    assert len(re.findall(r'src="data:image/png;base64,', html)) == len(summary.figures)
    for name in expected:
        assert f'id="{name}"' in html


def test_runs_from_files_and_duplicate_seeds(dataset, tmp_path):
    write_jsonl(dataset, tmp_path / "items.jsonl")
    with open(tmp_path / "preds.jsonl", "w") as f:
        for p in predictions(dataset, PLANNED):
            f.write(json.dumps(p) + "\n")
    spec = {"dataset": "items.jsonl", "predictions": "preds.jsonl", "model": "m", "condition": "T1", "seed": 3}
    (tmp_path / "run.json").write_text(json.dumps(spec))
    run = load_run(tmp_path / "run.json")
    assert len(run.items) == 9 and run.meta["seed"] == 3
    summary = build_report([tmp_path / "run.json"], tmp_path / "r")
    assert summary.data["series"][0]["overall"]["EM"]["mean"] == pytest.approx(5 / 8)
    with pytest.raises(ValueError, match="same seed"):
        build_report([tmp_path / "run.json", tmp_path / "run.json"], tmp_path / "r2")
    runs = [spec, {"dataset": "items.jsonl", "baseline": "majority", "model": "majority", "condition": "T1",
                   "seed": 0}]
    (tmp_path / "runs.json").write_text(json.dumps(runs))
    summary = build_report([tmp_path / "runs.json"], tmp_path / "r3")
    assert sorted(s["model"] for s in summary.data["series"]) == ["m", "majority"]
    with pytest.raises(ValueError, match="lacks 'seed'"):
        load_run((dataset, [], {"model": "m", "condition": "T1"}))


def test_multiple_choice_runs_report_accuracy_chance_and_confusion(dataset, tmp_path):
    """Two seeds of a T1-mcq run: the letter accuracy (seed mean) beside the chance rate, the confusion counts
    summed over seeds, in report.json, the text tables and the HTML; a T1 run of the same report has none."""
    from kgbench.evaluation.prompts import render_dataset

    items = [it for it in dataset if not it.false_premise]
    rows = render_dataset(items, "T1-mcq", n_options=4, seed=0)
    runs, expected = [], []
    for seed, stride in ((0, 2), (1, 4)):  # right on every 2nd / 4th item, a wrong letter elsewhere
        preds = []
        for n, r in enumerate(rows):
            meta = r["metadata"]
            wrong = next(o["letter"] for o in meta["options"] if o["letter"] != meta["gold_option"])
            preds.append({"id": r["id"], "answer": meta["gold_option"] if n % stride == 0 else wrong, "unit": None,
                          "options": meta["options"], "gold_option": meta["gold_option"]})
        expected.append(sum(n % stride == 0 for n in range(len(rows))) / len(rows))
        runs.append((items, preds, {"model": "m", "condition": "T1-mcq", "seed": seed}))
    runs.append((dataset, predictions(dataset, PLANNED), {"model": "m", "condition": "T1", "seed": 0}))
    summary = build_report(runs, tmp_path / "r")
    by_series = {s["condition"]: s for s in summary.data["series"]}
    mc = by_series["T1-mcq"]["multiple_choice"]
    assert by_series["T1"]["multiple_choice"] is None
    assert mc["n"] == len(items)
    assert mc["accuracy"]["mean"] == pytest.approx(sum(expected) / 2) and mc["accuracy"]["n"] == 2
    assert mc["chance"]["mean"] == pytest.approx(sum(1 / len(r["metadata"]["options"]) for r in rows) / len(rows))
    assert sum(sum(row.values()) for row in mc["confusion"].values()) == 2 * len(items)
    assert sum(mc["confusion"][g].get(g, 0) for g in mc["confusion"]) == round(sum(expected) * len(items))
    assert json.loads(summary.json_path.read_text())["series"][0]["multiple_choice"] == mc
    text = report_table(summary)
    assert "== multiple choice" in text and "== confusion m / T1-mcq" in text and "chance" in text
    line = next(x for x in text.splitlines() if x.startswith("m ") and "T1-mcq" in x and "±" in x)
    assert f"{sum(expected) / 2:.3f}" in line
    html = summary.html_path.read_text()
    assert 'id="multiple-choice"' in html and "confusion m / T1-mcq" in html
