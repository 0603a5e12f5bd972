"""Evaluating a prediction file against a benchmark: the function behind ``kgbench evaluate``.

A dataset is a JSONL file of items (or a list of item dicts); predictions are a JSONL file of records
``{"id": item id, "answer": ..., "unit": ..., "raw": optional raw model text}`` (or a list of them). An item
without a prediction counts as no answer (status ``missing``: E = 0, e = 1, not covered, not a refusal).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

from kgbench.generator.formats import GoldAnswerError, get_format, validate_gold
from kgbench.generator.scoring import ItemScore, Metrics, aggregate, aggregate_by, score_item

__all__ = ["evaluate", "EvaluationResult", "read_jsonl", "DEFAULT_GROUPS"]

#: the groupings reported unless the caller picks others
DEFAULT_GROUPS: tuple[str, ...] = ("answer_format", "template_id")

_METRIC_COLUMNS = (
    ("n", "n"), ("EM", "em"), ("NE", "ne"), ("Cov", "coverage"), ("EM_cov", "em_covered"),
    ("FRR", "false_refusal_rate"), ("n_fp", "n_false_premise"), ("NRR", "negative_rejection_rate"),
)


def read_jsonl(source: str | os.PathLike | Iterable[dict]) -> list[dict]:
    """Return the objects of a JSONL file (blank lines skipped), or a list of given dicts as is.

    A line that is not a JSON object raises ``ValueError`` naming the file and line.

    >>> read_jsonl([{"id": "a"}])
    [{'id': 'a'}]
    """
    if not isinstance(source, (str, os.PathLike)):
        return list(source)
    records = []
    with open(source, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError as exc:
                raise ValueError(f"{source}:{number}: not JSON ({exc})") from None
            if not isinstance(record, dict):
                raise ValueError(f"{source}:{number}: not a JSON object")
            records.append(record)
    return records


def _fmt_cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


@dataclass
class EvaluationResult:
    """The outcome of :func:`evaluate`.

    ``overall`` holds the metrics of every item; ``groups`` maps each grouping key to its groups' metrics;
    ``items`` holds one :class:`~kgbench.generator.scoring.ItemScore` per item in dataset order;
    ``unmatched_predictions`` lists prediction ids that name no item (they are not scored).
    """

    overall: Metrics
    groups: dict[str, dict[str, Metrics]] = field(default_factory=dict)
    items: list[ItemScore] = field(default_factory=list)
    unmatched_predictions: list[Any] = field(default_factory=list)

    def to_dict(self, *, with_items: bool = True) -> dict:
        """Return the result as a JSON-ready dict (``overall``, ``groups``, ``items``, ``unmatched_predictions``)."""
        out: dict[str, Any] = {
            "overall": self.overall.to_dict(),
            "groups": {key: {label: m.to_dict() for label, m in groups.items()}
                       for key, groups in self.groups.items()},
            "unmatched_predictions": list(self.unmatched_predictions),
        }
        if with_items:
            out["items"] = [s.to_dict() for s in self.items]
        return out

    def to_json(self, *, with_items: bool = True, indent: int | None = 2) -> str:
        """Return the result as JSON text (see :meth:`to_dict`); keys keep a stable order."""
        return json.dumps(self.to_dict(with_items=with_items), indent=indent, ensure_ascii=False, default=str)

    def to_table(self) -> str:
        """Return the metrics as a plain-text table: the overall row, then one block per grouping.

        Columns: n, EM, NE, Cov (coverage), EM_cov (EM over covered), FRR (false-refusal rate), n_fp
        (false-premise items), NRR (negative-rejection rate); "-" marks a rate over no items.
        """
        rows: list[tuple[str, Metrics]] = [("overall", self.overall)]
        for key, groups in self.groups.items():
            rows.extend((f"{key}={label}", m) for label, m in groups.items())
        header = ["group", *(name for name, _ in _METRIC_COLUMNS)]
        body = [[label, *(_fmt_cell(getattr(m, attr)) for _, attr in _METRIC_COLUMNS)] for label, m in rows]
        widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]
        lines = []
        for n, row in enumerate([header, *body]):
            cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
            lines.append("  ".join(cells).rstrip())
            if n == 0:
                lines.append("  ".join("-" * w for w in widths))
        if self.unmatched_predictions:
            lines.append(f"{len(self.unmatched_predictions)} prediction(s) name no item and were ignored")
        return "\n".join(lines)


def evaluate(dataset_path_or_items: str | os.PathLike | Iterable[dict],
             predictions_path_or_list: str | os.PathLike | Iterable[dict],
             *, by: Sequence[str | Callable[[dict], Any]] = DEFAULT_GROUPS) -> EvaluationResult:
    """Return the :class:`EvaluationResult` of predictions scored against a dataset's items.

    Each item is scored by its ``answer_format`` (see :func:`kgbench.generator.scoring.score_item`);
    an item without a prediction counts as no answer. ``by`` names the groupings reported besides the
    overall metrics: item keys, dotted paths such as ``"stratum.income_tier"``, or callables.
    Raises ``ValueError`` for duplicate item or prediction ids, an unknown answer format or an invalid
    gold answer (naming the item).

    >>> items = [{"id": "a", "answer_format": "Count", "answer": 3},
    ...          {"id": "b", "answer_format": "Boolean / ternary", "answer": True}]
    >>> result = evaluate(items, [{"id": "a", "answer": "3"}])
    >>> result.overall.em, result.overall.coverage, [s.status for s in result.items]
    (0.5, 0.5, ['answered', 'missing'])
    """
    items = read_jsonl(dataset_path_or_items)
    predictions = read_jsonl(predictions_path_or_list)
    by_id: dict[Any, dict] = {}
    for record in predictions:
        if "id" not in record:
            raise ValueError(f"prediction without an id: {str(record)[:120]}")
        if record["id"] in by_id:
            raise ValueError(f"two predictions for item {record['id']!r}")
        by_id[record["id"]] = record
    seen: set = set()
    scores: list[ItemScore] = []
    for item in items:
        item_id = item.get("id")
        if item_id in seen:
            raise ValueError(f"two items with id {item_id!r}")
        seen.add(item_id)
        try:
            fmt = get_format(item.get("answer_format"))
        except KeyError as exc:
            raise ValueError(f"item {item_id!r}: {exc.args[0]}") from None
        gold = None
        if not item.get("false_premise"):
            try:
                gold = validate_gold(fmt, item.get("answer"), item.get("unit"), item.get("acceptable"))
            except GoldAnswerError as exc:
                raise ValueError(f"item {item_id!r}: {exc}") from None
        scores.append(score_item(item, by_id.get(item_id), gold=gold))
    unmatched = [pid for pid in by_id if pid not in seen]
    groups = {key if isinstance(key, str) else getattr(key, "__name__", repr(key)): aggregate_by(items, scores, key)
              for key in by}
    return EvaluationResult(aggregate(scores), groups, scores, unmatched)

