"""Contract: every template generates on the bundled snapshot, and every item's answer follows from its gold triples.

For each template (parametrized, as shapely runs every predicate against every geometry type):
- items validate against their answer format; ids are unique; the recorded SPARQL has the bindings;
- the answer query, re-run on a store holding only the item's gold triples, gives the item's answer
  (the gold triples suffice: nothing else in the snapshot was needed);
- where a family module in this folder defines an independent recomputation (pyproj, shapely, h3, s2sphere
  over the gold triples), it agrees with the answer.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest

from kgbench.evaluation.formats import validate_gold
from kgbench.generator.generate import Rejected, assemble_answer
from kgbench.kg.store import KG
from kgbench.queries.template import load_template, template_ids

HERE = Path(__file__).parent


def _recomputations() -> dict:
    """Return template id -> function(item) -> answer, collected from tests/queries/recompute_*.py."""
    out = {}
    for mod in pkgutil.iter_modules([str(HERE)]):
        if mod.name.startswith("recompute_"):
            spec = importlib.util.spec_from_file_location(mod.name, HERE / f"{mod.name}.py")
            m = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(m)
            out.update(m.RECOMPUTE)
    return out


RECOMPUTE = _recomputations()


@pytest.fixture(scope="module")
def generated(made):
    made.prefetch(template_ids())  # every template, two at a time (tests/conftest.py)
    return made


def _unsatisfiable(tid: str) -> bool:
    return load_template(tid).unsatisfiable is not None


@pytest.mark.parametrize("tid", template_ids())
def test_template_generates_valid_items(generated, tid):
    items, report = generated(tid)
    if not items:
        assert _unsatisfiable(tid), f"{tid} generated nothing: {dict(report.discarded)}"
        return
    assert not report.warnings, report.warnings[:3]
    assert len({it.id for it in items}) == len(items)
    t = load_template(tid)
    for it in items:
        sub = t.sub_template(it.sub_template_id)
        assert (it.answer_format, it.unit) == (sub.answer_format, sub.unit)
        if not it.false_premise:
            validate_gold(it.answer_format, it.answer, it.unit, it.acceptable)
        assert it.gold_triples.strip(), f"{it.id} has no gold triples"
        assert "VALUES" in it.sparql and all(r in it.bindings for r in t.roles)


@pytest.mark.parametrize("tid", template_ids())
def test_answer_follows_from_gold_triples_alone(generated, tid):
    items, _ = generated(tid)
    t = load_template(tid)
    for it in [i for i in items if not i.false_premise][:8]:
        alone = KG.from_text(it.gold_triples, strict=True, entailment=False, rewrite=False)
        rows = list(alone.query(it.sparql))
        try:
            answer, _ = assemble_answer(t, rows, it.sub_template_id)
        except Rejected as exc:
            pytest.fail(f"{it.id}: on its gold triples alone the answer query gives {exc}")
        assert answer == it.answer, f"{it.id}: {answer!r} != {it.answer!r}"


@pytest.mark.parametrize("tid", sorted(RECOMPUTE))
def test_independent_recomputation_agrees(generated, tid):
    items, _ = generated(tid)
    for it in [i for i in items if not i.false_premise]:
        RECOMPUTE[tid](it)  # each function asserts agreement within its format's tolerance


@pytest.mark.parametrize("tid", [t for t in template_ids() if load_template(t).false_premise])
def test_false_premise_is_visible_in_gold_triples(generated, tid):
    """On a false-premise item's gold triples alone, the answer query yields no valid answer (so the oracle refuses)."""
    items, report = generated(tid)
    fps = [i for i in items if i.false_premise]
    assert fps or not items, f"{tid} defines a false premise but none was generated: {dict(report.discarded)}"
    t = load_template(tid)
    for it in fps:
        rows = list(KG.from_text(it.gold_triples, strict=True, entailment=False, rewrite=False).query(it.sparql))
        with pytest.raises(Rejected):
            assemble_answer(t, rows, it.sub_template_id)


@pytest.fixture(scope="module")
def kg_region_names(kg):
    from kgbench.generator.generate import region_names

    return region_names(kg)


@pytest.mark.parametrize("tid", template_ids())
def test_no_question_gives_its_answer_away(generated, kg_region_names, tid):
    """Rules 2 and 3 of issue 9 on every item: no coordinates, no answer or asked region inside a name, and a
    role placed within another (``named_within``) never repeats that region as its qualifier."""
    from kgbench.release.audit_checks import coordinate_texts, leaks

    t = load_template(tid)
    for it in generated(tid)[0]:
        assert not coordinate_texts(it), (it.id, it.question)
        assert not leaks(it, kg_region_names), (it.id, it.question, leaks(it, kg_region_names))
        for name, role in t.roles.items():
            outer = it.entities.get(role.named_within) if role.named_within else None
            if outer and name in it.entities:
                inner = str(it.entities[name].get("name", ""))
                assert not inner.endswith((f", {outer['name']}", f" ({outer['name']})")), (it.id, it.question)
