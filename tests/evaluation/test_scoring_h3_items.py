"""Scoring of generated H3 items (spec/scoring.md): a coarser parent never scores, a finer child of the gold does.

The parents and children are computed with the h3 library, not with kgbench's own cell code.
"""

import h3
import pytest

from kgbench import generate  # with the evaluation checks, as released
from kgbench.evaluation.scoring import score_item

H3_TEMPLATES = ("M2", "H1", "H2", "H3")

#: generating these templates' items takes 20-30 s: run by CI's slow step (the suite keeps under 15 minutes)
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def h3_items(kg):
    """Return every true-premise item of the H3-answer templates whose gold is (or holds) an H3 cell."""
    out = []
    for tid in H3_TEMPLATES:
        for it in generate(tid, kg, seed=0, per_stratum=3):
            if it.false_premise:
                continue
            if it.answer_format == "H3 / S2 cell index" and h3.is_valid_cell(str(it.answer)):
                out.append(it)
            elif it.answer_format == "Composite (H3 + S2)":
                out.append(it)
    return out


def _gold_cell(it) -> str:
    return it.answer["h3"] if isinstance(it.answer, dict) else it.answer


def _with_h3(it, cell):
    return {**it.answer, "h3": cell} if isinstance(it.answer, dict) else cell


def test_the_sample_has_h3_items_of_each_family(h3_items):
    templates = {it.template_id for it in h3_items}
    assert "M2" in templates and templates & {"H1", "H2"} and "H3" in templates
    assert len(h3_items) >= 20


def test_a_resolution_0_parent_scores_0_on_every_h3_item(h3_items):
    for it in h3_items:
        gold = _gold_cell(it)
        assert h3.get_resolution(gold) > 0, it.id
        parent = h3.cell_to_parent(gold, 0)
        E, _e, status = score_item(it.to_dict(), {"answer": _with_h3(it, parent), "unit": "h3"})
        assert status == "answered" and E == 0, (it.id, gold, parent)
        # the resolution just above the gold as well
        near = h3.cell_to_parent(gold, h3.get_resolution(gold) - 1)
        assert score_item(it.to_dict(), {"answer": _with_h3(it, near), "unit": "h3"}).E == 0, it.id


def test_a_finer_child_of_the_gold_scores_1(h3_items):
    for it in h3_items:
        gold = _gold_cell(it)
        child = h3.cell_to_center_child(gold, min(15, h3.get_resolution(gold) + 2))
        assert h3.cell_to_parent(child, h3.get_resolution(gold)) == gold
        assert score_item(it.to_dict(), {"answer": _with_h3(it, child), "unit": "h3"}).E == 1, it.id
        # a child of a neighbouring cell is not inside the gold
        neighbour = next(c for c in h3.grid_ring(gold, 1))
        other = h3.cell_to_center_child(neighbour, min(15, h3.get_resolution(gold) + 2))
        assert score_item(it.to_dict(), {"answer": _with_h3(it, other), "unit": "h3"}).E == 0, it.id
