"""Answer balance of generated items: no class and no constant answer dominates a sub-template.

The rule (issue 9, rule 5): in a Boolean / ternary sub-template with 10 or more items, no class holds more
than 65% of them; in every other sub-template with 10 or more items, the best constant answer scores at most
50% (for numeric formats a constant scores every gold it lies within the scoring tolerance of, so golds that
bunch together count as one class). Generation enforces it in two steps:

- while sampling, :class:`BalanceGuard` admits an item only while its class (or, for numeric formats, the
  best constant that would score it) stays under its share plus a small start-up slack, so the sampler keeps
  drawing tuples of the under-represented answers instead of filling a cell with the majority answer;
- at the end, :func:`balance_items` drops the most recently admitted items of the dominant class until the
  share holds exactly; a sub-template that cannot reach balance yields fewer items, never unbalanced ones.

False-premise items (answer None) are outside the rule: their expected response is a refusal.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable

import numpy as np

from kgbench.generator.tolerances import area_tolerance, count_tolerance, distance_tolerance, ratio_tolerance

__all__ = ["CLASS_SHARE", "CONSTANT_SHARE", "MIN_ITEMS", "share_limit", "answer_class", "best_constant",
           "BalanceGuard", "balance_items"]

#: largest share of one class in a Boolean / ternary sub-template
CLASS_SHARE = 0.65
#: largest share of golds that one constant answer scores, in every other sub-template
CONSTANT_SHARE = 0.50
#: the rule applies to sub-templates with at least this many items
MIN_ITEMS = 10
#: items a class may exceed its share by while a sub-template is still small (the first draws)
_SLACK = 2

_TOLERANCE: dict[str, Callable[[float], float]] = {
    "Distance": distance_tolerance, "Area": area_tolerance, "Count": count_tolerance,
    "Ratio (dimensionless)": ratio_tolerance,
}


def share_limit(answer_format: str) -> float:
    """Return the largest share one answer may have in a sub-template of this format.

    >>> share_limit("Boolean / ternary"), share_limit("Count")
    (0.65, 0.5)
    """
    return CLASS_SHARE if answer_format == "Boolean / ternary" else CONSTANT_SHARE


def answer_class(answer_format: str, answer) -> str | float:
    """Return the key a constant answer would have to equal to score: the value, or the number for numeric formats.

    Sets are keyed by their sorted members (the empty set is one class), structured answers by their JSON.

    >>> answer_class("Boolean / ternary", "true"), answer_class("Set enumeration", ["b", "a"])
    ('true', '["a", "b"]')
    >>> answer_class("Distance", 3)
    3.0
    """
    if answer_format in _TOLERANCE:
        return float(answer)
    if isinstance(answer, (list, tuple)):
        return json.dumps(sorted(map(str, answer)))
    if isinstance(answer, dict):
        return json.dumps(answer, sort_keys=True, default=str)
    return str(answer)


def best_constant(answer_format: str, answers: Iterable) -> tuple[int, object]:
    """Return (how many golds the best constant answer scores, that constant) over a sub-template's golds.

    For Distance, Area, Count and Ratio a constant c scores a gold g when |c - g| < tolerance(g) (the
    scoring contract); the constants tried are every gold and the two ends of its tolerance window, which
    is where the count of windows covering a point can change. For every other format a constant scores
    the golds equal to it. (0, None) for no gold.

    >>> best_constant("Boolean / ternary", ["true", "false", "true"])
    (2, 'true')
    >>> best_constant("Distance", [0.3, 0.5, 0.9, 40.0])[0]
    3
    """
    keys = [answer_class(answer_format, a) for a in answers]
    if not keys:
        return 0, None
    tol = _TOLERANCE.get(answer_format)
    if tol is None:
        key, n = Counter(keys).most_common(1)[0]
        return n, key
    golds = np.array(keys, dtype=float)
    taus = np.array([tol(g) for g in golds])
    shrink = 1 - 1e-9
    consts = np.concatenate([golds, golds - taus * shrink, golds + taus * shrink])
    covered = np.abs(consts[:, None] - golds[None, :]) < taus[None, :]
    counts = covered.sum(axis=1)
    i = int(np.argmax(counts))
    return int(counts[i]), float(consts[i])


class BalanceGuard:
    """Return admission decisions that keep each sub-template's answers balanced while items are drawn.

    >>> g = BalanceGuard()
    >>> [g.admit("s", "Boolean / ternary", "true") for _ in range(6)]
    [True, True, True, True, True, False]
    >>> g.admit("s", "Boolean / ternary", "false"), g.admit("s", "Boolean / ternary", "true")
    (True, True)
    """

    def __init__(self):
        self._answers: dict[str, list] = defaultdict(list)

    def admit(self, sub_id: str, answer_format: str, answer) -> bool:
        """Return whether an item with this answer may join its sub-template (and record it if so)."""
        have = self._answers[sub_id]
        n, _ = best_constant(answer_format, [*have, answer])
        if n > share_limit(answer_format) * (len(have) + 1) + _SLACK:
            return False
        have.append(answer)
        return True


def balance_items(items: list, dropped: Counter | None = None) -> list:
    """Return the items with, per sub-template of 10 or more true-premise items, the dominant answer trimmed.

    Items are kept in their order; the ones dropped are the last of the dominant class (or of the golds the
    best constant scores), one at a time, until the share of :func:`share_limit` holds. False-premise items
    are kept and not counted. ``dropped`` (if given) counts the drops per template id under "balance".

    >>> from types import SimpleNamespace as I
    >>> its = [I(template_id="T", sub_template_id="s", answer_format="Boolean / ternary", false_premise=False,
    ...          answer="true" if i % 5 else "false") for i in range(20)]
    >>> kept = balance_items(its)
    >>> len(kept), sum(it.answer == "true" for it in kept)
    (11, 7)
    """
    groups: dict[tuple, list[int]] = defaultdict(list)
    for i, it in enumerate(items):
        if not it.false_premise:
            groups[(it.template_id, it.sub_template_id)].append(i)
    drop: set[int] = set()
    for (tid, _), idx in groups.items():
        if len(idx) < MIN_ITEMS:
            continue
        fmt = items[idx[0]].answer_format
        limit = share_limit(fmt)
        keep = list(idx)
        while True:
            n, const = best_constant(fmt, [items[i].answer for i in keep])
            if n <= limit * len(keep):
                break
            victim = next(i for i in reversed(keep) if _scores(fmt, const, items[i].answer))
            keep.remove(victim)
            drop.add(victim)
            if dropped is not None:
                dropped[tid] += 1
    return [it for i, it in enumerate(items) if i not in drop]


def _scores(answer_format: str, constant, answer) -> bool:
    key = answer_class(answer_format, answer)
    tol = _TOLERANCE.get(answer_format)
    if tol is None:
        return key == constant
    return abs(constant - key) < tol(key)
