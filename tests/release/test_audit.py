"""Tests of the release audit (issue 9, rule 14) on a small real release and on crafted copies of its items.

Other work on the templates, names and sampling goes on in parallel, so these tests do not depend on today's
templates being clean: every detection is tested on a crafted copy of a real item (a coordinate in a name, an
answer in the question, a one-class sub-template, ...), and the clean case on templates that the audit of a
default release found clean (CLEAN).
"""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from kgbench.cli import main
from kgbench.release.audit import AuditRules, audit_items, audit_release
from kgbench.release.audit_checks import best_constant, has_coordinates
from kgbench.release.dataset import write_release

#: templates whose items broke no template-level rule in the audit of a default release of main (see the report)
CLEAN = ("K4",)
#: templates used for the crafted copies: distances (A1 is not clean today: GeoNames names carry coordinates
#: and some strata are NA), an entity answer, Booleans, a Count with false premises
OTHERS = ("A1", "F2", "C1", "B1")


@pytest.fixture(scope="module")
def items(made):
    return [it for tid in CLEAN + OTHERS for it in made(tid)[0]]  # seed 0, 2 per stratum (tests/conftest.py)


@pytest.fixture(scope="module")
def release(items, tmp_path_factory):
    out = tmp_path_factory.mktemp("audit") / "release"
    write_release(items, out, baselines=False)
    return out


@pytest.fixture(scope="module")
def report(release):
    return audit_release(release, prompts=True)


def _rules(report, template=None):
    return {(v.rule, v.template) for v in report.violations if template is None or v.template == template}


def _copy(it, n, **changes):
    return dataclasses.replace(it, id=f"{it.id}-copy{n}", **changes)


def test_clean_templates_break_no_template_rule(report, items):
    for tid in CLEAN:
        assert tid in report.templates
        # rule 8 (no NA income tier) is left to the sampling fix: today every template samples the NA cells
        broken = {r for r in _rules(report, tid) if r[0] != 8}
        assert not broken, [v for v in report.violations if v.template == tid]
        na = sum(1 for it in items if it.template_id == tid and it.stratum.get("income_tier") not in
                 ("LIC", "LMC", "UMC", "HIC"))
        assert report.templates[tid]["strata_outside_tiers"] == na
        t = report.templates[tid]
        assert t["coordinates"] == 0 and t["leaks"]["items"] == 0 and t["duplicates"] == 0
        assert t["prompts"]["over_budget"] == 0 and t["prompts"]["max_chars"] > 0
        assert t["items"] == sum(1 for it in items if it.template_id == tid)


def test_release_figures(report, items, release):
    o = report.overall
    assert o["items"] == len(items)
    small = (release / "small" / "items.jsonl").read_text().count("\n")
    assert o["small_items"] == small and o["small_ratio"] == pytest.approx(small / len(items))
    fp = sum(1 for it in items if it.false_premise)
    assert sum(v["count"] for v in o["false_premise_by_format"].values()) == fp
    top = max({it.stratum["country"] for it in items},
              key=lambda c: sum(1 for it in items if it.stratum["country"] == c))
    assert o["top_country"]["country"] == top
    assert o["top_country"]["share"] == pytest.approx(
        sum(1 for it in items if it.stratum["country"] == top) / len(items))


def test_coordinates_in_a_name_fail_rule_2(items):
    it = next(i for i in items if i.template_id == "A1" and not i.false_premise)
    role, entity = next(iter(it.entities.items()))
    named = f"{entity['name']} (Finland, 60.1699, 24.9384)"
    bad = _copy(it, 1, question=it.question.replace(entity["name"], named),
                entities={**it.entities, role: {**entity, "name": named}})
    same = [i for i in items if i.template_id == "A1"]
    before = audit_items(same, prompts=False).templates["A1"]["coordinates"]
    report = audit_items([*same, bad], prompts=False)
    assert (2, "A1") in _rules(report)
    assert report.templates["A1"]["coordinates"] == before + 1
    # on a template that is clean, the one crafted item is the only finding
    k4 = next(i for i in items if i.template_id == "K4")
    role, entity = next(iter(k4.entities.items()))
    crafted = _copy(k4, 11, entities={**k4.entities, role: {**entity, "name": entity["name"] + ", 60.1699, 24.9384"}})
    clean = [i for i in items if i.template_id == "K4"]
    assert (2, "K4") not in _rules(audit_items(clean, prompts=False))
    report = audit_items([*clean, crafted], prompts=False)
    assert (2, "K4") in _rules(report) and report.templates["K4"]["coordinate_examples"] == [crafted.id]


def test_coordinate_patterns():
    assert has_coordinates("Where is 60.1699, 24.9384?") and has_coordinates("a point at 24°E")
    assert has_coordinates("latitude 60.17") and has_coordinates("Kamppi", name=True) is False
    assert not has_coordinates("Is Espoo within 12.5 km of Vantaa?")
    assert not has_coordinates("How many ATMs lie within 0.25 km of Kamppi, 2 km apart?")


def test_answer_in_the_question_fails_rule_3(items):
    it = next(i for i in items if i.template_id == "F2" and not i.false_premise)
    clean = [i for i in items if i.template_id == it.template_id]
    base = audit_items(clean, prompts=False).templates[it.template_id]["leaks"]["items"]
    bad = _copy(it, 2, question=f"{it.question} (Hint: {it.answer}.)")
    after = audit_items([*clean, bad], prompts=False)
    assert after.templates[it.template_id]["leaks"]["items"] == base + 1
    assert (3, it.template_id) in _rules(after)


def test_region_name_inside_another_name_is_a_leak(items):
    it = next(i for i in items if i.template_id == "A1" and not i.false_premise)
    (ra, a), (rb, b) = list(it.entities.items())[:2]
    region = {**b, "name": "Uusimaa", "category": "region"}
    inside = {**a, "name": f"{a['name']}, Uusimaa"}
    bad = _copy(it, 3, entities={**it.entities, ra: inside, rb: region})
    assert audit_items([bad], prompts=False).templates["A1"]["leaks"]["kinds"] == {"region": 1}


def test_one_class_sub_template_fails_rule_5(items):
    booleans = [i for i in items if i.answer_format == "Boolean / ternary" and not i.false_premise]
    sub = booleans[0].sub_template_id
    same = [i for i in booleans if i.sub_template_id == sub]
    crafted = [_copy(same[k % len(same)], k, answer="true") for k in range(12)]
    report = audit_items(crafted, prompts=False)
    tid = crafted[0].template_id
    assert report.templates[tid]["class_balance"]["sub_templates"][sub] == \
        {"items": 12, "share": 1.0, "majority": "true"}
    assert (5, tid) in _rules(report)
    balanced = [_copy(c, 100 + k, answer=("true" if k % 2 else "false")) for k, c in enumerate(crafted)]
    assert report.rules.max_class_share >= 0.5
    assert audit_items(balanced, prompts=False).templates[tid]["class_balance"]["worst_share"] == 0.5


def _distance_em(constant_km: float, golds_km: list[float]) -> float:
    """Return the EM of one constant answer, computed from the spec's Distance tolerance written out here."""
    def tau(g):
        delta = 0.5 if g < 50 else 5.0 if g < 500 else 10.0
        return max(delta, 0.05 * g)
    return sum(1 for g in golds_km if abs(constant_km - g) < tau(g)) / len(golds_km)


def test_best_constant_matches_an_independent_count(items):
    a1 = [i for i in items if i.template_id == "A1" and not i.false_premise and i.unit == "km"]
    assert len(a1) >= 10
    golds = [float(i.answer) for i in a1]
    em, constant = best_constant(a1)
    assert em == pytest.approx(_distance_em(float(constant), golds))
    assert em >= max(_distance_em(g, golds) for g in golds)   # at least as good as any gold as a constant
    # a sub-template whose golds all lie close together: one constant answers all of them
    close = [_copy(it, k, answer=100.0 + 0.1 * k, unit="km", acceptable=[]) for k, it in enumerate(a1[:12])]
    report = audit_items(close, prompts=False)
    assert report.templates["A1"]["best_constant"]["worst_em"] == 1.0
    assert (5, "A1") in _rules(report)


def test_symmetric_duplicate_fails_rule_5(items):
    it = next(i for i in items if i.template_id == "A1" and not i.false_premise and len(i.entities) == 2)
    (ra, a), (rb, b) = it.entities.items()
    swapped = _copy(it, 4, entities={ra: b, rb: a}, bindings={**it.bindings, ra: b["iri"], rb: a["iri"]})
    report = audit_items([it, swapped], prompts=False)
    assert report.templates["A1"]["duplicates"] == 1
    assert (5, "A1") in _rules(report)


def test_country_pair_asked_by_two_templates_fails_rule_5(items):
    it = next(i for i in items if i.template_id == "A1" and not i.false_premise and len(i.entities) == 2)
    (ra, a), (rb, b) = it.entities.items()
    fin = {"iri": "https://w3id.org/kgbench/entity/naturalearth/FIN", "name": "Finland", "category": "country"}
    swe = {"iri": "https://w3id.org/kgbench/entity/naturalearth/SWE", "name": "Sweden", "category": "country"}
    one = _copy(it, 5, entities={ra: fin, rb: swe})
    other = _copy(it, 6, template_id="A9", sub_template_id="A9-1", entities={ra: swe, rb: fin})
    report = audit_items([one, other], prompts=False)
    assert report.overall["shared_country_pairs"]["count"] == 1
    assert any(v.rule == 5 and v.template == "A1,A9" for v in report.violations)


def test_empty_count_false_premise_fails_rule_6(items):
    it = next(i for i in items if i.answer_format == "Count" and not i.false_premise)
    empty = _copy(it, 7, false_premise=True, answer=None,
                  perturbation={"kind": "no entity of the type in the region", "description": "there is none"})
    fails = _copy(it, 8, false_premise=True, answer=None,
                  perturbation={"kind": "containment fails", "description": "the city lies in another region"})
    report = audit_items([it, empty, fails], prompts=False)
    assert report.templates[it.template_id]["empty_false_premises"] == 1
    assert (6, it.template_id) in _rules(report)
    fp = report.overall["false_premise_by_format"]["Count"]
    assert fp == {"count": 2, "share": 2 / 3, "items": 3}


def test_income_tier_outside_the_four_fails_rule_8(items):
    it = next(i for i in items if i.template_id == "A1")
    na = _copy(it, 9, stratum={**it.stratum, "income_tier": "NA"})
    report = audit_items([it, na], prompts=False)
    assert report.templates["A1"]["strata_outside_tiers"] == 1 and (8, "A1") in _rules(report)


def test_over_budget_prompts_fail_rule_10(items):
    k = [i for i in items if i.template_id == "K4"]
    tight = AuditRules(context_budget=200)  # no oracle prompt fits 800 characters
    report = audit_items(k, rules=tight)
    p = report.templates["K4"]["prompts"]
    assert p["over_budget"] == len(k) and (10, "K4") in _rules(report)
    assert (10, "K4") not in _rules(audit_items(k))


def test_small_split_ratio_rule_13(items):
    report = audit_items(items, items, prompts=False)
    assert report.overall["small_ratio"] == 1.0 and (13, None) in _rules(report)
    assert (13, None) not in _rules(audit_items(items, items[: len(items) // 10], prompts=False))


def test_thresholds_live_in_one_dataclass():
    rules = AuditRules()
    assert (rules.max_class_share, rules.max_constant_em, rules.max_country_share, rules.max_small_ratio) == \
        (0.65, 0.50, 0.05, 0.15)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.max_class_share = 0.9


def test_cli_exit_code_names_the_rule_and_json(release, items, tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["audit", str(release), "--no-prompts"])
    assert result.exit_code == (1 if audit_release(release, prompts=False).violations else 0)
    it = next(i for i in items if i.template_id == "A1" and not i.false_premise)
    role, entity = next(iter(it.entities.items()))
    bad = _copy(it, 10, entities={**it.entities, role: {**entity, "name": entity["name"] + " (60.1699, 24.9384)"}})
    path = tmp_path / "items.jsonl"
    path.write_text("".join(i.to_json() + "\n" for i in [i for i in items if i.template_id == "A1"] + [bad]))
    result = runner.invoke(main, ["audit", str(path), "--no-prompts"])
    assert result.exit_code == 1 and "rule 2" in result.output and "A1" in result.output
    result = runner.invoke(main, ["audit", str(path), "--no-prompts", "--json"])
    data = json.loads(result.output)
    assert result.exit_code == 1 and data["ok"] is False
    assert {"rule": 2, "template": "A1"}.items() <= next(v for v in data["violations"] if v["rule"] == 2).items()
    missing = runner.invoke(main, ["audit", str(tmp_path / "nope")])
    assert missing.exit_code != 0 and "Traceback" not in missing.output
