"""How a predicted value is compared with a gold value: the shapes of ``spec/scoring.md``'s comparisons.

Each answer format (:mod:`kgbench.evaluation.formats.registry`) compares with one of these: exact equality,
a tolerance band (``d < tau``), Jaccard over name keys, cell containment, angle-and-radius, IoU. A comparison
is a :class:`Comparison`: ``E`` (0/1), ``e`` in [0, 1], the distance ``d``, the tolerance ``tau`` and a note.
The tolerances themselves are the generator's (:mod:`kgbench.generator.tolerances`): generation balances
answers with the same bands.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import h3

from kgbench.evaluation.formats.coercers import _h3_index, _s2_tokens, _split_system
from kgbench.evaluation.formats.values import AnswerValueError, CompositeCell, DateValue, GridCell
from kgbench.generator.names import name_key
from kgbench.generator.tolerances import (ANGLE_TOLERANCE_DEG, DATE_TOLERANCE_DAYS, IOU_THRESHOLD,
                                          angle_difference, distance_tolerance, h3_matches, iou)

__all__ = ["Comparison", "CellReading", "exact", "banded", "read_cell", "compare_cell", "compare_set",
           "compare_composite", "compare_polar", "compare_polygon", "compare_date"]


class Comparison(NamedTuple):
    """One prediction against one gold value: ``E`` (0/1), ``e`` in [0, 1], distance ``d``, tolerance ``tau``
    (None for exact formats) and a ``note`` that explains."""

    E: int
    e: float
    d: float
    tau: float | None
    note: str = ""


def exact(equal: bool) -> Comparison:
    """Return the comparison of an exact format: right (E 1, e 0) or wrong (E 0, e 1).

    >>> tuple(exact(True)), tuple(exact(False))
    ((1, 0.0, 0.0, None, ''), (0, 1.0, 1.0, None, ''))
    """
    return Comparison(1, 0.0, 0.0, None) if equal else Comparison(0, 1.0, 1.0, None)


def banded(d: float, tau: float) -> Comparison:
    """Return the comparison of a distance ``d`` against a tolerance ``tau``: E = [d < tau], e = min(1, d / tau).

    >>> banded(1.0, 4.0).E, banded(1.0, 4.0).e, banded(5.0, 4.0).e
    (1, 0.25, 1.0)
    """
    return Comparison(int(d < tau), min(1.0, d / tau), d, tau)


class CellReading(NamedTuple):
    """Every reading of a predicted cell: declared system, H3 index (or None), S2 tokens."""

    system: str | None
    h3: str | None
    s2: frozenset


def read_cell(value: Any, unit: Any = None) -> CellReading:
    """Return every reading of a predicted cell (an H3 index and/or S2 tokens); raise AnswerValueError if none.

    >>> read_cell("8a1f05a4c6affff", "h3").h3
    '8a1f05a4c6affff'
    """
    system, value = _split_system(value, unit)
    index = _h3_index(value) if system in (None, "h3") else None
    tokens = frozenset(_s2_tokens(value)) if system in (None, "s2") else frozenset()
    if index is None and not tokens:
        raise AnswerValueError(f"{value!r} is not a valid H3 index or S2 cell")
    return CellReading(system, index, tokens)


def compare_cell(pred: CellReading, gold: GridCell) -> Comparison:
    """An S2 gold needs the same token; an H3 gold the gold cell or a descendant of it (noting resolutions)."""
    if gold.system == "s2":
        return exact(gold.cell in pred.s2)
    if pred.h3 is None:
        return exact(False)
    gold_res, pred_res = h3.get_resolution(gold.cell), h3.get_resolution(pred.h3)
    note = "" if pred_res == gold_res else f"resolution {pred_res} vs gold {gold_res}"
    return exact(h3_matches(pred.h3, gold.cell))._replace(note=note)


def compare_set(pred: tuple, gold: tuple, aliases: dict) -> Comparison:
    """Jaccard over name keys (a predicted alias counts as its gold member); E needs the same set.

    >>> compare_set(("Turku", "Oulu"), ("turku",), {}).note
    'Jaccard 0.5000'
    """
    p = {aliases.get(name_key(n), name_key(n)) for n in pred}
    g = {name_key(n) for n in gold}
    union = p | g
    jaccard = len(p & g) / len(union) if union else 1.0
    return Comparison(int(p == g), 1.0 - jaccard, 1.0 - jaccard, None, f"Jaccard {jaccard:.4f}")


def compare_composite(pred: CompositeCell, gold: CompositeCell) -> Comparison:
    """Half a point off for each of the two cells that does not match."""
    wrong = (not h3_matches(pred.h3, gold.h3)) + (pred.s2 != gold.s2)
    return Comparison(int(wrong == 0), wrong / 2.0, wrong / 2.0, None)


def compare_polar(pred, gold) -> Comparison:
    """d = max(angle error / 5 degrees, radial error / the distance tolerance); both must be within."""
    angle = angle_difference(pred.angle, gold.angle)
    radial = abs(pred.distance - gold.distance)
    tau_r = distance_tolerance(gold.distance)
    d = max(angle / ANGLE_TOLERANCE_DEG, radial / tau_r)
    right = angle < ANGLE_TOLERANCE_DEG and radial < tau_r
    return Comparison(int(right), min(1.0, d), d, 1.0,
                      f"angle error {angle:.4g} deg, radial error {radial:.4g} km")


def compare_polygon(pred, gold) -> Comparison:
    """d = 1 - IoU, right when the IoU reaches :data:`~kgbench.generator.tolerances.IOU_THRESHOLD`."""
    overlap = iou(pred, gold)
    return Comparison(int(overlap >= IOU_THRESHOLD), 1.0 - overlap, 1.0 - overlap, 1.0 - IOU_THRESHOLD,
                      f"IoU {overlap:.4f}")


def compare_date(pred: DateValue, gold: DateValue) -> Comparison:
    """Days apart against the tolerance of the gold's precision (a day, 15 days for a month, a year)."""
    return banded(float(abs((pred.day - gold.day).days)), float(DATE_TOLERANCE_DAYS[gold.precision]))
