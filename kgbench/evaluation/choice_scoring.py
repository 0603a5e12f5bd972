"""Scoring multiple-choice answers: the chosen letter against the gold's, per-option confusion and the chance rate.

A multiple-choice prediction record carries the options of its prompt (``options``, ``gold_option``: the runner
copies them from the prompt's metadata). The gold letter is not taken on trust: :func:`gold_letter` finds it
again by scoring every option's answer against the item with the format's own scorer (the refusal option for a
false-premise item), and a record whose options do not fit its item is an error. A reply reads as a letter
(``"B"``, ``"b"``, ``"B."``, ``"(B)"``, ``"Option B"``, ``"B) 12 km"``).

Statuses match the other conditions': choosing the refusal option (or a null answer) is ``refused``, so the
negative-rejection rate counts the false-premise items answered with it and the false-refusal rate the
answerable ones; a reply that names no letter of the options is ``unparseable``. E = 1 when the letter is the
gold's. :class:`ChoiceMetrics` adds the accuracy over every item, the gold x predicted confusion counts and the
chance rate (the mean of 1 / number of letters over items: what a uniform guess scores).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kgbench.evaluation.choices import Choices
from kgbench.evaluation.scoring import ItemScore, _answer_and_unit, score_item

__all__ = ["read_letter", "gold_letter", "score_choice", "ChoiceScore", "ChoiceMetrics", "choice_metrics"]

_LETTER = re.compile(r"^\s*(?:option\s+|answer\s*:?\s*)?\(?([A-Ha-h])(?:[).:]|\s|$)", re.IGNORECASE)


def read_letter(answer: Any, letters: Iterable[str]) -> str | None:
    """Return the option letter an answer names (upper case), or None when it names none of ``letters``.

    >>> [read_letter(a, "ABCDE") for a in ("b", "(C)", "Option D", "E) none", "F", "maybe", 3)]
    ['B', 'C', 'D', 'E', None, None, None]
    """
    if not isinstance(answer, str):
        return None
    m = _LETTER.match(answer)
    letter = m.group(1).upper() if m else None
    return letter if letter in set(letters) else None


def gold_letter(item: Mapping, choices: Choices) -> str:
    """Return the gold letter of an item's options, found by scoring each option with the item's scorer.

    A false-premise item's gold is the refusal option. ValueError when no option, or more than one, scores
    right, or when the letter found is not the record's ``gold_option``.
    """
    if item.get("false_premise"):
        found = [choices.refusal_option]
    else:
        found = [o.letter for o in choices.options if not o.refusal
                 and score_item(item, {"answer": o.answer, "unit": o.unit}).E == 1]
    if len(found) != 1 or found[0] != choices.gold_option:
        raise ValueError(f"item {item.get('id')!r}: the options do not fit the item (right: {found or 'none'}, "
                         f"gold_option {choices.gold_option!r})")
    return found[0]


@dataclass(frozen=True)
class ChoiceScore:
    """One multiple-choice prediction scored: the item score, the gold and chosen letters (None: no letter) and
    how many letters the prompt had."""

    score: ItemScore
    gold: str
    chosen: str | None
    n_letters: int


def score_choice(item: Mapping, record: Mapping) -> ChoiceScore:
    """Return the :class:`ChoiceScore` of a prediction record carrying its prompt's ``options``.

    >>> from kgbench.evaluation.choices import Choices, Option
    >>> opts = Choices((Option("A", "3", 3), Option("B", "5", 5), Option("C", "none", None, refusal=True)), "A")
    >>> item = {"id": "q", "answer_format": "Count", "answer": 3}
    >>> s = score_choice(item, {"id": "q", "answer": "a", **opts.to_dict()})
    >>> s.score.E, s.chosen, score_choice(item, {"id": "q", "answer": "C", **opts.to_dict()}).score.status
    (1, 'A', 'refused')
    """
    choices = Choices.from_dict(record)
    gold = gold_letter(item, choices)
    status, answer, _, reason = _answer_and_unit(dict(record))
    fp = bool(item.get("false_premise"))
    chosen = None
    if status is None:
        chosen = read_letter(answer, choices.letters)
        status = ("refused" if chosen == choices.refusal_option else "answered") if chosen else "unparseable"
        reason = "" if chosen else f"{str(answer)[:40]!r} names none of the options {', '.join(choices.letters)}"
    elif status == "refused" and reason == "null answer":
        chosen = choices.refusal_option
    right = int(chosen == gold)
    note = reason or f"chose {chosen}, gold {gold}"
    return ChoiceScore(ItemScore(item.get("id"), right, 1.0 - right, status, fp, note=note), gold, chosen,
                       len(choices.options))


@dataclass(frozen=True)
class ChoiceMetrics:
    """Multiple-choice figures: ``accuracy`` (chosen == gold, over every item with a multiple-choice prediction
    or none at all), ``chance`` (mean of 1 / letters), ``n``, and ``confusion`` gold letter -> chosen letter
    (``"-"``: no letter) -> count."""

    n: int
    accuracy: float | None
    chance: float | None
    confusion: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        """Return the figures as a JSON-ready dict."""
        return {"n": self.n, "accuracy": self.accuracy, "chance": self.chance, "confusion": self.confusion}

    def to_table(self) -> str:
        """Return the figures as plain text: one line, then the confusion counts (rows gold, columns chosen)."""
        fmt = lambda x: "-" if x is None else f"{x:.3f}"  # noqa: E731
        lines = [f"multiple choice: accuracy {fmt(self.accuracy)} over {self.n} items (chance {fmt(self.chance)})"]
        chosen = sorted({c for row in self.confusion.values() for c in row}, key=lambda c: (c == "-", c))
        if chosen:
            lines.append("gold\\chosen  " + "  ".join(f"{c:>4}" for c in chosen))
            for g in sorted(self.confusion):
                lines.append(f"{g:<12}  " + "  ".join(f"{self.confusion[g].get(c, 0):>4}" for c in chosen))
        return "\n".join(lines)


def choice_metrics(scores: Iterable[ChoiceScore], missing: int = 0) -> ChoiceMetrics:
    """Return the :class:`ChoiceMetrics` of scored choices; ``missing`` items without a prediction count as wrong.

    >>> from kgbench.evaluation.scoring import ItemScore
    >>> m = choice_metrics([ChoiceScore(ItemScore("a", 1, 0.0, "answered"), "A", "A", 5),
    ...                     ChoiceScore(ItemScore("b", 0, 1.0, "answered"), "B", "A", 5)])
    >>> m.accuracy, m.chance, m.confusion
    (0.5, 0.2, {'A': {'A': 1}, 'B': {'A': 1}})
    """
    scores = list(scores)
    confusion: dict[str, dict[str, int]] = {}
    for s in scores:
        row = confusion.setdefault(s.gold, {})
        row[s.chosen or "-"] = row.get(s.chosen or "-", 0) + 1
    n = len(scores) + missing
    accuracy = sum(s.score.E for s in scores) / n if n else None
    chance = sum(1 / s.n_letters for s in scores) / len(scores) if scores else None
    return ChoiceMetrics(n, accuracy, chance, {g: confusion[g] for g in sorted(confusion)})
