"""The item-level checks of a release audit (:mod:`kgbench.release.audit`): each returns what it found.

Every function here looks at items only (no store, no template files): coordinates in questions and gold names,
answers readable from the question, class balance, the best constant answer under the real scorer, symmetric
duplicates, false premises whose natural answer is 0 or none, and H3 parents that would score.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

import h3
import numpy as np

from kgbench.evaluation.formats import (CellFormat, CompositeFormat, GoldAnswerError, NumberFormat, get_format,
                                        validate_gold)
from kgbench.generator.items import Item
from kgbench.generator.leaks import (  # noqa: F401 - re-exported: the audit's leak and coordinate checks
    REGION_CATEGORY, coordinate_texts, gold_names, has_coordinates, leaks,
)
from kgbench.evaluation.scoring import score_item

__all__ = ["has_coordinates", "coordinate_texts", "leaks", "majority_share", "best_constant", "duplicate_groups",
           "country_pairs", "empty_false_premise", "h3_parent_scores", "gold_names", "REGION_CATEGORY"]

_EMPTY_PERTURBATION = re.compile(r"\b(no|none|nothing|empty|fewer than|zero)\b", re.IGNORECASE)


def majority_share(items: Sequence[Item]) -> tuple[float, str]:
    """Return (share of the most frequent answer, that answer as text) over items (the majority class).

    >>> from kgbench.generator.items import Item
    >>> mk = lambda a: Item("x", "C1", 1, "C1-1", "v", "eng", "?", "Boolean / ternary", a, None, [], False, None,
    ...                     {}, {}, "", "", "osm", {}, "s")
    >>> majority_share([mk("true"), mk("false"), mk("true"), mk("true")])
    (0.75, 'true')
    """
    counts = Counter(str(it.answer) for it in items)
    answer, n = min(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return n / len(items), answer


#: how many of the most frequent gold answers are tried as constants (``limit`` for the formats not named)
_CONSTANTS_TRIED = {"Point coordinates": 30, "Polar (angle, distance)": 30, "Polygon / bounding box": 4}
#: the formats whose false premise may be "no members" (the natural answer 0 or none)
_MEMBER_FORMATS = ("Count", "Set enumeration")


def _numeric_candidates(golds: list[float], tolerance) -> list[float]:
    """Return the few constants that fall inside the most tolerance intervals (|c - g| < tau(g)), best first."""
    g = np.asarray(golds, dtype=float)
    tau = np.asarray([tolerance(x) for x in golds])
    ends = np.unique(np.concatenate([g - tau, g + tau]))
    points = np.concatenate([g, (ends[:-1] + ends[1:]) / 2]) if len(ends) > 1 else g
    hits = (np.abs(points[:, None] - g[None, :]) < tau[None, :]).sum(axis=1)
    order = np.lexsort((points, -hits))
    return [float(points[i]) for i in order[:3]]


def best_constant(items: Sequence[Item], *, limit: int = 8) -> tuple[float, Any]:
    """Return (EM, answer) of the best single constant answer over items of one sub-template, by the real scorer.

    Candidates: for Distance, Area, Count and Ratio the values that fall inside the most tolerance intervals (a
    sweep over the golds' intervals, so the optimum need not be a gold); for every format the most frequent gold
    answers. Each candidate is scored with :func:`~kgbench.evaluation.scoring.score_item` on every item.
    """
    items = [it for it in items if not it.false_premise]
    if not items:
        return 0.0, None
    fmt = get_format(items[0].answer_format)
    golds = []
    for it in items:
        try:
            golds.append(validate_gold(fmt.name, it.answer, it.unit, list(it.acceptable or [])))
        except GoldAnswerError:
            golds.append(None)
    candidates: list[tuple[Any, Any]] = []
    if isinstance(fmt, NumberFormat):
        values = [g.candidates[0] for g in golds if g is not None]
        candidates += [(c, fmt.canonical_unit) for c in _numeric_candidates(values, fmt.tolerance)]
    counts = Counter(repr(it.answer) for it in items)
    first = {}
    for it in items:
        first.setdefault(repr(it.answer), (it.answer, it.unit))
    spread = _CONSTANTS_TRIED.get(fmt.name, limit)
    candidates += [first[k] for k, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:spread]]
    records = [it.to_dict() for it in items]
    best: tuple[float, Any] = (-1.0, None)
    for answer, unit in candidates:
        hits = sum(score_item(r, {"answer": answer, "unit": unit}, gold=g).E
                   for r, g in zip(records, golds) if g is not None)
        em = hits / len(items)
        if em > best[0]:
            best = (em, answer)
    return best


def _entity_iris(item: Item) -> list[str]:
    """Return the item's role values: entity IRIs, and "category:<kind>" for a role that names a kind of place
    ("cafes" and "bars" near the same hotel are two questions, as the generator's symmetric key has them)."""
    out = []
    for _, e in sorted((item.entities or {}).items()):
        if isinstance(e, dict) and e.get("iri"):
            out.append(str(e["iri"]))
        elif isinstance(e, dict) and e.get("category") and "singular" in e:
            out.append(f"category:{e['category']}")
    return out


def duplicate_groups(items: Iterable[Item]) -> list[list[Item]]:
    """Return groups of true-premise items of one sub-template that ask about the same set of entities.

    A-B and B-A (the same entities in another order, or in the same order twice) fall into one group; only
    groups of two or more are returned, and only items with at least two entities.
    """
    groups: dict[tuple, list[Item]] = defaultdict(list)
    for it in items:
        iris = _entity_iris(it)
        if not it.false_premise and len(iris) >= 2:
            groups[(it.sub_template_id, frozenset(iris))].append(it)
    return [g for g in groups.values() if len(g) > 1]


def country_pairs(items: Iterable[Item]) -> dict[frozenset, set[str]]:
    """Return every unordered pair of countries asked together, with the templates that ask it (two or more only)."""
    pairs: dict[frozenset, set[str]] = defaultdict(set)
    for it in items:
        if it.false_premise:
            continue
        countries = sorted({str(e["iri"]) for e in (it.entities or {}).values()
                            if isinstance(e, dict) and e.get("iri")
                            and str(e.get("category", "")).lower() == "country"})
        for i, a in enumerate(countries):
            for b in countries[i + 1:]:
                pairs[frozenset((a, b))].add(it.template_id)
    return {p: t for p, t in pairs.items() if len(t) > 1}


def empty_false_premise(item: Item) -> bool:
    """Return True for a Count or Set false premise whose perturbation is "no members" (natural answer 0 or none).

    Rule 6 of issue 9: such a question is a true-premise item with gold 0 or the empty set, never a false premise.
    The perturbation's kind and description are read.
    """
    if not item.false_premise or get_format(item.answer_format).name not in _MEMBER_FORMATS:
        return False
    p = item.perturbation or {}
    text = " ".join(str(p.get(k, "")) for k in ("kind", "description")) if isinstance(p, dict) else str(p)
    return bool(_EMPTY_PERTURBATION.search(text))


def h3_parent_scores(item: Item) -> bool:
    """Return True when the resolution-0 parent of an H3 gold answer would score (a scoring loophole; rule 1)."""
    if item.false_premise:
        return False
    fmt = get_format(item.answer_format)
    composite = isinstance(fmt, CompositeFormat)
    gold = item.answer.get("h3") if composite and isinstance(item.answer, dict) else item.answer
    if not isinstance(fmt, (CellFormat, CompositeFormat)) or not isinstance(gold, str) or not h3.is_valid_cell(gold) \
            or h3.get_resolution(gold) == 0:
        return False
    parent = h3.cell_to_parent(gold, 0)
    answer = {**item.answer, "h3": parent} if composite else parent
    return score_item(item.to_dict(), {"answer": answer, "unit": "h3"}).E == 1
